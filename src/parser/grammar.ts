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
import { messageProvider, takeExpected } from './messages.js';

/** An unknown word found where a step or declaration should start (see `unknownStep`). */
export interface UnknownWord {
  token: IToken;
  where: 'step' | 'declaration';
}

/** Inside a skipped block, declaration keywords are skipped too. */
function DECL_KEYWORD_ALTS(p: GbgParser) {
  return [T.Players, T.Stack, T.Deck, T.Pile, T.Var, T.Position, T.Phase, T.Subphase, T.Showdown, T.Generated, T.Button, T.Odd, T.Chat, T.House, T.Shoe].map(
    (t, i) => ({
      ALT: () => {
        p.consumeAny(t, i);
      },
    }),
  );
}

/** An active grammar rule when a syntax error was found: its name and the index of its first token. */
export interface RuleFrame {
  rule: string;
  start: number;
}

/** Chevrotain's internal hooks that {@link GbgParser} wraps to know where each active rule started. */
interface ParserInternals {
  currIdx: number;
  ruleInvocationStateUpdate(...args: unknown[]): void;
  ruleFinallyStateUpdate(): void;
  SAVE_ERROR(e: unknown): unknown;
  getHumanReadableRuleStack(): string[];
}

export class GbgParser extends CstParser {
  /** Filled while parsing; reset by {@link GbgParser.reset}. */
  unknownWords: UnknownWord[] = [];
  /** For each error in `errors`, the rules active when it was found (outermost first). */
  errorFrames: RuleFrame[][] = [];
  /** For each error in `errors`, the token types that would have been accepted there. */
  errorExpected: TokenType[][] = [];
  /** Token index where each active rule started, parallel to Chevrotain's rule stack. */
  private ruleStarts: number[] = [];

  /** Consume token type `t` at occurrence index `i` (for generated alternatives). */
  consumeAny(t: TokenType, i: number): void {
    this.consume(i + 1, t);
  }

  override reset(): void {
    super.reset();
    this.unknownWords = [];
    this.errorFrames = [];
    this.errorExpected = [];
    this.ruleStarts = [];
  }

  /**
   * @param validate run Chevrotain's grammar validations (ambiguities, left recursion, …) while
   *   building. They cost most of the build time and depend on the grammar only, so the parser
   *   used at run time skips them and `test/parser/grammar-validation.test.ts` runs them.
   * @param recovery recover from syntax errors (the compiler's parser); without it the first
   *   error ends the parse, which tells where a text stops being a prefix of a valid program.
   * @throws Error listing the grammar's definition errors when `validate` is set and any is found
   */
  constructor({ validate = false, recovery = true }: { validate?: boolean; recovery?: boolean } = {}) {
    super(T.ALL_TOKENS, { recoveryEnabled: recovery, errorMessageProvider: messageProvider, maxLookahead: 3, skipValidations: !validate });
    // Record where each rule starts, and the active rules of each error, so that recovery can
    // skip exactly the step or declaration that holds a mistake (see parse.ts).
    const internals = this as unknown as ParserInternals;
    const enter = internals.ruleInvocationStateUpdate;
    const leave = internals.ruleFinallyStateUpdate;
    const save = internals.SAVE_ERROR;
    internals.ruleInvocationStateUpdate = function (this: GbgParser & ParserInternals, ...args: unknown[]) {
      this.ruleStarts.push(this.currIdx + 1);
      enter.apply(this, args);
    };
    internals.ruleFinallyStateUpdate = function (this: GbgParser & ParserInternals) {
      this.ruleStarts.pop();
      leave.apply(this);
    };
    internals.SAVE_ERROR = function (this: GbgParser & ParserInternals, e: unknown) {
      const names = this.getHumanReadableRuleStack();
      this.errorFrames.push(names.map((rule, i) => ({ rule, start: this.ruleStarts[i] ?? 0 })));
      this.errorExpected.push(takeExpected());
      return save.call(this, e);
    };
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
      { ALT: () => this.SUBRULE(this.variable) },
      { ALT: () => this.SUBRULE(this.position) },
      { ALT: () => this.SUBRULE(this.phase) },
      { ALT: () => this.SUBRULE(this.subphase) },
      { ALT: () => this.SUBRULE(this.showdown) },
      { ALT: () => this.SUBRULE(this.generated) },
      { ALT: () => this.SUBRULE(this.button) },
      { ALT: () => this.SUBRULE(this.oddChip) },
      { ALT: () => this.SUBRULE(this.chat) },
      { ALT: () => this.SUBRULE(this.house) },
      { ALT: () => this.SUBRULE(this.shoe) },
      { ALT: () => this.SUBRULE(this.unknownDeclaration) },
    ]);
  });

  /** Recovery: an unknown word where a declaration should start, and the rest of that item (words and `{ … }` blocks). */
  unknownDeclaration = this.RULE('unknownDeclaration', () => {
    const word = this.CONSUME(T.Identifier);
    this.ACTION(() => this.unknownWords.push({ token: word, where: 'declaration' }));
    this.MANY(() => this.OR([{ ALT: () => this.CONSUME(T.DeclNoise) }, { ALT: () => this.SUBRULE(this.skippedBlock) }]));
  });

  /** Recovery: an unknown word where a step should start, and the rest of that item (words and `{ … }` blocks, so `else { … }` too). */
  unknownStep = this.RULE('unknownStep', () => {
    const word = this.CONSUME(T.Identifier);
    this.ACTION(() => this.unknownWords.push({ token: word, where: 'step' }));
    this.MANY(() => this.OR([{ ALT: () => this.CONSUME(T.StepNoise) }, { ALT: () => this.SUBRULE(this.skippedBlock) }]));
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

  /** button := 'button' (the table has a button; blinds and first seats may be placed relative to it) */
  button = this.RULE('button', () => {
    this.CONSUME(T.Button);
  });

  /** oddChip := 'odd' 'chip' 'left' 'of' 'button' (the odd chip of a split pot goes to the first tied seat left of the button) */
  oddChip = this.RULE('oddChip', () => {
    this.CONSUME(T.Odd);
    this.CONSUME(T.Chip);
    this.CONSUME(T.Left);
    this.CONSUME(T.Of);
    this.CONSUME(T.Button);
  });

  /**
   * chat := 'chat' STRING ('from' IDENT)? | 'chat' chatLimit (',' chatLimit)*
   * (table chat: a scripted table message, or a scripted seat's message, or the limits of the seats' messages)
   */
  chat = this.RULE('chat', () => {
    this.CONSUME(T.Chat);
    this.OR([
      {
        ALT: () => {
          this.CONSUME(T.StringLiteral);
          this.OPTION(() => {
            this.CONSUME(T.From);
            this.CONSUME(T.Identifier);
          });
        },
      },
      { ALT: () => this.AT_LEAST_ONE_SEP({ SEP: T.Comma, DEF: () => this.SUBRULE(this.chatLimit) }) },
    ]);
  });

  /** chatLimit := INT 'per' ('phase' | 'hand') | 'max' INT */
  chatLimit = this.RULE('chatLimit', () => {
    this.OR([
      {
        ALT: () => {
          this.CONSUME(T.Integer);
          this.CONSUME(T.Per);
          this.OR2([{ ALT: () => this.CONSUME(T.Phase) }, { ALT: () => this.CONSUME(T.Hand) }]);
        },
      },
      {
        ALT: () => {
          this.CONSUME(T.Max);
          this.CONSUME2(T.Integer);
        },
      },
    ]);
  });

  /** house := 'house' NAME ('bank' ('unlimited' | INT))? (a seat played by the rules' steps; its chips: unlimited by default, or a declared bank) */
  house = this.RULE('house', () => {
    this.CONSUME(T.House);
    this.CONSUME(T.Identifier);
    this.OPTION(() => {
      this.CONSUME(T.Bank);
      this.OR([{ ALT: () => this.CONSUME(T.Unlimited) }, { ALT: () => this.CONSUME(T.Integer) }]);
    });
  });

  /** shoe := 'shoe' 'cut' INT (the deck is a shoe carried from hand to hand of a match; a new one is shuffled when fewer than INT cards remain) */
  shoe = this.RULE('shoe', () => {
    this.CONSUME(T.Shoe);
    this.CONSUME(T.Cut);
    this.CONSUME(T.Integer);
  });

  /** tablePosition := 'button' | 'small-blind' | 'big-blind' */
  tablePosition = this.RULE('tablePosition', () => {
    this.OR([{ ALT: () => this.CONSUME(T.Button) }, { ALT: () => this.CONSUME(T.SmallBlind) }, { ALT: () => this.CONSUME(T.BigBlind) }]);
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
      this.OR([{ ALT: () => this.SUBRULE(this.ranks) }, { ALT: () => this.SUBRULE(this.suits) }, { ALT: () => this.SUBRULE(this.copies) }]);
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

  /** variable := 'var' NAME '=' '-'? INT */
  variable = this.RULE('variable', () => {
    this.CONSUME(T.Var);
    this.CONSUME(T.Identifier);
    this.CONSUME(T.Equals);
    this.OPTION(() => this.CONSUME(T.Minus));
    this.CONSUME(T.Integer);
  });

  /** position := 'position' NAME ('public' | 'hidden') */
  position = this.RULE('position', () => {
    this.CONSUME(T.Position);
    this.CONSUME(T.Identifier);
    this.OR([{ ALT: () => this.CONSUME(T.Public) }, { ALT: () => this.CONSUME(T.Hidden) }]);
  });

  /** subphase := 'subphase' NAME stepBlock */
  subphase = this.RULE('subphase', () => {
    this.CONSUME(T.Subphase);
    this.CONSUME(T.Identifier);
    this.SUBRULE(this.stepBlock);
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
      { ALT: () => this.SUBRULE(this.blindsStep) },
      { ALT: () => this.SUBRULE(this.bettingStep) },
      { ALT: () => this.SUBRULE(this.callStep) },
      { ALT: () => this.SUBRULE(this.ifStep) },
      { ALT: () => this.SUBRULE(this.eventsStep) },
      { ALT: () => this.SUBRULE(this.repeatStep) },
      { ALT: () => this.SUBRULE(this.endStep) },
      { ALT: () => this.SUBRULE(this.choiceStep) },
      { ALT: () => this.SUBRULE(this.wagerStep) },
      { ALT: () => this.SUBRULE(this.matchStep) },
      { ALT: () => this.SUBRULE(this.simultaneousStep) },
      { ALT: () => this.SUBRULE(this.auctionStep) },
      { ALT: () => this.SUBRULE(this.peekStep) },
      { ALT: () => this.SUBRULE(this.revealStep) },
      { ALT: () => this.SUBRULE(this.swapStep) },
      { ALT: () => this.SUBRULE(this.stealStep) },
      { ALT: () => this.SUBRULE(this.discardStep) },
      { ALT: () => this.SUBRULE(this.payStep) },
      { ALT: () => this.SUBRULE(this.sidebetStep) },
      { ALT: () => this.SUBRULE(this.scoreStep) },
      { ALT: () => this.SUBRULE(this.assignStep) },
      { ALT: () => this.SUBRULE(this.setStep) },
      { ALT: () => this.SUBRULE(this.unknownStep) },
    ]);
  });

  /** shuffleStep := 'shuffle' pileRef */
  shuffleStep = this.RULE('shuffleStep', () => {
    this.CONSUME(T.Shuffle);
    this.SUBRULE(this.pileRef);
  });

  /** dealStep := 'deal' INT ('from' pileRef)? 'to' ('each' | 'winner' | pileRef) ('face' ('up' | 'down'))? */
  dealStep = this.RULE('dealStep', () => {
    this.CONSUME(T.Deal);
    this.CONSUME(T.Integer);
    this.OPTION(() => {
      this.CONSUME(T.From);
      this.SUBRULE(this.pileRef, { LABEL: 'source' });
    });
    this.CONSUME(T.To);
    this.OR([{ ALT: () => this.CONSUME(T.Each) }, { ALT: () => this.CONSUME(T.Winner) }, { ALT: () => this.SUBRULE2(this.pileRef, { LABEL: 'target' }) }]);
    this.OPTION2(() => this.SUBRULE(this.face));
  });

  /** face := 'face' ('up' | 'down') */
  face = this.RULE('face', () => {
    this.CONSUME(T.Face);
    this.OR([{ ALT: () => this.CONSUME(T.Up) }, { ALT: () => this.CONSUME(T.Down) }]);
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

  /**
   * blindsStep := 'blinds' NAME INT ',' NAME INT | 'blinds' INT ',' INT (the small blind, then the
   * big blind; without seat names they are placed relative to the button)
   */
  blindsStep = this.RULE('blindsStep', () => {
    this.CONSUME(T.Blinds);
    this.OR([
      {
        ALT: () => {
          this.CONSUME(T.Identifier);
          this.CONSUME(T.Integer);
          this.CONSUME(T.Comma);
          this.CONSUME2(T.Identifier);
          this.CONSUME2(T.Integer);
        },
      },
      {
        ALT: () => {
          this.CONSUME3(T.Integer);
          this.CONSUME2(T.Comma);
          this.CONSUME4(T.Integer);
        },
      },
    ]);
  });

  /** bettingStep := 'betting' ('fixed' | 'variable') '{' (bettingItem ';'?)* '}' */
  bettingStep = this.RULE('bettingStep', () => {
    this.CONSUME(T.Betting);
    this.OR([{ ALT: () => this.CONSUME(T.Fixed) }, { ALT: () => this.CONSUME(T.Variable) }]);
    this.CONSUME(T.LCurly);
    this.MANY(() => {
      this.SUBRULE(this.bettingItem);
      this.OPTION(() => this.CONSUME(T.Semicolon));
    });
    this.CONSUME(T.RCurly);
  });

  /** bettingItem := 'bet' intExpr | 'raises' ('at' 'most' INT | 'no-limit' | 'pot-limit') | 'first' (NAME | 'left' 'of' tablePosition) | 'max' (INT | 'stack') | 'fallback' 'bet' INT */
  bettingItem = this.RULE('bettingItem', () => {
    this.OR([
      {
        ALT: () => {
          this.CONSUME(T.Bet);
          this.SUBRULE(this.intExpr);
        },
      },
      {
        ALT: () => {
          this.CONSUME(T.Raises);
          this.OR3([
            {
              ALT: () => {
                this.CONSUME(T.At);
                this.CONSUME(T.Most);
                this.CONSUME2(T.Integer);
              },
            },
            { ALT: () => this.CONSUME(T.NoLimit) },
            { ALT: () => this.CONSUME(T.PotLimit) },
          ]);
        },
      },
      {
        ALT: () => {
          this.CONSUME(T.First);
          this.OR4([
            { ALT: () => this.CONSUME(T.Identifier) },
            {
              ALT: () => {
                this.CONSUME(T.Left);
                this.CONSUME(T.Of);
                this.SUBRULE(this.tablePosition);
              },
            },
          ]);
        },
      },
      {
        ALT: () => {
          this.CONSUME(T.Max);
          this.OR2([{ ALT: () => this.CONSUME3(T.Integer) }, { ALT: () => this.CONSUME(T.Stack) }]);
        },
      },
      {
        ALT: () => {
          this.CONSUME(T.Fallback);
          this.CONSUME2(T.Bet);
          this.CONSUME4(T.Integer);
        },
      },
    ]);
  });

  /** callStep := 'call' NAME */
  callStep = this.RULE('callStep', () => {
    this.CONSUME(T.Call);
    this.CONSUME(T.Identifier);
  });

  /** ifStep := 'if' condBranch ('else' 'if' condBranch)* ('else' stepBlock)? */
  ifStep = this.RULE('ifStep', () => {
    this.CONSUME(T.If);
    this.SUBRULE(this.condBranch);
    this.MANY(() => {
      this.CONSUME(T.Else);
      this.OR([
        {
          ALT: () => {
            this.CONSUME2(T.If);
            this.SUBRULE2(this.condBranch);
          },
        },
        { ALT: () => this.SUBRULE(this.stepBlock) },
      ]);
    });
  });

  /** condBranch := cond ('public' | 'private') stepBlock */
  condBranch = this.RULE('condBranch', () => {
    this.SUBRULE(this.cond);
    this.OR([{ ALT: () => this.CONSUME(T.Public) }, { ALT: () => this.CONSUME(T.Private) }]);
    this.SUBRULE(this.stepBlock);
  });

  /** eventsStep := 'events' '{' ('when' condBranch)+ '}' */
  eventsStep = this.RULE('eventsStep', () => {
    this.CONSUME(T.Events);
    this.CONSUME(T.LCurly);
    this.AT_LEAST_ONE(() => {
      this.CONSUME(T.When);
      this.SUBRULE(this.condBranch);
      this.OPTION(() => this.CONSUME(T.Semicolon));
    });
    this.CONSUME(T.RCurly);
  });

  /** repeatStep := 'repeat' 'up' 'to' INT 'rounds' 'as' NAME ('until' cond)? stepBlock */
  repeatStep = this.RULE('repeatStep', () => {
    this.CONSUME(T.Repeat);
    this.CONSUME(T.Up);
    this.CONSUME(T.To);
    this.CONSUME(T.Integer);
    this.CONSUME(T.Rounds);
    this.CONSUME(T.As);
    this.CONSUME(T.Identifier);
    this.OPTION(() => {
      this.CONSUME(T.Until);
      this.SUBRULE(this.cond);
    });
    this.SUBRULE(this.stepBlock);
  });

  /** endStep := 'end' ('winner' NAME)? STRING */
  endStep = this.RULE('endStep', () => {
    this.CONSUME(T.End);
    this.OPTION(() => {
      this.CONSUME(T.Winner);
      this.CONSUME(T.Identifier);
    });
    this.CONSUME(T.StringLiteral);
  });

  /** choiceStep := 'choice' NAME ('public' | 'private') '{' choiceOption+ '}' */
  choiceStep = this.RULE('choiceStep', () => {
    this.CONSUME(T.Choice);
    this.CONSUME(T.Identifier);
    this.OR([{ ALT: () => this.CONSUME(T.Public) }, { ALT: () => this.CONSUME(T.Private) }]);
    this.CONSUME(T.LCurly);
    this.AT_LEAST_ONE(() => {
      this.SUBRULE(this.choiceOption);
      this.OPTION(() => this.CONSUME(T.Semicolon));
    });
    this.CONSUME(T.RCurly);
  });

  /** choiceOption := 'option' WORD ('cost' intExpr ('at' INT '%')?)? stepBlock   (WORD: a name or a keyword; `cost 2 * round`: worked out when the choice is offered) */
  choiceOption = this.RULE('choiceOption', () => {
    this.CONSUME(T.OptionKw);
    this.CONSUME(T.Word);
    this.OPTION(() => {
      this.CONSUME(T.Cost);
      this.SUBRULE(this.intExpr, { LABEL: 'cost' });
      this.OPTION2(() => {
        this.CONSUME(T.At);
        this.CONSUME(T.Integer);
        this.CONSUME(T.Percent);
      });
    });
    this.SUBRULE(this.stepBlock);
  });

  /** wagerStep := 'wager' NAME INT '..' (intExpr | 'stack')   (`wager Alice 1..2 * round`: the largest wager is worked out when the step runs) */
  wagerStep = this.RULE('wagerStep', () => {
    this.CONSUME(T.Wager);
    this.CONSUME(T.Identifier);
    this.CONSUME(T.Integer);
    this.CONSUME(T.DotDot);
    this.OR([
      { GATE: () => this.LA(1).tokenType !== T.Stack || this.LA(2).tokenType === T.LParen, ALT: () => this.SUBRULE(this.intExpr, { LABEL: 'max' }) },
      { ALT: () => this.CONSUME(T.Stack) },
    ]);
  });

  /** matchStep := 'match' NAME */
  matchStep = this.RULE('matchStep', () => {
    this.CONSUME(T.Match);
    this.CONSUME(T.Identifier);
  });

  /** simultaneousStep := 'simultaneous' '{' 'options' NAME (',' NAME)+ outcome* ('otherwise' stepBlock)? '}' */
  simultaneousStep = this.RULE('simultaneousStep', () => {
    this.CONSUME(T.Simultaneous);
    this.CONSUME(T.LCurly);
    this.CONSUME(T.Options);
    this.AT_LEAST_ONE_SEP({ SEP: T.Comma, DEF: () => this.CONSUME(T.Word) });
    this.OPTION(() => this.CONSUME(T.Semicolon));
    this.MANY(() => {
      this.SUBRULE(this.outcome);
      this.OPTION2(() => this.CONSUME2(T.Semicolon));
    });
    this.OPTION3(() => {
      this.CONSUME(T.Otherwise);
      this.SUBRULE(this.stepBlock);
    });
    this.CONSUME(T.RCurly);
  });

  /** outcome := 'outcome' WORD '/' WORD stepBlock */
  outcome = this.RULE('outcome', () => {
    this.CONSUME(T.Outcome);
    this.CONSUME(T.Word);
    this.CONSUME(T.Slash);
    this.CONSUME2(T.Word);
    this.SUBRULE(this.stepBlock);
  });

  /** auctionStep := 'auction' 'sealed' '{' 'bids' INT '..' INT ';'? 'tie' 'coinflip' ';'? 'winner' 'pays' ('pot' | 'opponent') ';'? 'prize' stepBlock '}' */
  auctionStep = this.RULE('auctionStep', () => {
    this.CONSUME(T.Auction);
    this.CONSUME(T.Sealed);
    this.CONSUME(T.LCurly);
    this.CONSUME(T.Bids);
    this.CONSUME(T.Integer);
    this.CONSUME(T.DotDot);
    this.CONSUME2(T.Integer);
    this.OPTION(() => this.CONSUME(T.Semicolon));
    this.CONSUME(T.Tie);
    this.CONSUME(T.Coinflip);
    this.OPTION2(() => this.CONSUME2(T.Semicolon));
    this.CONSUME(T.Winner);
    this.CONSUME(T.Pays);
    this.OR([{ ALT: () => this.CONSUME(T.Pot) }, { ALT: () => this.CONSUME(T.Opponent) }]);
    this.OPTION3(() => this.CONSUME3(T.Semicolon));
    this.CONSUME(T.Prize);
    this.SUBRULE(this.stepBlock);
    this.CONSUME(T.RCurly);
  });

  /** pick := 'random' | 'chosen' */
  pick = this.RULE('pick', () => {
    this.OR([{ ALT: () => this.CONSUME(T.Random) }, { ALT: () => this.CONSUME(T.Chosen) }]);
  });

  /** peekStep := 'peek' seatRef 'at' pick 'card' 'of' NAME ('private' | 'occurrence' 'public') */
  peekStep = this.RULE('peekStep', () => {
    this.CONSUME(T.Peek);
    this.SUBRULE(this.seatRef);
    this.CONSUME(T.At);
    this.SUBRULE(this.pick);
    this.CONSUME(T.Card);
    this.CONSUME(T.Of);
    this.CONSUME(T.Identifier);
    this.OR([
      { ALT: () => this.CONSUME(T.Private) },
      {
        ALT: () => {
          this.CONSUME(T.Occurrence);
          this.CONSUME(T.Public);
        },
      },
    ]);
  });

  /** revealStep := 'reveal' ('hand' | 'random' 'card') 'of' NAME */
  revealStep = this.RULE('revealStep', () => {
    this.CONSUME(T.Reveal);
    this.OR([
      { ALT: () => this.CONSUME(T.Hand) },
      {
        ALT: () => {
          this.CONSUME(T.Random);
          this.CONSUME(T.Card);
        },
      },
    ]);
    this.CONSUME(T.Of);
    this.CONSUME(T.Identifier);
  });

  /** swapStep := 'swap' 'random' 'card' 'between' NAME 'and' NAME ('public' | 'private') */
  swapStep = this.RULE('swapStep', () => {
    this.CONSUME(T.Swap);
    this.CONSUME(T.Random);
    this.CONSUME(T.Card);
    this.CONSUME(T.Between);
    this.CONSUME(T.Identifier);
    this.CONSUME(T.And);
    this.CONSUME2(T.Identifier);
    this.OR([{ ALT: () => this.CONSUME(T.Public) }, { ALT: () => this.CONSUME(T.Private) }]);
  });

  /** stealStep := 'steal' 'random' 'card' 'from' NAME 'to' seatRef ('public' | 'private') */
  stealStep = this.RULE('stealStep', () => {
    this.CONSUME(T.Steal);
    this.CONSUME(T.Random);
    this.CONSUME(T.Card);
    this.CONSUME(T.From);
    this.CONSUME(T.Identifier);
    this.CONSUME(T.To);
    this.SUBRULE(this.seatRef);
    this.OR([{ ALT: () => this.CONSUME(T.Public) }, { ALT: () => this.CONSUME(T.Private) }]);
  });

  /** discardStep := 'discard' INT pick 'from' NAME ('to' pileRef)? face? */
  discardStep = this.RULE('discardStep', () => {
    this.CONSUME(T.Discard);
    this.CONSUME(T.Integer);
    this.SUBRULE(this.pick);
    this.CONSUME(T.From);
    this.CONSUME(T.Identifier);
    this.OPTION(() => {
      this.CONSUME(T.To);
      this.SUBRULE(this.pileRef);
    });
    this.OPTION2(() => this.SUBRULE(this.face));
  });

  /** payStep := 'pay' (intExpr | 'all') 'from' party 'to' party */
  payStep = this.RULE('payStep', () => {
    this.CONSUME(T.Pay);
    this.OR([{ ALT: () => this.SUBRULE(this.intExpr) }, { ALT: () => this.CONSUME(T.All) }]);
    this.CONSUME(T.From);
    this.SUBRULE(this.party, { LABEL: 'payer' });
    this.CONSUME(T.To);
    this.SUBRULE2(this.party, { LABEL: 'payee' });
  });

  /** party := NAME | 'winner' | 'pot' */
  party = this.RULE('party', () => {
    this.OR([{ ALT: () => this.CONSUME(T.Identifier) }, { ALT: () => this.CONSUME(T.Winner) }, { ALT: () => this.CONSUME(T.Pot) }]);
  });

  /** sidebetStep := 'sidebet' NAME INT 'on' cond */
  sidebetStep = this.RULE('sidebetStep', () => {
    this.CONSUME(T.Sidebet);
    this.CONSUME(T.Identifier);
    this.CONSUME(T.Integer);
    this.CONSUME(T.On);
    this.SUBRULE(this.cond);
  });

  /** scoreStep := 'score' NAME ('+' | '-') INT */
  scoreStep = this.RULE('scoreStep', () => {
    this.CONSUME(T.Score);
    this.CONSUME(T.Identifier);
    this.OR([{ ALT: () => this.CONSUME(T.Plus) }, { ALT: () => this.CONSUME(T.Minus) }]);
    this.CONSUME(T.Integer);
  });

  /** assignStep := 'assign' NAME 'to' ('highest-card' | 'lowest-card' | 'chip-leader' | NAME) */
  assignStep = this.RULE('assignStep', () => {
    this.CONSUME(T.Assign);
    this.CONSUME(T.Identifier);
    this.CONSUME(T.To);
    this.OR([
      { ALT: () => this.CONSUME(T.HighestCard) },
      { ALT: () => this.CONSUME(T.LowestCard) },
      { ALT: () => this.CONSUME(T.ChipLeader) },
      { ALT: () => this.CONSUME2(T.Identifier) },
    ]);
  });

  /** setStep := 'set' NAME '=' intExpr */
  setStep = this.RULE('setStep', () => {
    this.CONSUME(T.SetKw);
    this.CONSUME(T.Identifier);
    this.CONSUME(T.Equals);
    this.SUBRULE(this.intExpr);
  });

  /** seatRef := NAME | 'winner' | 'any' | 'each' */
  seatRef = this.RULE('seatRef', () => {
    this.OR([
      { ALT: () => this.CONSUME(T.Identifier) },
      { ALT: () => this.CONSUME(T.Winner) },
      { ALT: () => this.CONSUME(T.Any) },
      { ALT: () => this.CONSUME(T.Each) },
    ]);
  });

  /** cond := andCond ('or' andCond)* */
  cond = this.RULE('cond', () => {
    this.SUBRULE(this.andCond);
    this.MANY(() => {
      this.CONSUME(T.Or);
      this.SUBRULE2(this.andCond);
    });
  });

  /** andCond := notCond ('and' notCond)* */
  andCond = this.RULE('andCond', () => {
    this.SUBRULE(this.notCond);
    this.MANY(() => {
      this.CONSUME(T.And);
      this.SUBRULE2(this.notCond);
    });
  });

  /** notCond := 'not' notCond | atomCond */
  notCond = this.RULE('notCond', () => {
    this.OR([
      {
        ALT: () => {
          this.CONSUME(T.Not);
          this.SUBRULE(this.notCond);
        },
      },
      { ALT: () => this.SUBRULE(this.atomCond) },
    ]);
  });

  /**
   * atomCond := 'true' | 'false' | '(' cond ')' | 'hand' '(' seatRef ')' 'has' ('pair' | ('any' 'of')? rankRef (',' rankRef)*)
   *           | seatRef 'holds' NAME | NAME 'has' ('any' 'of')? rankRef (',' rankRef)* | intExpr compareOp intExpr
   * (`NAME has …`: a rank in a public pile; `highest(NAME)`/`lowest(NAME)` of a pile parse as seat functions and are told apart by the compiler)
   */
  atomCond = this.RULE('atomCond', () => {
    this.OR([
      { ALT: () => this.CONSUME(T.True) },
      { ALT: () => this.CONSUME(T.False) },
      {
        ALT: () => {
          this.CONSUME(T.LParen);
          this.SUBRULE(this.cond);
          this.CONSUME(T.RParen);
        },
      },
      {
        ALT: () => {
          this.CONSUME(T.Hand);
          this.CONSUME2(T.LParen);
          this.SUBRULE(this.seatRef);
          this.CONSUME2(T.RParen);
          this.CONSUME(T.Has);
          this.OR2([
            { ALT: () => this.CONSUME(T.Pair) },
            {
              ALT: () => {
                this.OPTION(() => {
                  this.CONSUME(T.Any);
                  this.CONSUME(T.Of);
                });
                this.AT_LEAST_ONE_SEP({ SEP: T.Comma, DEF: () => this.SUBRULE(this.rankRef) });
              },
            },
          ]);
        },
      },
      {
        GATE: () => this.LA(2).tokenType === T.Holds,
        ALT: () => {
          this.SUBRULE2(this.seatRef);
          this.CONSUME(T.Holds);
          this.CONSUME(T.Identifier);
        },
      },
      {
        GATE: () => this.LA(1).tokenType === T.Identifier && this.LA(2).tokenType === T.Has,
        ALT: () => {
          this.CONSUME2(T.Identifier, { LABEL: 'pile' });
          this.CONSUME2(T.Has);
          this.OPTION2(() => {
            this.CONSUME2(T.Any);
            this.CONSUME2(T.Of);
          });
          this.AT_LEAST_ONE_SEP2({ SEP: T.Comma, DEF: () => this.SUBRULE2(this.rankRef) });
        },
      },
      {
        ALT: () => {
          this.SUBRULE(this.intExpr, { LABEL: 'left' });
          this.SUBRULE(this.compareOp);
          this.SUBRULE2(this.intExpr, { LABEL: 'right' });
        },
      },
    ]);
  });

  /** rankRef := NAME | INT | 'top' */
  rankRef = this.RULE('rankRef', () => {
    this.OR([{ ALT: () => this.CONSUME(T.Identifier) }, { ALT: () => this.CONSUME(T.Integer) }, { ALT: () => this.CONSUME(T.Top) }]);
  });

  /** compareOp := '<' | '<=' | '>' | '>=' | '==' | '!=' */
  compareOp = this.RULE('compareOp', () => {
    this.OR([
      { ALT: () => this.CONSUME(T.Lt) },
      { ALT: () => this.CONSUME(T.Le) },
      { ALT: () => this.CONSUME(T.Gt) },
      { ALT: () => this.CONSUME(T.Ge) },
      { ALT: () => this.CONSUME(T.EqEq) },
      { ALT: () => this.CONSUME(T.NotEq) },
    ]);
  });

  /** intExpr := intAtom (('+' | '-' | '*') intAtom)*   (`*` binds tighter than `+` and `-`; the AST builder applies the precedence) */
  intExpr = this.RULE('intExpr', () => {
    this.SUBRULE(this.intAtom);
    this.MANY(() => {
      this.OR([{ ALT: () => this.CONSUME(T.Plus) }, { ALT: () => this.CONSUME(T.Minus) }, { ALT: () => this.CONSUME(T.Star) }]);
      this.SUBRULE2(this.intAtom);
    });
  });

  /**
   * intAtom := INT | NAME | 'pot' | ('stack' | 'handsize' | 'highest' | 'lowest' | 'total' | 'score') '(' seatRef ')'
   *          | 'size' '(' pileRef ')'
   */
  intAtom = this.RULE('intAtom', () => {
    this.OR([
      { ALT: () => this.CONSUME(T.Integer) },
      { ALT: () => this.CONSUME(T.Identifier) },
      { ALT: () => this.CONSUME(T.Pot) },
      {
        ALT: () => {
          this.OR2([
            { ALT: () => this.CONSUME(T.Stack) },
            { ALT: () => this.CONSUME(T.HandSize) },
            { ALT: () => this.CONSUME(T.Highest) },
            { ALT: () => this.CONSUME(T.Lowest) },
            { ALT: () => this.CONSUME(T.Total) },
            { ALT: () => this.CONSUME(T.Score) },
          ]);
          this.CONSUME(T.LParen);
          this.SUBRULE(this.seatRef);
          this.CONSUME(T.RParen);
        },
      },
      {
        ALT: () => {
          this.CONSUME(T.Size);
          this.CONSUME2(T.LParen);
          this.SUBRULE(this.pileRef);
          this.CONSUME2(T.RParen);
        },
      },
    ]);
  });

  /**
   * showdown := 'showdown' ('high-card' | 'pair-with-board' ('using' NAME)?
   *   | 'poker-hand' ('using' NAME)? ('flush-beats-full-house' | 'no-suits')* | 'sum-of-ranks' ('{' scoringRule* '}')?)
   */
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
      {
        ALT: () => {
          this.CONSUME(T.PokerHand);
          this.OPTION4(() => {
            this.CONSUME2(T.Using);
            this.CONSUME2(T.Identifier);
          });
          this.MANY2(() => this.OR2([{ ALT: () => this.CONSUME(T.FlushBeatsFullHouse) }, { ALT: () => this.CONSUME(T.NoSuits) }]));
        },
      },
      {
        ALT: () => {
          this.CONSUME(T.SumOfRanks);
          this.OPTION2(() => {
            this.CONSUME(T.LCurly);
            this.MANY(() => {
              this.SUBRULE(this.scoringRule);
              this.OPTION3(() => this.CONSUME(T.Semicolon));
            });
            this.CONSUME(T.RCurly);
          });
        },
      },
    ]);
  });

  /** scoringRule := ('bonus' | 'penalty') INT ('for' 'pair' 'of' | 'per') rankRef */
  scoringRule = this.RULE('scoringRule', () => {
    this.OR([{ ALT: () => this.CONSUME(T.Bonus) }, { ALT: () => this.CONSUME(T.Penalty) }]);
    this.CONSUME(T.Integer);
    this.OR2([
      {
        ALT: () => {
          this.CONSUME(T.For);
          this.CONSUME(T.Pair);
          this.CONSUME(T.Of);
        },
      },
      { ALT: () => this.CONSUME(T.Per) },
    ]);
    this.SUBRULE(this.rankRef);
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

let strict: GbgParser | undefined;
/** A parser without error recovery: it stops at the first syntax error. */
export function strictParserInstance(): GbgParser {
  strict ??= new GbgParser({ recovery: false });
  return strict;
}

export type { CstNode };
