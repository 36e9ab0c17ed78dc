/**
 * Distributions, quantiles, intervals and multiple-testing helpers shared by the estimators.
 * Normal CDF/quantile come from jstat, sample quantiles from simple-statistics; the interval
 * rules (percentile, Efron's bias-corrected percentile) and Benjamini–Hochberg are written here
 * because they are the estimators' own definitions (GENSTRAT v2 App. G, L, N, P).
 */
import jStat from 'jstat';
import { quantileSorted, sampleRankCorrelation } from 'simple-statistics';

/** Standard normal CDF Φ(x). */
export const normCdf = (x: number): number => (x === Infinity ? 1 : x === -Infinity ? 0 : jStat.normal.cdf(x, 0, 1));

/** Student's t CDF with `dof` degrees of freedom (jstat). */
export const studentTCdf = (x: number, dof: number): number => (x === Infinity ? 1 : x === -Infinity ? 0 : jStat.studentt.cdf(x, dof));
/** Student's t quantile with `dof` degrees of freedom (jstat), p in (0, 1). */
export const studentTInv = (p: number, dof: number): number => jStat.studentt.inv(p, dof);
/** Standard normal quantile Φ⁻¹(p), p in (0, 1). */
export const normInv = (p: number): number => jStat.normal.inv(p, 0, 1);

/** A two-sided interval [lo, hi] at `level` (e.g. 0.95). */
export interface Interval {
  lo: number;
  hi: number;
}

/** The finite values of `xs`, sorted ascending. */
export function finiteSorted(xs: ArrayLike<number>): number[] {
  const out: number[] = [];
  for (let i = 0; i < xs.length; i++) if (Number.isFinite(xs[i])) out.push(xs[i]);
  return out.sort((a, b) => a - b);
}

/**
 * Percentile interval of bootstrap replicates (non-finite replicates ignored); NaN bounds when
 * fewer than two replicates are finite.
 */
export function percentileInterval(reps: ArrayLike<number>, level = 0.95): Interval {
  const s = finiteSorted(reps);
  if (s.length < 2) return { lo: NaN, hi: NaN };
  const a = (1 - level) / 2;
  return { lo: quantileSorted(s, a), hi: quantileSorted(s, 1 - a) };
}

/**
 * Efron's bias-corrected (BC) percentile interval: z₀ = Φ⁻¹(share of replicates below the point
 * estimate, ties counted half), bounds at the replicate quantiles Φ(2z₀ ± z_{1−α/2}). The share is
 * clamped to [1/(2B), 1 − 1/(2B)] so that z₀ stays finite. Used for the variance components
 * (GENSTRAT v2 App. G) and J_m (App. N).
 */
export function bcPercentileInterval(estimate: number, reps: ArrayLike<number>, level = 0.95): Interval & { z0: number } {
  const s = finiteSorted(reps);
  if (s.length < 2 || !Number.isFinite(estimate)) return { lo: NaN, hi: NaN, z0: NaN };
  let below = 0;
  for (const x of s) below += x < estimate ? 1 : x === estimate ? 0.5 : 0;
  const B = s.length;
  const share = Math.min(Math.max(below / B, 1 / (2 * B)), 1 - 1 / (2 * B));
  const z0 = normInv(share);
  const za = normInv(1 - (1 - level) / 2);
  return { lo: quantileSorted(s, normCdf(2 * z0 - za)), hi: quantileSorted(s, normCdf(2 * z0 + za)), z0 };
}

/**
 * Basic (reverse-percentile) bootstrap interval [θ̂ − (q_{1−α/2} − c), θ̂ − (q_{α/2} − c)], with q the
 * replicates' quantiles and c the value the replicates were drawn around (the bootstrap world's
 * truth). With c = θ̂ (the default, the ordinary bootstrap) this is [2θ̂ − q_{1−α/2}, 2θ̂ − q_{α/2}],
 * centred on the bootstrap bias-corrected point 2θ̂ − mean θ*; reported next to the BC interval for
 * targets whose bootstrap distribution is shifted far from θ̂ (|z₀| large), where the BC interval
 * collapses onto one tail. With replicates from a rescaled-residual world (./variance.ts) c is that
 * world's value.
 */
export function basicInterval(estimate: number, reps: ArrayLike<number>, level = 0.95, centre = estimate): Interval {
  const c = percentileInterval(reps, level);
  return { lo: estimate - (c.hi - centre), hi: estimate - (c.lo - centre) };
}

/** Sample standard deviation (n − 1) of the finite values; NaN with fewer than two. */
export function sampleSd(xs: ArrayLike<number>): number {
  let n = 0;
  let m = 0;
  let s2 = 0;
  for (let i = 0; i < xs.length; i++) {
    const x = xs[i];
    if (!Number.isFinite(x)) continue;
    n++;
    const d = x - m;
    m += d / n;
    s2 += d * (x - m);
  }
  return n < 2 ? NaN : Math.sqrt(s2 / (n - 1));
}

/** Mean of the finite values (NaN if none). */
export function finiteMean(xs: ArrayLike<number>): number {
  let n = 0;
  let s = 0;
  for (let i = 0; i < xs.length; i++) if (Number.isFinite(xs[i])) ((s += xs[i]), n++);
  return n === 0 ? NaN : s / n;
}

/**
 * Largest |z₀| for which a bias-corrected percentile interval is shown. Beyond it the replicates sit
 * mostly on one side of the estimate (|z₀| = 0.5: 69 % on one side), the BC bounds move into the far
 * tail and, for variance components, contain neither the estimate nor the truth (planted-truth bench).
 */
export const Z0_BOUND = 0.5;

/** The interval gbgc shows for a bootstrapped non-negative quantity, with the point it leads with. */
export interface ShownEstimate {
  /** The point shown: the bootstrap bias-corrected 2θ̂ − mean θ*, floored at `floor`. */
  point: number;
  interval: Interval;
  /**
   * 'bc': Efron's BC percentile (|z₀| ≤ Z0_BOUND); 'rescaled': the basic interval of the
   * rescaled-residual bootstrap (./variance.ts); 'basic': the ordinary bootstrap's reverse percentile.
   * The last two are floored and extended to contain the point.
   */
  type: 'bc' | 'basic' | 'rescaled';
  z0: number;
}

/** How the CLI and report name each shown interval type. */
export const SHOWN_INTERVAL_NAME: Record<ShownEstimate['type'], string> = {
  bc: 'BC',
  basic: 'basic',
  rescaled: 'rescaled-residual basic',
};

/**
 * Replicates drawn in a bootstrap world whose truth is `truth` (the rescaled-residual bootstrap of
 * ./variance.ts): the fallback interval is then the basic interval of these replicates around that
 * truth.
 */
export interface BootstrapWorld {
  truth: number;
  reps: ArrayLike<number>;
}

/**
 * Pick the interval to show: the BC interval when |z₀| ≤ {@link Z0_BOUND} and it contains the
 * bias-corrected point; otherwise a basic interval, floored at `floor` and extended to contain the
 * point: with `world` (finite truth), [θ̂ − (q_hi − θ̃), θ̂ − (q_lo − θ̃)] from the world's replicates
 * (type 'rescaled'), else [2θ̂ − q_hi, 2θ̂ − q_lo] from `reps` (type 'basic'). Every shown interval
 * contains its point.
 */
export function shownEstimate(estimate: number, reps: ArrayLike<number>, floor = -Infinity, level = 0.95, world?: BootstrapWorld): ShownEstimate {
  const fin = finiteSorted(reps);
  const mean = fin.length ? fin.reduce((s, x) => s + x, 0) / fin.length : NaN;
  const point = Math.max(floor, 2 * estimate - mean);
  const bc = bcPercentileInterval(estimate, reps, level);
  if (Math.abs(bc.z0) <= Z0_BOUND && bc.lo <= point && point <= bc.hi) return { point, interval: { lo: bc.lo, hi: bc.hi }, type: 'bc', z0: bc.z0 };
  const rescaled = world !== undefined && Number.isFinite(world.truth) && finiteSorted(world.reps).length >= 2;
  const b = rescaled ? basicInterval(estimate, world.reps, level, world.truth) : basicInterval(estimate, reps, level);
  return {
    point,
    interval: { lo: Math.min(Math.max(floor, b.lo), point), hi: Math.max(Math.max(floor, b.hi), point) },
    type: rescaled ? 'rescaled' : 'basic',
    z0: bc.z0,
  };
}

/**
 * Benjamini–Hochberg (1995) adjusted p-values (q-values): q_(k) = min_{j ≥ k} p_(j)·n/j, capped at 1.
 * NaN p-values are left NaN and do not count towards n. Rejecting q ≤ level controls the false
 * discovery rate at `level` for independent (or positively dependent) tests.
 */
export function benjaminiHochberg(p: readonly number[]): number[] {
  const idx = p.map((_, i) => i).filter((i) => Number.isFinite(p[i]));
  idx.sort((a, b) => p[a] - p[b]);
  const n = idx.length;
  const q = p.map(() => NaN);
  let running = 1;
  for (let k = n - 1; k >= 0; k--) {
    const i = idx[k];
    running = Math.min(running, (p[i] * n) / (k + 1));
    q[i] = Math.min(1, running);
  }
  return q;
}

/**
 * Kendall's τ-b between two score vectors over the same items (ties handled by the τ-b
 * denominator); NaN when either vector is constant or fewer than two items are finite in both.
 */
export function kendallTau(x: ArrayLike<number>, y: ArrayLike<number>): number {
  let conc = 0;
  let disc = 0;
  let tx = 0;
  let ty = 0;
  for (let i = 0; i < x.length; i++) {
    if (!Number.isFinite(x[i]) || !Number.isFinite(y[i])) continue;
    for (let j = i + 1; j < x.length; j++) {
      if (!Number.isFinite(x[j]) || !Number.isFinite(y[j])) continue;
      const dx = Math.sign(x[i] - x[j]);
      const dy = Math.sign(y[i] - y[j]);
      if (dx === 0 && dy === 0) continue;
      if (dx === 0) tx++;
      else if (dy === 0) ty++;
      else if (dx === dy) conc++;
      else disc++;
    }
  }
  const den = Math.sqrt((conc + disc + tx) * (conc + disc + ty));
  return den === 0 ? NaN : (conc - disc) / den;
}

/** Spearman's ρ (simple-statistics' rank correlation) over the items finite in both vectors. */
export function spearman(x: ArrayLike<number>, y: ArrayLike<number>): number {
  const a: number[] = [];
  const b: number[] = [];
  for (let i = 0; i < x.length; i++) if (Number.isFinite(x[i]) && Number.isFinite(y[i])) (a.push(x[i]), b.push(y[i]));
  if (a.length < 3) return NaN;
  const r = sampleRankCorrelation(a, b);
  return Number.isFinite(r) ? r : NaN;
}

/** A standard normal draw by Box–Muller from a uniform source. */
export function normalDraw(rng: () => number): number {
  let u = rng();
  while (u === 0) u = rng();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rng());
}
