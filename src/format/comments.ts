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
 *   attachable: a comment written between the words of an item (`deal 1 /* x *\/ to each`)
 *   trails that item and is printed right after it, on the same line; if it starts a line of
 *   its own, it leads the next item instead (inside the last element of a list, it belongs to
 *   the whole list).
 * - Between items, Prettier's rules apply: a comment on its own line leads the next item (or
 *   trails the last one of a block), a comment at the end of a line trails the item before it,
 *   except that a comment never trails an item behind a trailing line comment or ahead of
 *   comments already leading the next item (it leads the next item too, keeping the order).
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

/** The parent of `target` and the sibling list holding it (empty when it is not in a list). */
function parentOf(root: AstNode, target: AstNode): { parent: AstNode; siblings: readonly AstNode[] } | undefined {
  const stack: AstNode[] = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    for (const key of VISITOR_KEYS[node.kind] as readonly string[]) {
      const value = (node as unknown as Record<string, AstNode | AstNode[] | null>)[key];
      const children = Array.isArray(value) ? value : value ? [value] : [];
      for (const child of children) {
        if (child === target) return { parent: node, siblings: Array.isArray(value) ? value : [] };
        stack.push(child);
      }
    }
  }
  return undefined;
}

/**
 * Attach a comment that follows `prev` (and precedes `next`, if given) as a trailing comment of
 * `prev`, unless it would be printed on a line of its own: when `prev` already has a trailing
 * line comment, or `next` already has leading comments (which come earlier in the source). Then
 * it leads `next`, which is where a comment on its own line between two items attaches when read
 * back, and the comments keep their order.
 */
function trailOrLead(prev: Commented, next: Commented | undefined, comment: AttachedComment): void {
  if (next && (next.comments?.some((c) => c.leading) || prev.comments?.some((c) => c.trailing && !c.block))) util.addLeadingComment(next, comment);
  else util.addTrailingComment(prev, comment);
}

/**
 * Place a comment written between the words of `item`. It trails the item, unless it starts on
 * its own line: then it leads the next item (the next element of a list). Inside the last
 * element of a list, the comment belongs to the whole list.
 */
function placeInner(item: AstNode, comment: AttachedComment, text: string, ast: AstNode): void {
  const found = parentOf(ast, item);
  const next = found?.siblings[found.siblings.indexOf(item) + 1];
  if (next && util.hasNewline(text, comment.span.start, { backwards: true })) util.addLeadingComment(next, comment);
  else if (!next && found && (item.kind === 'RankEntry' || item.kind === 'StackEntry')) placeInner(found.parent, comment, text, ast);
  else trailOrLead(item, next, comment);
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
 * comments. Returns `true` when it attached the comment itself, `false` to let Prettier break a
 * tie (a comment between two items on one line goes with the nearer one).
 */
export function handleComment(comment: AttachedComment & { placement?: string }, text: string, _options: ParserOptions<AstNode>, ast: GameFile): boolean {
  const { enclosingNode: enclosing, precedingNode: prev, followingNode: next } = comment;
  if (!enclosing) return false;
  if (BLOCK_KINDS.has(enclosing.kind)) {
    if (handleInBlock(comment, text, enclosing)) return true;
  } else if (enclosing.kind !== 'File' && !(LIST_KINDS.has(enclosing.kind) && (prev || next))) {
    placeInner(enclosing, comment, text, ast);
    return true;
  }
  // Between two items (Prettier's rules, with `trailOrLead` for trailing comments).
  if (comment.placement === 'ownLine') {
    if (next) util.addLeadingComment(next, comment);
    else if (prev) util.addTrailingComment(prev, comment);
    else return false;
  } else if (comment.placement === 'endOfLine') {
    if (prev) trailOrLead(prev, next, comment);
    else if (next) util.addLeadingComment(next, comment);
    else return false;
  } else if (prev && next) {
    if (!(next as Commented).comments?.some((c) => c.leading)) return false;
    util.addLeadingComment(next, comment);
  } else if (prev) util.addTrailingComment(prev, comment);
  else if (next) util.addLeadingComment(next, comment);
  else return false;
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
