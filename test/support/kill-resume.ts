/**
 * Kill a tournament with SIGKILL (kill -9) at random points and resume it, through the built CLI
 * (`node bin/gbgc.js`, from `dist/`), for the resumption test and `bench/tournament.ts`.
 */
import Database from 'better-sqlite3';
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { rngFromKeys } from '../../src/util/rng.js';

const ROOT = join(import.meta.dirname, '..', '..');

/** Newest modification time of the files under a folder. */
function newest(dir: string): number {
  let t = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
}

/** Block the thread for `ms` milliseconds (a synchronous wait between tries for the build lock). */
function sleepSync(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/**
 * Build `dist/` as `npm run build` does (tsc, then the esbuild bundle that `bin/gbgc.js` loads)
 * unless the bundle is newer than every source file. Test files run in parallel processes, so the
 * check and the build happen under a lock (a directory in the temporary folder, one per checkout):
 * one process builds, the others wait and then find the bundle fresh, and no process starts the
 * CLI from a half-written `dist/`. A lock left by a killed process is taken over after 10 minutes.
 * @throws Error with the compiler's output when the build fails
 */
export function ensureBuilt(): void {
  const lock = join(tmpdir(), `gbgc-build-${createHash('sha256').update(ROOT).digest('hex').slice(0, 16)}.lock`);
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      try {
        if (Date.now() - statSync(lock).mtimeMs > 600_000) rmSync(lock, { recursive: true, force: true });
      } catch {
        // released meanwhile
      }
      sleepSync(100);
    }
  }
  try {
    const marker = join(ROOT, 'dist', 'bundle', 'main.js');
    if (existsSync(marker) && statSync(marker).mtimeMs >= newest(join(ROOT, 'src'))) return;
    for (const args of [[join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.build.json'], [join(ROOT, 'scripts', 'build.mjs')]]) {
      const r = spawnSync(process.execPath, args, { cwd: ROOT, encoding: 'utf8' });
      if (r.status !== 0) throw new Error(`build failed: ${r.stdout}${r.stderr}`);
    }
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/** Finished slots in a store (0 when it does not exist yet or is being created). */
export function doneSlots(db: string): number {
  if (!existsSync(db)) return 0;
  try {
    const d = new Database(db, { readonly: true, fileMustExist: true });
    try {
      return d.prepare("SELECT COUNT(*) FROM slots WHERE status = 'done'").pluck().get() as number;
    } finally {
      d.close();
    }
  } catch {
    return 0;
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Run `gbgc tournament CONFIG --store DB` and kill it with SIGKILL `kills` times, each time at a
 * random moment (seeded) after it has written at least one new slot, then let the last start finish.
 * @returns kills done (fewer when the tournament finished first) and the slots the store held at each kill
 */
export async function killAndResume(config: string, db: string, kills: number, seed: number, maxDelayMs = 400): Promise<{ kills: number; atKill: number[] }> {
  const rng = rngFromKeys(seed);
  const atKill: number[] = [];
  for (;;) {
    const child = spawn(process.execPath, [join(ROOT, 'bin', 'gbgc.js'), 'tournament', config, '--store', db], {
      cwd: ROOT,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    let exitCode: number | null | undefined;
    const exited = new Promise<void>((res) => child.on('exit', (code) => ((exitCode = code), res())));
    if (atKill.length < kills) {
      const before = doneSlots(db);
      while (exitCode === undefined && doneSlots(db) <= before) await sleep(15);
      if (exitCode === undefined) {
        await sleep(rng() * maxDelayMs);
        child.kill('SIGKILL');
        await exited;
        if (exitCode === 0) return { kills: atKill.length, atKill }; // finished just before the kill
        atKill.push(doneSlots(db));
        continue;
      }
    }
    await exited;
    if (exitCode !== 0) throw new Error(`gbgc tournament exited with ${exitCode}: ${stderr}`);
    return { kills: atKill.length, atKill };
  }
}
