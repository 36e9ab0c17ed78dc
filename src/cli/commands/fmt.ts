/**
 * `gbgc fmt FILE… [--write|--check] [--end-of-line lf|crlf|auto]`: format `.gbg` files in the
 * canonical style (see `docs/formatting.md`). A folder stands for the `.gbg` files inside it
 * (recursively, sorted); `-` reads standard input. Line endings follow `--end-of-line` (default
 * `auto`: a file keeps its own, CRLF or LF, judged by its first line ending as Prettier does).
 *
 * - no flag: print the formatted text of one file to standard output;
 * - `--write`: rewrite (atomically) each file whose formatting changes, and list those files;
 * - `--check`: list the files that are not formatted; exit 1 if there is one.
 *
 * A file that cannot be read or does not parse is reported (its diagnostics on standard error),
 * the other files are still processed, and the exit code is 1.
 */
import { info } from '../io.js';
import type { RegisterCommand } from './index.js';
import { applyEndOfLine, expandInputs, parseEndOfLine, readInput } from '../inputs.js';
import { writeFileAtomic } from '../io.js';
import { UsageError, UserError } from '../errors.js';
import { parse } from '../../parser/parse.js';
import { formatDiagnostics } from '../../diagnostics/format.js';
import { formatSource } from '../../format/format-source.js';

interface FmtOptions {
  write?: boolean;
  check?: boolean;
  endOfLine: string;
}

export const registerFmt: RegisterCommand = (cmd, ctx) =>
  cmd
    .argument('<files...>', ".gbg files, folders (every .gbg file inside, recursively) or '-' for standard input")
    .option('--write', 'rewrite the files that are not formatted, and list them')
    .option('--check', 'list the files that are not formatted; exit 1 if there is one')
    .option('--end-of-line <eol>', "line endings: lf, crlf, or auto (keep the file's own)", 'auto')
    .addHelpText(
      'after',
      '\nWithout --write or --check, the formatted text of the one FILE is printed.\n\nExamples:\n  gbgc fmt game.gbg\n  gbgc fmt - < game.gbg\n  gbgc fmt --check examples/\n  gbgc fmt --write examples/*.gbg\n  gbgc fmt --check examples/*.gbg',
    )
    .action(async (args: string[], opts: FmtOptions) => {
      if (opts.write && opts.check) throw new UsageError('--write and --check cannot be used together');
      const eol = parseEndOfLine(opts.endOfLine);
      if (opts.write && args.includes('-')) throw new UsageError("--write cannot rewrite standard input ('-'); leave out --write to print the formatted text");
      const files = expandInputs(args);
      if (!opts.write && !opts.check && files.length !== 1) {
        throw new UsageError(`give one file to print its formatted text, or use --write or --check (got ${files.length} files)`);
      }
      let failed = 0;
      const changed: string[] = [];
      for (const input of files) {
        const file = input.name;
        let source: string;
        try {
          source = await readInput(ctx.io, input);
        } catch (e) {
          if (!(e instanceof UserError)) throw e;
          ctx.io.stderr(`gbgc: error: ${e.message}\n`);
          failed++;
          continue;
        }
        const parsed = parse(source);
        if (!parsed.ast) {
          ctx.io.stderr(formatDiagnostics(file, source, parsed.diagnostics));
          failed++;
          continue;
        }
        const formatted = applyEndOfLine(await formatSource(source), source, eol);
        if (!opts.write && !opts.check) {
          ctx.io.stdout(formatted);
          continue;
        }
        if (formatted === source) continue;
        changed.push(file);
        if (opts.write && input.path !== null) writeFileAtomic(input.path, formatted);
        ctx.io.stdout(`${file}\n`);
      }
      if (opts.check && changed.length > 0) {
        info(ctx, `${changed.length} of ${files.length} file${files.length === 1 ? ' is' : 's are'} not formatted (run gbgc fmt --write)\n`, 'stderr');
      }
      if (opts.write && changed.length > 0) info(ctx, `formatted ${changed.length} of ${files.length} file${files.length === 1 ? '' : 's'}\n`, 'stderr');
      if (failed > 0 || (opts.check && changed.length > 0)) ctx.exitCode = 1;
    });
