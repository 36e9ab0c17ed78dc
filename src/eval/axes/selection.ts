/**
 * A benchmark selection from a pool (GENSTRAT v2 §4) as a file: read the pool's index and its axes
 * JSONL, choose N games by farthest-point sampling (`select.ts`), and describe the choice — the
 * games with their files, generator seeds and complexities, per-axis coverage, the Pearson matrix
 * and the VIFs. The JSON written by `gbgc select --out` is read as is by a tournament's
 * `games: {selection: FILE}`: `games[].file` is relative to the selection file's folder.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { readIndex, type PoolEntry } from '../../sampler/pool.js';
import { UsageError, UserError } from '../../util/errors.js';
import { parseJsonInput } from '../../util/json.js';
import { axisNames, type AxisSet } from './index.js';
import type { AxesLine } from './measure.js';
import { correlationMatrix, coverage, farthestPointSample, varianceInflationFactors, type AxisCoverage } from './select.js';

/** A chosen game as the tournament reads it. */
export interface SelectionGame {
  /** The `.gbg` file, relative to the folder of the selection file (to the working folder when printed). */
  file: string;
  /** Pool slot, generator seed and complexity of the game. */
  slot: number;
  seed: number;
  complexity: number;
  rulesetHash: string;
}

/** What `gbgc select` reports (and writes with --out). */
export interface Selection {
  /** The pool folder as given. */
  pool: string;
  axesFile: string;
  n: number;
  seed: number;
  axes: string[];
  /** The chosen games in the order chosen, for `games: {selection: FILE}` of a tournament config. */
  games: SelectionGame[];
  /** Chosen games in the order chosen: pool slot, generator seed, file (relative to the pool), ruleset hash, axis values. */
  chosen: { slot: number; seed: number; file: string; rulesetHash: string; values: number[] }[];
  coverage: Record<string, AxisCoverage>;
  correlation: number[][];
  vif: Record<string, number | null>;
  /** Pool games without an axes line (left out). */
  missing: number;
}

/**
 * The lines of an axes JSONL of one set (v2 or v1, from each line's `set`; lines without one are v2).
 * @throws UserError when the file is missing, a line is not an axes line of its set, or the sets are mixed
 */
export function readAxesLines(path: string): { set: AxisSet; lines: AxesLine[] } {
  if (!existsSync(path)) throw new UserError(`${path}: no such file`);
  let set: AxisSet | undefined;
  const lines = readFileSync(path, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l, i) => {
      let o: AxesLine;
      try {
        o = parseJsonInput(l, `${path}:${i + 1}`, 8) as AxesLine;
      } catch {
        throw new UserError(`${path}:${i + 1}: not a JSON line`);
      }
      if (!o || typeof o !== 'object' || typeof o.axes !== 'object' || o.axes === null)
        throw new UserError(`${path}:${i + 1}: not an axes line (no axes object)`);
      const ls = o.set ?? 'v2';
      if (ls !== 'v1' && ls !== 'v2') throw new UserError(`${path}:${i + 1}: unknown axis set '${String(ls)}' (v1 or v2)`);
      if (set !== undefined && ls !== set) throw new UserError(`${path}:${i + 1}: a ${ls} line in a file of ${set} lines; select from one set at a time`);
      set = ls;
      for (const a of axisNames(ls))
        if (typeof o.axes[a] !== 'number' || !Number.isFinite(o.axes[a])) throw new UserError(`${path}:${i + 1}: axis ${a} missing or not a finite number`);
      return o;
    });
  return { set: set ?? 'v2', lines };
}

/** A pool game with its axis values, and whether the selection chose it (for the figures). */
export interface SelectionPoint {
  entry: PoolEntry;
  values: Record<string, number>;
  chosen: boolean;
}

/**
 * Choose `n` games of the pool `poolDir` from the axes file `axesPath` (GENSTRAT v2 §4).
 * @returns the selection, its axis set and every pool game with axes (for the figures)
 * @throws UserError when the pool or the axes file cannot be read or share no game; UsageError when `n` exceeds the games with axes
 */
export function selectFromPool(poolDir: string, axesPath: string, n: number, seed: number): { selection: Selection; set: AxisSet; points: SelectionPoint[] } {
  const indexPath = join(poolDir, 'index.jsonl');
  if (!existsSync(indexPath)) throw new UserError(`${poolDir}: not a pool (no index.jsonl)`);
  const entries = readIndex(indexPath).sort((a, b) => a.slot - b.slot);
  const { set, lines } = readAxesLines(axesPath);
  const AXES = axisNames(set);
  const bySlot = new Map<number, AxesLine>();
  const byHash = new Map<string, AxesLine>();
  for (const l of lines) {
    if (l.slot !== undefined) bySlot.set(l.slot, l);
    byHash.set(l.rulesetHash, l);
  }
  const rows = entries.flatMap((e) => {
    const l = bySlot.get(e.slot) ?? byHash.get(e.rulesetHash);
    return l ? [{ e, values: AXES.map((a) => l.axes[a]) }] : [];
  });
  if (rows.length === 0) throw new UserError(`${axesPath}: no line matches a game of ${poolDir}`);
  if (n > rows.length) throw new UsageError(`--n ${n} is more than the ${rows.length} pool games with axes`);
  const pick = farthestPointSample(
    rows.map((r, id) => ({ id, values: r.values })),
    n,
    seed,
  );
  const chosenRows = pick.map((i) => rows[i].values);
  const cov = coverage(
    rows.map((r) => r.values),
    chosenRows,
  );
  const vif = varianceInflationFactors(chosenRows);
  const selection: Selection = {
    pool: poolDir,
    axesFile: axesPath,
    n,
    seed,
    axes: [...AXES],
    games: pick.map((i) => {
      const e = rows[i].e;
      return { file: join(poolDir, e.file), slot: e.slot, seed: e.seed, complexity: e.complexity, rulesetHash: e.rulesetHash };
    }),
    chosen: pick.map((i) => ({ slot: rows[i].e.slot, seed: rows[i].e.seed, file: rows[i].e.file, rulesetHash: rows[i].e.rulesetHash, values: rows[i].values })),
    coverage: Object.fromEntries(AXES.map((a, j) => [a, cov[j]])),
    correlation: correlationMatrix(chosenRows).map((r) => r.map((x) => (Number.isFinite(x) ? x : NaN))),
    vif: Object.fromEntries(AXES.map((a, j) => [a, Number.isNaN(vif[j]) ? null : vif[j]])),
    missing: entries.length - rows.length,
  };
  const chosenSet = new Set(pick);
  const points = rows.map((r, i) => ({ entry: r.e, values: Object.fromEntries(AXES.map((a, j) => [a, r.values[j]])), chosen: chosenSet.has(i) }));
  return { selection, set, points };
}

/**
 * The JSON text of a selection as written to `file`: `games[].file` made relative to the file's
 * folder (they are relative to the working folder in `sel`), so a tournament config reads it
 * wherever the two files are.
 */
export function selectionFileText(sel: Selection, file: string): string {
  const base = dirname(resolve(file));
  const games = sel.games.map((g) => ({ ...g, file: relative(base, resolve(g.file)) }));
  return `${JSON.stringify({ ...sel, games }, null, 2)}\n`;
}
