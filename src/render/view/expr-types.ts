/**
 * View models of the IR's expressions. Integer expressions render as noun phrases (partials
 * `expr/<kind>`, e.g. "the number of cards in the deck"), conditions as clauses (partials
 * `cond/<kind>`, e.g. "at least one seat has 2 or fewer chips"). Both tables are mapped types
 * over the IR's expression kinds, so a new kind does not compile until it has a view.
 */
import type { BoolExpr, IntExpr } from '../../ir/schema.js';

export type IntExprKind = IntExpr['kind'];
/** The integer expression of kind `K` (an intersection, since `add` and `sub` share one shape). */
export type IntExprOf<K extends IntExprKind> = IntExpr & { kind: K };
export type BoolExprKind = BoolExpr['kind'];
/** The condition of kind `K`. */
export type BoolExprOf<K extends BoolExprKind> = BoolExpr & { kind: K };

/** A seat reference in a sentence: a seat name, `the winner`, or a quantifier (`at least one seat`, `each seat`); verbs agree in the singular. */
export interface SeatPhrase {
  /** `Alice`, `at least one seat`, `each seat`, `the winner`. */
  subject: string;
  /** `Alice's`, `at least one seat's`, `each seat's`, `the winner's`. */
  possessive: string;
  /** `any` or `each`. */
  quantified: boolean;
}

interface IntViewBase<K extends IntExprKind> {
  kind: K;
  partial: `expr/${K}`;
}

export interface IntLiteralView extends IntViewBase<'int'> {
  value: number;
  /** Singular unit noun (`chip`, `card`), or null for a bare number. */
  unit: string | null;
}
export interface VarView extends IntViewBase<'var'> {
  /** `«bet round»`. */
  name: string;
}
export type PotView = IntViewBase<'pot'>;
export interface StackView extends IntViewBase<'stack'> {
  seat: SeatPhrase;
}
export interface SizeView extends IntViewBase<'size'> {
  /** `the deck`, `Alice's hand`, `the board`. */
  pile: string;
}
export interface HandSizeView extends IntViewBase<'handSize'> {
  seat: SeatPhrase;
}
export interface HighestView extends IntViewBase<'highest'> {
  seat: SeatPhrase;
}
/** `total(Bob)`: the sum of the rank values of a seat's hand. */
export interface TotalView extends IntViewBase<'total'> {
  seat: SeatPhrase;
}
/** `highest(board)` / `lowest(board)` / `total(board)` of a public pile. */
export interface PileRankView<K extends 'pileHighest' | 'pileLowest' | 'pileTotal'> extends IntViewBase<K> {
  /** `the board`. */
  pile: string;
}
export interface ScoreView extends IntViewBase<'score'> {
  seat: SeatPhrase;
}
export interface SumView<K extends 'add' | 'sub' | 'mul'> extends IntViewBase<K> {
  left: IntExprView;
  right: IntExprView;
  /** Wrap in parentheses (a sum inside a difference's right side, or a sum or difference in a product). */
  paren: boolean;
}

/** The view of each integer expression kind. */
export interface IntExprViewByKind {
  int: IntLiteralView;
  var: VarView;
  pot: PotView;
  stack: StackView;
  size: SizeView;
  handSize: HandSizeView;
  highest: HighestView;
  total: TotalView;
  score: ScoreView;
  pileHighest: PileRankView<'pileHighest'>;
  pileLowest: PileRankView<'pileLowest'>;
  pileTotal: PileRankView<'pileTotal'>;
  add: SumView<'add'>;
  sub: SumView<'sub'>;
  mul: SumView<'mul'>;
}
export type IntExprView = IntExprViewByKind[IntExprKind];

interface CondViewBase<K extends BoolExprKind> {
  kind: K;
  partial: `cond/${K}`;
}

export interface BoolLiteralView extends CondViewBase<'bool'> {
  value: boolean;
}

/**
 * A comparison, in one of three sentence forms:
 * - `amount`: a count against a number, `{subject} {verb} {amount}` ("the deck has at least 2 cards",
 *   "at least one seat has 2 or fewer chips", "Alice has chips remaining");
 * - `versus`: the same quantity of two seats, `{leftText} {relation} {rightText}` ("Bob's
 *   highest-ranked card has a higher rank than Alice's highest-ranked card");
 * - `plain`: two noun phrases, `{left} {relation} {right}` ("«bet round» is greater than 0").
 */
export interface CmpView extends CondViewBase<'cmp'> {
  form: 'amount' | 'versus' | 'plain';
  subject: string;
  verb: string;
  amount: string;
  leftText: string;
  rightText: string;
  relation: string;
  left: IntExprView;
  right: IntExprView;
}
export interface JunctionView<K extends 'and' | 'or'> extends CondViewBase<K> {
  args: CondView[];
  /** Wrap in parentheses (inside another and/or/not). */
  paren: boolean;
}
export interface NotView extends CondViewBase<'not'> {
  arg: CondView;
  /**
   * The same condition worded positively, when there is such a wording: a comparison with the
   * opposite operator, "contains no", "does not hold" (quantifiers swapped: not any = each).
   */
  negated: CondView | null;
}
export interface HasView extends CondViewBase<'has'> {
  seat: SeatPhrase;
  /** Rank names, in the order written. */
  ranks: string[];
  /** One rank: `a K`, `an A`. */
  single: string | null;
  /** The single rank is the deck's top rank. */
  top: boolean;
  /** Worded as "contains no" (inside a `not`). */
  negate: boolean;
}
export interface HasPairView extends CondViewBase<'hasPair'> {
  seat: SeatPhrase;
  /** Worded as "holds no pair" (inside a `not`). */
  negate: boolean;
}
/** `board has K`: a public pile holds a card of one of the ranks. */
export interface PileHasView extends CondViewBase<'pileHas'> {
  /** `the board`. */
  pile: string;
  ranks: string[];
  /** Worded as "contains no card" (inside a `not`). */
  negate: boolean;
}
export interface HoldsView extends CondViewBase<'holds'> {
  seat: SeatPhrase;
  position: string;
  /** Worded as "does not hold" (inside a `not`). */
  negate: boolean;
}

/** The view of each condition kind. */
export interface CondViewByKind {
  bool: BoolLiteralView;
  cmp: CmpView;
  and: JunctionView<'and'>;
  or: JunctionView<'or'>;
  not: NotView;
  has: HasView;
  hasPair: HasPairView;
  pileHas: PileHasView;
  holds: HoldsView;
}
export type CondView = CondViewByKind[BoolExprKind];
