/**
 * The coordinator of a queued tournament (`gbgc tournament CONFIG --queue URL`): publishes the
 * tournament to Redis, puts every slot the store lacks on the queue in jobs, and collects finished
 * jobs into the SQLite store. It is the store's only writer.
 *
 * Jobs. A slot with an LLM (or human) seat is one job (job id = slot id): such slots take seconds
 * and are worth spreading over workers one by one. Bot slots take well under a millisecond, far
 * less than a job's round trip through Redis, so they go in blocks: one job plays
 * {@link blockSlotsFor} slots of one game, about {@link BLOCK_MS} ms of work. The time per slot is
 * measured on the tournament itself: a pilot job of {@link PILOT_SLOTS} slots of the game (spread
 * over its matchups) is queued first, and the rest of the game's slots are queued in blocks sized
 * from the pilot's slot times once it is collected. The size chosen is kept in Redis for the
 * tournament (a restarted coordinator uses it); the config option `queue_block_slots` (or
 * {@link QueuedRunOptions.blockSlots}) sets it instead. A block's job id is a digest of the
 * tournament and its slot ids, so the same block is never queued twice.
 *
 * Commits. The records a job returns are committed in one transaction (with those of the other
 * jobs collected in the same poll): a block is in the store whole or not at all. A slot the store
 * already holds is skipped, so a job collected twice (a coordinator killed between the commit and
 * the job's removal) adds nothing; the store's writes are keyed by slot id as well.
 *
 * Completions are collected by polling the queue's completed and failed sets rather than by
 * listening to events, so a coordinator started again after a crash finds the jobs that finished
 * while it was away (the jobs of a tournament are listed in Redis, see `spec.ts`). A collected job
 * is removed after its slots are committed; a slot already in the store is never queued again.
 */
import { createHash } from 'node:crypto';
import { Queue, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import { ENGINE_VERSION } from '../../util/version.js';
import { UserError } from '../../util/errors.js';
import { isTableGame } from '../../ir/facts.js';
import type { RunStore } from '../store/store.js';
import type { PlannedSlot, TournamentPlan } from '../tournament/plan.js';
import type { SlotResult } from '../tournament/run.js';
import { jobsKey, jobSlots, publishTournament, QUEUE_NAME, tournamentKey, type BlockJobData, type BlockResult, type FailedSlot } from './spec.js';

export type { FailedSlot } from './spec.js';

/** Work per bot-slot job the block size aims at (ms of slot play, as the slots' `wall_ms` measure it). */
export const BLOCK_MS = 1000;
/** Slots of a game's pilot job, whose slot times size that game's blocks. */
export const PILOT_SLOTS = 32;
/** Most slots in one job (a job's result, with every move, lives in Redis until it is collected). */
export const MAX_BLOCK_SLOTS = 10_000;
/** Slots per job of a game whose pilot gave no slot time (every pilot slot failed). */
export const FALLBACK_BLOCK_SLOTS = 256;
/** Agent kinds whose slots are one per job: they wait on a service or a person. */
const ONE_PER_JOB_KINDS = new Set(['llm', 'human']);

/**
 * Bot slots per job from measured slot times: `clamp(round(blockMs / t), 1, MAX_BLOCK_SLOTS)`,
 * where `t` is the interquartile mean of `slotMs` (the mean of the middle half once sorted, so the
 * first slots of a fresh worker, still being compiled by V8, do not shrink every block). E.g. times
 * [0.1, 0.2, 0.2, 10] ms → t = 0.2 ms → 5,000 slots for 1,000 ms.
 * @param slotMs the `wall_ms` of the pilot's finished slots (none: {@link FALLBACK_BLOCK_SLOTS})
 */
export function blockSlotsFor(slotMs: readonly number[], blockMs = BLOCK_MS): number {
  if (slotMs.length === 0) return FALLBACK_BLOCK_SLOTS;
  const s = [...slotMs].sort((a, b) => a - b);
  const mid = s.length < 4 ? s : s.slice(Math.floor(s.length / 4), Math.ceil((3 * s.length) / 4));
  const t = mid.reduce((a, b) => a + b, 0) / mid.length;
  if (!(t > 0)) return MAX_BLOCK_SLOTS;
  return Math.max(1, Math.min(MAX_BLOCK_SLOTS, Math.round(blockMs / t)));
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
  /** Slots this run put on the queue. */
  enqueued: number;
  /** Jobs this run put on the queue. */
  jobs: number;
  /** Bot slots per job, by game path, for the games this run queued bot slots of. */
  blockSlots: Record<string, number>;
  /** Slots not played for a reason the user must fix: reported, not recorded, queued again by the next run. */
  failed: FailedSlot[];
  /** Replays of slots whose LLM move was lost to the service (`on_failure: replay`), each counted. */
  replayed?: number;
  /** Slots still lost after `MAX_REPLAYS` replays: left missing for the next run. */
  unreplayed?: number;
  /** Slots discarded because an LLM move was lost to the service (`on_failure: discard`). */
  discarded?: number;
  seconds: number;
  commitment: string;
}

/** Options of {@link runQueuedTournament}. */
export interface QueuedRunOptions {
  onProgress?: (done: number, total: number) => void;
  /** Poll interval of the completed/failed sets (ms, default 200; a tenth of it while a pilot job is out, whose result the next blocks wait for). */
  pollMs?: number;
  /** Attempts of a job whose processing throws a recoverable error, e.g. Redis unreachable for a moment (default 3). */
  attempts?: number;
  /** How long without a collected job before the queue is checked for lost jobs (ms, default 5000). */
  checkLostMs?: number;
  /** One line for the user when lost jobs are queued again. */
  onNotice?: (line: string) => void;
  /** Bot slots per job (the config's `queue_block_slots`); default: measured, see {@link blockSlotsFor}. */
  blockSlots?: number;
  /** Work per bot-slot job the measured size aims at (ms, default {@link BLOCK_MS}). */
  blockMs?: number;
}

const chunks = <T>(xs: readonly T[], n: number): T[][] => Array.from({ length: Math.ceil(xs.length / n) }, (_, i) => xs.slice(i * n, i * n + n));

/** The job id of a list of slots: the slot id for a lone slot with an LLM seat, else a digest of the tournament and the slot ids. */
function jobIdOf(commitment: string, slots: readonly PlannedSlot[], lone: boolean): string {
  if (lone) return slots[0].id;
  const h = createHash('sha256').update(commitment);
  for (const s of slots) h.update(`\n${s.id}`);
  return `b${h.digest('hex').slice(0, 40)}`;
}

/**
 * Run `plan` through the queue until every slot is recorded, failed or left for the next run.
 * @param redis a connection from `connectQueue`
 */
export async function runQueuedTournament(plan: TournamentPlan, store: RunStore, redis: Redis, opts: QueuedRunOptions = {}): Promise<QueuedRunReport> {
  // Workers compile games on the two-seat machine; a table game runs in one process.
  const table = plan.games.find((g) => isTableGame(g.game.ir));
  if (table)
    throw new UserError(
      `${plan.configPath}: scale-out (--queue) plays two-seat games; ${table.path} is a table game (${table.game.numSeats} seats${table.game.ir.button ? ', a button' : ''}): run this tournament without --queue`,
    );
  const t0 = performance.now();
  const queue = new Queue<BlockJobData, BlockResult>(QUEUE_NAME, { connection: redis });
  queue.on('error', () => {});
  try {
    await publishTournament(redis, plan);
    const tKey = tournamentKey(plan.commitment);
    const jKey = jobsKey(plan.commitment);
    const done = store.doneSlotIds();
    const alreadyDone = done.size;
    /** Jobs queued and not collected: job id → its slots. */
    const pending = new Map<string, PlannedSlot[]>();
    /** Slots recorded by this run (error rows included). */
    const recorded = new Set<string>();
    const failed: FailedSlot[] = [];
    let errors = 0;
    let played = 0;
    let replayed = 0;
    let unreplayed = 0;
    let discarded = 0;
    let enqueued = 0;
    let jobs = 0;
    let finished = plan.slots.filter((s) => done.has(s.id)).length;
    await redis.hset(tKey, 'recorded', String(finished));
    const lone = (s: PlannedSlot): boolean => s.seats.some((p) => ONE_PER_JOB_KINDS.has(plan.participants[p].kind));

    const forget = async (ids: readonly string[]): Promise<void> => {
      for (const part of chunks(ids, 256)) {
        await Promise.all(part.map((id) => queue.remove(id).catch(() => 0)));
        await redis.hdel(jKey, ...part);
      }
    };

    /**
     * Commit what finished jobs returned, in one transaction, then remove the jobs. At the start
     * (`leftover`), error rows, failed and lost slots are not taken: those slots are queued again.
     */
    const collect = async (finishedJobs: Job<BlockJobData, BlockResult>[], leftover = false): Promise<Map<string, SlotResult[]>> => {
      const batch: SlotResult[] = [];
      const byJob = new Map<string, SlotResult[]>();
      for (const job of finishedJobs) {
        const id = String(job.id);
        const own = new Set((pending.get(id) ?? jobSlots(job.data)).map((s) => s.id));
        pending.delete(id);
        const rv = job.returnvalue;
        const mine: SlotResult[] = [];
        byJob.set(id, mine);
        if (!rv || !Array.isArray(rv.slots)) {
          // Not a result this coordinator can read: its slots are reported, and queued again by the next run.
          if (!leftover) for (const sid of own) failed.push({ slot: sid, reason: `job ${id} finished without a result` });
          continue;
        }
        for (const r of rv.slots) {
          const sid = r.row?.id;
          if (!own.has(sid) || done.has(sid) || recorded.has(sid) || (leftover && r.row.status === 'error')) continue;
          recorded.add(sid);
          mine.push(r);
          batch.push(r);
          played++;
          if (r.row.status === 'error') errors++;
          else {
            done.add(sid);
            finished++;
            if (r.row.status === 'discarded') discarded++;
          }
        }
        replayed += rv.replayed ?? 0;
        if (!leftover) {
          unreplayed += rv.unreplayed?.length ?? 0;
          failed.push(...(rv.failed ?? []));
        }
      }
      if (batch.length > 0) {
        store.recordSlots(batch);
        await redis.hset(tKey, 'recorded', String(finished));
        opts.onProgress?.(finished, plan.slots.length);
      }
      // Committed: the jobs (and their moves) may go.
      await forget([...byJob.keys()]);
      return byJob;
    };

    const addJobs = async (blocks: readonly PlannedSlot[][]): Promise<void> => {
      for (const part of chunks(
        blocks.filter((b) => b.length > 0),
        200,
      )) {
        const specs = part.map((slots) => {
          const jobId = jobIdOf(plan.commitment, slots, slots.length === 1 && lone(slots[0]));
          return {
            name: slots.length === 1 ? 'slot' : 'block',
            data: { t: plan.commitment, engine: ENGINE_VERSION, slots },
            opts: { jobId, attempts: opts.attempts ?? 3, backoff: { type: 'exponential', delay: 1000 }, removeOnComplete: false, removeOnFail: false },
          };
        });
        // Listed before they are added: a coordinator killed in between finds ids without a job, and forgets them.
        await redis.hset(jKey, Object.fromEntries(specs.map((j) => [j.opts.jobId, String(j.data.slots.length)])));
        await queue.addBulk(specs);
        let n = 0;
        for (const j of specs) {
          pending.set(j.opts.jobId, j.data.slots);
          n += j.data.slots.length;
        }
        enqueued += n;
        jobs += specs.length;
        await redis.hincrby(tKey, 'enqueued', n);
      }
    };

    // The jobs an earlier run queued: collect the finished, keep the queued and running, forget the rest.
    const leftovers: Job<BlockJobData, BlockResult>[] = [];
    const drop: string[] = [];
    for (const part of chunks(await redis.hkeys(jKey), 256)) {
      const states = await Promise.all(part.map((id) => queue.getJobState(id)));
      for (let i = 0; i < part.length; i++) {
        const st = states[i];
        if (st === 'unknown' || st === 'failed') {
          // A failure is reported once: its slots are queued again now.
          drop.push(part[i]);
          continue;
        }
        const job = await queue.getJob(part[i]);
        if (!job || job.data.engine !== ENGINE_VERSION) drop.push(part[i]);
        else if (st === 'completed') leftovers.push(job);
        else pending.set(part[i], jobSlots(job.data));
      }
    }
    await forget(drop);
    await collect(leftovers, true);

    const covered = new Set([...pending.values()].flat().map((s) => s.id));
    const missing = plan.slots.filter((s) => !done.has(s.id) && !covered.has(s.id));
    await addJobs(missing.filter(lone).map((s) => [s]));

    // Bot slots by game, in blocks; a game without a known size gets a pilot job first.
    const blockSlots: Record<string, number> = {};
    /** Pilot job id → the game and its other slots, queued once the pilot is collected. */
    const pilots = new Map<string, { g: number; rest: PlannedSlot[] }>();
    const byGame = new Map<number, PlannedSlot[]>();
    for (const s of missing) {
      if (lone(s)) continue;
      const list = byGame.get(s.game);
      if (list) list.push(s);
      else byGame.set(s.game, [s]);
    }
    const sizeKey = (g: number): string => `block:${plan.games[g].rulesetHash}`;
    const queueBlocks = async (g: number, slots: PlannedSlot[], size: number): Promise<void> => {
      blockSlots[plan.games[g].path] = size;
      await addJobs(chunks(slots, size));
    };
    for (const [g, slots] of byGame) {
      const known = opts.blockSlots ?? Number((await redis.hget(tKey, sizeKey(g))) ?? 0);
      if (known > 0) {
        await queueBlocks(g, slots, known);
        continue;
      }
      // Spread over the game's slots: the plan lists them matchup by matchup.
      const n = Math.min(PILOT_SLOTS, slots.length);
      const picked = new Set(Array.from({ length: n }, (_, i) => Math.floor((i * slots.length) / n)));
      const pilot = slots.filter((_, i) => picked.has(i));
      await addJobs([pilot]);
      pilots.set(jobIdOf(plan.commitment, pilot, false), { g, rest: slots.filter((_, i) => !picked.has(i)) });
    }
    const pilotDone = async (id: string, results: readonly SlotResult[] | null): Promise<void> => {
      const p = pilots.get(id);
      if (!p) return;
      pilots.delete(id);
      const size = blockSlotsFor(
        (results ?? []).filter((r) => r.row.status === 'done').map((r) => r.row.wall_ms),
        opts.blockMs ?? BLOCK_MS,
      );
      if (results && results.length > 0) await redis.hset(tKey, sizeKey(p.g), String(size));
      await queueBlocks(p.g, p.rest, size);
    };
    opts.onProgress?.(finished, plan.slots.length);

    // A Redis restarted without persistence comes back empty: the pending jobs and the published
    // tournament are gone and no worker will ever finish them. After a while without a collected
    // job, the pending jobs are looked up; when some are gone, the tournament is published again
    // and those jobs are queued again (same slots, same job ids).
    const checkLostMs = opts.checkLostMs ?? 5000;
    let lastProgress = performance.now();
    const requeueLost = async (): Promise<void> => {
      const ids = [...pending.keys()];
      const lost: string[] = [];
      for (const part of chunks(ids, 256)) {
        const states = await Promise.all(part.map((id) => queue.getJobState(id)));
        part.forEach((id, i) => {
          if (states[i] === 'unknown') lost.push(id);
        });
      }
      if (lost.length === 0) return;
      await publishTournament(redis, plan);
      await redis.hset(tKey, 'recorded', String(finished));
      const blocks = lost.map((id) => pending.get(id)!);
      for (const id of lost) pending.delete(id);
      await addJobs(blocks);
      const slots = blocks.reduce((a, b) => a + b.length, 0);
      opts.onNotice?.(
        `the queue had lost ${lost.length} job${lost.length === 1 ? '' : 's'} (${slots} slot${slots === 1 ? '' : 's'}; was Redis restarted without persistence?); queued them again`,
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
      for (const part of chunks(mine, 16)) {
        const got = (await Promise.all(part.map((id) => queue.getJob(id)))).filter((j): j is Job<BlockJobData, BlockResult> => !!j);
        const byJob = await collect(got);
        for (const [id, results] of byJob) await pilotDone(id, results);
      }
      for (const id of failedIds) {
        const slots = pending.get(id);
        if (!slots) continue;
        const job = await queue.getJob(id);
        pending.delete(id);
        for (const s of slots) failed.push({ slot: s.id, reason: job?.failedReason ?? 'failed' });
        await pilotDone(id, null);
      }
      if (pending.size > 0 && mine.length === 0) await new Promise((r) => setTimeout(r, pilots.size > 0 ? pollMs / 10 : pollMs));
    }
    return {
      total: plan.slots.length,
      alreadyDone,
      played,
      errors,
      enqueued,
      jobs,
      blockSlots,
      failed,
      ...(replayed ? { replayed } : {}),
      ...(unreplayed ? { unreplayed } : {}),
      ...(discarded ? { discarded } : {}),
      seconds: (performance.now() - t0) / 1000,
      commitment: plan.commitment,
    };
  } finally {
    await queue.close();
  }
}
