/**
 * Measuring the axes of many games into a resumable JSONL file: the games of a pool (its
 * `index.jsonl`) or a list of files, one line per game appended as soon as it is measured; a rerun
 * skips the games already in the file with the same set, tier, mode, seed and risk weights. Used by `gbgc axes`
 * and by the study pipeline.
 */
import { existsSync, readFileSync, statSync, truncateSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import { compileSource } from '../../compiler/index.js';
import { formatDiagnostics } from '../../diagnostics/format.js';
import { compileAnyGame } from '../../interpreter/game.js';
import { requireTwoSeats } from '../../algorithms/seats.js';
import type { GameIR } from '../../ir/schema.js';
import { readIndex } from '../../sampler/pool.js';
import { DiagnosticError, UserError } from '../../util/errors.js';
import { parseJsonInput } from '../../util/json.js';
import { appendText } from '../../util/fs.js';
import { computeAxes, type AxisSet } from './index.js';
import { axesOnWorkers } from './parallel.js';
import type { RiskWeights } from './risk.js';

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
  /** v2 set: how risk's w_I was normalised (risk.ts); absent in files written before the option existed. */
  riskWeights?: RiskWeights;
  /** Axis values keyed by the set's axis names (`axisNames(set)`). */
  axes: Record<string, number>;
}

/** A game to measure: its file, and its pool slot and generator seed when it comes from a pool. */
export interface AxesTarget {
  file: string;
  slot?: number;
  seed?: number;
}

/**
 * The games to score: the file itself, or every game listed in a pool's `index.jsonl` (slot order).
 * @throws UserError when the path does not exist or is a folder without `index.jsonl`
 */
export function axesTargets(path: string): AxesTarget[] {
  if (!existsSync(path)) throw new UserError(`${path}: no such file or directory`);
  if (!statSync(path).isDirectory()) return [{ file: path }];
  const index = join(path, 'index.jsonl');
  if (!existsSync(index)) throw new UserError(`${path}: a directory but not a pool (no index.jsonl); build one with gbgc pool`);
  const root = resolve(path);
  return readIndex(index)
    .sort((a, b) => a.slot - b.slot)
    .map((e, i) => {
      // An index line names a file of the pool, never one outside it (`../x`, an absolute path).
      const file = resolve(root, e.file);
      if (!file.startsWith(root + sep))
        throw new UserError(`${index}: the line of slot ${e.slot} (line ${i + 1} in slot order) names ${e.file}, outside the pool ${path}`);
      return { file: join(path, e.file), slot: e.slot, seed: e.seed };
    });
}

/**
 * The lines already in `out` (none when it does not exist). A partial last line, left by an
 * interrupted append, is cut off the file.
 * @throws UserError on a complete line that is not JSON
 */
export function readAxesDone(out: string): AxesLine[] {
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
        return parseJsonInput(l, `${out}:${i + 1}`, 8) as AxesLine;
      } catch {
        throw new UserError(`${out}:${i + 1}: not a JSON line`);
      }
    });
}

/** Compile a game file for measuring. @throws UserError naming the file and the first diagnostic */
function loadForAxes(file: string): { ir: GameIR; rulesetHash: string } {
  let source: string;
  try {
    source = readFileSync(file, 'utf8');
  } catch (e) {
    throw new UserError(`cannot read ${file}: ${(e as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (e as Error).message}`);
  }
  const r = compileSource(source);
  if (!r.ir || !r.rulesetHash) throw new UserError(formatDiagnostics(file, source, r.diagnostics).split('\n')[0]);
  return { ir: r.ir, rulesetHash: r.rulesetHash };
}

/**
 * Whether an axes line was measured with these settings (set, tier, mode, seed, and for the v2 set
 * risk's weights, default `qualifying`; a v2 line without `riskWeights` predates the option and
 * matches none).
 */
export function axesLineMatches(l: AxesLine, o: { set: AxisSet; tier: string; seed: number; exact: boolean; riskWeights?: RiskWeights }): boolean {
  const rw = o.set === 'v2' ? (o.riskWeights ?? 'qualifying') : undefined;
  return l.set === o.set && l.tier === o.tier && l.exact === o.exact && l.axesSeed === o.seed && l.riskWeights === rw;
}

/** Options of {@link measureAxes}. */
export interface MeasureAxesOptions {
  set: AxisSet;
  tier: 'fast' | 'precise';
  /** Seed of the measurement. */
  seed: number;
  exact: boolean;
  /** Risk's w_I (v2 set; default `qualifying`, risk.ts). */
  riskWeights?: RiskWeights;
  /** Worker threads; 1 measures in-process. */
  jobs: number;
  /** JSONL file: lines are appended as games finish, and games already in it are skipped. */
  out?: string;
  /** Compile a file (default: read and compile it, a UserError naming the first diagnostic). */
  load?: (file: string) => { ir: GameIR; rulesetHash: string };
  /** Called once with the number of games to measure now, then after each game with the count done. */
  onProgress?: (done: number, todo: number) => void;
}

/**
 * Measure the axes of `list`, resuming from `opts.out`: lines already there with the same set,
 * tier, mode and seed are kept, the other games are measured (every game is compiled first, so bad
 * input fails before any work) and appended one line each.
 * @returns one line per game of `list`, in its order
 * @throws UserError for a game that cannot be read, does not compile or cannot be measured
 */
export async function measureAxes(list: readonly AxesTarget[], opts: MeasureAxesOptions): Promise<AxesLine[]> {
  const { set, tier, seed, exact } = opts;
  const riskWeights: RiskWeights | undefined = set === 'v2' ? (opts.riskWeights ?? 'qualifying') : undefined;
  const done = opts.out ? readAxesDone(opts.out) : [];
  // The output must take lines before anything is measured.
  if (opts.out) appendText(opts.out, '');
  const same = (l: AxesLine): boolean => axesLineMatches(l, { set, tier, seed, exact, riskWeights });
  const doneKeys = new Set(done.filter(same).map((l) => resolve(l.file)));
  const results: AxesLine[] = done.filter((l) => same(l) && list.some((t) => resolve(t.file) === resolve(l.file)));
  const todo = list.filter((t) => !doneKeys.has(resolve(t.file)));
  opts.onProgress?.(0, todo.length);
  const load = opts.load ?? loadForAxes;
  const games = todo.map((t) => {
    const g = load(t.file);
    try {
      requireTwoSeats({ numSeats: g.ir.seats.length }, 'the GENSTRAT axes measurement');
    } catch (e) {
      throw e instanceof DiagnosticError ? e.at(t.file) : e;
    }
    return { t, ...g };
  });
  let finished = 0;
  const record = (i: number, axes: Record<string, number>): void => {
    const { t, rulesetHash } = games[i];
    const line: AxesLine = {
      file: t.file,
      ...(t.slot !== undefined ? { slot: t.slot, seed: t.seed } : {}),
      rulesetHash,
      set,
      tier,
      exact,
      axesSeed: seed,
      ...(riskWeights ? { riskWeights } : {}),
      axes,
    };
    if (opts.out) appendText(opts.out, `${JSON.stringify(line)}\n`);
    results.push(line);
    opts.onProgress?.(++finished, todo.length);
  };
  if (opts.jobs <= 1 || games.length <= 1) games.forEach((g, i) => record(i, computeAxes(compileAnyGame(g.ir), set, { tier, seed, exact, riskWeights })));
  else
    await axesOnWorkers(
      games.map((g, id) => ({ id, ir: g.ir, set, tier, seed, exact, riskWeights })),
      opts.jobs,
      (job, axes) => record(job.id, axes),
    );
  const order = new Map(list.map((t, i) => [resolve(t.file), i]));
  return results.sort((a, b) => (order.get(resolve(a.file)) ?? 0) - (order.get(resolve(b.file)) ?? 0));
}
