import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Ajv } from 'ajv';
import Database from 'better-sqlite3';
import { runCli } from './run-cli.js';
import { plantedTable } from '../../src/eval/stats/simulate.js';
import { writeMinimalStore } from '../../src/eval/stats/store-reader.js';
import { ESTIMATES_SCHEMA } from '../../src/eval/stats/schema.js';

const tmp = mkdtempSync(join(tmpdir(), 'gbgc-analyze-'));
const t = plantedTable({ alpha: [1.5, 0.5, -0.5, -1.5], games: 10, runs: 4, pairsPerGame: 'all', axes: 3, jaggedness: [0.02, 0.05, 0.1, 0.2], seed: 8 });
t.rows.forEach((r, k) => {
  r.moves = [8, 8];
  r.fallbackMoves = [k % 10 === 0 ? 2 : 0, 0];
});
const db = join(tmp, 'runs.db');
writeMinimalStore(db, t.rows, 'c0ffee'.repeat(10) + 'abcd');
const axes = join(tmp, 'axes.jsonl');
writeFileSync(axes, t.axes.map((a) => JSON.stringify(a)).join('\n') + '\n');

describe('gbgc analyze', () => {
  it('prints the leaderboard in the planted order with intervals and fallback rates', async () => {
    const r = await runCli(['analyze', db, '-B', '200', '--secondary', '50']);
    expect(r.code).toBe(0);
    const lines = r.stdout.split('\n');
    expect(lines[0]).toContain(`${t.rows.length} slots, 4 participants, 10 games`);
    const ranked = lines.slice(2, 6).map((l) => l.trim().split(/\s+/)[1]);
    expect(ranked).toEqual(t.models);
    expect(r.stdout).toMatch(/variance\s+σ²_MG\/σ²_M = /);
  });

  it('writes estimates that validate against the JSON schema, with every section filled when axes are given', async () => {
    const out = join(tmp, 'est.json');
    const r = await runCli(['analyze', db, '--axes', axes, '--out', out, '--json', '-B', '200', '--secondary', '50', '--ablation', 'm01,m00']);
    expect(r.code).toBe(0);
    const e = JSON.parse(readFileSync(out, 'utf8'));
    expect(JSON.parse(r.stdout)).toEqual(e);
    const ajv = new Ajv({ allErrors: true });
    const validate = ajv.compile(ESTIMATES_SCHEMA);
    expect(validate(e), JSON.stringify(validate.errors)).toBe(true);
    expect(e.meta.commitment).toBe('c0ffee'.repeat(10) + 'abcd');
    expect(e.profiles.table).toHaveLength(12);
    expect(e.jaggedness.J).toHaveLength(4);
    expect(e.robustness.composite.tertiles).toHaveLength(3);
    expect(e.leaderboard[0].fallbackMoveRate).toBeGreaterThan(0);
    // Planted runs share a run id across pairs, so m00 and m01 have siblings against m02 and m03.
    expect(e.ablation.perAnchor.map((c: { anchor: string }) => c.anchor)).toEqual(['m02', 'm03']);
    expect(e.ablation.pooled.delta).toBeGreaterThan(0);
    // The schema rejects a wrong format tag.
    expect(validate({ ...e, format: 'other' })).toBe(false);
  });

  it('exit codes: missing store 1, not a store 1, bad axes 1, bad option 2', async () => {
    expect((await runCli(['analyze', join(tmp, 'none.db')])).code).toBe(1);
    const junk = join(tmp, 'junk.db');
    writeFileSync(junk, 'not sqlite');
    const j = await runCli(['analyze', junk]);
    expect(j.code).toBe(1);
    expect(j.stderr).toMatch(/junk.db: not a gbgc run store \(not an SQLite database/);
    const badAxes = join(tmp, 'bad.jsonl');
    writeFileSync(badAxes, '{"game":"g000","axes":{"x":"high"}}\n');
    const a = await runCli(['analyze', db, '--axes', badAxes, '-B', '10', '--secondary', '10']);
    expect(a.code).toBe(1);
    expect(a.stderr).toContain("bad.jsonl:1: axis 'x' is not a finite number");
    expect((await runCli(['analyze', db, '-B', 'many'])).code).toBe(2);
    expect((await runCli(['analyze', db, '--ablation', 'onlyone'])).code).toBe(2);
    const unknown = await runCli(['analyze', db, '--ablation', 'm01,nobody', '-B', '10', '--secondary', '10']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/^gbgc: error: --ablation: no participant of the store is named 'nobody' \(participants: /);
  });

  it('reads a store in the run store schema (meta, participants, games, slots; unfinished slots skipped) with names, commitment and engine version', async () => {
    const path = join(tmp, 'tournament.db');
    const d = new Database(path);
    d.exec(`CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
      CREATE TABLE participants (id TEXT PRIMARY KEY, name TEXT NOT NULL, kind TEXT NOT NULL, config TEXT NOT NULL);
      CREATE TABLE games (ruleset_hash TEXT PRIMARY KEY, name TEXT NOT NULL, path TEXT NOT NULL, source TEXT NOT NULL);
      CREATE TABLE slots (id TEXT PRIMARY KEY, seq INTEGER NOT NULL, game TEXT NOT NULL, run INTEGER NOT NULL, slot INTEGER NOT NULL,
        seat0 TEXT NOT NULL, seat1 TEXT NOT NULL, play_seed INTEGER NOT NULL, status TEXT NOT NULL, return0 REAL, return1 REAL,
        moves0 INTEGER, moves1 INTEGER, fallbacks0 INTEGER, fallbacks1 INTEGER, wall_ms REAL, error TEXT, notes TEXT, finished_at TEXT NOT NULL);`);
    d.prepare("INSERT INTO meta VALUES ('commitment', 'feed'), ('engineVersion', '0.0.9')").run();
    const ids = t.models.map((m) => `${m}`.padEnd(64, 'f'));
    ids.forEach((id, k) => d.prepare('INSERT INTO participants VALUES (?, ?, ?, ?)').run(id, k === 3 ? 'random' : `bot-${k}`, 'bot', '{}'));
    const ins = d.prepare('INSERT INTO slots VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)');
    t.rows.forEach((r, k) => {
      const s0 = ids[t.models.indexOf(r.seats[0])];
      const s1 = ids[t.models.indexOf(r.seats[1])];
      ins.run(`id${k}`, k, r.game, r.run, k % 2, s0, s1, 7, 'done', r.returns[0], r.returns[1], 5, 5, 0, 0, 1, null, null, 'now');
    });
    ins.run('err', 99999, 'g000', 0, 0, ids[0], ids[1], 7, 'error', null, null, null, null, null, null, 1, 'boom', null, 'now');
    d.close();
    const r = await runCli(['analyze', path, '--json', '-B', '50', '--secondary', '20']);
    expect(r.code).toBe(0);
    const e = JSON.parse(r.stdout);
    expect(e.meta.commitment).toBe('feed');
    expect(e.meta.tournamentEngineVersion).toBe('0.0.9');
    expect(e.meta.slots).toBe(t.rows.length);
    expect(e.leaderboard.map((x: { name: string }) => x.name)).toEqual(['bot-0', 'bot-1', 'bot-2', 'random']);
    expect(e.leaderboard[0].fallbackMoveRate).toBe(0);
  });
});
