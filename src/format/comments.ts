/**
 * Where comments go when a `.gbg` file is formatted, on top of Prettier's comment machinery
 * (`canAttachComment`, `handleComments`, `printComment`).
 *
 * Prettier finds, for every comment, the enclosing node and the attachable nodes before and after
 * it, then makes it a leading, trailing or dangling comment. Our rules:
 *
 * - Comments attach to *items*: the game, declarations, steps, deck items, betting items, the
 *   elements of a list (seats in `players`, suits, `J = 11` ranks, `Alice 10` stacks) and the
 *   values of a `generated { … }` record. Keywords, names and numbers inside an item are not
 *   attachable, so a comment written between the words of an item (`deal 1 /* x *\/ to each`)
 *   becomes a trailing comment of that item and is printed right after it, on the same line.
 * - Between items, Prettier's defaults apply: a comment on its own line leads the next item (or
 *   trails the last one of a block), a comment at the end of a line trails the item before it.
 * - In a block (`game`, `deck`, `phase`, `betting`, `generated`): block comments before the `{`
 *   stay before it (`phase Deal /* x *\/ {`, marker `header`); a comment ending the `{` line, or
 *   a line comment before the `{`, is printed after the `{` (marker `open`); comments in a block
 *   with no items are printed on their own lines inside it (marker `body`); comments before the
 *   first field of `generated` go on their own lines (marker `start`).
 *
 * Each rule prints a comment where, read back, the same rule places it again, so formatting is a
 * fixed point; comments keep their order.
 */
import { util, type AstPath, type Doc, type ParserOptions } from 'prettier';
import type { AstKind, AstNode, CommentNode, GameFile } from '../parser/ast.js';
import { VISITOR_KEYS } from './visitor-keys.js';

/** Where a dangling comment of a block is printed (see the module comment). */
export type DanglingMarker = 'header' | 'open' | 'start' | 'body';

/** A comment as Prettier decorates it while attaching. */
export interface AttachedComment extends CommentNode {
  leading?: boolean;
  trailing?: boolean;
  printed?: boolean;
  marker?: DanglingMarker;
  enclosingNode?: AstNode;
  precedingNode?: AstNode;
  followingNode?: AstNode;
}

/** An AST node after Prettier attached comments to it. */
export type Commented<N extends AstNode = AstNode> = N & { comments?: AttachedComment[] };

/** Nodes whose content sits between `{` and `}`. */
export const BLOCK_KINDS: ReadonlySet<AstKind> = new Set<AstKind>(['Game', 'Deck', 'Phase', 'BettingStep', 'Generated']);
/** Items that hold a comma-separated list of attachable elements. */
const LIST_KINDS: ReadonlySet<AstKind> = new Set<AstKind>(['Players', 'Suits', 'Ranks', 'Stack']);

/** Prettier's `canAttachComment`: items and list elements (see the module comment). */
export function canAttachComment(node: AstNode, ancestors?: AstNode[]): boolean {
  const parent = ancestors?.[0];
  switch (node.kind) {
    case 'File':
    case 'Comment':
    case 'PileRef':
      return false;
    case 'Ident':
      return parent?.kind === 'Players' || parent?.kind === 'Suits';
    case 'Number':
    case 'String':
      return parent?.kind === 'Generated';
    default:
      return true;
  }
}

/** Prettier's `isBlockComment`. */
export function isBlockComment(comment: CommentNode): boolean {
  return comment.block;
}

/** Prettier's `printComment`: the comment's text as written (line comments without trailing blanks). */
export function printComment(path: AstPath<CommentNode>): Doc {
  return path.node.text;
}

const braceCache = new WeakMap<AstNode, number>();

/**
 * Offset of the `{` that opens a block node's content, skipping comments and strings in its
 * header; -1 if there is none (never for a parsed block).
 */
export function openBraceOffset(text: string, node: AstNode): number {
  const cached = braceCache.get(node);
  if (cached !== undefined) return cached;
  let found = -1;
  for (let i = node.span.start; i < node.span.end; i++) {
    const c = text[i];
    if (c === '/' && text[i + 1] === '/') {
      while (i < node.span.end && text[i] !== '\n') i++;
    } else if (c === '/' && text[i + 1] === '*') {
      const close = text.indexOf('*/', i + 2);
      i = close < 0 ? node.span.end : close + 1;
    } else if (c === '"') {
      for (i++; i < node.span.end && text[i] !== '"' && text[i] !== '\n'; i++) if (text[i] === '\\') i++;
    } else if (c === '{') {
      found = i;
      break;
    }
  }
  braceCache.set(node, found);
  return found;
}

/** The node whose child list holds `target`, searching from the root. */
function parentOf(root: AstNode, target: AstNode): AstNode | undefined {
  const stack: AstNode[] = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    for (const key of VISITOR_KEYS[node.kind] as readonly string[]) {
      const value = (node as unknown as Record<string, AstNode | AstNode[] | null>)[key];
      const children = Array.isArray(value) ? value : value ? [value] : [];
      for (const child of children) {
        if (child === target) return node;
        stack.push(child);
      }
    }
  }
  return undefined;
}

function lastElement(list: AstNode): AstNode | undefined {
  switch (list.kind) {
    case 'Ranks':
      return list.ranks[list.ranks.length - 1];
    case 'Stack':
      return list.perSeat[list.perSeat.length - 1];
    default:
      return undefined;
  }
}

/** A comment inside a block node (see the module comment); `false` leaves it to Prettier's defaults. */
function handleInBlock(comment: AttachedComment, text: string, block: Commented): boolean {
  const { precedingNode: before, followingNode: after } = comment;
  const open = openBraceOffset(text, block);
  if (open < 0) return false;
  if (comment.span.start < open) {
    const afterLineComment = (block.comments ?? []).some((c) => c.marker === 'open');
    util.addDanglingComment(block, comment, comment.block && !afterLineComment ? 'header' : 'open');
    return true;
  }
  const nextStart = after ? after.span.start : block.span.end - 1;
  if (!before && !/[\n\r]/.test(text.slice(open + 1, comment.span.start)) && /[\n\r]/.test(text.slice(comment.span.end, nextStart))) {
    util.addDanglingComment(block, comment, 'open');
    return true;
  }
  if (block.kind === 'Generated') {
    if (before) util.addTrailingComment(before, comment);
    else util.addDanglingComment(block, comment, 'start');
    return true;
  }
  if (!before && !after) {
    util.addDanglingComment(block, comment, 'body');
    return true;
  }
  return false;
}

/**
 * Prettier's `handleComments` callback, the same for own-line, end-of-line and remaining
 * comments. Returns `true` when it attached the comment itself.
 */
export function handleComment(comment: AttachedComment, text: string, _options: ParserOptions<AstNode>, ast: GameFile): boolean {
  const enclosing = comment.enclosingNode;
  if (!enclosing || enclosing.kind === 'File') return false;
  if (BLOCK_KINDS.has(enclosing.kind)) return handleInBlock(comment, text, enclosing);
  if (LIST_KINDS.has(enclosing.kind) && (comment.precedingNode || comment.followingNode)) return false;
  // Between the words of one item: it trails that item. Inside the last element of a list it
  // trails the whole list, so it is printed where, read back, it would attach again.
  if (enclosing.kind === 'RankEntry' || enclosing.kind === 'StackEntry') {
    const list = parentOf(ast, enclosing);
    if (list && lastElement(list) === enclosing) {
      util.addTrailingComment(list, comment);
      return true;
    }
  }
  util.addTrailingComment(enclosing, comment);
  return true;
}

/** The dangling comments of the node at `path` with `marker`, printed and marked as printed. */
export function danglingComments(path: AstPath<AstNode>, marker: DanglingMarker): { comment: AttachedComment; doc: Doc }[] {
  const node = path.node as Commented;
  const out: { comment: AttachedComment; doc: Doc }[] = [];
  if (!node.comments?.length) return out;
  path.each((p) => {
    const c = p.node as unknown as AttachedComment;
    if (c.leading || c.trailing || (c.marker ?? 'body') !== marker) return;
    c.printed = true;
    out.push({ comment: c, doc: printComment(p as unknown as AstPath<CommentNode>) });
  }, 'comments' as never);
  return out;
}
