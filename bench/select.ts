/**
 * Benchmark selection end to end (GENSTRAT v2 §4): build a pool of POOL accepted games over
 * c ∈ [0, 1] (`gbgc pool`), score it at the fast tier (`gbgc axes --out`, all cores), choose N games
 * by farthest-point sampling (`gbgc select`) and print the report: chosen seeds, per-axis coverage,
 * the Pearson correlation matrix and the VIFs. The three commands run in-process through the CLI's
 * own `main`, so the bench measures exactly what a user runs. Every step resumes: the pool and the
 * axes file are kept in `--dir` (default a fresh folder under the system temp folder).
 *
 * Figures: seconds of the fast tier per pool game (wall, on --jobs workers) against one in-process
 * fast-tier game on examples/kuhn.gbg measured in the same run (median of 3 after a warm-up), and the projected wall time of the
 * fast tier for a 2,000-game pool on 2 cores.
 *
 * Run: `npx tsx bench/select.ts [--pool 2000] [--n 50] [--set v2] [--jobs K] [--dir DIR]`
 * (the full size is `--pool 2000 --n 50`).
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { main } from '../src/cli/main.js';
import { compileSource } from '../src/compiler/index.js';
import { compileGame } from '../src/interpreter/game.js';
import { computeAxes, type AxisSet } from '../src/eval/axes/index.js';
import { figure, median, report } from './lib/figures.js';

const argv = process.argv.slice(2);
const opt = (name: string, dflt: string): string => {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1]! : dflt;
};
const POOL = Number(opt('--pool', '2000'));
const N = Math.min(Number(opt('--n', '50')), POOL);
const SET = opt('--set', 'v2') as AxisSet;
const JOBS = Number(opt('--jobs', String(availableParallelism())));
const DIR = opt('--dir', '') || mkdtempSync(join(tmpdir(), 'gbgc-bench-select-'));

async function cli(args: string[]): Promise<string> {
  let out = '';
  let err = '';
  const code = await main(args, { stdout: (t) => void (out += t), stderr: (t) => void (err += t), stderrIsTTY: false, stdin: Readable.from(['']) });
  if (code !== 0) throw new Error(`gbgc ${args.join(' ')}: exit ${code}\n${err}`);
  return out;
}

const kuhn = compileGame(compileSource(readFileSync(new URL('../examples/kuhn.gbg', import.meta.url), 'utf8')).ir!);
computeAxes(kuhn, SET, { tier: 'fast', seed: 1 }); // warm-up (JIT)
let t = 0;
const kuhnSec = median(
  [1, 2, 3].map((s) => {
    t = performance.now();
    computeAxes(kuhn, SET, { tier: 'fast', seed: s });
    return (performance.now() - t) / 1000;
  }),
);

const pool = join(DIR, 'pool');
const axesFile = join(DIR, `axes-${SET}.jsonl`);
t = performance.now();
await cli(['pool', '-n', String(POOL), '-c', '0..1', '--seed', '1', '--out', pool, '--workers', String(JOBS)]);
const poolSec = (performance.now() - t) / 1000;
const before = (() => {
  try {
    return readFileSync(axesFile, 'utf8')
      .split('\n')
      .filter((l) => l.trim()).length;
  } catch {
    return 0;
  }
})();
t = performance.now();
await cli(['axes', pool, '--tier', 'fast', '--set', SET, '--out', axesFile, '--jobs', String(JOBS)]);
const axesSec = (performance.now() - t) / 1000;
const scored =
  readFileSync(axesFile, 'utf8')
    .split('\n')
    .filter((l) => l.trim()).length - before;
const text = await cli(['select', '--pool', pool, '--axes', axesFile, '--n', String(N), '--out', join(DIR, 'selection.json')]);
process.stdout.write(text);

const wallPerGame = scored > 0 ? axesSec / scored : NaN;
const projected2000On2 = (wallPerGame * JOBS * 2000) / 2 / 60;
report(
  'select',
  [
    figure({
      id: 'fast-wall-per-pool-game',
      name: `fast tier (${SET}), pool over c ∈ [0, 1], ${JOBS} workers`,
      value: wallPerGame * JOBS,
      unit: 'core-s/game',
      reference: { name: `fast tier (${SET}) on kuhn.gbg, in-process`, value: kuhnSec, unit: 's/game' },
      kind: 'time',
      ratioMeaning: 'core-seconds per pool game / seconds on Kuhn',
      note: `${scored} games scored in this run`,
    }),
  ],
  { pool: POOL, n: N, set: SET, jobs: JOBS, dir: DIR, poolSeconds: poolSec, axesSeconds: axesSec, projectedPool2000On2CoresMinutes: projected2000On2 },
);
console.log(
  JSON.stringify(
    {
      pool: POOL,
      n: N,
      set: SET,
      jobs: JOBS,
      dir: DIR,
      poolSeconds: poolSec,
      gamesScored: scored,
      axesSeconds: axesSec,
      coreSecondsPerGame: wallPerGame * JOBS,
      kuhnFastSeconds: kuhnSec,
      projectedPool2000On2CoresMinutes: projected2000On2,
    },
    null,
    2,
  ),
);
