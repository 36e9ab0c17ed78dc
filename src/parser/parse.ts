/**
 * Source text → AST, with diagnostics. Never throws on any input: lexer and parser errors
 * become diagnostics (Chevrotain error recovery lets one run report several), and the AST is
 * returned only when the text parsed without errors.
 */
import { EOF, type CstNode, type ILexingError, type IRecognitionException, type IToken } from 'chevrotain';
import { error, sortDiagnostics, type Diagnostic } from '../diagnostics/diagnostic.js';
import type { DiagnosticCode } from '../diagnostics/catalogue.js';
import { gbgLexer, KEYWORDS, HYPHENATED } from './tokens.js';
import { parserInstance } from './grammar.js';
import { buildAst } from './cst-to-ast.js';
import type { CommentNode, GameFile } from './ast.js';
import { rangeAtOffset, tokenRange } from './source.js';

/** Deepest nesting of braces and parentheses, and longest run of `not`, that the compiler accepts. */
export const MAX_NESTING = 64;

/** The first token past the nesting limit (braces, parentheses, chained `not`), if any. */
function nestingTooDeep(tokens: IToken[]): IToken | undefined {
  let depth = 0;
  let nots = 0;
  for (const t of tokens) {
    const n = t.tokenType.name;
    if (n === 'LCurly' || n === 'LParen') depth++;
    else if (n === 'RCurly' || n === 'RParen') depth = Math.max(0, depth - 1);
    nots = n === 'Kw_not' ? nots + 1 : 0;
    if (depth > MAX_NESTING || nots > MAX_NESTING) return t;
  }
  return undefined;
}

/** At most this many diagnostics are reported per file. */
export const MAX_DIAGNOSTICS = 50;

export interface ParseResult {
  /** The AST, or `null` when there were syntax errors. */
  ast: GameFile | null;
  diagnostics: Diagnostic[];
}

/** Edit distance, for "did you mean" hints. */
function distance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => [i, ...new Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) d[0]![j] = j;
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++)
      d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
  return d[a.length]![b.length]!;
}

const KEYWORD_WORDS = [...KEYWORDS, ...HYPHENATED].map((t) => (t.LABEL ?? '').replace(/'/g, ''));

/** A keyword close to `word` (edit distance ≤ 2, and less than half its length). */
export function closestKeyword(word: string): string | undefined {
  let best: string | undefined;
  let bestD = Infinity;
  for (const k of KEYWORD_WORDS) {
    const dd = distance(word.toLowerCase(), k);
    if (dd < bestD && dd <= 2 && dd < Math.max(2, k.length / 2)) {
      best = k;
      bestD = dd;
    }
  }
  return best;
}

function lexDiagnostics(text: string, errors: ILexingError[]): Diagnostic[] {
  const out: Diagnostic[] = [];
  let lastEnd = -1;
  for (const e of errors) {
    // Merge runs of adjacent bad characters into one diagnostic.
    if (e.offset === lastEnd && out.length > 0) {
      const prev = out[out.length - 1]!;
      prev.range.end = e.offset + e.length;
      lastEnd = e.offset + e.length;
      continue;
    }
    const ch = text.slice(e.offset, e.offset + e.length);
    const shown = /^[\x20-\x7e]+$/.test(ch) ? `'${ch}'` : `U+${(ch.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;
    out.push(error('E0101', `unexpected character ${shown}`, rangeAtOffset(text, e.offset, e.length)));
    lastEnd = e.offset + e.length;
  }
  return out;
}

function parseErrorCode(e: IRecognitionException): DiagnosticCode {
  switch (e.name) {
    case 'NotAllInputParsedException':
      return 'E0106';
    case 'NoViableAltException':
    case 'EarlyExitException':
      return 'E0105';
    default:
      return 'E0104';
  }
}

function parseDiagnostic(text: string, tokens: IToken[], e: IRecognitionException): Diagnostic {
  const tok = e.token;
  // Errors at the end of the file point just after the last token.
  if (tok.tokenType === EOF || Number.isNaN(tok.startOffset)) {
    const previous = (e as IRecognitionException & { previousToken?: IToken }).previousToken;
    const prev = previous && !Number.isNaN(previous.startOffset) ? previous : tokens[tokens.length - 1];
    const at = prev ? (prev.endOffset ?? prev.startOffset) + 1 : text.length;
    return error(parseErrorCode(e), e.message, rangeAtOffset(text, Math.min(at, text.length), 1));
  }
  let help: string | undefined;
  if (tok.tokenType.name === 'Identifier') {
    const k = closestKeyword(tok.image);
    if (k) help = `did you mean '${k}'?`;
  }
  return error(parseErrorCode(e), e.message, tokenRange(tok), help);
}

function isBinary(text: string): boolean {
  return text.includes('\u0000') || text.includes('\ufffd');
}

/**
 * Parse `.gbg` source text.
 * @returns the AST (or `null` on syntax errors) and the diagnostics, sorted by position, at most
 *          {@link MAX_DIAGNOSTICS} (plus one E0109 when more were cut).
 */
export function parse(text: string): ParseResult {
  if (isBinary(text)) {
    const at = Math.max(0, text.search(/[\u0000\ufffd]/));
    return { ast: null, diagnostics: [error('E0110', 'this is not a text file (it contains NUL bytes or invalid UTF-8)', rangeAtOffset(text, at, 1))] };
  }
  const lexed = gbgLexer().tokenize(text);
  if (lexed.tokens.length === 0 && lexed.errors.length === 0 && !(lexed.groups['comments'] ?? []).some((c) => c.tokenType.name === 'UnterminatedComment')) {
    return { ast: null, diagnostics: [error('E0107', 'empty file: expected a `game "Name" { … }` block', rangeAtOffset(text, 0, 1))] };
  }
  const diags: Diagnostic[] = lexDiagnostics(text, lexed.errors);
  const comments: CommentNode[] = [];
  for (const c of lexed.groups['comments'] ?? []) {
    if (c.tokenType.name === 'UnterminatedComment') {
      diags.push(error('E0103', 'this block comment is never closed with */', tokenRange(c)));
      continue;
    }
    const r = tokenRange(c);
    comments.push({ kind: 'Comment', text: c.image.replace(/[ \t\r]+$/, ''), block: c.image.startsWith('/*'), span: r });
  }
  const tokens: IToken[] = [];
  for (const t of lexed.tokens) {
    if (t.tokenType.name === 'UnterminatedString') diags.push(error('E0102', 'this string has no closing quote on its line', tokenRange(t)));
    else tokens.push(t);
  }
  const deep = nestingTooDeep(tokens);
  if (deep) {
    diags.push(error('E0233', `blocks and parentheses are nested more than ${MAX_NESTING} levels deep here`, tokenRange(deep)));
    return { ast: null, diagnostics: sortDiagnostics(diags) };
  }
  const parser = parserInstance();
  parser.input = tokens;
  const cst: CstNode = parser.file();
  // One mistake, one diagnostic: error recovery can re-enter a rule and report the same token
  // again (as a parse error and as an unknown word); only the first report at a position is kept.
  const reported = new Set(diags.map((d) => d.range.start));
  const report = (d: Diagnostic): void => {
    if (reported.has(d.range.start)) return;
    reported.add(d.range.start);
    diags.push(d);
  };
  for (const e of parser.errors) report(parseDiagnostic(text, tokens, e));
  for (const u of parser.unknownWords) {
    const k = closestKeyword(u.token.image);
    const what = u.where === 'step' ? 'a step (shuffle, deal, ante, betting, if, call, choice, pay, …)' : 'a declaration (players, stack, deck, pile, var, position, phase, subphase, showdown)';
    report(error('E0105', `unknown word '${u.token.image}': expected ${what}`, tokenRange(u.token), k ? `did you mean '${k}'?` : undefined));
  }
  let sorted = sortDiagnostics(diags);
  if (sorted.length > MAX_DIAGNOSTICS) {
    const last = sorted[MAX_DIAGNOSTICS - 1]!;
    sorted = [...sorted.slice(0, MAX_DIAGNOSTICS), error('E0109', `too many errors; stopped after ${MAX_DIAGNOSTICS}`, last.range)];
  }
  if (sorted.length > 0) return { ast: null, diagnostics: sorted };
  const built = buildAst(cst, text, comments);
  return { ast: built.ast, diagnostics: built.diagnostics };
}
