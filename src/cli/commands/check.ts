/**
 * `gbgc check FILE… [--deny-warnings] [--acceptance v1|v2] [--json]`: compile each file and
 * report every diagnostic (errors and warnings); exit 1 if any file has an error (or a warning
 * with `--deny-warnings`). With `--acceptance`, also run the generator's Monte Carlo acceptance
 * filter on each game that compiles and print its per-check report in `gbgc sample`'s format;
 * exit 1 if a game is rejected.
 */
import { info } from '../io.js';
import type { RegisterCommand } from './index.js';
import { ADVISORY_CODES, compileSource } from '../../compiler/index.js';
import { expandInputs, readInput } from '../inputs.js';
import { formatDiagnostics } from '../../diagnostics/format.js';
import { UsageError, UserError, parseIntOption, MAX_COUNT } from '../errors.js';
import { FILTER_PRESETS, acceptance, filterOptions, type AcceptanceReport, type FilterPreset } from '../../sampler/index.js';
import { formatAcceptanceReport } from '../filter-flags.js';

interface CheckFlags {
  json?: boolean;
  denyWarnings?: boolean;
  acceptance?: string;
  episodes: string;
}

export const registerCheck: RegisterCommand = (cmd, ctx) =>
  cmd
    .argument('<files...>', ".gbg files, folders (every .gbg file inside, recursively, sorted) or '-' for standard input")
    .option('--json', 'print diagnostics (and acceptance reports) as JSON')
    .option('--deny-warnings', 'fail (exit 1) on warnings too')
    .option('--acceptance <preset>', 'also run the Monte Carlo acceptance filter: v2 (GENSTRAT v2) or v1 (the earlier paper)')
    .option('--episodes <n>', 'Monte Carlo episodes of the acceptance filter', '2000')
    .addHelpText(
      'after',
      '\nWarnings (W0xxx) do not stop a game compiling; `// gbgc-allow W0xxx` on the line (or alone on the line\n' +
        'above) silences one. `gbgc explain W0101` says what a code means.\n\n' +
        'Examples:\n  gbgc check examples/*.gbg\n  gbgc check examples/\n  cat game.gbg | gbgc check -\n  gbgc check game.gbg --json\n  gbgc check --deny-warnings game.gbg\n  gbgc check --acceptance v1 examples/genstrat-4643-v1.gbg',
    )
    .action(async (args: string[], opts: CheckFlags) => {
      let preset: FilterPreset | null = null;
      if (opts.acceptance !== undefined) {
        if (!Object.hasOwn(FILTER_PRESETS, opts.acceptance)) throw new UsageError(`--acceptance must be v1 or v2, got '${opts.acceptance}'`);
        preset = opts.acceptance as FilterPreset;
      }
      const episodes = parseIntOption('--episodes', opts.episodes, 1, MAX_COUNT);
      const report = [];
      let failed = 0;
      for (const input of expandInputs(args)) {
        const f = input.name;
        let r;
        try {
          const source = await readInput(ctx.io, input);
          r = { ...compileSource(source), source };
        } catch (e) {
          if (!(e instanceof UserError)) throw e;
          failed++;
          if (opts.json) report.push({ file: f, ok: false, rulesetHash: null, diagnostics: [], error: e.message });
          else ctx.io.stderr(`gbgc: error: ${e.message}\n`);
          continue;
        }
        const warnings = r.diagnostics.filter((d) => d.severity === 'warning').length;
        let ok = r.ir !== null && !(opts.denyWarnings && warnings > 0);
        let accepted: AcceptanceReport | null = null;
        if (preset && r.ir) {
          accepted = acceptance(
            r.ir,
            filterOptions(preset, {}, episodes),
            r.diagnostics.filter((d) => d.severity === 'warning' && !ADVISORY_CODES.has(d.code)),
          );
          if (!accepted.accepted) ok = false;
        }
        if (!ok) failed++;
        if (opts.json) {
          report.push({ file: f, ok, rulesetHash: r.rulesetHash, diagnostics: r.diagnostics, ...(preset ? { acceptance: accepted } : {}) });
          continue;
        }
        if (r.diagnostics.length > 0) ctx.io.stderr(formatDiagnostics(f, r.source, r.diagnostics));
        else info(ctx, `${f}: ok\n`);
        if (accepted)
          ctx.io.stdout(
            `${f}: ${accepted.accepted ? 'accepted' : 'rejected'} by the ${preset} acceptance filter (${episodes} episodes)\n${formatAcceptanceReport(accepted)}\n`,
          );
      }
      if (opts.json) ctx.io.stdout(`${JSON.stringify(report, null, 2)}\n`);
      if (failed > 0) ctx.exitCode = 1;
    });
