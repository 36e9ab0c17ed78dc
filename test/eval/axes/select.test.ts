import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { correlationMatrix, coverage, farthestPointSample, minMaxNormalise, pearson, varianceInflationFactors } from '../../../src/eval/axes/select.js';
import { rngFromKeys } from '../../../src/util/rng.js';

describe('farthest-point selection', () => {
  it('starts at the game nearest the centroid, then takes the farthest corners', () => {
    const pts = [[0, 0], [1, 0], [0, 1], [1, 1], [0.5, 0.5], [0.45, 0.5]];
    const chosen = farthestPointSample(pts.map((values, id) => ({ id, values })), 5, 1);
    expect(chosen[0]).toBe(4);
    expect(new Set(chosen.slice(1))).toEqual(new Set([0, 1, 2, 3]));
  });

  it('selects distinct games, is deterministic for a seed, and keeps the selection min-distance greedy', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1000 }), fc.integer({ min: 1, max: 15 }), (seed, n) => {
        const rng = rngFromKeys(seed);
        const cands = Array.from({ length: 30 }, (_, id) => ({ id, values: [rng(), rng() * 10, rng()] }));
        const a = farthestPointSample(cands, n, seed);
        expect(a).toEqual(farthestPointSample(cands, n, seed));
        expect(new Set(a).size).toBe(a.length);
        expect(a.length).toBe(n);
      }),
      { numRuns: 30 },
    );
  });

  it('covers the observed range of each axis once it selects the extremes', () => {
    const rng = rngFromKeys(9);
    const pool = Array.from({ length: 200 }, () => [rng(), rng() ** 3, rng()]);
    const chosen = farthestPointSample(pool.map((values, id) => ({ id, values })), 20, 3).map((i) => pool[i]);
    for (const c of coverage(pool, chosen)) {
      expect(c.min - c.poolMin).toBeLessThan(0.15 * (c.poolMax - c.poolMin));
      expect(c.poolMax - c.max).toBeLessThan(0.15 * (c.poolMax - c.poolMin));
      expect(c.thirds.reduce((a, b) => a + b, 0)).toBe(20);
    }
  });
});

describe('diagnostics', () => {
  it('min-max normalisation maps each column onto [0, 1] and a constant column to 0', () => {
    const { rows, ranges } = minMaxNormalise([[1, 5], [3, 5], [2, 5]]);
    expect(rows).toEqual([[0, 0], [1, 0], [0.5, 0]]);
    expect(ranges).toEqual([[1, 3], [5, 5]]);
  });

  it('pearson: ±1 on lines, NaN on a constant', () => {
    expect(pearson([1, 2, 3], [2, 4, 6])).toBeCloseTo(1, 12);
    expect(pearson([1, 2, 3], [3, 2, 1])).toBeCloseTo(-1, 12);
    expect(pearson([1, 2, 3], [1, 1, 1])).toBeNaN();
    expect(correlationMatrix([[1, 2], [2, 1], [3, 3]])[0][1]).toBeCloseTo(0.5, 12);
  });

  it('VIF equals 1 / (1 − R²) of the regression on the other columns (planted collinearity)', () => {
    const rng = rngFromKeys(4);
    const rows = Array.from({ length: 500 }, () => {
      const a = rng();
      const b = rng();
      return [a, b, a + b + 0.2 * (rng() - 0.5)];
    });
    const vif = varianceInflationFactors(rows);
    // R² of c on (a, b): var(a + b) / (var(a + b) + var(noise)) = (1/6) / (1/6 + 0.04/12).
    const r2 = 1 / 6 / (1 / 6 + 0.04 / 12);
    expect(vif[2]).toBeGreaterThan(0.8 / (1 - r2));
    expect(vif[2]).toBeLessThan(1.25 / (1 - r2));
    // Independent columns: VIF near 1.
    const ind = Array.from({ length: 500 }, () => [rng(), rng(), rng()]);
    for (const v of varianceInflationFactors(ind)) expect(v).toBeLessThan(1.05);
    // A constant column is left out.
    expect(varianceInflationFactors(ind.map((r) => [r[0], r[1], 7]))[2]).toBeNaN();
  });
});
