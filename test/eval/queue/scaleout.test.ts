/**
 * Tournaments through Redis (BullMQ): a coordinator and three worker processes of the built CLI on
 * a bot tournament (random and two heuristics on Kuhn and Leduc), a worker killed with SIGKILL while
 * holding jobs (a second one too when jobs still wait) and restarted, the coordinator killed and restarted; the store must hold exactly the slots of the
 * local run of the same config. The failure semantics are in `failures.test.ts`.
 */
import { Queue } from 'bullmq';
import { spawn, type ChildProcess } from 'node:child_process';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { QUEUE_NAME } from '../../../src/eval/queue/index.js';
import { tournamentKey, stalledKey } from '../../../src/eval/queue/spec.js';
import { runCli } from '../../cli/run-cli.js';
import { doneSlots, ensureBuilt } from '../../support/kill-resume.js';
import { readStore, useQueueFixture, waitFor } from '../../support/queue-fixture.js';

const ROOT = resolve(import.meta.dirname, '..', '..', '..');
const BIN = join(ROOT, 'bin', 'gbgc.js');

const fx = useQueueFixture('gbgc-scaleout-', ensureBuilt);

interface Proc {
  child: ChildProcess;
  exited: Promise<number | null>;
  out: () => string;
}

function cli(args: string[]): Proc {
  const child = spawn(process.execPath, [BIN, ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  return { child, exited, out: () => out };
}

const startWorkerProc = () => cli(['worker', '--queue', fx.redis.url, '--concurrency', '2', '--lock-duration', '2000', '--stalled-interval', '500']);

describe('gbgc tournament --queue with gbgc workers', () => {
  it('workers killed with SIGKILL while holding jobs and restarted, and a restarted coordinator, record exactly the slots of the local run', async () => {
    const config = fx.writeConfig('bots.yaml', [
      'participants:',
      '  - {kind: random}',
      '  - {kind: heuristic}',
      '  - {kind: heuristic, name: loose, raise: 0.5, fold: 0.2, bluff: 0.3}',
      'runs: 100',
      'seed: 11',
      'store: queued.db',
      // Small blocks, so that many jobs wait while workers are killed.
      'queue_block_slots: 25',
    ]);
    const total = 3 * 2 * 100 * 2;
    const local = await runCli(['tournament', config, '--store', join(fx.dir, 'local.db'), '--json']);
    expect(local.code, local.stderr).toBe(0);
    expect(JSON.parse(local.stdout).total).toBe(total);

    const store = join(fx.dir, 'queued.db');
    const queue = new Queue(QUEUE_NAME, { connection: fx.client });
    const jobs = async (state: 'wait' | 'active' | 'completed') => (await queue.getRanges([state], 0, -1)).length;
    const commitment0 = JSON.parse(local.stdout).commitment as string;
    // The workers are started one at a time, so that each kill finds jobs still waiting however fast
    // the machine: with every worker up, all 48 jobs can be taken before the first poll sees one.
    const workers: (Proc | undefined)[] = [];
    try {
      let coord = cli(['tournament', config, '--queue', fx.redis.url, '--json']);
      await waitFor('every slot enqueued', async () => Number(await fx.client.hget(tournamentKey(commitment0), 'enqueued')) === total);
      // Worker 0 takes jobs and dies holding them (its lock then expires and they are taken over).
      workers[0] = startWorkerProc();
      await waitFor('worker 0 holding a job', async () => (await jobs('active')) > 0);
      workers[0].child.kill('SIGKILL');
      await workers[0].exited;
      expect(await jobs('wait')).toBeGreaterThan(0);
      // One worker runs while the coordinator records, then the coordinator dies.
      workers[1] = startWorkerProc();
      await waitFor('the coordinator recording slots', () => doneSlots(store) >= 60);
      coord.child.kill('SIGKILL');
      await coord.exited;
      const recordedAtKill = doneSlots(store);
      expect(recordedAtKill).toBeLessThan(total);
      expect(Number(await fx.client.hget(tournamentKey(commitment0), 'enqueued'))).toBe(total);
      // Workers keep finishing slots while no coordinator runs; the restarted one must collect them.
      await waitFor('jobs completed while the coordinator was down', async () => (await jobs('completed')) > 0);
      coord = cli(['tournament', config, '--queue', fx.redis.url, '--json']);
      workers[0] = startWorkerProc();
      workers[2] = startWorkerProc();
      // Worker 1 dies too if jobs are still waiting (on a fast machine they may all be done).
      if ((await jobs('wait')) > 0) {
        workers[1].child.kill('SIGKILL');
        await workers[1].exited;
        workers[1] = startWorkerProc();
      }
      expect(await coord.exited, coord.out()).toBe(0);
      const report = JSON.parse(coord.out().slice(coord.out().indexOf('{')));
      expect(report.total).toBe(total);
      expect(report.enqueued).toBe(0); // nothing queued again
      expect(report.alreadyDone).toBe(recordedAtKill);
      expect(report.alreadyDone + report.played).toBe(total);
      expect(report.failed).toEqual([]);
      const commitment = report.commitment as string;
      expect(commitment).toBe(JSON.parse(local.stdout).commitment);
      expect(Number(await fx.client.hget(tournamentKey(commitment), 'enqueued'))).toBe(total);
      // A killed worker held jobs: they were taken over after their lock expired.
      expect(await fx.client.scard(stalledKey(commitment))).toBeGreaterThanOrEqual(1);

      const a = readStore(store);
      const b = readStore(join(fx.dir, 'local.db'));
      expect(a.slots.length).toBe(total);
      expect(a.dupSlots).toBe(0);
      expect(a.dupMoves).toBe(0);
      expect(a.slots).toEqual(b.slots);
      expect(a.moves).toEqual(b.moves);

      const status = await runCli(['queue', 'status', '--queue', fx.redis.url, '--json']);
      expect(status.code, status.stderr).toBe(0);
      const row = (JSON.parse(status.stdout) as { commitment: string }[]).find((r) => r.commitment === commitment);
      expect(row).toMatchObject({ total, recorded: total, enqueued: total, waiting: 0, active: 0, completed: 0, failed: 0 });
      expect((row as unknown as { stalled: number }).stalled).toBeGreaterThanOrEqual(1);
      // Rerunning the finished tournament queues nothing.
      const again = await runCli(['tournament', config, '--queue', fx.redis.url, '--json']);
      expect(again.code, again.stderr).toBe(0);
      expect(JSON.parse(again.stdout)).toMatchObject({ alreadyDone: total, played: 0, enqueued: 0 });
    } finally {
      await queue.close();
      for (const w of workers) {
        if (!w) continue;
        w.child.kill('SIGTERM');
        await w.exited;
      }
    }
  });
});
