/**
 * Where comments go when a `.gbg` file is formatted. The plugin's parser places every comment
 * itself (see {@link attachComments}), relative to the blocks and units of `layout.ts`, as a
 * Prettier *dangling* comment with a marker naming its slot; the printer prints each slot.
 *
 * The slots, and which comments go there:
 *
 * - `before` a unit: comments on lines of their own before it, or on its line before it
 *   (`/* x *\/ shuffle deck`). Printed on their own lines before the unit, or inline before it.
 * - `after` a unit: comments after it on its line (`shuffle deck // x`), and comments on lines
 *   of their own after the last unit of a block. A comment written between the words of a
 *   one-line unit (`deal 1 /* x *\/ to each`) is printed after the unit too, unless it starts a
 *   line of its own: then it goes `before` the next unit. A comment never goes after a unit
 *   whose next unit already has `before` comments, or after a trailing line comment (while a
 *   next unit exists): it goes before the next unit, so comments keep their order.
 * - `header` of a block: block comments in the words before its `{` (`phase P /* x *\/ {`,
 *   `if a /* x *\/ and b public {`, `} else /* x *\/ {`), printed before the `{`.
 * - `open` of a block: comments at the end of the `{` line, and line comments (and whatever
 *   follows them) in the words before the `{` (`phase P // x` ⏎ `{`), printed after the `{`.
 * - `body` of a block with no units: its comments, printed on their own lines inside it.
 * - `lead` / `trail` of a list element (`players`, `suits`, `ranks`, `stack` per seat): a
 *   comment before an element leads it; one on the element's line before its comma (or at the
 *   end of its line) trails it; a comment inside the last element belongs to the whole item.
 *
 * Markers are `slot` for a node's own unit or block and `slot@name` for a pseudo unit or an
 * unnamed block (`before@options`, `header@else`). Each rule prints a comment where, read back,
 * the same rule places it again, so formatting is a fixed point, and comments keep their order.
 */
import type { AstNode, CommentNode, GameFile } from '../parser/ast.js';
import { buildLayout, tokenAtOrAfter, type Block, type Layout, type Unit } from './layout.js';

/** The slots of the module comment. */
export type Slot = 'before' | 'after' | 'header' | 'open' | 'body' | 'lead' | 'trail';

/** A comment as attached to a node (Prettier's dangling-comment fields). */
export interface AttachedComment extends CommentNode {
  leading?: boolean;
  trailing?: boolean;
  printed?: boolean;
  marker?: string;
}

/** An AST node with its attached comments. */
export type Commented<N extends AstNode = AstNode> = N & { comments?: AttachedComment[] };

/** The marker of slot `slot` of the unit or block `name` (`''`: the node's own). */
export function markerOf(slot: Slot, name = ''): string {
  return name ? `${slot}@${name}` : slot;
}

/** The comments of `node` in a slot, in source order, without marking them printed. */
export function peekSlot(node: AstNode, slot: Slot, name = ''): AttachedComment[] {
  const m = markerOf(slot, name);
  return ((node as Commented).comments ?? []).filter((c) => c.marker === m);
}

/** The comments of `node` in a slot, in source order, marked as printed. */
export function takeSlot(node: AstNode, slot: Slot, name = ''): AttachedComment[] {
  const out = peekSlot(node, slot, name);
  for (const c of out) c.printed = true;
  return out;
}

/** White space between tokens for the scans below (`;` is never printed, so it counts too). */
function isBlank(ch: string | undefined): boolean {
  return ch === ' ' || ch === '\t' || ch === '\n' || ch === '\r' || ch === ';' || ch === '\f' || ch === '\v' || ch === '\u00a0' || ch === '\ufeff';
}

/** Whether a newline stands right before `offset`, with only white space between (comment-or-token granularity). */
export function breakBefore(text: string, offset: number): boolean {
  for (let i = offset - 1; i >= 0 && isBlank(text[i]); i--) if (text[i] === '\n') return true;
  return false;
}

/** Whether a newline (or the end of the text) follows `offset`, with only white space between. */
export function breakAfter(text: string, offset: number): boolean {
  let i = offset;
  for (; i < text.length && isBlank(text[i]); i++) if (text[i] === '\n') return true;
  return i >= text.length;
}

/**
 * Scan `text` from `from` to `to` (offsets between tokens) outside comments and strings, calling
 * `onChar` on every other character (`onComment` for each comment or string skipped); stops
 * early when `onChar` returns `true`.
 */
function scanOutsideComments(text: string, from: number, to: number, onChar: (ch: string, i: number) => boolean, onComment: () => void = () => {}): boolean {
  for (let i = from; i < to; i++) {
    if (text[i] === '"') {
      for (i++; i < to && text[i] !== '"' && text[i] !== '\n'; i++) if (text[i] === '\\') i++;
      onComment();
    } else if (text[i] === '/' && text[i + 1] === '/') {
      while (i < to && text[i] !== '\n') i++;
      i--;
      onComment();
    } else if (text[i] === '/' && text[i + 1] === '*') {
      const close = text.indexOf('*/', i + 2);
      i = close < 0 ? to : close + 1;
      onComment();
    } else if (onChar(text[i]!, i)) return true;
  }
  return false;
}

/** Whether a newline lies between `from` and `to`, outside comments. */
export function newlineBetween(text: string, from: number, to: number): boolean {
  return scanOutsideComments(text, from, to, (ch) => ch === '\n');
}

/** Whether an empty line lies between `from` and `to` (outside comments; a line with `;` is not empty). */
export function blankBetween(text: string, from: number, to: number): boolean {
  let newlines = 0;
  return scanOutsideComments(
    text,
    from,
    to,
    (ch) => {
      if (ch === '\n') return ++newlines >= 2;
      if (ch !== ' ' && ch !== '\t' && ch !== '\r') newlines = 0;
      return false;
    },
    () => {
      newlines = 0;
    },
  );
}

/** Places the comments of one file (see the module comment). */
class Placer {
  constructor(private readonly layout: Layout) {}

  private attach(node: AstNode, c: AttachedComment, slot: Slot, name = ''): void {
    c.leading = false;
    c.trailing = false;
    c.printed = false;
    c.marker = markerOf(slot, name);
    const n = node as Commented;
    (n.comments ??= []).push(c);
  }

  /** Newline between the token before `c` and `c` (outside comments). */
  private nlBefore(c: CommentNode): boolean {
    const { tokens, text } = this.layout;
    const prev = tokens[tokenAtOrAfter(tokens, c.span.start) - 1];
    return newlineBetween(text, prev ? prev.end : 0, c.span.start);
  }

  /** Newline between `c` and the token after it (outside comments). */
  private nlAfter(c: CommentNode): boolean {
    const { tokens, text } = this.layout;
    const next = tokens[tokenAtOrAfter(tokens, c.span.end)];
    return newlineBetween(text, c.span.end, next ? next.start : text.length);
  }

  /** Whether a `,` stands between `c` and `offset`. */
  private commaBefore(c: CommentNode, offset: number): boolean {
    const { tokens } = this.layout;
    for (let i = tokenAtOrAfter(tokens, c.span.end); i < tokens.length && tokens[i]!.start < offset; i++) if (tokens[i]!.image === ',') return true;
    return false;
  }

  place(c: AttachedComment): void {
    this.inBody(this.layout.file, c);
  }

  private inBody(block: Block, c: AttachedComment): void {
    const { units } = block;
    let prev: Unit | undefined;
    for (let i = 0; i < units.length; i++) {
      const u = units[i]!;
      if (u.end <= c.span.start) prev = u;
      else if (u.start >= c.span.end) return this.inGap(block, prev, u, c);
      else return this.inUnit(u, units[i + 1], c);
    }
    this.inGap(block, prev, undefined, c);
  }

  private inGap(block: Block, prev: Unit | undefined, next: Unit | undefined, c: AttachedComment): void {
    const hasBraces = block.open >= 0;
    if (!prev) {
      if (hasBraces && !this.nlBefore(c) && this.nlAfter(c)) this.attach(block.owner, c, 'open', block.name);
      else if (next) this.attach(next.owner, c, 'before', next.name);
      else if (hasBraces) this.attach(block.owner, c, 'body', block.name);
      else throw new Error('internal: a comment in a file without a game');
      return;
    }
    if (!this.nlBefore(c)) this.afterOrBefore(prev, next, c);
    else if (next) this.attach(next.owner, c, 'before', next.name);
    else this.attach(prev.owner, c, 'after', prev.name);
  }

  /** After `u`, unless that would put it after comments that come later in the source. */
  private afterOrBefore(u: Unit, next: Unit | undefined, c: AttachedComment): void {
    const lineAfter = peekSlot(u.owner, 'after', u.name).some((x) => !x.block);
    if (next && (lineAfter || peekSlot(next.owner, 'before', next.name).length > 0)) this.attach(next.owner, c, 'before', next.name);
    else this.attach(u.owner, c, 'after', u.name);
  }

  private inUnit(u: Unit, next: Unit | undefined, c: AttachedComment): void {
    if (u.blocks.length > 0) {
      for (const b of u.blocks) if (c.span.start > b.open && c.span.end <= b.close) return this.inBody(b, c);
      const b = u.blocks.find((x) => x.open > c.span.start);
      if (!b) throw new Error('internal: a comment after the last block of a unit');
      const afterLine = peekSlot(b.owner, 'open', b.name).length > 0;
      this.attach(b.owner, c, c.block && !afterLine ? 'header' : 'open', b.name);
      return;
    }
    if (u.elements && this.inList(u.elements, c)) return;
    if (next && this.nlBefore(c)) this.attach(next.owner, c, 'before', next.name);
    else this.afterOrBefore(u, next, c);
  }

  /** A comment among the elements of a list item; `false` when it is inside the last element (then it belongs to the item). */
  private inList(els: readonly AstNode[], c: AttachedComment): boolean {
    let prevEl: AstNode | undefined;
    for (let i = 0; i < els.length; i++) {
      const e = els[i]!;
      const after = els[i + 1];
      if (e.span.end <= c.span.start) {
        prevEl = e;
        continue;
      }
      if (e.span.start < c.span.end) {
        // Inside element e.
        if (!after) return false;
        if (this.nlBefore(c)) this.attach(after, c, 'lead');
        else this.trailOrLead(e, after, c);
        return true;
      }
      // Between prevEl (or the keyword) and e.
      if (!prevEl || this.nlBefore(c) || !(this.nlAfter(c) || this.commaBefore(c, e.span.start))) this.attach(e, c, 'lead');
      else this.trailOrLead(prevEl, e, c);
      return true;
    }
    return false;
  }

  private trailOrLead(e: AstNode, after: AstNode, c: AttachedComment): void {
    if (peekSlot(after, 'lead').length > 0 || peekSlot(e, 'trail').some((x) => !x.block)) this.attach(after, c, 'lead');
    else this.attach(e, c, 'trail');
  }
}

/**
 * Build the layout of a parsed file and attach each of its comments to a node, as a dangling
 * comment whose marker names its slot (see the module comment). `text` is the parsed text.
 * @throws Error on an AST that does not match its text (an internal error).
 */
export function attachComments(ast: GameFile, text: string): void {
  const placer = new Placer(buildLayout(ast, text));
  for (const c of ast.comments) placer.place(c as AttachedComment);
}

/** Prettier's `isBlockComment`. */
export function isBlockComment(comment: CommentNode): boolean {
  return comment.block;
}
