/**
 * A tournament played into a run store and analysed from it, as a user chains the commands:
 * `gbgc tournament` (Kuhn, random against cfr, the real engine and bots) writes the store,
 * `gbgc analyze` and `gbgc report` read it through the store's one reader. The estimates are
 * checked against the store's own rows.
 */
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { runCli } from '../cli/run-cli.js';
import { readMoves, readSlots } from '../../src/eval/store/index.js';
import { ENGINE_VERSION } from '../../src/util/version.js';

const tmp = mkdtempSync(join(tmpdir(), 'gbgc-store-analysis-'));
const RUNS = 60;

describe('a Kuhn tournament analysed from its store', () => {
  it('tournament → analyze → report: the estimates are the store’s rows', async () => {
    const cfg = join(tmp, 'kuhn.yaml');
    writeFileSync(
      cfg,
      JSON.stringify({
        games: { files: [resolve('examples/kuhn.gbg')] },
        participants: [{ kind: 'random' }, { kind: 'cfr', iterations: 200 }],
        runs: RUNS,
        seed: 3,
        store: 'kuhn.db',
      }),
    );
    const db = join(tmp, 'kuhn.db');
    const t = await runCli(['tournament', cfg, '--commit', '--json']);
    expect(t.code, t.stderr).toBe(0);
    const commitment = JSON.parse(t.stdout).commitment as string;
    const played = await runCli(['tournament', cfg, '--json']);
    expect(played.code, played.stderr).toBe(0);
    expect(JSON.parse(played.stdout)).toMatchObject({ total: 2 * RUNS, played: 2 * RUNS, errors: 0 });

    // The store's own rows, read with SQL (not through the reader under test).
    const raw = new Database(db, { readonly: true });
    const parts = raw.prepare('SELECT id, name FROM participants').all() as { id: string; name: string }[];
    const cfrId = parts.find((p) => p.name.startsWith('cfr'))!.id;
    const rows = raw.prepare("SELECT id, seat0, seat1, return0, return1, moves0, moves1 FROM slots WHERE status = 'done' ORDER BY seq").all() as {
      id: string;
      seat0: string;
      seat1: string;
      return0: number;
      return1: number;
      moves0: number;
      moves1: number;
    }[];
    raw.close();
    expect(rows).toHaveLength(2 * RUNS);
    // Two participants: α̂_cfr = −α̂_random = the mean of (cfr's chips − random's chips) / 2 = cfr's mean returns (zero-sum).
    const cfrReturns = rows.map((r) => (r.seat0 === cfrId ? r.return0 : r.return1));
    const alphaCfr = cfrReturns.reduce((s, x) => s + x, 0) / rows.length;

    // The reader gives back every slot and each slot's moves.
    const stored = readSlots(db);
    expect(stored.engineVersion).toBe(ENGINE_VERSION);
    expect(stored.commitment).toBe(commitment);
    expect(stored.slots.map((s) => s.id)).toEqual(rows.map((r) => r.id));
    const moves = readMoves(db, rows[0].id);
    expect(moves.map((m) => m.ply)).toEqual(Array.from({ length: rows[0].moves0 + rows[0].moves1 }, (_, k) => k));
    // Kuhn: the seats alternate from seat 0; every move is one of its four actions; bots have no extra.
    expect(moves.map((m) => m.seat)).toEqual(moves.map((m) => m.ply % 2));
    for (const m of moves) {
      expect(m.obsDigest).toMatch(/^[0-9a-f]{16}$/);
      expect(['check', 'bet', 'call', 'fold']).toContain(m.label);
      expect([m.fallback, m.extra]).toEqual([null, null]);
    }

    const out = join(tmp, 'estimates.json');
    const a = await runCli(['analyze', db, '-B', '200', '--secondary', '50', '--out', out]);
    expect(a.code, a.stderr).toBe(0);
    const e = JSON.parse(readFileSync(out, 'utf8'));
    expect(e.meta.slots).toBe(2 * RUNS);
    expect(e.meta.commitment).toBe(commitment);
    expect(e.meta.tournamentEngineVersion).toBe(ENGINE_VERSION);
    const byId = Object.fromEntries(e.leaderboard.map((r: { participant: string; alpha: number; ci: { lo: number; hi: number } }) => [r.participant, r]));
    expect(byId[cfrId].alpha).toBeCloseTo(alphaCfr, 12);
    expect(Object.values(byId).reduce((s: number, r) => s + (r as { alpha: number }).alpha, 0)).toBeCloseTo(0, 12);
    expect(byId[cfrId].ci.lo).toBeLessThanOrEqual(byId[cfrId].alpha);
    expect(byId[cfrId].alpha).toBeLessThanOrEqual(byId[cfrId].ci.hi);
    expect(a.stdout).toContain(`${2 * RUNS} slots, 2 participants, 1 games`);

    // The report reads the same store with the same flags: the same estimates.
    const dir = join(tmp, 'report');
    const r = await runCli(['report', db, '-B', '200', '--secondary', '50', '--out', dir]);
    expect(r.code, r.stderr).toBe(0);
    expect(existsSync(join(dir, 'index.html'))).toBe(true);
    const fromReport = JSON.parse(readFileSync(join(dir, 'estimates.json'), 'utf8'));
    expect(fromReport.leaderboard).toEqual(e.leaderboard);
  });
});
