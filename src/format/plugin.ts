/**
 * The Prettier plugin for `.gbg`: one language (`gbg`, files `*.gbg`), one parser (`gbg`, our
 * Chevrotain parser) and one printer (`gbg-ast`). Use it from code through `formatSource`
 * (`index.ts`), or from Prettier's command line once built:
 * `prettier --plugin ./dist/format/plugin.js --write "**\/*.gbg"`.
 */
import type { Parser, Plugin, SupportLanguage } from 'prettier';
import type { AstNode, GameFile } from '../parser/ast.js';
import { parse } from '../parser/parse.js';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { gbgPrinter } from './printer.js';
import { attachComments } from './comments.js';

/** The AST format name shared by the parser and the printer. */
export const AST_FORMAT = 'gbg-ast';

/**
 * A syntax error in the Prettier style: the message ends with `(line:column)` and `loc.start`
 * holds the 1-based position of the first diagnostic, which Prettier's CLI uses for its code
 * frame. `diagnostics` holds all of them.
 */
export class GbgSyntaxError extends SyntaxError {
  readonly loc: { start: { line: number; column: number } };
  constructor(readonly diagnostics: Diagnostic[]) {
    const first = diagnostics[0];
    const line = first?.range.line ?? 1;
    const column = first?.range.column ?? 1;
    const more = diagnostics.length > 1 ? ` (and ${diagnostics.length - 1} more error${diagnostics.length > 2 ? 's' : ''})` : '';
    super(`${first ? `${first.code}: ${first.message}` : 'syntax error'}${more} (${line}:${column})`);
    this.name = 'SyntaxError';
    this.loc = { start: { line, column } };
  }
}

/** `.gbg` for Prettier. */
export const languages: SupportLanguage[] = [
  {
    name: 'gbg',
    parsers: ['gbg'],
    extensions: ['.gbg'],
    vscodeLanguageIds: ['gbg'],
  },
];

/**
 * The `gbg` parser: our `parse`, then every comment attached to its node and slot
 * (`comments.ts`; Prettier's own comment attachment is not used). @throws GbgSyntaxError when
 * the text does not parse (lexer or syntax errors, or a number out of range); semantic errors
 * (an unknown seat, …) do not stop formatting.
 */
export const gbgParser: Parser<AstNode> = {
  astFormat: AST_FORMAT,
  parse(text: string): GameFile {
    const handed = parsedTexts.get(text);
    if (handed) {
      parsedTexts.delete(text);
      attachComments(handed, text);
      return handed;
    }
    const { ast, diagnostics } = parse(text);
    if (!ast) throw new GbgSyntaxError(diagnostics);
    attachComments(ast, text);
    return ast;
  },
  locStart: (node: AstNode) => node.span.start,
  locEnd: (node: AstNode) => node.span.end,
};

/**
 * ASTs handed over by {@link withParsed}: the parser takes a text's AST from here instead of
 * parsing the text again.
 */
const parsedTexts = new Map<string, GameFile>();

/**
 * Run `format` with `ast` (what `parse(text)` returned, comments not yet attached: the AST of a
 * `compileSource(text)` result) handed to the `gbg` parser, so that formatting `text` does not
 * parse it a second time. The hand-over is by text: a call that formats another text parses as
 * usual, and the AST is dropped when `format` ends, used or not.
 */
export async function withParsed<T>(text: string, ast: GameFile, format: () => Promise<T>): Promise<T> {
  parsedTexts.set(text, ast);
  try {
    return await format();
  } finally {
    if (parsedTexts.get(text) === ast) parsedTexts.delete(text);
  }
}

/** The plugin's parsers: `gbg`. */
export const parsers: Plugin<AstNode>['parsers'] = { gbg: gbgParser };
/** The plugin's printers: `gbg-ast` (see `printer.ts`). */
export const printers: Plugin<AstNode>['printers'] = { [AST_FORMAT]: gbgPrinter };

/** The house style's layout options (the defaults of a plain `prettier` run on `.gbg` files). */
export const defaultOptions: Plugin['defaultOptions'] = { printWidth: 80, tabWidth: 2, useTabs: false };

/** The plugin object (also the default export, as Prettier expects of plugin modules). */
export const gbgPlugin: Plugin<AstNode> = { languages, parsers, printers, defaultOptions };
export default gbgPlugin;
