/**
 * `gbgc queue status`: per queued tournament, how many of its slots are in jobs that wait, run,
 * are finished but not yet collected, or failed, how many were taken over after a worker stopped
 * (stalled), and how many slots its coordinator has recorded. A job holds a block of bot slots or
 * one slot with an LLM seat; the tournament's jobs are listed in Redis with their sizes.
 */
import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { jobsKey, QUEUE_NAME, stalledKey, tournamentKey, TOURNAMENTS_KEY } from './spec.js';

/** One tournament's figures. */
export interface TournamentQueueStatus {
  commitment: string;
  /** The config path the coordinator was given. */
  config: string | null;
  /** Slots in the plan. */
  total: number;
  /** Slots in the coordinator's store (done, as last committed). */
  recorded: number;
  /** Slots the coordinator has queued (over all its runs). */
  enqueued: number;
  /** Slots in jobs waiting for a worker (including delayed retries and prioritized jobs). */
  waiting: number;
  /** Slots in jobs a worker holds now. */
  active: number;
  /** Slots in jobs finished but not yet collected by the coordinator. */
  completed: number;
  /** Slots in failed jobs (queued again by the coordinator's next run). */
  failed: number;
  /** Jobs of the tournament in the queue (not yet collected, or failed). */
  jobs: number;
  /** Slots whose job was taken over after its worker stopped (lock expired). */
  stalled: number;
}

/** Figures of every tournament known to the Redis. */
export async function queueStatus(redis: Redis): Promise<TournamentQueueStatus[]> {
  const queue = new Queue(QUEUE_NAME, { connection: redis });
  queue.on('error', () => {});
  try {
    const [waiting, active, completed, failed] = await Promise.all([
      queue.getRanges(['wait', 'prioritized', 'delayed', 'waiting-children'], 0, -1),
      queue.getRanges(['active'], 0, -1),
      queue.getRanges(['completed'], 0, -1),
      queue.getRanges(['failed'], 0, -1),
    ]);
    const commitments = (await redis.smembers(TOURNAMENTS_KEY)).sort();
    const out: TournamentQueueStatus[] = [];
    for (const c of commitments) {
      const [h, stalled] = await Promise.all([redis.hgetall(tournamentKey(c)), redis.scard(stalledKey(c))]);
      const sizes = await redis.hgetall(jobsKey(c));
      // Slots in the tournament's jobs among `ids`.
      const count = (ids: string[]): number => ids.reduce((n, id) => n + Number(sizes[id] ?? 0), 0);
      out.push({
        commitment: c,
        config: h.config ?? null,
        total: Number(h.total ?? 0),
        recorded: Number(h.recorded ?? 0),
        enqueued: Number(h.enqueued ?? 0),
        waiting: count(waiting),
        active: count(active),
        completed: count(completed),
        failed: count(failed),
        jobs: Object.keys(sizes).length,
        stalled,
      });
    }
    return out;
  } finally {
    await queue.close();
  }
}
