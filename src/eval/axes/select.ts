/**
 * Benchmark selection by farthest-point sampling in the axis space (GENSTRAT v2 §4): each axis is
 * min-max normalised to [0, 1] over the pool, the first game is the one nearest the centroid, and
 * each next game is the one whose Euclidean distance to the nearest selected game is largest.
 * Plus the diagnostics of §3.1 and Appendix D: per-axis coverage, the Pearson correlation matrix
 * and the variance-inflation factors of the selection.
 */
import { inverse, Matrix } from 'ml-matrix';
import { rngFromKeys } from '../../util/rng.js';

/** One candidate game: an id (e.g. its pool slot) and its axis values, parallel to the axis names. */
export interface Candidate {
  id: number;
  values: readonly number[];
}

/**
 * Min-max normalise each column to [0, 1] over `rows`; a constant column becomes 0.
 * @returns the normalised rows and the per-column [min, max]
 */
export function minMaxNormalise(rows: readonly (readonly number[])[]): { rows: number[][]; ranges: [number, number][] } {
  const k = rows[0]?.length ?? 0;
  const ranges: [number, number][] = Array.from({ length: k }, (_, j) => {
    let lo = Infinity;
    let hi = -Infinity;
    for (const r of rows) {
      lo = Math.min(lo, r[j]);
      hi = Math.max(hi, r[j]);
    }
    return [lo, hi];
  });
  return { rows: rows.map((r) => r.map((x, j) => (ranges[j][1] > ranges[j][0] ? (x - ranges[j][0]) / (ranges[j][1] - ranges[j][0]) : 0))), ranges };
}

const dist2 = (a: readonly number[], b: readonly number[]): number => a.reduce((s, x, j) => s + (x - b[j]) ** 2, 0);

/**
 * Farthest-point sampling of `n` candidates (all of them when fewer). Only games not chosen yet
 * compete, so no game is chosen twice, even when every remaining game is at distance 0 from the
 * chosen set (a pool with repeated axis vectors). Exact ties (equal distances, including the
 * centroid game) are broken by an order of the candidates shuffled from `seed`. Deterministic
 * for (candidates, n, seed).
 * @returns distinct indices into `candidates`, in the order chosen
 */
export function farthestPointSample(candidates: readonly Candidate[], n: number, seed: number): number[] {
  if (candidates.length === 0 || n <= 0) return [];
  const { rows } = minMaxNormalise(candidates.map((c) => c.values));
  const k = rows[0].length;
  const rng = rngFromKeys(seed, 0xf95);
  const order = candidates.map((_, i) => i);
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [order[i], order[j]] = [order[j], order[i]];
  }
  const centroid = Array.from({ length: k }, (_, j) => rows.reduce((s, r) => s + r[j], 0) / rows.length);
  let first = order[0];
  for (const i of order) if (dist2(rows[i], centroid) < dist2(rows[first], centroid)) first = i;
  const chosen = [first];
  const taken = new Uint8Array(rows.length);
  taken[first] = 1;
  const nearest = rows.map((r) => dist2(r, rows[first]));
  while (chosen.length < Math.min(n, candidates.length)) {
    let best = -1;
    for (const i of order) if (!taken[i] && (best < 0 || nearest[i] > nearest[best])) best = i;
    chosen.push(best);
    taken[best] = 1;
    for (let i = 0; i < rows.length; i++) nearest[i] = Math.min(nearest[i], dist2(rows[i], rows[best]));
  }
  return chosen;
}

/** Pearson correlation of two equal-length samples (NaN when either is constant). */
export function pearson(x: readonly number[], y: readonly number[]): number {
  const n = x.length;
  const mx = x.reduce((a, b) => a + b, 0) / n;
  const my = y.reduce((a, b) => a + b, 0) / n;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    sxy += (x[i] - mx) * (y[i] - my);
    sxx += (x[i] - mx) ** 2;
    syy += (y[i] - my) ** 2;
  }
  return sxx > 0 && syy > 0 ? sxy / Math.sqrt(sxx * syy) : NaN;
}

/** The Pearson correlation matrix of the columns of `rows`. */
export function correlationMatrix(rows: readonly (readonly number[])[]): number[][] {
  const k = rows[0]?.length ?? 0;
  const col = (j: number) => rows.map((r) => r[j]);
  return Array.from({ length: k }, (_, a) => Array.from({ length: k }, (_, b) => (a === b ? 1 : pearson(col(a), col(b)))));
}

/**
 * Variance-inflation factors (v2 Appendix D): VIF_j = 1 / (1 − R²_j), R²_j of the OLS regression of
 * column j on the others with an intercept; computed as the diagonal of the inverse correlation
 * matrix (the same number). Columns that are constant get NaN and are left out of the others'
 * regressions; a singular matrix (perfect collinearity) gives Infinity.
 */
export function varianceInflationFactors(rows: readonly (readonly number[])[]): number[] {
  const r = correlationMatrix(rows);
  const k = r.length;
  const live = Array.from({ length: k }, (_, j) => j).filter(
    (j) => r.every((row, a) => a === j || Number.isFinite(row[j])) && rows.some((x) => x[j] !== rows[0][j]),
  );
  const out = new Array<number>(k).fill(NaN);
  if (live.length === 0) return out;
  if (live.length === 1) {
    out[live[0]] = 1;
    return out;
  }
  const sub = new Matrix(live.map((a) => live.map((b) => r[a][b])));
  let inv: Matrix;
  try {
    inv = inverse(sub);
  } catch {
    live.forEach((j) => (out[j] = Infinity));
    return out;
  }
  live.forEach((j, i) => {
    const v = inv.get(i, i);
    out[j] = Number.isFinite(v) && v > 0 && v < 1e12 ? v : Infinity;
  });
  return out;
}

/**
 * The p-th percentile (p in [0, 1]) of `xs` by linear interpolation between order statistics
 * (Hyndman–Fan type 7, numpy's default): h = (n − 1)·p, x_(⌊h⌋) + (h − ⌊h⌋)·(x_(⌊h⌋+1) − x_(⌊h⌋)).
 * NaN for an empty sample.
 */
export function percentile(xs: readonly number[], p: number): number {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  const h = (s.length - 1) * p;
  const lo = Math.floor(h);
  return lo + 1 < s.length ? s[lo] + (h - lo) * (s[lo + 1] - s[lo]) : s[lo];
}

/**
 * Per-axis coverage of a selection: its min and max against the pool's, and the per-axis tertile
 * split of v2 §4 (Figure 2): the cuts are the 33rd and 67th percentiles of the selected games'
 * values ({@link percentile}), and each chosen game falls in the low (≤ first cut), middle
 * (≤ second cut) or high tertile.
 */
export interface AxisCoverage {
  poolMin: number;
  poolMax: number;
  min: number;
  max: number;
  /** The 33rd and 67th percentiles of the selection on this axis. */
  cuts: [number, number];
  /** Chosen games in the low, middle and high tertile (split at {@link AxisCoverage.cuts}). */
  tertiles: [number, number, number];
}

/** Coverage of each axis (columns of the pool rows) by the chosen rows. */
export function coverage(pool: readonly (readonly number[])[], chosen: readonly (readonly number[])[]): AxisCoverage[] {
  const k = pool[0]?.length ?? 0;
  return Array.from({ length: k }, (_, j) => {
    const p = pool.map((r) => r[j]);
    const c = chosen.map((r) => r[j]);
    const cuts: [number, number] = [percentile(c, 0.33), percentile(c, 0.67)];
    const tertiles: [number, number, number] = [0, 0, 0];
    for (const x of c) tertiles[x <= cuts[0] ? 0 : x <= cuts[1] ? 1 : 2]++;
    return { poolMin: Math.min(...p), poolMax: Math.max(...p), min: Math.min(...c), max: Math.max(...c), cuts, tertiles };
  });
}
