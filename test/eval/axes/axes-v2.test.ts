import { describe, expect, it } from 'vitest';
import { kuhn, leduc } from './games.js';
import { computeAxesV2, BUDGETS, AXES_V2 } from '../../../src/eval/axes/index.js';
import { exactL0Episodes, sampleL0Episodes } from '../../../src/eval/axes/episodes.js';
import { stateSpace, visitedInformationStates } from '../../../src/eval/axes/state-space.js';
import { temporalDepth, temporalDepthForSeat } from '../../../src/eval/axes/temporal-depth.js';
import { infoSensitivity, infoSensitivityForSeat } from '../../../src/eval/axes/info-sensitivity.js';
import { risk, weightedQuantile } from '../../../src/eval/axes/risk.js';
import { opponentWeights, toSimplex } from '../../../src/eval/axes/opponent-modelling.js';

describe('v2 axes on Kuhn, exact', () => {
  const log = exactL0Episodes(kuhn(), 1000);

  it('the exact log is a probability distribution over the 30 terminal histories', () => {
    expect(log.episodes.length).toBe(30);
    expect(log.episodes.reduce((s, e) => s + e.weight, 0)).toBeCloseTo(1, 12);
  });

  it('state space: 6 + 6 information states, log10 12', () => {
    expect(visitedInformationStates(log)).toEqual([6, 6]);
    expect(stateSpace(log)).toBeCloseTo(Math.log10(12), 12);
  });

  it('temporal depth: 1/60 for the first seat, 0 for the second, 1/120 averaged (derived by hand)', () => {
    // Seat 0's open decision: f = 1, r = 1/4, η² = 1/15; its facing decision has r = 0.
    expect(temporalDepthForSeat(log, 0)).toBeCloseTo(1 / 60, 12);
    expect(temporalDepthForSeat(log, 1)).toBe(0);
    expect(temporalDepth(log)).toBeCloseTo(1 / 120, 12);
  });

  it('information sensitivity: 1/15 and 1/6 (a jack facing a bet folds, the decision type calls), 7/60 averaged', () => {
    expect(infoSensitivityForSeat(log, 0)).toBeCloseTo(1 / 15, 12);
    expect(infoSensitivityForSeat(log, 1)).toBeCloseTo(1 / 6, 12);
    expect(infoSensitivity(log)).toBeCloseTo(7 / 60, 12);
  });
});

describe('v2 axes: sampled against exact', () => {
  it('Kuhn, all six axes: over 8 seeds the mean of sampled − exact (fast tier, same seed) is within 3 standard errors of 0', () => {
    const diffs = Array.from({ length: 8 }, (_, s) => {
      const sa = computeAxesV2(kuhn(), { tier: 'fast', seed: 100 + s });
      const ex = computeAxesV2(kuhn(), { tier: 'fast', seed: 100 + s, exact: true });
      return AXES_V2.map((a) => sa[a] - ex[a]);
    });
    AXES_V2.forEach((axis, k) => {
      const xs = diffs.map((r) => r[k]);
      const m = xs.reduce((a, b) => a + b, 0) / xs.length;
      const sd = Math.sqrt(xs.reduce((a, b) => a + (b - m) ** 2, 0) / (xs.length - 1));
      const se = sd / Math.sqrt(xs.length);
      expect(Math.abs(m), `${axis}: mean difference ${m} ± ${se}`).toBeLessThanOrEqual(3 * se + 1e-12);
    });
  });

  it('Kuhn, opponent modelling at the precise tier (concentrated pass): sampled within 3 standard errors of exact', () => {
    const xs = Array.from({ length: 6 }, (_, s) => {
      const sa = computeAxesV2(kuhn(), { tier: 'precise', seed: 200 + s }).opponent_modelling;
      const ex = computeAxesV2(kuhn(), { tier: 'precise', seed: 200 + s, exact: true }).opponent_modelling;
      return sa - ex;
    });
    const m = xs.reduce((a, b) => a + b, 0) / xs.length;
    const se = Math.sqrt(xs.reduce((a, b) => a + (b - m) ** 2, 0) / (xs.length - 1) / xs.length);
    expect(Math.abs(m), `mean difference ${m} ± ${se}`).toBeLessThanOrEqual(3 * se + 1e-12);
  });

  it('opponent modelling on the exact log equals the value of a tree walk for each Sobol opponent (reweighting is exact)', () => {
    // Kuhn, exact log, the fast tier: 27/640 (recorded from the tree-walk estimator it replaced).
    expect(computeAxesV2(kuhn(), { tier: 'fast', seed: 1, exact: true }).opponent_modelling).toBeCloseTo(0.0421875, 12);
  });
});

describe('v2 axes: Leduc above Kuhn, determinism', () => {
  it('Leduc exact: 936 information states; Leduc above Kuhn on state space and temporal depth', () => {
    const k = exactL0Episodes(kuhn(), 1000);
    const l = exactL0Episodes(leduc(), 1000);
    const [a, b] = visitedInformationStates(l);
    expect(a + b).toBe(936);
    expect(stateSpace(l)).toBeGreaterThan(stateSpace(k));
    expect(temporalDepth(l)).toBeGreaterThan(temporalDepth(k));
  });

  it('the fast tier is deterministic for a seed and depends on it', () => {
    const a = computeAxesV2(kuhn(), { tier: 'fast', seed: 7 });
    const b = computeAxesV2(kuhn(), { tier: 'fast', seed: 7 });
    const c = computeAxesV2(kuhn(), { tier: 'fast', seed: 8 });
    expect(a).toEqual(b);
    expect(c).not.toEqual(a);
    expect(BUDGETS.fast.l0Episodes).toBe(1000);
    expect(BUDGETS.precise.sobolGlobal + BUDGETS.precise.sobolConcentrated).toBe(320);
  });

  it('opponent modelling and information sensitivity are in [0, 1]; risk is 0 or at least 0.01', () => {
    const a = computeAxesV2(kuhn(), { tier: 'fast', seed: 3, exact: true });
    for (const v of [a.opponent_modelling, a.info_sensitivity]) {
      expect(v).toBeGreaterThanOrEqual(0);
      expect(v).toBeLessThanOrEqual(1);
    }
    expect(a.risk === 0 || a.risk >= 0.01).toBe(true);
  });
});

describe('brittleness', () => {
  it('Kuhn: exact and sampled brittleness are finite, above the floor, and within 0.1 (log10) of each other', () => {
    const ex = computeAxesV2(kuhn(), { tier: 'fast', seed: 1, exact: true }).brittleness;
    const sa = computeAxesV2(kuhn(), { tier: 'fast', seed: 1 }).brittleness;
    expect(ex).toBeGreaterThan(-6);
    expect(ex).toBeLessThan(0);
    expect(Math.abs(ex - sa)).toBeLessThan(0.1);
  });
});

describe('helpers', () => {
  it('weightedQuantile is the lower empirical quantile', () => {
    const pairs: [number, number][] = [[5, 1], [1, 1], [3, 1], [2, 1], [4, 1], [6, 1], [7, 1], [8, 1], [9, 1], [10, 1]];
    expect(weightedQuantile(pairs, 0.1)).toBe(1);
    expect(weightedQuantile(pairs, 0.11)).toBe(2);
    expect(weightedQuantile([[-2, 0.05], [1, 0.95]], 0.1)).toBe(1);
  });

  it('toSimplex maps K − 1 numbers to K non-negative numbers summing to 1', () => {
    const p = toSimplex([0.7, 0.2]);
    expect(p[0]).toBeCloseTo(0.2, 12);
    expect(p[1]).toBeCloseTo(0.5, 12);
    expect(p[2]).toBeCloseTo(0.3, 12);
    expect(toSimplex([])).toEqual([1]);
  });
});

describe('the fast tier nests in the precise tier', () => {
  it("the fast tier's L0 episodes are the first 1,000 of the precise tier's 3,000 (episode e is drawn from its own stream)", () => {
    const fast = sampleL0Episodes(kuhn(), BUDGETS.fast.l0Episodes, 11);
    const precise = sampleL0Episodes(kuhn(), BUDGETS.precise.l0Episodes, 11);
    expect(precise.episodes.slice(0, BUDGETS.fast.l0Episodes)).toEqual(fast.episodes);
    expect(BUDGETS.precise.sobolGlobal).toBe(BUDGETS.fast.sobolGlobal);
  });

  it('opponent weights: an unstable global opponent shares its weight 1 evenly with the points around it; continuation points weigh 1', () => {
    // Four global opponents; concentrated points around 1, 1, 3, 1.
    expect(opponentWeights(4, [1, 1, 3, 1])).toEqual([1, 1 / 4, 1, 1 / 2, 1 / 4, 1 / 4, 1 / 2, 1 / 4]);
    expect(opponentWeights(2, [-1, -1, -1])).toEqual([1, 1, 1, 1, 1]);
    const w = opponentWeights(64, Array.from({ length: 256 }, (_, i) => [3, 10, 41][i % 3]));
    expect(w.reduce((a, b) => a + b, 0)).toBeCloseTo(64, 9);
  });
});
