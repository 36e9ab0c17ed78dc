/**
 * The line structure of a parsed `.gbg` file, as the formatter prints it: which `{ … }` blocks
 * there are, and which *units* (lines of the output) each block holds. Comments are placed
 * relative to this structure (`comments.ts`) and the printer prints blocks and units from it
 * (`printer.ts`), so both agree on where every comment goes.
 *
 * - A **block** is a `{ … }` body: the game, `deck`, a phase or sub-phase, a betting round, the
 *   `generated` record, a `sum-of-ranks` showdown's rules, each branch of an `if` (and its
 *   `else`), `events`, each `when`, a loop, a choice and each option, a simultaneous round,
 *   each outcome and its `otherwise`, an auction and its `prize`. Its *owner* is the node that
 *   prints it; blocks that have no node of their own (`else`, `otherwise`, `prize`) are owned
 *   by the step they belong to and have a name.
 * - A **unit** is what the printer puts on its own line(s) inside a block: a declaration, a
 *   step, a deck or betting item, a scoring rule, an option, an outcome, a `when` item, or a
 *   line with no node of its own (*pseudo units*: `options A, B`, `bids 0..3`, `tie coinflip`,
 *   `winner pays pot`, `prize { … }`, `otherwise { … }`, the fields of `generated`). A unit that
 *   holds blocks is a *container*; the words before each of its `{` are that block's header.
 * - The file itself is a block with no braces holding one unit, the game.
 *
 * Offsets come from the lexer's tokens (`;` is left out: it is never printed, so it counts as
 * white space here).
 */
import type { IToken } from 'chevrotain';
import type { AstNode, GameFile, StepNode } from '../parser/ast.js';
import { gbgLexer } from '../parser/tokens.js';

/** A token of the source: its offsets (end exclusive) and its text. */
export interface Tok {
  start: number;
  end: number;
  image: string;
}

/** A `{ … }` body (see the module comment). */
export interface Block {
  /** The node whose printer prints the block; its comments in the header, on the `{` line and in an empty body are attached here. */
  owner: AstNode;
  /** `''` for the owner's own block; `else`, `otherwise` or `prize` for a block without a node. */
  name: string;
  /** Offset of the `{`. */
  open: number;
  /** Offset of the matching `}`. */
  close: number;
  units: Unit[];
}

/** A line (or, for a container, a multi-line block) of the output (see the module comment). */
export interface Unit {
  /** The node the unit's comments attach to: the unit's own node, or for a pseudo unit the step or record it belongs to. */
  owner: AstNode;
  /** `''` for a node unit; the pseudo unit's name otherwise. */
  name: string;
  /** Source offsets of the unit's first token and just past its last. */
  start: number;
  end: number;
  /** The blocks of a container, in source order (empty for a one-line unit). */
  blocks: Block[];
  /** The elements of a comma-separated list item (`players`, `suits`, `ranks`, `stack` per seat), else `null`. */
  elements: readonly AstNode[] | null;
}

/** The layout of one file. */
export interface Layout {
  text: string;
  /** Every token but comments and `;`, in source order. */
  tokens: Tok[];
  /** The file as a block without braces (`open` -1, `close` the text length) holding the game. */
  file: Block;
}

const layouts = new WeakMap<AstNode, Layout>();
const blocks = new WeakMap<AstNode, Map<string, Block>>();

/** The layout of the file whose root is `root` (built by {@link buildLayout}). */
export function layoutOf(root: AstNode): Layout {
  const l = layouts.get(root);
  if (!l) throw new Error('internal: no layout for this AST (it was not parsed by the gbg plugin)');
  return l;
}

/** The block `name` (`''` for its own) printed by `owner`. @throws Error when there is none (a printer/layout mismatch). */
export function blockOf(owner: AstNode, name = ''): Block {
  const b = blocks.get(owner)?.get(name);
  if (!b) throw new Error(`internal: no block '${name}' for a ${owner.kind}`);
  return b;
}

/** Whether `owner` has a block called `name` in the source. */
export function hasBlock(owner: AstNode, name = ''): boolean {
  return blocks.get(owner)?.has(name) ?? false;
}

/** Index of the first token starting at or after `offset`. */
export function tokenAtOrAfter(tokens: readonly Tok[], offset: number): number {
  let lo = 0;
  let hi = tokens.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (tokens[mid]!.start < offset) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Builds the blocks and units of one file from its AST and tokens. */
class Builder {
  constructor(
    private readonly text: string,
    private readonly tokens: Tok[],
  ) {}

  /** The token at index `i`. @throws Error past the end (a malformed AST). */
  private tok(i: number): Tok {
    const t = this.tokens[i];
    if (!t) throw new Error('internal: the layout ran past the last token');
    return t;
  }

  /** The first token with image `image` starting at or after `offset`. */
  private find(image: string, offset: number): Tok {
    for (let i = tokenAtOrAfter(this.tokens, offset); i < this.tokens.length; i++) if (this.tokens[i]!.image === image) return this.tokens[i]!;
    throw new Error(`internal: no '${image}' after offset ${offset}`);
  }

  /** The token just before offset `offset`. */
  private before(offset: number): Tok {
    return this.tok(tokenAtOrAfter(this.tokens, offset) - 1);
  }

  /** The token right after offset `offset`. */
  private after(offset: number): Tok {
    return this.tok(tokenAtOrAfter(this.tokens, offset));
  }

  private block(owner: AstNode, name: string, open: number, close: number, units: Unit[]): Block {
    const b: Block = { owner, name, open, close, units };
    let m = blocks.get(owner);
    if (!m) blocks.set(owner, (m = new Map()));
    m.set(name, b);
    return b;
  }

  /** A container's own block: from the first `{` at or after `from` to the node's last token. */
  private ownBlock(node: AstNode, units: Unit[], from = node.span.start): Block {
    return this.block(node, '', this.find('{', from).start, node.span.end - 1, units);
  }

  private pseudo(owner: AstNode, name: string, start: number, end: number, inner: Block[] = []): Unit {
    return { owner, name, start, end, blocks: inner, elements: null };
  }

  private leaf(node: AstNode, elements: readonly AstNode[] | null = null): Unit {
    return { owner: node, name: '', start: node.span.start, end: node.span.end, blocks: [], elements };
  }

  private container(node: AstNode, inner: Block[], start = node.span.start): Unit {
    return { owner: node, name: '', start, end: node.span.end, blocks: inner, elements: null };
  }

  steps(steps: readonly StepNode[]): Unit[] {
    return steps.map((s) => this.step(s));
  }

  file(file: GameFile): Block {
    const g = file.game;
    const game = this.container(g, [
      this.ownBlock(
        g,
        g.decls.map((d) => this.decl(d)),
      ),
    ]);
    return { owner: file, name: '', open: -1, close: this.text.length, units: [game] };
  }

  decl(d: GameFile['game']['decls'][number]): Unit {
    switch (d.kind) {
      case 'Players':
        return this.leaf(d, d.seats);
      case 'Stack':
        return this.leaf(d, d.perSeat.length > 0 ? d.perSeat : null);
      case 'Deck':
        return this.container(d, [
          this.ownBlock(
            d,
            d.items.map((i) => this.leaf(i, i.kind === 'Ranks' ? i.ranks : i.kind === 'Suits' ? i.suits : null)),
          ),
        ]);
      case 'Phase':
      case 'Subphase':
        return this.container(d, [this.ownBlock(d, this.steps(d.steps))]);
      case 'Showdown': {
        const last = this.tokens[tokenAtOrAfter(this.tokens, d.span.end) - 1];
        if (last?.image !== '}') return this.leaf(d);
        return this.container(d, [
          this.ownBlock(
            d,
            d.rules.map((r) => this.leaf(r)),
          ),
        ]);
      }
      case 'Generated': {
        const fields = (['generator', 'builder', 'seed', 'complexity'] as const).map((f) =>
          this.pseudo(d, f, this.before(d[f].span.start).start, d[f].span.end),
        );
        return this.container(d, [this.ownBlock(d, fields)]);
      }
      default:
        return this.leaf(d);
    }
  }

  step(s: StepNode): Unit {
    switch (s.kind) {
      case 'BettingStep':
        return this.container(s, [
          this.ownBlock(
            s,
            s.items.map((i) => this.leaf(i)),
          ),
        ]);
      case 'IfStep': {
        const inner = s.branches.map((b) => this.block(b, '', this.find('{', b.cond.span.end).start, b.span.end - 1, this.steps(b.steps)));
        if (s.otherwise)
          inner.push(this.block(s, 'else', this.find('{', s.branches[s.branches.length - 1]!.span.end).start, s.span.end - 1, this.steps(s.otherwise)));
        return this.container(s, inner);
      }
      case 'EventsStep': {
        const items = s.items.map((b) =>
          this.container(b, [this.block(b, '', this.find('{', b.cond.span.end).start, b.span.end - 1, this.steps(b.steps))], this.before(b.span.start).start),
        );
        return this.container(s, [this.ownBlock(s, items)]);
      }
      case 'RepeatStep':
        return this.container(s, [this.ownBlock(s, this.steps(s.steps), s.until ? s.until.span.end : s.counter.span.end)]);
      case 'ChoiceStep': {
        const options = s.options.map((o) => this.container(o, [this.ownBlock(o, this.steps(o.steps))]));
        return this.container(s, [this.ownBlock(s, options)]);
      }
      case 'SimultaneousStep': {
        const main = this.find('{', s.span.start);
        const names = s.options[s.options.length - 1]!;
        const units: Unit[] = [this.pseudo(s, 'options', this.after(main.end).start, names.span.end)];
        for (const o of s.outcomes) units.push(this.container(o, [this.ownBlock(o, this.steps(o.steps))]));
        if (s.otherwise) {
          const kw = this.after(units[units.length - 1]!.end);
          const open = this.find('{', kw.end);
          const close = this.before(s.span.end - 1);
          units.push(this.pseudo(s, 'otherwise', kw.start, close.end, [this.block(s, 'otherwise', open.start, close.start, this.steps(s.otherwise))]));
        }
        return this.container(s, [this.block(s, '', main.start, s.span.end - 1, units)]);
      }
      case 'AuctionStep': {
        const main = this.find('{', s.span.start);
        const bids = this.pseudo(s, 'bids', this.after(main.end).start, s.max.span.end);
        const tie = this.after(bids.end);
        const tieEnd = this.after(tie.end);
        const winner = this.after(tieEnd.end);
        const payTo = this.after(this.after(winner.end).end);
        const prize = this.after(payTo.end);
        const open = this.after(prize.end);
        const close = this.before(s.span.end - 1);
        const units = [
          bids,
          this.pseudo(s, 'tie', tie.start, tieEnd.end),
          this.pseudo(s, 'pays', winner.start, payTo.end),
          this.pseudo(s, 'prize', prize.start, close.end, [this.block(s, 'prize', open.start, close.start, this.steps(s.prize))]),
        ];
        return this.container(s, [this.block(s, '', main.start, s.span.end - 1, units)]);
      }
      default:
        return this.leaf(s);
    }
  }
}

/**
 * Build the layout of a parsed file and remember it for {@link layoutOf} and {@link blockOf}.
 * `text` must be the text `ast` was parsed from.
 * @throws Error on an AST that does not match its text (an internal error).
 */
export function buildLayout(ast: GameFile, text: string): Layout {
  const tokens: Tok[] = [];
  for (const t of gbgLexer().tokenize(text).tokens as IToken[]) {
    if (t.image === ';') continue;
    tokens.push({ start: t.startOffset, end: t.startOffset + t.image.length, image: t.image });
  }
  const layout: Layout = { text, tokens, file: new Builder(text, tokens).file(ast) };
  layouts.set(ast, layout);
  return layout;
}
