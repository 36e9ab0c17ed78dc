/**
 * Which properties of each AST node hold child nodes, for Prettier's tree walks (comment
 * attachment). A mapped type over every node kind: a new kind without an entry does not compile.
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
  Stack: ['each', 'perSeat'],
  StackEntry: ['seat', 'amount'],
  Deck: ['items'],
  Ranks: ['ranks'],
  RankEntry: ['name', 'value'],
  Suits: ['suits'],
  Copies: ['count'],
  Pile: ['name'],
  Phase: ['name', 'steps'],
  Showdown: ['using'],
  Generated: ['generator', 'builder', 'seed', 'complexity'],
  ShuffleStep: ['pile'],
  DealStep: ['count', 'from', 'to'],
  AnteStep: ['amount', 'from'],
  BettingStep: ['items'],
  BetSize: ['amount'],
  RaiseCap: ['count'],
  FirstActor: ['seat'],
  PileRef: ['name'],
  Ident: [],
  Number: [],
  String: [],
  Comment: [],
};

/** The child-node properties of `node` (Prettier's `getVisitorKeys`). */
export function visitorKeys(node: AstNode): readonly string[] {
  return VISITOR_KEYS[node.kind] ?? [];
}
