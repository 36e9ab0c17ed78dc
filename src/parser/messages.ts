/**
 * Our own parse-error texts, replacing Chevrotain's defaults: expected tokens are listed in
 * words (their labels), found tokens are quoted, and no internal rule names appear.
 */
import { EOF, type IParserErrorMessageProvider, type IToken, type TokenType } from 'chevrotain';

/** What each grammar rule is called in messages. */
const RULE_WORDS: Record<string, string> = {
  file: 'a game',
  game: 'a game',
  declaration: 'a declaration (players, stack, button, odd chip, house, shoe, deck, pile, var, position, phase, subphase, showdown, chat, generated)',
  variable: 'a variable declaration such as var round = 0',
  position: 'a position declaration such as position Leader hidden',
  subphase: 'a sub-phase',
  face: "'face up' or 'face down'",
  callStep: 'a call of a sub-phase',
  ifStep: 'a condition',
  condBranch: "a condition followed by 'public' or 'private' and a block",
  eventsStep: "an events block ('when' conditions)",
  repeatStep: 'a loop (repeat up to N rounds as NAME)',
  endStep: 'an end of the game',
  choiceStep: 'a choice',
  choiceOption: "an option ('option NAME { … }')",
  wagerStep: 'a wager (wager SEAT MIN..MAX)',
  matchStep: 'a match',
  simultaneousStep: 'a simultaneous round',
  outcome: "an outcome ('outcome A/B { … }')",
  auctionStep: 'a sealed-bid auction',
  pick: "'random' or 'chosen'",
  peekStep: 'a peek',
  revealStep: 'a reveal',
  swapStep: 'a swap',
  stealStep: 'a steal',
  discardStep: 'a discard',
  payStep: 'a payment (pay N from A to B)',
  party: "a seat, 'winner' or 'pot'",
  sidebetStep: 'a side bet',
  scoreStep: 'a score adjustment (score SEAT +N)',
  assignStep: 'a position assignment',
  setStep: 'a variable assignment (set NAME = …)',
  seatRef: "a seat ('winner', 'any' or 'each' where allowed)",
  cond: 'a condition',
  andCond: 'a condition',
  notCond: 'a condition',
  atomCond: 'a condition (a comparison, hand(SEAT) has RANK, SEAT holds POSITION, true, false)',
  rankRef: "a rank name or 'top'",
  compareOp: 'a comparison (<, <=, >, >=, ==, !=)',
  intExpr: 'a number or a number expression',
  intAtom: 'a number, a variable, pot, stack(SEAT), size(PILE), handsize(SEAT), highest(SEAT) or score(SEAT)',
  scoringRule: "a scoring rule ('bonus N for pair of RANK', 'penalty N per RANK')",
  players: 'the seat names',
  button: 'the button',
  oddChip: "the odd-chip rule ('odd chip left of button')",
  chat: 'table chat (chat "message" or chat 1 per phase, 4 per hand, max 240)',
  chatLimit: "a chat limit ('N per phase', 'N per hand' or 'max N')",
  house: "the house ('house NAME', 'house NAME bank 5000' or 'bank unlimited')",
  shoe: "the shoe ('shoe cut 78')",
  tablePosition: "'button', 'small-blind' or 'big-blind'",
  stack: 'the starting stacks',
  stackEntry: 'a seat and its stack',
  deck: 'the deck',
  ranks: 'a rank list',
  rank: 'a rank such as K = 13',
  suits: 'a suit list',
  copies: 'a number of copies',
  pile: 'a pile declaration',
  phase: 'a phase',
  stepBlock: 'a block of steps',
  step: 'a step',
  shuffleStep: 'a shuffle',
  dealStep: 'a deal',
  pileRef: "a pile ('deck', a seat or a declared pile)",
  anteStep: 'an ante',
  blindsStep: 'blinds',
  bettingStep: 'a betting round',
  bettingItem: "a betting setting ('bet', 'raises at most', 'first', 'max', 'fallback bet')",
  showdown: "a showdown metric ('high-card', 'pair-with-board', 'poker-hand' or 'sum-of-ranks')",
  generated: 'the generator record',
};

export function ruleInWords(rule: string): string {
  return RULE_WORDS[rule] ?? 'more input';
}

/** Describe a found token: `'text'`, or `the end of the file`. */
export function describeToken(tok: IToken): string {
  if (tok.tokenType === EOF) return 'the end of the file';
  const img = tok.image.length > 30 ? `${tok.image.slice(0, 30)}…` : tok.image;
  return `'${img}'`;
}

function label(t: TokenType): string {
  return t === EOF ? 'the end of the file' : (t.LABEL ?? t.name);
}

/** "a, b or c" */
export function inWords(items: string[]): string {
  const uniq = [...new Set(items)];
  if (uniq.length <= 1) return uniq[0] ?? 'nothing';
  return `${uniq.slice(0, -1).join(', ')} or ${uniq[uniq.length - 1]}`;
}

/** The first token of each alternative path. */
function firstTokens(paths: TokenType[][][]): string[] {
  return paths.flatMap((alt) => alt.map((path) => (path[0] ? label(path[0]) : 'nothing')));
}

/** The token types the last built message expected (read by the parser when it saves the error). */
let lastExpected: TokenType[] = [];

/** The token types expected by the error whose message was built last; clears the record. */
export function takeExpected(): TokenType[] {
  const e = lastExpected;
  lastExpected = [];
  return e;
}

export const messageProvider: IParserErrorMessageProvider = {
  buildMismatchTokenMessage({ expected, actual }) {
    lastExpected = [expected];
    return `expected ${label(expected)}, found ${describeToken(actual)}`;
  },
  buildNotAllInputParsedMessage({ firstRedundant }) {
    lastExpected = [];
    return `unexpected ${describeToken(firstRedundant)} after the end of the game`;
  },
  buildNoViableAltMessage({ expectedPathsPerAlt, actual, ruleName }) {
    const found = actual[0] ? describeToken(actual[0]) : 'the end of the file';
    const firsts = firstTokens(expectedPathsPerAlt);
    lastExpected = expectedPathsPerAlt.flatMap((alt) => alt.map((path) => path[0]).filter((t): t is TokenType => t !== undefined));
    const what = RULE_WORDS[ruleName];
    return what && firsts.length > 4 ? `expected ${what}, found ${found}` : `expected ${inWords(firsts)}, found ${found}`;
  },
  buildEarlyExitMessage({ expectedIterationPaths, actual, ruleName }) {
    const found = actual[0] ? describeToken(actual[0]) : 'the end of the file';
    const firsts = expectedIterationPaths.map((p) => (p[0] ? label(p[0]) : 'nothing'));
    lastExpected = expectedIterationPaths.map((p) => p[0]).filter((t): t is TokenType => t !== undefined);
    const what = RULE_WORDS[ruleName];
    return `expected ${firsts.length > 0 ? inWords(firsts) : (what ?? 'more input')}, found ${found}`;
  },
};
