/**
 * `formatSource`, loading Prettier and the `.gbg` plugin on first use: commands that format
 * nothing (and the sampler until it writes a game) do not pay for loading Prettier. Prettier's
 * standalone build (its core without the languages it ships) is enough for the `.gbg` plugin:
 * its full entry, bundled into a worker, made the worker's code about 8 MB instead of 1.5 MB.
 */
import type { Options } from 'prettier';
import type { GameFile } from '../parser/ast.js';

let loaded:
  | Promise<{
      format: (text: string, options: Options) => Promise<string>;
      withParsed: <T>(text: string, ast: GameFile, format: () => Promise<T>) => Promise<T>;
      options: Options;
    }>
  | undefined;

function load(): NonNullable<typeof loaded> {
  return (loaded ??= Promise.all([import('prettier/standalone'), import('./plugin.js')]).then(([prettier, { gbgPlugin, withParsed }]) => ({
    format: prettier.format,
    withParsed,
    // The options every `.gbg` format uses: the house style, never a user's Prettier config.
    options: { parser: 'gbg', plugins: [gbgPlugin], printWidth: 80, tabWidth: 2, useTabs: false, endOfLine: 'lf' },
  })));
}

/**
 * Format `.gbg` source text in the canonical style (see `docs/formatting.md`). The result is a
 * fixed point (`formatSource(formatSource(x)) === formatSource(x)`), keeps every comment in order
 * and compiles to the same IR as the input.
 * @throws GbgSyntaxError (a `SyntaxError` with `loc` and `diagnostics`) when the text does not parse.
 */
export async function formatSource(text: string): Promise<string> {
  const { format, options } = await load();
  return format(text, options);
}

/**
 * {@link formatSource} of a text already parsed: `ast` is the AST `parse(text)` (or
 * `compileSource(text)`) returned for this very text, comments not yet attached; it is used
 * instead of parsing the text again, and its comments are attached to it (the AST is changed).
 * The same result as `formatSource(text)`.
 */
export async function formatParsed(text: string, ast: GameFile): Promise<string> {
  const { format, withParsed, options } = await load();
  return withParsed(text, ast, () => format(text, options));
}
