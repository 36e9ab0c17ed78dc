/**
 * `gbgc check FILE…`: compile each file and report every diagnostic; exit 1 if any file fails.
 */
import type { RegisterCommand } from './index.js';
import { compileFile } from '../load.js';
import { formatDiagnostics } from '../../diagnostics/format.js';
import { UserError } from '../errors.js';

export const registerCheck: RegisterCommand = (program, ctx) =>
  program
    .command('check')
    .description('check .gbg files for errors (syntax, names, amounts, cards)')
    .argument('<files...>', '.gbg files to check')
    .option('--json', 'print diagnostics as JSON')
    .addHelpText('after', '\nExamples:\n  gbgc check examples/*.gbg\n  gbgc check game.gbg --json')
    .action((files: string[], opts: { json?: boolean }) => {
      const report = [];
      let failed = 0;
      for (const f of files) {
        let r;
        try {
          r = compileFile(f);
        } catch (e) {
          if (!(e instanceof UserError)) throw e;
          failed++;
          if (opts.json) report.push({ file: f, ok: false, rulesetHash: null, diagnostics: [], error: e.message });
          else ctx.io.stderr(`gbgc: error: ${e.message}\n`);
          continue;
        }
        if (r.diagnostics.length > 0) failed++;
        if (opts.json) report.push({ file: f, ok: r.diagnostics.length === 0, rulesetHash: r.rulesetHash, diagnostics: r.diagnostics });
        else if (r.diagnostics.length > 0) ctx.io.stderr(formatDiagnostics(f, r.source, r.diagnostics));
        else ctx.io.stdout(`${f}: ok\n`);
      }
      if (opts.json) ctx.io.stdout(`${JSON.stringify(report, null, 2)}\n`);
      if (failed > 0) ctx.exitCode = 1;
    });
