import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Ajv } from 'ajv';
import Database from 'better-sqlite3';
import { runCli } from './run-cli.js';
import { plantedTable } from '../../src/eval/stats/simulate.js';
import { writeSlotStore } from '../support/slot-store.js';
import { ESTIMATES_SCHEMA } from '../../src/eval/stats/schema.js';
import { RunStore, READABLE_SCHEMAS } from '../../src/eval/store/index.js';
import { ENGINE_VERSION } from '../../src/util/version.js';

const tmp = mkdtempSync(join(tmpdir(), 'gbgc-analyze-'));
const t = plantedTable({ alpha: [1.5, 0.5, -0.5, -1.5], games: 10, runs: 4, pairsPerGame: 'all', axes: 3, jaggedness: [0.02, 0.05, 0.1, 0.2], seed: 8 });
t.rows.forEach((r, k) => {
  r.moves = [8, 8];
  r.fallbackMoves = [k % 10 === 0 ? 2 : 0, 0];
});
const db = join(tmp, 'runs.db');
writeSlotStore(db, t.rows, { commitment: 'c0ffee'.repeat(10) + 'abcd' });
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

  it('reads a run store: names, commitment and engine version from it, unfinished slots skipped', async () => {
    const path = join(tmp, 'tournament.db');
    const names = Object.fromEntries(t.models.map((m, k) => [m, k === 3 ? 'random' : `bot-${k}`]));
    writeSlotStore(path, t.rows, { commitment: 'feed', names });
    const store = RunStore.open(path);
    store.recordSlot(
      {
        id: 'err',
        seq: 99999,
        game: t.rows[0].game,
        run: 0,
        slot: 0,
        seat0: t.models[0],
        seat1: t.models[1],
        play_seed: 7,
        status: 'error',
        return0: null,
        return1: null,
        moves0: null,
        moves1: null,
        fallbacks0: null,
        fallbacks1: null,
        wall_ms: 1,
        error: 'boom',
        notes: null,
        finished_at: 'now',
      },
      [],
    );
    store.close();
    const r = await runCli(['analyze', path, '--json', '-B', '50', '--secondary', '20']);
    expect(r.code).toBe(0);
    const e = JSON.parse(r.stdout);
    expect(e.meta.commitment).toBe('feed');
    expect(e.meta.tournamentEngineVersion).toBe(ENGINE_VERSION);
    expect(e.meta.slots).toBe(t.rows.length);
    expect(e.leaderboard.map((x: { name: string }) => x.name)).toEqual(['bot-0', 'bot-1', 'bot-2', 'random']);
    expect(e.leaderboard[0].fallbackMoveRate).toBeGreaterThan(0);
  });

  it('refuses a store of another schema version, another engine, or a file of slots without the meta table, with error[CODE] and exit 1', async () => {
    const altered = (name: string, sql: string): string => {
      const path = join(tmp, name);
      copyFileSync(db, path);
      const d = new Database(path);
      d.exec(sql);
      d.close();
      return path;
    };
    const old = altered('schema1.db', "UPDATE meta SET value = '1' WHERE key = 'schemaVersion'");
    const engine = altered('engine.db', "UPDATE meta SET value = 'gbgc-0.0.9' WHERE key = 'engineVersion'");
    const bare = altered('bare.db', 'DROP TABLE meta');
    for (const cmd of [['analyze'], ['report', '--out', join(tmp, 'rep')]]) {
      const o = await runCli([...cmd, old, '-B', '10', '--secondary', '10']);
      expect(o.code).toBe(1);
      expect(o.stderr).toBe(
        `${old}: error[store-schema]: run store schema version 1, this gbgc reads version ${READABLE_SCHEMAS.join(' or ')}; stores are not converted: read it with the gbgc that wrote it, or play the tournament again into a new store\n`,
      );
      const g = await runCli([...cmd, engine, '-B', '10', '--secondary', '10']);
      expect(g.code).toBe(1);
      expect(g.stderr).toBe(
        `${engine}: error[store-engine]: the store was written by engine gbgc-0.0.9, this is ${ENGINE_VERSION}; results of different engines are not mixed unasked: pass --allow-engine-mismatch (in a study, analysis.allow_engine_mismatch: true) to analyse it anyway (with a warning; the estimates record the store's engine), read it with the gbgc of that engine, or play the tournament again into a new store\n`,
      );
      const m = await runCli([...cmd, bare, '-B', '10', '--secondary', '10']);
      expect(m.code).toBe(1);
      expect(m.stderr).toMatch(/^\S*bare\.db: error\[store-schema\]: not a gbgc run store \(it has no meta table/);
    }
    // records show a store of another engine as it is (its engine is in the summary).
    const s = await runCli(['records', 'summary', engine]);
    expect(s.code).toBe(0);
    expect(s.stdout).toContain('engine gbgc-0.0.9');
    expect((await runCli(['records', 'summary', old])).stderr).toContain('error[store-schema]');
  });

  it("--allow-engine-mismatch analyses a store of another engine: the same α̂ as under this engine, a warning naming both engines, the store's engine recorded", async () => {
    const engine = join(tmp, 'engine-allowed.db');
    copyFileSync(db, engine);
    const d = new Database(engine);
    d.exec("UPDATE meta SET value = 'gbgc-0.0.9' WHERE key = 'engineVersion'");
    d.close();
    const args = ['--json', '-B', '100', '--secondary', '20', '--seed', '3'];
    const same = await runCli(['analyze', db, ...args]);
    expect(same.code).toBe(0);
    expect(same.stderr).toBe('');
    const refused = await runCli(['analyze', engine, ...args]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('error[store-engine]: the store was written by engine gbgc-0.0.9');
    expect(refused.stderr).toContain('pass --allow-engine-mismatch');
    const other = await runCli(['analyze', engine, ...args, '--allow-engine-mismatch']);
    expect(other.code).toBe(0);
    const warning = `warning: ${engine} was played by engine gbgc-0.0.9 and is analysed by engine ${ENGINE_VERSION} (engine mismatch allowed): its slots are gbgc-0.0.9's results as stored, not played again by this engine; meta.tournamentEngineVersion records gbgc-0.0.9\n`;
    expect(other.stderr).toBe(warning);
    const a = JSON.parse(same.stdout);
    const b = JSON.parse(other.stdout);
    expect(a.meta.tournamentEngineVersion).toBe(ENGINE_VERSION);
    expect(b.meta.tournamentEngineVersion).toBe('gbgc-0.0.9');
    expect(b.meta.engineVersion).toBe(ENGINE_VERSION);
    expect(b.meta.warnings[0]).toBe(warning.slice('warning: '.length, -1));
    // Every estimate is the same: only the recorded engine and the warning differ.
    expect(b.leaderboard).toEqual(a.leaderboard);
    expect(b.leaderboard.map((r: { alpha: number }) => r.alpha)).toEqual(a.leaderboard.map((r: { alpha: number }) => r.alpha));
    expect(b.variance).toEqual(a.variance);
    // The text output heads with the warning too; on a store of this engine the flag changes nothing.
    const text = await runCli(['analyze', engine, '-B', '20', '--secondary', '10', '--allow-engine-mismatch']);
    expect(text.code).toBe(0);
    expect(text.stdout.split('\n')[0]).toBe(warning.slice(0, -1));
    const flagged = await runCli(['analyze', db, ...args, '--allow-engine-mismatch']);
    expect(flagged.stderr).toBe('');
    expect(JSON.parse(flagged.stdout)).toEqual(a);
    // The report reads the store under the same flag: its page names both engines.
    const rep = join(tmp, 'rep-engine');
    const r = await runCli(['report', engine, '--out', rep, '-B', '10', '--secondary', '10', '--allow-engine-mismatch']);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe(warning);
    expect(readFileSync(join(rep, 'index.html'), 'utf8')).toContain(`${ENGINE_VERSION} (tournament played by gbgc-0.0.9)`);
    expect(JSON.parse(readFileSync(join(rep, 'estimates.json'), 'utf8')).meta.tournamentEngineVersion).toBe('gbgc-0.0.9');
  });

  it('gbgc explain finds the store codes, as written and as printed in error[CODE]', async () => {
    for (const code of ['store-schema', 'store-engine']) {
      const r = await runCli(['explain', code]);
      expect(r.code).toBe(0);
      expect(r.stdout.split('\n')[0]).toBe(`${code}: run store ${code === 'store-schema' ? 'of another schema version' : 'played by another engine version'}`);
      expect((await runCli(['explain', `error[${code}]`])).stdout).toBe(r.stdout);
      expect((await runCli(['explain', code.toUpperCase()])).stdout).toBe(r.stdout);
      const j = JSON.parse((await runCli(['explain', code, '--json'])).stdout);
      expect(j).toMatchObject({ code, severity: 'error' });
    }
    const e = (await runCli(['explain', 'store-engine'])).stdout;
    expect(e).toContain('--allow-engine-mismatch');
    expect(e).toContain('allow_engine_mismatch: true');
    expect(e).toContain('new store');
    expect((await runCli(['explain', 'store-schema'])).stdout).toContain('play the tournament again into a new store');
    expect((await runCli(['explain', '--list'])).stdout).toMatch(/^store-engine {2}run store played by another engine version$/m);
    expect((await runCli(['explain', 'store-nothing'])).code).toBe(1);
  });
});
