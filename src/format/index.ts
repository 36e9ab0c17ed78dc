/**
 * Formatting `.gbg` source: the public API over the Prettier plugin.
 */
import * as prettier from 'prettier';
import { gbgPlugin } from './plugin.js';

export { gbgPlugin, GbgSyntaxError } from './plugin.js';
export { NODE_PRINTERS } from './printer.js';

/** The options every `.gbg` format uses: the house style, never a user's Prettier config. */
const OPTIONS: prettier.Options = {
  parser: 'gbg',
  plugins: [gbgPlugin],
  printWidth: 80,
  tabWidth: 2,
  useTabs: false,
  endOfLine: 'lf',
};

/**
 * Format `.gbg` source text in the canonical style (see `docs/formatting.md`). The result is a
 * fixed point (`formatSource(formatSource(x)) === formatSource(x)`), keeps every comment in order
 * and compiles to the same IR as the input.
 * @throws GbgSyntaxError (a `SyntaxError` with `loc` and `diagnostics`) when the text does not parse.
 */
export async function formatSource(text: string): Promise<string> {
  return prettier.format(text, OPTIONS);
}
