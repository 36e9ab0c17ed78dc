/**
 * The acceptance test of `gbgc study`: a small study (pool 40, select 6, random, l1 and cfr, 2 runs)
 * run through the built CLI to a report twice — once without interruption, once killed with SIGKILL
 * during the pool, during the axes and during the tournament and resumed each time — must give the
 * same selection, the same slots and the same estimates.
 */
import Database from 'better-sqlite3';
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt } from '../support/kill-resume.js';
import { rngFromKeys } from '../../src/util/rng.js';

const ROOT = join(import.meta.dirname, '..', '..');
const tmp = mkdtempSync(join(tmpdir(), 'gbgc-study-kill-'));

// Small games, small budgets: one worker thread each, the fast tier for the re-score.
const STUDY = `out: study
pool: {count: 40, complexity: 0..0.1, seed: 4, workers: 1}
axes: {set: v2, seed: 1, jobs: 1}
select: {n: 6, seed: 1}
rescore: {tier: fast}
tournament:
  participants:
    - kind: random
    - kind: l1
    - kind: cfr
      iterations: 200
      mccfrIterations: 100
  runs: 2
  seed: 3
analysis: {bootstrap: 200, secondary: 50, seed: 1}
`;

const lines = (f: string): number =>
  existsSync(f)
    ? readFileSync(f, 'utf8')
        .split('\n')
        .filter((l) => l.trim() !== '').length
    : 0;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Run `gbgc study FILE` once; when `killWhen` is given, SIGKILL it as soon as the condition holds
 * (polled every 20 ms) plus a seeded delay of up to `jitterMs`.
 * @returns whether it was killed (false: it finished first), and its exit code and stderr
 */
async function runOnce(
  dir: string,
  killWhen?: (stderr: string) => boolean,
  jitterMs = 0,
  seed = 1,
): Promise<{ killed: boolean; code: number | null; stderr: string }> {
  const child = spawn(process.execPath, [join(ROOT, 'bin', 'gbgc.js'), 'study', 'study.yaml'], { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  let code: number | null | undefined;
  const exited = new Promise<void>((res) => child.on('exit', (c) => ((code = c), res())));
  if (killWhen) {
    while (code === undefined && !killWhen(stderr)) await sleep(20);
    if (code === undefined) {
      await sleep(rngFromKeys(seed)() * jitterMs);
      if (code === undefined) {
        child.kill('SIGKILL');
        await exited;
        return { killed: true, code: code ?? null, stderr };
      }
    }
  }
  await exited;
  return { killed: false, code: code ?? null, stderr };
}

function slots(db: string): unknown[] {
  const d = new Database(db, { readonly: true });
  try {
    return d.prepare('SELECT id, game, run, slot, seat0, seat1, play_seed, status, return0, return1, moves0, moves1, notes FROM slots ORDER BY id').all();
  } finally {
    d.close();
  }
}

/** The estimates without what depends on the moment (times, versions of the process). */
function estimates(dir: string): unknown {
  const e = JSON.parse(readFileSync(join(dir, 'study', 'estimates.json'), 'utf8')) as Record<string, unknown>;
  const { meta: _meta, ...rest } = e;
  return rest;
}

describe('gbgc study', () => {
  beforeAll(() => ensureBuilt(), 300_000);

  it('killed with SIGKILL during the pool, the axes and the tournament, then resumed: the same selection, slots and estimates as an uninterrupted run', async () => {
    const ref = join(tmp, 'ref');
    const cut = join(tmp, 'cut');
    for (const d of [ref, cut]) {
      mkdirSync(d);
      writeFileSync(join(d, 'study.yaml'), STUDY);
    }
    const whole = await runOnce(ref);
    expect(whole.stderr).not.toMatch(/error/);
    expect(whole.code).toBe(0);

    const s = join(cut, 'study');
    const kills: string[] = [];
    // 1. during the pool: some games written, not all
    let r = await runOnce(cut, () => lines(join(s, 'pool', 'index.jsonl')) >= 8, 0);
    if (r.killed) kills.push(`pool at ${lines(join(s, 'pool', 'index.jsonl'))} of 40 games`);
    // 2. during the axes
    r = await runOnce(cut, () => lines(join(s, 'axes-fast.jsonl')) >= 5, 0);
    if (r.killed) kills.push(`axes at ${lines(join(s, 'axes-fast.jsonl'))} of 40 games`);
    // 3. during the tournament (its agents' preparation or its slots)
    r = await runOnce(cut, (err) => /study \[5\/7\] tournament: /.test(err), 300, 5);
    if (r.killed) kills.push('tournament');
    expect(kills).toHaveLength(3);
    expect(lines(join(s, 'pool', 'index.jsonl'))).toBe(40);
    // resume to the end
    r = await runOnce(cut);
    expect(r.stderr).not.toMatch(/error/);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/study \[1\/7\] pool: up to date/);
    expect(r.stderr).toMatch(/study \[2\/7\] axes: up to date/);

    const selection = (d: string) => JSON.parse(readFileSync(join(d, 'study', 'selection.json'), 'utf8')).games;
    expect(selection(cut)).toEqual(selection(ref));
    expect(selection(ref)).toHaveLength(6);
    const a = slots(join(ref, 'study', 'runs.db'));
    expect(a).toHaveLength(6 * 3 * 2 * 2);
    expect(slots(join(cut, 'study', 'runs.db'))).toEqual(a);
    expect(estimates(cut)).toEqual(estimates(ref));
    expect(existsSync(join(cut, 'study', 'report', 'index.html'))).toBe(true);

    // Everything done: a rerun computes nothing, and status says so.
    const again = await runOnce(cut);
    expect(again.code).toBe(0);
    expect(again.stderr.trim().split('\n')).toEqual(
      ['pool', 'axes', 'select', 'rescore', 'tournament', 'analysis', 'report'].map((n, i) => `study [${i + 1}/7] ${n}: up to date`),
    );
  }, 900_000);
});
