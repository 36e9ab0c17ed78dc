import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compileSource } from '../../src/compiler/index.js';
import type { GameIR } from '../../src/ir/schema.js';
import { loadGame } from '../../src/cli/load.js';
import { renderDefects } from '../../src/render/defects.js';
import { checkRulebookFacts, normalizeRulebook } from '../../src/render/facts.js';
import { renderRulebook } from '../../src/render/rulebook.js';
import { deckDrawBound, handsFixed, payoutBound, subphaseLayout } from '../../src/render/view/analysis.js';
import { publicTrace } from '../../src/ir/facts.js';
import { KUHN_IR, LEDUC_IR } from '../fixtures/ir.js';

const source = readFileSync(new URL('./fixtures/every-construct.gbg', import.meta.url), 'utf8');
const compiled = compileSource(source);
if (!compiled.ir) throw new Error(`the fixture does not compile: ${JSON.stringify(compiled.diagnostics)}`);
const EVERY: GameIR = compiled.ir;
const md = renderRulebook(EVERY);
const text = normalizeRulebook(md);

describe('a game with every construct', () => {
  it('states every fact, in both formats, without defects', () => {
    for (const format of ['md', 'txt'] as const) {
      const out = renderRulebook(EVERY, format);
      expect(checkRulebookFacts(EVERY, out, format)).toEqual({ missing: [], sectionErrors: [] });
      expect(renderDefects(out)).toEqual([]);
    }
  });
  it('overview: counters, positions, scores and the general rules the game needs', () => {
    expect(text).toContain('Starting stacks: North 15 chips, South 12 chips.');
    expect(text).toContain('Counters: «extra» starts at 2; «turn» starts at 0 (a round counter: its repeat sets it to 0 when it begins).');
    expect(text).toContain('Positions: Dealer (public: both seats are told who holds it); Spy (hidden: each seat is told only whether it holds it itself).');
    expect(text).toContain(
      "Scores: each seat has a score that starts at 0; score steps change it, and both seats see every change. The showdown adds each seat's score to its hand total.",
    );
    expect(text).toContain("Side-bet payments are clamped to the payer's stack.");
    expect(text).toContain('This game deals at most 6 of the 10 cards, so the deck never runs out.');
    expect(text).not.toContain('no seat ever runs short');
  });
  it('choices: every option with its fixed or chance cost, and the private announcement', () => {
    expect(text).toContain(
      'North chooses one of look, show, grab or trade. The choice is private: South is told only that North made a choice, not which option (a cost that is paid still shows in the stacks).',
    );
    expect(text).toContain("- look (25% chance of costing 2 chips): - North peeks at one card of South's hand, chosen by North by its place in South's hand");
    expect(text).toContain(
      "- grab (costs 1 chip): - North steals one card of South's hand, picked uniformly at random: it moves to North's hand. North sees the card, and South is told which card it lost. Both seats are told that a steal happened.",
    );
    expect(text).toContain("- trade: - Swap: one card of North's hand and one card of South's hand, each picked uniformly at random, change places.");
    expect(text).toContain('The swap is private: nothing is announced, though each seat sees the change in its own hand.');
    expect(text).toContain("- show: - One card of North's hand is shown, picked uniformly at random: both seats see it, and it stays in the hand.");
  });
  it('wagers, matches, discards, scores and counters', () => {
    expect(text).toContain(
      "South wagers a whole number of chips of South's choice, from 2 chips to 5 chips (never more than South's stack), and puts it into the pot.",
    );
    expect(text).toContain('North matches the outstanding bet: North puts the same number of chips into the pot.');
    expect(text).toContain(
      'South discards 1 card, chosen by South, onto the deck. It goes face down: only South sees which card it is; the opponent sees how many.',
    );
    expect(text).toContain('North discards 2 cards, picked uniformly at random, out of the game. The discarded cards are shown face up to both seats.');
    expect(text).toContain("South's score goes up by 3 points; the showdown adds each seat's score to its hand total.");
    expect(text).toContain('«extra» is set to «extra» minus 1, as it is at this moment.');
  });
  it('a check with a public and a private branch says what the private branches give away', () => {
    expect(text).toContain("If South holds the position Dealer (public check: both seats are told whether this holds): - South's score goes up by 3 points");
    expect(text).toContain(
      "- Otherwise, if North's hand holds a pair (at least two cards of the same rank) (private check: neither seat is told the result): - North's score goes down by 2 points",
    );
    expect(text).toContain('but the branches change the counters and the scores differently, so a seat may be able to infer it from them.');
  });
  it('private events say whether their happening shows', () => {
    expect(text).toContain(
      'Event 1: if the muck has exactly 1 card (private check: neither seat is told the result): - South takes 1 chip from the pot, or the whole pot if it holds less.',
    );
    expect(text).toContain('Whether this event happened is not announced, but its steps change the stacks and the pot, so a seat may be able to infer it.');
    expect(text).toContain('Whether this event happened is not announced, but its steps change the scores, so a seat may be able to infer it.');
  });
  it('a repeat without an early exit, with a side bet inside', () => {
    expect(text).toContain(
      'Before every round, the first one included, the repetition stops if «turn» has reached 3; it also stops at once if the game ends during a round. Each round: - Side bet offered to North',
    );
    expect(text).toContain('if the condition holds then, South pays North 2 chips; otherwise North pays South 2 chips');
  });
  it('an auction paying the opponent, with a prize that cannot fail, names the winner in its steps', () => {
    expect(text).toContain(
      'The winner pays its effective bid to the other seat; the other seat pays nothing. Then the winner receives the prize: - The winner pays 1 chip into the pot.',
    );
    expect(text).toContain("- The winner peeks at one card of North's hand, picked uniformly at random.");
    expect(text).toContain("- The winner steals one card of North's hand");
    expect(text).not.toContain('the auction is cancelled');
  });
  it('ends, payments of a whole stack, a private check that nothing public can give away', () => {
    expect(text).toContain(
      'If the pot holds at least 30 chips (public check: both seats are told whether this holds): - The game ends here. North takes the whole pot. Reason, announced to both seats: "the pot grew too large".',
    );
    expect(text).toContain(
      'If this never holds (private check: neither seat is told the result): - North pays its whole stack to South. Both seats see the payment.',
    );
    expect(text).toContain('There is no winner: the pot is split as at a tied showdown');
  });
  it('sub-phases go under the phase that first calls them, with all their callers', () => {
    expect(md.indexOf('#### Sub-phase: Penalty')).toBeGreaterThan(md.indexOf('### Phase 3: Market'));
    expect(md.indexOf('#### Sub-phase: Penalty')).toBeLessThan(md.indexOf('### Phase 4: Duel'));
    expect(text).toContain('Sub-phase: Penalty (called from Market and Face Off)');
    expect(text).toContain('(Play returns to whichever of Market or Face Off called it, right after the call, unless the game has ended.)');
    expect(text).toContain('Sub-phase: Face Off (called from Duel)');
  });
  it('a simultaneous round whose outcomes cover every pair has no "every other pair"', () => {
    expect(text).toContain("North picks Rock, South picks Rock: - North shows the whole hand: every card in North's hand is shown to both seats");
    expect(text).toContain('North picks Paper, South picks Rock: nothing happens.');
    expect(text).not.toContain('Every other pair');
  });
  it('the sum-of-ranks showdown lists its scoring rules and settles side bets first', () => {
    expect(text).toContain('Side bets first: every side bet that was accepted is settled now, in the order they were accepted');
    expect(text).toContain(
      "Comparison (sum of ranks): each hand gets a total: the sum of the rank values of its cards, plus the bonuses and minus the penalties below, plus the seat's score.",
    );
    expect(text).toContain('Bonus: plus 5 points if the hand holds a pair of A (two or more cards of rank A; counted once).');
    expect(text).toContain('Penalty: minus 1 point for each card of rank 9 in the hand.');
  });
  it('a sub-phase nothing calls is described after the phases and says it is never played', () => {
    const ir = structuredClone(EVERY);
    ir.subphases.push({ name: 'Unused', steps: [] });
    const out = renderRulebook(ir);
    expect(out.indexOf('#### Sub-phase: Unused')).toBeGreaterThan(out.indexOf('#### Sub-phase: Face Off'));
    expect(out).toContain('*(No step calls this sub-phase, so it is never played.)*');
    expect(checkRulebookFacts(ir, out).missing).toEqual([]);
  });
  it('the facts check reports a missing condition, option or visibility note', () => {
    const cut = md
      .replace('North chooses** one of **look**', 'North chooses** one of **peer**')
      .replace('(private check: neither seat is told the result)*:\n    - **South takes', '(public check)*:\n    - **South takes');
    const missing = checkRulebookFacts(EVERY, cut).missing.map((f) => f.topic);
    expect(missing).toEqual(['phase 2 (Moves), choice: options', 'phase 2 (Moves), event 1: condition and check']);
  });
});

describe('whole-game analysis', () => {
  const seed = loadGame('examples/genstrat-4643.gbg').ir;
  it('bounds the cards dealt from the deck over every path', () => {
    expect(deckDrawBound(KUHN_IR)).toBe(2);
    expect(deckDrawBound(LEDUC_IR)).toBe(3);
    // setup 2 + two loop rounds of a 2-card draw + the otherwise draw 1 + the auction prize 1
    expect(deckDrawBound(seed)).toBe(8);
    // two cards each, one to the board and one to the muck; choice costs are chips, not cards
    expect(deckDrawBound(EVERY)).toBe(6);
  });
  it('bounds the chips a seat can pay out', () => {
    expect(payoutBound(KUHN_IR)).toEqual([2, 2]);
    expect(payoutBound(LEDUC_IR)).toEqual([13, 13]);
    expect(payoutBound(seed)).toEqual([Infinity, Infinity]);
    // South: ante 1, wager 5, three side bets of 2, bid 2 and the prize's payment 1, variable bets up
    // to 4, the called penalty's 0, then 2 in the fixed round; North can be asked for its whole stack
    expect(payoutBound(EVERY)).toEqual([Infinity, 21]);
  });
  it('says whether the hands at the showdown are fixed', () => {
    expect(handsFixed(KUHN_IR)).toBe(true);
    expect(handsFixed(seed)).toBe(false);
    expect(handsFixed(loadGame('examples/genstrat-4643-v1.gbg').ir)).toBe(true);
  });
  it('lays out the sub-phases depth first under the phase that reaches them first', () => {
    const layout = subphaseLayout(seed);
    expect(layout.under[2]).toEqual([
      'BettingRound',
      'InterRoundDraw',
      'InterRoundSimultaneous',
      'VariableBettingRound1',
      'BobFoldOrCall1',
      'BobBetOrCheck1',
      'AliceFoldOrCall1',
      'BobFoldOrCallFallback1',
      'BobBetOrCheckFallback1',
      'AliceFoldOrCallFallback1',
      'BobFoldOrCall2',
      'BobBetOrCheck2',
      'AliceFoldOrCall2',
    ]);
    expect(layout.under[3]).toEqual(['PostBettingSimultaneous', 'CardAuction']);
    expect(layout.unreached).toEqual([]);
    expect(layout.callers.get('BettingRound')).toEqual(['Betting']);
  });
  it('tells private branches apart by their public effects only', () => {
    const pay = (from: 0 | 1) => ({ kind: 'pay' as const, amount: 1, from: { kind: 'seat' as const, seat: from }, to: { kind: 'pot' as const } });
    const peek = {
      kind: 'peek' as const,
      seat: { kind: 'seat' as const, seat: 0 as const },
      target: 1 as const,
      pick: 'random' as const,
      visibility: 'private' as const,
    };
    expect(publicTrace(KUHN_IR, [peek, pay(0)]).signature).toBe(publicTrace(KUHN_IR, [pay(0)]).signature);
    expect(publicTrace(KUHN_IR, [pay(0)]).signature).not.toBe(publicTrace(KUHN_IR, [pay(1)]).signature);
    expect([...publicTrace(KUHN_IR, [pay(1)]).changes]).toEqual(['chips']);
    expect(publicTrace(KUHN_IR, [peek]).signature).toBe('[]');
  });
});
