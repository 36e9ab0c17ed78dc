/**
 * `gbgc explain CODE`: print a diagnostic code's catalogue entry; `--list` prints them all.
 */
import type { RegisterCommand } from './index.js';
import { CATALOGUE, isWarningCode, lookupCode, type CatalogueEntry } from '../../diagnostics/catalogue.js';
import { UserError } from '../errors.js';

function entryText(code: string, e: CatalogueEntry): string {
  return `${code}${isWarningCode(code) ? ' (warning)' : ''}: ${e.title}\n\n${e.explanation}\n${e.example ? `\nExample:\n    ${e.example}\n` : ''}`;
}

export const registerExplain: RegisterCommand = (cmd, ctx) =>
  cmd
    .argument('[code]', 'the code, e.g. E0207 (or 207)')
    .option('--list', 'list every code with its title')
    .option('--json', 'print as JSON')
    .action((code: string | undefined, opts: { list?: boolean; json?: boolean }) => {
      if (opts.list || code === undefined) {
        if (opts.json) ctx.io.stdout(`${JSON.stringify(CATALOGUE, null, 2)}\n`);
        else for (const [c, e] of Object.entries(CATALOGUE)) ctx.io.stdout(`${c}  ${isWarningCode(c) ? 'warning  ' : ''}${e.title}\n`);
        return;
      }
      const found = lookupCode(code);
      if (!found) throw new UserError(`unknown diagnostic code '${code}' (gbgc explain --list shows them all)`);
      ctx.io.stdout(
        opts.json
          ? `${JSON.stringify({ code: found.code, severity: isWarningCode(found.code) ? 'warning' : 'error', ...found.entry })}\n`
          : entryText(found.code, found.entry),
      );
    });
