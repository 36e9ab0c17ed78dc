/**
 * Capability profiles (GENSTRAT v2 §7, App. L, App. M): for each participant m, OLS over games
 *
 *   α̂_{m,g} = β_{m,0} + Σ_a β_{m,a} z_a(g) + ε_{m,g},
 *
 * with z_a(g) the axis value z-scored over the analysed games (mean 0, sample SD 1; v1 §7). Slopes
 * are chips/game per SD of the axis. Intervals: percentile 95 % over the game-stratified
 * paired-cluster bootstrap (§7, B = 500); p-values: two-sided, from Student's t with the regression's
 * residual degrees of freedom G − A − 1 and the bootstrap standard error, p = 2·T_{G−A−1}(−|β̂|/SE*)
 * (a percentile p-value has resolution 1/B, too coarse for BH over |M|·|A| tests; the normal
 * reference was anti-conservative at BH's small thresholds in the planted-null bench); q-values: Benjamini–Hochberg across all (model, axis) slopes (App. L).
 * App. M's predicted strength at each axis's maximum (others at their medians) is reported too.
 */
import { Matrix, SingularValueDecomposition, pseudoInverse } from 'ml-matrix';
import { UserError } from '../../util/errors.js';
import { benjaminiHochberg, percentileInterval, sampleSd, studentTCdf, type Interval } from './dist.js';
import type { StratifiedReplicate } from './per-game.js';
import type { AxisRow } from './slots.js';

/** Z-scored axes for the given games. */
export interface AxisMatrix {
  names: string[];
  /** z[g][a]; the games of the analysis, in their order. */
  z: number[][];
  /** Raw values raw[g][a]. */
  raw: number[][];
  /** Axes dropped because they are constant over the games. */
  constant: string[];
}

/**
 * Match axis rows to the analysed games and z-score each axis.
 * @throws UserError when a game has no axis row, rows disagree on axis names, or a value is not finite.
 */
export function axisMatrix(games: readonly string[], rows: readonly AxisRow[]): AxisMatrix {
  const byGame = new Map(rows.map((r) => [r.game, r]));
  const missing = games.filter((g) => !byGame.has(g));
  if (missing.length > 0) throw new UserError(`no axis values for ${missing.length} game(s) of the slots, e.g. ${missing[0]}`);
  const names0 = Object.keys(byGame.get(games[0])!.axes).sort();
  for (const g of games) {
    const ax = byGame.get(g)!.axes;
    const names = Object.keys(ax).sort();
    if (names.join(',') !== names0.join(',')) throw new UserError(`game ${g}: axes ${names.join(', ')} differ from ${names0.join(', ')}`);
    for (const n of names) if (typeof ax[n] !== 'number' || !Number.isFinite(ax[n])) throw new UserError(`game ${g}: axis ${n} is not a finite number`);
  }
  const raw0 = games.map((g) => names0.map((n) => byGame.get(g)!.axes[n]));
  const keep: number[] = [];
  const constant: string[] = [];
  names0.forEach((n, a) => {
    const sd = sampleSd(raw0.map((r) => r[a]));
    if (sd > 0) keep.push(a);
    else constant.push(n);
  });
  const names = keep.map((a) => names0[a]);
  const raw = raw0.map((r) => keep.map((a) => r[a]));
  const z = raw.map((r) => r.slice());
  names.forEach((_, a) => {
    const col = raw.map((r) => r[a]);
    const mean = col.reduce((s, x) => s + x, 0) / col.length;
    const sd = sampleSd(col);
    z.forEach((r, g) => (r[a] = (raw[g][a] - mean) / sd));
  });
  return { names, z, raw, constant };
}

/**
 * OLS coefficients [β0, β1..βA] of y on [1, z] over the rows where y is finite; null when there are
 * fewer than A + 2 such rows or the design is rank deficient. The projection (XᵀX)⁻¹Xᵀ comes from
 * ml-matrix's SVD pseudo-inverse and is cached per set of rows (`cache`), since bootstrap replicates
 * share the design.
 */
export function olsSlopes(y: ArrayLike<number>, z: number[][], cache?: Map<string, Matrix | null>): number[] | null {
  const rows: number[] = [];
  for (let g = 0; g < z.length; g++) if (Number.isFinite(y[g])) rows.push(g);
  const A = z[0]?.length ?? 0;
  if (rows.length < A + 2) return null;
  const key = rows.length === z.length ? '*' : rows.join(',');
  let H = cache?.get(key);
  if (H === undefined) {
    const X = new Matrix(rows.map((g) => [1, ...z[g]]));
    const svd = new SingularValueDecomposition(X, { autoTranspose: true });
    H = svd.rank < A + 1 ? null : pseudoInverse(X);
    cache?.set(key, H);
  }
  if (H === null) return null;
  const out = new Array<number>(A + 1).fill(0);
  for (let c = 0; c <= A; c++) {
    let s = 0;
    for (let r = 0; r < rows.length; r++) s += H.get(c, r) * y[rows[r]];
    out[c] = s;
  }
  return out.every(Number.isFinite) ? out : null;
}

export interface ProfileSlope {
  model: string;
  axis: string;
  slope: number;
  ci: Interval;
  se: number;
  p: number;
  q: number;
}

export interface CapabilityProfiles {
  axes: string[];
  /** Intercepts β_{m,0} per model. */
  intercepts: number[];
  /** slopes[m][a], chips/game per SD. */
  slopes: number[][];
  /** Every (model, axis) slope with its interval, p and BH q. */
  table: ProfileSlope[];
  /** App. M: predicted α̂ at axis a's maximum z, other axes at their medians: predicted[m][a] with CIs. */
  predictedAtMax: { value: number; ci: Interval }[][];
  B: number;
  fdrLevel: number;
}

/**
 * Fit the per-model profiles from the point α̂_{m,g} matrix and the stratified bootstrap replicates.
 * @throws UserError when there are too few games for the number of axes.
 */
export function capabilityProfiles(
  models: readonly string[],
  alphaMG: number[][],
  axes: AxisMatrix,
  reps: readonly StratifiedReplicate[],
  fdrLevel = 0.05,
): CapabilityProfiles {
  const M = models.length;
  const G = axes.z.length;
  const A = axes.names.length;
  if (G < A + 2) throw new UserError(`capability profiles need at least ${A + 2} games for ${A} axes; the slots cover ${G}`);
  const med = axes.names.map((_, a) => median(axes.z.map((r) => r[a])));
  const max = axes.names.map((_, a) => Math.max(...axes.z.map((r) => r[a])));
  const predict = (b: number[], a: number): number => b[0] + axes.names.reduce((s, _, k) => s + b[k + 1] * (k === a ? max[k] : med[k]), 0);
  const intercepts: number[] = [];
  const slopes: number[][] = [];
  const table: ProfileSlope[] = [];
  const predictedAtMax: { value: number; ci: Interval }[][] = [];
  for (let m = 0; m < M; m++) {
    const cache = new Map<string, Matrix | null>();
    const b = olsSlopes(alphaMG[m], axes.z, cache) ?? new Array<number>(A + 1).fill(NaN);
    intercepts.push(b[0]);
    slopes.push(b.slice(1));
    const boot = reps.map((r) =>
      olsSlopes(
        Array.from({ length: G }, (_, g) => r.alphaGame[m * G + g]),
        axes.z,
        cache,
      ),
    );
    for (let a = 0; a < A; a++) {
      const col = boot.map((x) => (x ? x[a + 1] : NaN));
      const se = sampleSd(col);
      const p = Number.isFinite(b[a + 1]) && se > 0 ? 2 * studentTCdf(-Math.abs(b[a + 1]) / se, G - A - 1) : NaN;
      table.push({ model: models[m], axis: axes.names[a], slope: b[a + 1], ci: percentileInterval(col), se, p, q: NaN });
    }
    predictedAtMax.push(
      axes.names.map((_, a) => ({ value: Number.isFinite(b[0]) ? predict(b, a) : NaN, ci: percentileInterval(boot.map((x) => (x ? predict(x, a) : NaN))) })),
    );
  }
  const q = benjaminiHochberg(table.map((t) => t.p));
  table.forEach((t, k) => (t.q = q[k]));
  return { axes: axes.names, intercepts, slopes, table, predictedAtMax, B: reps.length, fdrLevel };
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const h = s.length >> 1;
  return s.length % 2 ? s[h] : (s[h - 1] + s[h]) / 2;
}
