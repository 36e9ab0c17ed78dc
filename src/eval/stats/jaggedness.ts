/**
 * Local jaggedness J_m (GENSTRAT v2 §8, App. N):
 *
 *   z_{m,g} = (α̂_{m,g} − α̂_m) / σ_g,
 *   J_m = (1/|G|) Σ_g sqrt( (1/|𝒩(g)|) Σ_{g'∈𝒩(g)} (z_{m,g'} − z̄_{m,g})² ),
 *
 * with σ_g the SD of all signed margins on game g, 𝒩(g) = {g} ∪ N_K(g) the game and its K nearest
 * neighbours by Euclidean distance on axes min-max normalised to [0, 1] (ties broken by game order),
 * and the population SD inside a neighbourhood (App. N). Cells that are not identified are left out
 * of a neighbourhood; a game where the model is absent contributes no term to its mean.
 *
 * Intervals: bias-corrected percentile over the game-stratified paired-cluster bootstrap (each replicate
 * refits α̂_m, α̂_{m,g} and σ_g; App. N, B = 500). We also report the bootstrap bias-corrected point
 * 2Ĵ − mean J*, which removes part of the sampling-noise inflation of J (§8 footnote).
 */
import { basicInterval, bcPercentileInterval, spearman, type Interval } from './dist.js';
import type { StratifiedReplicate } from './per-game.js';

/** Indices of each game's K nearest neighbours (itself excluded) on min-max normalised axes. */
export function neighbours(raw: number[][], K: number): number[][] {
  const G = raw.length;
  const A = raw[0]?.length ?? 0;
  const lo = Array.from({ length: A }, (_, a) => Math.min(...raw.map((r) => r[a])));
  const hi = Array.from({ length: A }, (_, a) => Math.max(...raw.map((r) => r[a])));
  const x = raw.map((r) => r.map((v, a) => (hi[a] > lo[a] ? (v - lo[a]) / (hi[a] - lo[a]) : 0)));
  return x.map((xg, g) => {
    const d = x.map((xh, h) => ({ h, d: h === g ? Infinity : Math.hypot(...xg.map((v, a) => v - xh[a])) }));
    d.sort((p, q) => p.d - q.d || p.h - q.h);
    return d.slice(0, Math.min(K, G - 1)).map((e) => e.h);
  });
}

/** J_m for every model from a global α, a per-game matrix alphaGame(m, g) and σ_g. */
export function jaggednessPoint(
  M: number,
  G: number,
  alpha: ArrayLike<number>,
  alphaGame: (m: number, g: number) => number,
  sigma: readonly number[],
  nbrs: number[][],
): number[] {
  const out: number[] = [];
  for (let m = 0; m < M; m++) {
    const z = new Float64Array(G);
    for (let g = 0; g < G; g++) z[g] = (alphaGame(m, g) - alpha[m]) / sigma[g];
    let sum = 0;
    let count = 0;
    for (let g = 0; g < G; g++) {
      if (!Number.isFinite(z[g])) continue;
      const hood = [g, ...nbrs[g]].filter((h) => Number.isFinite(z[h]));
      const mean = hood.reduce((s, h) => s + z[h], 0) / hood.length;
      const v = hood.reduce((s, h) => s + (z[h] - mean) ** 2, 0) / hood.length;
      sum += Math.sqrt(v);
      count++;
    }
    out.push(count > 0 ? sum / count : NaN);
  }
  return out;
}

export interface Jaggedness {
  K: number;
  /** J_m (σ_g-studentised, population SD). */
  J: number[];
  /** 2Ĵ − mean J* per model. */
  biasCorrected: number[];
  /** Bias-corrected percentile 95 % intervals (App. N). */
  ci: Interval[];
  /** Efron's z₀ per model (|z₀| > 2: the BC interval sits in a tail of the replicates). */
  z0: number[];
  /** Basic bootstrap intervals around the bias-corrected points. */
  ciBasic: Interval[];
  /** K sweep: J at each K and the Spearman ρ of its order against K = `K`. */
  sweep: { K: number; J: number[]; spearmanWithBase: number }[];
  B: number;
}

/**
 * J_m with intervals and the K sweep (App. N: K ∈ {2, 4, 5, 7, 10, 15}, those below |G| kept).
 * @param alphaMG point α̂_{m,g} as alphaMG[m][g]; rawAxes[g][a] raw axis values of the same games.
 */
export function localJaggedness(
  alpha: readonly number[],
  alphaMG: number[][],
  sigma: readonly number[],
  rawAxes: number[][],
  reps: readonly StratifiedReplicate[],
  K = 3,
  sweepKs: readonly number[] = [2, 4, 5, 7, 10, 15],
): Jaggedness {
  const M = alpha.length;
  const G = sigma.length;
  const nb = neighbours(rawAxes, K);
  const J = jaggednessPoint(M, G, alpha, (m, g) => alphaMG[m][g], sigma, nb);
  const boot = reps.map((r) => jaggednessPoint(M, G, r.alpha, (m, g) => r.alphaGame[m * G + g], r.sigma, nb));
  const ci: Interval[] = [];
  const biasCorrected: number[] = [];
  const z0: number[] = [];
  const ciBasic: Interval[] = [];
  for (let m = 0; m < M; m++) {
    const col = boot.map((b) => b[m]);
    const c = bcPercentileInterval(J[m], col);
    ci.push({ lo: c.lo, hi: c.hi });
    z0.push(c.z0);
    ciBasic.push(basicInterval(J[m], col));
    const fin = col.filter(Number.isFinite);
    biasCorrected.push(fin.length ? 2 * J[m] - fin.reduce((s, x) => s + x, 0) / fin.length : NaN);
  }
  const sweep = sweepKs
    .filter((k) => k < G && k !== K)
    .map((k) => {
      const Jk = jaggednessPoint(M, G, alpha, (m, g) => alphaMG[m][g], sigma, neighbours(rawAxes, k));
      return { K: k, J: Jk, spearmanWithBase: spearman(Jk, J) };
    });
  return { K, J, biasCorrected, ci, z0, ciBasic, sweep, B: reps.length };
}
