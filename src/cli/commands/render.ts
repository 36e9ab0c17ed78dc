/**
 * `gbgc render FILE [-o rulebook.md] [--format md|txt]`: the game's complete rulebook, built
 * from its IR through the Handlebars templates of `src/render/templates`. Without `--format`,
 * the format follows the output file's extension (`.md`/`.markdown` or `.txt`/`.text`), Markdown
 * for standard output or a file without an extension.
 */
import { extname } from 'node:path';
import { info } from '../io.js';
import type { RegisterCommand } from './index.js';
import { loadGameArg } from '../inputs.js';
import { writeFileAtomic } from '../io.js';
import { refuseOutputOverInput } from '../../util/fs.js';
import { UsageError } from '../errors.js';
import { RENDER_FORMATS, renderRulebook, type RenderFormat } from '../../render/rulebook.js';

/** Parse `--format`. @throws UsageError for anything but `md` or `txt`. */
export function parseFormat(text: string): RenderFormat {
  const f = text.trim().toLowerCase();
  if (!(RENDER_FORMATS as readonly string[]).includes(f)) throw new UsageError(`--format must be one of ${RENDER_FORMATS.join(', ')}, got '${text}'`);
  return f as RenderFormat;
}

/** The format each output extension stands for. */
export const FORMAT_OF_EXTENSION: Readonly<Record<string, RenderFormat>> = { '.md': 'md', '.markdown': 'md', '.txt': 'txt', '.text': 'txt' };

/**
 * The format of `render`: `--format` when given, else the one of `-o`'s extension, else Markdown.
 * @throws UsageError for a bad `--format`, or an output extension that names no format
 */
export function resolveFormat(format: string | undefined, output: string | undefined): RenderFormat {
  if (format !== undefined) return parseFormat(format);
  const ext = output === undefined ? '' : extname(output).toLowerCase();
  if (ext === '') return 'md';
  const f = FORMAT_OF_EXTENSION[ext];
  if (!f)
    throw new UsageError(
      `cannot tell the format of ${output} from its extension '${ext}': use ${Object.keys(FORMAT_OF_EXTENSION).join(', ')}, or give --format (${RENDER_FORMATS.join(', ')})`,
    );
  return f;
}

export const registerRender: RegisterCommand = (cmd, ctx) =>
  cmd
    .argument('<file>', ".gbg file, or '-' for standard input")
    .option('-o, --output <file>', 'write the rulebook to this file (atomically) instead of standard output')
    .option('--format <format>', "md (Markdown) or txt (plain text); default: from -o's extension, else md")
    .addHelpText(
      'after',
      '\nSections: Overview, Visibility, Sequence of Play, Phase Details, Showdown.\n\nExamples:\n  gbgc render examples/kuhn.gbg\n  gbgc render examples/leduc.gbg -o leduc.md\n  gbgc render examples/leduc.gbg -o leduc.txt\n  gbgc render examples/leduc.gbg --format txt',
    )
    .action(async (file: string, opts: { output?: string; format?: string }) => {
      refuseOutputOverInput([opts.output], [file]);
      const format = resolveFormat(opts.format, opts.output);
      const { ir } = await loadGameArg(ctx.io, file);
      const text = renderRulebook(ir, format);
      if (opts.output) {
        writeFileAtomic(opts.output, text);
        info(ctx, `wrote ${opts.output}\n`);
      } else ctx.io.stdout(text);
    });
