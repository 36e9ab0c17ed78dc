/**
 * Kuhn poker through the interpreter: OpenSpiel `kuhn_poker`'s tree sizes, action ids, chance
 * probabilities, returns, and the exact value of uniform-random play against an independent
 * enumeration.
 */
import { describe, expect, it } from 'vitest';
import { CHANCE, IllegalActionError, TERMINAL, compileGame } from '../../src/interpreter/index.js';
import { expectedReturns, treeStats, uniformPolicy } from '../../src/algorithms/index.js';
import { KUHN_IR } from '../fixtures/ir.js';
import { applyAll } from './helpers.js';

const kuhn = compileGame(KUHN_IR);

/**
 * Seat 0's expected chips under uniform-random play, by enumerating the six deals and the five
 * betting sequences of Kuhn poker by hand (pass/bet; ante 1, bet 1).
 */
function independentKuhnValue(): number {
  let total = 0;
  for (let c0 = 0; c0 < 3; c0++)
    for (let c1 = 0; c1 < 3; c1++) {
      if (c0 === c1) continue;
      const showdown = (pot: number): number => (c0 > c1 ? pot / 2 : -pot / 2);
      const value =
        0.5 * (0.5 * showdown(2) + 0.5 * (0.5 * -1 + 0.5 * showdown(4))) + // check, then check | bet (fold | call)
        0.5 * (0.5 * 1 + 0.5 * showdown(4)); // bet, then fold | call
      total += value / 6;
    }
  return total;
}

describe('Kuhn poker', () => {
  it('has the tree of OpenSpiel kuhn_poker: 58 histories, 30 terminal, 6 information states per seat', () => {
    expect(treeStats(kuhn)).toEqual({ histories: 58, terminalHistories: 30, chanceNodes: 4, decisionNodes: 24, infoStates: [6, 6], maxDepth: 5 });
  });

  it('deals each card by a chance node over the cards left, with exact probabilities', () => {
    const s = kuhn.newInitialState();
    expect(s.currentPlayer()).toBe(CHANCE);
    expect(s.chanceOutcomes()).toEqual([
      [0, 1 / 3],
      [1, 1 / 3],
      [2, 1 / 3],
    ]);
    expect(s.actionToString(CHANCE, 2)).toBe('K of hearts');
    s.applyAction(2);
    expect(s.chanceOutcomes()).toEqual([
      [0, 0.5],
      [1, 0.5],
    ]);
    s.applyAction(0);
    expect(s.currentPlayer()).toBe(0);
    expect(s.chips()).toEqual({ stacks: [9, 9], pot: 2 });
  });

  it('uses fold=0, call/check=1, raise/bet=2 and names them by the node', () => {
    const s = applyAll(kuhn.newInitialState(), ['K of hearts', 'J of hearts']);
    expect(s.legalActions()).toEqual([1, 2]);
    expect([s.actionToString(0, 1), s.actionToString(0, 2)]).toEqual(['check', 'bet']);
    s.applyAction(2);
    expect(s.currentPlayer()).toBe(1);
    expect(s.legalActions()).toEqual([0, 1]);
    expect([s.actionToString(1, 0), s.actionToString(1, 1)]).toEqual(['fold', 'call']);
  });

  it('throws IllegalActionError on actions that are not legal, and never maps them', () => {
    const s = applyAll(kuhn.newInitialState(), ['K of hearts']);
    expect(() => s.applyAction(2)).toThrow(IllegalActionError);
    s.applyAction(1);
    expect(() => s.applyAction(0)).toThrow(IllegalActionError);
    expect(() => s.applyAction(7)).toThrow(IllegalActionError);
    expect(() => s.chanceOutcomes()).toThrow(IllegalActionError);
    s.applyAction(2);
    try {
      s.applyAction(2);
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(IllegalActionError);
      expect((e as IllegalActionError).legal).toEqual([0, 1]);
    }
    expect(s.currentPlayer()).toBe(1);
  });

  it('pays the showdown and the fold like OpenSpiel', () => {
    const checkBetCall = applyAll(kuhn.newInitialState(), ['K of hearts', 'J of hearts', 1, 2, 1]);
    expect(checkBetCall.currentPlayer()).toBe(TERMINAL);
    expect(checkBetCall.returns()).toEqual([2, -2]);
    const checkCheck = applyAll(kuhn.newInitialState(), ['J of hearts', 'Q of hearts', 1, 1]);
    expect(checkCheck.returns()).toEqual([-1, 1]);
    const betFold = applyAll(kuhn.newInitialState(), ['J of hearts', 'Q of hearts', 2, 0]);
    expect(betFold.isTerminal()).toBe(true);
    expect(betFold.returns()).toEqual([1, -1]);
    expect(betFold.legalActions()).toEqual([]);
    expect(() => betFold.applyAction(1)).toThrow(IllegalActionError);
  });

  it('computes the exact value of uniform-random play: +1/8 chip for the first seat', () => {
    const [v0, v1] = expectedReturns(kuhn, uniformPolicy);
    expect(independentKuhnValue()).toBeCloseTo(0.125, 12);
    expect(v0).toBeCloseTo(independentKuhnValue(), 12);
    expect(v1).toBeCloseTo(-0.125, 12);
  });

  it('computes the exact value of any policy: always betting and always calling', () => {
    // Both seats bet/call: every deal goes to a 4-chip showdown, won by the higher card half the time.
    const aggressive = expectedReturns(kuhn, (_s, _seat, legal) => legal.map((a) => (a === (legal.includes(2) ? 2 : 1) ? 1 : 0)));
    expect(aggressive[0]).toBeCloseTo(0, 12);
    // Seat 0 bets, seat 1 always folds: seat 0 wins the ante every time.
    const bully = expectedReturns(kuhn, (_s, seat, legal) => legal.map((a) => (seat === 0 ? (a === 2 ? 1 : 0) : a === 0 || legal.length === 1 ? 1 : 0)));
    expect(bully[0]).toBeCloseTo(1, 12);
    expect(bully[1]).toBeCloseTo(-1, 12);
  });

  it("observations show the own card and hide the opponent's until the showdown", () => {
    const s = applyAll(kuhn.newInitialState(), ['K of hearts', 'J of hearts']);
    const o0 = s.observation(0);
    expect(o0.hand).toEqual(['K of hearts']);
    expect(o0.handSizes).toEqual([1, 1]);
    expect(o0.deckSize).toBe(1);
    expect(o0.stacks).toEqual([9, 9]);
    expect(o0.pot).toBe(2);
    expect(o0.phase).toBe('Betting');
    expect(JSON.stringify(o0)).not.toContain('J of hearts');
    expect(o0.decision?.menu).toEqual([
      { action: 1, label: 'check', cost: 0 },
      { action: 2, label: 'bet', cost: 1 },
    ]);
    expect(s.observation(1).decision).toBeNull();
    expect(s.observation(1).hand).toEqual(['J of hearts']);
    applyAll(s, [2, 1]);
    const end = s.observation(0);
    expect(end.terminal).toBe(true);
    expect(end.returns).toEqual([2, -2]);
    expect(end.phase).toBe('End');
    expect(end.log.filter((e) => e.kind === 'reveal').map((e) => e.cards?.[0])).toEqual(['K of hearts', 'J of hearts']);
  });

  it('gives one information-state key per (own card, public actions), built from what the seat saw', () => {
    const a = applyAll(kuhn.newInitialState(), ['K of hearts', 'J of hearts', 1]);
    const b = applyAll(kuhn.newInitialState(), ['J of hearts', 'K of hearts', 1]);
    const c = applyAll(kuhn.newInitialState(), ['Q of hearts', 'K of hearts', 1]);
    expect(a.informationStateKey(1)).not.toBe(b.informationStateKey(1));
    expect(b.informationStateKey(1)).toBe(c.informationStateKey(1));
    expect(b.informationStateKey(0)).not.toBe(c.informationStateKey(0));
    expect(a.informationStateKey(0)).not.toBe(a.informationStateKey(1));
    // Incremental: a clone continues from the cached key, and agrees with a fresh replay.
    const before = a.informationStateKey(0);
    const child = a.clone();
    child.applyAction(2);
    expect(child.informationStateKey(0).startsWith(before)).toBe(true);
    expect(child.informationStateKey(0)).toBe(applyAll(kuhn.newInitialState(), ['K of hearts', 'J of hearts', 1, 2]).informationStateKey(0));
  });

  it('clones independently', () => {
    const s = applyAll(kuhn.newInitialState(), ['K of hearts', 'J of hearts']);
    const t = s.clone();
    t.applyAction(2);
    expect(s.currentPlayer()).toBe(0);
    expect(s.chips().pot).toBe(2);
    expect(t.chips().pot).toBe(3);
    expect(s.observation(0).log.length).toBe(t.observation(0).log.length - 1);
  });
});
