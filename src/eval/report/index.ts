/**
 * `gbgc report`: an estimates object (and the games' axes) → one self-contained HTML page plus each
 * figure as SVG and PNG in a folder.
 */
import { checksHtml } from './checks.js';
import { basename, dirname, join, resolve } from 'node:path';
import { existsSync, mkdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { UserError } from '../../util/errors.js';
import type { Estimates } from '../stats/analyze.js';
import type { TableEstimates } from '../stats/table-store.js';
import { tableReportHtml, tablesSectionHtml } from './tables.js';
import { behaviourHtml, decisionQualityHtml, recordsHtml, rouletteHtml } from './league.js';
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

/** Whether {@link writeReport} may write a file of this name into its folder (index.html, estimates.json, figures as SVG and PNG). */
export const writesReportFile = (name: string): boolean => name === 'index.html' || name === 'estimates.json' || /\.(svg|png)$/.test(name);

/** Move the written files from the temporary folder into `dir` (the whole folder when `dir` did not exist), index.html last. */
function moveInto(tmp: string, dir: string, exists: boolean, names: readonly string[], slots: boolean): void {
  if (!exists) return renameSync(tmp, dir);
  if (slots) mkdirSync(join(dir, 'slots'), { recursive: true });
  for (const name of names) renameSync(join(tmp, name), join(dir, name));
}

/** One line for a report that could not be written: the user's folder and why. */
function reportWriteError(dir: string, err: unknown): UserError {
  if (err instanceof UserError) return err;
  const code = (err as NodeJS.ErrnoException).code;
  const why =
    code === 'ENOSPC'
      ? 'no space left on the device'
      : code === 'EROFS'
        ? 'read-only file system'
        : code === 'EACCES' || code === 'EPERM'
          ? 'permission denied'
          : (err as Error).message;
  return new UserError(`cannot write the report into ${dir}: ${why}`);
}

/**
 * Render every figure and write `index.html`, `<id>.svg`, `<id>.png` and `estimates.json` into `dir`;
 * `extraSections` is HTML placed after the leaderboard. Table estimates (a store of slots of tables
 * or matches only) give the page of the Tables section, without figures or viewer pages; α̂'s
 * estimates with a table section get it after the extra sections. With `store` (the run store the estimates
 * come from), games are named by name and file, participants' configurations are listed, and a few
 * slots per game are written as viewer pages under `slots/`. Every file is written into a temporary
 * sibling folder first and moved into `dir` only when all are written (index.html last), so a full
 * disk or a kill never leaves figures without their page. `opts.allowEngineMismatch` reads a store
 * of another engine (as `analyzeStore` was allowed to).
 * @throws UserError when the folder cannot be created or written (naming why: missing parent, a
 *   file in the way, full disk, read-only), or the store is not a run store
 */
export async function writeReport(
  e: Estimates | TableEstimates,
  dir: string,
  axes?: readonly AxisRow[],
  extraSections = '',
  store?: string,
  opts: { allowEngineMismatch?: boolean } = {},
): Promise<ReportFiles> {
  // The output folder is created (it was asked for); its parent must exist.
  let exists = false;
  try {
    if (!statSync(dir).isDirectory()) throw new UserError(`cannot write the report into ${dir}: it is a file`);
    exists = true;
  } catch (err) {
    if (err instanceof UserError) throw err;
  }
  const parent = dirname(resolve(dir));
  if (!exists && !existsSync(parent)) throw new UserError(`cannot create ${dir}: the folder ${dirname(dir)} does not exist`);
  const tmp = join(parent, `.${basename(resolve(dir))}.gbgc-tmp-${process.pid}`);
  try {
    rmSync(tmp, { recursive: true, force: true });
    mkdirSync(tmp);
    const context: ReportContext | undefined = store ? readReportContext(store, opts) : undefined;
    if (e.format === 'gbgc-table-estimates/1') {
      writeFileSync(join(tmp, 'estimates.json'), `${JSON.stringify(e, null, 2)}\n`);
      writeFileSync(
        join(tmp, 'index.html'),
        tableReportHtml(
          e,
          context,
          decisionQualityHtml(e.decisionQuality, context) + rouletteHtml(e.roulette) + behaviourHtml(context) + extraSections + recordsHtml(context),
        ),
      );
      moveInto(tmp, dir, exists, ['estimates.json', 'index.html'], false);
      return { html: 'index.html', figures: [], slots: [] };
    }
    const files: ReportFiles = { html: 'index.html', figures: [], slots: context && store ? writeSlotPages(store, tmp, context) : [] };
    const figures = buildFigures(e, axes, gameLabeler(context));
    const svgs: string[] = [];
    const names: string[] = [];
    for (const fig of figures) {
      const svg = await toSvg(fig.spec);
      svgs.push(svg);
      writeFileSync(join(tmp, `${fig.id}.svg`), svg);
      writeFileSync(join(tmp, `${fig.id}.png`), svgToPng(svg));
      names.push(`${fig.id}.svg`, `${fig.id}.png`);
      files.figures.push({ id: fig.id, svg: `${fig.id}.svg`, png: `${fig.id}.png` });
    }
    writeFileSync(join(tmp, 'estimates.json'), `${JSON.stringify(e, null, 2)}\n`);
    writeFileSync(
      join(tmp, 'index.html'),
      reportHtml(
        e,
        figures,
        svgs,
        (e.tables ? tablesSectionHtml(e.tables) : '') +
          decisionQualityHtml(e.decisionQuality, context) +
          rouletteHtml(e.roulette) +
          behaviourHtml(context) +
          extraSections +
          recordsHtml(context) +
          checksHtml(e),
        context,
      ),
    );
    moveInto(tmp, dir, exists, [...files.slots, ...names, 'estimates.json', 'index.html'], files.slots.length > 0);
    return files;
  } catch (err) {
    throw reportWriteError(dir, err);
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}
