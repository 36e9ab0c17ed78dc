/**
 * α̂: the additive paired-comparison model on signed chip margins (GENSTRAT v2 §6, v1 §6):
 *
 *   y_s = α_{i(s)} − α_{j(s)} + ε_s,   Σ_m α_m = 0,
 *
 * where y_s is seat 0's chips minus seat 1's chips in slot s and i(s), j(s) are the participants in
 * seats 0 and 1. OLS reduces to the weighted graph-Laplacian system L α = b with L_ii = Σ_j n_ij,
 * L_ij = −n_ij and b_i = Σ_j S_ij (n_ij slots between i and j, S_ij the sum of i's margins over j);
 * adding 𝟙𝟙ᵀ to L imposes Σα = 0 (b sums to zero). There is no seat term: with both seats of each
 * run played the seat effect cancels exactly, as in the paper. Units: chips/game (difference of the
 * two seats' chips).
 *
 * Confidence intervals: paired-cluster bootstrap, B = 2,000 by default, percentile 95 % intervals
 * (§6). The resampling unit is the block of clusters (game, unordered pair, run) dealt one play seed
 * (./slots.ts): one cluster under play-seed scheme 1, every pair's cluster of a (game, run) under
 * scheme 2.
 */
import { UserError } from '../../util/errors.js';
import { rngFromKeys } from '../../util/rng.js';
import { percentileInterval, type Interval } from './dist.js';
import { blocksWithin, type Cluster, type Prepared } from './slots.js';

/** Per-pair totals over a set of clusters: n[i·M+j] slots and s[i·M+j] Σ margin of i over j (i < j). */
export interface PairTotals {
  M: number;
  n: Float64Array;
  s: Float64Array;
}

export const emptyTotals = (M: number): PairTotals => ({ M, n: new Float64Array(M * M), s: new Float64Array(M * M) });

/** Add a cluster (weight w copies) to the totals. */
export function addCluster(t: PairTotals, c: Cluster, w = 1): void {
  const k = c.i * t.M + c.j;
  t.n[k] += w * c.n;
  t.s[k] += w * c.sum;
}

/** Add a block (its clusters' indices) to the totals. */
function addBlock(t: PairTotals, p: Prepared, block: readonly number[]): void {
  for (const k of block) addCluster(t, p.clusters[k]);
}

/** Whether the comparison graph over the participants `present` (all with n>0 edges) is connected. */
export function connected(t: PairTotals, present: readonly number[]): boolean {
  if (present.length <= 1) return present.length === 1;
  const M = t.M;
  const parent = new Int32Array(M).map((_, i) => i);
  const find = (x: number): number => (parent[x] === x ? x : (parent[x] = find(parent[x])));
  for (let i = 0; i < M; i++) for (let j = i + 1; j < M; j++) if (t.n[i * M + j] > 0) parent[find(i)] = find(j);
  const root = find(present[0]);
  return present.every((m) => find(m) === root);
}

/** Participants with at least one slot in the totals. */
export function presentModels(t: PairTotals): number[] {
  const M = t.M;
  const out: number[] = [];
  for (let m = 0; m < M; m++) {
    let any = false;
    for (let o = 0; o < M && !any; o++) if (o !== m && t.n[Math.min(m, o) * M + Math.max(m, o)] > 0) any = true;
    if (any) out.push(m);
  }
  return out;
}

/**
 * Solve the sum-to-zero paired-comparison fit on pair totals over the participants present.
 * The system (L + 𝟙𝟙ᵀ) α = b is symmetric positive definite when the comparison graph is connected;
 * it is solved by a dense Cholesky factorisation (a few participants; this runs inside every
 * bootstrap replicate, so it avoids allocating matrix objects).
 * @returns α (length M; NaN for participants absent) or null when the comparison graph of the
 *   participants present is not connected (strengths not identified).
 */
export function fitFromTotals(t: PairTotals): Float64Array | null {
  const M = t.M;
  const present = presentModels(t);
  if (present.length < 2 || !connected(t, present)) return null;
  const P = present.length;
  const L = new Float64Array(P * P).fill(1);
  const b = new Float64Array(P);
  for (let x = 0; x < P; x++)
    for (let z = x + 1; z < P; z++) {
      const k = present[x] * M + present[z];
      const n = t.n[k];
      if (n === 0) continue;
      const s = t.s[k];
      L[x * P + x] += n;
      L[z * P + z] += n;
      L[x * P + z] -= n;
      L[z * P + x] -= n;
      b[x] += s;
      b[z] -= s;
    }
  const sol = choleskySolve(L, b, P);
  if (!sol) return null;
  const alpha = new Float64Array(M).fill(NaN);
  present.forEach((m, x) => (alpha[m] = sol[x]));
  return alpha;
}

/** Solve A x = b for a symmetric positive definite P×P matrix A (row-major; overwritten). */
export function choleskySolve(A: Float64Array, b: Float64Array, P: number): Float64Array | null {
  for (let j = 0; j < P; j++) {
    let d = A[j * P + j];
    for (let k = 0; k < j; k++) d -= A[j * P + k] * A[j * P + k];
    if (!(d > 0)) return null;
    const ljj = Math.sqrt(d);
    A[j * P + j] = ljj;
    for (let i = j + 1; i < P; i++) {
      let s = A[i * P + j];
      for (let k = 0; k < j; k++) s -= A[i * P + k] * A[j * P + k];
      A[i * P + j] = s / ljj;
    }
  }
  const x = new Float64Array(P);
  for (let i = 0; i < P; i++) {
    let s = b[i];
    for (let k = 0; k < i; k++) s -= A[i * P + k] * x[k];
    x[i] = s / A[i * P + i];
  }
  for (let i = P - 1; i >= 0; i--) {
    let s = x[i];
    for (let k = i + 1; k < P; k++) s -= A[k * P + i] * x[k];
    x[i] = s / A[i * P + i];
  }
  return x;
}

/** Totals of the given clusters (all when `which` is omitted). */
export function totalsOf(p: Prepared, which?: readonly number[]): PairTotals {
  const t = emptyTotals(p.models.length);
  if (which) for (const k of which) addCluster(t, p.clusters[k]);
  else for (const c of p.clusters) addCluster(t, c);
  return t;
}

/** The α̂ fit with its bootstrap. */
export interface AlphaFit {
  models: string[];
  /** α̂_m, chips/game, Σ = 0. */
  alpha: number[];
  /** Percentile 95 % intervals of α̂_m. */
  ci: Interval[];
  /** Bootstrap standard errors of α̂_m. */
  se: number[];
  B: number;
  /** Replicates whose comparison graph was not connected (dropped). */
  unidentifiedReplicates: number;
  /** Bootstrap replicates of α̂ (B × M), kept for derived quantities. */
  replicates: Float64Array[];
  /** Pair totals of the fit (for the pairwise matrix). */
  totals: PairTotals;
  /** Bootstrap replicates of the pairwise mean margin (B × M·M, NaN where the pair never met). */
  pairReplicates: Float64Array[];
}

/** Options of {@link fitAlpha}. */
export interface AlphaOptions {
  /** Bootstrap resamples (default 2,000; 0 for the point estimate only). */
  B?: number;
  /** Seed of the bootstrap streams. */
  seed?: number;
  /** Restrict to these cluster indices (e.g. a tertile's games). */
  clusters?: readonly number[];
  /** Interval level (default 0.95). */
  level?: number;
  /**
   * Two-stage bootstrap (`--resample-games`): each replicate draws the games with replacement, then
   * the blocks within each drawn game, so the intervals also carry the variation from which games
   * were played (targets the strengths over the population of games, not the fixed set).
   */
  resampleGames?: boolean;
}

/**
 * Fit α̂ with paired-cluster bootstrap intervals (GENSTRAT v2 §6).
 * Replicate r resamples the blocks (./slots.ts) with replacement from the stream rngFromKeys(seed, 1, r).
 * @throws UserError when the participants' comparison graph is not connected.
 */
export function fitAlpha(p: Prepared, opts: AlphaOptions = {}): AlphaFit {
  const B = opts.B ?? 2000;
  const seed = opts.seed ?? 1;
  const idx = opts.clusters ?? p.clusters.map((_, k) => k);
  const M = p.models.length;
  const totals = totalsOf(p, idx);
  const alpha = fitFromTotals(totals);
  if (!alpha) throw new UserError('the participants do not form one connected comparison graph (some groups never met), so α̂ is not identified');
  const replicates: Float64Array[] = [];
  const pairReplicates: Float64Array[] = [];
  let unidentified = 0;
  const units = blocksWithin(p, idx);
  const C = units.length;
  const inIdx = new Set(idx);
  const byGame = opts.resampleGames
    ? p.blocksByGame.map((bs) => bs.map((b) => p.blocks[b].filter((k) => inIdx.has(k))).filter((ks) => ks.length > 0)).filter((bs) => bs.length > 0)
    : [];
  for (let r = 0; r < B; r++) {
    const rng = rngFromKeys(seed, 1, r);
    const t = emptyTotals(M);
    if (opts.resampleGames)
      for (let h = 0; h < byGame.length; h++) {
        const bs = byGame[Math.floor(rng() * byGame.length)];
        for (let k = 0; k < bs.length; k++) addBlock(t, p, bs[Math.floor(rng() * bs.length)]);
      }
    else for (let k = 0; k < C; k++) addBlock(t, p, units[Math.floor(rng() * C)]);
    const pm = new Float64Array(M * M).fill(NaN);
    for (let i = 0; i < M; i++)
      for (let j = i + 1; j < M; j++) {
        const n = t.n[i * M + j];
        if (n > 0) ((pm[i * M + j] = t.s[i * M + j] / n), (pm[j * M + i] = -t.s[i * M + j] / n));
      }
    pairReplicates.push(pm);
    const a = fitFromTotals(t);
    if (!a || a.some((x, m) => Number.isNaN(x) && !Number.isNaN(alpha[m]))) {
      unidentified++;
      continue;
    }
    replicates.push(a);
  }
  const ci: Interval[] = [];
  const se: number[] = [];
  for (let m = 0; m < M; m++) {
    const col = replicates.map((a) => a[m]);
    ci.push(percentileInterval(col, opts.level ?? 0.95));
    const mean = col.reduce((s, x) => s + x, 0) / Math.max(1, col.length);
    se.push(Math.sqrt(col.reduce((s, x) => s + (x - mean) ** 2, 0) / Math.max(1, col.length - 1)));
  }
  return { models: p.models, alpha: [...alpha], ci, se, B, unidentifiedReplicates: unidentified, replicates, totals, pairReplicates };
}
