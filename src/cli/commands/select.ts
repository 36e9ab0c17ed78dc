/**
 * `gbgc select --pool DIR --axes axes.jsonl --n 50 [--seed S] [--json] [--out selection.json]`:
 * choose a benchmark from a pool by farthest-point sampling in the axis space (GENSTRAT v2 §4) and
 * print the chosen generator seeds, per-axis coverage, the Pearson correlation matrix and the VIFs
 * of the selection (v2 §3.1, Appendix D).
 */
import { existsSync, mkdirSync, statSync } from 'node:fs';
import type { RegisterCommand } from './index.js';
import { UsageError, UserError, parseIntOption, parseSeedOption } from '../errors.js';
import { axisNames } from '../../eval/axes/index.js';
import { selectFromPool, selectionFileText, type Selection } from '../../eval/axes/selection.js';
import { refuseOutputOverInput, writeFileAtomic } from '../../util/fs.js';
import { join } from 'node:path';
import { writeSelectionFigures } from '../../eval/axes/figures.js';

export type { Selection } from '../../eval/axes/selection.js';

const f = (x: number): string => (Number.isFinite(x) ? x.toFixed(3) : String(x));

/** The human-readable report. */
export function formatSelection(s: Selection): string {
  const out = [
    `${s.chosen.length} games chosen from ${s.pool} (seed ${s.seed})${s.missing ? `; ${s.missing} pool games had no axes line` : ''}`,
    `seeds: ${s.chosen.map((c) => c.seed).join(' ')}`,
    '',
    'coverage            pool min   pool max    min        max        p33        p67        tertiles (low/mid/high)',
  ];
  for (const a of s.axes) {
    const c = s.coverage[a];
    out.push(
      `${a.padEnd(20)}${f(c.poolMin).padStart(9)}  ${f(c.poolMax).padStart(9)}  ${f(c.min).padStart(9)}  ${f(c.max).padStart(9)}  ${f(c.cuts[0]).padStart(9)}  ${f(c.cuts[1]).padStart(9)}    ${c.tertiles.join('/')}`,
    );
  }
  out.push('', `Pearson r           ${s.axes.map((a) => a.slice(0, 8).padStart(9)).join('')}`);
  s.correlation.forEach((row, i) => out.push(`${s.axes[i].padEnd(20)}${row.map((x) => f(x).padStart(9)).join('')}`));
  out.push('', 'VIF');
  for (const a of s.axes) out.push(`${a.padEnd(20)}${f(s.vif[a] ?? NaN).padStart(9)}`);
  return `${out.join('\n')}\n`;
}

export const registerSelect: RegisterCommand = (cmd, ctx) =>
  cmd
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
      if (opts.plots !== undefined && existsSync(opts.plots) && !statSync(opts.plots).isDirectory())
        throw new UserError(`${opts.plots}: not a folder (for --plots)`);
      const n = parseIntOption('--n', opts.n, 1, 1_000_000);
      const seed = parseSeedOption(opts.seed);
      refuseOutputOverInput(
        [opts.out, opts.plots === undefined ? undefined : { dir: opts.plots, writes: (f) => /\.(svg|png)$/.test(f) }],
        [join(opts.pool, 'index.jsonl'), opts.axes],
      );
      const { selection, set, points } = selectFromPool(opts.pool, opts.axes, n, seed);
      const AXES = axisNames(set);
      const scatter = opts.scatter ?? (set === 'v1' ? 'information,opponent_dependence' : 'info_sensitivity,opponent_modelling');
      const [sx, sy] = scatter.split(',').map((t) => t.trim());
      if (!sy || !AXES.includes(sx) || !AXES.includes(sy))
        throw new UsageError(`--scatter takes two ${set} axis names separated by a comma (${AXES.join(', ')}), got '${scatter}'`);
      if (opts.out) writeFileAtomic(opts.out, selectionFileText(selection, opts.out));
      if (opts.plots !== undefined) {
        mkdirSync(opts.plots, { recursive: true });
        await writeSelectionFigures(opts.plots, points, AXES, sx, sy);
      }
      ctx.io.stdout(opts.json ? `${JSON.stringify(selection, null, 2)}\n` : formatSelection(selection));
    });
