/**
 * Tournaments through Redis (BullMQ), the failure semantics: an engine-version mismatch is
 * refused, a slot that fails deterministically fails once and is reported, the shared rate limit
 * holds across connections and is applied before every LLM request, LLM keys never reach Redis,
 * bad queue URLs. Workers run in this process; the kill and restart of worker processes is in
 * `scaleout.test.ts`.
 */
import { Queue } from 'bullmq';
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { connectQueue, parseQueueUrl, QUEUE_NAME, redisRateLimiter, startWorker } from '../../../src/eval/queue/index.js';
import { runCli } from '../../cli/run-cli.js';
import { setSharedRateLimiter } from '../../../src/eval/llm/limits.js';
import { startFakeServer, type SeenRequest } from '../llm/fake-server.js';
import { SECRET_KEY, setFakeKeys } from '../llm/helpers.js';
import { useQueueFixture, waitFor } from '../../support/queue-fixture.js';

const fx = useQueueFixture('gbgc-queue-failures-');

describe('gbgc tournament --queue: failures and limits', () => {
  it('a job queued by another engine version is refused at its start and fails once', async () => {
    const conn = await connectQueue(parseQueueUrl(fx.redis.url));
    const queue = new Queue(QUEUE_NAME, { connection: fx.client });
    const w = startWorker(conn, { lockDurationMs: 2000, stalledIntervalMs: 500 });
    try {
      await queue.add(
        'slot',
        { t: 'f'.repeat(64), engine: 'gbgc-0.0.0+engine.0', slot: { id: 'mismatch1', seq: 0, game: 0, run: 0, slot: 0, seats: [0, 1], playSeed: 1 } },
        { jobId: 'mismatch1', attempts: 3 },
      );
      await waitFor('the job to fail', async () => (await queue.getJobState('mismatch1')) === 'failed');
      const job = (await queue.getJob('mismatch1'))!;
      expect(job.failedReason).toMatch(/^engine version mismatch: job mismatch1 was queued by engine gbgc-0\.0\.0\+engine\.0, this worker runs gbgc-/);
      expect(job.attemptsMade).toBe(1);
      await job.remove();
    } finally {
      await w.close();
      await queue.close();
      conn.disconnect();
    }
  });

  it('slots that fail deterministically (a participant that cannot play a game) are reported, and the other slots of their jobs are played', async () => {
    const config = fx.writeConfig('fails.yaml', [
      'participants:',
      '  - {kind: random}',
      '  - {kind: l1, method: exact, maxNodes: 200}',
      'runs: 3',
      'seed: 2',
      'store: fails.db',
    ]);
    const conn = await connectQueue(parseQueueUrl(fx.redis.url));
    const w = startWorker(conn, { concurrency: 2, lockDurationMs: 2000, stalledIntervalMs: 500 });
    const queue = new Queue(QUEUE_NAME, { connection: fx.client });
    try {
      const r = await runCli(['tournament', config, '--queue', fx.redis.url, '--json']);
      expect(r.code).toBe(1);
      const report = JSON.parse(r.stdout);
      // Kuhn fits in 200 nodes (6 slots played), Leduc does not (6 slots failed). One pilot job per game.
      expect(report).toMatchObject({ total: 12, played: 6, errors: 0, enqueued: 12, jobs: 2 });
      expect(report.failed).toHaveLength(6);
      for (const f of report.failed as { slot: string; reason: string }[]) {
        expect(f.reason).toMatch(
          /^participant 'l1' cannot play .*leduc\.gbg: the game tree has (more than 200 nodes|an estimated [\d,]+ ± [\d,]+ histories .*, more than the node budget of 200)/,
        );
      }
      // Reported, not retried: the queue holds no job of the tournament any more.
      expect(await queue.getJobCounts('waiting', 'active', 'delayed', 'completed', 'failed')).toEqual({
        waiting: 0,
        active: 0,
        delayed: 0,
        completed: 0,
        failed: 0,
      });
      const text = await runCli(['tournament', config, '--queue', fx.redis.url]);
      expect(text.code).toBe(1);
      expect(text.stdout).toMatch(/12 slots: 6 already in the store, 0 played now .* \(6 queued now in 1 job\), 6 failed/);
      expect(text.stdout).toMatch(/slot [0-9a-f]{32} failed: participant 'l1' cannot play/);
    } finally {
      await w.close();
      await queue.close();
      conn.disconnect();
    }
  });

  it('the shared rate limit grants at most rpm requests per window over several connections', async () => {
    const conns = [new Redis(fx.redis.url), new Redis(fx.redis.url)];
    try {
      const limiters = conns.map((c) => redisRateLimiter(c, 400));
      const windows = await Promise.all(Array.from({ length: 10 }, (_, i) => limiters[i % 2]('fake-endpoint', 3)));
      const per = new Map<number, number>();
      for (const w of windows) per.set(w, (per.get(w) ?? 0) + 1);
      expect(windows).toHaveLength(10);
      for (const n of per.values()) expect(n).toBeLessThanOrEqual(3);
      expect(per.size).toBeGreaterThanOrEqual(4);
    } finally {
      for (const c of conns) c.disconnect();
    }
  });

  it("an LLM participant's rpm goes through the shared limiter before every request to the provider", async () => {
    setFakeKeys();
    const server = await startFakeServer((req: SeenRequest) => ({
      reply: `ok ${[...req.messages[0].content.matchAll(/reply `(\{"action": [^`]+\})`/g)].map((m) => m[1])[0]}`,
    }));
    const conn = new Redis(fx.redis.url);
    conn.on('error', () => {});
    const limiter = redisRateLimiter(conn, 300);
    const grants: { endpoint: string; rpm: number; window: number }[] = [];
    // The participant's rpm (600) reaches the shared limiter; the limiter here grants 2 per 300 ms window, so it binds.
    setSharedRateLimiter(async (endpoint, rpm) => grants.push({ endpoint, rpm, window: await limiter(endpoint, 2) }));
    try {
      const cfg = join(fx.dir, 'rpm.yaml');
      writeFileSync(
        cfg,
        [
          `games: [${JSON.stringify(resolve('examples/kuhn.gbg'))}]`,
          'participants:',
          `  - {kind: llm, name: m, model: openai/m, rpm: 600, base_url: ${JSON.stringify(server.openaiBase)}}`,
          '  - {kind: random}',
          'runs: 2',
          'seed: 4',
          'store: rpm.db',
          '',
        ].join('\n'),
      );
      const r = await runCli(['tournament', cfg, '--json']);
      expect(r.code, r.stderr).toBe(0);
      expect(server.requests.length).toBeGreaterThan(2);
      expect(grants).toHaveLength(server.requests.length);
      for (const g of grants) expect(g).toMatchObject({ rpm: 600, endpoint: expect.stringContaining('127.0.0.1') });
      const per = new Map<number, number>();
      for (const g of grants) per.set(g.window, (per.get(g.window) ?? 0) + 1);
      for (const n of per.values()) expect(n).toBeLessThanOrEqual(2);
      expect(per.size).toBeGreaterThanOrEqual(Math.ceil(grants.length / 2));
    } finally {
      setSharedRateLimiter(undefined);
      conn.disconnect();
      await server.close();
    }
  });

  it('LLM slots through the queue: the worker reads the key from its environment, and no key is ever written to Redis', async () => {
    setFakeKeys();
    const server = await startFakeServer((req: SeenRequest) => ({
      reply: `ok ${[...req.messages[0].content.matchAll(/reply `(\{"action": [^`]+\})`/g)].map((m) => m[1])[0]}`,
    }));
    const conn = await connectQueue(parseQueueUrl(fx.redis.url));
    const w = startWorker(conn, { concurrency: 2, lockDurationMs: 2000, stalledIntervalMs: 500 });
    try {
      const cfg = join(fx.dir, 'llmq.yaml');
      writeFileSync(
        cfg,
        [
          `games: [${JSON.stringify(resolve('examples/kuhn.gbg'))}]`,
          'participants:',
          `  - {kind: llm, name: m, model: openai/m, base_url: ${JSON.stringify(server.openaiBase)}}`,
          '  - {kind: random}',
          'runs: 3',
          'seed: 6',
          'store: llmq.db',
          '',
        ].join('\n'),
      );
      const r = await runCli(['tournament', cfg, '--queue', fx.redis.url, '--json']);
      expect(r.code, r.stderr).toBe(0);
      expect(JSON.parse(r.stdout)).toMatchObject({ total: 6, played: 6, errors: 0, failed: [] });
      expect(server.requests.length).toBeGreaterThan(0);
      for (const q of server.requests) expect(q.headers.authorization).toBe(`Bearer ${SECRET_KEY}`);
      // Every value of every key in Redis, as text.
      let everything = '';
      for (const key of await fx.client.keys('*')) {
        const type = await fx.client.type(key);
        const v =
          type === 'string'
            ? await fx.client.get(key)
            : type === 'hash'
              ? await fx.client.hgetall(key)
              : type === 'list'
                ? await fx.client.lrange(key, 0, -1)
                : type === 'set'
                  ? await fx.client.smembers(key)
                  : type === 'zset'
                    ? await fx.client.zrange(key, '0', '-1')
                    : type === 'stream'
                      ? await fx.client.xrange(key, '-', '+')
                      : null;
        everything += `${key} ${JSON.stringify(v)}\n`;
      }
      expect(everything).toContain('gbgc:games');
      expect(everything).not.toContain(SECRET_KEY);
    } finally {
      await w.close();
      conn.disconnect();
      await server.close();
    }
  });

  it('bad queue URLs: malformed exits 2, unreachable exits 1 with one line', async () => {
    const bad = await runCli(['worker', '--queue', 'http://127.0.0.1:6379']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toBe("gbgc: error: --queue must start with redis:// or rediss://, got 'http://127.0.0.1:6379'\n");
    const port = await runCli(['queue', 'status', '--queue', 'redis://127.0.0.1:notaport']);
    expect(port.code).toBe(2);
    const down = await runCli(['queue', 'status', '--queue', 'redis://127.0.0.1:1']);
    expect(down.code).toBe(1);
    expect(down.stderr).toBe('gbgc: error: cannot reach Redis at redis://127.0.0.1:1: connection refused (is redis-server running there?)\n');
    const cfg = fx.writeConfig('badq.yaml', ['participants: [{kind: random}, {kind: heuristic}]', 'queue: "redis://127.0.0.1:1"', 'store: badq.db']);
    const t = await runCli(['tournament', cfg]);
    expect(t.code).toBe(1);
    expect(t.stderr).toMatch(/cannot reach Redis at redis:\/\/127\.0\.0\.1:1: connection refused/);
  });
});
