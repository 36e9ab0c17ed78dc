/**
 * The `.gbg` printer: AST → Prettier document → canonical source.
 *
 * House style (as in `examples/*.gbg`): two-space indent; one declaration, step, deck item or
 * betting item per line; blocks open with ` {` on the header line and close with `}` on a line of
 * their own, an empty block prints as `{}`; `;` is never printed; lists are `a, b, c` on one line
 * unless a comment or the 80-column width forces one element per line; a blank line separates
 * top-level blocks (`deck`, `phase`, `generated`) from their neighbours, and one blank line is kept
 * between other items where the author left one. Literals: see `literals.ts`.
 *
 * {@link NODE_PRINTERS} is a mapped type over every AST node kind, so adding a node kind to the
 * grammar without a printer is a compile error.
 */
import { doc, util, type AstPath, type Doc, type ParserOptions, type Printer } from 'prettier';
import type { AstKind, AstNode, AstOf, CommentNode } from '../parser/ast.js';
import { numberText, stringText } from './literals.js';
import { visitorKeys } from './visitor-keys.js';
import {
  BLOCK_KINDS,
  canAttachComment,
  danglingComments,
  handleComment,
  isBlockComment,
  printComment,
  type AttachedComment,
  type Commented,
} from './comments.js';

const { group, hardline, indent, join, line, lineSuffix, breakParent } = doc.builders;

/** Prettier's recursive print callback: prints the child at a property (or a path). */
export type Print = (selector?: string | number | Array<string | number> | AstPath) => Doc;
/** Options handed to the printer (the original text is `options.originalText`). */
export type Options = ParserOptions<AstNode>;
/** The printer of one node kind. */
export type NodePrinter<K extends AstKind> = (path: AstPath<AstOf<K>>, options: Options, print: Print) => Doc;

/** Top-level declarations that hold a block: a blank line always separates them from neighbours. */
const BLOCK_DECLS: ReadonlySet<AstKind> = new Set<AstKind>(['Deck', 'Phase', 'Generated']);

/** `kw a, b, c` — on one line when it fits and holds no line comment, else one element per line. */
function printList(keyword: string, elements: Doc[]): Doc {
  return group([keyword, indent([line, join([',', line], elements)])]);
}

/** Whether the author left a blank line after `node`. */
function blankAfter(options: Options, node: { span: { end: number } }): boolean {
  return util.isNextLineEmpty(options.originalText, node.span.end);
}

/**
 * Print a block: `head [header comments] {`, then `open` comments on the `{` line, then the body
 * lines (dangling comments and `body`), then `}`. An empty block without comments prints `{}`.
 */
function printBlock(path: AstPath<AstNode>, options: Options, head: Doc, body: Doc[]): Doc {
  const header = danglingComments(path, 'header').map((c) => [' ', c.doc]);
  const inline: Doc[] = [];
  const lines: Doc[] = [];
  let afterLineComment = false;
  for (const { comment, doc: d } of danglingComments(path, 'open')) {
    if (afterLineComment) lines.push(hardline, d);
    else inline.push(' ', d);
    if (!comment.block) afterLineComment = true;
  }
  const loose = [...danglingComments(path, 'start'), ...danglingComments(path, 'body')];
  loose.forEach(({ doc: d }, i) => {
    const blank = i > 0 && blankAfter(options, loose[i - 1]!.comment);
    lines.push(hardline, blank ? hardline : '', d);
  });
  lines.push(...body);
  if (inline.length === 0 && lines.length === 0) return [head, header, ' {}'];
  return [head, header, ' {', inline, indent(lines), hardline, '}'];
}

/**
 * The body lines of a block: each child on its own line, one blank line kept where the author
 * left one, and always one where `forceBlank(previous, next)` says so.
 */
function bodyLines<N extends AstNode>(
  path: AstPath<AstNode>,
  options: Options,
  print: Print,
  key: string,
  forceBlank: (a: AstNode, b: AstNode) => boolean = () => false,
): Doc[] {
  const children = (path.node as unknown as Record<string, N[]>)[key] ?? [];
  const out: Doc[] = [];
  children.forEach((child, i) => {
    const prev = children[i - 1];
    const blank = prev !== undefined && (blankAfter(options, prev) || forceBlank(prev, child));
    out.push(hardline, blank ? hardline : '', path.call(print, key as never, i as never));
  });
  return out;
}

/** One printer per node kind. */
export const NODE_PRINTERS: { [K in AstKind]: NodePrinter<K> } = {
  File: (path, _options, print) => [path.call(print, 'game'), hardline],
  Game: (path, options, print) =>
    printBlock(
      path,
      options,
      ['game ', path.call(print, 'name')],
      bodyLines(path, options, print, 'decls', (a, b) => BLOCK_DECLS.has(a.kind) || BLOCK_DECLS.has(b.kind)),
    ),
  Players: (path, _options, print) => printList('players', path.map(print, 'seats')),
  Stack: (path, _options, print) => (path.node.each ? ['stack ', path.call(print, 'each'), ' each'] : printList('stack', path.map(print, 'perSeat'))),
  StackEntry: (path, _options, print) => [path.call(print, 'seat'), ' ', path.call(print, 'amount')],
  Deck: (path, options, print) => printBlock(path, options, 'deck', bodyLines(path, options, print, 'items')),
  Ranks: (path, _options, print) => printList('ranks', path.map(print, 'ranks')),
  RankEntry: (path, _options, print) => [path.call(print, 'name'), ' = ', path.call(print, 'value')],
  Suits: (path, _options, print) => printList('suits', path.map(print, 'suits')),
  Copies: (path, _options, print) => ['copies ', path.call(print, 'count')],
  Pile: (path, _options, print) => ['pile ', path.call(print, 'name'), ' ', path.node.visibility],
  Phase: (path, options, print) => printBlock(path, options, ['phase ', path.call(print, 'name')], bodyLines(path, options, print, 'steps')),
  Showdown: (path, _options, print) => ['showdown ', path.node.metric, path.node.using ? [' using ', path.call(print, 'using')] : ''],
  Generated: (path, options, print) =>
    printBlock(path, options, 'generated', [
      hardline,
      'generator ',
      path.call(print, 'generator'),
      hardline,
      'builder ',
      path.call(print, 'builder'),
      hardline,
      'seed ',
      path.call(print, 'seed'),
      hardline,
      'complexity ',
      path.call(print, 'complexity'),
    ]),
  ShuffleStep: (path, _options, print) => ['shuffle ', path.call(print, 'pile')],
  DealStep: (path, _options, print) => {
    const n = path.node;
    return [
      'deal ',
      path.call(print, 'count'),
      n.from ? [' from ', path.call(print, 'from')] : '',
      ' to ',
      n.to ? path.call(print, 'to') : 'each',
      n.face ? [' face ', n.face] : '',
    ];
  },
  AnteStep: (path, _options, print) => ['ante ', path.call(print, 'amount'), path.node.from ? [' from ', path.call(print, 'from')] : ' each'],
  BettingStep: (path, options, print) => printBlock(path, options, ['betting ', path.node.mode], bodyLines(path, options, print, 'items')),
  BetSize: (path, _options, print) => ['bet ', path.call(print, 'amount')],
  RaiseCap: (path, _options, print) => ['raises at most ', path.call(print, 'count')],
  FirstActor: (path, _options, print) => ['first ', path.call(print, 'seat')],
  PileRef: (path, _options, print) => (path.node.name ? path.call(print, 'name') : 'deck'),
  Ident: (path) => path.node.name,
  Number: (path) => numberText(path.node),
  String: (path) => stringText(path.node),
  Comment: (path) => path.node.text,
};

/**
 * Dangling comments that no block rule placed (none are expected) are printed after the node, so
 * that a comment is never dropped.
 */
function leftoverComments(path: AstPath<AstNode>): Doc {
  const node = path.node as Commented;
  if (BLOCK_KINDS.has(node.kind) || !node.comments?.some((c) => !c.leading && !c.trailing && !c.printed)) return '';
  const out: Doc[] = [];
  for (const marker of ['header', 'open', 'start', 'body'] as const) {
    for (const { comment, doc: d } of danglingComments(path, marker)) out.push(comment.block ? [' ', d] : [lineSuffix([' ', d]), breakParent]);
  }
  return out;
}

/** Prettier's `print`: dispatch on the node kind. */
function print(path: AstPath<AstNode>, options: Options, printChild: Print): Doc {
  const printer = NODE_PRINTERS[path.node.kind] as NodePrinter<AstKind>;
  return [printer(path as AstPath<never>, options, printChild), leftoverComments(path)];
}

/** The Prettier printer for the `gbg-ast` AST format. */
export const gbgPrinter: Printer<AstNode> = {
  print,
  printComment: (path) => printComment(path as unknown as AstPath<CommentNode>),
  canAttachComment: (node, ancestors) => canAttachComment(node, ancestors),
  isBlockComment: (node) => node.kind === 'Comment' && isBlockComment(node),
  getVisitorKeys: (node) => [...visitorKeys(node)],
  handleComments: {
    ownLine: (comment: AttachedComment, text, options, ast) => handleComment(comment, text, options, ast as never),
    endOfLine: (comment: AttachedComment, text, options, ast) => handleComment(comment, text, options, ast as never),
    remaining: (comment: AttachedComment, text, options, ast) => handleComment(comment, text, options, ast as never),
  },
};
