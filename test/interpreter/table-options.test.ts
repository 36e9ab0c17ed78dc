/**
 * Table options of a hand (`Game.newInitialState(options)`, `TableOptions` in `interpreter/api.ts`):
 * starting stacks other than the declared ones, hand-computed chips and returns, the clear refusal
 * of invalid options; and the two-seat guard of the tools defined for two seats only.
 */
import { describe, expect, it } from 'vitest';
import { CHANCE, type Game, type GameState } from '../../src/interpreter/api.js';
import { TwoSeatOnlyError, requireTwoSeats } from '../../src/algorithms/seats.js';
import { buildTree } from '../../src/algorithms/tree.js';
import { sampledExploitability } from '../../src/algorithms/sampled-br.js';
import { lookupCode } from '../../src/diagnostics/catalogue.js';
import { rngFromKeys } from '../../src/util/rng.js';
import { applyAll, example } from './helpers.js';
import { declaredStacksKey } from '../../src/interpreter/game.js';

/** Apply the action labelled `label` (as `actionToString` names it) at a decision. */
function act(s: GameState, label: string): void {
  const p = s.currentPlayer();
  const a = s.legalActions().find((x) => s.actionToString(p, x) === label);
  if (a === undefined)
    throw new Error(
      `no action '${label}' among ${s
        .legalActions()
        .map((x) => s.actionToString(p, x))
        .join(', ')}`,
    );
  s.applyAction(a);
}

describe('newInitialState({ stacks })', () => {
  const kuhn = example('kuhn.gbg');

  it('deals the hand from the given stacks and measures returns from them (Kuhn, stacks 12/8, hand-computed)', () => {
    const s = kuhn.newInitialState({ stacks: [12, 8] });
    expect(s.chips()).toEqual({ stacks: [12, 8], pot: 0 });
    applyAll(s, ['J of hearts', 'K of hearts']);
    // After the antes of 1 each: 11 and 7 behind, 2 in the pot.
    expect(s.chips()).toEqual({ stacks: [11, 7], pot: 2 });
    expect(s.observation(0).stacks).toEqual([11, 7]);
    act(s, 'bet');
    act(s, 'call');
    expect(s.isTerminal()).toBe(true);
    // Bob's K wins the pot of 4: Alice ends on 10 (−2), Bob on 10 (+2).
    expect(s.chips()).toEqual({ stacks: [10, 10], pot: 0 });
    expect(s.returns()).toEqual([-2, 2]);
    expect(s.observation(1).returns).toEqual([-2, 2]);
  });

  it('the declared stacks, given or not, give the same hand: same chips, information-state keys and returns', () => {
    const a = kuhn.newInitialState();
    const b = kuhn.newInitialState({ stacks: [10, 10] });
    const c = kuhn.newInitialState({});
    for (const s of [a, b, c]) applyAll(s, ['Q of hearts', 'J of hearts', 2, 1]);
    expect(b.returns()).toEqual(a.returns());
    expect(c.returns()).toEqual(a.returns());
    expect(b.informationStateKey(0)).toBe(a.informationStateKey(0));
    expect(b.informationStateKey(1)).toBe(a.informationStateKey(1));
  });

  it('other starting stacks are in every key of the hand: two carried stacks give two keys, the declared stacks the same', () => {
    const history = ['Q of hearts', 'J of hearts', 2, 1];
    const keys = (stacks?: number[]) => {
      const s = applyAll(stacks ? kuhn.newInitialState({ stacks }) : kuhn.newInitialState(), history);
      return [s.informationStateKey(0), s.informationStateKey(1)];
    };
    const declared = keys();
    const [k911, k119, k128] = [keys([9, 11]), keys([11, 9]), keys([12, 8])];
    expect(keys([10, 10])).toEqual(declared);
    for (const seat of [0, 1]) {
      expect(new Set([declared[seat], k911[seat], k119[seat], k128[seat]]).size).toBe(4);
      // The stacks follow the seat at the root of the key; the events' tokens are the declared hand's.
      expect(k911[seat]).toBe(`${seat}@9,11${declared[seat].slice(1)}`);
      expect(declaredStacksKey(k911[seat])).toBe(declared[seat]);
      expect(declaredStacksKey(declared[seat])).toBe(declared[seat]);
    }
    // At the first node too (the empty history of each seat).
    expect(kuhn.newInitialState({ stacks: [9, 11] }).informationStateKey(1)).not.toBe(kuhn.newInitialState({ stacks: [11, 9] }).informationStateKey(1));
  });

  it('the infoset indexer of a hand from other stacks gives the keys informationStateKey gives', () => {
    const s = kuhn.newInitialState({ stacks: [9, 11] });
    const ix = s.infosetIndexer(0);
    applyAll(s, ['Q of hearts', 'J of hearts']);
    const node = ix.advance(0, 0);
    expect(ix.key(ix.canonicalOf(node))).toBe(s.informationStateKey(0));
    expect(s.informationStateKey(0).startsWith('0@9,11/')).toBe(true);
  });

  it('a short stack caps the no-limit menu: all-in is the stack behind (nlhe-short, 20 declared, 9 given)', () => {
    const nl = example('nlhe-short.gbg');
    const s = nl.newInitialState({ stacks: [9, 31] });
    while (s.currentPlayer() === CHANCE) s.applyAction(s.legalActions()[0]);
    // Alice posted the small blind (1 of 9): her largest raise puts her whole stack in.
    expect(s.chips().stacks).toEqual([8, 29]);
    const labels = s.legalActions().map((a) => s.actionToString(0, a));
    const declared = nl.newInitialState();
    while (declared.currentPlayer() === CHANCE) declared.applyAction(declared.legalActions()[0]);
    const declaredLabels = declared.legalActions().map((a) => declared.actionToString(0, a));
    expect(labels.length).toBeLessThan(declaredLabels.length);
    expect(labels.at(-1)).toMatch(/9\b/);
    expect(s.returns()).toEqual([-1, -2]);
  });

  it('successive hands with other stacks do not leak into each other', () => {
    const s1 = kuhn.newInitialState({ stacks: [15, 5] });
    const s2 = kuhn.newInitialState({ stacks: [5, 15] });
    const s3 = kuhn.newInitialState({ stacks: [15, 5] });
    expect([s1.chips().stacks, s2.chips().stacks, s3.chips().stacks]).toEqual([
      [15, 5],
      [5, 15],
      [15, 5],
    ]);
    expect(kuhn.newInitialState().chips().stacks).toEqual([10, 10]);
  });

  it.each([
    [{ stacks: [10] }, /one starting stack per seat \(2\), got 1/],
    [{ stacks: [10, 10, 10] }, /one starting stack per seat \(2\), got 3/],
    [{ stacks: [0, 10] }, /seat 0 must be a positive whole number of chips, got 0/],
    [{ stacks: [10, 2.5] }, /seat 1 must be a positive whole number of chips, got 2.5/],
    [{ stacks: [10, -3] }, /seat 1 must be a positive whole number/],
    [{ stacks: [11, 10] }, /21 chips in all, more than the game declares \(20\)/],
    [{ button: 2 }, /button must be a seat 0\.\.1, got 2/],
    [{ button: 1 }, /declares no button, so its seats do not move \(got button 1/],
  ])('refuses %j with a RangeError that says why', (options, message) => {
    expect(() => kuhn.newInitialState(options)).toThrow(RangeError);
    expect(() => kuhn.newInitialState(options)).toThrow(message);
  });
});

describe('the two-seat guard (error[two-seat-only])', () => {
  const kuhn = example('kuhn.gbg');
  /** Kuhn's rules presented as a game of three seats: only `numSeats` differs, which is all the guard reads. */
  const threeSeats: Game = { ir: kuhn.ir, rulesetHash: kuhn.rulesetHash, numSeats: 3, newInitialState: () => kuhn.newInitialState() };

  it('lets a two-seat game through and refuses three seats with the named code', () => {
    expect(() => requireTwoSeats(kuhn, 'exact CFR+')).not.toThrow();
    expect(() => requireTwoSeats(threeSeats, 'exact CFR+')).toThrow(TwoSeatOnlyError);
    expect(() => requireTwoSeats(threeSeats, 'exact CFR+')).toThrow(
      /^error\[two-seat-only\]: exact CFR\+ is defined for two-seat zero-sum games; this game has 3 seats/,
    );
  });

  it('guards the exact tree and the sampled best response; `gbgc explain two-seat-only` knows the code', () => {
    expect(() => buildTree(threeSeats)).toThrow(TwoSeatOnlyError);
    expect(() => sampledExploitability(threeSeats, () => [1], 10, rngFromKeys(1))).toThrow(TwoSeatOnlyError);
    expect(buildTree(kuhn).numInfosets).toBe(12);
    expect(lookupCode('error[two-seat-only]')?.entry.title).toMatch(/two-seat tool/);
  });
});
