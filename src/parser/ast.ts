/**
 * The `.gbg` abstract syntax tree: what the author wrote, with source positions, before names
 * are resolved. Comments are kept beside the tree (see {@link GameFile.comments}) for the
 * formatter. Every node has a `kind` and a `span`; {@link AstKind} lists the kinds so that
 * consumers (the printer) can be forced by a mapped type to handle every one.
 */

/** A source range. Offsets are 0-based UTF-16 indices; lines and columns are 1-based. */
export interface Span {
  start: number;
  /** Exclusive end offset. */
  end: number;
  line: number;
  column: number;
}

export interface Ident {
  kind: 'Ident';
  name: string;
  span: Span;
}

export interface NumberLit {
  kind: 'Number';
  value: number;
  /** The digits as written (for decimals, e.g. `0.70`). */
  text: string;
  span: Span;
}

export interface StringLit {
  kind: 'String';
  /** The unescaped value. */
  value: string;
  span: Span;
}

/** `button`: the table has a button, which the blinds and first seats may be placed relative to. */
export interface ButtonDecl {
  kind: 'Button';
  span: Span;
}

/** `odd chip left of button`: the odd chip of a split pot goes to the first tied seat left of the button. */
export interface OddChipDecl {
  kind: 'OddChip';
  span: Span;
}

/**
 * `chat 1 per phase, 4 per hand, max 240`: the limits of table chat (messages per seat per phase and
 * per hand, characters per message); `chat "text"`: a scripted table message, delivered to every
 * seat when a hand starts; `chat "text" from Name`: a message of the scripted seat Name (a speaker
 * at the table that is not one of the game's seats), delivered at its turn in the hand's chat order.
 */
export interface ChatDecl {
  kind: 'Chat';
  /** The scripted message, or null for a declaration of limits. */
  message: StringLit | null;
  /** The scripted seat that says it (`from Name`), or null for a table message. */
  from?: Ident | null;
  limits: ChatLimit[];
  span: Span;
}

/** One limit of a `chat` declaration. */
export interface ChatLimit {
  kind: 'ChatLimit';
  what: 'per-phase' | 'per-hand' | 'max-chars';
  value: NumberLit;
  span: Span;
}

/** `house Dealer` / `house Dealer bank 5000`: a seat played by the rules' steps, with unlimited chips (default) or a bank. */
export interface HouseDecl {
  kind: 'House';
  seat: Ident;
  /** null: unlimited. */
  bank: NumberLit | null;
  span: Span;
}

/** `shoe cut 78`: the deck is a shoe carried from hand to hand of a match, renewed when fewer than `cut` cards remain. */
export interface ShoeDecl {
  kind: 'Shoe';
  cut: NumberLit;
  span: Span;
}

/** `players Alice, Bob` */
export interface PlayersDecl {
  kind: 'Players';
  seats: Ident[];
  span: Span;
}

/** `stack 10 each` or `stack Alice 10, Bob 12` */
export interface StackDecl {
  kind: 'Stack';
  each: NumberLit | null;
  perSeat: StackEntry[];
  span: Span;
}

export interface StackEntry {
  kind: 'StackEntry';
  seat: Ident;
  amount: NumberLit;
  span: Span;
}

/** `deck { ranks J = 11, Q = 12; suits hearts; copies 1 }` */
export interface DeckDecl {
  kind: 'Deck';
  items: DeckItem[];
  span: Span;
}

export type DeckItem = RanksItem | SuitsItem | CopiesItem;

export interface RanksItem {
  kind: 'Ranks';
  ranks: RankEntry[];
  span: Span;
}

/** `K = 13`; the name may be written as digits (`10 = 10`); the value may be negative. */
export interface RankEntry {
  kind: 'RankEntry';
  name: Ident;
  value: NumberLit;
  span: Span;
}

export interface SuitsItem {
  kind: 'Suits';
  suits: Ident[];
  span: Span;
}

export interface CopiesItem {
  kind: 'Copies';
  count: NumberLit;
  span: Span;
}

/** `pile board public` */
export interface PileDecl {
  kind: 'Pile';
  name: Ident;
  visibility: 'public' | 'hidden';
  span: Span;
}

/** `phase Name { steps }` */
export interface PhaseDecl {
  kind: 'Phase';
  name: Ident;
  steps: StepNode[];
  span: Span;
}

/**
 * `showdown high-card`, `showdown pair-with-board using board`, `showdown sum-of-ranks { … }`,
 * `showdown poker-hand using board flush-beats-full-house`
 */
export interface ShowdownDecl {
  kind: 'Showdown';
  metric: 'high-card' | 'pair-with-board' | 'sum-of-ranks' | 'poker-hand';
  using: Ident | null;
  /** Options of `poker-hand`, in source order (empty otherwise). */
  options: ('flush-beats-full-house' | 'no-suits')[];
  /** Scoring rules of `sum-of-ranks` (empty otherwise). */
  rules: ScoringRuleNode[];
  span: Span;
}

/** `bonus 3 for pair of J`, `penalty 3 per K`, `bonus 1 per A` */
export interface ScoringRuleNode {
  kind: 'ScoringRule';
  sign: 'bonus' | 'penalty';
  points: NumberLit;
  per: 'pair' | 'each';
  rank: Ident;
  span: Span;
}

/** `generated { generator "gbgc-sampler" builder "1" seed 42 complexity 0.7 }` */
export interface GeneratedDecl {
  kind: 'Generated';
  generator: StringLit;
  builder: StringLit;
  seed: NumberLit;
  complexity: NumberLit;
  span: Span;
}

/** `var betRound = 0` */
export interface VarDecl {
  kind: 'Var';
  name: Ident;
  initial: NumberLit;
  span: Span;
}

/** `position Leader hidden` */
export interface PositionDecl {
  kind: 'Position';
  name: Ident;
  visibility: 'public' | 'hidden';
  span: Span;
}

/** `subphase Name { steps }`: a step list that `call Name` runs. */
export interface SubphaseDecl {
  kind: 'Subphase';
  name: Ident;
  steps: StepNode[];
  span: Span;
}

export type Decl =
  | PlayersDecl
  | ButtonDecl
  | OddChipDecl
  | ChatDecl
  | HouseDecl
  | ShoeDecl
  | StackDecl
  | DeckDecl
  | PileDecl
  | VarDecl
  | PositionDecl
  | PhaseDecl
  | SubphaseDecl
  | ShowdownDecl
  | GeneratedDecl;

/** A pile named in a step: `deck`, or a name (a seat's hand or a declared pile). */
export interface PileRefNode {
  kind: 'PileRef';
  /** `null` for the keyword `deck`. */
  name: Ident | null;
  span: Span;
}

/** `shuffle deck` */
export interface ShuffleStepNode {
  kind: 'ShuffleStep';
  pile: PileRefNode;
  span: Span;
}

/** `deal 1 [from deck] to each|PILE [face up|face down]` */
export interface DealStepNode {
  kind: 'DealStep';
  count: NumberLit;
  from: PileRefNode | null;
  /** `null` for `each` and `winner`. */
  to: PileRefNode | null;
  /** `to winner` (inside an auction's prize). */
  winner: boolean;
  face: 'up' | 'down' | null;
  span: Span;
}

/**
 * `blinds Alice 1, Bob 2`: Alice posts the small blind of 1, Bob the big blind of 2 (live bets);
 * `blinds 1, 2`: the seats left of the button post them (heads-up: the button posts the small blind).
 */
export interface BlindsStepNode {
  kind: 'BlindsStep';
  /** null: placed relative to the button. */
  small: Ident | null;
  smallAmount: NumberLit;
  /** null: placed relative to the button. */
  big: Ident | null;
  bigAmount: NumberLit;
  span: Span;
}

/** `ante 1 each` or `ante 2 from Alice` */
export interface AnteStepNode {
  kind: 'AnteStep';
  amount: NumberLit;
  /** `null` for `each`. */
  from: Ident | null;
  span: Span;
}

/** `betting fixed { bet 2; raises at most 2; first Alice }` or `betting variable { max stack; fallback bet 1; first Alice }` */
export interface BettingStepNode {
  kind: 'BettingStep';
  mode: 'fixed' | 'variable';
  items: BettingItem[];
  span: Span;
}

export type BettingItem = BetSizeItem | RaiseCapItem | RaiseRuleItem | FirstActorItem | MaxBetItem | FallbackItem;

/** `raises no-limit` or `raises pot-limit` (variable betting with raises) */
export interface RaiseRuleItem {
  kind: 'RaiseRule';
  rule: 'no-limit' | 'pot-limit';
  span: Span;
}

/** `max 5` or `max stack` (variable betting) */
export interface MaxBetItem {
  kind: 'MaxBet';
  /** `null` for `stack`. */
  amount: NumberLit | null;
  span: Span;
}

/** `fallback bet 1` (variable betting) */
export interface FallbackItem {
  kind: 'Fallback';
  amount: NumberLit;
  span: Span;
}

export interface BetSizeItem {
  kind: 'BetSize';
  /** A number, or in fixed betting an expression worked out when the round opens (`bet 2 * round`). */
  amount: IntExprNode;
  span: Span;
}

export interface RaiseCapItem {
  kind: 'RaiseCap';
  count: NumberLit;
  span: Span;
}

/** A place at the table, relative to which seats are found: the button, the small blind, the big blind. */
export type TablePosition = 'button' | 'small-blind' | 'big-blind';

/** `first Alice`, or `first left of big-blind` (the first seat still in the hand clockwise from a table position). */
export interface FirstActorItem {
  kind: 'FirstActor';
  /** The seat named, or null for `left of …`. */
  seat: Ident | null;
  /** The table position the first seat sits left of, or null for a named seat. */
  leftOf: TablePosition | null;
  span: Span;
}

/** A seat in a step or expression: a seat name, or `winner` / `any` / `each` where allowed. */
export interface SeatRefNode {
  kind: 'SeatRef';
  /** The seat name, or `null` for a keyword reference. */
  name: Ident | null;
  keyword: 'winner' | 'any' | 'each' | null;
  span: Span;
}

/** A chip payer or payee: a seat, `winner` or `pot`. */
export interface PartyNode {
  kind: 'Party';
  name: Ident | null;
  keyword: 'winner' | 'pot' | null;
  span: Span;
}

/** `call Name` */
export interface CallStepNode {
  kind: 'CallStep';
  phase: Ident;
  span: Span;
}

/** `if COND public { … } else if COND private { … } else { … }` */
export interface IfStepNode {
  kind: 'IfStep';
  branches: CondBranchNode[];
  /** `null` when there is no final `else`. */
  otherwise: StepNode[] | null;
  span: Span;
}

/** One guarded block: `COND public|private { steps }` (also each `when` of an `events` block). */
export interface CondBranchNode {
  kind: 'CondBranch';
  cond: CondNode;
  check: 'public' | 'private';
  steps: StepNode[];
  span: Span;
}

/** `events { when COND public { … } when COND private { … } }` */
export interface EventsStepNode {
  kind: 'EventsStep';
  items: CondBranchNode[];
  span: Span;
}

/** `repeat up to 2 rounds as betRound until COND { … }` */
export interface RepeatStepNode {
  kind: 'RepeatStep';
  max: NumberLit;
  counter: Ident;
  until: CondNode | null;
  steps: StepNode[];
  span: Span;
}

/** `end winner Alice "Bob folds"` or `end "a draw"` */
export interface EndStepNode {
  kind: 'EndStep';
  winner: Ident | null;
  reason: StringLit;
  span: Span;
}

/** `choice Alice public { option bet { … } option peek cost 1 at 50% { … } }` */
export interface ChoiceStepNode {
  kind: 'ChoiceStep';
  seat: Ident;
  announce: 'public' | 'private';
  options: ChoiceOptionNode[];
  span: Span;
}

export interface ChoiceOptionNode {
  kind: 'ChoiceOption';
  name: Ident;
  /** A number, or an expression worked out when the choice is offered (`cost 2 * round`); `null`: free. */
  cost: IntExprNode | null;
  /** Percent chance that the cost is due (`at 50%`), or `null` for certain. */
  chance: NumberLit | null;
  steps: StepNode[];
  span: Span;
}

/** `wager Alice 1..stack` */
export interface WagerStepNode {
  kind: 'WagerStep';
  seat: Ident;
  min: NumberLit;
  /** `null` for `stack`; a number, or an expression worked out when the step runs (`1..2 * round`). */
  max: IntExprNode | null;
  span: Span;
}

/** `match Bob` */
export interface MatchStepNode {
  kind: 'MatchStep';
  seat: Ident;
  span: Span;
}

/** `simultaneous { options Hold, Parry; outcome Hold/Parry { … } otherwise { … } }` */
export interface SimultaneousStepNode {
  kind: 'SimultaneousStep';
  options: Ident[];
  outcomes: OutcomeNode[];
  otherwise: StepNode[] | null;
  span: Span;
}

export interface OutcomeNode {
  kind: 'Outcome';
  first: Ident;
  second: Ident;
  steps: StepNode[];
  span: Span;
}

/** `auction sealed { bids 0..3; tie coinflip; winner pays pot; prize { … } }` */
export interface AuctionStepNode {
  kind: 'AuctionStep';
  min: NumberLit;
  max: NumberLit;
  payTo: 'pot' | 'opponent';
  prize: StepNode[];
  span: Span;
}

/** `peek Bob at random card of Alice occurrence public` / `… private` */
export interface PeekStepNode {
  kind: 'PeekStep';
  seat: SeatRefNode;
  pick: 'random' | 'chosen';
  target: Ident;
  visibility: 'private' | 'occurrence';
  span: Span;
}

/** `reveal hand of Alice` / `reveal random card of Alice` */
export interface RevealStepNode {
  kind: 'RevealStep';
  what: 'hand' | 'random';
  seat: Ident;
  span: Span;
}

/** `swap random card between Alice and Bob public` */
export interface SwapStepNode {
  kind: 'SwapStep';
  first: Ident;
  second: Ident;
  visibility: 'public' | 'private';
  span: Span;
}

/** `steal random card from Bob to Alice private` */
export interface StealStepNode {
  kind: 'StealStep';
  from: Ident;
  to: SeatRefNode;
  visibility: 'public' | 'private';
  span: Span;
}

/** `discard 1 chosen from Alice to discards face up` */
export interface DiscardStepNode {
  kind: 'DiscardStep';
  count: NumberLit;
  pick: 'random' | 'chosen';
  seat: Ident;
  to: PileRefNode | null;
  face: 'up' | 'down' | null;
  span: Span;
}

/** `pay 3 from Alice to Bob`, `pay all from pot to Alice` */
export interface PayStepNode {
  kind: 'PayStep';
  /** `null` for `all`; a number or an expression (`pay 2 * round from …`). */
  amount: IntExprNode | null;
  from: PartyNode;
  to: PartyNode;
  span: Span;
}

/** `sidebet Alice 2 on highest(Alice) > highest(Bob)` */
export interface SidebetStepNode {
  kind: 'SidebetStep';
  seat: Ident;
  amount: NumberLit;
  cond: CondNode;
  span: Span;
}

/** `score Alice -3` / `score Bob +2` */
export interface ScoreStepNode {
  kind: 'ScoreStep';
  seat: Ident;
  delta: NumberLit;
  span: Span;
}

/** `assign Leader to highest-card` / `… chip-leader` / `… lowest-card` / `… Alice` */
export interface AssignStepNode {
  kind: 'AssignStep';
  position: Ident;
  criterion: 'highest-card' | 'lowest-card' | 'chip-leader' | null;
  seat: Ident | null;
  span: Span;
}

/** `set x = EXPR` */
export interface SetStepNode {
  kind: 'SetStep';
  variable: Ident;
  value: IntExprNode;
  span: Span;
}

export type StepNode =
  | ShuffleStepNode
  | DealStepNode
  | AnteStepNode
  | BlindsStepNode
  | BettingStepNode
  | CallStepNode
  | IfStepNode
  | EventsStepNode
  | RepeatStepNode
  | EndStepNode
  | ChoiceStepNode
  | WagerStepNode
  | MatchStepNode
  | SimultaneousStepNode
  | AuctionStepNode
  | PeekStepNode
  | RevealStepNode
  | SwapStepNode
  | StealStepNode
  | DiscardStepNode
  | PayStepNode
  | SidebetStepNode
  | ScoreStepNode
  | AssignStepNode
  | SetStepNode;

/** Integer expressions. */
export type IntExprNode = NumberLit | VarRefNode | PotNode | SeatFnNode | SizeFnNode | BinaryNode;

/** A variable (or loop counter) by name. */
export interface VarRefNode {
  kind: 'VarRef';
  name: Ident;
  span: Span;
}

/** `pot` */
export interface PotNode {
  kind: 'Pot';
  span: Span;
}

/**
 * `stack(Alice)`, `handsize(any)`, `highest(Bob)`, `score(each)`; also `highest(board)` and
 * `lowest(board)` of a public pile (the compiler tells a pile name from a seat name); `total(Bob)`
 * and `total(board)`, the sum of the rank values of a hand or a public pile.
 */
export interface SeatFnNode {
  kind: 'SeatFn';
  fn: 'stack' | 'handsize' | 'highest' | 'lowest' | 'total' | 'score';
  seat: SeatRefNode;
  span: Span;
}

/** `size(deck)` */
export interface SizeFnNode {
  kind: 'SizeFn';
  pile: PileRefNode;
  span: Span;
}

/** `a + b`, `a - b`, `a * b` (left-associative; `*` binds tighter) */
export interface BinaryNode {
  kind: 'Binary';
  op: '+' | '-' | '*';
  left: IntExprNode;
  right: IntExprNode;
  span: Span;
}

/** Boolean conditions. */
export type CondNode = CompareNode | LogicNode | NotNode | BoolLitNode | HasNode | PileHasNode | HoldsNode | ParenNode;

/** `a <= b` */
export interface CompareNode {
  kind: 'Compare';
  op: '<' | '<=' | '>' | '>=' | '==' | '!=';
  left: IntExprNode;
  right: IntExprNode;
  span: Span;
}

/** `a and b and c`, `a or b` */
export interface LogicNode {
  kind: 'Logic';
  op: 'and' | 'or';
  args: CondNode[];
  span: Span;
}

/** `not a` */
export interface NotNode {
  kind: 'Not';
  arg: CondNode;
  span: Span;
}

/** `true` / `false` */
export interface BoolLitNode {
  kind: 'BoolLit';
  value: boolean;
  span: Span;
}

/** `hand(Alice) has K`, `hand(Bob) has any of K, J`, `hand(Alice) has top`, `hand(any) has pair` */
export interface HasNode {
  kind: 'Has';
  seat: SeatRefNode;
  /** `has pair`: two or more cards of one rank (then `ranks` is empty). */
  pair: boolean;
  /** Written `any of` (several ranks). */
  anyOf: boolean;
  /** Rank names; the keyword `top` is kept as an Ident named `top`. */
  ranks: Ident[];
  span: Span;
}

/** `board has K`, `board has any of K, Q`: a card of one of the ranks lies in a (public) pile. */
export interface PileHasNode {
  kind: 'PileHas';
  pile: Ident;
  /** Written `any of` (several ranks). */
  anyOf: boolean;
  /** Rank names; the keyword `top` is kept as an Ident named `top`. */
  ranks: Ident[];
  span: Span;
}

/** `Alice holds Leader` */
export interface HoldsNode {
  kind: 'Holds';
  seat: SeatRefNode;
  position: Ident;
  span: Span;
}

/** `( cond )` kept so the printer can reproduce the author's grouping. */
export interface ParenNode {
  kind: 'Paren';
  inner: CondNode;
  span: Span;
}

/** A comment, kept for the formatter. */
export interface CommentNode {
  kind: 'Comment';
  /** The comment's full text including `//` or `/* *\/`. */
  text: string;
  block: boolean;
  span: Span;
}

/** The root: one game. */
export interface GameNode {
  kind: 'Game';
  name: StringLit;
  decls: Decl[];
  span: Span;
}

/** A parsed file: the game plus its comments in source order. */
export interface GameFile {
  kind: 'File';
  game: GameNode;
  comments: CommentNode[];
  span: Span;
}

/** Every AST node. */
export type AstNode =
  | GameFile
  | GameNode
  | Decl
  | StackEntry
  | ChatLimit
  | DeckItem
  | RankEntry
  | StepNode
  | PileRefNode
  | BettingItem
  | ScoringRuleNode
  | SeatRefNode
  | PartyNode
  | CondBranchNode
  | ChoiceOptionNode
  | OutcomeNode
  | IntExprNode
  | CondNode
  | Ident
  | NumberLit
  | StringLit
  | CommentNode;

export type AstKind = AstNode['kind'];
/** The node of kind `K`. */
export type AstOf<K extends AstKind> = Extract<AstNode, { kind: K }>;
