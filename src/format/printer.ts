/**
 * The `.gbg` printer: AST → Prettier document → canonical source.
 *
 * House style (as in `examples/*.gbg`): two-space indent; one declaration, step, deck item,
 * betting item, scoring rule, option or outcome per line; blocks open with ` {` on the header
 * line and close with `}` on a line of their own (`} else {`, `} else if … public {`), an empty
 * block prints as `{` ⏎ `}`; `;` is never printed; lists are `a, b, c` on one line unless a
 * line comment or the 80-column width forces one element per line; conditions stay on one line;
 * a blank line separates top-level blocks (`deck`, `phase`, `subphase`, `generated`, a
 * `sum-of-ranks` showdown with rules) from their neighbours, and one blank line is kept between
 * other items where the author left one. Literals: see `literals.ts`; expressions: `exprs.ts`;
 * steps: `steps.ts`; comments: `comments.ts`.
 *
 * {@link NODE_PRINTERS} is a mapped type over every AST node kind, so adding a node kind to the
 * grammar without a printer is a compile error.
 */
import * as doc from 'prettier/doc';
import type { AstPath, Doc, Printer } from 'prettier';
import type { AstKind, AstNode, CommentNode } from '../parser/ast.js';
import { numberText, stringText } from './literals.js';
import { visitorKeys } from './visitor-keys.js';
import { breakAfter, isBlockComment, peekSlot, takeSlot } from './comments.js';
import { blockOf, hasBlock, layoutOf, type Unit } from './layout.js';
import { Lines, printBraces, printList, printUnits, type NodePrinter, type Options, type Print } from './blocks.js';
import { EXPR_PRINTERS } from './exprs.js';
import { STEP_PRINTERS } from './steps.js';

export type { NodePrinter, Options, Print } from './blocks.js';

const { hardline, lineSuffix, breakParent } = doc.builders;

/** Whether a showdown prints its `{ … }` block: it has scoring rules, or comments inside its braces. */
function showdownHasBlock(node: AstNode): boolean {
  if (node.kind !== 'Showdown') return false;
  return node.rules.length > 0 || (hasBlock(node) && (['header', 'open', 'body'] as const).some((s) => peekSlot(node, s).length > 0));
}

/** Top-level declarations printed as blocks: a blank line always separates them from their neighbours. */
function isBlockDecl(u: Unit): boolean {
  const k = u.owner.kind;
  return u.name === '' && (k === 'Deck' || k === 'Phase' || k === 'Subphase' || k === 'Generated' || showdownHasBlock(u.owner));
}

/** One printer per node kind. */
export const NODE_PRINTERS: { [K in AstKind]: NodePrinter<K> } = {
  File: (path, options, print) => {
    const lines = new Lines(options.originalText, false);
    printUnits(lines, layoutOf(path.node).file.units, [print('game')]);
    return [lines.parts, hardline];
  },
  Game: (path, options, print) =>
    printBraces(options, ['game ', print('name')], blockOf(path.node), path.map(print, 'decls'), (a, b) => isBlockDecl(a) || isBlockDecl(b)),
  Players: (path, _options, print) => printList('players', path.map(print, 'seats')),
  Button: () => 'button',
  OddChip: () => 'odd chip left of button',
  Chat: (path, _options, print) =>
    path.node.message ? ['chat ', print('message'), path.node.from ? [' from ', print('from')] : ''] : printList('chat', path.map(print, 'limits')),
  ChatLimit: (path, _options, print) =>
    path.node.what === 'max-chars' ? ['max ', print('value')] : [print('value'), path.node.what === 'per-hand' ? ' per hand' : ' per phase'],
  House: (path, _options, print) => ['house ', print('seat'), path.node.bank ? [' bank ', print('bank')] : ' bank unlimited'],
  Shoe: (_path, _options, print) => ['shoe cut ', print('cut')],
  Stack: (path, _options, print) => (path.node.each ? ['stack ', print('each'), ' each'] : printList('stack', path.map(print, 'perSeat'))),
  StackEntry: (_path, _options, print) => [print('seat'), ' ', print('amount')],
  Deck: (path, options, print) => printBraces(options, 'deck', blockOf(path.node), path.map(print, 'items')),
  Ranks: (path, _options, print) => printList('ranks', path.map(print, 'ranks')),
  RankEntry: (_path, _options, print) => [print('name'), ' = ', print('value')],
  Suits: (path, _options, print) => printList('suits', path.map(print, 'suits')),
  Copies: (_path, _options, print) => ['copies ', print('count')],
  Pile: (path, _options, print) => ['pile ', print('name'), ' ', path.node.visibility],
  Var: (_path, _options, print) => ['var ', print('name'), ' = ', print('initial')],
  Position: (path, _options, print) => ['position ', print('name'), ' ', path.node.visibility],
  Phase: (path, options, print) => printBraces(options, ['phase ', print('name')], blockOf(path.node), path.map(print, 'steps')),
  Subphase: (path, options, print) => printBraces(options, ['subphase ', print('name')], blockOf(path.node), path.map(print, 'steps')),
  Showdown: (path, options, print) => {
    const n = path.node;
    const head = ['showdown ', n.metric, n.using ? [' using ', print('using')] : '', ...(n.options ?? []).map((o: string) => ` ${o}`)];
    return showdownHasBlock(n) ? printBraces(options, head, blockOf(n), path.map(print, 'rules')) : head;
  },
  ScoringRule: (path, _options, print) => [path.node.sign, ' ', print('points'), path.node.per === 'pair' ? ' for pair of ' : ' per ', print('rank')],
  Generated: (path, options, print) =>
    printBraces(options, 'generated', blockOf(path.node), [
      ['generator ', print('generator')],
      ['builder ', print('builder')],
      ['seed ', print('seed')],
      ['complexity ', print('complexity')],
    ]),
  ...STEP_PRINTERS,
  ...EXPR_PRINTERS,
  Ident: (path) => path.node.name,
  Number: (path) => numberText(path.node),
  String: (path) => stringText(path.node),
  Comment: (path) => path.node.text,
};

/** The `lead` and `trail` comments of a list element around its printed text (see `comments.ts`). */
function withListComments(node: AstNode, text: string, printed: Doc): Doc {
  const lead = takeSlot(node, 'lead');
  const trail = takeSlot(node, 'trail');
  if (lead.length === 0 && trail.length === 0) return printed;
  let afterLineComment = false;
  return [
    lead.map((c) => [c.text, !c.block || breakAfter(text, c.span.end) ? hardline : ' ']),
    printed,
    trail.map((c) => {
      const d = afterLineComment ? [lineSuffix([hardline, c.text]), breakParent] : c.block ? [' ', c.text] : [lineSuffix([' ', c.text]), breakParent];
      afterLineComment ||= !c.block;
      return d;
    }),
  ];
}

/** Prettier's `print`: dispatch on the node kind. */
function print(path: AstPath<AstNode>, options: Options, printChild: Print): Doc {
  const printer = NODE_PRINTERS[path.node.kind] as NodePrinter<AstKind>;
  const printed = printer(path as AstPath<never>, options, printChild);
  return (path.node as { comments?: unknown[] }).comments ? withListComments(path.node, options.originalText, printed) : printed;
}

/** The Prettier printer for the `gbg-ast` AST format. Comments are attached by the plugin's parser (`comments.ts`). */
export const gbgPrinter: Printer<AstNode> = {
  print,
  printComment: (path) => (path.node as CommentNode).text,
  isBlockComment: (node) => node.kind === 'Comment' && isBlockComment(node),
  getVisitorKeys: (node) => [...visitorKeys(node)],
};
