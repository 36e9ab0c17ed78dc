/**
 * A house game's results are its players' only (run store schema 5): a tournament of roulette
 * sessions stores no result for the house's seat, and every reader (slots, records summary, the
 * table statistics of analyze) reports the players alone; a schema-4 store that holds the house's
 * returns is read the same way, and upgraded in place by a writer.
 */
import Database from 'better-sqlite3';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../cli/run-cli.js';
import { readSlots, RunStore, SCHEMA_VERSION } from '../../src/eval/store/index.js';
import { summarizeStore } from '../../src/eval/store/records.js';
import { handRowsOf } from '../../src/eval/stats/table-store.js';

const tmp = mkdtempSync(join(tmpdir(), 'gbgc-house-'));
const db = join(tmp, 'r.db');

beforeAll(async () => {
  const cfg = join(tmp, 'r.json');
  writeFileSync(
    cfg,
    JSON.stringify({
      games: [resolve('examples/roulette.gbg')],
      participants: [{ kind: 'random' }, { kind: 'always-raise' }],
      runs: 3,
      seed: 11,
      hands_per_match: 50,
      stacks: 'carry',
      store: 'r.db',
    }),
  );
  const r = await runCli(['tournament', cfg, '--json']);
  expect(r.code, r.stderr).toBe(0);
});

describe('a house game in the run store', () => {
  it('stores no result for the house seat: each slot is one participant’s session', () => {
    expect(SCHEMA_VERSION).toBe(5);
    const stored = readSlots(db);
    expect(stored.slots).toHaveLength(6);
    for (const s of stored.slots) {
      expect(s.status).toBe('done');
      // The House is seat 1 of roulette.gbg.
      expect(s.house).toBe(1);
      expect([s.return1, s.moves1, s.fallbacks1]).toEqual([null, null, null]);
      // The player's return is its session's: the hands' chips of seat 0.
      expect(s.return0).toBe(s.hands!.reduce((a, h) => a + h.returns[0], 0));
      expect(s.moves0).toBeGreaterThan(0);
    }
    // In the raw rows too (what the writer wrote).
    const raw = new Database(db, { readonly: true });
    expect(raw.prepare('SELECT COUNT(*) FROM slots WHERE return1 IS NOT NULL').pluck().get()).toBe(0);
    raw.close();
  });

  it('reports each participant’s sessions alone (records summary, table statistics)', () => {
    const stored = readSlots(db);
    const byId = new Map(stored.participants.map((p) => [p.id, p.name]));
    const sessions = new Map<string, number[]>();
    for (const s of stored.slots) sessions.set(s.seat0, [...(sessions.get(s.seat0) ?? []), s.return0!]);
    const store = RunStore.openReadOnly(db);
    const summary = summarizeStore(store);
    store.close();
    for (const p of summary.participants) {
      const own = sessions.get(p.id)!;
      expect(p.slots, byId.get(p.id)).toBe(3);
      expect(p.meanReturns).toBeCloseTo(own.reduce((a, b) => a + b, 0) / own.length, 9);
    }
    // The table statistics' rows: the players' hands only, never the house's seat.
    const rows = handRowsOf(stored, db).rows;
    expect(rows.every((r) => r.seat === 0)).toBe(true);
    expect(rows.length).toBe(stored.slots.reduce((a, s) => a + s.hands!.length, 0));
    expect(rows.every((r) => r.againstHouse)).toBe(true);
  });

  it('gbgc analyze gives each participant its own hands, without a warning about chips not summing to zero', async () => {
    const r = await runCli(['analyze', db]);
    expect(r.code, r.stderr).toBe(0);
    const hands = readSlots(db).slots.reduce((a, s) => a + s.hands!.length, 0);
    expect(r.stdout).toContain(`2 participants, ${hands} hands of 1 seats (${hands} seat-hands) in 6 matches, 3 blocks`);
    expect(r.stdout).not.toMatch(/do not sum to zero/);
  });

  it('reads a schema-4 store holding the house’s returns as players only, and a writer upgrades it in place', () => {
    const old = join(tmp, 'old.db');
    const w = new Database(db, { readonly: true });
    w.exec(`VACUUM INTO '${old}'`);
    w.close();
    const o = new Database(old);
    o.prepare("UPDATE meta SET value = '4' WHERE key = 'schemaVersion'").run();
    o.prepare('UPDATE slots SET return1 = -return0, moves1 = 0, fallbacks1 = 0').run();
    o.close();
    const read = readSlots(old).slots;
    expect(read.map((s) => [s.return0, s.return1, s.moves1])).toEqual(readSlots(db).slots.map((s) => [s.return0, null, null]));
    const store = RunStore.openReadOnly(old);
    expect(store.schema).toBe(4);
    expect(summarizeStore(store).participants.map((p) => p.slots)).toEqual([3, 3]);
    store.close();
    const writer = RunStore.open(old);
    expect(writer.meta('schemaVersion')).toBe('5');
    writer.close();
  });
});
