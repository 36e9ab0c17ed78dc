/**
 * The complexity dial against the state-space measure of GENSTRAT v2 (Appendix C): distinct
 * information states visited in 3,000 uniform-random episodes, summed over the seats. Kuhn poker
 * has 12; the mean log10 over sampled games rises with c, stays under 10^2 at c = 0 and is high
 * at c = 1 (a reduced measurement here; `bench/statespace.ts` runs the full one).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { sampleIR, stateSpace } from '../../src/sampler/index.js';
import { KUHN_IR, LEDUC_IR } from '../fixtures/ir.js';

/** Spearman's rank correlation (average ranks for ties). */
export function spearman(xs: number[], ys: number[]): number {
  const ranks = (v: number[]) => {
    const order = v.map((x, i) => [x, i] as const).sort((a, b) => a[0] - b[0]);
    const r = new Array<number>(v.length);
    for (let i = 0; i < order.length;) {
      let j = i;
      while (j + 1 < order.length && order[j + 1]![0] === order[i]![0]) j++;
      for (let k = i; k <= j; k++) r[order[k]![1]] = (i + j) / 2 + 1;
      i = j + 1;
    }
    return r;
  };
  const rx = ranks(xs);
  const ry = ranks(ys);
  const mean = (v: number[]) => v.reduce((a, b) => a + b, 0) / v.length;
  const mx = mean(rx);
  const my = mean(ry);
  let num = 0;
  let dx = 0;
  let dy = 0;
  for (let i = 0; i < rx.length; i++) {
    num += (rx[i]! - mx) * (ry[i]! - my);
    dx += (rx[i]! - mx) ** 2;
    dy += (ry[i]! - my) ** 2;
  }
  return num / Math.sqrt(dx * dy);
}

describe('stateSpace', () => {
  it("counts Kuhn's 12 information states (6 per seat) in 3,000 episodes, and Leduc's 936 (468 per seat) in 30,000", () => {
    expect(stateSpace(KUHN_IR, 3000)).toEqual({ episodes: 3000, perSeat: [6, 6], total: 12, log10: Math.log10(12) });
    expect(stateSpace(LEDUC_IR, 30000).perSeat).toEqual([468, 468]);
    // 3,000 random episodes miss some of Leduc's rarer betting sequences: a lower bound.
    expect(stateSpace(LEDUC_IR, 3000).total).toBeLessThan(936);
  });

  it('computes Spearman correlations', () => {
    expect(spearman([1, 2, 3, 4], [10, 20, 30, 40])).toBe(1);
    expect(spearman([1, 2, 3, 4], [4, 3, 2, 1])).toBe(-1);
    expect(spearman([1, 2, 3], [1, 1, 2])).toBeCloseTo(Math.sqrt(3) / 2, 12);
  });
});

describe('the dial raises the state space', () => {
  // A reduced measurement (6 seeds at c = 0, 0.5 and 1, 1,000 episodes each) so the file stays
  // fast; the full one (30 seeds at c = 0, 0.1, …, 1, 3,000 episodes; Spearman ≥ 0.9, 10^4 at c = 1)
  // is `npx tsx bench/statespace.ts`.
  const cs = [0, 0.5, 1];
  let means: number[] = [];
  beforeAll(() => {
    means = cs.map((c) => {
      let sum = 0;
      for (let seed = 0; seed < 6; seed++) sum += stateSpace(sampleIR(seed, c), 1000).log10;
      return sum / 6;
    });
  });

  it('mean log10 information states rises with c', () => {
    expect(spearman(cs, means)).toBe(1);
  });

  it('stays near Kuhn at c = 0 (under 10^2) and passes 10^3.5 at c = 1 with 1,000 episodes', () => {
    expect(means[0]).toBeLessThan(2);
    expect(means[2]).toBeGreaterThanOrEqual(3.5);
  });
});
