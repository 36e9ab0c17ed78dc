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
 * Farthest-point sampling of `n` candidates (all of them when fewer). Exact ties (equal
 * distances) are broken by an order shuffled from `seed`. Deterministic for (candidates, n, seed).
 * @returns indices into `candidates`, in the order chosen
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
  const nearest = rows.map((r) => dist2(r, rows[first]));
  while (chosen.length < Math.min(n, candidates.length)) {
    let best = -1;
    for (const i of order) if (best < 0 || nearest[i] > nearest[best]) best = i;
    chosen.push(best);
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
  const live = Array.from({ length: k }, (_, j) => j).filter((j) => r.every((row, a) => a === j || Number.isFinite(row[j])) && rows.some((x) => x[j] !== rows[0][j]));
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

/** Per-axis coverage of a selection: its min and max against the pool's, and how many chosen games fall in each third of the pool's range. */
export interface AxisCoverage {
  poolMin: number;
  poolMax: number;
  min: number;
  max: number;
  /** Chosen games in the lower, middle and upper third of the pool's [min, max]. */
  thirds: [number, number, number];
}

/** Coverage of each axis (columns of the pool rows) by the chosen rows. */
export function coverage(pool: readonly (readonly number[])[], chosen: readonly (readonly number[])[]): AxisCoverage[] {
  const k = pool[0]?.length ?? 0;
  return Array.from({ length: k }, (_, j) => {
    const p = pool.map((r) => r[j]);
    const c = chosen.map((r) => r[j]);
    const poolMin = Math.min(...p);
    const poolMax = Math.max(...p);
    const thirds: [number, number, number] = [0, 0, 0];
    for (const x of c) {
      const t = poolMax > poolMin ? Math.min(2, Math.floor(((x - poolMin) / (poolMax - poolMin)) * 3)) : 0;
      thirds[t]++;
    }
    return { poolMin, poolMax, min: Math.min(...c), max: Math.max(...c), thirds };
  });
}
