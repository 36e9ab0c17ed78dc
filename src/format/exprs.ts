/**
 * Printers of conditions and number expressions, and of the seat, party and pile references
 * inside steps. Operators are spaced (`a + b`, `x <= 2`, `a and b`); conditions stay on one
 * line. Parentheses are the author's: the parser keeps each `( … )` as a `Paren` node, and the
 * printer adds none of its own to parsed input, which already has every one it needs; for a
 * hand-built tree, {@link condNeedsParens} adds the fewest that keep the same parse.
 */
import * as doc from 'prettier/doc';
import type { Doc } from 'prettier';
import type { CondNode, IntExprNode } from '../parser/ast.js';
import type { NodePrinter } from './blocks.js';

const { join } = doc.builders;

/** Kinds of expression nodes and references (number literals are printed with the other literals). */
type ExprKind = Exclude<IntExprNode['kind'], 'Number'> | CondNode['kind'] | 'SeatRef' | 'Party' | 'PileRef';

/**
 * Whether condition `child` must be put in parentheses as an argument of `parent` to read
 * back as the same tree. The grammar: `or` binds loosest, then `and`, then `not`; a chain of one
 * operator reads back as one flat `Logic` node, so a nested `Logic` of the same operator needs
 * them too (`a and (b and c)`).
 */
export function condNeedsParens(child: CondNode, parent: CondNode): boolean {
  if (child.kind !== 'Logic') return false;
  if (parent.kind === 'Not') return true;
  if (parent.kind !== 'Logic') return false;
  return child.op === 'or' || parent.op === 'and';
}

/** One printer per expression and reference kind. */
export const EXPR_PRINTERS: { [K in ExprKind]: NodePrinter<K> } = {
  Compare: (path, _options, print) => [print('left'), ' ', path.node.op, ' ', print('right')],
  Logic: (path, _options, print) => {
    const parent = path.node;
    return join(
      ` ${parent.op} `,
      path.map((p) => (condNeedsParens(p.node, parent) ? ['(', print(), ')'] : print()), 'args'),
    );
  },
  Not: (path, _options, print) => ['not ', condNeedsParens(path.node.arg, path.node) ? ['(', print('arg'), ')'] : print('arg')],
  BoolLit: (path) => (path.node.value ? 'true' : 'false'),
  Has: (path, _options, print) => {
    const n = path.node;
    const what: Doc = n.pair ? 'pair' : [n.anyOf ? 'any of ' : '', join(', ', path.map(print, 'ranks'))];
    return ['hand(', print('seat'), ') has ', what];
  },
  PileHas: (path, _options, print) => [print('pile'), ' has ', path.node.anyOf ? 'any of ' : '', join(', ', path.map(print, 'ranks'))],
  Holds: (_path, _options, print) => [print('seat'), ' holds ', print('position')],
  Paren: (_path, _options, print) => ['(', print('inner'), ')'],
  // A chain `a + b - c …` parses left-deep; it is printed as one flat list, walking down the left
  // operands in a loop on the path's own stack (`path.call` per level would cost O(n²) pushes), so
  // a sum of thousands of terms does not nest one print call per term.
  Binary: (path, _options, print) => {
    type Bin = Extract<IntExprNode, { kind: 'Binary' }>;
    const stack = path.stack as unknown[];
    const base = stack.length;
    const chain: Bin[] = [];
    let node: IntExprNode = path.node;
    while (node.kind === 'Binary') {
      chain.push(node);
      node = node.left;
      stack.push('left', node);
    }
    try {
      const parts: Doc[] = [print()];
      for (let k = chain.length - 1; k >= 0; k--) {
        stack.length = base + 2 * k;
        stack.push('right', chain[k].right);
        parts.push(' ', chain[k].op, ' ', print());
      }
      return parts;
    } finally {
      stack.length = base;
    }
  },
  VarRef: (_path, _options, print) => print('name'),
  Pot: () => 'pot',
  SeatFn: (path, _options, print) => [path.node.fn, '(', print('seat'), ')'],
  SizeFn: (_path, _options, print) => ['size(', print('pile'), ')'],
  SeatRef: (path, _options, print) => (path.node.name ? print('name') : (path.node.keyword ?? '')),
  Party: (path, _options, print) => (path.node.name ? print('name') : (path.node.keyword ?? '')),
  PileRef: (path, _options, print) => (path.node.name ? print('name') : 'deck'),
};
