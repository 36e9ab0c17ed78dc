/**
 * The `.gbg` lexer: token types and the Chevrotain lexer.
 *
 * Keywords are reserved words; names (seats, phases, piles, suits, ranks) are identifiers.
 * Each token has a LABEL in words, used by our diagnostics instead of Chevrotain's internal names.
 */
import { createToken, Lexer, type TokenType } from 'chevrotain';

export const Identifier = createToken({ name: 'Identifier', pattern: /[A-Za-z_][A-Za-z0-9_]*/, label: 'a name' });

/** Keywords. Longer-alternative resolution keeps `dealer` an identifier rather than `deal` + `er`. */
function kw(word: string, name?: string): TokenType {
  return createToken({
    name: name ?? `Kw_${word.replace(/-/g, '_')}`,
    pattern: new RegExp(word.replace(/-/g, '\\-')),
    label: `'${word}'`,
    longer_alt: Identifier,
  });
}

export const Game = kw('game');
export const Players = kw('players');
export const Stack = kw('stack');
export const Each = kw('each');
export const Deck = kw('deck');
export const Ranks = kw('ranks');
export const Suits = kw('suits');
export const Copies = kw('copies');
export const Pile = kw('pile');
export const Public = kw('public');
export const Hidden = kw('hidden');
export const Phase = kw('phase');
export const Shuffle = kw('shuffle');
export const Deal = kw('deal');
export const To = kw('to');
export const From = kw('from');
export const Face = kw('face');
export const Up = kw('up');
export const Down = kw('down');
export const Ante = kw('ante');
export const Betting = kw('betting');
export const Fixed = kw('fixed');
export const Bet = kw('bet');
export const Raises = kw('raises');
export const At = kw('at');
export const Most = kw('most');
export const First = kw('first');
export const Showdown = kw('showdown');
export const Using = kw('using');
export const Generated = kw('generated');
export const Generator = kw('generator');
export const Builder = kw('builder');
export const Seed = kw('seed');
export const Complexity = kw('complexity');
export const Hand = kw('hand');

/** Showdown metric names (hyphenated keywords). */
export const HighCard = createToken({ name: 'HighCard', pattern: /high-card/, label: "'high-card'", longer_alt: Identifier });
export const PairWithBoard = createToken({
  name: 'PairWithBoard',
  pattern: /pair-with-board/,
  label: "'pair-with-board'",
  longer_alt: Identifier,
});

export const StringLiteral = createToken({ name: 'StringLiteral', pattern: /"(?:[^"\\\r\n]|\\.)*"/, label: 'a quoted string' });
/** A string with no closing quote on its line: reported as its own diagnostic. */
export const UnterminatedString = createToken({ name: 'UnterminatedString', pattern: /"(?:[^"\\\r\n]|\\.)*/, label: 'an unterminated string' });
export const Decimal = createToken({ name: 'Decimal', pattern: /\d+\.\d+/, label: 'a decimal number' });
export const Integer = createToken({ name: 'Integer', pattern: /\d+/, label: 'a whole number', longer_alt: Decimal });
export const Minus = createToken({ name: 'Minus', pattern: /-/, label: "'-'" });

export const LCurly = createToken({ name: 'LCurly', pattern: /\{/, label: "'{'" });
export const RCurly = createToken({ name: 'RCurly', pattern: /\}/, label: "'}'" });
export const Comma = createToken({ name: 'Comma', pattern: /,/, label: "','" });
export const Semicolon = createToken({ name: 'Semicolon', pattern: /;/, label: "';'" });
export const Equals = createToken({ name: 'Equals', pattern: /=/, label: "'='" });

export const LineComment = createToken({ name: 'LineComment', pattern: /\/\/[^\r\n]*/, group: 'comments' });
export const BlockComment = createToken({ name: 'BlockComment', pattern: /\/\*[\s\S]*?\*\//, group: 'comments', line_breaks: true });
/** `/*` with no closing `*\/`: reported as its own diagnostic. */
export const UnterminatedComment = createToken({
  name: 'UnterminatedComment',
  pattern: /\/\*[\s\S]*/,
  group: 'comments',
  line_breaks: true,
});
export const WhiteSpace = createToken({ name: 'WhiteSpace', pattern: /[ \t\r\n\f\v\u00a0\ufeff]+/, group: Lexer.SKIPPED, line_breaks: true });

/** The keywords, in an order where longer words precede their prefixes. */
export const KEYWORDS: TokenType[] = [
  Game, Players, Stack, Each, Deck, Ranks, Suits, Copies, Pile, Public, Hidden, Phase, Shuffle, Deal, To, From, Face,
  Up, Down, Ante, Betting /* before its prefix 'bet' */, Fixed, Bet, Raises, At, Most, First, Showdown, Using, Generated, Generator, Builder, Seed,
  Complexity, Hand,
];

/**
 * Token categories for recovering from an unknown word where a step or a declaration should
 * start (`shufle deck`): the parser swallows the word and the rest of that item (any tokens
 * that cannot start a step or declaration, plus one `{ … }` block) and reports one clear error.
 */
export const StepNoise = createToken({ name: 'StepNoise', pattern: Lexer.NA, label: 'a word' });
export const DeclNoise = createToken({ name: 'DeclNoise', pattern: Lexer.NA, label: 'a word' });
const STEP_STARTS = new Set<TokenType>([Shuffle, Deal, Ante, Betting]);
const DECL_STARTS = new Set<TokenType>([Players, Stack, Deck, Pile, Phase, Showdown, Generated]);
for (const t of [...KEYWORDS, HighCard, PairWithBoard, Identifier, StringLiteral, Decimal, Integer, Minus, Comma, Semicolon, Equals]) {
  const cats: TokenType[] = [];
  // `deck` starts a declaration but is also a pile name inside steps (`shuffle deck`).
  if (!STEP_STARTS.has(t) && (!DECL_STARTS.has(t) || t === Deck)) cats.push(StepNoise);
  if (!DECL_STARTS.has(t)) cats.push(DeclNoise);
  t.CATEGORIES = [...(t.CATEGORIES ?? []), ...cats];
}

/** All token types in lexing priority order. */
export const ALL_TOKENS: TokenType[] = [
  WhiteSpace,
  LineComment,
  BlockComment,
  UnterminatedComment,
  HighCard,
  PairWithBoard,
  ...KEYWORDS,
  Identifier,
  StringLiteral,
  UnterminatedString,
  Decimal,
  Integer,
  Minus,
  LCurly,
  RCurly,
  Comma,
  Semicolon,
  Equals,
  StepNoise,
  DeclNoise,
];

/** The lexer. `positionTracking: 'full'` gives line and column of every token. */
export const GbgLexer = new Lexer(ALL_TOKENS, { positionTracking: 'full', ensureOptimizations: false });
