/**
 * The run store: slots with their moves in one row (`move_log`), read back through the `moves`
 * view exactly as recorded; staged slots are committed whole or not at all; stores of another
 * schema are refused.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { compileSource } from '../../src/compiler/index.js';
import { compileGame } from '../../src/interpreter/game.js';
import { createParticipantAgent, makeParticipant } from '../../src/eval/agents/index.js';
import { playSlot } from '../../src/eval/match/index.js';
import {
  RunStore,
  READABLE_SCHEMAS,
  StoreVersionError,
  checkStore,
  moveLog,
  readMoves,
  readSlots,
  type MoveRecord,
  type SlotRecord,
} from '../../src/eval/store/index.js';

/** A row of the `moves` view. */
type MoveRow = {
  slot: string;
  ply: number;
  seat: number;
  obs_digest: string;
  action: number;
  label: string;
  fallback: string | null;
  latency_ms: number;
  extra: string | null;
  chat: string | null;
};
import { UserError } from '../../src/util/errors.js';

const tmp = mkdtempSync(join(tmpdir(), 'gbgc-store-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const row = (id: string, seq: number, status: 'done' | 'error' = 'done'): SlotRecord => ({
  id,
  seq,
  game: 'g',
  run: seq >> 1,
  slot: seq & 1,
  seat0: 'a',
  seat1: 'b',
  play_seed: 7,
  status,
  return0: status === 'done' ? 1 : null,
  return1: status === 'done' ? -1 : null,
  moves0: 0,
  moves1: 0,
  fallbacks0: 0,
  fallbacks1: 0,
  wall_ms: 0.5,
  error: status === 'error' ? 'boom' : null,
  notes: null,
  finished_at: '2026-01-01T00:00:00.000Z',
});

describe('run store', () => {
  it('writes a move log as the JSON of one [seat, obs_digest, action, label, fallback, latency_ms, extra] per decision', () => {
    const text = fc.string({ unit: 'binary', maxLength: 12 });
    const move = fc.record({
      seat: fc.integer({ min: 0, max: 1 }),
      obsDigest: text,
      action: fc.integer({ min: 0, max: 40 }),
      label: text,
      fallback: fc.option(text),
      latencyMs: fc.double({ min: 0, max: 1e5, noNaN: true }),
      extra: fc.option(fc.dictionary(text, fc.oneof(text, fc.integer(), fc.constant(null)))),
    });
    fc.assert(
      fc.property(fc.array(move, { maxLength: 12 }), (ms) => {
        const moves: MoveRecord[] = ms.map((m, ply) => ({ ply, ...m }));
        const log = moveLog(moves);
        expect(log).toBe(
          JSON.stringify(moves.map((m) => [m.seat, m.obsDigest, m.action, m.label, m.fallback, Math.round(m.latencyMs * 1000) / 1000, m.extra])),
        );
        expect((JSON.parse(log) as unknown[][]).map((e) => e[3])).toEqual(moves.map((m) => m.label));
      }),
      { numRuns: 300 },
    );
  });

  it('reads every recorded move back through the moves view, field for field', async () => {
    const game = compileGame(compileSource(readFileSync('examples/leduc.gbg', 'utf8')).ir!);
    const [a, b] = await Promise.all([
      createParticipantAgent(makeParticipant({ kind: 'random' }, 'a'), game),
      createParticipantAgent(makeParticipant({ kind: 'heuristic' }, 'b'), game),
    ]);
    const store = RunStore.open(join(tmp, 'moves.db'));
    const expected: MoveRow[] = [];
    for (let k = 0; k < 20; k++) {
      const out = await playSlot(game, [a, b], 1000 + k, k & 1);
      expect(out.records.length).toBeGreaterThan(1);
      const extra = k === 3 ? { tokens: 12, reply: 'call, "quoted"' } : null;
      const records = out.records.map((m, i) => (i === 0 ? { ...m, extra, fallback: k === 3 ? 'unparseable reply' : null } : m));
      store.stageSlot({ ...row(`s${k}`, k), moves0: out.moves[0], moves1: out.moves[1] }, records);
      for (const m of records)
        expected.push({
          slot: `s${k}`,
          ply: m.ply,
          seat: m.seat,
          obs_digest: m.obsDigest,
          action: m.action,
          label: m.label,
          fallback: m.fallback,
          latency_ms: Math.round(m.latencyMs * 1000) / 1000,
          extra: m.extra ? JSON.stringify(m.extra) : null,
          chat: null,
        });
    }
    expect(store.commitStaged()).toBe(20);
    const got = store.db.prepare('SELECT * FROM moves ORDER BY CAST(substr(slot, 2) AS INTEGER), ply').all() as MoveRow[];
    expect(got).toEqual(expected);
    expect(JSON.parse(got.find((m) => m.extra)!.extra!)).toEqual({ tokens: 12, reply: 'call, "quoted"' });
    // readMoves gives the records back as they were recorded (latencies to the microsecond)
    for (let k = 0; k < 20; k++) {
      const back = store.readMoves(`s${k}`);
      expect(back).toEqual(
        expected
          .filter((m) => m.slot === `s${k}`)
          .map((m) => ({
            ply: m.ply,
            seat: m.seat,
            obsDigest: m.obs_digest,
            action: m.action,
            label: m.label,
            fallback: m.fallback,
            latencyMs: m.latency_ms,
            extra: m.extra ? JSON.parse(m.extra) : null,
          })),
      );
    }
    expect(store.readMoves('s3')[0].extra).toEqual({ tokens: 12, reply: 'call, "quoted"' });
    // moves0 + moves1 of every slot equals its moves in the view
    const mismatched = store.db
      .prepare(
        'SELECT s.id FROM slots s LEFT JOIN (SELECT slot, COUNT(*) n FROM moves GROUP BY slot) m ON m.slot = s.id WHERE s.moves0 + s.moves1 != COALESCE(m.n, 0)',
      )
      .all();
    expect(mismatched).toEqual([]);
    store.close();
  });

  it('commits staged slots whole: closing without a commit (a crash) keeps none of them', () => {
    const path = join(tmp, 'staged.db');
    const store = RunStore.open(path);
    store.recordSlots([{ row: row('x0', 0), moves: [] }]);
    store.stageSlot(row('x1', 1), []);
    store.stageSlot(row('x2', 2), []);
    expect(store.stagedSlots).toBe(2);
    store.close(); // like kill -9 before the commit: the open transaction is rolled back
    const again = RunStore.open(path);
    expect([...again.doneSlotIds()]).toEqual(['x0']);
    // an error row is replaced by the slot played again, which then has its moves
    again.recordSlot(row('x1', 1, 'error'), []);
    again.recordSlot(row('x1', 1), [
      { ply: 0, seat: 0, obsDigest: '0123456789abcdef', action: 1, label: 'check', fallback: null, latencyMs: 0.25, extra: null },
    ]);
    expect(again.db.prepare("SELECT status FROM slots WHERE id = 'x1'").pluck().all()).toEqual(['done']);
    expect(again.db.prepare("SELECT label FROM moves WHERE slot = 'x1'").pluck().all()).toEqual(['check']);
    // moves out of decision order are refused and nothing of the slot is written
    expect(() =>
      again.stageSlot(row('x3', 3), [{ ply: 1, seat: 0, obsDigest: '0', action: 0, label: 'x', fallback: null, latencyMs: 0, extra: null }]),
    ).toThrow(/decision order/);
    expect(again.stagedSlots).toBe(0);
    expect(again.db.inTransaction).toBe(false);
    expect([...again.doneSlotIds()].sort()).toEqual(['x0', 'x1']);
    again.close();
  });

  it('refuses a store of another schema version with one clear line', () => {
    const path = join(tmp, 'old.db');
    const store = RunStore.open(path);
    store.setMeta('schemaVersion', '1');
    store.close();
    expect(() => checkStore(path)).toThrow(UserError);
    expect(() => readSlots(path)).toThrow(`${path}: error[store-schema]: run store schema version 1, this gbgc reads version ${READABLE_SCHEMAS.join(' or ')}`);
    expect(() => RunStore.openReadOnly(path)).toThrow(StoreVersionError);
    expect(() => readMoves(path, 'x')).toThrow(StoreVersionError);
    expect(() => checkStore(path)).toThrow(`run store schema version 1, this gbgc reads version ${READABLE_SCHEMAS.join(' or ')}`);
    // allowing another engine never lets another layout through
    expect(() => readSlots(path, { allowEngineMismatch: true })).toThrow('error[store-schema]');
  });

  it('a store of another engine: readers of results refuse it unless allowed (then return its engine); the writer always refuses it', () => {
    const path = join(tmp, 'engine.db');
    const store = RunStore.open(path);
    store.recordSlot(row('e0', 0), [
      { ply: 0, seat: 0, obsDigest: '0123456789abcdef', action: 1, label: 'check', fallback: null, latencyMs: 0.25, extra: null },
    ]);
    store.setMeta('engineVersion', 'gbgc-0.0.9');
    store.close();
    expect(() => readSlots(path)).toThrow(/error\[store-engine\]: the store was written by engine gbgc-0\.0\.9, .*pass --allow-engine-mismatch/);
    const read = readSlots(path, { allowEngineMismatch: true });
    expect(read.engineVersion).toBe('gbgc-0.0.9');
    expect(read.slots.map((s) => s.id)).toEqual(['e0']);
    expect(readMoves(path, 'e0', { allowEngineMismatch: true }).map((m) => m.label)).toEqual(['check']);
    expect(() => readMoves(path, 'e0')).toThrow(StoreVersionError);
    // records and the viewer read it as it is
    expect(() => RunStore.openReadOnly(path).close()).not.toThrow();
    expect(() => checkStore(path)).toThrow(/error\[store-engine\]: .*a tournament is not resumed or extended under another engine.*play it into a new store/);
  });
});
