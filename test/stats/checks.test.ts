/**
 * The added estimators on constructed tables with known values (GENSTRAT v2 §6, §7, App. N, O;
 * v1 §7, App. E) and the pairwise difference intervals' coverage of planted differences.
 */
import { describe, expect, it } from 'vitest';
import { Matrix, solve } from 'ml-matrix';
import {
  axisMatrix,
  bradleyTerry,
  capabilityProfiles,
  fitAlpha,
  fitPerGame,
  jaggednessPoint,
  neighbours,
  pairwiseMatrix,
  plantedTable,
  prepareSlots,
  type SlotRow,
  type StratifiedReplicate,
} from '../../src/eval/stats/index.js';
import { clusterRefits, cmplx, jaggednessSubsets, rulebookLengthControl, wardClusters, LENGTH_REGRESSOR } from '../../src/eval/stats/checks.js';
import { compositeV1, factorAnalysis, jaggednessV1, looResiduals, subsetRefits } from '../../src/eval/stats/v1-set.js';
import { pairDifferences } from '../../src/eval/stats/differences.js';

const noiseless = plantedTable({ alpha: [1.2, 0.4, -0.1, -1.5], games: 12, runs: 2, pairsPerGame: 'all', axes: 2, stakes: [0, 0], seatEffect: 2, seed: 5 });

/** Replicates that all equal the point matrix (no sampling noise). */
const still = (alpha: number[], aMG: number[][], sigma: number[]): StratifiedReplicate[] =>
  Array.from({ length: 20 }, () => ({ alpha: Float64Array.from(alpha), alphaGame: Float64Array.from(aMG.flat()), sigma }));

describe('v2 checks', () => {
  it("Ward's clusters: a hand case and six well-separated groups", () => {
    expect(wardClusters([[0], [1], [10]], 2)).toEqual([0, 0, 1]);
    // Merge costs: {0,1} 0.5, then {10,12} 2, then {0,1}+{5} = (2·1/3)·4.5² = 13.5 < {5}+{10,12}: (2/3)·6² = 24.
    expect(wardClusters([[0], [1], [5], [10], [12]], 2)).toEqual([0, 0, 0, 1, 1]);
    const centres = [
      [0, 0],
      [10, 0],
      [0, 10],
      [10, 10],
      [20, 0],
      [20, 20],
    ];
    const pts = centres.flatMap((c, k) => [0, 1, 2].map((d) => [c[0] + 0.1 * d, c[1] + 0.05 * k]));
    const lab = wardClusters(pts, 6);
    for (let k = 0; k < 6; k++) expect(new Set(lab.slice(3 * k, 3 * k + 3)).size).toBe(1);
    expect(new Set(lab).size).toBe(6);
  });

  it('cluster refits of a table without per-game effects reproduce the overall α̂ in every cluster', () => {
    const p = prepareSlots(noiseless.rows, noiseless.models);
    const fit = fitAlpha(p, { B: 0 });
    const ax = axisMatrix(p.games, noiseless.axes);
    const r = clusterRefits(p, ax.z, fit.alpha, 6, 50, 1);
    expect(r.k).toBe(6);
    expect(r.refits.map((c) => c.games.length).reduce((s, x) => s + x, 0)).toBe(12);
    for (const c of r.refits) {
      c.alpha!.forEach((a, m) => expect(a).toBeCloseTo(fit.alpha[m], 9));
      expect(c.spearmanWithOverall).toBeCloseTo(1, 12);
      expect(c.clusters).toBe(c.games.length * 6 * 2);
    }
  });

  it('cmplx is the mean of the z-scored axes', () => {
    expect(
      cmplx([
        [1, -1, 0.5],
        [0, 0, 3],
      ]),
    ).toEqual([1 / 6, 1]);
  });

  it('the rulebook-length control recovers planted axis and length slopes exactly and counts sign changes', () => {
    const G = 10;
    const x = Array.from({ length: G }, (_, g) => g);
    const chars = x.map((g) => 8000 * 1.2 ** g + 500 * ((g * 7) % 3));
    const axes = x.map((g) => ({ game: `g${g}`, axes: { depth: (g * 3) % 7, risk: Math.sin(g) } }));
    const ax = axisMatrix(
      axes.map((a) => a.game),
      axes,
    );
    const logc = chars.map(Math.log10);
    const mu = logc.reduce((s, v) => s + v, 0) / G;
    const sd = Math.sqrt(logc.reduce((s, v) => s + (v - mu) ** 2, 0) / (G - 1));
    const zl = logc.map((v) => (v - mu) / sd);
    // Model 0: 0.5 per SD of depth and 0.3 per SD of log length; model 1 the negation (sum to zero).
    const a0 = x.map((g) => 0.5 * ax.z[g][0] + 0.3 * zl[g]);
    const aMG = [a0, a0.map((v) => -v)];
    const reps = still([0, 0], aMG, new Array(G).fill(1));
    const base = capabilityProfiles(['m0', 'm1'], aMG, ax, reps);
    const c = rulebookLengthControl(['m0', 'm1'], aMG, ax, chars, reps, base)!;
    const slope = (m: string, a: string) => c.profiles.table.find((t) => t.model === m && t.axis === a)!.slope;
    expect(slope('m0', 'depth')).toBeCloseTo(0.5, 9);
    expect(slope('m0', 'risk')).toBeCloseTo(0, 9);
    expect(slope('m0', LENGTH_REGRESSOR)).toBeCloseTo(0.3, 9);
    expect(c.lengthSlope.map((l) => l.slope)).toEqual([expect.closeTo(0.3, 9), expect.closeTo(-0.3, 9)]);
    expect(c.log10Chars[0]).toBeCloseTo(Math.log10(chars[0]), 12);
    const changed = c.compare.filter((k) => Math.sign(k.without) !== Math.sign(k.with)).length;
    expect(c.signChanges).toBe(changed);
    // Equal lengths: no control.
    expect(rulebookLengthControl(['m0', 'm1'], aMG, ax, new Array(G).fill(9000), reps, base)).toBeNull();
  });

  it('J_m subset robustness: leaving a participant out equals J_m of a table that never had it', () => {
    const t = plantedTable({ alpha: [1, 0.5, 0, -0.5, -1], games: 10, runs: 4, pairsPerGame: 'all', axes: 2, jaggedness: [0.3, 0.1, 0.2, 0.05, 0.4], seed: 9 });
    const p = prepareSlots(t.rows, t.models);
    const fit = fitAlpha(p, { B: 0 });
    const pg = fitPerGame(p);
    const ax = axisMatrix(p.games, t.axes);
    const nb = neighbours(ax.raw, 3);
    const fullJ = jaggednessPoint(5, 10, fit.alpha, (m, g) => pg.alpha[m][g], pg.sigma, nb);
    const s = jaggednessSubsets(t.rows, p.models, fit.alpha, ax.raw, p.games, fullJ, 3);
    expect(s.conditions.map((c) => c.condition)).toEqual([
      ...t.models.map((m) => `leave out ${m}`),
      'drop top three',
      'drop bottom three',
      'middle three only',
    ]);
    // By hand: the table without model 4.
    const rows = t.rows.filter((r: SlotRow) => !r.seats.includes(t.models[4]));
    const q = prepareSlots(rows, t.models.slice(0, 4));
    const qa = fitAlpha(q, { B: 0 });
    const qg = fitPerGame(q);
    const J4 = jaggednessPoint(4, 10, qa.alpha, (m, g) => qg.alpha[m][g], qg.sigma, nb);
    const loo = s.conditions[4];
    expect(loo.J[4]).toBeNull();
    for (let m = 0; m < 4; m++) expect(loo.J[m]).toBeCloseTo(J4[m], 12);
    // Top three by α̂ are models 0, 1, 2; the middle three of five are ranks 2–4.
    const byAlpha = t.models
      .map((_, m) => m)
      .sort((a, b) => fit.alpha[b] - fit.alpha[a])
      .map((m) => t.models[m]);
    expect(s.conditions[5].dropped).toEqual(byAlpha.slice(0, 3));
    expect(s.conditions[6].dropped).toEqual(byAlpha.slice(2));
    expect(s.conditions[7].dropped).toEqual([byAlpha[0], byAlpha[4]]);
    expect(s.conditions[7].J.filter((j) => j !== null)).toHaveLength(3);
    const r = s.leaveOneOutRange[0];
    const vals = s.conditions.slice(1, 5).map((c) => c.J[0]!);
    expect(r.min).toBeCloseTo(Math.min(...vals), 12);
    expect(r.relativeRange).toBeCloseTo((Math.max(...vals) - Math.min(...vals)) / fullJ[0], 12);
  });
});

describe('v1 set', () => {
  const G = 9;
  const z = Array.from({ length: G }, (_, g) => [Math.cos(g), ((g * 5) % 9) / 4 - 1]);

  it('leave-one-out residuals equal refits without each game', () => {
    const y = z.map((r, g) => 1 + 2 * r[0] - r[1] + (g === 4 ? 0.7 : 0) + 0.1 * Math.sin(3 * g));
    const loo = looResiduals(y, z)!;
    for (let g = 0; g < G; g++) {
      const keep = z.map((_, k) => k).filter((k) => k !== g);
      const X = new Matrix(keep.map((k) => [1, ...z[k]]));
      const b = solve(X.transpose().mmul(X), X.transpose().mmul(Matrix.columnVector(keep.map((k) => y[k]))));
      const pred = b.get(0, 0) + b.get(1, 0) * z[g][0] + b.get(2, 0) * z[g][1];
      expect(loo.e[g]).toBeCloseTo(y[g] - pred, 9);
    }
  });

  it("v1's J_m: zero on an exact plane; the residuals' variance net of the bootstrap variance otherwise", () => {
    const plane = z.map((r) => 0.4 * r[0] - 0.2 * r[1]);
    const bump = plane.map((v, g) => v + (g % 2 ? 0.3 : -0.3));
    const aMG = [plane, bump];
    const sigma = new Array(G).fill(2);
    // Replicates: cell ± 0.1 alternately, so each cell's bootstrap variance is 0.01·B/(B − 1).
    const B = 40;
    const reps: StratifiedReplicate[] = Array.from({ length: B }, (_, r) => ({
      alpha: new Float64Array(2),
      alphaGame: Float64Array.from(aMG.flat().map((v) => v + (r % 2 ? 0.1 : -0.1))),
      sigma,
    }));
    const j = jaggednessV1(aMG, sigma, z, reps);
    const noise = (0.01 * B) / (B - 1) / 4;
    expect(j.noiseVariance[0]).toBeCloseTo(noise, 12);
    expect(j.residualVariance[0]).toBeCloseTo(0, 12);
    expect(j.J[0]).toBe(0);
    const e = looResiduals(bump, z)!.e.map((x) => x / 2);
    const m = e.reduce((s, x) => s + x, 0) / G;
    const v = e.reduce((s, x) => s + (x - m) ** 2, 0) / (G - 1);
    expect(j.residualVariance[1]).toBeCloseTo(v, 12);
    expect(j.J[1]).toBeCloseTo(Math.sqrt(v - noise), 12);
    expect(j.r2[0]).toBeCloseTo(1, 12);
  });

  it('factor analysis of a rank-one standardised matrix: one factor explains everything, scores follow the game pattern', () => {
    const pattern = [2, -1, 0.5, 0, -1.5, 1];
    const c = [1, 0.5, -0.5, -1];
    const aMG = c.map((k) => pattern.map((v) => k * v));
    const f = factorAnalysis(
      ['a', 'b', 'c', 'd'],
      pattern.map((_, g) => `g${g}`),
      aMG,
      [3, 1, -1, -3],
    )!;
    expect(f.explained).toBeCloseTo(1, 9);
    // Stronger participants load positively.
    expect(f.loadings[0]).toBeGreaterThan(0);
    expect(f.loadings[3]).toBeLessThan(0);
    const mean = pattern.reduce((s, x) => s + x, 0) / 6;
    const ratio = f.scores.map((s, g) => s / (pattern[g] - mean));
    for (const r of ratio.filter(Number.isFinite)) expect(r).toBeCloseTo(ratio[0], 9);
    expect(ratio[0]).toBeGreaterThan(0);
    expect(f.residualPairs).toBe(6);
  });

  it('random subset refits: every subset of games with identical data keeps the order exactly', () => {
    const rows: SlotRow[] = [];
    const alpha = [1, 0.2, -0.3, -0.9];
    const ms = ['a', 'b', 'c', 'd'];
    for (let g = 0; g < 14; g++)
      for (let i = 0; i < 4; i++)
        for (let j = i + 1; j < 4; j++)
          for (let r = 0; r < 2; r++) {
            const y = alpha[i] - alpha[j];
            rows.push({ game: `g${String(g).padStart(2, '0')}`, run: r, seats: [ms[i], ms[j]], returns: [y / 2 + 1, -y / 2 - 1] });
            rows.push({ game: `g${String(g).padStart(2, '0')}`, run: r, seats: [ms[j], ms[i]], returns: [-y / 2 + 1, y / 2 - 1] });
          }
    const p = prepareSlots(rows, ms);
    const s = subsetRefits(p, fitAlpha(p, { B: 0 }).alpha, [5, 8, 12, 25], 50, 1);
    expect(s.map((x) => x.size)).toEqual([5, 8, 12]);
    for (const x of s) {
      expect(x.identified).toBe(50);
      expect(x.median).toBeCloseTo(1, 12);
      expect(x.p05).toBeCloseTo(1, 12);
    }
  });

  it("v1's composite: PC1 of univariate slopes at unit absolute sum, temporal weight positive", () => {
    // Orthogonal, centred axis columns, so the univariate slopes are the planted ones.
    const zz = [
      [1, 1],
      [1, -1],
      [-1, 1],
      [-1, -1],
      [1, 1],
      [1, -1],
      [-1, 1],
      [-1, -1],
      [0, 0],
    ].map((r) => r.map((v) => v));
    const c = [1.5, 0.5, -0.5, -1.5];
    const aMG = c.map((k) => zz.map((r) => k * (-0.6 * r[0] + 0.4 * r[1])));
    const rows: SlotRow[] = [{ game: 'g0', run: 0, seats: ['a', 'b'], returns: [1, -1] }];
    const p = prepareSlots(rows, ['a', 'b', 'c', 'd']);
    const cv = compositeV1(p, aMG, { names: ['temporal', 'state space'], z: zz }, 0, 1)!;
    expect(cv.slopes[0][0]).toBeCloseTo(-0.9, 12);
    expect(cv.weights[0]).toBeCloseTo(0.6, 9);
    expect(cv.weights[1]).toBeCloseTo(-0.4, 9);
    expect(cv.signAxis).toBe('temporal');
    expect(cv.explained).toBeCloseTo(1, 9);
    expect(cv.score[0]).toBeCloseTo(0.6 - 0.4, 9);
  });
});

describe('conventions (v2 App. H, J; v1 App. E.1)', () => {
  // A beats B in 6 slots, B beats A in 2, 4 ties; A sits in seat 0 in half of each kind.
  const rows: SlotRow[] = [];
  const add = (n: number, winA: number, aSeat0: boolean) => {
    for (let k = 0; k < n; k++)
      rows.push({ game: 'g', run: rows.length, seats: aSeat0 ? ['A', 'B'] : ['B', 'A'], returns: aSeat0 ? [winA, -winA] : [-winA, winA] });
  };
  (add(3, 1, true), add(3, 1, false), add(1, -1, true), add(1, -1, false), add(2, 0, true), add(2, 0, false));
  const p = prepareSlots(rows);

  it('Bradley–Terry: ties dropped (v1), ties to seat 1 (v2 1[edge > 0]), or halved', () => {
    const drop = bradleyTerry(p, [1, -1], { ties: 'drop' });
    expect(drop.prior).toBe(0);
    expect(drop.tiedSlots).toBe(4);
    expect(drop.games).toEqual([8, 8]);
    expect(drop.score[0] - drop.score[1]).toBeCloseTo(Math.log(6 / 2), 8);
    const v2 = bradleyTerry(p, [1, -1]);
    expect(v2.ties).toBe('seat1');
    // Ties: A in seat 0 loses 2, B in seat 0 loses 2 → A 8 wins, B 4 of 12.
    expect(v2.wins).toEqual([8, 4]);
    expect(v2.score[0] - v2.score[1]).toBeCloseTo(Math.log(8 / 4), 8);
    const half = bradleyTerry(p, [1, -1], { ties: 'half' });
    expect(half.prior).toBe(0.1);
    expect(half.score[0] - half.score[1]).toBeCloseTo(Math.log(8.05 / 4.05), 8);
    // Undefeated participant: the prior keeps the score finite and is reported.
    const sweep = prepareSlots(rows.filter((r) => (r.seats[0] === 'A' ? r.returns[0] : r.returns[1]) > 0));
    const s = bradleyTerry(sweep, [1, -1], { ties: 'drop' });
    expect(s.prior).toBe(0.1);
    expect(Number.isFinite(s.score[0])).toBe(true);
  });

  it('pairwise counts: ordered entries (72 for 9 participants) or unordered pairs', () => {
    const t = plantedTable({ alpha: [2, 1, 0, -1, -2, 0.5, -0.5, 1.5, -1.5], games: 3, runs: 3, pairsPerGame: 'all', axes: 1, seed: 4 });
    const q = prepareSlots(t.rows, t.models);
    const fit = fitAlpha(q, { B: 100, seed: 2 });
    const o = pairwiseMatrix(fit, 'ordered', q);
    const u = pairwiseMatrix(fit, 'unordered', q);
    expect(o.entries).toBe(72);
    expect(u.entries).toBe(36);
    expect(o.significant).toBe(2 * u.significant);
    expect(o.signReversals).toBe(2 * u.signReversals);
    expect(o.clusters[0][1]).toBe(3 * 3);
  });
});

describe('pairwise difference intervals (league methodology)', () => {
  it('cover the planted α_i − α_j at the nominal rate over 200 tables', () => {
    let n = 0;
    let covered = 0;
    for (let r = 0; r < 200; r++) {
      const t = plantedTable({ alpha: [0.6, 0.3, 0, -0.3, -0.6], games: 6, runs: 4, pairsPerGame: 'all', axes: 1, seed: 700 + r });
      const p = prepareSlots(t.rows, t.models);
      const d = pairDifferences(p, fitAlpha(p, { B: 200, seed: r }));
      for (const x of d.pairs) {
        const truth = t.alpha[t.models.indexOf(x.i)] - t.alpha[t.models.indexOf(x.j)];
        n++;
        if (x.ci.lo <= truth && truth <= x.ci.hi) covered++;
      }
      if (r === 0) {
        expect(d.pairs).toHaveLength(10);
        expect(d.clusters).toBe(6 * 10 * 4);
        expect(d.pairs[0].clustersBetween).toBe(6 * 4);
        expect(d.pairs[0].slotsI).toBe(6 * 4 * 4 * 2);
      }
    }
    expect(n).toBe(2000);
    expect(covered / n).toBeGreaterThanOrEqual(0.93);
    expect(covered / n).toBeLessThanOrEqual(0.97);
  });
});
