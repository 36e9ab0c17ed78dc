/**
 * A queued tournament whose Redis restarts empty (no persistence) while the coordinator waits: the
 * coordinator notices the lost jobs, publishes the tournament again, queues the missing slots again
 * and finishes with every planned slot recorded once. And queue URLs never show their password.
 */
import { Queue } from 'bullmq';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { connectQueue, parseQueueUrl, QUEUE_NAME, redactUrl, runQueuedTournament, startWorker } from '../../../src/eval/queue/index.js';
import { buildPlan, openStoreFor, readConfig } from '../../../src/eval/tournament/index.js';
import { runCli } from '../../cli/run-cli.js';
import { useQueueFixture, waitFor } from '../../support/queue-fixture.js';

const fx = useQueueFixture('gbgc-queue-restart-');

describe('queue: Redis restarted empty, and URL redaction', () => {
  it('the coordinator queues the lost slots again and records every planned slot once', async () => {
    const config = fx.writeConfig('restart.yaml', ['participants:', '  - {kind: random}', '  - {kind: heuristic}', 'runs: 20', 'seed: 3', 'store: restart.db']);
    const plan = buildPlan(config, readConfig(config));
    const store = openStoreFor(plan);
    const conn = await connectQueue(parseQueueUrl(fx.redis.url));
    const queue = new Queue(QUEUE_NAME, { connection: fx.client });
    const notices: string[] = [];
    try {
      const run = runQueuedTournament(plan, store, conn, { pollMs: 50, checkLostMs: 300, onNotice: (l) => notices.push(l) });
      // The pilot job of each game (32 of its 40 slots) is queued; no worker runs yet. Then Redis
      // loses everything, as a restart without persistence does, and only then a worker starts.
      await waitFor('the pilot jobs to be queued', async () => (await queue.getJobCounts('waiting')).waiting === 2, 60_000);
      await fx.client.flushall();
      const w = startWorker(await connectQueue(parseQueueUrl(fx.redis.url)), { concurrency: 4, lockDurationMs: 2000, stalledIntervalMs: 500 });
      try {
        const report = await run;
        expect(report.failed).toEqual([]);
        expect(report.played).toBe(plan.slots.length);
        // The two pilots twice, then the other 8 slots of each game in one block (bot slots take well under 1/8 s).
        expect(report.enqueued).toBe(plan.slots.length + 64);
        expect(report.jobs).toBe(6);
      } finally {
        await w.close();
      }
      expect(store.doneSlotIds().size).toBe(plan.slots.length);
      expect(notices).toEqual(['the queue had lost 2 jobs (64 slots; was Redis restarted without persistence?); queued them again']);
    } finally {
      store.close();
      await queue.close();
      conn.disconnect();
    }
  });

  it('a password in a queue URL never appears in a message', async () => {
    expect(redactUrl('redis://user:s3cret@host:6379/0')).toBe('redis://user:***@host:6379/0');
    expect(redactUrl('redis://:s3cret@host')).toBe('redis://:***@host');
    expect(redactUrl('redis://s3cret@host')).toBe('redis://***@host');
    for (const url of ['redis://u:s3cret@host:6379/db', 'redis://u:s3cret@host:6379/0?x=1', 'http://u:s3cret@host', 'redis://:s3cret@:1']) {
      for (const args of [
        ['queue', 'status', '--queue', url],
        ['tournament', join(fx.dir, 'none.yaml'), '--queue', url],
      ]) {
        const r = await runCli(args);
        expect([1, 2]).toContain(r.code);
        expect(r.stderr).not.toContain('s3cret');
      }
    }
    const unreachable = await runCli(['queue', 'status', '--queue', 'redis://u:s3cret@127.0.0.1:1']);
    expect(unreachable.code).toBe(1);
    expect(unreachable.stderr).not.toContain('s3cret');
  });
});
