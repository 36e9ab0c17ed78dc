/**
 * Concrete syntax tree → AST. Runs only on input that parsed without errors, so every token the
 * grammar requires is present; numbers are range-checked here (E0108).
 */
import type { CstElement, CstNode, IToken } from 'chevrotain';
import { error, type Diagnostic } from '../diagnostics/diagnostic.js';
import type * as A from './ast.js';
import { tokenRange } from './source.js';

/** Largest whole number accepted anywhere in a game. */
export const MAX_NUMBER = 1_000_000_000;

type Children = Record<string, CstElement[] | undefined>;

function isToken(e: CstElement): e is IToken {
  return (e as IToken).image !== undefined;
}

class Builder {
  readonly diagnostics: Diagnostic[] = [];
  constructor(private readonly text: string) {}

  tokens(ch: Children, key: string): IToken[] {
    return (ch[key] ?? []).filter(isToken);
  }
  token(ch: Children, key: string): IToken | undefined {
    return this.tokens(ch, key)[0];
  }
  nodes(ch: Children, key: string): CstNode[] {
    return (ch[key] ?? []).filter((e): e is CstNode => !isToken(e));
  }
  node(ch: Children, key: string): CstNode | undefined {
    return this.nodes(ch, key)[0];
  }
  need<T>(v: T | undefined, what: string): T {
    if (v === undefined) throw new Error(`internal: missing ${what} in a CST without errors`);
    return v;
  }

  /** The span from the first to the last token under a CST node. */
  spanOf(n: CstNode): A.Span {
    let first: IToken | undefined;
    let last: IToken | undefined;
    const walk = (e: CstElement) => {
      if (isToken(e)) {
        if (!first || e.startOffset < first.startOffset) first = e;
        if (!last || e.startOffset > last.startOffset) last = e;
      } else for (const list of Object.values(e.children)) for (const c of list ?? []) walk(c);
    };
    walk(n);
    if (!first || !last) return { start: 0, end: 0, line: 1, column: 1 };
    const r = tokenRange(first);
    return { ...r, end: tokenRange(last).end };
  }

  ident(t: IToken): A.Ident {
    return { kind: 'Ident', name: t.image, span: tokenRange(t) };
  }

  number(t: IToken, negative?: IToken): A.NumberLit {
    const value = Number(t.image) * (negative ? -1 : 1);
    const span = tokenRange(t);
    if (negative) {
      span.start = negative.startOffset;
      span.column = negative.startColumn ?? span.column;
    }
    if (!Number.isFinite(value) || Math.abs(value) > MAX_NUMBER) {
      this.diagnostics.push(error('E0108', `number ${t.image.length > 20 ? `${t.image.slice(0, 20)}…` : t.image} is too large (at most ${MAX_NUMBER.toLocaleString('en-US')})`, span));
    }
    return { kind: 'Number', value, text: negative ? `-${t.image}` : t.image, span };
  }

  string(t: IToken): A.StringLit {
    let value: string;
    try {
      value = JSON.parse(t.image) as string;
    } catch {
      value = t.image.slice(1, -1);
    }
    return { kind: 'String', value, span: tokenRange(t) };
  }

  file(cst: CstNode, comments: A.CommentNode[]): A.GameFile {
    const game = this.game(this.need(this.node(cst.children, 'game'), 'game'));
    return { kind: 'File', game, comments, span: { start: 0, end: this.text.length, line: 1, column: 1 } };
  }

  game(n: CstNode): A.GameNode {
    const ch = n.children;
    return {
      kind: 'Game',
      name: this.string(this.need(this.token(ch, 'StringLiteral'), 'game name')),
      decls: this.nodes(ch, 'declaration').map((d) => this.declaration(d)),
      span: this.spanOf(n),
    };
  }

  declaration(n: CstNode): A.Decl {
    const [key, list] = Object.entries(n.children)[0]!;
    const inner = list![0] as CstNode;
    const ch = inner.children;
    const span = this.spanOf(inner);
    switch (key) {
      case 'players':
        return { kind: 'Players', seats: this.tokens(ch, 'Identifier').map((t) => this.ident(t)), span };
      case 'stack': {
        const each = this.token(ch, 'Integer');
        return {
          kind: 'Stack',
          each: each ? this.number(each) : null,
          perSeat: this.nodes(ch, 'stackEntry').map((e) => ({
            kind: 'StackEntry',
            seat: this.ident(this.need(this.token(e.children, 'Identifier'), 'seat')),
            amount: this.number(this.need(this.token(e.children, 'Integer'), 'amount')),
            span: this.spanOf(e),
          })),
          span,
        };
      }
      case 'deck':
        return { kind: 'Deck', items: this.deckItems(inner), span };
      case 'pile':
        return {
          kind: 'Pile',
          name: this.ident(this.need(this.token(ch, 'Identifier'), 'pile name')),
          visibility: this.token(ch, 'Kw_public') ? 'public' : 'hidden',
          span,
        };
      case 'phase':
        return {
          kind: 'Phase',
          name: this.ident(this.need(this.token(ch, 'Identifier'), 'phase name')),
          steps: this.nodes(this.need(this.node(ch, 'stepBlock'), 'steps').children, 'step').map((s) => this.step(s)),
          span,
        };
      case 'showdown': {
        const using = this.token(ch, 'Identifier');
        return {
          kind: 'Showdown',
          metric: this.token(ch, 'HighCard') ? 'high-card' : 'pair-with-board',
          using: using ? this.ident(using) : null,
          span,
        };
      }
      case 'generated': {
        const strings = this.tokens(ch, 'StringLiteral');
        const ints = this.tokens(ch, 'Integer');
        const dec = this.token(ch, 'Decimal');
        const cx = dec ?? this.need(ints[1], 'complexity');
        return {
          kind: 'Generated',
          generator: this.string(this.need(strings[0], 'generator')),
          builder: this.string(this.need(strings[1], 'builder')),
          seed: this.number(this.need(ints[0], 'seed')),
          complexity: { kind: 'Number', value: Number(cx.image), text: cx.image, span: tokenRange(cx) },
          span,
        };
      }
      default:
        throw new Error(`internal: unknown declaration ${key}`);
    }
  }

  deckItems(n: CstNode): A.DeckItem[] {
    const items: A.DeckItem[] = [];
    for (const [key, list] of Object.entries(n.children)) {
      for (const e of list ?? []) {
        if (isToken(e)) continue;
        const ch = e.children;
        const span = this.spanOf(e);
        if (key === 'ranks')
          items.push({
            kind: 'Ranks',
            ranks: this.nodes(ch, 'rank').map((r) => {
              const name = this.token(r.children, 'Identifier') ?? this.need(this.token(r.children, 'Integer'), 'rank name');
              const ints = this.tokens(r.children, 'Integer');
              const valueTok = this.need(ints[ints.length - 1], 'rank value');
              return {
                kind: 'RankEntry' as const,
                name: this.ident(name),
                value: this.number(valueTok, this.token(r.children, 'Minus')),
                span: this.spanOf(r),
              };
            }),
            span,
          });
        else if (key === 'suits') items.push({ kind: 'Suits', suits: this.tokens(ch, 'Identifier').map((t) => this.ident(t)), span });
        else if (key === 'copies') items.push({ kind: 'Copies', count: this.number(this.need(this.token(ch, 'Integer'), 'copies')), span });
      }
    }
    return items.sort((a, b) => a.span.start - b.span.start);
  }

  pileRef(n: CstNode): A.PileRefNode {
    const id = this.token(n.children, 'Identifier');
    return { kind: 'PileRef', name: id ? this.ident(id) : null, span: this.spanOf(n) };
  }

  step(n: CstNode): A.StepNode {
    const [key, list] = Object.entries(n.children)[0]!;
    const inner = list![0] as CstNode;
    const ch = inner.children;
    const span = this.spanOf(inner);
    switch (key) {
      case 'shuffleStep':
        return { kind: 'ShuffleStep', pile: this.pileRef(this.need(this.node(ch, 'pileRef'), 'pile')), span };
      case 'dealStep': {
        const source = this.node(ch, 'source');
        const target = this.node(ch, 'target');
        return {
          kind: 'DealStep',
          count: this.number(this.need(this.token(ch, 'Integer'), 'count')),
          from: source ? this.pileRef(source) : null,
          to: target ? this.pileRef(target) : null,
          face: this.token(ch, 'Kw_up') ? 'up' : this.token(ch, 'Kw_down') ? 'down' : null,
          span,
        };
      }
      case 'anteStep': {
        const from = this.token(ch, 'Identifier');
        return { kind: 'AnteStep', amount: this.number(this.need(this.token(ch, 'Integer'), 'amount')), from: from ? this.ident(from) : null, span };
      }
      case 'bettingStep':
        return {
          kind: 'BettingStep',
          mode: 'fixed',
          items: this.nodes(ch, 'bettingItem').map((b) => this.bettingItem(b)),
          span,
        };
      default:
        throw new Error(`internal: unknown step ${key}`);
    }
  }

  bettingItem(n: CstNode): A.BettingItem {
    const ch = n.children;
    const span = this.spanOf(n);
    if (this.token(ch, 'Kw_bet')) return { kind: 'BetSize', amount: this.number(this.need(this.token(ch, 'Integer'), 'bet')), span };
    if (this.token(ch, 'Kw_raises')) return { kind: 'RaiseCap', count: this.number(this.need(this.token(ch, 'Integer'), 'cap')), span };
    return { kind: 'FirstActor', seat: this.ident(this.need(this.token(ch, 'Identifier'), 'seat')), span };
  }
}

/** Build the AST of a CST that parsed without errors. */
export function buildAst(cst: CstNode, text: string, comments: A.CommentNode[]): { ast: A.GameFile | null; diagnostics: Diagnostic[] } {
  const b = new Builder(text);
  const ast = b.file(cst, comments);
  return { ast: b.diagnostics.length > 0 ? null : ast, diagnostics: b.diagnostics };
}
