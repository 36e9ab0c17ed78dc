/**
 * Printing `{ … }` blocks and the units inside them, with their comments (see `comments.ts`
 * for the slots and `layout.ts` for blocks and units), and the types the node printers share.
 *
 * Inside a block every unit starts a new line; one blank line is kept where the source had at
 * least one between two printed lines (after the block's first line), and always one where the
 * caller's `forceBlank` says so (top-level blocks of the game). An empty block prints as `{`
 * ⏎ `}`.
 */
import * as doc from 'prettier/doc';
import type { AstPath, Doc, ParserOptions } from 'prettier';
import type { AstKind, AstNode, AstOf } from '../parser/ast.js';
import { blankBetween, breakAfter, breakBefore, takeSlot, type AttachedComment } from './comments.js';
import type { Block, Unit } from './layout.js';

const { group, hardline, indent, join, line, lineSuffix } = doc.builders;

/** Prettier's recursive print callback: prints the child at a property (or a path). */
export type Print = (selector?: string | number | Array<string | number> | AstPath) => Doc;
/** Options handed to the printer (the parsed text is `options.originalText`). */
export type Options = ParserOptions<AstNode>;
/** The printer of one node kind. */
export type NodePrinter<K extends AstKind> = (path: AstPath<AstOf<K>>, options: Options, print: Print) => Doc;

/** `kw a, b, c` — on one line when it fits in 80 columns and holds no line comment, else one element per line. */
export function printList(keyword: string, elements: Doc[]): Doc {
  return group([keyword, indent([line, join([',', line], elements)])]);
}

/**
 * The lines of a block body (or of the file): units and comments, each on a new line or
 * continuing the current one, with the blank lines of the source kept.
 */
export class Lines {
  readonly parts: Doc[] = [];
  /** Source offset of the end of what was printed last. */
  private prevEnd = -1;
  private started = false;
  /** The last thing printed was a block comment that the source continues on its line. */
  private continues = false;

  /** `breakFirst`: start the first line with a line break (inside a block, after the `{`). */
  constructor(
    private readonly text: string,
    private readonly breakFirst: boolean,
  ) {}

  /** Nothing was printed. */
  get empty(): boolean {
    return !this.started;
  }

  private newLine(d: Doc, start: number, end: number, forceBlank: boolean): void {
    if (this.started || this.breakFirst) this.parts.push(hardline);
    if (this.started && (forceBlank || blankBetween(this.text, this.prevEnd, start))) this.parts.push(hardline);
    this.parts.push(d);
    this.prevEnd = Math.max(this.prevEnd, end);
    this.started = true;
  }

  private sameLine(d: Doc, end: number): void {
    this.parts.push(' ', d);
    this.prevEnd = Math.max(this.prevEnd, end);
  }

  /** A comment before a unit or alone in a block: on a new line, unless the comment before it continues on its line. */
  comment(c: AttachedComment, forceBlank = false): void {
    if (this.continues) this.sameLine(c.text, c.span.end);
    else this.newLine(c.text, c.span.start, c.span.end, forceBlank);
    this.continues = c.block && !breakAfter(this.text, c.span.end);
  }

  /** A unit (source offsets `start`..`end`): on a new line, unless after a block comment of its line. */
  unit(d: Doc, start: number, end: number, forceBlank = false): void {
    if (this.continues) this.sameLine(d, end);
    else this.newLine(d, start, end, forceBlank);
    this.continues = false;
  }

  /** Comments after a unit: at the end of its line, or on lines of their own where the source has them so (and after a line comment). */
  trailing(comments: AttachedComment[]): void {
    let afterLineComment = false;
    for (const c of comments) {
      if (afterLineComment || breakBefore(this.text, c.span.start)) this.newLine(c.text, c.span.start, c.span.end, false);
      else {
        this.parts.push(lineSuffix([' ', c.text]));
        this.prevEnd = Math.max(this.prevEnd, c.span.end);
      }
      afterLineComment = !c.block;
    }
    this.continues = false;
  }
}

/** Whether a blank line always separates two neighbouring units (by their nodes). */
export type ForceBlank = (a: Unit, b: Unit) => boolean;

/**
 * Print `units` (with their `before` and `after` comments) into `lines`; `docs[i]` is the
 * printed unit `units[i]`. @throws Error when the counts differ (a printer/layout mismatch).
 */
export function printUnits(lines: Lines, units: readonly Unit[], docs: readonly Doc[], forceBlank?: ForceBlank): void {
  if (units.length !== docs.length) throw new Error(`internal: ${docs.length} printed units for ${units.length} in the layout`);
  units.forEach((u, i) => {
    const force = i > 0 && forceBlank !== undefined && forceBlank(units[i - 1]!, u);
    let first = true;
    for (const c of takeSlot(u.owner, 'before', u.name)) {
      lines.comment(c, first && force);
      first = false;
    }
    lines.unit(docs[i]!, u.start, u.end, first && force);
    lines.trailing(takeSlot(u.owner, 'after', u.name));
  });
}

/**
 * Print a block: `head`, its header comments, ` {`, the comments of its `{` line, then its
 * units one per line (see {@link printUnits}), then `}` on a line of its own.
 */
export function printBraces(options: Options, head: Doc, block: Block, docs: readonly Doc[], forceBlank?: ForceBlank): Doc {
  const { owner, name } = block;
  const header = takeSlot(owner, 'header', name).map((c) => [' ', c.text]);
  const lines = new Lines(options.originalText, true);
  const inline: Doc[] = [];
  let afterLineComment = false;
  for (const c of takeSlot(owner, 'open', name)) {
    if (afterLineComment) lines.comment(c);
    else inline.push(' ', c.text);
    if (!c.block) afterLineComment = true;
  }
  for (const c of takeSlot(owner, 'body', name)) lines.comment(c);
  printUnits(lines, block.units, docs, forceBlank);
  if (lines.empty && inline.length === 0) return [head, header, ' {', hardline, '}'];
  return [head, header, ' {', inline, indent(lines.parts), hardline, '}'];
}
