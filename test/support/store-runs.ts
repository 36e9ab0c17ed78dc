/**
 * Helpers of the run-store tests (store-safety, store-kill): bot tournament configs, `gbgc
 * tournament` started as a process from the built CLI, a store's slot rows, and an uninterrupted
 * reference run in this process.
 */
import Database from 'better-sqlite3';
import { spawn, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { buildPlan, makeAgents, openStoreFor, readConfig, runTournament } from '../../src/eval/tournament/index.js';

export const ROOT = resolve(import.meta.dirname, '..', '..');
const BIN = join(ROOT, 'bin', 'gbgc.js');
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A tournament config in `dir` of bots on Kuhn and Leduc, `runs` runs per matchup (4·runs slots). */
export function botConfig(dir: string, name: string, runs: number): string {
  const cfg = join(dir, `${name}.yaml`);
  writeFileSync(
    cfg,
    JSON.stringify({
      games: [resolve('examples/kuhn.gbg'), resolve('examples/leduc.gbg')],
      participants: [{ kind: 'random' }, { kind: 'heuristic' }],
      runs,
      seed: 7,
      store: `${name}.db`,
    }),
  );
  return cfg;
}

/** Start `gbgc tournament ARGS` as a process; `done` resolves with its exit code and output. */
export function startTournament(args: string[]): { child: ChildProcess; done: Promise<{ code: number | null; stderr: string; stdout: string }> } {
  const child = spawn(process.execPath, [BIN, 'tournament', ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  let stdout = '';
  child.stderr!.on('data', (d) => (stderr += d));
  child.stdout!.on('data', (d) => (stdout += d));
  return { child, done: new Promise((res) => child.on('exit', (code) => res({ code, stderr, stdout }))) };
}

/** The slot rows of a store in plan order, with each slot's count of decisions (what must equal between a killed and an uninterrupted run; latencies differ). */
export function slotRows(db: string): unknown[] {
  const d = new Database(db, { readonly: true });
  try {
    return d
      .prepare(
        'SELECT id, seq, game, run, slot, seat0, seat1, play_seed, status, return0, return1, moves0, moves1, json_array_length(move_log) AS decisions FROM slots ORDER BY seq',
      )
      .all();
  } finally {
    d.close();
  }
}

/** Play a config without interruption in this process into `db`; returns its slot rows. */
export async function referenceRows(cfg: string, db: string): Promise<unknown[]> {
  const plan = buildPlan(cfg, readConfig(cfg), db);
  const store = openStoreFor(plan);
  await runTournament(plan, store, await makeAgents(plan));
  store.close();
  return slotRows(db);
}
