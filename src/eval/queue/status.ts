/**
 * `gbgc queue status`: per queued tournament, how many of its slot jobs wait, run, are finished
 * but not yet collected, failed, or were taken over after a worker stopped (stalled), and how many
 * slots its coordinator has recorded.
 */
import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { QUEUE_NAME, slotsKey, stalledKey, tournamentKey, TOURNAMENTS_KEY } from './spec.js';

/** One tournament's figures. */
export interface TournamentQueueStatus {
  commitment: string;
  /** The config path the coordinator was given. */
  config: string | null;
  /** Slots in the plan. */
  total: number;
  /** Slots in the coordinator's store (done, as last committed). */
  recorded: number;
  /** Jobs the coordinator has added (over all its runs). */
  enqueued: number;
  /** Jobs waiting for a worker (including delayed retries and prioritized jobs). */
  waiting: number;
  /** Jobs a worker holds now. */
  active: number;
  /** Jobs finished but not yet collected by the coordinator. */
  completed: number;
  failed: number;
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
      const count = async (ids: string[]): Promise<number> => {
        let n = 0;
        for (let i = 0; i < ids.length; i += 1000) {
          const part = ids.slice(i, i + 1000);
          if (part.length) n += (await redis.smismember(slotsKey(c), ...part)).filter((x) => x === 1).length;
        }
        return n;
      };
      out.push({
        commitment: c,
        config: h.config ?? null,
        total: Number(h.total ?? 0),
        recorded: Number(h.recorded ?? 0),
        enqueued: Number(h.enqueued ?? 0),
        waiting: await count(waiting),
        active: await count(active),
        completed: await count(completed),
        failed: await count(failed),
        stalled,
      });
    }
    return out;
  } finally {
    await queue.close();
  }
}
