/**
 * `gbgc select --pool DIR --axes axes.jsonl --n 50 [--seed S] [--json] [--out selection.json]`:
 * choose a benchmark from a pool by farthest-point sampling in the axis space (GENSTRAT v2 §4) and
 * print the chosen generator seeds, per-axis coverage, the Pearson correlation matrix and the VIFs
 * of the selection (v2 §3.1, Appendix D).
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { RegisterCommand } from './index.js';
import { UsageError, UserError, parseIntOption, parseSeedOption } from '../errors.js';
import { readIndex } from '../../sampler/pool.js';
import { axisNames, type AxisSet } from '../../eval/axes/index.js';
import { correlationMatrix, coverage, farthestPointSample, varianceInflationFactors, type AxisCoverage } from '../../eval/axes/select.js';
import { writeFileAtomic } from '../../util/fs.js';
import { writeSelectionFigures } from '../../eval/axes/figures.js';
import type { AxesLine } from './axes.js';

/** What `gbgc select` reports (and writes with --out). */
export interface Selection {
  pool: string;
  axesFile: string;
  n: number;
  seed: number;
  axes: string[];
  /** Chosen games in the order chosen: pool slot, generator seed, file, ruleset hash, axis values. */
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
function readAxesLines(path: string): { set: AxisSet; lines: AxesLine[] } {
  if (!existsSync(path)) throw new UserError(`${path}: no such file`);
  let set: AxisSet | undefined;
  const lines = readFileSync(path, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l, i) => {
      let o: AxesLine;
      try {
        o = JSON.parse(l) as AxesLine;
      } catch {
        throw new UserError(`${path}:${i + 1}: not a JSON line`);
      }
      if (!o || typeof o !== 'object' || typeof o.axes !== 'object' || o.axes === null) throw new UserError(`${path}:${i + 1}: not an axes line (no axes object)`);
      const ls = o.set ?? 'v2';
      if (ls !== 'v1' && ls !== 'v2') throw new UserError(`${path}:${i + 1}: unknown axis set '${String(ls)}' (v1 or v2)`);
      if (set !== undefined && ls !== set) throw new UserError(`${path}:${i + 1}: a ${ls} line in a file of ${set} lines; select from one set at a time`);
      set = ls;
      for (const a of axisNames(ls)) if (typeof o.axes[a] !== 'number' || !Number.isFinite(o.axes[a])) throw new UserError(`${path}:${i + 1}: axis ${a} missing or not a finite number`);
      return o;
    });
  return { set: set ?? 'v2', lines };
}

const f = (x: number): string => (Number.isFinite(x) ? x.toFixed(3) : String(x));

/** The human-readable report. */
export function formatSelection(s: Selection): string {
  const out = [`${s.chosen.length} games chosen from ${s.pool} (seed ${s.seed})${s.missing ? `; ${s.missing} pool games had no axes line` : ''}`, `seeds: ${s.chosen.map((c) => c.seed).join(' ')}`, '', 'coverage            pool min   pool max    min        max        p33        p67        tertiles (low/mid/high)'];
  for (const a of s.axes) {
    const c = s.coverage[a];
    out.push(`${a.padEnd(20)}${f(c.poolMin).padStart(9)}  ${f(c.poolMax).padStart(9)}  ${f(c.min).padStart(9)}  ${f(c.max).padStart(9)}  ${f(c.cuts[0]).padStart(9)}  ${f(c.cuts[1]).padStart(9)}    ${c.tertiles.join('/')}`);
  }
  out.push('', `Pearson r           ${s.axes.map((a) => a.slice(0, 8).padStart(9)).join('')}`);
  s.correlation.forEach((row, i) => out.push(`${s.axes[i].padEnd(20)}${row.map((x) => f(x).padStart(9)).join('')}`));
  out.push('', 'VIF');
  for (const a of s.axes) out.push(`${a.padEnd(20)}${f(s.vif[a] ?? NaN).padStart(9)}`);
  return `${out.join('\n')}\n`;
}

export const registerSelect: RegisterCommand = (program, ctx) =>
  program
    .command('select')
    .description('choose a benchmark from a pool by farthest-point sampling in the axis space; print coverage, correlations and VIFs')
    .requiredOption('--pool <dir>', 'pool directory (with index.jsonl, from gbgc pool)')
    .requiredOption('--axes <file>', 'axes JSONL of the pool (from gbgc axes)')
    .option('--n <n>', 'number of games to choose', '50')
    .option('--seed <s>', 'seed breaking exact distance ties (a whole number)', '1')
    .option('--json', 'print the selection as JSON')
    .option('--out <file>', 'write the selection as JSON')
    .option('--plots <dir>', 'write scatter.svg/png (pool vs selection) and distributions.svg/png into this folder')
    .option('--scatter <x,y>', 'the two axes of the scatter (default: info_sensitivity,opponent_modelling for v2; information,opponent_dependence for v1)')
    .addHelpText(
      'after',
      '\nEach axis is min-max normalised over the pool; the first game is the one nearest the centroid and\n' +
        'each next one maximises the distance to the nearest game already chosen (GENSTRAT v2 §4).\n' +
        'Tertile cuts are the 33rd and 67th percentiles of the chosen games on each axis (v2 Figure 2);\n' +
        'the tertiles count the chosen games at or below p33, at or below p67, and above.\n\n' +
        'Example:\n  gbgc select --pool pool/ --axes axes.jsonl --n 50 --out selection.json',
    )
    .action(async (opts: { pool: string; axes: string; n: string; seed: string; json?: boolean; out?: string; plots?: string; scatter?: string }) => {
      if (opts.plots !== undefined && !(existsSync(opts.plots) && statSync(opts.plots).isDirectory())) throw new UserError(`${opts.plots}: no such folder (for --plots)`);
      const n = parseIntOption('--n', opts.n, 1, 1_000_000);
      const seed = parseSeedOption(opts.seed);
      const indexPath = join(opts.pool, 'index.jsonl');
      if (!existsSync(indexPath)) throw new UserError(`${opts.pool}: not a pool (no index.jsonl)`);
      const entries = readIndex(indexPath).sort((a, b) => a.slot - b.slot);
      const { set, lines } = readAxesLines(opts.axes);
      const AXES = axisNames(set);
      const scatter = opts.scatter ?? (set === 'v1' ? 'information,opponent_dependence' : 'info_sensitivity,opponent_modelling');
      const [sx, sy] = scatter.split(',').map((t) => t.trim());
      if (!sy || !AXES.includes(sx) || !AXES.includes(sy)) throw new UsageError(`--scatter takes two ${set} axis names separated by a comma (${AXES.join(', ')}), got '${scatter}'`);
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
      if (rows.length === 0) throw new UserError(`${opts.axes}: no line matches a game of ${opts.pool}`);
      if (n > rows.length) throw new UsageError(`--n ${n} is more than the ${rows.length} pool games with axes`);
      const pick = farthestPointSample(rows.map((r, id) => ({ id, values: r.values })), n, seed);
      const chosenRows = pick.map((i) => rows[i].values);
      const cov = coverage(rows.map((r) => r.values), chosenRows);
      const vif = varianceInflationFactors(chosenRows);
      const sel: Selection = {
        pool: opts.pool,
        axesFile: opts.axes,
        n,
        seed,
        axes: [...AXES],
        chosen: pick.map((i) => ({ slot: rows[i].e.slot, seed: rows[i].e.seed, file: rows[i].e.file, rulesetHash: rows[i].e.rulesetHash, values: rows[i].values })),
        coverage: Object.fromEntries(AXES.map((a, j) => [a, cov[j]])),
        correlation: correlationMatrix(chosenRows).map((r) => r.map((x) => (Number.isFinite(x) ? x : NaN))),
        vif: Object.fromEntries(AXES.map((a, j) => [a, Number.isNaN(vif[j]) ? null : vif[j]])),
        missing: entries.length - rows.length,
      };
      if (opts.out) writeFileAtomic(opts.out, `${JSON.stringify(sel, null, 2)}\n`);
      if (opts.plots !== undefined) {
        const chosenSet = new Set(pick);
        const points = rows.map((r, i) => ({ values: Object.fromEntries(AXES.map((a, j) => [a, r.values[j]])), chosen: chosenSet.has(i) }));
        await writeSelectionFigures(opts.plots, points, AXES, sx, sy);
      }
      ctx.io.stdout(opts.json ? `${JSON.stringify(sel, null, 2)}\n` : formatSelection(sel));
    });
