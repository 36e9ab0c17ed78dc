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

/** `showdown high-card` or `showdown pair-with-board using board` */
export interface ShowdownDecl {
  kind: 'Showdown';
  metric: 'high-card' | 'pair-with-board';
  using: Ident | null;
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

export type Decl = PlayersDecl | StackDecl | DeckDecl | PileDecl | PhaseDecl | ShowdownDecl | GeneratedDecl;

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
  /** `null` for `each`. */
  to: PileRefNode | null;
  face: 'up' | 'down' | null;
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

/** `betting fixed { bet 2; raises at most 2; first Alice }` */
export interface BettingStepNode {
  kind: 'BettingStep';
  mode: 'fixed';
  items: BettingItem[];
  span: Span;
}

export type BettingItem = BetSizeItem | RaiseCapItem | FirstActorItem;

export interface BetSizeItem {
  kind: 'BetSize';
  amount: NumberLit;
  span: Span;
}

export interface RaiseCapItem {
  kind: 'RaiseCap';
  count: NumberLit;
  span: Span;
}

export interface FirstActorItem {
  kind: 'FirstActor';
  seat: Ident;
  span: Span;
}

export type StepNode = ShuffleStepNode | DealStepNode | AnteStepNode | BettingStepNode;

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
  | DeckItem
  | RankEntry
  | StepNode
  | PileRefNode
  | BettingItem
  | Ident
  | NumberLit
  | StringLit
  | CommentNode;

export type AstKind = AstNode['kind'];
/** The node of kind `K`. */
export type AstOf<K extends AstKind> = Extract<AstNode, { kind: K }>;
