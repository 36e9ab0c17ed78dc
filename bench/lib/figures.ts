/**
 * The figures a bench reports: every speed figure is a ratio of a measurement to a reference
 * measured in the same run (the machine may be busy, so absolute numbers are only context).
 *
 * A bench calls {@link report} once with its figures. When run by `bench/run-all.ts` the figures
 * are also written as JSON to the file named by the `GBGC_BENCH_FIGURES` environment variable,
 * from which the runner assembles `bench/results.json`.
 */
import { writeFileSync } from 'node:fs';

/** A measured value: what it is, its value and its unit (e.g. `episodes/s`, `ms CPU`). */
export interface Measurement {
  name: string;
  value: number;
  unit: string;
}

/** One figure of a bench: a measurement, its reference from the same run, and their ratio. */
export interface Figure extends Measurement {
  /** Stable key, unique within the bench, e.g. `leduc-ratio` (quoted by docs/performance.md). */
  id: string;
  reference: Measurement;
  /**
   * `value / reference.value` for times and sizes, `reference.value / value` for rates (both read
   * "how many times slower or bigger than the reference"), `value / reference.value` for a
   * speed-up (a rate against a slower setting of the same thing: "how many times faster").
   */
  ratio: number;
  /** How the ratio reads, e.g. `gbgc CPU time / node -e 0 CPU time`. */
  ratioMeaning: string;
  /** The acceptance bound on the ratio, when the project sets one: `ratio <= max` or `ratio >= min`. */
  target?: { max?: number; min?: number };
  /** Whether the ratio meets the target (absent without a target). */
  pass?: boolean;
  /** Anything needed to read the figure (sample sizes, seeds, what was run). */
  note?: string;
}

/** Build a figure; `ratio` is computed so that it reads as "times the reference" for the quantity's kind. */
export function figure(f: Omit<Figure, 'ratio' | 'pass'> & { kind: 'time' | 'rate' | 'size' | 'speedup' }): Figure {
  const { kind, ...rest } = f;
  const ratio = kind === 'rate' ? f.reference.value / f.value : f.value / f.reference.value;
  const out: Figure = { ...rest, ratio: round(ratio, 3) };
  if (f.target) out.pass = (f.target.max === undefined || ratio <= f.target.max) && (f.target.min === undefined || ratio >= f.target.min);
  return out;
}

/** A target as text: `≤ max`, `≥ min`, or `min–max` when both bounds are set. */
export function targetText(t: { max?: number; min?: number }): string {
  if (t.min !== undefined && t.max !== undefined) return `${t.min}–${t.max}`;
  return t.max !== undefined ? `≤ ${t.max}` : `≥ ${t.min}`;
}

/** Round to `digits` significant decimals after the point. */
export function round(x: number, digits = 3): number {
  if (!Number.isFinite(x)) return x;
  const p = 10 ** digits;
  return Math.round(x * p) / p;
}

/** Median of the numbers (NaN for none). */
export function median(xs: readonly number[]): number {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

/**
 * Print the figures and hand them to the runner (see the module comment).
 * Sets a failing exit code when a figure misses its target and `strict` is set.
 */
export function report(bench: string, figures: Figure[], extra: Record<string, unknown> = {}): void {
  for (const f of figures) {
    const t = f.target ? ` (target ${targetText(f.target)}: ${f.pass ? 'met' : 'MISSED'})` : '';
    console.log(`  ${f.id}: ${fmt(f.value)} ${f.unit} vs ${f.reference.name} ${fmt(f.reference.value)} ${f.reference.unit} → ratio ${f.ratio}${t}`);
  }
  const out = process.env['GBGC_BENCH_FIGURES'];
  if (out) writeFileSync(out, JSON.stringify({ bench, figures, ...extra }, null, 2));
}

function fmt(x: number): string {
  return Math.abs(x) >= 1000 ? Math.round(x).toLocaleString('en-US') : String(round(x, 4));
}
