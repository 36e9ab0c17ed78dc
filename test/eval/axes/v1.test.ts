import { describe, expect, it } from 'vitest';
import { kuhn, leduc } from './games.js';
import { CHANCE, type Action, type GameState } from '../../../src/interpreter/api.js';
import { computeAxesV1, resampleWorld, v1StateCounts, v1StateCountsExact, AXES_V1 } from '../../../src/eval/axes/v1.js';
import { rngFromKeys } from '../../../src/util/rng.js';
import { compileGame } from '../../../src/interpreter/game.js';
import { sampleIR } from '../../../src/sampler/index.js';

/** Kuhn after the deal `cards` ([seat 0, seat 1] as chance actions) and seat 0's first action, with the history. */
function kuhnAfter(cards: [number, number], seat0: 'check' | 'bet'): { state: GameState; history: Action[] } {
  const s = kuhn().newInitialState();
  const history: Action[] = [];
  const apply = (a: Action) => (history.push(a), s.applyAction(a));
  let dealt = 0;
  while (s.currentPlayer() === CHANCE) {
    const outs = s.chanceOutcomes().map(([a]) => a);
    apply(outs.includes(cards[dealt]) ? cards[dealt] : outs[0]);
    dealt++;
  }
  const legal = s.legalActions();
  const label = (a: Action) => s.actionToString(s.currentPlayer(), a).toLowerCase();
  apply(legal.find((a) => label(a).includes(seat0)) ?? legal[seat0 === 'check' ? 0 : 1]);
  return { state: s, history };
}

describe('v1 state space', () => {
  it('Kuhn: 6 + 6 information states, sampled (1,000 uniform deals) and exact', () => {
    expect(v1StateCountsExact(kuhn())).toEqual([6, 6]);
    expect(v1StateCounts(kuhn(), 1000, 1)).toEqual([6, 6]);
  });

  it('Leduc: 936 exact; 3,000 uniform deals reach a lower bound of it', () => {
    const [a, b] = v1StateCountsExact(leduc());
    expect(a + b).toBe(936);
    const [c, d] = v1StateCounts(leduc(), 3000, 1);
    expect(c).toBeLessThanOrEqual(a);
    expect(d).toBeLessThanOrEqual(b);
    expect(c + d).toBeGreaterThan(0.8 * 936);
  });
});

describe('worlds consistent with what a seat has seen', () => {
  it('Kuhn, seat 1 facing a bet: its own card is kept and the opponent card is uniform over the other two (exact: 1/2 each)', () => {
    const s0 = kuhn().newInitialState();
    const deal = s0.chanceOutcomes().map(([a]) => a); // three cards
    const { state, history } = kuhnAfter([deal[2], deal[0]], 'bet');
    const own = state.observation(1).hand.join();
    const counts = new Map<string, number>();
    const N = 600;
    for (let i = 0; i < N; i++) {
      const w = resampleWorld(kuhn(), history, state, 1, true, rngFromKeys(5, i));
      expect(w.observation(1).hand.join()).toBe(own);
      expect(w.informationStateKey(1)).toBe(state.informationStateKey(1));
      const opp = w.observation(0).hand.join();
      expect(opp).not.toBe(own);
      counts.set(opp, (counts.get(opp) ?? 0) + 1);
    }
    expect(counts.size).toBe(2);
    // Binomial(600, 1/2): SD 12.2; 5 SD either side.
    for (const c of counts.values()) expect(Math.abs(c - N / 2)).toBeLessThan(5 * Math.sqrt(N / 4));
  });

  it("without its own cards: seat 1's own card is redrawn too (each of three about 1/3) and the public actions are kept", () => {
    const s0 = kuhn().newInitialState();
    const deal = s0.chanceOutcomes().map(([a]) => a);
    const { state, history } = kuhnAfter([deal[2], deal[0]], 'bet');
    const counts = new Map<string, number>();
    const N = 600;
    for (let i = 0; i < N; i++) {
      const w = resampleWorld(kuhn(), history, state, 1, false, rngFromKeys(6, i));
      expect(w.currentPlayer()).toBe(1);
      expect(w.legalActions()).toEqual(state.legalActions());
      const own = w.observation(1).hand.join();
      counts.set(own, (counts.get(own) ?? 0) + 1);
    }
    expect(counts.size).toBe(3);
    const sd = Math.sqrt((N * 2) / 9);
    for (const c of counts.values()) expect(Math.abs(c - N / 3)).toBeLessThan(5 * sd);
  });
});

describe('v1 axes', () => {
  it('Kuhn, fast tier: deterministic for a seed, in range, and seed-dependent', () => {
    const a = computeAxesV1(kuhn(), { tier: 'fast', seed: 4 });
    expect(computeAxesV1(kuhn(), { tier: 'fast', seed: 4 })).toEqual(a);
    expect(computeAxesV1(kuhn(), { tier: 'fast', seed: 5 })).not.toEqual(a);
    expect(a.state_space).toBeCloseTo(Math.log10(12), 12);
    expect(a.temporal).toBeGreaterThanOrEqual(0);
    expect(a.temporal).toBeLessThanOrEqual(1);
    expect(a.opponent_dependence).toBeGreaterThanOrEqual(0);
    for (const k of AXES_V1) expect(Number.isFinite(a[k])).toBe(true);
  });

  it('exact mode counts the state space over the tree and leaves the simulated axes as they are', () => {
    const e = computeAxesV1(kuhn(), { tier: 'fast', seed: 4, exact: true });
    const s = computeAxesV1(kuhn(), { tier: 'fast', seed: 4 });
    expect(e).toEqual(s); // Kuhn's 12 states are all reached by 1,000 uniform deals
  });

  it('a generated game (c = 0.5): finite values, temporal in [0, 1], opponent dependence ≥ 0', () => {
    const a = computeAxesV1(compileGame(sampleIR(3, 0.5)), { tier: 'fast', seed: 2 });
    for (const k of AXES_V1) expect(Number.isFinite(a[k]), k).toBe(true);
    expect(a.temporal).toBeGreaterThanOrEqual(0);
    expect(a.temporal).toBeLessThanOrEqual(1);
    expect(a.opponent_dependence).toBeGreaterThanOrEqual(0);
    expect(a.state_space).toBeGreaterThan(0);
  });

  it('Leduc above Kuhn on state space', () => {
    expect(computeAxesV1(leduc(), { tier: 'fast', seed: 1 }).state_space).toBeGreaterThan(computeAxesV1(kuhn(), { tier: 'fast', seed: 1 }).state_space);
  });
});
