/**
 * A tournament killed with kill -9 at random points and resumed holds exactly the slots of an
 * uninterrupted run: same ids, same returns, no duplicates, no partial moves. Spawns the built CLI
 * (`dist/` is rebuilt first when older than `src/`). 4,000 slots here; `bench/tournament.ts` kills
 * and resumes the 10,008-slot tournament at 5 points.
 */
import Database from 'better-sqlite3';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildPlan, makeAgents, openStoreFor, readConfig, runTournament } from '../../src/eval/tournament/index.js';
import { ensureBuilt, killAndResume } from '../support/kill-resume.js';

const tmp = mkdtempSync(join(tmpdir(), 'gbgc-kill-'));

function rows(db: string) {
  const d = new Database(db, { readonly: true });
  try {
    const slots = d.prepare('SELECT id, seq, status, return0, return1, moves0, moves1 FROM slots ORDER BY seq').all() as {
      id: string;
      moves0: number;
      moves1: number;
    }[];
    const moves = d.prepare('SELECT slot, COUNT(*) AS n FROM moves GROUP BY slot').all() as { slot: string; n: number }[];
    return { slots, moves: new Map(moves.map((m) => [m.slot, m.n])) };
  } finally {
    d.close();
  }
}

describe('kill -9 and resume', () => {
  beforeAll(() => ensureBuilt());

  it('killed with SIGKILL at up to 3 random points, then resumed: exactly the uninterrupted slots', async () => {
    const cfg = join(tmp, 'kill.yaml');
    writeFileSync(
      cfg,
      JSON.stringify({
        games: [resolve('examples/kuhn.gbg'), resolve('examples/leduc.gbg')],
        participants: [{ kind: 'random' }, { kind: 'heuristic' }],
        runs: 1000,
        seed: 21,
        store: 'unused.db',
      }),
    );
    // Slots commit up to 1,024 at a time (or every 250 ms); each kill lands a random 0–40 ms after
    // a start's first commit, inside the next batch. A start with fewer than 1,024 slots left may
    // finish before its kill, so at least one kill is required, not all three.
    const killed = await killAndResume(cfg, join(tmp, 'killed.db'), 3, 4, 40);
    expect(killed.kills).toBeGreaterThanOrEqual(1);
    // The reference: the same config played without interruption, in this process.
    const plan = buildPlan(cfg, readConfig(cfg), join(tmp, 'reference.db'));
    const store = openStoreFor(plan);
    await runTournament(plan, store, await makeAgents(plan));
    store.close();
    const a = rows(join(tmp, 'killed.db'));
    const b = rows(join(tmp, 'reference.db'));
    expect(a.slots).toHaveLength(4000);
    expect(a.slots).toEqual(b.slots);
    for (const s of a.slots) expect(a.moves.get(s.id) ?? 0).toBe(s.moves0 + s.moves1);
    // At least one kill fell in the middle of the run (a late one may land after the last commit,
    // while the process closes the store).
    expect(killed.atKill.some((n) => n > 0 && n < 4000)).toBe(true);
  });
});
