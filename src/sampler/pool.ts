/**
 * `buildPool`: an accepted pool of generated games in a directory — one `.gbg` per game and an
 * `index.jsonl` line per game (slot, file, seed, complexity, ruleset hash, tries, acceptance
 * figures) — built on worker threads and resumable.
 *
 * Slot i of a pool with seed S and complexity range A..B starts from the base seed
 * `Alea("gbgc-pool/S/i")` (a whole number in [0, 10^9)) at complexity A + (B − A)·i/(N − 1)
 * rounded to 3 decimals (evenly spread; A for a pool of one), and holds the first accepted
 * candidate of that seed (`candidateSeed`). Everything is a pure function of the settings, so a
 * rerun rebuilds exactly the missing slots: it reads `index.jsonl` (dropping a partial last line
 * left by an interruption) and fills only the slots not listed. Each `.gbg` is written atomically
 * before its index line is appended, so an index line always names a complete file. Lines are
 * appended as games arrive; at the end of a run the index is rewritten in slot order, so a pool's
 * files are byte-identical whatever the number of workers and however often it was resumed. The
 * settings are kept in `pool.json`; a rerun with other settings is refused.
 *
 * Scheduling: every worker holds {@link JOBS_IN_FLIGHT} slots, so it starts its next slot while
 * the main thread records the last one (the main thread only writes files; workers draw, judge,
 * format and hash).
 */
import { WORKER_RESOURCE_LIMITS, withoutModuleLoaders } from '../util/worker-bundle.js';
import { Worker } from 'node:worker_threads';
import { appendFileSync, existsSync, mkdirSync, readFileSync, writeFileSync, truncateSync } from 'node:fs';
import { join } from 'node:path';
import seedrandom from 'seedrandom';
import type { FilterOptions } from './acceptance.js';
import { BUILDER_VERSIONS, GENERATOR, MAX_SEED, builderOfVersion } from './sample.js';
import { DEFAULT_BUILDER, type BuilderName } from './dial.js';
import { writeFileAtomic } from '../util/fs.js';
import { UserError } from '../util/errors.js';
import { parseJsonInput } from '../util/json.js';
import { RNG_STREAM } from '../interpreter/rng.js';
import { compileSource } from '../compiler/index.js';

/** Settings of a pool. */
export interface PoolOptions {
  count: number;
  /** Complexity range [A, B] with 0 ≤ A ≤ B ≤ 1. */
  complexity: [number, number];
  seed: number;
  out: string;
  /** Worker threads (≥ 1). */
  workers: number;
  filter: FilterOptions | null;
  /** Most candidates per slot. */
  maxTries: number;
  /** Apply the generator's repairs (default true). */
  repair?: boolean;
  /** The builder (default `paper`). */
  builder?: BuilderName;
}

/** One slot to fill, as sent to a worker. */
export interface PoolJob {
  slot: number;
  seed: number;
  complexity: number;
  filter: FilterOptions | null;
  maxTries: number;
  repair: boolean;
  builder: BuilderName;
}

/** A worker's answer: the accepted game, or why the slot stayed empty. */
export type PoolResult =
  | {
      slot: number;
      ok: true;
      seed: number;
      complexity: number;
      rulesetHash: string;
      source: string;
      tries: number;
      checks: Record<string, number>;
      rejected: Record<string, number>;
    }
  | { slot: number; ok: false; error: string; tries: number };

/** One line of `index.jsonl`. */
export interface PoolEntry {
  slot: number;
  file: string;
  seed: number;
  complexity: number;
  rulesetHash: string;
  /** Candidates tried for this slot, the accepted one included. */
  tries: number;
  /** Measured value of each acceptance check (e.g. `moves`, `rare-phases`, `dead-branches`). */
  acceptance: Record<string, number>;
  /** The slot's rejected candidates by failed check (a candidate failing two checks counts under both). */
  rejected?: Record<string, number>;
}

/** What a run of {@link buildPool} did. */
export interface PoolSummary {
  out: string;
  count: number;
  /** Slots already filled before this run. */
  resumed: number;
  /** Slots filled by this run. */
  built: number;
  /** Index lines of an earlier run that did not match their game file (missing, emptied, edited, duplicated): built again. */
  redone: number;
  /** Slots left empty (no candidate passed within the allowed tries). */
  failed: { slot: number; error: string }[];
  /** Candidates tried by this run. */
  tries: number;
  seconds: number;
  /** Accepted games per minute of wall-clock time in this run. */
  gamesPerMinute: number;
  /** The whole pool (earlier runs included): accepted games, candidates judged, their ratio, and the rejections by failed check. */
  acceptance: { accepted: number; candidates: number; rate: number; rejectedByCheck: Record<string, number> };
}

/** Acceptance over index entries: games, candidates (Σ tries), rate, rejections by check. */
export function poolAcceptance(entries: readonly PoolEntry[]): PoolSummary['acceptance'] {
  const candidates = entries.reduce((t, e) => t + e.tries, 0);
  const rejectedByCheck: Record<string, number> = {};
  for (const e of entries) for (const [k, n] of Object.entries(e.rejected ?? {})) rejectedByCheck[k] = (rejectedByCheck[k] ?? 0) + n;
  return { accepted: entries.length, candidates, rate: candidates > 0 ? entries.length / candidates : 0, rejectedByCheck };
}

/** Thrown for a pool directory that cannot be resumed (other settings, a corrupt index). */
export class PoolError extends UserError {
  constructor(message: string) {
    super(message);
    this.name = 'PoolError';
  }
}

/** The slots of a pool: base seed and complexity of each. */
export function poolSlots(seed: number, count: number, [lo, hi]: [number, number]): { slot: number; seed: number; complexity: number }[] {
  return Array.from({ length: count }, (_, i) => ({
    slot: i,
    seed: Math.floor(seedrandom.alea(`gbgc-pool/${seed}/${i}`)() * MAX_SEED),
    complexity: Math.round((count === 1 ? lo : lo + ((hi - lo) * i) / (count - 1)) * 1000) / 1000,
  }));
}

/** File name of a slot's game. */
export function slotFile(slot: number, count: number): string {
  return `game-${String(slot).padStart(String(Math.max(0, count - 1)).length, '0')}.gbg`;
}

/**
 * Read `index.jsonl`: the filled slots. A partial last line (an interrupted append) is cut off.
 * @throws PoolError on a complete line that is not a pool entry
 */
export function readIndex(path: string): PoolEntry[] {
  if (!existsSync(path)) return [];
  const text = readFileSync(path, 'utf8');
  const end = text.lastIndexOf('\n') + 1;
  if (end < text.length) truncateSync(path, Buffer.byteLength(text.slice(0, end)));
  const entries: PoolEntry[] = [];
  text
    .slice(0, end)
    .split('\n')
    .forEach((line, i) => {
      if (line.trim() === '') return;
      let e: PoolEntry;
      try {
        e = parseJsonInput(line, `${path}:${i + 1}`, 8) as PoolEntry;
      } catch (err) {
        throw new PoolError(`${path}:${i + 1}: not a JSON line (${(err as Error).message})`);
      }
      if (!e || typeof e !== 'object' || !Number.isInteger(e.slot) || typeof e.file !== 'string' || typeof e.rulesetHash !== 'string')
        throw new PoolError(`${path}:${i + 1}: not a pool entry`);
      entries.push(e);
    });
  return entries;
}

/**
 * Check every line of a pool's index against its game file before resuming: the slot is one of the
 * pool's and listed once, the file is the slot's own (`slotFile`), inside the pool, and compiles to
 * the line's ruleset hash. Lines that fail are dropped from the index (rewritten atomically), so
 * their slots are built again; a pool is never resumed on a missing, emptied or edited game.
 * @returns the lines kept and how many were dropped
 */
export function verifyIndex(out: string, indexPath: string, count: number): { kept: PoolEntry[]; redone: number } {
  const entries = readIndex(indexPath);
  const kept: PoolEntry[] = [];
  const seen = new Set<number>();
  for (const e of entries) {
    if (e.slot < 0 || e.slot >= count || seen.has(e.slot) || e.file !== slotFile(e.slot, count)) continue;
    let source: string;
    try {
      source = readFileSync(join(out, e.file), 'utf8');
    } catch {
      continue;
    }
    if (compileSource(source).rulesetHash !== e.rulesetHash) continue;
    seen.add(e.slot);
    kept.push(e);
  }
  const redone = entries.length - kept.length;
  if (redone > 0) writeFileAtomic(indexPath, kept.map((e) => `${JSON.stringify(e)}\n`).join(''));
  return { kept, redone };
}

/** The settings recorded in `pool.json` (exported for tests). */
export function manifest(opts: PoolOptions): object {
  return {
    generator: GENERATOR,
    builderVersion: BUILDER_VERSIONS[opts.builder ?? DEFAULT_BUILDER],
    rngStream: RNG_STREAM,
    count: opts.count,
    complexity: opts.complexity,
    seed: opts.seed,
    filter: opts.filter,
    maxTries: opts.maxTries,
    ...(opts.repair === false ? { repair: false } : {}),
  };
}

/** The command-line option that sets each field of `pool.json`. */
const SETTING_FLAGS: Record<string, string> = {
  builderVersion: '--builder',
  count: '--count',
  complexity: '--complexity',
  seed: '--seed',
  maxTries: '--max-tries',
  filter: '--filter and its thresholds',
  repair: 'repairs (--no-repair)',
};

/** A manifest value as a user would type it (`0..1` for a complexity range). */
function settingText(key: string, v: unknown): string {
  if (key === 'repair') return v === false ? 'off' : 'on';
  if (key === 'builderVersion') return builderOfVersion(String(v)) === undefined ? String(v) : `${builderOfVersion(String(v))} (builder version ${String(v)})`;
  if (v === undefined) return 'unset';
  if (key === 'complexity' && Array.isArray(v)) return v[0] === v[1] ? String(v[0]) : `${v[0]}..${v[1]}`;
  return typeof v === 'object' ? JSON.stringify(v) : String(v);
}

/**
 * Why a pool directory cannot be continued with `wanted` settings: one sentence naming each
 * setting that differs (its option, the pool's value and the value asked for) and how to go on.
 * A pool's games depend on every setting (complexities are spread over the count), so the only
 * ways on are the pool's own settings or another directory.
 */
export function settingsMismatchMessage(out: string, manifestPath: string, found: string, wanted: object): string {
  let old: Record<string, unknown>;
  try {
    old = JSON.parse(found) as Record<string, unknown>;
  } catch {
    return `${out} holds a pool whose ${manifestPath} cannot be read (not JSON); use another --out directory`;
  }
  const want = wanted as Record<string, unknown>;
  const keys = [...new Set([...Object.keys(old), ...Object.keys(want)])].filter((k) => JSON.stringify(old[k]) !== JSON.stringify(want[k]));
  // A builder version no builder here draws is the generator's, not a setting the user can match.
  const settable = (k: string) => k in SETTING_FLAGS && (k !== 'builderVersion' || builderOfVersion(String(old[k])) !== undefined);
  const user = keys.filter(settable);
  const engine = keys.filter((k) => !settable(k));
  const parts = user.map((k) => `${SETTING_FLAGS[k]} is ${settingText(k, old[k])} in the pool, ${settingText(k, want[k])} here`);
  for (const k of engine) parts.push(`it was built by ${k} ${settingText(k, old[k])}, this is ${settingText(k, want[k])}`);
  const rerun = user
    .filter((k) => k !== 'filter' && k !== 'repair')
    .map((k) => `${SETTING_FLAGS[k]} ${k === 'builderVersion' ? (builderOfVersion(String(old[k])) ?? String(old[k])) : settingText(k, old[k])}`);
  const how =
    engine.length > 0
      ? 'this generator cannot continue it; use another --out directory'
      : `to continue it, rerun with the pool's settings${rerun.length ? ` (${rerun.join(' ')})` : ''}, as recorded in ${manifestPath}; for the new settings use another --out directory (a pool's games depend on all its settings: complexities are spread over its count)`;
  return `${out} holds a pool built with other settings: ${parts.join('; ') || 'the settings file differs'}. ${how[0].toUpperCase()}${how.slice(1)}`;
}

/**
 * Start a worker thread from plain JavaScript: the compiled `pool-worker.js` next to this module,
 * or, when running from TypeScript sources, the worker bundled once per process (see
 * `pool-worker-source.ts`).
 */
async function startWorker(): Promise<Worker> {
  if (!import.meta.url.endsWith('.ts')) return new Worker(new URL('./pool-worker.js', import.meta.url), { resourceLimits: WORKER_RESOURCE_LIMITS });
  const { sourceWorkerUrl } = await import('./pool-worker-source.js');
  // A worker inherits the parent's Node options, among them the TypeScript loader the sources run
  // under (`--import tsx`): it would start its own module hooks and route every import of the
  // plain-JavaScript bundle through them (about 2 s of CPU per worker, and the hooks of two workers
  // starting together wait on each other).
  return new Worker(await sourceWorkerUrl(), { execArgv: withoutModuleLoaders(process.execArgv), resourceLimits: WORKER_RESOURCE_LIMITS });
}

/**
 * Build (or resume) a pool.
 * @param onProgress called after each slot with the number of filled slots and the total
 * @throws PoolError when `out` holds a pool with other settings or a corrupt index
 */
export async function buildPool(opts: PoolOptions, onProgress?: (filled: number, total: number) => void): Promise<PoolSummary> {
  mkdirSync(opts.out, { recursive: true });
  const manifestPath = join(opts.out, 'pool.json');
  const wanted = JSON.stringify(manifest(opts), null, 2) + '\n';
  if (existsSync(manifestPath)) {
    const found = readFileSync(manifestPath, 'utf8');
    if (found !== wanted) throw new PoolError(settingsMismatchMessage(opts.out, manifestPath, found, manifest(opts)));
  } else writeFileAtomic(manifestPath, wanted);
  const indexPath = join(opts.out, 'index.jsonl');
  if (!existsSync(indexPath)) writeFileSync(indexPath, '');
  const { kept, redone } = verifyIndex(opts.out, indexPath, opts.count);
  const done = new Set(kept.map((e) => e.slot));
  const pending = poolSlots(opts.seed, opts.count, opts.complexity).filter((s) => !done.has(s.slot));
  const summary: PoolSummary = {
    out: opts.out,
    count: opts.count,
    resumed: done.size,
    built: 0,
    redone,
    failed: [],
    tries: 0,
    seconds: 0,
    gamesPerMinute: 0,
    acceptance: poolAcceptance([]),
  };
  const t0 = performance.now();
  onProgress?.(done.size, opts.count);
  const record = (r: PoolResult): void => {
    summary.tries += r.tries;
    if (!r.ok) {
      summary.failed.push({ slot: r.slot, error: r.error });
      return;
    }
    const file = slotFile(r.slot, opts.count);
    writeFileAtomic(join(opts.out, file), r.source);
    const entry: PoolEntry = {
      slot: r.slot,
      file,
      seed: r.seed,
      complexity: r.complexity,
      rulesetHash: r.rulesetHash,
      tries: r.tries,
      acceptance: r.checks,
      rejected: r.rejected,
    };
    appendFileSync(indexPath, `${JSON.stringify(entry)}\n`);
    done.add(r.slot);
    summary.built++;
    onProgress?.(done.size, opts.count);
  };
  const n = Math.max(1, Math.min(opts.workers, pending.length));
  // Costliest first (higher complexity draws bigger games and more candidates), so that the last
  // jobs are short and no worker idles while another finishes a long one.
  const queue = [...pending].sort((a, b) => b.complexity - a.complexity || a.slot - b.slot);
  const workers: Worker[] = [];
  try {
    await Promise.all(
      Array.from({ length: pending.length === 0 ? 0 : n }, async () => {
        const worker = await startWorker();
        workers.push(worker);
        await serve(
          worker,
          queue,
          (slot) => ({
            slot: slot.slot,
            seed: slot.seed,
            complexity: slot.complexity,
            filter: opts.filter,
            maxTries: opts.maxTries,
            repair: opts.repair !== false,
            builder: opts.builder ?? DEFAULT_BUILDER,
          }),
          record,
        );
      }),
    );
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
  }
  sortIndex(indexPath);
  summary.acceptance = poolAcceptance(readIndex(indexPath));
  summary.seconds = (performance.now() - t0) / 1000;
  summary.gamesPerMinute = summary.seconds > 0 ? (60 * summary.built) / summary.seconds : 0;
  return summary;
}

/** Slots a worker holds at once: one it works on and one waiting, so it never waits for the main thread. */
export const JOBS_IN_FLIGHT = 2;

/**
 * Feed a worker slots from the shared `queue` (taken in order), {@link JOBS_IN_FLIGHT} at a time,
 * and hand each answer to `record`, until the queue is empty and every answer is in.
 * Rejects when the worker fails or exits before answering.
 */
function serve<S>(worker: Worker, queue: S[], job: (slot: S) => PoolJob, record: (r: PoolResult) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    let waiting = 0;
    const fill = () => {
      while (waiting < JOBS_IN_FLIGHT && queue.length > 0) {
        waiting++;
        worker.postMessage(job(queue.shift()!));
      }
      if (waiting === 0) {
        cleanup();
        resolve();
      }
    };
    const onMessage = (r: PoolResult) => {
      waiting--;
      try {
        record(r);
      } catch (e) {
        cleanup();
        reject(e);
        return;
      }
      fill();
    };
    const onError = (e: Error) => {
      cleanup();
      reject(e);
    };
    const onExit = (code: number) => {
      cleanup();
      reject(new Error(`pool worker exited with code ${code}`));
    };
    const cleanup = () => {
      worker.off('message', onMessage);
      worker.off('error', onError);
      worker.off('exit', onExit);
    };
    worker.on('message', onMessage);
    worker.on('error', onError);
    worker.on('exit', onExit);
    fill();
  });
}

/**
 * Rewrite `index.jsonl` in slot order (atomically; left alone when already in order), so that the
 * index does not depend on which worker finished first.
 */
export function sortIndex(path: string): void {
  const entries = readIndex(path);
  const sorted = [...entries].sort((a, b) => a.slot - b.slot);
  if (sorted.every((e, i) => e === entries[i])) return;
  writeFileAtomic(path, sorted.map((e) => `${JSON.stringify(e)}\n`).join(''));
}
