/**
 * Decisions on small hand-written games: choices with fixed and probabilistic costs, public and
 * private announcements, wagers and matches (all-in with the excess returned), variable betting
 * and its fallback, simultaneous rounds, sealed-bid auctions (ties by a coin flip, no winner,
 * cancellation), side bets, and decisions in a private context.
 */
import { describe, expect, it } from 'vitest';
import type { Step } from '../../src/ir/schema.js';
import { CHANCE, IllegalActionError, TERMINAL } from '../../src/interpreter/index.js';
import { expectedReturns, treeStats, uniformPolicy } from '../../src/algorithms/index.js';
import { applyAll, kinds, menu, seatRef, shuffleAndDeal, texts, tinyGame } from './helpers.js';

const dealJQ: Step = { kind: 'deal', count: 1, from: { kind: 'deck' }, to: { kind: 'each' }, faceUp: false };
const score = (seat: 0 | 1, delta: number): Step => ({ kind: 'score', seat, delta });
const option = (name: string, steps: Step[] = [], cost = 0, costChance = 1) => ({ name, cost, costChance, steps });

describe('choice', () => {
  it('offers only the options whose certain cost the seat can afford; action ids index all options', () => {
    const game = tinyGame(
      [{ kind: 'choice', seat: 0, announce: 'public', options: [option('dear', [], 2), option('cheap', [], 1), option('risky', [], 5, 0.5)] }],
      { stacks: [1, 10] },
    );
    const s = game.newInitialState();
    expect(s.legalActions()).toEqual([1, 2]);
    expect(s.observation(0).decision?.menu).toEqual([
      { action: 1, label: 'cheap', cost: 1 },
      // due or not, a 5-chip cost cannot be paid from a stack of 1: risky moves nothing
      { action: 2, label: 'risky', cost: 0 },
    ]);
    expect(() => s.applyAction(0)).toThrow(IllegalActionError);
    s.applyAction(1);
    expect(s.chips()).toEqual({ stacks: [0, 10], pot: 1 });
    expect(texts(s, 1)).toContain('Alice chooses cheap.');
    expect(texts(s, 1)).toContain('Alice pays 1 chip to the pot for the chosen option.');
  });

  it('a choice none of whose options is affordable is skipped', () => {
    const s = tinyGame([{ kind: 'choice', seat: 0, announce: 'public', options: [option('dear', [], 2)] }], { stacks: [1, 10] }).newInitialState();
    expect(s.isTerminal()).toBe(true);
    expect(texts(s, 1)).toContain('Alice cannot afford any option: the choice is skipped.');
  });

  it("private: the opponent learns only that a choice was made; the chooser's key changes with its choice, the opponent's does not", () => {
    const game = tinyGame([
      { kind: 'choice', seat: 0, announce: 'private', options: [option('left'), option('right')] },
      { kind: 'choice', seat: 1, announce: 'public', options: [option('go')] },
    ]);
    const left = applyAll(game.newInitialState(), [0]);
    const right = applyAll(game.newInitialState(), [1]);
    expect(left.currentPlayer()).toBe(1);
    expect(left.informationStateKey(1)).toBe(right.informationStateKey(1));
    expect(left.informationStateKey(0)).not.toBe(right.informationStateKey(0));
    expect(texts(left, 1)).toContain('Alice makes a choice in secret.');
    expect(texts(left, 0)).toContain('Alice chooses left in secret.');
  });

  describe('a probabilistic cost (50% chance of 2 chips), resolved by a chance node after the choice', () => {
    const steps: Step[] = [{ kind: 'choice', seat: 0, announce: 'public', options: [option('gamble', [score(0, 1)], 2, 0.5), option('pass')] }];

    it('due and unaffordable: the option is skipped and nothing is paid', () => {
      const s = tinyGame(steps, { stacks: [1, 10] }).newInitialState();
      expect(s.legalActions()).toEqual([0, 1]);
      s.applyAction(0);
      expect(s.currentPlayer()).toBe(CHANCE);
      expect(s.chanceOutcomes()).toEqual([
        [0, 0.5],
        [1, 0.5],
      ]);
      expect(s.actionToString(CHANCE, 1)).toBe('cost due');
      s.applyAction(1);
      expect(s.scores()).toEqual([0, 0]);
      expect(s.chips()).toEqual({ stacks: [1, 10], pot: 0 });
      expect(texts(s, 1)).toContain("Alice's cost of 2 chips is due but Alice cannot pay it: the option does nothing.");
    });

    it('not due: the option runs free; due and affordable: paid to the pot first', () => {
      const free = applyAll(tinyGame(steps, { stacks: [1, 10] }).newInitialState(), [0, 0]);
      expect(free.scores()).toEqual([1, 0]);
      expect(free.chips().stacks).toEqual([1, 10]);
      const paid = applyAll(tinyGame(steps).newInitialState(), [0, 1]);
      expect(paid.scores()).toEqual([1, 0]);
      expect(
        paid.log
          .rows()
          .filter((r) => r[0] === 24)
          .map((r) => r.slice(1, 5)),
      ).toEqual([[0, 2, -1, 1]]);
      expect(texts(paid, 1)).toContain("Alice's cost of 2 chips is due.");
    });

    it('exact value: the cost is due with probability 1/2', () => {
      // Empty hands tie at the showdown, so a paid pot of 2 is split 1/1: gambling costs 1 chip when due.
      const always = expectedReturns(tinyGame(steps), (_s, _seat, legal) => legal.map((a) => (a === 0 ? 1 : 0)));
      expect(always).toEqual([-0.5, 0.5]);
      // The option hands the pot to Bob: 2 chips when the cost was due, 0 when not.
      const toBob: Step[] = [
        {
          kind: 'choice',
          seat: 0,
          announce: 'public',
          options: [option('gamble', [{ kind: 'pay', amount: 'all', from: { kind: 'pot' }, to: { kind: 'seat', seat: 1 } }], 2, 0.5)],
        },
      ];
      expect(expectedReturns(tinyGame(toBob), uniformPolicy)).toEqual([-1, 1]);
    });
  });
});

describe('wager and match', () => {
  const steps: Step[] = [
    { kind: 'wager', seat: 0, min: 1, max: 'stack' },
    { kind: 'match', seat: 1 },
    { kind: 'choice', seat: 1, announce: 'public', options: [option('go')] },
  ];

  it('a match short of the wager goes all-in and the excess returns to the bettor', () => {
    const s = tinyGame(steps, { stacks: [10, 3] }).newInitialState();
    expect(s.legalActions()).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(menu(s).slice(0, 2)).toEqual(['bet 1', 'bet 2']);
    s.applyAction(7);
    expect(s.chips()).toEqual({ stacks: [7, 0], pot: 6 });
    expect(texts(s, 0).slice(1, 4)).toEqual([
      'Alice wagers 7 chips.',
      'Bob matches the wager, putting 3 chips in the pot.',
      '4 chips that could not be matched go back to Alice.',
    ]);
  });

  it('a wager is capped by max and the stack; a match without a wager does nothing', () => {
    const s = tinyGame(
      [
        { kind: 'match', seat: 1 },
        { kind: 'wager', seat: 0, min: 2, max: 4 },
      ],
      { stacks: [3, 3] },
    ).newInitialState();
    expect(texts(s, 0)).toContain('There is no wager for Bob to match.');
    expect(s.legalActions()).toEqual([2, 3]);
  });
});

describe('variable betting', () => {
  const round: Step = { kind: 'varbet', firstSeat: 0, max: 'stack', fallbackBet: 1 };
  const game = (stacks: [number, number], max: number | 'stack' = 'stack') =>
    tinyGame([dealJQ, { kind: 'ante', amount: 1, payers: [0, 1] }, { ...round, max } as Step], { stacks });

  it('check or bet 1..min(max, stack); facing a bet fold or call; no raises', () => {
    const s = game([10, 10], 3).newInitialState();
    expect(s.legalActions()).toEqual([1, 2, 3, 4]);
    expect(menu(s)).toEqual(['check', 'bet 1', 'bet 2', 'bet 3']);
    s.applyAction(1);
    expect(s.legalActions()).toEqual([1, 2, 3, 4]);
    s.applyAction(4);
    expect(s.currentPlayer()).toBe(0);
    expect(menu(s)).toEqual(['fold', 'call']);
    s.applyAction(1);
    // Showdown: Bob's Q beats Alice's J, pot 1 + 1 + 3 + 3.
    expect(s.returns()).toEqual([-4, 4]);
  });

  it('a short call goes all-in and the excess returns to the bettor; a fold ends the game', () => {
    const s = applyAll(game([10, 4]).newInitialState(), [7, 1]);
    expect(s.isTerminal()).toBe(true);
    expect(texts(s, 1)).toContain('3 chips that could not be matched go back to Alice.');
    expect(s.returns()).toEqual([-4, 4]);
    const fold = applyAll(game([10, 4]).newInitialState(), [7, 0]);
    expect(fold.returns()).toEqual([1, -1]);
    expect(fold.reachedShowdown()).toBe(false);
  });

  it('is skipped when a seat has no chips (a seat with no chips behind has no betting decisions)', () => {
    const s = game([10, 1]).newInitialState();
    expect(s.isTerminal()).toBe(true);
    expect(texts(s, 1)).toContain('Bob has no chips left (all-in): no betting in this round.');
    expect(s.returns()).toEqual([-1, 1]);
  });

  it('tree of a variable round with stacks of 2: 6 deals × (check-check, check-bet-fold/call, bet-fold/call per amount)', () => {
    // Stacks 2, ante 1 each: each seat may bet 1. Sequences per deal: cc, c b1 f, c b1 c, b1 f, b1 c → 5 terminals.
    const stats = treeStats(tinyGame([...shuffleAndDeal(1), { kind: 'ante', amount: 1, payers: [0, 1] }, round], { stacks: [2, 2] }));
    expect(stats.terminalHistories).toBe(30);
    expect(stats.infoStates).toEqual([6, 6]);
  });
});

describe('simultaneous', () => {
  const steps: Step[] = [
    {
      kind: 'simultaneous',
      options: ['Rock', 'Paper'],
      outcomes: [
        { first: 'Rock', second: 'Paper', steps: [{ kind: 'pay', amount: 1, from: seatRef(0), to: seatRef(1) }] },
        { first: 'Paper', second: 'Rock', steps: [{ kind: 'pay', amount: 2, from: seatRef(1), to: seatRef(0) }] },
      ],
      otherwise: [score(0, 5)],
    },
  ];
  const game = tinyGame(steps);

  it("the second seat picks without seeing the first pick; then both are revealed and the pair's outcome runs", () => {
    const rock = applyAll(game.newInitialState(), [0]);
    const paper = applyAll(game.newInitialState(), [1]);
    expect(rock.currentPlayer()).toBe(1);
    expect(rock.informationStateKey(1)).toBe(paper.informationStateKey(1));
    expect(rock.observation(1)).toEqual(paper.observation(1));
    expect(rock.informationStateKey(0)).not.toBe(paper.informationStateKey(0));
    expect(texts(rock, 1)).toContain('Alice has picked in secret.');
    expect(rock.observation(1).decision?.prompt).not.toMatch(/Rock|Paper/);
    applyAll(paper, [0]);
    const t = texts(paper, 1);
    const i = t.indexOf('Bob picks Rock in secret.');
    expect(t.slice(i, i + 3)).toEqual(['Bob picks Rock in secret.', 'The picks are revealed: Alice Paper, Bob Rock.', 'Bob pays 2 chips to Alice.']);
    expect(paper.returns()).toEqual([2, -2]);
  });

  it('otherwise covers the pairs without an outcome; uniform play is worth +1/4 chip to Alice', () => {
    expect(applyAll(game.newInitialState(), [1, 1]).scores()).toEqual([5, 0]);
    expect(expectedReturns(game, uniformPolicy)).toEqual([0.25, -0.25]);
  });
});

describe('sealed-bid auction', () => {
  const auction = (payTo: 'pot' | 'opponent', min = 0): Step => ({
    kind: 'auction',
    min,
    max: 3,
    tie: 'coinflip',
    payTo,
    prize: [{ kind: 'deal', count: 1, from: { kind: 'deck' }, to: { kind: 'winner' }, faceUp: false }],
  });

  it('bids are clamped to the stack; equal nonzero bids are broken by a fair coin; the winner pays the pot and draws', () => {
    const game = tinyGame([auction('pot')], { stacks: [10, 2] });
    const s = game.newInitialState();
    expect(menu(s)).toEqual(['bid 0', 'bid 1', 'bid 2', 'bid 3']);
    s.applyAction(2);
    expect(texts(s, 1)).toContain('Alice has placed a sealed bid.');
    s.applyAction(3); // Bob's 3 counts as his stack of 2: a tie at 2.
    expect(s.currentPlayer()).toBe(CHANCE);
    expect(s.chanceOutcomes()).toEqual([
      [0, 0.5],
      [1, 0.5],
    ]);
    expect(s.actionToString(CHANCE, 1)).toBe('coin flip: Bob wins the auction');
    s.applyAction(1);
    expect(s.pileCards(2)).toEqual([0]); // the J of hearts, top of the unshuffled deck
    expect(texts(s, 0).slice(4, 8)).toEqual([
      'The bids tie: a coin flip gives the auction to Bob.',
      'Bob wins the auction at 2 chips.',
      'Bob pays the winning bid of 2 chips to the pot.',
      'Bob is dealt a card, face down.',
    ]);
    expect(texts(s, 1)).toContain('Bob is dealt J of hearts.');
  });

  it('a higher effective bid wins without a coin flip; both 0: nobody wins and nothing moves', () => {
    const game = tinyGame([auction('opponent')], { stacks: [10, 2] });
    const s = applyAll(game.newInitialState(), [3, 3]);
    expect(s.isTerminal()).toBe(true);
    expect(s.pileCards(1)).toEqual([0]);
    // Alice paid 3 to Bob; then her J beats Bob's empty hand over an empty pot.
    expect(s.returns()).toEqual([-3, 3]);
    const none = applyAll(game.newInitialState(), [0, 0]);
    expect(texts(none, 0)).toContain('Both bids are 0: nobody wins the auction.');
    expect(none.returns()).toEqual([0, 0]);
    expect(none.pileCards(0)).toHaveLength(3);
  });

  it('is cancelled without payment when the prize cannot be performed (an empty deck)', () => {
    const game = tinyGame([{ kind: 'deal', count: 3, from: { kind: 'deck' }, to: { kind: 'hand', seat: 0 }, faceUp: false }, auction('pot', 1)]);
    const s = applyAll(game.newInitialState(), [3, 1]);
    expect(texts(s, 1)).toContain('Alice wins the auction, but its prize cannot be given: the auction is cancelled and nothing is paid.');
    expect(s.returns()).toEqual([0, 0]);
  });

  it('exact value of uniform bids 0..3 when the winner pays the pot and draws the top card', () => {
    // With stacks 10 each and no ante, whoever pays the pot wins it back at the showdown unless
    // the other seat also has a card; here only the winner gets a card, so the winner's payment
    // returns to it: every history is worth 0.
    expect(expectedReturns(tinyGame([auction('pot')]), uniformPolicy)).toEqual([0, 0]);
    // Paying the opponent instead: the seats bid alike, so by symmetry neither gains on average.
    const [a, b] = expectedReturns(tinyGame([auction('opponent')]), uniformPolicy);
    expect(a).toBeCloseTo(0, 12);
    expect(b).toBeCloseTo(0, 12);
  });
});

describe('side bets', () => {
  const steps: Step[] = [
    dealJQ,
    { kind: 'ante', amount: 1, payers: [0, 1] },
    {
      kind: 'sidebet',
      seat: 0,
      amount: 2,
      cond: { kind: 'cmp', op: '>', left: { kind: 'highest', seat: seatRef(0) }, right: { kind: 'highest', seat: seatRef(1) } },
    },
    { kind: 'sidebet', seat: 1, amount: 3, cond: { kind: 'has', seat: seatRef(1), ranks: [1] } },
  ];

  it('accepted side bets are settled at the start of the showdown, in order', () => {
    const s = tinyGame(steps).newInitialState();
    expect(menu(s)).toEqual(['decline', 'accept']);
    applyAll(s, [1, 1]);
    expect(texts(s, 0).slice(-10, -5)).toEqual([
      'Showdown: the hands are revealed.',
      "Alice's side bet on \"Alice's highest card is more than Bob's highest card\": it does not hold.",
      'Alice pays Bob 2 chips for the side bet.',
      'Bob\'s side bet on "Bob holds a card of rank Q": it holds.',
      'Alice pays Bob 3 chips for the side bet.',
    ]);
    expect(s.returns()).toEqual([-6, 6]);
  });

  it('declined side bets are not settled, and neither are any when the game ends before the showdown', () => {
    expect(applyAll(tinyGame(steps).newInitialState(), [0, 1]).returns()).toEqual([-4, 4]);
    const ended = applyAll(tinyGame([...steps, { kind: 'end', winner: 0, reason: 'stop' }]).newInitialState(), [1, 1]);
    expect(ended.returns()).toEqual([1, -1]);
    expect(kinds(ended, 0)).not.toContain('settle');
  });

  it('a settlement is clamped to what the payer holds', () => {
    expect(applyAll(tinyGame(steps, { stacks: [3, 10] }).newInitialState(), [1, 1]).returns()).toEqual([-3, 3]);
  });
});

describe('decisions in a private context', () => {
  it("tell the deciding seat which decision it faces (an information state's legal actions never depend on what it cannot see)", () => {
    // Alice holds the Q; Bob's hidden card decides which choice she gets.
    const game = tinyGame([
      ...shuffleAndDeal(1),
      {
        kind: 'if',
        branches: [
          {
            cond: { kind: 'cmp', op: '>', left: { kind: 'highest', seat: seatRef(1) }, right: { kind: 'highest', seat: seatRef(0) } },
            check: 'private',
            steps: [{ kind: 'choice', seat: 0, announce: 'public', options: [option('x'), option('y')] }],
          },
        ],
        otherwise: [{ kind: 'choice', seat: 0, announce: 'public', options: [option('p'), option('q'), option('r')] }],
      },
    ]);
    const vsKing = applyAll(game.newInitialState(), ['Q of hearts', 'K of hearts']);
    const vsJack = applyAll(game.newInitialState(), ['Q of hearts', 'J of hearts']);
    expect(vsKing.legalActions()).toEqual([0, 1]);
    expect(vsJack.legalActions()).toEqual([0, 1, 2]);
    expect(vsKing.informationStateKey(0)).not.toBe(vsJack.informationStateKey(0));
    // The observations are the same (no card of Bob's is shown); the menus differ.
    expect(vsKing.observation(0).log).toEqual(vsJack.observation(0).log);
    expect(treeStats(game).infoStates[0]).toBe(4); // J: the first choice; Q: either choice; K: otherwise
  });

  it('a terminal state has no legal actions', () => {
    const s = tinyGame([]).newInitialState();
    expect(s.currentPlayer()).toBe(TERMINAL);
    expect(s.legalActions()).toEqual([]);
  });
});
