/**
 * Readable artifacts generated from the parser itself, so they can never drift from it:
 * an EBNF text, an offline railroad-diagram page, and a TextMate grammar for editors.
 * `npm run grammar` writes them to `grammar/`; a test checks the committed files are current.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import {
  Alternation,
  Alternative,
  NonTerminal,
  Option,
  Repetition,
  RepetitionMandatory,
  RepetitionMandatoryWithSeparator,
  RepetitionWithSeparator,
  Rule,
  Terminal,
  createSyntaxDiagramsCode,
  type IProduction,
  type TokenType,
} from 'chevrotain';
import { parserInstance } from './grammar.js';
import { KEYWORDS, HYPHENATED } from './tokens.js';

/** Rules that exist only to recover from errors; they are not part of the language. */
const RECOVERY_RULES = new Set(['unknownDeclaration', 'unknownStep', 'skippedBlock']);

function terminal(t: TokenType): string {
  switch (t.name) {
    case 'Identifier':
      return 'NAME';
    case 'Integer':
      return 'INT';
    case 'Decimal':
      return 'DECIMAL';
    case 'StringLiteral':
      return 'STRING';
    case 'Word':
      return 'WORD';
    default:
      return t.LABEL ?? t.name;
  }
}

function seq(defs: IProduction[]): string {
  return defs
    .map((d) => expr(d))
    .filter((s) => s !== '')
    .join(' ');
}

function expr(p: IProduction): string {
  if (p instanceof Terminal) return terminal(p.terminalType);
  if (p instanceof NonTerminal) return RECOVERY_RULES.has(p.nonTerminalName) ? '' : p.nonTerminalName;
  if (p instanceof Option) return `[ ${seq(p.definition)} ]`;
  if (p instanceof Repetition) return `{ ${seq(p.definition)} }`;
  if (p instanceof RepetitionMandatory) return `${seq(p.definition)} { ${seq(p.definition)} }`;
  if (p instanceof RepetitionWithSeparator) return `[ ${seq(p.definition)} { ${terminal(p.separator)} ${seq(p.definition)} } ]`;
  if (p instanceof RepetitionMandatoryWithSeparator) return `${seq(p.definition)} { ${terminal(p.separator)} ${seq(p.definition)} }`;
  if (p instanceof Alternation) {
    const alts = p.definition.map((a) => seq((a as Alternative).definition)).filter((s) => s !== '');
    return alts.length === 1 ? alts[0]! : `( ${alts.join(' | ')} )`;
  }
  if (p instanceof Alternative) return seq(p.definition);
  return '';
}

/** The grammar as EBNF (ISO-style: `[ x ]` optional, `{ x }` zero or more, `|` choice). */
export function grammarEbnf(): string {
  const rules = parserInstance().getGAstProductions();
  const lines = [
    '(* The .gbg grammar, generated from src/parser/grammar.ts by `npm run grammar`. *)',
    '(* [ x ] optional, { x } zero or more, ( a | b ) choice; quoted words are keywords. *)',
    '(* NAME = letter { letter | digit | "_" }; WORD = NAME or a keyword; INT = digit { digit }; DECIMAL = INT "." INT; *)',
    "(* STRING = '\"' { any character but '\"' and newline, or \"\\\" character } '\"'. *)",
    '(* Comments: "//" to the end of the line, "/*" to "*/". White space separates words. *)',
    '',
  ];
  for (const [name, rule] of Object.entries(rules)) {
    if (RECOVERY_RULES.has(name) || !(rule instanceof Rule)) continue;
    lines.push(`${name} = ${seq(rule.definition)} ;`);
  }
  return `${lines.join('\n')}\n`;
}

/** A self-contained HTML page of railroad diagrams (scripts and styles inlined: works offline). */
export function grammarDiagramsHtml(): string {
  const serialized = parserInstance()
    .getSerializedGastProductions()
    .filter((r) => !RECOVERY_RULES.has((r as unknown as { name: string }).name));
  const require = createRequire(import.meta.url);
  // The package exports only its entry (lib/src/api.js); its diagrams folder sits two levels up.
  const base = join(dirname(require.resolve('chevrotain')), '..', '..', 'diagrams');
  let html = createSyntaxDiagramsCode(serialized, { resourceBase: 'RES/', css: 'RES/diagrams.css' });
  html = html.replace(/<link rel='stylesheet' href='RES\/diagrams.css'>/, () => `<style>\n${readFileSync(join(base, 'diagrams.css'), 'utf8')}\n</style>`);
  html = html.replace(/<script src='RES\/([^']+)'><\/script>/g, (_m, file: string) => `<script>\n${readFileSync(join(base, file), 'utf8')}\n</script>`);
  return html;
}

/** A TextMate grammar (for VS Code and other editors) highlighting keywords, numbers, strings and comments. */
export function textMateGrammar(): object {
  const words = [...KEYWORDS, ...HYPHENATED].map((t) => (t.LABEL ?? '').replace(/'/g, '').replace(/-/g, '\\-'));
  return {
    $schema: 'https://raw.githubusercontent.com/martinring/tmlanguage/master/tmlanguage.json',
    name: 'GBG',
    scopeName: 'source.gbg',
    fileTypes: ['gbg'],
    patterns: [
      { name: 'comment.line.double-slash.gbg', match: '//.*$' },
      { name: 'comment.block.gbg', begin: '/\\*', end: '\\*/' },
      { name: 'string.quoted.double.gbg', match: '"(?:[^"\\\\]|\\\\.)*"' },
      { name: 'keyword.other.gbg', match: `\\b(?:${words.sort((a, b) => b.length - a.length).join('|')})\\b` },
      { name: 'constant.numeric.gbg', match: '\\b\\d+(?:\\.\\d+)?\\b' },
      { name: 'entity.name.gbg', match: '\\b[A-Za-z_][A-Za-z0-9_]*\\b' },
    ],
  };
}
