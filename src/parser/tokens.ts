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
export const Blinds = kw('blinds');
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
export const Var = kw('var');
export const Position = kw('position');
export const Subphase = kw('subphase');
export const Call = kw('call');
export const If = kw('if');
export const Else = kw('else');
export const Private = kw('private');
export const Events = kw('events');
export const When = kw('when');
export const Repeat = kw('repeat');
export const Rounds = kw('rounds');
export const As = kw('as');
export const Until = kw('until');
export const End = kw('end');
export const Winner = kw('winner');
export const Variable = kw('variable');
export const Max = kw('max');
export const Fallback = kw('fallback');
export const Choice = kw('choice');
export const OptionKw = kw('option', 'Kw_option');
export const Options = kw('options');
export const Cost = kw('cost');
export const Match = kw('match');
export const Wager = kw('wager');
export const Simultaneous = kw('simultaneous');
export const Outcome = kw('outcome');
export const Otherwise = kw('otherwise');
export const Auction = kw('auction');
export const Sealed = kw('sealed');
export const Bids = kw('bids');
export const Tie = kw('tie');
export const Coinflip = kw('coinflip');
export const Pays = kw('pays');
export const Prize = kw('prize');
export const Opponent = kw('opponent');
export const Peek = kw('peek');
export const Random = kw('random');
export const Chosen = kw('chosen');
export const Card = kw('card');
export const Of = kw('of');
export const Occurrence = kw('occurrence');
export const Reveal = kw('reveal');
export const Swap = kw('swap');
export const Between = kw('between');
export const And = kw('and');
export const Steal = kw('steal');
export const Discard = kw('discard');
export const Pay = kw('pay');
export const All = kw('all');
export const Sidebet = kw('sidebet');
export const On = kw('on');
export const Score = kw('score');
export const Bonus = kw('bonus');
export const Penalty = kw('penalty');
export const Per = kw('per');
export const Pair = kw('pair');
export const For = kw('for');
export const Assign = kw('assign');
export const SetKw = kw('set');
export const True = kw('true');
export const False = kw('false');
export const Or = kw('or');
export const Not = kw('not');
export const Has = kw('has');
export const Any = kw('any');
export const Holds = kw('holds');
export const Pot = kw('pot');
export const Size = kw('size');
export const HandSize = kw('handsize');
export const Highest = kw('highest');
export const Total = kw('total');
export const Lowest = kw('lowest');
export const Top = kw('top');
/** The table: the button, positions relative to it, the odd chip of a split pot. */
export const Button = kw('button');
export const Left = kw('left');
export const Odd = kw('odd');
export const Chip = kw('chip');
export const Chat = kw('chat');
/** The house: a seat played by the rules' steps, with unlimited chips or a declared bank. */
export const House = kw('house');
export const Bank = kw('bank');
export const Unlimited = kw('unlimited');
/** The shoe: a deck carried from hand to hand of a match, renewed at the cut card. */
export const Shoe = kw('shoe');
export const Cut = kw('cut');

/** Showdown metric names (hyphenated keywords). */
export const HighCard = createToken({ name: 'HighCard', pattern: /high-card/, label: "'high-card'", longer_alt: Identifier });
export const SumOfRanks = createToken({ name: 'SumOfRanks', pattern: /sum-of-ranks/, label: "'sum-of-ranks'", longer_alt: Identifier });
export const HighestCard = createToken({ name: 'HighestCard', pattern: /highest-card/, label: "'highest-card'", longer_alt: Identifier });
export const LowestCard = createToken({ name: 'LowestCard', pattern: /lowest-card/, label: "'lowest-card'", longer_alt: Identifier });
export const ChipLeader = createToken({ name: 'ChipLeader', pattern: /chip-leader/, label: "'chip-leader'", longer_alt: Identifier });
export const PairWithBoard = createToken({
  name: 'PairWithBoard',
  pattern: /pair-with-board/,
  label: "'pair-with-board'",
  longer_alt: Identifier,
});

/** The poker-hand showdown and its options (hyphenated keywords). */
export const PokerHand = createToken({ name: 'PokerHand', pattern: /poker-hand/, label: "'poker-hand'", longer_alt: Identifier });
export const FlushBeatsFullHouse = createToken({
  name: 'FlushBeatsFullHouse',
  pattern: /flush-beats-full-house/,
  label: "'flush-beats-full-house'",
  longer_alt: Identifier,
});
export const NoSuits = createToken({ name: 'NoSuits', pattern: /no-suits/, label: "'no-suits'", longer_alt: Identifier });
/** Raise rules of a variable betting round (`raises no-limit`, `raises pot-limit`). */
export const NoLimit = createToken({ name: 'NoLimit', pattern: /no-limit/, label: "'no-limit'", longer_alt: Identifier });
export const PotLimit = createToken({ name: 'PotLimit', pattern: /pot-limit/, label: "'pot-limit'", longer_alt: Identifier });
/** Table positions (`first left of big-blind`). */
export const SmallBlind = createToken({ name: 'SmallBlind', pattern: /small-blind/, label: "'small-blind'", longer_alt: Identifier });
export const BigBlind = createToken({ name: 'BigBlind', pattern: /big-blind/, label: "'big-blind'", longer_alt: Identifier });
/** Every hyphenated keyword (they are not in {@link KEYWORDS}: the lexer tries them first). */
export const HYPHENATED: TokenType[] = [
  HighCard,
  PairWithBoard,
  SumOfRanks,
  HighestCard,
  LowestCard,
  ChipLeader,
  PokerHand,
  FlushBeatsFullHouse,
  NoSuits,
  NoLimit,
  PotLimit,
  SmallBlind,
  BigBlind,
];

export const StringLiteral = createToken({ name: 'StringLiteral', pattern: /"(?:[^"\\\r\n]|\\.)*"/, label: 'a quoted string' });
/** A string with no closing quote on its line: reported as its own diagnostic. */
export const UnterminatedString = createToken({ name: 'UnterminatedString', pattern: /"(?:[^"\\\r\n]|\\.)*/, label: 'an unterminated string' });
export const Decimal = createToken({ name: 'Decimal', pattern: /\d+\.\d+/, label: 'a decimal number' });
export const Integer = createToken({ name: 'Integer', pattern: /\d+/, label: 'a whole number', longer_alt: Decimal });
export const Minus = createToken({ name: 'Minus', pattern: /-/, label: "'-'" });
export const Plus = createToken({ name: 'Plus', pattern: /\+/, label: "'+'" });
export const DotDot = createToken({ name: 'DotDot', pattern: /\.\./, label: "'..'" });
export const Percent = createToken({ name: 'Percent', pattern: /%/, label: "'%'" });
export const Slash = createToken({ name: 'Slash', pattern: /\//, label: "'/'" });
export const Star = createToken({ name: 'Star', pattern: /\*/, label: "'*'" });
export const LParen = createToken({ name: 'LParen', pattern: /\(/, label: "'('" });
export const RParen = createToken({ name: 'RParen', pattern: /\)/, label: "')'" });
export const Le = createToken({ name: 'Le', pattern: /<=/, label: "'<='" });
export const Ge = createToken({ name: 'Ge', pattern: />=/, label: "'>='" });
export const Lt = createToken({ name: 'Lt', pattern: /</, label: "'<'" });
export const Gt = createToken({ name: 'Gt', pattern: />/, label: "'>'" });
export const EqEq = createToken({ name: 'EqEq', pattern: /==/, label: "'=='" });
export const NotEq = createToken({ name: 'NotEq', pattern: /!=/, label: "'!='" });

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

/** The keywords (the lexer tries them longest first, so no keyword shadows a longer one). */
export const KEYWORDS: TokenType[] = [
  Game,
  Players,
  Stack,
  Each,
  Deck,
  Ranks,
  Suits,
  Copies,
  Pile,
  Public,
  Hidden,
  Phase,
  Shuffle,
  Deal,
  To,
  From,
  Face,
  Up,
  Down,
  Ante,
  Blinds,
  Betting,
  Fixed,
  Bet,
  Raises,
  At,
  Most,
  First,
  Showdown,
  Using,
  Generated,
  Generator,
  Builder,
  Seed,
  Complexity,
  Var,
  Position,
  Subphase,
  Call,
  If,
  Else,
  Private,
  Events,
  When,
  Repeat,
  Rounds,
  As,
  Until,
  End,
  Winner,
  Variable,
  Max,
  Fallback,
  Choice,
  Options,
  OptionKw,
  Cost,
  Match,
  Wager,
  Simultaneous,
  Outcome,
  Otherwise,
  Auction,
  Sealed,
  Bids,
  Tie,
  Coinflip,
  Pays,
  Pay,
  Prize,
  Opponent,
  Peek,
  Random,
  Chosen,
  Card,
  Of,
  Occurrence,
  Reveal,
  Swap,
  Between,
  And,
  Steal,
  Discard,
  All,
  Sidebet,
  On,
  Score,
  Bonus,
  Penalty,
  Per,
  Pair,
  For,
  Assign,
  SetKw,
  True,
  False,
  Or,
  Not,
  HandSize,
  Hand,
  Has,
  Any,
  Holds,
  Pot,
  Size,
  Highest,
  Total,
  Lowest,
  Top,
  Button,
  Left,
  Odd,
  Chip,
  Chat,
  House,
  Bank,
  Unlimited,
  Shoe,
  Cut,
];

/**
 * Token categories for recovering from an unknown word where a step or a declaration should
 * start (`shufle deck`): the parser swallows the word and the rest of that item (any tokens
 * that cannot start a step or declaration, plus one `{ … }` block) and reports one clear error.
 */
/** Any word, keywords included: option names may be keywords (`option call { … }`). */
export const Word = createToken({ name: 'Word', pattern: Lexer.NA, label: 'a name' });
export const StepNoise = createToken({ name: 'StepNoise', pattern: Lexer.NA, label: 'a word' });
export const DeclNoise = createToken({ name: 'DeclNoise', pattern: Lexer.NA, label: 'a word' });
export const STEP_STARTS = new Set<TokenType>([
  Shuffle,
  Deal,
  Ante,
  Blinds,
  Betting,
  Call,
  If,
  Events,
  Repeat,
  End,
  Choice,
  Wager,
  Match,
  Simultaneous,
  Auction,
  Peek,
  Reveal,
  Swap,
  Steal,
  Discard,
  Pay,
  Sidebet,
  Score,
  Assign,
  SetKw,
]);
export const DECL_STARTS = new Set<TokenType>([
  Players,
  Stack,
  Deck,
  Pile,
  Var,
  Position,
  Phase,
  Subphase,
  Showdown,
  Generated,
  Button,
  Odd,
  Chat,
  House,
  Shoe,
]);
for (const t of [
  ...KEYWORDS,
  ...HYPHENATED,
  Identifier,
  StringLiteral,
  Decimal,
  Integer,
  Minus,
  Plus,
  DotDot,
  Percent,
  Slash,
  Star,
  LParen,
  RParen,
  Le,
  Ge,
  Lt,
  Gt,
  EqEq,
  NotEq,
  Comma,
  Semicolon,
  Equals,
]) {
  const cats: TokenType[] = [];
  // `deck`, `stack` and `button` start declarations but also appear inside steps (`shuffle deck`,
  // `max stack`, `first left of button`); `score` starts a step but is also a function in conditions.
  if ((!STEP_STARTS.has(t) || t === Score) && (!DECL_STARTS.has(t) || t === Deck || t === Stack || t === Button)) cats.push(StepNoise);
  if (!DECL_STARTS.has(t)) cats.push(DeclNoise);
  if (t === Identifier || KEYWORDS.includes(t)) cats.push(Word);
  t.CATEGORIES = [...(t.CATEGORIES ?? []), ...cats];
}

/** All token types in lexing priority order. */
export const ALL_TOKENS: TokenType[] = [
  WhiteSpace,
  LineComment,
  BlockComment,
  UnterminatedComment,
  ...HYPHENATED,
  ...[...KEYWORDS].sort((a, b) => String(b.PATTERN).length - String(a.PATTERN).length),
  Identifier,
  StringLiteral,
  UnterminatedString,
  Decimal,
  Integer,
  Minus,
  Plus,
  DotDot,
  Percent,
  Slash,
  Star,
  LParen,
  RParen,
  Le,
  Ge,
  Lt,
  Gt,
  EqEq,
  NotEq,
  LCurly,
  RCurly,
  Comma,
  Semicolon,
  Equals,
  StepNoise,
  DeclNoise,
  Word,
];

let lexer: Lexer | undefined;

/**
 * The lexer, built on first use (building it analyses every token pattern, which a command that
 * reads no source should not pay for). `positionTracking: 'full'` gives line and column of every token.
 */
export function gbgLexer(): Lexer {
  return (lexer ??= buildLexer());
}

/**
 * A new lexer. `validate` runs Chevrotain's checks of the token definitions (unreachable or
 * shadowed patterns, …); they depend on the tokens only, so the run-time lexer skips them and
 * `test/parser/grammar-validation.test.ts` runs them.
 * @throws Error listing the definition errors when `validate` is set and any is found
 */
export function buildLexer({ validate = false }: { validate?: boolean } = {}): Lexer {
  return new Lexer(ALL_TOKENS, { positionTracking: 'full', ensureOptimizations: false, skipValidations: !validate });
}
