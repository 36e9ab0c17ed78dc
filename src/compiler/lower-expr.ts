/**
 * Lowering of conditions and integer expressions.
 */
import type * as A from '../parser/ast.js';
import type { BoolExpr, IntExpr, SeatRef } from '../ir/schema.js';
import type { Scope, StepContext } from './scope.js';

/** Count of quantified (`any`/`each`) seat references in an expression. */
function quantifiers(e: A.IntExprNode | A.CondNode): number {
  switch (e.kind) {
    case 'SeatFn':
      return e.seat.keyword === 'any' || e.seat.keyword === 'each' ? 1 : 0;
    case 'Binary':
    case 'Compare':
      return quantifiers(e.left) + quantifiers(e.right);
    case 'Has':
    case 'Holds':
      return e.seat.keyword === 'any' || e.seat.keyword === 'each' ? 1 : 0;
    default:
      return 0;
  }
}

export function lowerSeatRef(scope: Scope, r: A.SeatRefNode, ctx: StepContext): SeatRef | null {
  if (r.name) {
    const s = scope.seat(r.name);
    return s === null ? null : { kind: 'seat', seat: s };
  }
  if (r.keyword === 'winner') {
    if (!ctx.inPrize) {
      scope.err('E0217', "'winner' names a seat only inside an auction's prize", r.span);
      return null;
    }
    return { kind: 'winner' };
  }
  return { kind: r.keyword === 'any' ? 'any' : 'each' };
}

export function lowerInt(scope: Scope, e: A.IntExprNode, ctx: StepContext): IntExpr | null {
  switch (e.kind) {
    case 'Number':
      return { kind: 'int', value: e.value };
    case 'VarRef': {
      const v = scope.variable(e.name);
      return v === null ? null : { kind: 'var', name: v };
    }
    case 'Pot':
      return { kind: 'pot' };
    case 'SeatFn': {
      if (e.fn === 'highest' || e.fn === 'lowest' || e.fn === 'total') {
        const name = e.seat.name?.name;
        if (name !== undefined && scope.piles.has(name)) {
          if (!publicPile(scope, name, e.span)) return null;
          return { kind: e.fn === 'highest' ? 'pileHighest' : e.fn === 'lowest' ? 'pileLowest' : 'pileTotal', pile: name };
        }
        if (e.fn === 'lowest') {
          const piles = [...scope.piles.values()].filter((p) => p.visibility === 'public').map((p) => p.name.name);
          scope.err(
            'E0247',
            `'lowest' takes a public pile${name !== undefined ? `, and '${name}' is not a pile` : ''}`,
            e.seat.span,
            piles.length ? `public piles: ${piles.join(', ')}` : 'declare one with `pile board public`',
          );
          return null;
        }
      }
      const seat = lowerSeatRef(scope, e.seat, ctx);
      if (!seat) return null;
      const kind = e.fn === 'handsize' ? 'handSize' : e.fn;
      return { kind, seat };
    }
    case 'SizeFn': {
      const pile = scope.pileRef(e.pile);
      return pile && { kind: 'size', pile };
    }
    case 'Binary': {
      // One error per expression: after a wrong left side the right one is not checked.
      const left = lowerInt(scope, e.left, ctx);
      const right = left && lowerInt(scope, e.right, ctx);
      return left && right && { kind: e.op === '+' ? 'add' : e.op === '-' ? 'sub' : 'mul', left, right };
    }
  }
}

/**
 * Lower an amount written as an expression (`pay 2 * round from …`): one named seat per seat
 * function (E0218 for `any`/`each`, which only a comparison can quantify).
 */
export function lowerAmount(scope: Scope, e: A.IntExprNode, ctx: StepContext, what: string): IntExpr | null {
  if (quantifiers(e) > 0) {
    scope.err('E0218', `${what} needs one named seat, not \`any\` or \`each\``, e.span);
    return null;
  }
  return lowerInt(scope, e, ctx);
}

/**
 * Record the source span of every node of a lowered integer expression (`ir` is the lowering of
 * `e`, so the two trees have the same shape), so that checks on the IR can point at a part of it.
 */
export function recordSpans(spans: WeakMap<object, A.Span>, e: A.IntExprNode, ir: IntExpr): void {
  spans.set(ir, e.span);
  if (e.kind === 'Binary' && (ir.kind === 'add' || ir.kind === 'sub' || ir.kind === 'mul')) {
    recordSpans(spans, e.left, ir.left);
    recordSpans(spans, e.right, ir.right);
  }
}

/** Whether pile `name` (declared) is public; reports E0247 when it is hidden. */
function publicPile(scope: Scope, name: string, span: A.Span): boolean {
  const decl = scope.piles.get(name)!;
  if (decl.visibility === 'public') return true;
  scope.err(
    'E0247',
    `a condition cannot read the cards of hidden pile '${name}'`,
    span,
    'only the cards of a `public` pile may be tested; `size(' + name + ')` is allowed',
  );
  return false;
}

export function lowerCond(scope: Scope, c: A.CondNode, ctx: StepContext): BoolExpr | null {
  switch (c.kind) {
    case 'BoolLit':
      return { kind: 'bool', value: c.value };
    case 'Paren':
      return lowerCond(scope, c.inner, ctx);
    case 'Not': {
      const arg = lowerCond(scope, c.arg, ctx);
      return arg && { kind: 'not', arg };
    }
    case 'Logic': {
      const args = c.args.map((a) => lowerCond(scope, a, ctx));
      return args.every((a): a is BoolExpr => a !== null) ? { kind: c.op, args } : null;
    }
    case 'Compare': {
      if (quantifiers(c) > 1) scope.err('E0218', 'a comparison may use `any` or `each` only once', c.span);
      const left = lowerInt(scope, c.left, ctx);
      const right = left && lowerInt(scope, c.right, ctx);
      return left && right && { kind: 'cmp', op: c.op, left, right };
    }
    case 'Has': {
      const seat = lowerSeatRef(scope, c.seat, ctx);
      if (c.pair) return seat && { kind: 'hasPair', seat };
      const ranks = c.ranks.map((r) => scope.rank(r));
      if (c.ranks.length > 1 && !c.anyOf) scope.err('E0218', 'to test several ranks write `has any of R1, R2`', c.span);
      return seat && ranks.every((r): r is number => r !== null) ? { kind: 'has', seat, ranks } : null;
    }
    case 'PileHas': {
      const name = c.pile.name;
      if (!scope.piles.has(name)) {
        if (scope.seats.includes(name))
          scope.err('E0202', `'${name}' is a seat, not a pile`, c.pile.span, `to test a seat's hand write \`hand(${name}) has …\``);
        else scope.pileRef({ kind: 'PileRef', name: c.pile, span: c.pile.span });
        return null;
      }
      if (!publicPile(scope, name, c.span)) return null;
      const ranks = c.ranks.map((r) => scope.rank(r));
      if (c.ranks.length > 1 && !c.anyOf) scope.err('E0218', 'to test several ranks write `has any of R1, R2`', c.span);
      return ranks.every((r): r is number => r !== null) ? { kind: 'pileHas', pile: name, ranks } : null;
    }
    case 'Holds': {
      const seat = lowerSeatRef(scope, c.seat, ctx);
      const position = scope.position(c.position);
      return seat && position !== null ? { kind: 'holds', seat, position } : null;
    }
  }
}
