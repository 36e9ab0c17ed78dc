/**
 * `gbgc worker`: a BullMQ worker that plays slot jobs with the same function as the local run
 * ({@link playPlannedSlot}) and returns the slot record; the coordinator writes it to the store.
 *
 * Failure semantics (see docs/scale-out.md):
 * - a job queued by another engine version is refused at its start (`UnrecoverableError`: failed
 *   once, never retried);
 * - a problem of the tournament itself (a game or participant that does not rebuild, a policy that
 *   does not fit, a provider refusing the key) fails the job once, without retries;
 * - a worker that stops mid-slot (kill -9, lost machine) loses its lock; after `lockDurationMs`
 *   another worker's stalled-job check puts the job back and it is played again (at most
 *   `maxStalledCount` times).
 */
import { UnrecoverableError, Worker, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import { UserError } from '../../util/errors.js';
import { ENGINE_VERSION } from '../../util/version.js';
import { playPlannedSlot, slotNotes, type SlotResult } from '../tournament/run.js';
import { setSharedRateLimiter } from '../llm/limits.js';
import { loadTournament, QUEUE_NAME, stalledKey, type SlotJobData, type WorkerTournament } from './spec.js';
import { redisRateLimiter } from './rate-limit.js';

/** Options of {@link startWorker}. */
export interface WorkerOptions {
  /** Slots played at once by this worker (default 1). */
  concurrency?: number;
  /** How long a job's lock lasts without renewal (ms, default 30 000): a stopped worker's job is taken over after it. */
  lockDurationMs?: number;
  /** How often this worker looks for stalled jobs (ms, default 30 000). */
  stalledIntervalMs?: number;
  /** Times a job may be taken over before it fails (default 5). */
  maxStalledCount?: number;
  /** Called for each slot played (its id, ms) and each job failed (id, message). */
  onSlot?: (id: string, ms: number) => void;
  onFailed?: (id: string, message: string) => void;
}

/** A running worker. */
export interface RunningWorker {
  worker: Worker<SlotJobData, SlotResult>;
  /** Finish the slots in hand, then stop. */
  close(): Promise<void>;
}

/**
 * The job processor: engine check, the tournament (loaded once per commitment), the slot.
 * @throws UnrecoverableError for the failures no retry can cure
 */
export function slotProcessor(redis: Redis): (job: Job<SlotJobData, SlotResult>) => Promise<SlotResult> {
  const tournaments = new Map<string, Promise<WorkerTournament>>();
  return async (job) => {
    const d = job.data;
    if (d.engine !== ENGINE_VERSION)
      throw new UnrecoverableError(`engine version mismatch: slot ${job.id} was queued by engine ${d.engine}, this worker runs ${ENGINE_VERSION}`);
    if (job.stalledCounter > 0) await redis.sadd(stalledKey(d.t), String(job.id));
    let t = tournaments.get(d.t);
    if (!t) {
      t = loadTournament(redis, d.t);
      tournaments.set(d.t, t);
      t.catch(() => tournaments.delete(d.t));
    }
    try {
      const tour = await t;
      const s = d.slot;
      if (!tour.games[s.game] || !tour.participants[s.seats[0]] || !tour.participants[s.seats[1]])
        throw new UserError(`slot ${s.id} refers to a game or participant the tournament does not have`);
      const pair = [await tour.agent(s.seats[0], s.game), await tour.agent(s.seats[1], s.game)] as [
        Awaited<ReturnType<WorkerTournament['agent']>>,
        Awaited<ReturnType<WorkerTournament['agent']>>,
      ];
      return await playPlannedSlot(tour, s, pair, slotNotes(pair));
    } catch (e) {
      if (e instanceof UserError) throw new UnrecoverableError(e.message);
      throw e;
    }
  };
}

/**
 * Start a worker on the slot queue.
 * @param redis a connection from `connectQueue` (BullMQ duplicates it for blocking reads)
 */
export function startWorker(redis: Redis, opts: WorkerOptions = {}): RunningWorker {
  setSharedRateLimiter(redisRateLimiter(redis));
  const worker = new Worker<SlotJobData, SlotResult>(QUEUE_NAME, slotProcessor(redis), {
    connection: redis,
    concurrency: opts.concurrency ?? 1,
    lockDuration: opts.lockDurationMs ?? 30_000,
    stalledInterval: opts.stalledIntervalMs ?? 30_000,
    maxStalledCount: opts.maxStalledCount ?? 5,
  });
  worker.on('error', () => {});
  worker.on('completed', (job, rv) => opts.onSlot?.(String(job.id), rv.row.wall_ms));
  worker.on('failed', (job, err) => job && opts.onFailed?.(String(job.id), err.message));
  return {
    worker,
    async close() {
      await worker.close();
      setSharedRateLimiter(undefined);
    },
  };
}
