/**
 * `gbgc worker`: a BullMQ worker that plays the slots of each job (a block of bot slots, or one
 * slot with an LLM seat) with the same function as the local run ({@link playPlannedSlotNow}) and
 * returns their records ({@link BlockResult}); the coordinator writes them to the store.
 *
 * Failure semantics (see docs/scale-out.md):
 * - a job queued by another engine version is refused at its start (`UnrecoverableError`: failed
 *   once, never retried);
 * - a tournament that does not rebuild (a game or participant, a policy file) fails the job once,
 *   without retries;
 * - a slot that cannot be played for a reason the user must fix (a participant that cannot play a
 *   game, a policy that does not fit, a provider refusing the key) is listed in the result's
 *   `failed`, and the job's other slots are played;
 * - a slot whose LLM move was lost to the service follows the participant's `on_failure` as the
 *   local run does: `replay` plays it again from its play seed (at most `MAX_REPLAYS` times, else
 *   it is left for the next run, `unreplayed`), `discard` records it with status `discarded`;
 * - a worker that stops mid-job (kill -9, lost machine) loses its lock; after `lockDurationMs`
 *   another worker's stalled-job check puts the job back and it is played again (at most
 *   `maxStalledCount` times). Bot slots are played without a promise between them, so the
 *   worker yields to the event loop (lock renewal) every {@link YIELD_SLOTS} slots.
 */
import { UnrecoverableError, Worker, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import { UserError } from '../../util/errors.js';
import { ENGINE_VERSION } from '../../util/version.js';
import { discardedSlot, MAX_REPLAYS, playPlannedSlotNow, slotNotes, type SlotResult } from '../tournament/run.js';
import type { PlannedSlot } from '../tournament/plan.js';
import type { Agent } from '../agents/index.js';
import { SlotFailureError } from '../llm/agent.js';
import { setSharedRateLimiter } from '../llm/limits.js';
import { jobSlots, loadTournament, QUEUE_NAME, stalledKey, type BlockJobData, type BlockResult, type WorkerTournament } from './spec.js';
import { redisRateLimiter } from './rate-limit.js';

/** Bot slots played between two turns of the event loop (which renews the job's lock). */
export const YIELD_SLOTS = 64;

/** Options of {@link startWorker}. */
export interface WorkerOptions {
  /** Jobs played at once by this worker (default 1). */
  concurrency?: number;
  /** How long a job's lock lasts without renewal (ms, default 30 000): a stopped worker's job is taken over after it. */
  lockDurationMs?: number;
  /** How often this worker looks for stalled jobs (ms, default 30 000). */
  stalledIntervalMs?: number;
  /** Times a job may be taken over before it fails (default 5). */
  maxStalledCount?: number;
  /** Called for each job finished (its id, the slots it played, ms) and each job failed (id, message). */
  onJob?: (id: string, slots: number, ms: number) => void;
  onFailed?: (id: string, message: string) => void;
}

/** A running worker. */
export interface RunningWorker {
  worker: Worker<BlockJobData, BlockResult>;
  /** Finish the jobs in hand, then stop. */
  close(): Promise<void>;
}

/**
 * Play one slot as the local run does, following `on_failure` (see the module comment); adds to
 * `out`. Returns a promise only when the slot's agents do not all decide synchronously.
 * @throws UserError for a problem the user must fix
 */
function playSlot(tour: WorkerTournament, s: PlannedSlot, pair: readonly Agent[], notes: string | null, out: BlockResult, replays = 0): void | Promise<void> {
  const done = (r: SlotResult): void => void out.slots.push(r);
  const lost = (e: unknown): void | Promise<void> => {
    if (!(e instanceof SlotFailureError)) throw e;
    if (e.mode === 'discard') return done(discardedSlot(tour, s, e));
    // Played again with the same play seed (the answered calls come from the worker's cache).
    if (replays >= MAX_REPLAYS) return void out.unreplayed.push(s.id);
    out.replayed++;
    return playSlot(tour, s, pair, notes, out, replays + 1);
  };
  let r: SlotResult | Promise<SlotResult>;
  try {
    r = playPlannedSlotNow(tour, s, pair, notes);
  } catch (e) {
    return lost(e);
  }
  if (r instanceof Promise) return r.then(done, lost);
  done(r);
}

/**
 * The job processor: engine check, the tournament (loaded once per commitment), then each slot.
 * @throws UnrecoverableError for the failures no retry can cure
 */
export function slotProcessor(redis: Redis): (job: Job<BlockJobData, BlockResult>) => Promise<BlockResult> {
  const tournaments = new Map<string, Promise<WorkerTournament>>();
  return async (job) => {
    const d = job.data;
    if (d.engine !== ENGINE_VERSION)
      throw new UnrecoverableError(`engine version mismatch: job ${job.id} was queued by engine ${d.engine}, this worker runs ${ENGINE_VERSION}`);
    const slots = jobSlots(d);
    if (job.stalledCounter > 0 && slots.length > 0) await redis.sadd(stalledKey(d.t), ...slots.map((s) => s.id));
    let t = tournaments.get(d.t);
    if (!t) {
      t = loadTournament(redis, d.t);
      tournaments.set(d.t, t);
      t.catch(() => tournaments.delete(d.t));
    }
    let tour: WorkerTournament;
    try {
      tour = await t;
    } catch (e) {
      if (e instanceof UserError) throw new UnrecoverableError(e.message);
      throw e;
    }
    const out: BlockResult = { slots: [], replayed: 0, unreplayed: [], failed: [] };
    const pairs = new Map<string, { pair: Agent[]; notes: string | null }>();
    let sinceYield = 0;
    for (const s of slots) {
      try {
        if (!tour.games[s.game] || s.seats.some((p) => !tour.participants[p]))
          throw new UserError(`slot ${s.id} refers to a game or participant the tournament does not have`);
        const key = `${s.game}:${s.seats.join(',')}`;
        let seated = pairs.get(key);
        if (!seated) {
          const pair: Agent[] = [];
          for (const p of s.seats) pair.push(await tour.agent(p, s.game));
          pairs.set(key, (seated = { pair, notes: slotNotes(pair) }));
        }
        const p = playSlot(tour, s, seated.pair, seated.notes, out);
        if (p) {
          await p;
          sinceYield = 0;
        } else if (++sinceYield >= YIELD_SLOTS) {
          sinceYield = 0;
          await new Promise<void>((res) => setImmediate(res));
        }
      } catch (e) {
        if (!(e instanceof UserError)) throw e;
        out.failed.push({ slot: s.id, reason: e.message });
      }
    }
    return out;
  };
}

/**
 * Start a worker on the slot queue.
 * @param redis a connection from `connectQueue` (BullMQ duplicates it for blocking reads)
 */
export function startWorker(redis: Redis, opts: WorkerOptions = {}): RunningWorker {
  setSharedRateLimiter(redisRateLimiter(redis));
  const worker = new Worker<BlockJobData, BlockResult>(QUEUE_NAME, slotProcessor(redis), {
    connection: redis,
    concurrency: opts.concurrency ?? 1,
    lockDuration: opts.lockDurationMs ?? 30_000,
    stalledInterval: opts.stalledIntervalMs ?? 30_000,
    maxStalledCount: opts.maxStalledCount ?? 5,
  });
  worker.on('error', () => {});
  worker.on('completed', (job, rv) =>
    opts.onJob?.(
      String(job.id),
      rv.slots.length,
      rv.slots.reduce((a, r) => a + r.row.wall_ms, 0),
    ),
  );
  worker.on('failed', (job, err) => job && opts.onFailed?.(String(job.id), err.message));
  return {
    worker,
    async close() {
      await worker.close();
      setSharedRateLimiter(undefined);
    },
  };
}
