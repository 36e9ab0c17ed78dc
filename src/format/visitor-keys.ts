/**
 * Which properties of each AST node hold child nodes, for Prettier's tree walks. A mapped type over every node kind: a new kind without an entry does not compile.
 */
import type { AstKind, AstNode, AstOf } from '../parser/ast.js';

/** The property names of `N` whose values are nodes, arrays of nodes or `null`able nodes. */
type ChildKeys<N> = {
  [P in keyof N]-?: NonNullable<N[P]> extends AstNode | readonly AstNode[] ? P : never;
}[keyof N] &
  string;

/** For every node kind, its child-node properties in source order. */
export const VISITOR_KEYS: { readonly [K in AstKind]: readonly ChildKeys<AstOf<K>>[] } = {
  File: ['game'],
  Game: ['name', 'decls'],
  Players: ['seats'],
  Button: [],
  OddChip: [],
  Chat: ['message', 'from', 'limits'],
  ChatLimit: ['value'],
  House: ['seat', 'bank'],
  Shoe: ['cut'],
  Stack: ['each', 'perSeat'],
  StackEntry: ['seat', 'amount'],
  Deck: ['items'],
  Ranks: ['ranks'],
  RankEntry: ['name', 'value'],
  Suits: ['suits'],
  Copies: ['count'],
  Pile: ['name'],
  Var: ['name', 'initial'],
  Position: ['name'],
  Phase: ['name', 'steps'],
  Subphase: ['name', 'steps'],
  Showdown: ['using', 'rules'],
  ScoringRule: ['points', 'rank'],
  Generated: ['generator', 'builder', 'seed', 'complexity'],
  ShuffleStep: ['pile'],
  DealStep: ['count', 'from', 'to'],
  AnteStep: ['amount', 'from'],
  BlindsStep: ['small', 'smallAmount', 'big', 'bigAmount'],
  BettingStep: ['items'],
  BetSize: ['amount'],
  RaiseCap: ['count'],
  RaiseRule: [],
  FirstActor: ['seat'],
  MaxBet: ['amount'],
  Fallback: ['amount'],
  CallStep: ['phase'],
  IfStep: ['branches', 'otherwise'],
  CondBranch: ['cond', 'steps'],
  EventsStep: ['items'],
  RepeatStep: ['max', 'counter', 'until', 'steps'],
  EndStep: ['winner', 'reason'],
  ChoiceStep: ['seat', 'options'],
  ChoiceOption: ['name', 'cost', 'chance', 'steps'],
  WagerStep: ['seat', 'min', 'max'],
  MatchStep: ['seat'],
  SimultaneousStep: ['options', 'outcomes', 'otherwise'],
  Outcome: ['first', 'second', 'steps'],
  AuctionStep: ['min', 'max', 'prize'],
  PeekStep: ['seat', 'target'],
  RevealStep: ['seat'],
  SwapStep: ['first', 'second'],
  StealStep: ['from', 'to'],
  DiscardStep: ['count', 'seat', 'to'],
  PayStep: ['amount', 'from', 'to'],
  SidebetStep: ['seat', 'amount', 'cond'],
  ScoreStep: ['seat', 'delta'],
  AssignStep: ['position', 'seat'],
  SetStep: ['variable', 'value'],
  SeatRef: ['name'],
  Party: ['name'],
  PileRef: ['name'],
  VarRef: ['name'],
  Pot: [],
  SeatFn: ['seat'],
  SizeFn: ['pile'],
  Binary: ['left', 'right'],
  Compare: ['left', 'right'],
  Logic: ['args'],
  Not: ['arg'],
  BoolLit: [],
  Has: ['seat', 'ranks'],
  PileHas: ['pile', 'ranks'],
  Holds: ['seat', 'position'],
  Paren: ['inner'],
  Ident: [],
  Number: [],
  String: [],
  Comment: [],
};

/** The child-node properties of `node` (Prettier's `getVisitorKeys`). */
export function visitorKeys(node: AstNode): readonly string[] {
  return VISITOR_KEYS[node.kind] ?? [];
}
