/**
 * The `.gbg` grammar as a Chevrotain CST parser with error recovery.
 *
 * Statements need no separator: every declaration and step starts with a keyword, so newlines
 * are ordinary white space and `;` is optional between items. The readable grammar in
 * `grammar/gbg.ebnf` and the railroad diagrams are generated from this class
 * (`npm run grammar`).
 */
import { CstParser, type CstNode, type IToken, type TokenType } from 'chevrotain';
import * as T from './tokens.js';
import { messageProvider } from './messages.js';

/** An unknown word found where a step or declaration should start (see `unknownStep`). */
export interface UnknownWord {
  token: IToken;
  where: 'step' | 'declaration';
}

/** Inside a skipped block, declaration keywords are skipped too. */
function DECL_KEYWORD_ALTS(p: GbgParser) {
  return [T.Players, T.Stack, T.Deck, T.Pile, T.Phase, T.Showdown, T.Generated].map((t, i) => ({
    ALT: () => {
      p.consumeAny(t, i);
    },
  }));
}

export class GbgParser extends CstParser {
  /** Filled while parsing; reset by {@link GbgParser.reset}. */
  unknownWords: UnknownWord[] = [];

  /** Consume token type `t` at occurrence index `i` (for generated alternatives). */
  consumeAny(t: TokenType, i: number): void {
    this.consume(i + 1, t);
  }

  override reset(): void {
    super.reset();
    this.unknownWords = [];
  }

  constructor() {
    super(T.ALL_TOKENS, { recoveryEnabled: true, errorMessageProvider: messageProvider, maxLookahead: 3 });
    this.performSelfAnalysis();
  }

  /** file := game */
  file = this.RULE('file', () => {
    this.SUBRULE(this.game);
  });

  /** game := 'game' STRING '{' declaration* '}' */
  game = this.RULE('game', () => {
    this.CONSUME(T.Game);
    this.CONSUME(T.StringLiteral);
    this.CONSUME(T.LCurly);
    this.MANY(() => {
      this.SUBRULE(this.declaration);
      this.OPTION(() => this.CONSUME(T.Semicolon));
    });
    this.CONSUME(T.RCurly);
  });

  declaration = this.RULE('declaration', () => {
    this.OR([
      { ALT: () => this.SUBRULE(this.players) },
      { ALT: () => this.SUBRULE(this.stack) },
      { ALT: () => this.SUBRULE(this.deck) },
      { ALT: () => this.SUBRULE(this.pile) },
      { ALT: () => this.SUBRULE(this.phase) },
      { ALT: () => this.SUBRULE(this.showdown) },
      { ALT: () => this.SUBRULE(this.generated) },
      { ALT: () => this.SUBRULE(this.unknownDeclaration) },
    ]);
  });

  /** Recovery: an unknown word where a declaration should start, and the rest of that item. */
  unknownDeclaration = this.RULE('unknownDeclaration', () => {
    const word = this.CONSUME(T.Identifier);
    this.ACTION(() => this.unknownWords.push({ token: word, where: 'declaration' }));
    this.MANY(() => this.CONSUME(T.DeclNoise));
    this.OPTION(() => this.SUBRULE(this.skippedBlock));
  });

  /** Recovery: an unknown word where a step should start, and the rest of that item. */
  unknownStep = this.RULE('unknownStep', () => {
    const word = this.CONSUME(T.Identifier);
    this.ACTION(() => this.unknownWords.push({ token: word, where: 'step' }));
    this.MANY(() => this.CONSUME(T.StepNoise));
    this.OPTION(() => this.SUBRULE(this.skippedBlock));
  });

  /** Recovery: a balanced `{ … }` block whose content is skipped. */
  skippedBlock = this.RULE('skippedBlock', () => {
    this.CONSUME(T.LCurly);
    this.MANY(() => this.OR([{ ALT: () => this.CONSUME(T.DeclNoise) }, { ALT: () => this.SUBRULE(this.skippedBlock) }, ...DECL_KEYWORD_ALTS(this)]));
    this.CONSUME(T.RCurly);
  });

  /** players := 'players' NAME (',' NAME)* */
  players = this.RULE('players', () => {
    this.CONSUME(T.Players);
    this.AT_LEAST_ONE_SEP({ SEP: T.Comma, DEF: () => this.CONSUME(T.Identifier) });
  });

  /** stack := 'stack' INT 'each' | 'stack' NAME INT (',' NAME INT)* */
  stack = this.RULE('stack', () => {
    this.CONSUME(T.Stack);
    this.OR([
      {
        ALT: () => {
          this.CONSUME(T.Integer);
          this.CONSUME(T.Each);
        },
      },
      { ALT: () => this.AT_LEAST_ONE_SEP({ SEP: T.Comma, DEF: () => this.SUBRULE(this.stackEntry) }) },
    ]);
  });

  stackEntry = this.RULE('stackEntry', () => {
    this.CONSUME(T.Identifier);
    this.CONSUME(T.Integer);
  });

  /** deck := 'deck' '{' (ranks | suits | copies)* '}' */
  deck = this.RULE('deck', () => {
    this.CONSUME(T.Deck);
    this.CONSUME(T.LCurly);
    this.MANY(() => {
      this.OR([
        { ALT: () => this.SUBRULE(this.ranks) },
        { ALT: () => this.SUBRULE(this.suits) },
        { ALT: () => this.SUBRULE(this.copies) },
      ]);
      this.OPTION(() => this.CONSUME(T.Semicolon));
    });
    this.CONSUME(T.RCurly);
  });

  /** ranks := 'ranks' rank (',' rank)* */
  ranks = this.RULE('ranks', () => {
    this.CONSUME(T.Ranks);
    this.AT_LEAST_ONE_SEP({ SEP: T.Comma, DEF: () => this.SUBRULE(this.rank) });
  });

  /** rank := (NAME | INT) '=' '-'? INT */
  rank = this.RULE('rank', () => {
    this.OR([{ ALT: () => this.CONSUME(T.Identifier) }, { ALT: () => this.CONSUME(T.Integer) }]);
    this.CONSUME(T.Equals);
    this.OPTION(() => this.CONSUME(T.Minus));
    this.CONSUME2(T.Integer);
  });

  /** suits := 'suits' NAME (',' NAME)* */
  suits = this.RULE('suits', () => {
    this.CONSUME(T.Suits);
    this.AT_LEAST_ONE_SEP({ SEP: T.Comma, DEF: () => this.CONSUME(T.Identifier) });
  });

  /** copies := 'copies' INT */
  copies = this.RULE('copies', () => {
    this.CONSUME(T.Copies);
    this.CONSUME(T.Integer);
  });

  /** pile := 'pile' NAME ('public' | 'hidden') */
  pile = this.RULE('pile', () => {
    this.CONSUME(T.Pile);
    this.CONSUME(T.Identifier);
    this.OR([{ ALT: () => this.CONSUME(T.Public) }, { ALT: () => this.CONSUME(T.Hidden) }]);
  });

  /** phase := 'phase' NAME '{' step* '}' */
  phase = this.RULE('phase', () => {
    this.CONSUME(T.Phase);
    this.CONSUME(T.Identifier);
    this.SUBRULE(this.stepBlock);
  });

  /** stepBlock := '{' (step ';'?)* '}' */
  stepBlock = this.RULE('stepBlock', () => {
    this.CONSUME(T.LCurly);
    this.MANY(() => {
      this.SUBRULE(this.step);
      this.OPTION(() => this.CONSUME(T.Semicolon));
    });
    this.CONSUME(T.RCurly);
  });

  step = this.RULE('step', () => {
    this.OR([
      { ALT: () => this.SUBRULE(this.shuffleStep) },
      { ALT: () => this.SUBRULE(this.dealStep) },
      { ALT: () => this.SUBRULE(this.anteStep) },
      { ALT: () => this.SUBRULE(this.bettingStep) },
      { ALT: () => this.SUBRULE(this.unknownStep) },
    ]);
  });

  /** shuffleStep := 'shuffle' pileRef */
  shuffleStep = this.RULE('shuffleStep', () => {
    this.CONSUME(T.Shuffle);
    this.SUBRULE(this.pileRef);
  });

  /** dealStep := 'deal' INT ('from' pileRef)? 'to' ('each' | pileRef) ('face' ('up' | 'down'))? */
  dealStep = this.RULE('dealStep', () => {
    this.CONSUME(T.Deal);
    this.CONSUME(T.Integer);
    this.OPTION(() => {
      this.CONSUME(T.From);
      this.SUBRULE(this.pileRef, { LABEL: 'source' });
    });
    this.CONSUME(T.To);
    this.OR([{ ALT: () => this.CONSUME(T.Each) }, { ALT: () => this.SUBRULE2(this.pileRef, { LABEL: 'target' }) }]);
    this.OPTION2(() => {
      this.CONSUME(T.Face);
      this.OR2([{ ALT: () => this.CONSUME(T.Up) }, { ALT: () => this.CONSUME(T.Down) }]);
    });
  });

  /** pileRef := 'deck' | NAME */
  pileRef = this.RULE('pileRef', () => {
    this.OR([{ ALT: () => this.CONSUME(T.Deck) }, { ALT: () => this.CONSUME(T.Identifier) }]);
  });

  /** anteStep := 'ante' INT ('each' | 'from' NAME) */
  anteStep = this.RULE('anteStep', () => {
    this.CONSUME(T.Ante);
    this.CONSUME(T.Integer);
    this.OR([
      { ALT: () => this.CONSUME(T.Each) },
      {
        ALT: () => {
          this.CONSUME(T.From);
          this.CONSUME(T.Identifier);
        },
      },
    ]);
  });

  /** bettingStep := 'betting' 'fixed' '{' (bettingItem ';'?)* '}' */
  bettingStep = this.RULE('bettingStep', () => {
    this.CONSUME(T.Betting);
    this.CONSUME(T.Fixed);
    this.CONSUME(T.LCurly);
    this.MANY(() => {
      this.SUBRULE(this.bettingItem);
      this.OPTION(() => this.CONSUME(T.Semicolon));
    });
    this.CONSUME(T.RCurly);
  });

  /** bettingItem := 'bet' INT | 'raises' 'at' 'most' INT | 'first' NAME */
  bettingItem = this.RULE('bettingItem', () => {
    this.OR([
      {
        ALT: () => {
          this.CONSUME(T.Bet);
          this.CONSUME(T.Integer);
        },
      },
      {
        ALT: () => {
          this.CONSUME(T.Raises);
          this.CONSUME(T.At);
          this.CONSUME(T.Most);
          this.CONSUME2(T.Integer);
        },
      },
      {
        ALT: () => {
          this.CONSUME(T.First);
          this.CONSUME(T.Identifier);
        },
      },
    ]);
  });

  /** showdown := 'showdown' ('high-card' | 'pair-with-board' ('using' NAME)?) */
  showdown = this.RULE('showdown', () => {
    this.CONSUME(T.Showdown);
    this.OR([
      { ALT: () => this.CONSUME(T.HighCard) },
      {
        ALT: () => {
          this.CONSUME(T.PairWithBoard);
          this.OPTION(() => {
            this.CONSUME(T.Using);
            this.CONSUME(T.Identifier);
          });
        },
      },
    ]);
  });

  /** generated := 'generated' '{' 'generator' STRING 'builder' STRING 'seed' INT 'complexity' NUMBER '}' */
  generated = this.RULE('generated', () => {
    this.CONSUME(T.Generated);
    this.CONSUME(T.LCurly);
    this.CONSUME(T.Generator);
    this.CONSUME(T.StringLiteral);
    this.CONSUME(T.Builder);
    this.CONSUME2(T.StringLiteral);
    this.CONSUME(T.Seed);
    this.CONSUME(T.Integer);
    this.CONSUME(T.Complexity);
    this.OR([{ ALT: () => this.CONSUME2(T.Integer) }, { ALT: () => this.CONSUME(T.Decimal) }]);
    this.CONSUME(T.RCurly);
  });
}

/** One parser instance per process (Chevrotain parsers are reusable: set `input`, call a rule). */
let instance: GbgParser | undefined;
export function parserInstance(): GbgParser {
  instance ??= new GbgParser();
  return instance;
}

export type { CstNode };
