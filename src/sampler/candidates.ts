/**
 * Sampling with the acceptance filter: try the requested seed, then derived candidate seeds,
 * until a candidate passes (GENSTRAT v2 §3: "to collect an accepted pool of 2,000 games, the
 * procedural builder sampled 12,351 candidate seeds").
 */
import seedrandom from 'seedrandom';
import { acceptance, type AcceptanceReport, type FilterOptions } from './acceptance.js';
import { MAX_SEED, checkSeed, emitSample, sample, sampleIR, type SampledGame } from './sample.js';
import { DEFAULT_BUILDER, type BuilderName } from './dial.js';

/**
 * Candidate `k` of a seed: `k = 0` is the seed itself; for `k ≥ 1`, the first number of the
 * seedrandom Alea stream seeded `gbgc-candidate/<seed>/<k>`, scaled to a whole number in
 * [0, 10^9). A pure function, so the accepted game of a (seed, complexity) is reproducible.
 */
export function candidateSeed(seed: number, k: number): number {
  if (k === 0) return seed;
  return Math.floor(seedrandom.alea(`gbgc-candidate/${seed}/${k}`)() * MAX_SEED);
}

/** How many of `rejected` failed each check (a candidate failing two checks counts under both). */
export function rejectionsByCheck(rejected: readonly Rejection[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const r of rejected) for (const f of r.failed) counts[f.name] = (counts[f.name] ?? 0) + 1;
  return counts;
}

/** A rejected candidate and the checks it failed. */
export interface Rejection {
  seed: number;
  failed: { name: string; value: number; threshold: number }[];
}

/** The result of sampling with the filter. */
export interface AcceptedSample {
  game: SampledGame;
  /** Candidates tried, the accepted one included. */
  tries: number;
  /** The accepted candidate's report (null when the filter was off). */
  report: AcceptanceReport | null;
  rejected: Rejection[];
}

/** Thrown when no candidate passes the filter within the allowed tries. */
export class NoAcceptedCandidateError extends Error {
  constructor(
    readonly seed: number,
    readonly complexity: number,
    readonly rejected: Rejection[],
  ) {
    const why = Object.entries(rejectionsByCheck(rejected))
      .map(([name, n]) => `${name} ${n}×`)
      .join(', ');
    super(`no candidate of seed ${seed} at complexity ${complexity} passed the acceptance filter in ${rejected.length} tries (failed checks: ${why})`);
    this.name = 'NoAcceptedCandidateError';
  }
}

/** Options of {@link sampleAccepted}. */
export interface SampleOptions {
  /** The filter, or null to take the first candidate. */
  filter: FilterOptions | null;
  /** Most candidates to try (≥ 1). */
  maxTries: number;
  /** Apply the generator's repairs (default true; see `DrawOptions`). */
  repair?: boolean;
  /** The builder (default `paper`; see `DrawOptions`). */
  builder?: BuilderName;
}

/**
 * The first candidate of `seed` (see {@link candidateSeed}) whose game passes the filter,
 * emitted as formatted source.
 * @throws RangeError on a bad seed, complexity or `maxTries`
 * @throws NoAcceptedCandidateError when no candidate passes within `maxTries`
 */
export async function sampleAccepted(seed: number, complexity: number, opts: SampleOptions): Promise<AcceptedSample> {
  checkSeed(seed, complexity);
  if (!Number.isInteger(opts.maxTries) || opts.maxTries < 1) throw new RangeError(`maxTries must be a whole number ≥ 1, got ${opts.maxTries}`);
  const rejected: Rejection[] = [];
  for (let k = 0; k < opts.maxTries; k++) {
    const s = candidateSeed(seed, k);
    const draw = { repair: opts.repair ?? true, builder: opts.builder ?? DEFAULT_BUILDER };
    if (!opts.filter) return { game: await sample(s, complexity, draw), tries: k + 1, report: null, rejected };
    // The drawn IR is judged, then emitted as it is (`acceptance` does not change its argument).
    const drawn = sampleIR(s, complexity, draw);
    // With the repairs, `sampleIR` returns only a draw its compiler checks pass (no diagnostics), so
    // the filter's `degenerate` check need not run them again.
    const report = acceptance(drawn, opts.filter, draw.repair ? [] : undefined);
    if (report.accepted) return { game: await emitSample(drawn, s, complexity, draw), tries: k + 1, report, rejected };
    rejected.push({ seed: s, failed: report.checks.filter((c) => !c.pass).map(({ name, value, threshold }) => ({ name, value, threshold })) });
  }
  throw new NoAcceptedCandidateError(seed, complexity, rejected);
}
