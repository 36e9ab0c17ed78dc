import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  correlationMatrix,
  coverage,
  farthestPointSample,
  minMaxNormalise,
  pearson,
  percentile,
  varianceInflationFactors,
} from '../../../src/eval/axes/select.js';
import { rngFromKeys } from '../../../src/util/rng.js';

describe('farthest-point selection', () => {
  it('starts at the game nearest the centroid, then takes the farthest corners', () => {
    const pts = [
      [0, 0],
      [1, 0],
      [0, 1],
      [1, 1],
      [0.5, 0.5],
      [0.45, 0.5],
    ];
    const chosen = farthestPointSample(
      pts.map((values, id) => ({ id, values })),
      5,
      1,
    );
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
    const chosen = farthestPointSample(
      pool.map((values, id) => ({ id, values })),
      20,
      3,
    ).map((i) => pool[i]);
    for (const c of coverage(pool, chosen)) {
      expect(c.min - c.poolMin).toBeLessThan(0.15 * (c.poolMax - c.poolMin));
      expect(c.poolMax - c.max).toBeLessThan(0.15 * (c.poolMax - c.poolMin));
      expect(c.tertiles.reduce((a, b) => a + b, 0)).toBe(20);
    }
  });
});

describe('selection on a pool with repeated axis vectors', () => {
  // 10 games, 6 distinct vectors: game 0 = 5 = 6 = 7 = 8 (the centroid's nearest), 1 = 9.
  const vectors = [
    [0.5, 0.5],
    [0, 0],
    [1, 0],
    [0, 1],
    [1, 1],
    [0.5, 0.5],
    [0.5, 0.5],
    [0.5, 0.5],
    [0.5, 0.5],
    [0, 0],
  ];
  const cands = vectors.map((values, id) => ({ id, values }));

  it('never chooses a game twice, even when every remaining game is at distance 0', () => {
    for (let seed = 1; seed <= 50; seed++) {
      const chosen = farthestPointSample(cands, 10, seed);
      expect(chosen).toHaveLength(10);
      expect(new Set(chosen).size).toBe(10);
      // The five distinct corners and the centre come first (distance > 0 while any is unchosen).
      expect(new Set(chosen.slice(0, 5).map((i) => vectors[i].join()))).toEqual(new Set(['0.5,0.5', '0,0', '1,0', '0,1', '1,1']));
    }
  });

  it('breaks ties among the unchosen duplicates by the seeded order, so seeds differ and each is reproducible', () => {
    const orders = new Set<string>();
    for (let seed = 1; seed <= 20; seed++) {
      const a = farthestPointSample(cands, 10, seed);
      expect(a).toEqual(farthestPointSample(cands, 10, seed));
      orders.add(a.join());
    }
    expect(orders.size).toBeGreaterThan(1);
  });
});

describe('tertiles of the selection (v2 §4, Figure 2)', () => {
  it('percentile interpolates between order statistics (type 7): hand-computed', () => {
    // sorted 1 2 4 8 16: h = 4 · 0.33 = 1.32 → 2 + 0.32 · 2 = 2.64; h = 4 · 0.67 = 2.68 → 4 + 0.68 · 4 = 6.72.
    expect(percentile([16, 1, 8, 2, 4], 0.33)).toBeCloseTo(2.64, 12);
    expect(percentile([16, 1, 8, 2, 4], 0.67)).toBeCloseTo(6.72, 12);
    expect(percentile([3], 0.5)).toBe(3);
    expect(percentile([], 0.5)).toBeNaN();
  });

  it('cuts at the 33rd/67th percentiles of the chosen games, not thirds of the pool range', () => {
    // Pool range [0, 100]; the chosen values are skewed low: 0 1 2 3 4 5 100.
    const pool = [[0], [100], [1], [2], [3], [4], [5], [50]];
    const chosen = [[0], [1], [2], [3], [4], [5], [100]];
    const [c] = coverage(pool, chosen);
    // h = 6 · 0.33 = 1.98 → 1 + 0.98 = 1.98; h = 6 · 0.67 = 4.02 → 4 + 0.02 = 4.02.
    expect(c.cuts[0]).toBeCloseTo(1.98, 12);
    expect(c.cuts[1]).toBeCloseTo(4.02, 12);
    expect(c.tertiles).toEqual([2, 3, 2]);
    expect([c.poolMin, c.poolMax, c.min, c.max]).toEqual([0, 100, 0, 100]);
  });
});

describe('diagnostics', () => {
  it('min-max normalisation maps each column onto [0, 1] and a constant column to 0', () => {
    const { rows, ranges } = minMaxNormalise([
      [1, 5],
      [3, 5],
      [2, 5],
    ]);
    expect(rows).toEqual([
      [0, 0],
      [1, 0],
      [0.5, 0],
    ]);
    expect(ranges).toEqual([
      [1, 3],
      [5, 5],
    ]);
  });

  it('pearson: ±1 on lines, NaN on a constant', () => {
    expect(pearson([1, 2, 3], [2, 4, 6])).toBeCloseTo(1, 12);
    expect(pearson([1, 2, 3], [3, 2, 1])).toBeCloseTo(-1, 12);
    expect(pearson([1, 2, 3], [1, 1, 1])).toBeNaN();
    expect(
      correlationMatrix([
        [1, 2],
        [2, 1],
        [3, 3],
      ])[0][1],
    ).toBeCloseTo(0.5, 12);
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
