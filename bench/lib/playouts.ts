/**
 * The scaffolding of the playout benches (`bench/playout.ts`, `bench/holdem3.ts`): batches of
 * episodes timed by the process's CPU time, each batch adding the sums and sums of squares of a
 * few per-episode statistics (a seat's return, a position's return), and their means with
 * standard errors over the rounds of a run, for the check that two simulators of one game agree.
 */

/** CPU milliseconds used by this process so far (user + system, so other programs on a busy machine do not count). */
export function cpuMs(): number {
  const c = process.cpuUsage();
  return (c.user + c.system) / 1000;
}

/** One timed round: episodes per CPU-second, episodes played, and per statistic j its Σx (`acc[2j]`) and Σx² (`acc[2j + 1]`). */
export interface Run {
  rate: number;
  n: number;
  acc: Float64Array;
}

/**
 * Play `n` episodes numbered `first … first + n − 1`, adding each statistic's value x_j to
 * `acc[2j]` and x_j² to `acc[2j + 1]`.
 */
export type Batch = (n: number, first: number, acc: Float64Array) => void;
export type AsyncBatch = (n: number, first: number, acc: Float64Array) => Promise<void>;

/** Where a series of rounds continues its episode numbers (so that no episode is played twice). */
export interface Counter {
  n: number;
}

/**
 * Play batches of `batch` episodes for about `seconds` of CPU time.
 * @param stats number of statistics the batches add
 * @param at the next episode number, advanced by the episodes played
 */
export function timed(seconds: number, batch: number, play: Batch, stats = 1, at: Counter = { n: 0 }): Run {
  const acc = new Float64Array(2 * stats);
  let n = 0;
  const t0 = cpuMs();
  let t = t0;
  while (t - t0 < seconds * 1000) {
    play(batch, at.n, acc);
    at.n += batch;
    n += batch;
    t = cpuMs();
  }
  return { rate: n / ((t - t0) / 1000), n, acc };
}

/** {@link timed} for batches that return promises. */
export async function timedAsync(seconds: number, batch: number, play: AsyncBatch, stats = 1, at: Counter = { n: 0 }): Promise<Run> {
  const acc = new Float64Array(2 * stats);
  let n = 0;
  const t0 = cpuMs();
  let t = t0;
  while (t - t0 < seconds * 1000) {
    await play(batch, at.n, acc);
    at.n += batch;
    n += batch;
    t = cpuMs();
  }
  return { rate: n / ((t - t0) / 1000), n, acc };
}

/** Mean and standard error of statistic `j` over the episodes of `runs`. */
export function meanSe(runs: readonly Run[], j = 0): [mean: number, se: number] {
  let n = 0;
  let sum = 0;
  let sumSq = 0;
  for (const r of runs) {
    n += r.n;
    sum += r.acc[2 * j];
    sumSq += r.acc[2 * j + 1];
  }
  const mean = sum / n;
  return [mean, Math.sqrt(Math.max(0, sumSq / n - mean * mean) / n)];
}

/** Add one value of statistic `j` to `acc`. */
export function add(acc: Float64Array, j: number, x: number): void {
  acc[2 * j] += x;
  acc[2 * j + 1] += x * x;
}

/** How far apart two means are in standard errors: |m₁ − m₂| / √(se₁² + se₂²). */
export function zApart([m1, s1]: readonly [number, number], [m2, s2]: readonly [number, number]): number {
  return Math.abs(m1 - m2) / Math.hypot(s1, s2);
}
