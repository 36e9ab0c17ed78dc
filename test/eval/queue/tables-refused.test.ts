/**
 * Scale-out (`gbgc tournament --queue`) plays two-seat games: a tournament of a table game is
 * refused with one clear line before anything is queued (no Redis call is made), never an internal
 * error on a worker.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { runQueuedTournament } from '../../../src/eval/queue/index.js';
import { buildPlan, readConfig } from '../../../src/eval/tournament/index.js';
import type { RunStore } from '../../../src/eval/store/index.js';
import { UserError } from '../../../src/util/errors.js';

const tmp = mkdtempSync(join(tmpdir(), 'gbgc-queue-tables-'));
/** A Redis that fails the test if it is used. */
const untouched = new Proxy({}, { get: (_t, k) => (k === 'then' ? undefined : () => expect.fail(`Redis was used (${String(k)})`)) }) as unknown as Redis;

function planOf(body: Record<string, unknown>) {
  const path = join(tmp, `${Object.keys(body).join('-')}.json`);
  writeFileSync(
    path,
    JSON.stringify({ participants: [{ kind: 'random' }, { kind: 'check-fold' }, { kind: 'always-fold' }], runs: 1, seed: 1, store: 'q.db', ...body }),
  );
  return buildPlan(path, readConfig(path));
}

describe('scale-out refuses tables', () => {
  it('a three-seat table', async () => {
    const plan = planOf({ games: [resolve('examples/league-holdem.gbg')] });
    const run = runQueuedTournament(plan, {} as RunStore, untouched);
    await expect(run).rejects.toBeInstanceOf(UserError);
    await expect(run).rejects.toThrow(
      /scale-out \(--queue\) plays two-seat games; .*league-holdem\.gbg is a table game \(3 seats, a button\): run this tournament without --queue/,
    );
  });
});
