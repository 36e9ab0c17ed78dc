/**
 * Concrete syntax tree → AST. Runs only on input that parsed without errors, so every token the
 * grammar requires is present; numbers are range-checked here (E0108).
 */
import type { CstElement, CstNode, IToken } from 'chevrotain';
import { error, type Diagnostic } from '../diagnostics/diagnostic.js';
import type * as A from './ast.js';
import { rangeAtOffset, tokenRange } from './source.js';

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

  /** First and last token under each CST node read so far (null: none), so that nested spans read each token once. */
  private readonly ends = new Map<CstNode, readonly [IToken, IToken] | null>();

  /**
   * The first and last token (by offset) under `n`. Every offset is a number: the builder runs
   * only on input that parsed without errors, so no token was inserted by error recovery.
   */
  private endsOf(n: CstNode): readonly [IToken, IToken] | null {
    const known = this.ends.get(n);
    if (known !== undefined) return known;
    let first: IToken | undefined;
    let last: IToken | undefined;
    for (const list of Object.values(n.children))
      for (const c of list ?? []) {
        let lo: IToken;
        let hi: IToken;
        if (isToken(c)) lo = hi = c;
        else {
          const e = this.endsOf(c);
          if (e === null) continue;
          [lo, hi] = e;
        }
        if (!first || lo.startOffset < first.startOffset) first = lo;
        if (!last || hi.startOffset > last.startOffset) last = hi;
      }
    const out = first && last ? ([first, last] as const) : null;
    this.ends.set(n, out);
    return out;
  }

  /** The span from the first to the last token under a CST node. */
  spanOf(n: CstNode): A.Span {
    const e = this.endsOf(n);
    if (e === null) return { start: 0, end: 0, line: 1, column: 1 };
    const r = tokenRange(e[0]);
    return { ...r, end: tokenRange(e[1]).end };
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
      this.diagnostics.push(
        error(
          'E0108',
          `number ${t.image.length > 20 ? `${t.image.slice(0, 20)}…` : t.image} is too large (at most ${MAX_NUMBER.toLocaleString('en-US')})`,
          span,
        ),
      );
    }
    return { kind: 'Number', value, text: negative ? `-${t.image}` : t.image, span };
  }

  /**
   * A quoted string's value: `\"`, `\\` and `\uXXXX` are escapes (`\n`, `\t`, `\r` too, but they
   * give control characters, which are refused). Any other `\c` is an unknown escape (E0111); a
   * value with a control character (a line break, a tab, U+0000–U+001F, U+007F–U+009F, U+2028,
   * U+2029) is refused (E0112), so a game's text can never break the lines of a rulebook or prompt.
   */
  string(t: IToken): A.StringLit {
    const body = t.image.slice(1, -1);
    const span = tokenRange(t);
    const value = body.replace(/\\(u[0-9a-fA-F]{4}|.)/g, (m, e: string, at: number) => {
      if (e.length === 5) return String.fromCharCode(parseInt(e.slice(1), 16));
      if (e === 'n') return '\n';
      if (e === 't') return '\t';
      if (e === 'r') return '\r';
      if (e === '"' || e === '\\') return e;
      const start = t.startOffset + 1 + at;
      this.diagnostics.push(
        error(
          'E0111',
          `unknown escape '${m}' in a string`,
          rangeAtOffset(this.text, start, m.length),
          'the escapes are \\" \\\\ and \\uXXXX; write a backslash as \\\\',
        ),
      );
      return e;
    });
    const bad = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/.exec(value);
    if (bad) {
      const code = `U+${bad[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;
      const what =
        bad[0] === '\n' || bad[0] === '\r' || bad[0] === '\u2028' || bad[0] === '\u2029' ? 'a line break' : bad[0] === '\t' ? 'a tab' : 'a control character';
      this.diagnostics.push(error('E0112', `this string contains ${what} (${code}); names and reasons must be one line of printable text`, span));
    }
    return { kind: 'String', value, span };
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
      case 'button':
        return { kind: 'Button', span };
      case 'oddChip':
        return { kind: 'OddChip', span };
      case 'chat': {
        const msg = this.token(ch, 'StringLiteral');
        const from = this.token(ch, 'Identifier');
        return {
          kind: 'Chat',
          message: msg ? this.string(msg) : null,
          ...(from ? { from: this.ident(from) } : {}),
          limits: this.nodes(ch, 'chatLimit').map((l) => ({
            kind: 'ChatLimit',
            what: this.token(l.children, 'Kw_max') ? 'max-chars' : this.token(l.children, 'Kw_hand') ? 'per-hand' : 'per-phase',
            value: this.number(this.need(this.token(l.children, 'Integer'), 'limit')),
            span: this.spanOf(l),
          })),
          span,
        };
      }
      case 'house': {
        const bank = this.token(ch, 'Integer');
        return { kind: 'House', seat: this.ident(this.need(this.token(ch, 'Identifier'), 'seat')), bank: bank ? this.number(bank) : null, span };
      }
      case 'shoe':
        return { kind: 'Shoe', cut: this.number(this.need(this.token(ch, 'Integer'), 'cut')), span };
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
      case 'subphase':
        return {
          kind: key === 'phase' ? 'Phase' : 'Subphase',
          name: this.ident(this.need(this.token(ch, 'Identifier'), 'phase name')),
          steps: this.block(this.need(this.node(ch, 'stepBlock'), 'steps')),
          span,
        };
      case 'variable':
        return {
          kind: 'Var',
          name: this.ident(this.need(this.token(ch, 'Identifier'), 'variable name')),
          initial: this.number(this.need(this.token(ch, 'Integer'), 'initial value'), this.token(ch, 'Minus')),
          span,
        };
      case 'position':
        return {
          kind: 'Position',
          name: this.ident(this.need(this.token(ch, 'Identifier'), 'position name')),
          visibility: this.token(ch, 'Kw_public') ? 'public' : 'hidden',
          span,
        };
      case 'showdown': {
        const using = this.token(ch, 'Identifier');
        return {
          kind: 'Showdown',
          metric: this.token(ch, 'HighCard')
            ? 'high-card'
            : this.token(ch, 'PairWithBoard')
              ? 'pair-with-board'
              : this.token(ch, 'PokerHand')
                ? 'poker-hand'
                : 'sum-of-ranks',
          using: using ? this.ident(using) : null,
          options: [...this.tokens(ch, 'FlushBeatsFullHouse'), ...this.tokens(ch, 'NoSuits')]
            .sort((a, b) => a.startOffset - b.startOffset)
            .map((t) => (t.tokenType.name === 'NoSuits' ? ('no-suits' as const) : ('flush-beats-full-house' as const))),
          rules: this.nodes(ch, 'scoringRule').map((r) => ({
            kind: 'ScoringRule' as const,
            sign: this.token(r.children, 'Kw_bonus') ? ('bonus' as const) : ('penalty' as const),
            points: this.number(this.need(this.token(r.children, 'Integer'), 'points')),
            per: this.token(r.children, 'Kw_pair') ? ('pair' as const) : ('each' as const),
            rank: this.rankRef(this.need(this.node(r.children, 'rankRef'), 'rank')),
            span: this.spanOf(r),
          })),
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

  /** The steps of a `{ … }` block. */
  block(n: CstNode): A.StepNode[] {
    return this.nodes(n.children, 'step').map((s) => this.step(s));
  }

  rankRef(n: CstNode): A.Ident {
    const t = this.token(n.children, 'Identifier') ?? this.token(n.children, 'Integer') ?? this.need(this.token(n.children, 'Kw_top'), 'rank');
    return this.ident(t);
  }

  seatRef(n: CstNode): A.SeatRefNode {
    const id = this.token(n.children, 'Identifier');
    const keyword = this.token(n.children, 'Kw_winner')
      ? 'winner'
      : this.token(n.children, 'Kw_any')
        ? 'any'
        : this.token(n.children, 'Kw_each')
          ? 'each'
          : null;
    return { kind: 'SeatRef', name: id ? this.ident(id) : null, keyword: id ? null : keyword, span: this.spanOf(n) };
  }

  party(n: CstNode): A.PartyNode {
    const id = this.token(n.children, 'Identifier');
    const keyword = this.token(n.children, 'Kw_winner') ? 'winner' : this.token(n.children, 'Kw_pot') ? 'pot' : null;
    return { kind: 'Party', name: id ? this.ident(id) : null, keyword: id ? null : keyword, span: this.spanOf(n) };
  }

  face(n: CstNode | undefined): 'up' | 'down' | null {
    if (!n) return null;
    return this.token(n.children, 'Kw_up') ? 'up' : 'down';
  }

  condBranch(n: CstNode): A.CondBranchNode {
    const ch = n.children;
    return {
      kind: 'CondBranch',
      cond: this.cond(this.need(this.node(ch, 'cond'), 'condition')),
      check: this.token(ch, 'Kw_public') ? 'public' : 'private',
      steps: this.block(this.need(this.node(ch, 'stepBlock'), 'block')),
      span: this.spanOf(n),
    };
  }

  cond(n: CstNode): A.CondNode {
    const args = this.nodes(n.children, 'andCond').map((a) => this.andCond(a));
    return args.length === 1 ? args[0]! : { kind: 'Logic', op: 'or', args, span: this.spanOf(n) };
  }

  andCond(n: CstNode): A.CondNode {
    const args = this.nodes(n.children, 'notCond').map((a) => this.notCond(a));
    return args.length === 1 ? args[0]! : { kind: 'Logic', op: 'and', args, span: this.spanOf(n) };
  }

  notCond(n: CstNode): A.CondNode {
    const inner = this.node(n.children, 'notCond');
    if (inner) return { kind: 'Not', arg: this.notCond(inner), span: this.spanOf(n) };
    return this.atomCond(this.need(this.node(n.children, 'atomCond'), 'condition'));
  }

  atomCond(n: CstNode): A.CondNode {
    const ch = n.children;
    const span = this.spanOf(n);
    if (this.token(ch, 'Kw_true')) return { kind: 'BoolLit', value: true, span };
    if (this.token(ch, 'Kw_false')) return { kind: 'BoolLit', value: false, span };
    const inner = this.node(ch, 'cond');
    if (inner) return { kind: 'Paren', inner: this.cond(inner), span };
    const pileName = this.token(ch, 'pile');
    if (pileName)
      return {
        kind: 'PileHas',
        pile: this.ident(pileName),
        anyOf: this.token(ch, 'Kw_any') !== undefined,
        ranks: this.nodes(ch, 'rankRef').map((r) => this.rankRef(r)),
        span,
      };
    if (this.token(ch, 'Kw_has'))
      return {
        kind: 'Has',
        seat: this.seatRef(this.need(this.node(ch, 'seatRef'), 'seat')),
        pair: this.token(ch, 'Kw_pair') !== undefined,
        anyOf: this.token(ch, 'Kw_any') !== undefined,
        ranks: this.nodes(ch, 'rankRef').map((r) => this.rankRef(r)),
        span,
      };
    if (this.token(ch, 'Kw_holds'))
      return {
        kind: 'Holds',
        seat: this.seatRef(this.need(this.node(ch, 'seatRef'), 'seat')),
        position: this.ident(this.need(this.token(ch, 'Identifier'), 'position')),
        span,
      };
    const opNode = this.need(this.node(ch, 'compareOp'), 'operator');
    const opTok = this.need(Object.values(opNode.children)[0]?.[0] as IToken | undefined, 'operator');
    return {
      kind: 'Compare',
      op: opTok.image as A.CompareNode['op'],
      left: this.intExpr(this.need(this.node(ch, 'left'), 'left')),
      right: this.intExpr(this.need(this.node(ch, 'right'), 'right')),
      span,
    };
  }

  intExpr(n: CstNode): A.IntExprNode {
    const atoms = this.nodes(n.children, 'intAtom').map((a) => this.intAtom(a));
    const ops = [...this.tokens(n.children, 'Plus'), ...this.tokens(n.children, 'Minus'), ...this.tokens(n.children, 'Star')].sort(
      (a, b) => a.startOffset - b.startOffset,
    );
    const bin = (op: '+' | '-' | '*', left: A.IntExprNode, right: A.IntExprNode): A.IntExprNode => ({
      kind: 'Binary',
      op,
      left,
      right,
      span: { ...left.span, end: right.span.end },
    });
    // Products first (left to right), then sums and differences (left to right).
    const terms: A.IntExprNode[] = [atoms[0]!];
    const sumOps: ('+' | '-')[] = [];
    for (let i = 1; i < atoms.length; i++) {
      const op = ops[i - 1]!.image as '+' | '-' | '*';
      if (op === '*') terms[terms.length - 1] = bin('*', terms[terms.length - 1]!, atoms[i]!);
      else {
        sumOps.push(op);
        terms.push(atoms[i]!);
      }
    }
    let acc = terms[0]!;
    for (let i = 1; i < terms.length; i++) acc = bin(sumOps[i - 1]!, acc, terms[i]!);
    return acc;
  }

  intAtom(n: CstNode): A.IntExprNode {
    const ch = n.children;
    const span = this.spanOf(n);
    const seat = this.node(ch, 'seatRef');
    if (seat) {
      const fn = this.token(ch, 'Kw_stack')
        ? 'stack'
        : this.token(ch, 'Kw_handsize')
          ? 'handsize'
          : this.token(ch, 'Kw_highest')
            ? 'highest'
            : this.token(ch, 'Kw_lowest')
              ? 'lowest'
              : this.token(ch, 'Kw_total')
                ? 'total'
                : 'score';
      return { kind: 'SeatFn', fn, seat: this.seatRef(seat), span };
    }
    const pile = this.node(ch, 'pileRef');
    if (pile) return { kind: 'SizeFn', pile: this.pileRef(pile), span };
    if (this.token(ch, 'Kw_pot')) return { kind: 'Pot', span };
    const id = this.token(ch, 'Identifier');
    if (id) return { kind: 'VarRef', name: this.ident(id), span };
    return this.number(this.need(this.token(ch, 'Integer'), 'number'));
  }

  step(n: CstNode): A.StepNode {
    const [key, list] = Object.entries(n.children)[0]!;
    const inner = list![0] as CstNode;
    const ch = inner.children;
    const span = this.spanOf(inner);
    const id = (i = 0) => this.ident(this.need(this.tokens(ch, 'Identifier')[i], 'name'));
    const pick = () => (this.token(this.need(this.node(ch, 'pick'), 'pick').children, 'Kw_random') ? ('random' as const) : ('chosen' as const));
    const pubPriv = () => (this.token(ch, 'Kw_public') ? ('public' as const) : ('private' as const));
    switch (key) {
      case 'callStep':
        return { kind: 'CallStep', phase: id(), span };
      case 'ifStep': {
        const blocks = this.nodes(ch, 'stepBlock');
        return {
          kind: 'IfStep',
          branches: this.nodes(ch, 'condBranch').map((b) => this.condBranch(b)),
          otherwise: blocks[0] ? this.block(blocks[0]) : null,
          span,
        };
      }
      case 'eventsStep':
        return { kind: 'EventsStep', items: this.nodes(ch, 'condBranch').map((b) => this.condBranch(b)), span };
      case 'repeatStep': {
        const c = this.node(ch, 'cond');
        return {
          kind: 'RepeatStep',
          max: this.number(this.need(this.token(ch, 'Integer'), 'rounds')),
          counter: id(),
          until: c ? this.cond(c) : null,
          steps: this.block(this.need(this.node(ch, 'stepBlock'), 'block')),
          span,
        };
      }
      case 'endStep': {
        const w = this.token(ch, 'Identifier');
        return { kind: 'EndStep', winner: w ? this.ident(w) : null, reason: this.string(this.need(this.token(ch, 'StringLiteral'), 'reason')), span };
      }
      case 'choiceStep':
        return {
          kind: 'ChoiceStep',
          seat: id(),
          announce: pubPriv(),
          options: this.nodes(ch, 'choiceOption').map((o) => {
            const cost = this.node(o.children, 'cost');
            const chance = this.token(o.children, 'Integer');
            return {
              kind: 'ChoiceOption' as const,
              name: this.ident(this.need(this.token(o.children, 'Word'), 'option')),
              cost: cost ? this.intExpr(cost) : null,
              chance: chance ? this.number(chance) : null,
              steps: this.block(this.need(this.node(o.children, 'stepBlock'), 'block')),
              span: this.spanOf(o),
            };
          }),
          span,
        };
      case 'wagerStep': {
        const max = this.node(ch, 'max');
        return { kind: 'WagerStep', seat: id(), min: this.number(this.need(this.token(ch, 'Integer'), 'min')), max: max ? this.intExpr(max) : null, span };
      }
      case 'matchStep':
        return { kind: 'MatchStep', seat: id(), span };
      case 'simultaneousStep': {
        const other = this.node(ch, 'stepBlock');
        return {
          kind: 'SimultaneousStep',
          options: this.tokens(ch, 'Word').map((t) => this.ident(t)),
          outcomes: this.nodes(ch, 'outcome').map((o) => {
            const names = this.tokens(o.children, 'Word');
            return {
              kind: 'Outcome' as const,
              first: this.ident(this.need(names[0], 'first option')),
              second: this.ident(this.need(names[1], 'second option')),
              steps: this.block(this.need(this.node(o.children, 'stepBlock'), 'block')),
              span: this.spanOf(o),
            };
          }),
          otherwise: other ? this.block(other) : null,
          span,
        };
      }
      case 'auctionStep': {
        const ints = this.tokens(ch, 'Integer');
        return {
          kind: 'AuctionStep',
          min: this.number(this.need(ints[0], 'min bid')),
          max: this.number(this.need(ints[1], 'max bid')),
          payTo: this.token(ch, 'Kw_pot') ? 'pot' : 'opponent',
          prize: this.block(this.need(this.node(ch, 'stepBlock'), 'prize')),
          span,
        };
      }
      case 'peekStep':
        return {
          kind: 'PeekStep',
          seat: this.seatRef(this.need(this.node(ch, 'seatRef'), 'seat')),
          pick: pick(),
          target: id(),
          visibility: this.token(ch, 'Kw_occurrence') ? 'occurrence' : 'private',
          span,
        };
      case 'revealStep':
        return { kind: 'RevealStep', what: this.token(ch, 'Kw_hand') ? 'hand' : 'random', seat: id(), span };
      case 'swapStep':
        return { kind: 'SwapStep', first: id(0), second: id(1), visibility: pubPriv(), span };
      case 'stealStep':
        return { kind: 'StealStep', from: id(), to: this.seatRef(this.need(this.node(ch, 'seatRef'), 'seat')), visibility: pubPriv(), span };
      case 'discardStep': {
        const to = this.node(ch, 'pileRef');
        return {
          kind: 'DiscardStep',
          count: this.number(this.need(this.token(ch, 'Integer'), 'count')),
          pick: pick(),
          seat: id(),
          to: to ? this.pileRef(to) : null,
          face: this.face(this.node(ch, 'face')),
          span,
        };
      }
      case 'payStep': {
        const amount = this.node(ch, 'intExpr');
        return {
          kind: 'PayStep',
          amount: amount ? this.intExpr(amount) : null,
          from: this.party(this.need(this.node(ch, 'payer'), 'payer')),
          to: this.party(this.need(this.node(ch, 'payee'), 'payee')),
          span,
        };
      }
      case 'sidebetStep':
        return {
          kind: 'SidebetStep',
          seat: id(),
          amount: this.number(this.need(this.token(ch, 'Integer'), 'amount')),
          cond: this.cond(this.need(this.node(ch, 'cond'), 'condition')),
          span,
        };
      case 'scoreStep':
        return { kind: 'ScoreStep', seat: id(), delta: this.number(this.need(this.token(ch, 'Integer'), 'points'), this.token(ch, 'Minus')), span };
      case 'assignStep': {
        const names = this.tokens(ch, 'Identifier');
        const criterion = this.token(ch, 'HighestCard')
          ? 'highest-card'
          : this.token(ch, 'LowestCard')
            ? 'lowest-card'
            : this.token(ch, 'ChipLeader')
              ? 'chip-leader'
              : null;
        return { kind: 'AssignStep', position: this.ident(this.need(names[0], 'position')), criterion, seat: names[1] ? this.ident(names[1]) : null, span };
      }
      case 'setStep':
        return { kind: 'SetStep', variable: id(), value: this.intExpr(this.need(this.node(ch, 'intExpr'), 'value')), span };
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
          winner: this.token(ch, 'Kw_winner') !== undefined,
          face: this.face(this.node(ch, 'face')),
          span,
        };
      }
      case 'anteStep': {
        const from = this.token(ch, 'Identifier');
        return { kind: 'AnteStep', amount: this.number(this.need(this.token(ch, 'Integer'), 'amount')), from: from ? this.ident(from) : null, span };
      }
      case 'blindsStep': {
        const names = this.tokens(ch, 'Identifier');
        const ints = this.tokens(ch, 'Integer');
        return {
          kind: 'BlindsStep',
          small: names[0] ? this.ident(names[0]) : null,
          smallAmount: this.number(this.need(ints[0], 'small blind')),
          big: names[1] ? this.ident(names[1]) : null,
          bigAmount: this.number(this.need(ints[1], 'big blind')),
          span,
        };
      }
      case 'bettingStep':
        return {
          kind: 'BettingStep',
          mode: this.token(ch, 'Kw_fixed') ? 'fixed' : 'variable',
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
    if (this.token(ch, 'Kw_bet') && !this.token(ch, 'Kw_fallback'))
      return { kind: 'BetSize', amount: this.intExpr(this.need(this.node(ch, 'intExpr'), 'bet')), span };
    if (this.token(ch, 'NoLimit')) return { kind: 'RaiseRule', rule: 'no-limit', span };
    if (this.token(ch, 'PotLimit')) return { kind: 'RaiseRule', rule: 'pot-limit', span };
    if (this.token(ch, 'Kw_raises')) return { kind: 'RaiseCap', count: this.number(this.need(this.token(ch, 'Integer'), 'cap')), span };
    if (this.token(ch, 'Kw_fallback')) return { kind: 'Fallback', amount: this.number(this.need(this.token(ch, 'Integer'), 'fallback bet')), span };
    if (this.token(ch, 'Kw_max')) {
      const n = this.token(ch, 'Integer');
      return { kind: 'MaxBet', amount: n ? this.number(n) : null, span };
    }
    const place = this.node(ch, 'tablePosition');
    if (place) {
      const pc = place.children;
      const leftOf: A.TablePosition = this.token(pc, 'SmallBlind') ? 'small-blind' : this.token(pc, 'BigBlind') ? 'big-blind' : 'button';
      return { kind: 'FirstActor', seat: null, leftOf, span };
    }
    return { kind: 'FirstActor', seat: this.ident(this.need(this.token(ch, 'Identifier'), 'seat')), leftOf: null, span };
  }
}

/** Build the AST of a CST that parsed without errors. */
export function buildAst(cst: CstNode, text: string, comments: A.CommentNode[]): { ast: A.GameFile | null; diagnostics: Diagnostic[] } {
  const b = new Builder(text);
  const ast = b.file(cst, comments);
  return { ast: b.diagnostics.length > 0 ? null : ast, diagnostics: b.diagnostics };
}
