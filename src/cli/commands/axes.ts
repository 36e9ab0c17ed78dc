/**
 * `gbgc axes FILE|POOL_DIR [--tier fast|precise] [--set v2|v1] [--exact] [--seed S] [--json] [--out axes.jsonl]`:
 * the complexity axes of GENSTRAT v2 (Appendix C) or v1 (Appendix C) of one game or of every game of a pool
 * (`index.jsonl`). With `--out`, one JSON line per game is appended as soon as it is done and a
 * rerun skips the games already in the file (same ruleset hash, tier, set and mode), so an
 * interrupted run resumes where it stopped.
 */
import { appendFileSync, existsSync, readFileSync, statSync, truncateSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { RegisterCommand } from './index.js';
import { loadGame } from '../load.js';
import { UsageError, UserError, parseIntOption, parseSeedOption } from '../errors.js';
import { compileGame } from '../../interpreter/game.js';
import { computeAxes, axisNames, type AxisSet } from '../../eval/axes/index.js';
import { readIndex } from '../../sampler/pool.js';
import { axesOnWorkers } from '../../eval/axes/parallel.js';
import { availableParallelism } from 'node:os';
import { startProgress } from './progress-bar.js';

/** One line of the axes JSONL (read by `gbgc analyze --axes` and `gbgc select`). */
export interface AxesLine {
  file: string;
  /** Pool slot and generator seed, for games of a pool. */
  slot?: number;
  seed?: number;
  rulesetHash: string;
  set: AxisSet;
  tier: 'fast' | 'precise';
  exact: boolean;
  /** The seed the axes were measured with. */
  axesSeed: number;
  /** Axis values keyed by the set's axis names (`axisNames(set)`). */
  axes: Record<string, number>;
}

interface Target {
  file: string;
  slot?: number;
  seed?: number;
}

/** The games to score: the file itself, or every game listed in a pool's `index.jsonl`. */
function targets(path: string): Target[] {
  if (!existsSync(path)) throw new UserError(`${path}: no such file or directory`);
  if (!statSync(path).isDirectory()) return [{ file: path }];
  const index = join(path, 'index.jsonl');
  if (!existsSync(index)) throw new UserError(`${path}: a directory but not a pool (no index.jsonl); build one with gbgc pool`);
  return readIndex(index)
    .sort((a, b) => a.slot - b.slot)
    .map((e) => ({ file: join(path, e.file), slot: e.slot, seed: e.seed }));
}

/** Lines already in `out` (a partial last line is cut off). @throws UserError on a complete line that is not JSON */
function readDone(out: string): AxesLine[] {
  if (!existsSync(out)) return [];
  const text = readFileSync(out, 'utf8');
  const end = text.lastIndexOf('\n') + 1;
  if (end < text.length) truncateSync(out, Buffer.byteLength(text.slice(0, end)));
  return text
    .slice(0, end)
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l, i) => {
      try {
        return JSON.parse(l) as AxesLine;
      } catch {
        throw new UserError(`${out}:${i + 1}: not a JSON line`);
      }
    });
}

const fmt = (x: number): string => x.toFixed(4);

/** The human-readable table. */
export function formatAxes(lines: readonly AxesLine[], set: AxisSet = lines[0]?.set ?? 'v2'): string {
  const names = axisNames(set);
  const head = ['game'.padEnd(27), ...names.map((h) => h.padStart(19))].join(' ');
  const rows = lines.map((l) => [l.file.length > 27 ? `…${l.file.slice(-26)}` : l.file.padEnd(27), ...names.map((a) => fmt(l.axes[a]).padStart(19))].join(' '));
  return `${head}\n${rows.join('\n')}\n`;
}

export const registerAxes: RegisterCommand = (program, ctx) =>
  program
    .command('axes')
    .description('measure the complexity axes (GENSTRAT v2 or v1, Appendix C) of a game or of every game of a pool')
    .argument('<path>', '.gbg file, or a pool directory (with index.jsonl)')
    .option('--tier <tier>', 'measurement budget: fast (1,000 L0 episodes, 64 Sobol opponents) or precise (3,000 L0, 320 Sobol)', 'fast')
    .option('--set <set>', 'axis set: v2 (state space, temporal depth, information sensitivity, opponent modelling, risk, brittleness) or v1 (state space, temporal, opponent dependence, information, precision)', 'v2')
    .option('--exact', 'exact L0 values by a walk of the game tree instead of samples (small trees only)')
    .option('--seed <s>', 'seed of the measurement (a whole number); the same seed gives the same values', '1')
    .option('--jobs <n>', 'worker threads (default: the number of cores; 1 computes in-process)')
    .option('--json', 'print the lines as a JSON array')
    .option('--out <file>', 'append one JSON line per game; games already in the file are skipped (resumable)')
    .addHelpText(
      'after',
      '\nEach line: file, slot and seed (pool games), rulesetHash, set, tier, exact, axesSeed, and axes\n' +
        '{state_space, temporal_depth, info_sensitivity, opponent_modelling, risk, brittleness} (v2) or\n' +
        '{state_space, temporal, opponent_dependence, information, precision} (v1). With --set v1, --exact\n' +
        'counts the state space over the whole tree; the other v1 axes are defined by simulation. Definitions and\n' +
        'the choices the paper leaves open: docs/axes.md.\n\n' +
        'Examples:\n  gbgc axes examples/kuhn.gbg --exact\n  gbgc axes pool/ --tier fast --out axes.jsonl',
    )
    .action(async (path: string, opts: { tier: string; set: string; exact?: boolean; seed: string; jobs?: string; json?: boolean; out?: string }) => {
      const jobs = opts.jobs === undefined ? availableParallelism() : parseIntOption('--jobs', opts.jobs, 1, 256);
      if (opts.tier !== 'fast' && opts.tier !== 'precise') throw new UsageError(`--tier must be fast or precise, got '${opts.tier}'`);
      if (opts.set !== 'v2' && opts.set !== 'v1') throw new UsageError(`--set must be v1 or v2, got '${opts.set}'`);
      const set: AxisSet = opts.set;
      const seed = parseSeedOption(opts.seed);
      const tier = opts.tier;
      const exact = !!opts.exact;
      const list = targets(path);
      const done = opts.out ? readDone(opts.out) : [];
      const same = (l: AxesLine): boolean => l.set === set && l.tier === tier && l.exact === exact && l.axesSeed === seed;
      const doneKeys = new Set(done.filter(same).map((l) => resolve(l.file)));
      const results: AxesLine[] = done.filter((l) => same(l) && list.some((t) => resolve(t.file) === resolve(l.file)));
      const todo = list.filter((t) => !doneKeys.has(resolve(t.file)));
      const progress = startProgress(ctx.io, todo.length, 'axes [{bar}] {value}/{total} games');
      try {
        // Compile every game first (bad input fails here, before any work), then measure.
        const games = todo.map((t) => ({ t, ...loadGame(t.file) }));
        let finished = 0;
        const record = (i: number, axes: Record<string, number>): void => {
          const { t, rulesetHash } = games[i];
          const line: AxesLine = { file: t.file, ...(t.slot !== undefined ? { slot: t.slot, seed: t.seed } : {}), rulesetHash, set, tier, exact, axesSeed: seed, axes };
          if (opts.out) appendFileSync(opts.out, `${JSON.stringify(line)}\n`);
          results.push(line);
          progress.update(++finished);
        };
        if (jobs <= 1 || games.length <= 1) games.forEach((g, i) => record(i, computeAxes(compileGame(g.ir), set, { tier, seed, exact })));
        else await axesOnWorkers(games.map((g, id) => ({ id, ir: g.ir, set, tier, seed, exact })), jobs, (job, axes) => record(job.id, axes));
      } finally {
        progress.stop();
      }
      const order = new Map(list.map((t, i) => [resolve(t.file), i]));
      results.sort((a, b) => (order.get(resolve(a.file)) ?? 0) - (order.get(resolve(b.file)) ?? 0));
      ctx.io.stdout(opts.json ? `${JSON.stringify(results, null, 2)}\n` : formatAxes(results, set));
    });
