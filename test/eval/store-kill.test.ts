/**
 * 50 kill -9s at random points of run-store creation and of play, each followed by a resume: every
 * resume succeeds, the path always holds no store or a valid one, and the final store equals an
 * uninterrupted run. Spawns the built CLI (`dist/` is rebuilt first when older than `src/`).
 */
import Database from 'better-sqlite3';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildPlan, makeAgents, openStoreFor, readConfig, runTournament } from '../../src/eval/tournament/index.js';
import { RunStore, checkStore } from '../../src/eval/store/index.js';
import { rngFromKeys } from '../../src/util/rng.js';
import { ensureBuilt, doneSlots } from '../support/kill-resume.js';

const ROOT = resolve(import.meta.dirname, '..', '..');
const BIN = join(ROOT, 'bin', 'gbgc.js');
const tmp = mkdtempSync(join(tmpdir(), 'gbgc-store-kill-'));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A tournament config of bots on Kuhn and Leduc, `runs` runs per matchup (4·runs slots). */
function config(name: string, runs: number): string {
  const cfg = join(tmp, `${name}.yaml`);
  writeFileSync(cfg, JSON.stringify({ games: [resolve('examples/kuhn.gbg'), resolve('examples/leduc.gbg')], participants: [{ kind: 'random' }, { kind: 'heuristic' }], runs, seed: 7, store: `${name}.db` }));
  return cfg;
}

/** Start `gbgc tournament` as a process; resolves with its exit code and standard error. */
function start(args: string[]): { child: ChildProcess; done: Promise<{ code: number | null; stderr: string; stdout: string }> } {
  const child = spawn(process.execPath, [BIN, 'tournament', ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  let stdout = '';
  child.stderr!.on('data', (d) => (stderr += d));
  child.stdout!.on('data', (d) => (stdout += d));
  return { child, done: new Promise((res) => child.on('exit', (code) => res({ code, stderr, stdout }))) };
}

/** The slot rows of a store, in plan order (what must equal between a killed and an uninterrupted run). */
function rows(db: string): unknown[] {
  const d = new Database(db, { readonly: true });
  try {
    return d.prepare('SELECT id, seq, game, run, slot, seat0, seat1, play_seed, status, return0, return1, moves0, moves1, json_array_length(move_log) AS decisions FROM slots ORDER BY seq').all();
  } finally {
    d.close();
  }
}

/** The reference: a config played without interruption, in this process. */
async function reference(cfg: string, db: string): Promise<unknown[]> {
  const plan = buildPlan(cfg, readConfig(cfg), db);
  const store = openStoreFor(plan);
  await runTournament(plan, store, await makeAgents(plan));
  store.close();
  return rows(db);
}

beforeAll(() => ensureBuilt());

describe('kill -9 during store creation and play', () => {
  it('50 kills at random points of creation and play: every resume succeeds and the final store equals an uninterrupted run', async () => {
    const rng = rngFromKeys(34);
    const dir = join(tmp, 'kills');
    mkdirSync(dir);
    const cfg = config('kills', 500);
    const db = join(dir, 'store.db');
    const storeModule = join(ROOT, 'dist', 'eval', 'store', 'index.js');
    let kills = 0;
    // Creation: a process that creates the store over and over (removing it between), killed at a
    // random moment; then a resume opens it. The path always holds no store or a valid one.
    const creator = `const m = await import(${JSON.stringify(storeModule)}); const fs = await import('node:fs'); const p = ${JSON.stringify(db)};
      process.stdout.write('ready\\n');
      for (;;) { m.RunStore.open(p).close(); for (const f of [p, p + '-wal', p + '-shm']) fs.rmSync(f, { force: true }); }`;
    for (let k = 0; k < 36; k++) {
      const child = spawn(process.execPath, ['--input-type=module', '-e', creator], { stdio: ['ignore', 'pipe', 'inherit'] });
      await new Promise<void>((res) => child.stdout!.once('data', () => res()));
      await sleep(rng() * 60);
      const exited = new Promise((res) => child.on('exit', res));
      child.kill('SIGKILL');
      await exited;
      kills++;
      expect(() => checkStore(db)).not.toThrow();
      // The resume: open for writing (creating when absent) and close.
      const s = RunStore.open(db);
      expect(s.meta('schemaVersion')).toBe('2');
      s.close();
      if (k % 2 === 0) for (const f of [db, `${db}-wal`, `${db}-shm`]) rmSync(f, { force: true });
    }
    // Leftover temporary files of killed creators are removed by the next creation.
    for (const f of [db, `${db}-wal`, `${db}-shm`]) rmSync(f, { force: true });
    RunStore.open(db).close();
    expect(readdirSync(dir).filter((n) => n.includes('.creating-'))).toEqual([]);
    rmSync(db, { force: true });
    // Play: the CLI killed at random moments (before, during and after it creates the store), each
    // start resuming the last.
    const atKill: number[] = [];
    while (kills < 50) {
      const run = start([cfg, '--store', db]);
      let code: number | null | undefined;
      void run.done.then((r) => (code = r.code));
      await sleep(150 + rng() * 900);
      if (code !== undefined) {
        const r = await run.done;
        expect(r.code, r.stderr).toBe(0); // finished before its kill: a resume that succeeded
        break;
      }
      run.child.kill('SIGKILL');
      const r = await run.done;
      if (r.code === 0) break;
      kills++;
      atKill.push(doneSlots(db));
      expect(() => checkStore(db)).not.toThrow();
    }
    const last = await start([cfg, '--store', db]).done;
    expect(last.code, last.stderr).toBe(0);
    expect(kills).toBe(50);
    const want = await reference(cfg, join(tmp, 'kills-reference.db'));
    expect(want).toHaveLength(2000);
    expect(rows(db)).toEqual(want);
  });
});

