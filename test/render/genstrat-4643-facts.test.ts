/**
 * Acceptance test of issue 6 for rendering: the facts of the seed rulebook
 * (`shared/seeds/genstrat-sample-rulebook-seed4643.md`), written by hand as patterns, each
 * checked against the output of `gbgc render examples/genstrat-4643.gbg`. Every phase and
 * sub-phase, every option, every amount, every condition with its check, every visibility note
 * and every showdown rule of the seed is here; a pattern that names a section is checked inside
 * that section only (from its heading to the next heading).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../cli/run-cli.js';

let markdown = '';
/** Plain text of a part of the rulebook: Markdown emphasis and code marks removed, whitespace collapsed. */
const plain = (md: string) => md.replace(/[*`]/g, '').replace(/\\(.)/g, '$1').replace(/\s+/g, ' ');

/** The text of the section whose heading line ends with `title` (`Phase 3: Betting`, `Sub-phase: Card Auction`), up to the next heading. */
function section(title: string): string {
  const lines = markdown.split('\n');
  const start = lines.findIndex((l) => /^#{2,4} /.test(l) && plain(l).trim().replace(/^#+ /, '').startsWith(title));
  if (start < 0) throw new Error(`no section '${title}' in the rulebook`);
  let end = lines.findIndex((l, i) => i > start && /^#{2,4} /.test(l));
  if (end < 0) end = lines.length;
  return plain(lines.slice(start, end).join('\n'));
}
const count = (text: string, re: RegExp) => (text.match(new RegExp(re.source, 'g')) ?? []).length;
/** Escape a literal phrase for a pattern. */
const lit = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

beforeAll(async () => {
  const r = await runCli(['render', 'examples/genstrat-4643.gbg']);
  expect(r.code).toBe(0);
  expect(r.stderr).toBe('');
  markdown = r.stdout;
});

describe('seed 4643 rulebook: overview and general rules', () => {
  it('players, order, deck, chips and pot', () => {
    const o = section('Overview');
    expect(o).toMatch(/Players: Alice and Bob, two seats\./);
    expect(o).toMatch(/Seat order: seat 1 is Alice, seat 2 is Bob\./);
    expect(o).toMatch(
      /Deck: 3 cards: J of hearts, Q of hearts and K of hearts\. Ranks from lowest to highest: J \(value 11\), Q \(value 12\), K \(value 13\)\./,
    );
    expect(o).toMatch(
      /Starting stacks: 10 chips each\. Stacks are public\. Chips only move between the stacks and the pot, so stacks plus pot always total 20 chips\./,
    );
    expect(o).toMatch(/Pot: starts empty \(0 chips\)\./);
    expect(o).toMatch(/«bet round» starts at 0/);
  });
  it('information, empty deck, inferable draws, resolution order, clamping, hand sizes, randomness, game end', () => {
    const o = section('Overview');
    expect(o).toMatch(
      /both seats always know both stacks, the pot, how many cards are left in the deck and how many cards each hand holds, and the value of every counter/,
    );
    expect(o).toMatch(/Every action is announced to both seats unless the rules mark it private or secret/);
    expect(o).toMatch(
      /if the deck runs out, the deal stops, the missing cards are not dealt, and both seats are told so \(a public notice: the deck is empty\)\. A deal from an empty pile has no effect and play goes on; since pile sizes are public, both seats know how many cards each deal gave\./,
    );
    expect(o).toMatch(
      /played one after another, in the order written\. A step that cannot be carried out \([^)]*empty hand[^)]*\) is skipped, and the steps after it are still played\./,
    );
    expect(o).toMatch(/Payments are clamped: a seat asked to pay more than it has pays what it has/);
    expect(o).toMatch(/a seat that cannot match a bet in full goes all-in, and the unmatched part goes back to the bettor/);
    expect(o).toMatch(/Auction bids are clamped to the bidder's stack/);
    expect(o).toMatch(/a hand has no size limit; hands grow and shrink/);
    expect(o).toMatch(
      /a shuffle puts the cards in a uniformly random order\. A card picked at random is picked uniformly among the cards of the hand\. A coin flip gives each seat probability 1\/2\./,
    );
    expect(o).toMatch(/an empty hand counts as rank value 0/);
    expect(o).toMatch(/the game ends at once when a seat folds or an end step is reached: everything after it, the showdown included, is skipped/);
  });
});

describe('seed 4643 rulebook: visibility', () => {
  it('hands, actions, inferability and condition checks', () => {
    const v = section('Visibility');
    expect(v).toMatch(/Hands: the cards in a seat's hand are private: only that seat sees them/);
    expect(v).toMatch(/Actions: every [^.]*public choice[^.]*payment[^.]*wager and match is announced to both seats/);
    expect(v).toMatch(/A face-down deal tells the opponent that a card was dealt, never which one/);
    expect(v).toMatch(/A step marked private hides which branch ran, which option was chosen or which card was seen, not the public numbers it changes/);
    expect(v).toMatch(
      /when two private possibilities would change those numbers differently, the opponent can tell which one happened\. Privacy hides the identity of what happened, not that something happened/,
    );
    expect(v).toMatch(
      /a check marked public is announced to both seats when it is made, so both learn whether its condition held; a check marked private is announced to nobody/,
    );
  });
  it('secret simultaneous choices, sealed bids, the private peek and the occurrence-public peek', () => {
    const v = section('Visibility');
    expect(v).toMatch(
      /Simultaneous choices: each pick is secret: the second seat picks without knowing the first seat's pick, and neither seat sees the other's pick until both are locked in\. Then both picks are revealed to both seats\./,
    );
    expect(v).toMatch(/Sealed bids: each bid is secret until both bids are in; then both bids are revealed to both seats, before the winner is decided\./);
    expect(v).toMatch(/Secret peeks: a peek marked secret is fully private: only the peeking seat knows that the peek happened, and only it sees the card\./);
    expect(v).toMatch(
      /Announced peeks \(every peek not marked secret\): both seats are told that the peek happened \(the occurrence is public\), but only the peeking seat sees the card \(the content is private\)\./,
    );
  });
  it('lists every condition with its check', () => {
    const v = section('Visibility');
    for (const c of [
      'at least one seat has 2 or fewer chips (early exit of a repeat',
      'the pot holds more than 2 chips (public check)',
      "Alice's hand contains a K (the deck's top rank) (public check)",
      '«bet round» is greater than 0 (public check)',
      '«bet round» is equal to 0 (public check)',
      'Alice has chips remaining and Bob has chips remaining (public check)',
      'the deck has at least 2 cards (public check)',
      "Bob's highest-ranked card has a higher rank than Alice's highest-ranked card (private check)",
      'Bob holds at least one card of rank K or J (private check)',
      "Alice's highest-ranked card has a higher rank than Bob's highest-ranked card (private check)",
    ])
      expect(v).toContain(c);
  });
});

describe('seed 4643 rulebook: sequence of play and phases', () => {
  it('the sequence lists the four phases, then the showdown', () => {
    const s = section('Sequence of Play');
    expect(s).toMatch(
      /1\. Setup: shuffle the deck; deal 1 card face down to each seat\. 2\. Ante: Alice antes 2 chips; Bob antes 2 chips\. 3\. Betting: up to 2 rounds of: play the sub-phase Betting Round .*4\. Post Betting: .*5\. Showdown: if the game has not ended earlier/,
    );
  });
  it('Setup: shuffle, one private card each', () => {
    expect(section('Phase 1: Setup')).toMatch(
      /Shuffle the deck(?:(?! - ).)* - Deal 1 card face down from the deck to each seat \(Alice and Bob, in that order\)\. Each seat sees only its own card; the opponent sees only how many cards were dealt\./,
    );
  });
  it('Ante: 2 chips from each seat', () => {
    const a = section('Phase 2: Ante');
    expect(a).toMatch(/Alice antes 2 chips, moved from Alice's stack into the pot/);
    expect(a).toMatch(/Bob antes 2 chips, moved from Bob's stack into the pot/);
  });
  it('Betting: up to 2 rounds, the counter, the round cap 2 and the early exits', () => {
    const b = section('Phase 3: Betting');
    expect(b).toMatch(/Repeat, up to 2 rounds \(the round cap is 2\)\. The round counter «bet round» starts at 0 and rises by 1 after each round\./);
    expect(b).toMatch(
      /Before every round, the first one included, the repetition stops if «bet round» has reached 2, or if at least one seat has 2 or fewer chips; it also stops at once if the game ends during a round\./,
    );
    expect(b).toMatch(/Each round: - Play the sub-phase Betting Round/);
  });
  it('Post Betting: two events checked in order, not mutually exclusive', () => {
    const p = section('Phase 4: Post Betting');
    expect(p).toMatch(
      /Events, checked in order\. Each event below is checked at its own turn, after the steps of the events before it have been played, and every event whose condition holds at that moment happens\. The events are not mutually exclusive/,
    );
    expect(p).toMatch(
      /Event 1: if the pot holds more than 2 chips \(public check: both seats are told whether this holds\): - Play the sub-phase Post Betting Simultaneous/,
    );
    expect(p).toMatch(
      /Event 2: if Alice's hand contains a K \(the deck's top rank\) \(public check: both seats are told whether this holds\): - Play the sub-phase Card Auction/,
    );
  });
});

/** Every sub-phase of the seed, with its callers. */
const SUBPHASES: [string, string][] = [
  ['Betting Round', 'Betting'],
  ['Inter Round Draw', 'Betting Round'],
  ['Inter Round Simultaneous', 'Betting Round'],
  ['Variable Betting Round 1', 'Betting Round'],
  ['Bob Fold Or Call 1', 'Variable Betting Round 1'],
  ['Bob Bet Or Check 1', 'Variable Betting Round 1'],
  ['Alice Fold Or Call 1', 'Bob Bet Or Check 1'],
  ['Bob Fold Or Call Fallback 1', 'Betting Round'],
  ['Bob Bet Or Check Fallback 1', 'Betting Round'],
  ['Alice Fold Or Call Fallback 1', 'Bob Bet Or Check Fallback 1'],
  ['Bob Fold Or Call 2', 'Betting Round'],
  ['Bob Bet Or Check 2', 'Betting Round'],
  ['Alice Fold Or Call 2', 'Bob Bet Or Check 2'],
  ['Post Betting Simultaneous', 'Post Betting'],
  ['Card Auction', 'Post Betting'],
];

describe('seed 4643 rulebook: sub-phases', () => {
  it('each sub-phase has its section, says who calls it and where play returns, in order of first call', () => {
    const headings = markdown.split('\n').filter((l) => l.startsWith('#### Sub-phase: '));
    expect(headings.map((h) => plain(h).replace('#### Sub-phase: ', '').trim())).toEqual(SUBPHASES.map(([name, from]) => `${name} (called from ${from})`));
    for (const [name, from] of SUBPHASES)
      expect(section(`Sub-phase: ${name} `)).toMatch(new RegExp(`\\(Play returns to ${lit(from)}, right after the call, unless the game has ended\\.\\)`));
  });
  it('Betting Round: the two inter-round calls after round 1, the variable round 1 with its fixed fallback, the fixed round 2', () => {
    const s = section('Sub-phase: Betting Round ');
    expect(count(s, /If «bet round» is greater than 0 \(public check: both seats are told whether this holds\):/)).toBe(2);
    expect(s).toMatch(
      /If «bet round» is greater than 0 \(public check[^)]*\): - Play the sub-phase Inter Round Draw(?:(?! - ).)* - Otherwise: nothing happens\. - If «bet round» is greater than 0 \(public check[^)]*\): - Play the sub-phase Inter Round Simultaneous/,
    );
    expect(s).toMatch(
      /If «bet round» is equal to 0 \(public check[^)]*\): - If Alice has chips remaining and Bob has chips remaining \(public check[^)]*\): - Play the sub-phase Variable Betting Round 1/,
    );
    expect(s).toMatch(
      /- Otherwise: - Alice chooses one of bet or check\. The choice is announced to both seats\. - bet: - Alice pays 1 chip into the pot\. If Alice has fewer than 1 chip, only what Alice has is paid \(the payment is clamped\)\.(?:(?! - ).)* - Play the sub-phase Bob Fold Or Call Fallback 1(?:(?! - ).)* - check: - Play the sub-phase Bob Bet Or Check Fallback 1/,
    );
    expect(s).toMatch(
      /- bet: - Alice pays 1 chip into the pot\.(?:(?! - ).)* - Play the sub-phase Bob Fold Or Call 2(?:(?! - ).)* - check: - Play the sub-phase Bob Bet Or Check 2/,
    );
  });
  it('Inter Round Draw: a public check that the deck has at least 2 cards, one private card each', () => {
    expect(section('Sub-phase: Inter Round Draw')).toMatch(
      /If the deck has at least 2 cards \(public check: both seats are told whether this holds\): - Deal 1 card face down from the deck to each seat \(Alice and Bob, in that order\)\. Each seat sees only its own card(?:(?! - ).)* - Otherwise: nothing happens\./,
    );
  });
  it('Inter Round Simultaneous: Hold or Parry in secret, every outcome, the private checks and their inferability', () => {
    const s = section('Sub-phase: Inter Round Simultaneous');
    expect(s).toMatch(
      /Alice and Bob each choose one of Hold or Parry, in secret\. Alice picks first and Bob picks without knowing Alice's pick: neither seat sees the other's pick until both picks are locked in\. Then both picks are revealed to both seats/,
    );
    expect(s).toMatch(
      /Alice picks Hold, Bob picks Parry: - If Bob's highest-ranked card has a higher rank than Alice's highest-ranked card \(private check: neither seat is told the result\): - Alice pays 3 chips to Bob\. If Alice has fewer than 3 chips, only what Alice has is paid \(the payment is clamped\)\.(?:(?! - ).)* - Otherwise: - Bob pays 1 chip to Alice\. If Bob has fewer than 1 chip, only what Bob has is paid/,
    );
    expect(s).toMatch(/Alice picks Parry, Bob picks Hold: - Bob pays 1 chip to Alice\./);
    expect(s).toMatch(/Alice picks Parry, Bob picks Parry: nothing happens\./);
    expect(s).toMatch(
      /Alice picks Hold, Bob picks Hold: - If Bob holds at least one card of rank K or J \(private check: neither seat is told the result\): - Alice peeks at one card of Bob's hand, picked uniformly at random\. The card stays in Bob's hand\. The peek is secret \(fully private\): only Alice knows that it happened and sees the card\. If Bob's hand is empty, Alice is told that it is empty\. - Alice pays 1 chip to Bob\.(?:(?! - ).)* - Otherwise: - Alice peeks at one card of Bob's hand, picked uniformly at random\.(?:(?! - ).)* - Bob pays 1 chip to Alice\./,
    );
    expect(
      count(
        s,
        /Which branch ran after a private check is not announced, but the branches change the stacks and the pot differently, so a seat may be able to infer it from them\./,
      ),
    ).toBe(2);
    expect(s).not.toMatch(/Every other pair/);
  });
  it('the fold-or-call sub-phases: fold ends the game for the other seat, call pays 1 chip or matches the wager', () => {
    for (const [who, other, name] of [
      ['Bob', 'Alice', 'Bob Fold Or Call 1'],
      ['Alice', 'Bob', 'Alice Fold Or Call 1'],
      ['Bob', 'Alice', 'Bob Fold Or Call Fallback 1'],
      ['Alice', 'Bob', 'Alice Fold Or Call Fallback 1'],
      ['Bob', 'Alice', 'Bob Fold Or Call 2'],
      ['Alice', 'Bob', 'Alice Fold Or Call 2'],
    ]) {
      const s = section(`Sub-phase: ${name} `);
      expect(s).toMatch(
        new RegExp(
          `${who} chooses one of fold or call\\. The choice is announced to both seats\\. - fold: - The game ends here\\. ${other} takes the whole pot\\. Reason, announced to both seats: "${other} wins after ${who} folds"\\. Everything after this step, the showdown included, is skipped\\.`,
        ),
      );
      if (name.endsWith(' Call 1'))
        expect(s).toMatch(
          new RegExp(
            `- call: - ${who} matches the outstanding bet: ${who} puts the same number of chips into the pot\\. If ${who}'s stack is smaller, ${who} puts in the whole stack \\(all-in\\) and the part of the bet that is not matched goes back from the pot to the bettor\\.`,
          ),
        );
      else expect(s).toMatch(new RegExp(`- call: - ${who} pays 1 chip into the pot\\. If ${who} has fewer than 1 chip, only what ${who} has is paid`));
    }
  });
  it('the bet-or-check sub-phases: a 1-chip bet or a wager of 1 chip to the whole stack, then the answer', () => {
    for (const [round, answer] of [
      ['Fallback 1', 'Alice Fold Or Call Fallback 1'],
      ['2', 'Alice Fold Or Call 2'],
    ]) {
      expect(section(`Sub-phase: Bob Bet Or Check ${round} `)).toMatch(
        new RegExp(
          `Bob chooses one of bet or check\\. The choice is announced to both seats\\. - bet: - Bob pays 1 chip into the pot\\.(?:(?! - ).)* - Play the sub-phase ${answer}(?:(?! - ).)* - check: nothing happens\\.`,
        ),
      );
    }
    expect(section('Sub-phase: Bob Bet Or Check 1 ')).toMatch(
      /- bet: - Bob wagers a whole number of chips of Bob's choice, from 1 chip to Bob's whole stack, and puts it into the pot\. The amount is announced to both seats and becomes the outstanding bet(?:(?! - ).)* - Play the sub-phase Alice Fold Or Call 1(?:(?! - ).)* - check: nothing happens\./,
    );
    expect(section('Sub-phase: Variable Betting Round 1')).toMatch(
      /Alice chooses one of bet or check\. The choice is announced to both seats\. - bet: - Alice wagers a whole number of chips of Alice's choice, from 1 chip to Alice's whole stack(?:(?! - ).)* - Play the sub-phase Bob Fold Or Call 1(?:(?! - ).)* - check: - Play the sub-phase Bob Bet Or Check 1/,
    );
  });
  it('Post Betting Simultaneous: Press or Retreat, the occurrence-public peek, the private check, and the pairs that otherwise covers', () => {
    const s = section('Sub-phase: Post Betting Simultaneous');
    expect(s).toMatch(/each choose one of Press or Retreat, in secret/);
    expect(s).toMatch(
      /Alice picks Press, Bob picks Retreat: - Bob peeks at one card of Alice's hand, picked uniformly at random\. The card stays in Alice's hand\. Both seats are told that the peek happened \(the occurrence is public\); only Bob sees which card it is \(the content is private\)\. If Alice's hand is empty, Bob is told that it is empty\./,
    );
    expect(s).toMatch(
      /Alice picks Retreat, Bob picks Press: - If Alice's highest-ranked card has a higher rank than Bob's highest-ranked card \(private check: neither seat is told the result\): - Bob pays 2 chips to Alice\. If Bob has fewer than 2 chips, only what Bob has is paid(?:(?! - ).)* - Otherwise: - Alice pays 1 chip to Bob\./,
    );
    expect(s).toMatch(/may be able to infer it from them/);
    expect(s).toMatch(
      /Every other pair \(Press\/Press and Retreat\/Retreat; Alice's pick first\): - Deal 1 card face down from the deck to Bob's hand\. Only Bob sees the card; the opponent sees only how many cards were dealt\./,
    );
  });
  it('Card Auction: bids 0 to 3, clamping, both zero, coin flip, payment, prize and cancellation', () => {
    const s = section('Sub-phase: Card Auction');
    expect(s).toMatch(
      /Sealed-bid auction\. Alice and Bob each bid a whole number of chips from 0 to 3, in secret: Bob bids without knowing Alice's bid, and both bids are revealed to both seats once both are in\./,
    );
    expect(s).toMatch(
      /A bid larger than the bidder's stack is clamped down to the stack: this effective bid is what counts, and a seat never pays more than it holds\./,
    );
    expect(s).toMatch(/If both effective bids are 0, nobody wins and no chips move\./);
    expect(s).toMatch(/Otherwise the higher effective bid wins; equal nonzero bids are decided by a coin flip \(each seat wins with probability 1\/2\)\./);
    expect(s).toMatch(
      /If the deck holds fewer than 1 card when the winner is known, the prize cannot be given: the auction is cancelled, the winner pays nothing and no chips move\./,
    );
    expect(s).toMatch(
      /The winner pays its effective bid into the pot; the other seat pays nothing\. Then the winner receives the prize: - Deal 1 card face down from the deck to the winner's hand\. Only the winner sees the card/,
    );
  });
  it('options: bet, check, fold, call, Hold, Parry, Press and Retreat each appear as the options they are', () => {
    const all = plain(markdown);
    expect(count(all, /chooses one of bet or check\./)).toBe(6);
    expect(count(all, /chooses one of fold or call\./)).toBe(6);
    expect(count(all, /each choose one of Hold or Parry, in secret/)).toBe(1);
    expect(count(all, /each choose one of Press or Retreat, in secret/)).toBe(1);
    expect(count(all, /The choice is announced to both seats\./)).toBe(12);
  });
});

describe('seed 4643 rulebook: showdown', () => {
  it('highest first, next-highest on ties, running out, empty hand, split, odd chip', () => {
    const s = section('Showdown');
    expect(s).toMatch(/If the game has not ended earlier \(by a fold or an end step\), the showdown follows the last phase \(Post Betting\)\./);
    expect(s).toMatch(
      /Both hands are turned face up; both seats see them\. Each hand is taken as it is when the showdown begins, including every card drawn, swapped or stolen earlier\./,
    );
    expect(s).toMatch(
      /compare the two hands card by card, starting with the highest cards: the first pair of cards of different rank decides, and the higher rank wins/,
    );
    expect(s).toMatch(/the two highest cards are compared first; if their ranks are equal, the next-highest cards are compared, and so on/);
    expect(s).toMatch(
      /When one hand runs out of cards while every compared pair was equal, the hand that still has a card wins that step and the game; when both run out together, the hands tie and the pot is split/,
    );
    expect(s).toMatch(/An empty hand loses to any hand that has a card; two empty hands tie/);
    expect(s).toMatch(/Rank values: J = 11, Q = 12, K = 13/);
    expect(s).toMatch(/Winner: the seat with the better hand takes the whole pot\./);
    expect(s).toMatch(
      /Ties: when neither hand is better, the pot is split: each seat receives half of it, rounded down\. If the pot holds an odd number of chips, the chip left over goes to one of the two seats chosen at random, each with probability 1\/2\./,
    );
  });
});
