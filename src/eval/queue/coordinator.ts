/**
 * The coordinator of a queued tournament (`gbgc tournament CONFIG --queue URL`): publishes the
 * tournament to Redis, enqueues every slot the store lacks as a BullMQ job whose job id is the slot
 * id (so a slot is queued at most once), and collects finished jobs into the SQLite store. It is the
 * store's only writer.
 *
 * Completions are collected by polling the queue's completed and failed sets rather than by
 * listening to events, so a coordinator started again after a crash finds the jobs that finished
 * while it was away. A collected job is removed after its slot is committed; a slot already in the
 * store is never queued again.
 */
import { Queue, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import { ENGINE_VERSION } from '../../util/version.js';
import type { RunStore, MoveRecord, SlotRecord } from '../store/store.js';
import type { TournamentPlan } from '../tournament/plan.js';
import type { SlotResult } from '../tournament/run.js';
import { publishTournament, QUEUE_NAME, tournamentKey, type SlotJobData } from './spec.js';

/** A slot whose job failed (refused engine, a tournament error, too many stalls). */
export interface FailedSlot {
  slot: string;
  reason: string;
}

/** Figures of one coordinator run. */
export interface QueuedRunReport {
  total: number;
  /** Slots the store held before this run. */
  alreadyDone: number;
  /** Slots collected now (finished by workers, committed to the store). */
  played: number;
  /** Collected slots that ended in an error row (retried by the next run). */
  errors: number;
  /** Jobs this run added to the queue. */
  enqueued: number;
  /** Jobs that failed: reported, not recorded, queued again by the next run. */
  failed: FailedSlot[];
  seconds: number;
  commitment: string;
}

/** Options of {@link runQueuedTournament}. */
export interface QueuedRunOptions {
  onProgress?: (done: number, total: number) => void;
  /** Poll interval of the completed/failed sets (ms, default 200). */
  pollMs?: number;
  /** Attempts of a job whose processing throws a recoverable error, e.g. Redis unreachable for a moment (default 3). */
  attempts?: number;
  /** How long without a collected slot before the queue is checked for lost jobs (ms, default 5000). */
  checkLostMs?: number;
  /** One line for the user when lost jobs are queued again. */
  onNotice?: (line: string) => void;
}

const chunks = <T>(xs: readonly T[], n: number): T[][] => Array.from({ length: Math.ceil(xs.length / n) }, (_, i) => xs.slice(i * n, i * n + n));

/**
 * Run `plan` through the queue until every slot is recorded or failed.
 * @param redis a connection from `connectQueue`
 */
export async function runQueuedTournament(plan: TournamentPlan, store: RunStore, redis: Redis, opts: QueuedRunOptions = {}): Promise<QueuedRunReport> {
  const t0 = performance.now();
  const queue = new Queue<SlotJobData, SlotResult>(QUEUE_NAME, { connection: redis });
  queue.on('error', () => {});
  try {
    await publishTournament(redis, plan);
    const tKey = tournamentKey(plan.commitment);
    const done = store.doneSlotIds();
    const alreadyDone = done.size;
    const missing = plan.slots.filter((s) => !done.has(s.id));
    const pending = new Set<string>();
    const recorded = new Set<string>();
    const failed: FailedSlot[] = [];
    let errors = 0;
    let played = 0;
    let finished = plan.slots.length - missing.length;
    await redis.hset(tKey, 'recorded', String(finished));

    const collect = async (jobs: (Job<SlotJobData, SlotResult> | undefined)[]): Promise<void> => {
      const batch: { row: SlotRecord; moves: MoveRecord[] }[] = [];
      for (const job of jobs) {
        if (!job || recorded.has(String(job.id))) continue;
        const rv = job.returnvalue;
        if (!rv?.row || rv.row.id !== job.id) continue;
        batch.push(rv);
        recorded.add(rv.row.id);
        pending.delete(rv.row.id);
        if (rv.row.status === 'error') errors++;
        else finished++;
        played++;
      }
      if (batch.length === 0) return;
      store.recordSlots(batch);
      await redis.hset(tKey, 'recorded', String(finished));
      opts.onProgress?.(finished, plan.slots.length);
      // Committed: the jobs (and their moves) may go.
      await Promise.all(batch.map((b) => queue.remove(b.row.id).catch(() => 0)));
    };

    // Jobs of slots committed by an earlier run that stopped before removing them.
    const leftovers = (await queue.getRanges(['completed'], 0, -1)).filter((id) => done.has(id));
    for (const part of chunks(leftovers, 256)) await Promise.all(part.map((id) => queue.remove(id).catch(() => 0)));
    // What is already in the queue for the missing slots: collect the finished, requeue what the last run reported.
    const toAdd: typeof missing = [];
    for (const part of chunks(missing, 256)) {
      const states = await Promise.all(part.map((s) => queue.getJobState(s.id)));
      const finishedJobs: Job<SlotJobData, SlotResult>[] = [];
      for (let i = 0; i < part.length; i++) {
        const s = part[i];
        const st = states[i];
        if (st === 'unknown') toAdd.push(s);
        else if (st === 'completed' || st === 'failed') {
          const job = await queue.getJob(s.id);
          if (!job) toAdd.push(s);
          else if (st === 'completed' && job.returnvalue?.row?.status === 'done' && job.data.engine === ENGINE_VERSION) {
            pending.add(s.id);
            finishedJobs.push(job);
          } else {
            // An error row or a failure: played again, as the local run does with its error rows.
            await job.remove();
            toAdd.push(s);
          }
        } else pending.add(s.id);
      }
      await collect(finishedJobs);
    }
    let enqueued = 0;
    const enqueue = async (slots: typeof missing): Promise<void> => {
      for (const part of chunks(slots, 500)) {
        await queue.addBulk(
          part.map((s) => ({
            name: 'slot',
            data: { t: plan.commitment, engine: ENGINE_VERSION, slot: s },
            opts: { jobId: s.id, attempts: opts.attempts ?? 3, backoff: { type: 'exponential', delay: 1000 }, removeOnComplete: false, removeOnFail: false },
          })),
        );
        for (const s of part) pending.add(s.id);
        enqueued += part.length;
        await redis.hincrby(tKey, 'enqueued', part.length);
      }
    };
    await enqueue(toAdd);
    opts.onProgress?.(finished, plan.slots.length);

    // A Redis restarted without persistence comes back empty: the pending jobs and the published
    // tournament are gone and no worker will ever finish them. After a while without a collected
    // slot, the queue's job count is compared with the pending slots; when jobs are missing, the
    // tournament is published again and every pending slot whose job is gone is queued again.
    const bySlotId = new Map(plan.slots.map((s) => [s.id, s]));
    const checkLostMs = opts.checkLostMs ?? 5000;
    let lastProgress = performance.now();
    const requeueLost = async (): Promise<void> => {
      const counts = await queue.getJobCounts('waiting', 'active', 'delayed', 'prioritized', 'waiting-children', 'completed', 'failed');
      const queued = Object.values(counts).reduce((a, b) => a + b, 0);
      if (queued >= pending.size) return;
      const ids = [...pending];
      const lost: typeof missing = [];
      for (const part of chunks(ids, 256)) {
        const states = await Promise.all(part.map((id) => queue.getJobState(id)));
        part.forEach((id, i) => {
          if (states[i] === 'unknown') lost.push(bySlotId.get(id)!);
        });
      }
      if (lost.length === 0) return;
      await publishTournament(redis, plan);
      await redis.hset(tKey, 'recorded', String(finished));
      for (const s of lost) pending.delete(s.id);
      await enqueue(lost);
      opts.onNotice?.(
        `the queue had lost ${lost.length} slot job${lost.length === 1 ? '' : 's'} (was Redis restarted without persistence?); queued them again`,
      );
    };

    const pollMs = opts.pollMs ?? 200;
    while (pending.size > 0) {
      const [completedIds, failedIds] = await Promise.all([queue.getRanges(['completed'], 0, -1), queue.getRanges(['failed'], 0, -1)]);
      const mine = completedIds.filter((id) => pending.has(id));
      if (mine.length > 0) lastProgress = performance.now();
      else if (performance.now() - lastProgress >= checkLostMs) {
        lastProgress = performance.now();
        await requeueLost();
      }
      for (const part of chunks(mine, 256)) await collect(await Promise.all(part.map((id) => queue.getJob(id))));
      for (const id of failedIds) {
        if (!pending.has(id)) continue;
        const job = await queue.getJob(id);
        pending.delete(id);
        failed.push({ slot: id, reason: job?.failedReason ?? 'failed' });
      }
      if (pending.size > 0 && mine.length === 0) await new Promise((r) => setTimeout(r, pollMs));
    }
    return { total: plan.slots.length, alreadyDone, played, errors, enqueued, failed, seconds: (performance.now() - t0) / 1000, commitment: plan.commitment };
  } finally {
    await queue.close();
  }
}
