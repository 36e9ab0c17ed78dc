/**
 * 50 kill -9s at random points of run-store creation and of play, each followed by a resume: every
 * resume succeeds, the path always holds no store or a valid one, and the final store equals an
 * uninterrupted run. Spawns the built CLI (`dist/` is rebuilt first when older than `src/`).
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { botConfig, referenceRows, ROOT, sleep, slotRows, startTournament } from '../support/store-runs.js';
import { RunStore, SCHEMA_VERSION, checkStore } from '../../src/eval/store/index.js';
import { rngFromKeys } from '../../src/util/rng.js';
import { ensureBuilt, doneSlots } from '../support/kill-resume.js';

const tmp = mkdtempSync(join(tmpdir(), 'gbgc-store-kill-'));
const config = (name: string, runs: number): string => botConfig(tmp, name, runs);
const start = startTournament;
const rows = slotRows;
const reference = referenceRows;

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
      expect(s.meta('schemaVersion')).toBe(String(SCHEMA_VERSION));
      s.close();
      if (k % 2 === 0) for (const f of [db, `${db}-wal`, `${db}-shm`]) rmSync(f, { force: true });
    }
    // Leftover temporary files of killed creators are removed by the next creation.
    for (const f of [db, `${db}-wal`, `${db}-shm`]) rmSync(f, { force: true });
    RunStore.open(db).close();
    expect(readdirSync(dir).filter((n) => n.includes('.creating-'))).toEqual([]);
    rmSync(db, { force: true });
    // Play: the CLI killed at random moments (before, during and after it creates the store), each
    // start resuming the last. A run that finishes before its kill (a fast machine) is compared with
    // the uninterrupted run and the next cycle starts from no store, so the count of kills does not
    // depend on the machine's speed.
    const want = await reference(cfg, join(tmp, 'kills-reference.db'));
    expect(want).toHaveLength(2000);
    const fresh = (): void => {
      expect(rows(db)).toEqual(want);
      for (const f of [db, `${db}-wal`, `${db}-shm`]) rmSync(f, { force: true });
    };
    const atKill: number[] = [];
    while (kills < 50) {
      const run = start([cfg, '--store', db]);
      let code: number | null | undefined;
      void run.done.then((r) => (code = r.code));
      await sleep(150 + rng() * 900);
      if (code !== undefined) {
        const r = await run.done;
        expect(r.code, r.stderr).toBe(0); // finished before its kill: a resume that succeeded
        fresh();
        continue;
      }
      run.child.kill('SIGKILL');
      const r = await run.done;
      if (r.code === 0) {
        fresh();
        continue;
      }
      kills++;
      atKill.push(doneSlots(db));
      expect(() => checkStore(db)).not.toThrow();
    }
    const last = await start([cfg, '--store', db]).done;
    expect(last.code, last.stderr).toBe(0);
    expect(kills).toBe(50);
    expect(rows(db)).toEqual(want);
  });
});
