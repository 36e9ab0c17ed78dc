/**
 * GENSTRAT v1's own analyses (`gbgc analyze --set v1`), beside v2's: J_m from leave-one-out residuals
 * of a smooth surface net of sampling variance (v1 §7), the factor analysis of the standardised
 * α̂_{m,g} (v1 §7, App. G.1), refits on random game subsets (v1 App. E.1) and the composite built
 * from separate univariate slopes (v1 App. E). v1's Bradley–Terry (ties dropped) and unordered pair
 * counts are conventions of ./robustness.ts.
 */
import { Matrix, SingularValueDecomposition } from 'ml-matrix';
import { rngFromKeys } from '../../util/rng.js';
import { fitAlpha, fitFromTotals, totalsOf } from './alpha.js';
import { benjaminiHochberg, finiteSorted, percentileInterval, spearman, studentTCdf, type Interval } from './dist.js';
import type { StratifiedReplicate } from './per-game.js';
import type { Prepared } from './slots.js';
import { quantileSorted } from 'simple-statistics';

/** v1's J_m per participant. */
export interface JaggednessV1 {
  /** J_m = sqrt(max(0, s²(r) − mean v)), in units of σ_g. */
  J: (number | null)[];
  /** Percentile 95 % intervals over the game-stratified bootstrap. */
  ci: (Interval | null)[];
  /** Sample variance of the studentised leave-one-out residuals, before the noise is subtracted. */
  residualVariance: (number | null)[];
  /** Mean sampling variance subtracted (mean over games of Var*(α̂_{m,g}) / σ_g²). */
  noiseVariance: (number | null)[];
  /** R² of the surface fitted on all games. */
  r2: (number | null)[];
  /** Games used per participant. */
  games: number[];
  B: number;
}

/**
 * Leave-one-out residuals of y on [1, x] (OLS; x the z-scored axes): e_g = (y_g − ŷ_g)/(1 − h_gg),
 * the residual of game g from the surface fitted on the other games. Rows with non-finite y are
 * left out (NaN). Also returns R² of the full fit. Null when fewer than A + 3 rows are finite or
 * the design is rank deficient.
 */
export function looResiduals(y: ArrayLike<number>, x: readonly (readonly number[])[]): { e: number[]; r2: number } | null {
  const rows: number[] = [];
  for (let g = 0; g < x.length; g++) if (Number.isFinite(y[g])) rows.push(g);
  const A = x[0]?.length ?? 0;
  if (rows.length < A + 3) return null;
  const X = new Matrix(rows.map((g) => [1, ...x[g]]));
  const svd = new SingularValueDecomposition(X, { autoTranspose: true });
  if (svd.rank < A + 1) return null;
  const inv = svd.solve(Matrix.eye(rows.length)); // (XᵀX)⁻¹Xᵀ, the pseudo-inverse
  const yv = Matrix.columnVector(rows.map((g) => y[g]));
  const beta = inv.mmul(yv);
  const fitted = X.mmul(beta);
  const H = X.mmul(inv);
  const mean = rows.reduce((s, g) => s + y[g], 0) / rows.length;
  let sse = 0;
  let sst = 0;
  const e = new Array<number>(x.length).fill(NaN);
  rows.forEach((g, r) => {
    const res = y[g] - fitted.get(r, 0);
    sse += res * res;
    sst += (y[g] - mean) ** 2;
    e[g] = res / (1 - H.get(r, r));
  });
  return { e, r2: sst > 0 ? 1 - sse / sst : NaN };
}

/** Sample variance (n − 1) of the finite values; NaN with fewer than two. */
function sampleVar(xs: readonly number[]): number {
  const v = xs.filter(Number.isFinite);
  if (v.length < 2) return NaN;
  const m = v.reduce((s, x) => s + x, 0) / v.length;
  return v.reduce((s, x) => s + (x - m) ** 2, 0) / (v.length - 1);
}

/**
 * v1's local jaggedness (GENSTRAT v1 §7, App. H): for each participant, a smooth surface of its
 * per-game strength over the axes — here the OLS plane on the z-scored axes, the surface v1's R²
 * describes — predicts each game from the others; the studentised leave-one-out residuals are
 * r_g = e_g/σ_g, and
 *
 *   J_m = sqrt( max(0, s²(r) − (1/|G|) Σ_g Var*(α̂_{m,g})/σ_g²) ),
 *
 * the residuals' sample variance net of the games' sampling variance (Var* over the game-stratified
 * bootstrap replicates). v1 scales by each game's payoff SD under random play; we use σ_g, the SD of
 * all margins on the game (the same scale as v2's J_m), since the slots do not include random play.
 * Intervals: percentile over the replicates, each replicate's J computed the same way with the same
 * noise term.
 */
export function jaggednessV1(alphaMG: number[][], sigma: readonly number[], z: number[][], reps: readonly StratifiedReplicate[]): JaggednessV1 {
  const M = alphaMG.length;
  const G = sigma.length;
  const out: JaggednessV1 = { J: [], ci: [], residualVariance: [], noiseVariance: [], r2: [], games: [], B: reps.length };
  for (let m = 0; m < M; m++) {
    const noise = Array.from({ length: G }, (_, g) => {
      const col = reps.map((r) => r.alphaGame[m * G + g]);
      return sampleVar(col) / sigma[g] ** 2;
    });
    const stat = (y: ArrayLike<number>, sg: readonly number[]): { J: number; rv: number; nv: number; r2: number; n: number } => {
      const loo = looResiduals(y, z);
      if (!loo) return { J: NaN, rv: NaN, nv: NaN, r2: NaN, n: 0 };
      const r = loo.e.map((e, g) => e / sg[g]);
      const used = r.map((x, g) => (Number.isFinite(x) && Number.isFinite(noise[g]) ? g : -1)).filter((g) => g >= 0);
      const rv = sampleVar(used.map((g) => r[g]));
      const nv = used.reduce((s, g) => s + noise[g], 0) / used.length;
      return { J: Math.sqrt(Math.max(0, rv - nv)), rv, nv, r2: loo.r2, n: used.length };
    };
    const s = stat(alphaMG[m], sigma);
    const boot = reps.map(
      (r) =>
        stat(
          Array.from({ length: G }, (_, g) => r.alphaGame[m * G + g]),
          r.sigma,
        ).J,
    );
    const ci = percentileInterval(boot);
    out.J.push(Number.isFinite(s.J) ? s.J : null);
    out.ci.push(Number.isFinite(ci.lo) ? ci : null);
    out.residualVariance.push(Number.isFinite(s.rv) ? s.rv : null);
    out.noiseVariance.push(Number.isFinite(s.nv) ? s.nv : null);
    out.r2.push(Number.isFinite(s.r2) ? s.r2 : null);
    out.games.push(s.n);
  }
  return out;
}

/** The first factor of the standardised α̂_{m,g} matrix. */
export interface FactorAnalysis {
  /** Share of the standardised variance on the first factor, s₁²/Σs². */
  explained: number;
  /** Per participant: its loading (left singular vector), signed so loadings rise with α̂. */
  loadings: number[];
  /** Per game: its score on the factor (right singular vector × s₁). */
  scores: number[];
  /** Spearman ρ of the game scores with each axis (when axes are given). */
  axisCorrelation: { axis: string; spearman: number | null }[];
  /** Residual correlations between participants after the factor is removed: pairs tested and pairs with BH q < 0.05 (t test on Pearson r, |G| − 2 degrees of freedom). */
  residualPairs: number;
  residualSignificant: number;
  /** Participants and games used (participants or games with an unidentified cell are left out). */
  participants: string[];
  games: string[];
}

/**
 * Factor analysis (GENSTRAT v1 §7, App. G.1): each participant's α̂_{m,g} is standardised across
 * games (mean 0, sample SD 1), and the first factor of the SVD of the participants × games matrix is
 * taken: loadings u₁, game scores s₁v₁, explained share s₁²/Σ s_k². A game with a high score is one
 * where the strong participants gain and the weak lose. After the rank-one factor is removed, the
 * Pearson correlation of every pair of participants' residual rows is tested (t with |G| − 2
 * degrees of freedom) and Benjamini–Hochberg applied at 0.05 over the pairs.
 * Only complete cells are used: a game with an unidentified cell is left out.
 * @returns null with fewer than two participants or three games
 */
export function factorAnalysis(
  models: readonly string[],
  games: readonly string[],
  alphaMG: number[][],
  alpha: readonly number[],
  z?: { names: string[]; z: number[][] },
): FactorAnalysis | null {
  const gs = games.map((_, g) => g).filter((g) => alphaMG.every((row) => Number.isFinite(row[g])));
  const ms = models
    .map((_, m) => m)
    .filter((m) => {
      const row = gs.map((g) => alphaMG[m][g]);
      return row.length > 1 && Math.max(...row) > Math.min(...row);
    });
  if (ms.length < 2 || gs.length < 3) return null;
  const X = ms.map((m) => {
    const row = gs.map((g) => alphaMG[m][g]);
    const mean = row.reduce((s, x) => s + x, 0) / row.length;
    const sd = Math.sqrt(row.reduce((s, x) => s + (x - mean) ** 2, 0) / (row.length - 1));
    return row.map((x) => (x - mean) / sd);
  });
  const svd = new SingularValueDecomposition(new Matrix(X), { autoTranspose: true });
  const sv = svd.diagonal;
  let u = svd.leftSingularVectors.getColumn(0);
  let v = svd.rightSingularVectors.getColumn(0);
  const rho = spearman(
    u,
    ms.map((m) => alpha[m]),
  );
  if (Number.isFinite(rho) ? rho < 0 : u.reduce((s, x) => s + x, 0) < 0) {
    u = u.map((x) => -x);
    v = v.map((x) => -x);
  }
  const total = sv.reduce((s, x) => s + x * x, 0);
  const scores = v.map((x) => x * sv[0]);
  // Residuals after the factor.
  const R = X.map((row, i) => row.map((x, j) => x - sv[0] * u[i] * v[j]));
  const p: number[] = [];
  const G = gs.length;
  for (let i = 0; i < R.length; i++)
    for (let j = i + 1; j < R.length; j++) {
      const r = pearson(R[i], R[j]);
      if (!Number.isFinite(r) || G < 4) {
        p.push(NaN);
        continue;
      }
      const t = (r * Math.sqrt(G - 2)) / Math.sqrt(Math.max(1e-300, 1 - r * r));
      p.push(2 * studentTCdf(-Math.abs(t), G - 2));
    }
  const q = benjaminiHochberg(p);
  return {
    explained: total > 0 ? (sv[0] * sv[0]) / total : NaN,
    loadings: u,
    scores,
    axisCorrelation: z
      ? z.names.map((axis, a) => {
          const r = spearman(
            scores,
            gs.map((g) => z.z[g][a]),
          );
          return { axis, spearman: Number.isFinite(r) ? r : null };
        })
      : [],
    residualPairs: p.filter(Number.isFinite).length,
    residualSignificant: q.filter((x) => x < 0.05).length,
    participants: ms.map((m) => models[m]),
    games: gs.map((g) => games[g]),
  };
}

function pearson(a: readonly number[], b: readonly number[]): number {
  const n = a.length;
  const ma = a.reduce((s, x) => s + x, 0) / n;
  const mb = b.reduce((s, x) => s + x, 0) / n;
  let sab = 0;
  let saa = 0;
  let sbb = 0;
  for (let k = 0; k < n; k++) ((sab += (a[k] - ma) * (b[k] - mb)), (saa += (a[k] - ma) ** 2), (sbb += (b[k] - mb) ** 2));
  return saa > 0 && sbb > 0 ? sab / Math.sqrt(saa * sbb) : NaN;
}

/** Random game-subset refits at one subset size. */
export interface SubsetRefitSize {
  size: number;
  /** Subsets drawn, and those whose α̂ was identified. */
  draws: number;
  identified: number;
  /** Median and 5th percentile of Spearman ρ with the full α̂. */
  median: number | null;
  p05: number | null;
}

/**
 * Random game-subset refits (GENSTRAT v1 App. E.1): for each size (default 5, 8, 12, 25; those below
 * the number of games), `draws` (default 1,000) subsets of that many distinct games are drawn
 * uniformly (subset r of size n from rngFromKeys(seed, 7, n, r)), α̂ is refit on their slots, and
 * the Spearman ρ with the full α̂ is summarised by its median and 5th percentile. A subset whose
 * comparison graph does not connect every participant is counted as not identified.
 */
export function subsetRefits(p: Prepared, alpha: readonly number[], sizes: readonly number[] = [5, 8, 12, 25], draws = 1000, seed = 1): SubsetRefitSize[] {
  const G = p.games.length;
  return sizes
    .filter((n) => n < G)
    .map((n) => {
      const rhos: number[] = [];
      for (let r = 0; r < draws; r++) {
        const rng = rngFromKeys(seed, 7, n, r);
        const idx = Array.from({ length: G }, (_, g) => g);
        for (let i = 0; i < n; i++) {
          const j = i + Math.floor(rng() * (G - i));
          [idx[i], idx[j]] = [idx[j], idx[i]];
        }
        const chosen = idx.slice(0, n);
        const ks = chosen.flatMap((g) => p.clustersByGame[g]);
        const a = ks.length ? fitFromTotals(totalsOf(p, ks)) : null;
        if (!a || a.some((x) => !Number.isFinite(x))) continue;
        const rho = spearman(a, alpha);
        if (Number.isFinite(rho)) rhos.push(rho);
      }
      const s = finiteSorted(rhos);
      return { size: n, draws, identified: rhos.length, median: s.length ? quantileSorted(s, 0.5) : null, p05: s.length ? quantileSorted(s, 0.05) : null };
    });
}

/** v1's composite complexity. */
export interface CompositeV1 {
  axes: string[];
  /** Univariate slopes[m][a]: OLS of α̂_{m,g} on [1, z_a(g)] alone. */
  slopes: number[][];
  /** PC1 weights rescaled to Σ|w| = 1. */
  weights: number[];
  /** Share of the column-centred slope matrix's variance on PC1. */
  explained: number;
  /** The axis whose weight is made positive. */
  signAxis: string;
  /** Per game: z(g)·w. */
  score: number[];
  /** α̂ spread (max − min) per tertile of the score (easiest first, sizes as the v2 tertiles) and on the eight highest-scoring games. */
  tertileSpread: (number | null)[];
  top8: { games: string[]; spread: number | null; alpha: number[] | null; ci: Interval[] | null } | null;
}

/**
 * v1's composite complexity (GENSTRAT v1 App. E "Composite complexity"): the slope of each
 * participant on each axis comes from a separate univariate regression of α̂_{m,g} on that z-scored
 * axis; the PC1 of the column-centred participants × axes slope matrix gives the weights, rescaled
 * to unit absolute sum with the sign making the weight of `signAxis` positive (v1: the temporal
 * axis; default: the first axis whose name contains "temporal", else the axis of largest |weight|).
 * Each game's score is z(g)·w. Also: the α̂ spread per score tertile and the refit on the eight
 * highest-scoring games (B resamples).
 */
export function compositeV1(
  p: Prepared,
  alphaMG: number[][],
  axes: { names: string[]; z: number[][] },
  B = 500,
  seed = 1,
  signAxis?: string,
): CompositeV1 | null {
  const A = axes.names.length;
  if (A === 0) return null;
  const slopes = alphaMG.map((row) =>
    axes.names.map((_, a) => {
      const gs = row.map((y, g) => (Number.isFinite(y) ? g : -1)).filter((g) => g >= 0);
      if (gs.length < 3) return NaN;
      const x = gs.map((g) => axes.z[g][a]);
      const y = gs.map((g) => row[g]);
      const mx = x.reduce((s, v) => s + v, 0) / x.length;
      const my = y.reduce((s, v) => s + v, 0) / y.length;
      let sxy = 0;
      let sxx = 0;
      for (let k = 0; k < x.length; k++) ((sxy += (x[k] - mx) * (y[k] - my)), (sxx += (x[k] - mx) ** 2));
      return sxx > 0 ? sxy / sxx : NaN;
    }),
  );
  const rows = slopes.filter((r) => r.every(Number.isFinite));
  if (rows.length < 2) return null;
  const means = axes.names.map((_, a) => rows.reduce((s, r) => s + r[a], 0) / rows.length);
  const svd = new SingularValueDecomposition(new Matrix(rows.map((r) => r.map((x, a) => x - means[a]))), {
    computeLeftSingularVectors: false,
    autoTranspose: true,
  });
  let w = svd.rightSingularVectors.getColumn(0).slice(0, A);
  const abs = w.reduce((s, x) => s + Math.abs(x), 0);
  w = w.map((x) => x / abs);
  const sa = signAxis ?? axes.names.find((n) => /temporal/i.test(n)) ?? axes.names[w.reduce((b, x, a) => (Math.abs(x) > Math.abs(w[b]) ? a : b), 0)];
  const ai = axes.names.indexOf(sa);
  if (ai >= 0 && w[ai] < 0) w = w.map((x) => -x);
  const sv = svd.diagonal;
  const total = sv.reduce((s, x) => s + x * x, 0);
  const score = axes.z.map((zg) => zg.reduce((s, x, a) => s + x * w[a], 0));
  const order = score.map((_, g) => g).sort((a, b) => score[a] - score[b] || a - b);
  const n = order.length;
  const n1 = Math.floor(n / 3);
  const n2 = Math.floor((n - n1) / 2);
  const groups = [order.slice(0, n1), order.slice(n1, n1 + n2), order.slice(n1 + n2)];
  const spreadOf = (gs: number[]): number | null => {
    const set = new Set(gs);
    const ks = p.clusters.flatMap((c, k) => (set.has(c.game) ? [k] : []));
    const a = ks.length ? fitFromTotals(totalsOf(p, ks)) : null;
    const fin = a ? [...a].filter(Number.isFinite) : [];
    return fin.length >= 2 ? Math.max(...fin) - Math.min(...fin) : null;
  };
  let top8: CompositeV1['top8'] = null;
  if (n > 8) {
    const gs = order.slice(n - 8);
    const set = new Set(gs);
    const ks = p.clusters.flatMap((c, k) => (set.has(c.game) ? [k] : []));
    try {
      const fit = fitAlpha(p, { B, seed: seed * 41 + 1, clusters: ks });
      top8 = { games: gs.map((g) => p.games[g]), spread: spreadOf(gs), alpha: fit.alpha, ci: fit.ci };
    } catch {
      top8 = { games: gs.map((g) => p.games[g]), spread: null, alpha: null, ci: null };
    }
  }
  return {
    axes: axes.names,
    slopes,
    weights: w,
    explained: total > 0 ? (sv[0] * sv[0]) / total : NaN,
    signAxis: sa,
    score,
    tertileSpread: groups.map(spreadOf),
    top8,
  };
}
