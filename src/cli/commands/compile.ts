/**
 * `gbgc compile FILE [-o ir.json]`: compile to IR JSON and print the ruleset hash.
 */
import { info } from '../io.js';
import type { RegisterCommand } from './index.js';
import { loadGameArg } from '../inputs.js';
import { writeFileAtomic } from '../io.js';
import { refuseOutputOverInput } from '../../util/fs.js';

export const registerCompile: RegisterCommand = (cmd, ctx) =>
  cmd
    .argument('<file>', ".gbg file, or '-' for standard input")
    .option('-o, --output <file>', 'write the IR to this file instead of standard output')
    .option('--json', 'print {"file", "rulesetHash", "output"} as JSON (with -o)')
    .addHelpText(
      'after',
      "\nThe ruleset hash is the SHA-256 of the IR's canonical JSON (sorted keys, no spaces).\n\nExamples:\n  gbgc compile examples/kuhn.gbg -o kuhn.ir.json\n  gbgc compile examples/leduc.gbg > leduc.ir.json",
    )
    .action(async (file: string, opts: { output?: string; json?: boolean }) => {
      refuseOutputOverInput([opts.output], [file]);
      const { ir, rulesetHash } = await loadGameArg(ctx.io, file);
      const text = `${JSON.stringify(ir, null, 2)}\n`;
      if (opts.output) {
        writeFileAtomic(opts.output, text);
        if (opts.json) ctx.io.stdout(`${JSON.stringify({ file, rulesetHash, output: opts.output })}\n`);
        else ctx.io.stdout(`ruleset hash ${rulesetHash}\n${ctx.quiet ? '' : `wrote ${opts.output}\n`}`);
      } else {
        ctx.io.stdout(text);
        info(ctx, `ruleset hash ${rulesetHash}\n`, 'stderr');
      }
    });
