/**
 * Planted-truth validation at reduced size (the full-size figures come from bench/stats-coverage.ts).
 * Seeds are fixed, so the figures are deterministic; the bounds are about 3.5 binomial standard
 * errors around the nominal rate, so a miscalibrated interval fails while the test is not flaky.
 */
import { describe, expect, it } from 'vitest';
import { PAPER_DESIGN, alphaCoverage, bhNullFdr, jaggednessRecovery, profileCoverage } from '../../src/eval/stats/validation.js';

const binomialBand = (p: number, n: number, k = 3.5): [number, number] => {
  const sd = Math.sqrt((p * (1 - p)) / n);
  return [p - k * sd, p + k * sd];
};

const small = { alpha: [1, 0.5, 0, -0.5, -1], games: 8, runs: 6, pairsPerGame: 'all' as const, axes: 2 };

describe('planted truths (reduced size)', () => {
  it('95 % intervals of α̂ cover the planted α at the nominal rate (seat effects and shared deal luck planted)', () => {
    const r = alphaCoverage(small, 80, 300, 101);
    const [lo, hi] = binomialBand(0.95, r.intervals);
    expect(r.intervals).toBe(400);
    expect(r.coverage).toBeGreaterThanOrEqual(lo);
    expect(r.coverage).toBeLessThanOrEqual(hi);
  });

  it('profile-slope intervals cover the slopes of the planted per-game strengths at the nominal rate', () => {
    const design = {
      ...small,
      games: 12,
      slopes: [
        [0.3, 0],
        [0, 0.2],
        [0, 0],
        [-0.3, 0],
        [0, -0.2],
      ],
      jaggedness: [0.02, 0.02, 0.02, 0.02, 0.02],
    };
    const r = profileCoverage(design, 40, 200, 202);
    const [lo, hi] = binomialBand(0.95, r.conditional.intervals);
    expect(r.conditional.coverage).toBeGreaterThanOrEqual(lo);
    expect(r.conditional.coverage).toBeLessThanOrEqual(hi);
  });

  it('with nothing planted, Benjamini–Hochberg at 0.05 keeps the false discovery rate at its level', () => {
    const r = bhNullFdr({ ...small, games: 12 }, 60, 150, 0.05, 303);
    expect(r.tests).toBe(10);
    // FDR = share of replications with any rejection; bound: 0.05 plus 3.5 binomial SEs.
    expect(r.fdr).toBeLessThanOrEqual(binomialBand(0.05, r.replications)[1]);
  });

  it("J_m ranks planted jaggedness at the paper's sample size (9 models, 50 games, 18 pairs, 20 runs)", () => {
    const r = jaggednessRecovery({ ...PAPER_DESIGN, jaggedness: [0.04, 0.08, 0.12, 0.16, 0.2, 0.24, 0.28, 0.32, 0.36] }, 3, 404);
    expect(r.mean).toBeGreaterThanOrEqual(0.9);
    expect(r.min).toBeGreaterThanOrEqual(0.8);
  });
});
