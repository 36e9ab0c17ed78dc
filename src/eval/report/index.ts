/**
 * `gbgc report`: an estimates object (and the games' axes) → one self-contained HTML page plus each
 * figure as SVG and PNG in a folder.
 */
import { checksHtml } from './checks.js';
import { dirname, join } from 'node:path';
import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import { writeFileAtomic } from '../../util/fs.js';
import { UserError } from '../../util/errors.js';
import type { Estimates } from '../stats/analyze.js';
import type { AxisRow } from '../stats/slots.js';
import { buildFigures, svgToPng, toSvg } from './figures.js';
import { reportHtml } from './html.js';
import { gameLabeler, readReportContext, type ReportContext } from './context.js';
import { writeSlotPages } from './slot-pages.js';

export { buildFigures, toSvg, svgToPng } from './figures.js';
export { reportHtml } from './html.js';
export { readReportContext, type ReportContext } from './context.js';

/** Files written by {@link writeReport}, relative to the output folder. */
export interface ReportFiles {
  html: string;
  figures: { id: string; svg: string; png: string }[];
  /** Viewer pages of slots linked from the games table (`slots/<id>.html`). */
  slots: string[];
}

/**
 * Render every figure and write `index.html`, `<id>.svg`, `<id>.png` and `estimates.json` into `dir`;
 * `extraSections` is HTML placed after the leaderboard. With `store` (the run store the estimates
 * come from), games are named by name and file, participants' configurations are listed, and a few
 * slots per game are written as viewer pages under `slots/`.
 * @throws UserError when the folder cannot be created or the store is not a run store
 */
export async function writeReport(e: Estimates, dir: string, axes?: readonly AxisRow[], extraSections = '', store?: string): Promise<ReportFiles> {
  // The output folder is created (it was asked for); its parent must exist.
  try {
    mkdirSync(dir);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new UserError(`cannot create ${dir}: the folder ${dirname(dir)} does not exist`);
    if (code !== 'EEXIST') throw new UserError(`cannot create ${dir}: ${(err as Error).message}`);
    if (!statSync(dir).isDirectory()) throw new UserError(`cannot write the report into ${dir}: it is a file`);
  }
  const context: ReportContext | undefined = store ? readReportContext(store) : undefined;
  const files: ReportFiles = { html: 'index.html', figures: [], slots: context && store ? writeSlotPages(store, dir, context) : [] };
  const figures = buildFigures(e, axes, gameLabeler(context));
  const svgs: string[] = [];
  for (const fig of figures) {
    const svg = await toSvg(fig.spec);
    svgs.push(svg);
    writeFileAtomic(join(dir, `${fig.id}.svg`), svg);
    writeFileSync(join(dir, `${fig.id}.png`), svgToPng(svg));
    files.figures.push({ id: fig.id, svg: `${fig.id}.svg`, png: `${fig.id}.png` });
  }
  writeFileAtomic(join(dir, 'estimates.json'), `${JSON.stringify(e, null, 2)}\n`);
  writeFileAtomic(join(dir, 'index.html'), reportHtml(e, figures, svgs, extraSections + checksHtml(e), context));
  return files;
}
