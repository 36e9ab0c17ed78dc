/**
 * `gbgc report DB [--axes axes.jsonl] --out DIR`: the analysis of `gbgc analyze` as one self-contained
 * HTML page (index.html) plus every figure as SVG and PNG, and the estimates as estimates.json.
 */
import { join } from 'node:path';
import type { RegisterCommand } from './index.js';
import { addAnalysisSetOptions, analysisOptions, type AnalyzeCliOptions } from '../analysis-options.js';
import { analyzeAnyStore } from '../../eval/stats/from-store.js';
import { readAxesFile } from '../../eval/stats/inputs.js';
import { writeReport, writesReportFile } from '../../eval/report/index.js';
import { refuseOutputOverInput } from '../../util/fs.js';
import { ladderTable, ladderTableHtml, readRatings } from '../../eval/ladder/table.js';
import { executionSectionHtml } from '../../eval/report/execution.js';
import { llmUsage } from '../../eval/llm/usage.js';
import { RunStore } from '../../eval/store/index.js';

/** The execution section of the store's LLM participants ('' without any). */
function executionSection(db: string, allowEngineMismatch: boolean): string {
  const store = RunStore.openReadOnly(db, { engine: true, allowEngineMismatch });
  try {
    return executionSectionHtml(llmUsage(store));
  } finally {
    store.close();
  }
}

export const registerReport: RegisterCommand = (cmd, ctx) =>
  addAnalysisSetOptions(
    cmd
      .argument('<db>', 'run store (SQLite) written by gbgc tournament')
      .requiredOption('-o, --out <dir>', 'output folder (created if missing)')
      .option('--axes <file>', 'axes JSONL (gbgc axes): adds capability profiles, jaggedness and the axis scatter')
      .option('-B, --bootstrap <n>', 'bootstrap resamples for α̂, the pairwise matrix and the variance decomposition', '2000')
      .option('--secondary <n>', 'bootstrap resamples for per-game, profile, jaggedness and tertile estimates', '500')
      .option('--seed <s>', 'seed of the bootstrap streams', '1')
      .option('--ablation <low,high>', 'reasoning ablation: paired Δ of participant HIGH over LOW on sibling slots'),
  )
    .option('--exclude-missing', 'leave out finished slots whose returns are missing or not finite (counted and warned about) instead of failing')
    .option('--resample-games', "α̂'s intervals also resample the games (two-stage bootstrap)")
    .option('--ladder <files...>', 'ladder ratings (gbgc ladder rate --json): adds the (level, progress) table per game')
    .option('--json', 'print the list of written files as JSON')
    .addHelpText(
      'after',
      '\nFiles: index.html (self-contained; figures inlined), <figure>.svg, <figure>.png, estimates.json,\nslots/<id>.html (viewer pages of a few slots per game, linked from the games table).\n\nExample:\n  gbgc report runs.db --axes axes.jsonl --out report/',
    )
    .action(async (db: string, opts: AnalyzeCliOptions & { out: string; json?: boolean; ladder?: string[] }) => {
      refuseOutputOverInput([{ dir: opts.out, writes: writesReportFile }], [db, opts.axes, ...(opts.ladder ?? [])]);
      const ladder = opts.ladder ? ladderTableHtml(ladderTable(opts.ladder.flatMap(readRatings))) : '';
      const e = analyzeAnyStore(db, analysisOptions(opts));
      for (const w of [...(e.meta.warnings ?? []), ...(e.format === 'gbgc-estimates/1' ? (e.tables?.warnings ?? []) : [])]) ctx.io.stderr(`warning: ${w}\n`);
      const files = await writeReport(
        e,
        opts.out,
        opts.axes ? readAxesFile(opts.axes) : undefined,
        ladder + executionSection(db, opts.allowEngineMismatch ?? false),
        db,
        { allowEngineMismatch: opts.allowEngineMismatch },
      );
      ctx.io.stdout(
        opts.json
          ? `${JSON.stringify({ dir: opts.out, ...files }, null, 2)}\n`
          : `wrote ${join(opts.out, files.html)}, ${files.figures.length} figures (SVG and PNG)${files.slots.length ? ` and ${files.slots.length} slot viewer pages` : ''}\n`,
      );
    });
