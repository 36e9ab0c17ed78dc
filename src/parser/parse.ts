/**
 * Source text → AST, with diagnostics. Never throws on any input: lexer and parser errors
 * become diagnostics (Chevrotain error recovery lets one run report several), and the AST is
 * returned only when the text parsed without errors.
 */
import { EOF, type CstNode, type ILexingError, type IRecognitionException, type IToken, type TokenType } from 'chevrotain';
import { error, sortDiagnostics, type Diagnostic } from '../diagnostics/diagnostic.js';
import type { DiagnosticCode } from '../diagnostics/catalogue.js';
import {
  gbgLexer,
  KEYWORDS,
  HYPHENATED,
  STEP_STARTS,
  DECL_STARTS,
  Button,
  Score,
  LParen,
  Deck,
  LCurly,
  RCurly,
  Stack,
  Phase,
  Subphase,
  Players,
  Pile,
  Var,
  Position,
  Generated,
  Game,
  Identifier,
  Integer,
  Comma,
  Equals,
  Minus,
  Suits,
  Ranks,
} from './tokens.js';
import { strictParserInstance, type RuleFrame, type UnknownWord } from './grammar.js';
import { buildAst } from './cst-to-ast.js';
import { describeToken, ruleInWords } from './messages.js';
import type { CommentNode, GameFile } from './ast.js';
import { positionAt, rangeAtOffset, tokenRange } from './source.js';

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
    for (let j = 1; j <= b.length; j++) d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
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

/** Keyword phrases an author types as one word by mistake (`facedown`), by their first keyword. */
const PHRASES: Record<string, string[]> = {
  face: ['face up', 'face down'],
  raises: ['raises at most'],
  fallback: ['fallback bet'],
  repeat: ['repeat up to'],
  tie: ['tie coinflip'],
  winner: ['winner pays'],
  any: ['any of'],
  for: ['for pair of'],
};

/** The words of the keywords among `expected`, and the phrases they start. */
function expectedWords(expected: readonly TokenType[]): string[] {
  const words = new Set<string>();
  for (const t of expected) {
    const l = t.LABEL ?? '';
    if (!/^'[a-z][a-z-]*'$/.test(l)) continue;
    const w = l.slice(1, -1);
    words.add(w);
    for (const p of PHRASES[w] ?? []) words.add(p);
  }
  return [...words];
}

/**
 * The expected word or phrase closest to `word` (edit distance ≤ 2 and under half its length,
 * spaces ignored), if any: "did you mean" suggests only words that fit where the mistake is.
 */
export function closestExpected(word: string, expected: readonly TokenType[]): string | undefined {
  let best: string | undefined;
  let bestD = Infinity;
  const w = word.toLowerCase();
  for (const k of expectedWords(expected)) {
    const dd = distance(w, k.replace(/ /g, ''));
    if (dd < bestD && dd <= 2 && dd < Math.max(2, k.length / 2)) {
      best = k;
      bestD = dd;
    }
  }
  return best;
}

/**
 * What may come right after `prefix`, read from the start of grammar rule `rule` (Chevrotain's
 * content assist): each token and the rules it is in. The prefix is kept to the innermost rule or
 * block, since the assist walks the grammar along all of it.
 */
function assistAfter(rule: string, prefix: IToken[]): { nextTokenType: TokenType; ruleStack: string[] }[] {
  try {
    return strictParserInstance().computeContentAssist(rule, prefix);
  } catch {
    return [];
  }
}

/** Which tokens are allowed right after `prefix`, read from the start of `rule`. */
function expectedAfter(rule: string, prefix: IToken[]): TokenType[] {
  return assistAfter(rule, prefix).map((s) => s.nextTokenType);
}

/** The innermost rule active at an error and the tokens it had read. */
function innermost(frames: readonly RuleFrame[], prefix: IToken[]): { rule: string; tokens: IToken[] } | undefined {
  const f = frames[frames.length - 1];
  return f ? { rule: f.rule, tokens: prefix.slice(f.start) } : undefined;
}

/**
 * `expected '}'` after a block's items says too little: name the items the block takes
 * (`expected a betting setting (…) or '}'`), when the grammar allows one kind of item there.
 */
function blockMessage(e: IRecognitionException, expected: readonly TokenType[], frames: readonly RuleFrame[], prefix: IToken[]): string {
  if (e.name !== 'MismatchedTokenException' || expected.length !== 1 || expected[0] !== RCurly) return e.message;
  const rule = frames[frames.length - 1]?.rule;
  if (!rule) return e.message;
  const items = new Set<string>();
  const inner = innermost(frames, prefix);
  for (const s of inner ? assistAfter(inner.rule, inner.tokens) : []) {
    const at = s.ruleStack.lastIndexOf(rule);
    const child = at >= 0 ? s.ruleStack[at + 1] : undefined;
    if (child) items.add(child);
  }
  const [item] = items;
  return items.size === 1 && item ? `expected ${ruleInWords(item)} or '}', found ${describeToken(e.token)}` : e.message;
}

/**
 * One syntax error as a diagnostic (`prefix`: the tokens parsed before it, mistakes already
 * skipped, to know what the grammar allows there). The caret is on the offending token; when that token starts
 * a later line than the token before it (something is missing at the end of a line), the caret
 * is just after the token before it, where the missing word belongs.
 */
function parseDiagnostic(
  text: string,
  tokens: IToken[],
  e: IRecognitionException,
  previous: IToken | undefined,
  expected: readonly TokenType[],
  frames: readonly RuleFrame[],
  prefix: IToken[],
): Diagnostic {
  const tok = e.token;
  const code = parseErrorCode(e);
  const after = (prev: IToken) => rangeAtOffset(text, Math.min((prev.endOffset ?? prev.startOffset) + 1, text.length), 1);
  // Errors at the end of the file point just after the last token.
  if (tok.tokenType === EOF || Number.isNaN(tok.startOffset)) {
    const prev = previous ?? tokens[tokens.length - 1];
    return error(code, e.message, prev ? after(prev) : rangeAtOffset(text, text.length, 1));
  }
  let help: string | undefined;
  if (tok.tokenType.name === 'Identifier' || /^'[a-z]/.test(tok.tokenType.LABEL ?? '')) {
    // The error names what its rule expected (`'}'` after a block's items); a misspelt item
    // (`raise at most 2`) is matched against everything the grammar allows there.
    const inner = innermost(frames, prefix);
    const k = closestExpected(tok.image, expected) ?? (inner ? closestExpected(tok.image, expectedAfter(inner.rule, inner.tokens)) : undefined);
    if (k && k !== tok.image) help = `did you mean '${k}'?`;
  }
  if (tok.tokenType === Minus && previous?.tokenType === Identifier && previous.endOffset === tok.startOffset - 1) {
    const next = tokens[tokens.indexOf(tok) + 1];
    const joined = next && next.startOffset === tok.endOffset! + 1 ? `${previous.image}_${next.image}` : `${previous.image}_`;
    help = `a name cannot contain '-': use letters, digits and '_' (${joined})`;
  }
  const inSteps = frames.some((f) => f.rule === 'stepBlock');
  if (inSteps && (DECL_STARTS.has(tok.tokenType) || tok.tokenType === Game) && tok.tokenType !== Deck && tok.tokenType !== Stack && tok.tokenType !== Button) {
    help = `'${tok.image}' starts a declaration of the game, which cannot be inside a phase or sub-phase: if the block should end before it, a '}' is missing`;
  }
  // A token that may start the next line (a step, a declaration outside steps, a `}`) means the
  // previous line is missing its end: point there.
  const startsLine = STEP_STARTS.has(tok.tokenType) || tok.tokenType === RCurly || (!inSteps && DECL_STARTS.has(tok.tokenType));
  const gap = code !== 'E0106' && startsLine && previous !== undefined && (previous.endLine ?? previous.startLine ?? 0) < (tok.startLine ?? 0);
  return error(code, blockMessage(e, expected, frames, prefix), gap ? after(previous) : tokenRange(tok), help);
}

/** Rules whose nodes are items of a list (steps of a block, declarations of the game): recovery skips one. */
const ITEM_RULES = new Set(['step', 'declaration']);
/** Declaration keywords that cannot appear inside a step: met while skipping a step, the braces are unbalanced. */
const DECL_ONLY = new Set([Phase, Subphase, Players, Pile, Var, Position, Generated, Game]);

/** Whether token `i` starts a new item of the kind (`step` or `declaration`). */
function startsItem(kind: string, toks: IToken[], i: number): boolean {
  const t = toks[i]!.tokenType;
  const next = toks[i + 1]?.tokenType;
  if (kind === 'step') return STEP_STARTS.has(t) && !(t === Score && next === LParen);
  if (t === Deck) return next === LCurly;
  if (t === Stack) return next !== LParen;
  return DECL_STARTS.has(t);
}

/**
 * The tokens to skip to recover from a syntax error at token `ei`: the innermost step or
 * declaration that holds the error, to the end of its braces and up to the next item of its
 * block (or the block's `}`). `undefined` when no such item is active or the braces give out.
 */
function repairRegion(toks: IToken[], ei: number, frames: readonly RuleFrame[]): [number, number] | undefined {
  const frame = [...frames].reverse().find((f) => ITEM_RULES.has(f.rule));
  if (!frame) return undefined;
  const s = frame.start;
  let depth = 0;
  for (let i = s; i < ei; i++) {
    const t = toks[i]!.tokenType;
    if (t === LCurly) depth++;
    else if (t === RCurly) depth--;
  }
  let i = ei;
  for (; i < toks.length; i++) {
    const t = toks[i]!.tokenType;
    if (depth === 0 && i > s && (t === RCurly || startsItem(frame.rule, toks, i))) break;
    // A name first on its line after the mistake: the next item, an unknown word (`dael 2 to each`).
    if (depth === 0 && i > ei && t === Identifier && (toks[i - 1]!.endLine ?? 0) < (toks[i]!.startLine ?? 0)) break;
    if (depth === 0 && frame.rule === 'step' && DECL_ONLY.has(t)) return undefined;
    if (t === LCurly) depth++;
    else if (t === RCurly) depth--;
  }
  if (i >= toks.length) return undefined;
  return [s, Math.max(i, s + 1)];
}

/** After a character the lexer could not read, a syntax error this many tokens on is taken as its echo. */
const QUIET_TOKENS = 3;

/**
 * Parse `tokens` and report one diagnostic per mistake: after a syntax error the step or
 * declaration that holds it is skipped (braces balanced, up to the next item of its block) and
 * the rest is parsed again, so a mistake inside a block does not make the block's `}` end the
 * game early. Unknown words where a step or declaration should start are reported as such.
 * @returns the CST when there was no error, and the diagnostics
 */
function syntaxDiagnostics(text: string, tokens: IToken[], lexErrorOffsets: number[]): { cst: CstNode | undefined; diagnostics: Diagnostic[] } {
  const parser = strictParserInstance();
  const index = new Map(tokens.map((t, i) => [t, i]));
  let kept = tokens.map((_, i) => i);
  let floor = 0;
  let quietItem = -1;
  // A token the lexer could not read (a stray character, an unterminated string) leaves a hole:
  // the syntax error it causes next is its echo, not a second mistake.
  const echoes = new Set<number>();
  for (const o of lexErrorOffsets) {
    let j = tokens.findIndex((t) => t.startOffset >= o);
    if (j < 0) j = tokens.length;
    for (let k = j; k < j + QUIET_TOKENS && k <= tokens.length; k++) echoes.add(k);
  }
  const reported = new Set<number>(echoes);
  // With a `{` or `}` too many or too few, the blocks after a mistake cannot be trusted: report
  // the first syntax error only.
  const opens = tokens.filter((t) => t.tokenType === LCurly).length;
  const balanced = opens === tokens.filter((t) => t.tokenType === RCurly).length;
  const out: Diagnostic[] = [];
  for (let round = 0; round <= MAX_DIAGNOSTICS; round++) {
    const current = kept.map((i) => tokens[i]!);
    parser.input = current;
    const cst = parser.file();
    const fresh = (oi: number) => oi >= floor && !reported.has(oi);
    for (const u of parser.unknownWords) {
      const oi = index.get(u.token) ?? tokens.length;
      if (!fresh(oi)) continue;
      reported.add(oi);
      out.push(unknownWordDiagnostic(u, tokens, oi));
      if (!balanced) break;
    }
    const e = parser.errors[0];
    if (!e) return { cst: out.length === 0 ? cst : undefined, diagnostics: out };
    // Unbalanced braces: nothing after the first mistake can be trusted.
    if (!balanced && out.length > 0) break;
    const ei = e.token.tokenType === EOF || Number.isNaN(e.token.startOffset) ? current.length : current.indexOf(e.token);
    const oi = ei < current.length ? kept[ei]! : tokens.length;
    const frames = parser.errorFrames[0] ?? [];
    const item = [...frames].reverse().find((f) => ITEM_RULES.has(f.rule));
    // An echo: an error in the item that starts at the quiet word, or right after that item on its line.
    const itemStart = item ? kept[item.start]! : -1;
    const inQuietItem =
      quietItem >= 0 && (itemStart === quietItem || (itemStart < quietItem && oi < tokens.length && tokens[oi]!.startLine === tokens[quietItem]!.startLine));
    if (fresh(oi) && !inQuietItem) {
      reported.add(oi);
      out.push(
        parseDiagnostic(
          text,
          tokens,
          e,
          ei > 0 ? current[ei - 1] : undefined,
          parser.errorExpected[0] ?? [],
          parser.errorFrames[0] ?? [],
          current.slice(0, ei),
        ),
      );
    }
    const region = balanced && ei < current.length ? repairRegion(current, ei, parser.errorFrames[0] ?? []) : undefined;
    if (!region) break;
    floor = kept[region[1]]!;
    // When the skipped item ends in the middle of a line (`ante 1 deal each`, `if Alice match X
    // public`), the word it stopped at may be the mistake itself: an error in the item that word
    // starts is its echo. When it ends at a line break (`ante 1` then `deal …`), the next line is
    // a fresh item.
    const stop = current[region[1]]!;
    const before = current[region[1] - 1]!;
    const midLine = (before.endLine ?? 0) >= (stop.startLine ?? 0);
    quietItem = midLine ? floor : -1;
    kept = [...kept.slice(0, region[0]), ...kept.slice(region[1])];
  }
  return { cst: undefined, diagnostics: out };
}

/** An unknown word where a step or a declaration should start. */
function unknownWordDiagnostic(u: UnknownWord, tokens: IToken[], oi: number): Diagnostic {
  const word = u.token.image;
  const range = tokenRange(u.token);
  // `players Alice Bob`, `suits hearts spades`: a missing comma in a list.
  const prev = tokens[oi - 1];
  if (u.where === 'declaration' && prev && (prev.tokenType === Identifier || prev.tokenType === Integer)) {
    let j = oi - 1;
    while (j > 0 && [Identifier, Integer, Comma, Equals, Minus].includes(tokens[j]!.tokenType)) j--;
    const list = tokens[j]!.tokenType;
    const what = list === Players ? 'seat names' : list === Suits ? 'suit names' : list === Ranks ? 'ranks' : undefined;
    if (what) return error('E0105', `expected ',' between ${what}, found '${word}'`, range);
  }
  // `deal 1 to each facedown`: a word that continues the previous item, misspelt. The steps of a
  // block are read from its `{`; declarations can only start a declaration.
  let open = oi - 1;
  for (let depth = 0; open >= 0; open--) {
    const t = tokens[open]!.tokenType;
    if (t === RCurly) depth++;
    else if (t === LCurly && depth-- === 0) break;
  }
  const expected = u.where === 'step' && open >= 0 ? expectedAfter('stepBlock', tokens.slice(open, oi)) : [...DECL_STARTS];
  const k = closestExpected(word, expected);
  const starts = u.where === 'step' ? STEP_STARTS : DECL_STARTS;
  const startWords = new Set([...starts].map((t) => (t.LABEL ?? '').replace(/'/g, '')));
  if (k && !startWords.has(k)) return error('E0105', `expected '${k}', found '${word}'`, range, `did you mean '${k}'?`);
  const what =
    u.where === 'step'
      ? 'a step (shuffle, deal, ante, betting, if, call, choice, pay, …)'
      : 'a declaration (players, stack, button, odd chip, house, shoe, deck, pile, var, position, phase, subphase, showdown, chat)';
  return error('E0105', `unknown word '${word}': expected ${what}`, range, k ? `did you mean '${k}'?` : undefined);
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
  const syntax = syntaxDiagnostics(text, tokens, [
    ...lexed.errors.map((e) => e.offset),
    ...lexed.tokens.filter((t) => t.tokenType.name === 'UnterminatedString').map((t) => t.startOffset),
    ...(lexed.groups['comments'] ?? []).filter((c) => c.tokenType.name === 'UnterminatedComment').map((c) => c.startOffset),
  ]);
  // One mistake, one error: a bad character (or an unclosed string or comment) spoils the parse of
  // its line, so the syntax errors on that line are left out (`stack1.5 > 2`: only the '.').
  const spoiled = new Set(diags.map((d) => d.range.line));
  diags.push(...syntax.diagnostics.filter((d) => !spoiled.has(d.range.line)));
  let sorted = sortDiagnostics(diags);
  if (sorted.length > MAX_DIAGNOSTICS) {
    const last = sorted[MAX_DIAGNOSTICS - 1]!;
    sorted = [...sorted.slice(0, MAX_DIAGNOSTICS), error('E0109', `too many errors; stopped after ${MAX_DIAGNOSTICS}`, last.range)];
  }
  if (sorted.length > 0 || !syntax.cst) return { ast: null, diagnostics: sorted };
  const built = buildAst(syntax.cst, text, comments);
  return { ast: built.ast, diagnostics: built.diagnostics };
}

/**
 * Where a text stops being a prefix of a valid program: the first bad character, unknown word
 * or token the grammar cannot accept there (the end of the file counts as just after the last
 * token), its line, and the line where the token before it ends. `undefined` when the text
 * parses. Used to state where a syntax error may be reported (see docs/language.md, Diagnostics).
 */
export function firstNonViableToken(text: string): { offset: number; line: number; previousLine: number } | undefined {
  const lexed = gbgLexer().tokenize(text);
  const at: number[] = lexed.errors.map((e) => e.offset);
  for (const t of lexed.tokens) if (t.tokenType.name === 'UnterminatedString') at.push(t.startOffset);
  for (const c of lexed.groups['comments'] ?? []) if (c.tokenType.name === 'UnterminatedComment') at.push(c.startOffset);
  const tokens = lexed.tokens.filter((t) => t.tokenType.name !== 'UnterminatedString');
  const parser = strictParserInstance();
  parser.input = tokens;
  parser.file();
  for (const e of parser.errors) {
    const tok = e.token;
    if (tok.tokenType === EOF || Number.isNaN(tok.startOffset)) {
      const last = tokens[tokens.length - 1];
      at.push(last ? (last.endOffset ?? last.startOffset) : text.length);
    } else at.push(tok.startOffset);
  }
  for (const u of parser.unknownWords) at.push(u.token.startOffset);
  if (at.length === 0) return undefined;
  const offset = Math.min(...at);
  const before = tokens.filter((t) => t.startOffset < offset).pop();
  const line = positionAt(text, offset).line;
  return { offset, line, previousLine: before ? positionAt(text, before.endOffset ?? before.startOffset).line : line };
}

/**
 * Whether two texts lex to the same tokens (kind and text of each), comments and whitespace
 * aside, neither with a lexer error. Such texts parse to the same AST apart from positions and
 * comments, so they compile to the same IR: a formatter's output can be checked against its
 * input by lexing both instead of compiling the output again.
 */
export function sameTokens(a: string, b: string): boolean {
  const x = gbgLexer().tokenize(a);
  const y = gbgLexer().tokenize(b);
  if (x.errors.length > 0 || y.errors.length > 0 || x.tokens.length !== y.tokens.length) return false;
  for (let i = 0; i < x.tokens.length; i++) {
    const s = x.tokens[i]!;
    const t = y.tokens[i]!;
    if (s.tokenType !== t.tokenType || s.image !== t.image) return false;
  }
  return true;
}
