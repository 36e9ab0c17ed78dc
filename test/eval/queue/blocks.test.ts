/**
 * Queued tournaments in jobs of many slots: the block size from measured slot times (hand-computed
 * cases), blocks of a given size storing exactly the local run's rows, a block collected twice
 * adding nothing, and LLM participants' `on_failure: replay | discard` acting through workers as in
 * the local run. Workers run in this process.
 */
import Database from 'better-sqlite3';
import { Queue } from 'bullmq';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  blockSlotsFor,
  connectQueue,
  MAX_BLOCK_SLOTS,
  parseQueueUrl,
  QUEUE_NAME,
  runQueuedTournament,
  startWorker,
  type BlockJobData,
  type BlockResult,
  type WorkerOptions,
} from '../../../src/eval/queue/index.js';
import { jobsKey } from '../../../src/eval/queue/spec.js';
import { buildPlan, openStoreFor, readConfig } from '../../../src/eval/tournament/index.js';
import { ENGINE_VERSION } from '../../../src/util/version.js';
import { runCli } from '../../cli/run-cli.js';
import { startFakeServer, type FakeServer, type Scripted, type SeenRequest } from '../llm/fake-server.js';
import { setFakeKeys } from '../llm/helpers.js';
import { MOVE_COLS, readStore, SLOT_COLS, useQueueFixture, waitFor } from '../../support/queue-fixture.js';

const fx = useQueueFixture('gbgc-queue-blocks-');

/**
 * Play `config` locally into `localStore` (in its folder), then through the queue with a worker in
 * this process (`worker` its options); the coordinator's JSON report.
 */
async function localThenQueued(config: string, localStore: string, worker: WorkerOptions = {}): Promise<Record<string, unknown>> {
  const local = await runCli(['tournament', config, '--store', join(fx.dir, localStore), '--json']);
  expect(local.code, local.stderr).toBe(0);
  const conn = await connectQueue(parseQueueUrl(fx.redis.url));
  const w = startWorker(conn, { lockDurationMs: 5000, stalledIntervalMs: 1000, ...worker });
  try {
    const q = await runCli(['tournament', config, '--queue', fx.redis.url, '--json']);
    expect(q.code, q.stderr).toBe(0);
    return JSON.parse(q.stdout) as Record<string, unknown>;
  } finally {
    await w.close();
    conn.disconnect();
  }
}

describe('blockSlotsFor: bot slots per job from measured slot times', () => {
  it('aims at 1,000 ms of play with the interquartile mean of the slot times', () => {
    expect(blockSlotsFor([1, 1, 1, 1])).toBe(1000);
    // sorted [0.1, 0.2, 0.2, 10]: the middle half [0.2, 0.2] → 0.2 ms → 5,000 slots
    expect(blockSlotsFor([10, 0.2, 0.1, 0.2])).toBe(5000);
    // fewer than four times: their mean, (0.4 + 0.6) / 2 = 0.5 ms → 2,000
    expect(blockSlotsFor([0.4, 0.6])).toBe(2000);
    // eight times, middle half = sorted[2..5] = [2, 2, 3, 3] → 2.5 ms → 400 slots for 1 s, 40 for 100 ms
    expect(blockSlotsFor([50, 1, 2, 3, 2, 3, 1, 40])).toBe(400);
    expect(blockSlotsFor([50, 1, 2, 3, 2, 3, 1, 40], 100)).toBe(40);
    // bounds: at least 1, at most MAX_BLOCK_SLOTS; no time measured: 256
    expect(blockSlotsFor([5000, 5000, 5000])).toBe(1);
    expect(blockSlotsFor([0.001, 0.001])).toBe(MAX_BLOCK_SLOTS);
    expect(blockSlotsFor([0, 0])).toBe(MAX_BLOCK_SLOTS);
    expect(blockSlotsFor([])).toBe(256);
  });
});

describe('bot slots in blocks', () => {
  it('blocks of queue_block_slots store exactly the rows of the local run, one commit per block; a block collected twice adds nothing', async () => {
    const lines = ['participants:', '  - {kind: random}', '  - {kind: heuristic}', '  - {kind: l1}', 'runs: 15', 'seed: 21', 'queue_block_slots: 7'];
    const config = fx.writeConfig('blocks.yaml', [...lines, 'store: queued.db']);
    const total = 3 * 2 * 15 * 2;
    const local = await runCli(['tournament', config, '--store', join(fx.dir, 'local.db'), '--json']);
    expect(local.code, local.stderr).toBe(0);

    const conn = await connectQueue(parseQueueUrl(fx.redis.url));
    const w = startWorker(conn, { lockDurationMs: 5000, stalledIntervalMs: 1000 });
    const queue = new Queue<BlockJobData, BlockResult>(QUEUE_NAME, { connection: fx.client });
    try {
      const q = await runCli(['tournament', config, '--queue', fx.redis.url, '--json']);
      expect(q.code, q.stderr).toBe(0);
      const report = JSON.parse(q.stdout);
      // 90 slots per game in blocks of 7: 13 jobs per game.
      expect(report).toMatchObject({ total, played: total, enqueued: total, jobs: 26, failed: [] });
      expect(Object.values(report.blockSlots)).toEqual([7, 7]);
      const store = join(fx.dir, 'queued.db');
      const a = readStore(store);
      const b = readStore(join(fx.dir, 'local.db'));
      expect(a.rows).toBe(total);
      expect(a.slots).toEqual(b.slots);
      expect(a.moves).toEqual(b.moves);
      // No job is left behind.
      expect(await fx.client.hlen(jobsKey(report.commitment))).toBe(0);

      // The same block played again by a worker and found by the next coordinator run (as after a
      // coordinator killed between its commit and the job's removal): nothing is added or changed.
      const plan = buildPlan(config, readConfig(config));
      const block = plan.slots.filter((s) => s.game === 1).slice(0, 7);
      await fx.client.hset(jobsKey(plan.commitment), 'bagain', '7');
      await queue.add('block', { t: plan.commitment, engine: ENGINE_VERSION, slots: block }, { jobId: 'bagain', removeOnComplete: false });
      await waitFor('the block to be played again', async () => (await queue.getJobState('bagain')) === 'completed');
      const replayedRows = (await queue.getJob('bagain'))!.returnvalue.slots;
      expect(replayedRows.map((r) => r.row.id)).toEqual(block.map((s) => s.id));
      const before = readStore(store, `${SLOT_COLS}, wall_ms, finished_at`);
      const again = await runCli(['tournament', config, '--queue', fx.redis.url, '--json']);
      expect(again.code, again.stderr).toBe(0);
      expect(JSON.parse(again.stdout)).toMatchObject({ alreadyDone: total, played: 0, enqueued: 0, jobs: 0 });
      expect(await queue.getJobState('bagain')).toBe('unknown');
      expect(readStore(store, `${SLOT_COLS}, wall_ms, finished_at`)).toEqual(before);
      // The store's own write of a block is idempotent too: the same records written twice, one row each.
      const s = openStoreFor(plan);
      try {
        s.recordSlots(replayedRows);
        s.recordSlots(replayedRows);
      } finally {
        s.close();
      }
      const after = readStore(store);
      expect([after.rows, after.moveRows]).toEqual([before.rows, before.moveRows]);
      expect(after.slots).toEqual(b.slots);
      expect(after.moves).toEqual(b.moves);
    } finally {
      await queue.close();
      await w.close();
      conn.disconnect();
    }
  });

  it('matches of many hands (stacks carried) through blocks: the same slots, per-hand records and moves as the local run', async () => {
    const config = fx.writeConfig('hands.yaml', [
      'participants:',
      '  - {kind: random}',
      '  - {kind: heuristic}',
      'runs: 6',
      'seed: 8',
      'hands_per_match: 5',
      'stacks: carry',
      'queue_block_slots: 4',
      'store: hands-queued.db',
    ]);
    expect(await localThenQueued(config, 'hands-local.db')).toMatchObject({ total: 24, played: 24, jobs: 6 });
    const a = readStore(join(fx.dir, 'hands-queued.db'), `${SLOT_COLS}, seats, hands`);
    const b = readStore(join(fx.dir, 'hands-local.db'), `${SLOT_COLS}, seats, hands`);
    expect((b.slots as { hands: string | null }[]).every((r) => r.hands !== null && (JSON.parse(r.hands) as unknown[]).length >= 1)).toBe(true);
    expect(a.slots).toEqual(b.slots);
    expect(a.moves).toEqual(b.moves);
  });

  it('without queue_block_slots a pilot job per game measures the slot time and the rest goes in blocks of about 1 s', async () => {
    const config = fx.writeConfig('pilot.yaml', ['participants:', '  - {kind: random}', '  - {kind: heuristic}', 'runs: 100', 'seed: 5', 'store: pilot.db']);
    const plan = buildPlan(config, readConfig(config));
    const store = openStoreFor(plan);
    const conn = await connectQueue(parseQueueUrl(fx.redis.url));
    const w = startWorker(await connectQueue(parseQueueUrl(fx.redis.url)), { lockDurationMs: 5000, stalledIntervalMs: 1000 });
    try {
      const r = await runQueuedTournament(plan, store, conn, { pollMs: 20, blockMs: 5 });
      expect(r.failed).toEqual([]);
      expect(r.played).toBe(400);
      // Per game: a pilot of 32 slots, then 168 slots in blocks of blockSlotsFor(the pilot's times, 5 ms).
      const sizes = plan.games.map((g) => r.blockSlots[g.path]);
      expect(sizes).toHaveLength(2);
      for (const n of sizes) expect(n).toBeGreaterThanOrEqual(1);
      expect(Object.keys(r.blockSlots).sort()).toEqual(plan.games.map((g) => g.path).sort());
      expect(r.jobs).toBe(2 + sizes.reduce((a, n) => a + Math.ceil(168 / n), 0));
      // The sizes are kept for the tournament: a second coordinator run over a fresh store uses them without a pilot.
      const kept = await fx.client.hgetall(`gbgc:t:${plan.commitment}`);
      expect(plan.games.map((g) => Number(kept[`block:${g.rulesetHash}`]))).toEqual(sizes);
    } finally {
      store.close();
      await w.close();
      conn.disconnect();
    }
  });
});

describe('on_failure through the queue', () => {
  let server: FakeServer;
  let n = 0;
  let failEvery = 0;
  beforeAll(async () => {
    setFakeKeys();
    server = await startFakeServer((req: SeenRequest): Scripted => {
      n++;
      // Two failures in a row (a call and its one retry) lose the move; the advised wait is 1 ms.
      if (failEvery > 0 && n % failEvery < 2) return { status: 503, headers: { 'retry-after-ms': '1' } };
      if (req.model === 'mute') return { reply: 'I would rather not say.' };
      return { reply: /reply `(\{"action": [^`]+\})`/.exec(req.messages[0].content)?.[1] ?? '{"action": "call"}' };
    });
  });
  afterAll(async () => server.close());

  it('replay: lost slots are played again by the worker; discard: recorded as discarded, never played again', async () => {
    const mk = (mode: string) =>
      fx.writeConfig(`of-${mode}.yaml`, [
        'participants:',
        `  - {kind: llm, name: m, model: openai/of-${mode}, base_url: ${JSON.stringify(server.openaiBase)}, on_failure: ${mode}, deadline_ms: 5000}`,
        '  - {kind: random}',
        'runs: 10',
        `store: of-${mode}.db`,
        'fallback: passive',
      ]);
    const conn = await connectQueue(parseQueueUrl(fx.redis.url));
    // One slot at a time, so that the failing call and its retry belong to the same move.
    const w = startWorker(conn, { lockDurationMs: 5000, stalledIntervalMs: 1000 });
    try {
      failEvery = 7;
      const rep = await runCli(['tournament', mk('replay'), '--queue', fx.redis.url, '--json']);
      expect(rep.code, rep.stderr).toBe(0);
      const rr = JSON.parse(rep.stdout) as { replayed?: number; unreplayed?: number; played: number; total: number; failed: unknown[]; jobs: number };
      expect(rr.replayed ?? 0).toBeGreaterThan(0);
      expect(rr.failed).toEqual([]);
      // LLM slots stay one per job.
      expect(rr.jobs).toBe(rr.total);
      expect(rr.played).toBe(rr.total - (rr.unreplayed ?? 0));
      const rdb = new Database(join(fx.dir, 'of-replay.db'), { readonly: true });
      // A lost move is never played by the fallback: the slot was played again instead.
      expect(rdb.prepare("SELECT COUNT(*) FROM slots WHERE status != 'done'").pluck().get()).toBe(0);
      expect(rdb.prepare('SELECT COUNT(*) FROM moves WHERE fallback IS NOT NULL').pluck().get()).toBe(0);
      rdb.close();

      failEvery = 7;
      const dis = await runCli(['tournament', mk('discard'), '--queue', fx.redis.url, '--json']);
      expect(dis.code, dis.stderr).toBe(0);
      const dr = JSON.parse(dis.stdout) as { discarded?: number; played: number; total: number; failed: unknown[] };
      expect(dr.discarded ?? 0).toBeGreaterThan(0);
      expect(dr.failed).toEqual([]);
      expect(dr.played).toBe(dr.total);
      failEvery = 0;
      const ddb = new Database(join(fx.dir, 'of-discard.db'), { readonly: true });
      const rows = ddb.prepare("SELECT id, error, move_log, return0 FROM slots WHERE status = 'discarded'").all() as {
        error: string;
        move_log: null;
        return0: null;
      }[];
      expect(ddb.prepare('SELECT COUNT(*) FROM moves WHERE fallback IS NOT NULL').pluck().get()).toBe(0);
      ddb.close();
      expect(rows).toHaveLength(dr.discarded!);
      for (const r of rows) {
        expect(r.error).toMatch(/^discarded: /);
        expect([r.move_log, r.return0]).toEqual([null, null]);
      }
      const u = JSON.parse((await runCli(['records', 'usage', join(fx.dir, 'of-discard.db'), '--json'])).stdout);
      expect(u.participants[0].discardedSlots).toBe(dr.discarded);
      expect(u.fallback).toEqual(['kuhn', 'leduc'].map((g) => ({ game: resolve(`examples/${g}.gbg`), policy: 'passive', declared: true })));
      // A rerun does not play discarded slots again.
      const again = JSON.parse((await runCli(['tournament', mk('discard'), '--queue', fx.redis.url, '--json'])).stdout) as { played: number; enqueued: number };
      expect(again).toMatchObject({ played: 0, enqueued: 0 });
    } finally {
      failEvery = 0;
      await w.close();
      conn.disconnect();
    }
  });

  it("the config's declared fallback plays the moves of a model that never answers, as in the local run", async () => {
    const config = fx.writeConfig('mute.yaml', [
      'participants:',
      `  - {kind: llm, name: mute, model: openai/mute, base_url: ${JSON.stringify(server.openaiBase)}}`,
      '  - {kind: random}',
      'runs: 4',
      'seed: 9',
      'store: mute-queued.db',
      'fallback: {kuhn.gbg: passive, default: minimum}',
    ]);
    await localThenQueued(config, 'mute-local.db');
    const cols = MOVE_COLS.replace(', extra', '');
    const read = (f: string) => readStore(join(fx.dir, f), SLOT_COLS, cols);
    const a = read('mute-queued.db');
    const b = read('mute-local.db');
    expect((b.moves as { fallback: string | null }[]).filter((m) => m.fallback !== null).length).toBeGreaterThan(10);
    expect(a.slots).toEqual(b.slots);
    expect(a.moves).toEqual(b.moves);
  });
});
