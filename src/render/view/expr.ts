/**
 * View-model builders of the IR's expressions: one builder per integer-expression kind and per
 * condition kind (mapped types over the kinds, so a kind without a builder is a compile error).
 * Comparisons pick the most natural of three sentence forms (see {@link CmpView}).
 */
import type { BoolExpr, IntExpr, SeatRef } from '../../ir/schema.js';
import { plural, withArticle } from '../words.js';
import type { ViewContext } from './context.js';
import type { BoolExprKind, BoolExprOf, CmpView, CondView, CondViewByKind, IntExprKind, IntExprOf, IntExprView, IntExprViewByKind } from './expr-types.js';

type Op = BoolExprOf<'cmp'>['op'];
type IntBuilders = { [K in IntExprKind]: (e: IntExprOf<K>, unit: string | null) => IntExprViewByKind[K] };
type CondBuilders = { [K in BoolExprKind]: (e: BoolExprOf<K>, paren: boolean) => CondViewByKind[K] };

/** `a < b` is `b > a`. */
const FLIP: Record<Op, Op> = { '<': '>', '<=': '>=', '>': '<', '>=': '<=', '==': '==', '!=': '!=' };

/** `not (a < b)` is `a >= b`. */
const NEGATE: Record<Op, Op> = { '<': '>=', '<=': '>', '>': '<=', '>=': '<', '==': '!=', '!=': '==' };

/** A seat reference with its quantifier swapped (`not` turns "at least one seat" into "each seat"). */
function swapQuantifier<T extends SeatRef>(ref: T): SeatRef {
  return ref.kind === 'any' ? { kind: 'each' } : ref.kind === 'each' ? { kind: 'any' } : ref;
}

function swapInt(e: IntExpr): IntExpr {
  if (e.kind === 'add' || e.kind === 'sub' || e.kind === 'mul') return { ...e, left: swapInt(e.left), right: swapInt(e.right) };
  if (e.kind === 'stack' || e.kind === 'handSize' || e.kind === 'highest' || e.kind === 'total' || e.kind === 'score')
    return { ...e, seat: swapQuantifier(e.seat) };
  return e;
}

/** Relations between two noun phrases. */
const PLAIN: Record<Op, string> = {
  '>': 'is greater than',
  '>=': 'is at least',
  '<': 'is less than',
  '<=': 'is at most',
  '==': 'is equal to',
  '!=': 'is not equal to',
};

/** `more than 2 chips`, `2 or fewer chips`… for a count of `unit` against `n`. */
function amountPhrase(op: Op, n: number, unit: string): string {
  const u = (k: number) => plural(k, unit);
  switch (op) {
    case '>':
      return `more than ${u(n)}`;
    case '>=':
      return `at least ${u(n)}`;
    case '<':
      return `fewer than ${u(n)}`;
    case '<=':
      return `${n} or fewer ${unit}s`;
    case '==':
    case '!=':
      return `exactly ${u(n)}`;
  }
}

/** The verbs of a count: `has`/`does not have`, `holds`/`does not hold`. */
const VERBS = { has: ['has', 'does not have'], holds: ['holds', 'does not hold'] } as const;

/** Relations between the same quantity of two seats. */
const VERSUS: Record<'stack' | 'handSize' | 'highest', Record<Op, string>> = {
  stack: {
    '>': 'has more chips than',
    '>=': 'has at least as many chips as',
    '<': 'has fewer chips than',
    '<=': 'has at most as many chips as',
    '==': 'has as many chips as',
    '!=': 'does not have as many chips as',
  },
  handSize: {
    '>': 'holds more cards than',
    '>=': 'holds at least as many cards as',
    '<': 'holds fewer cards than',
    '<=': 'holds at most as many cards as',
    '==': 'holds as many cards as',
    '!=': 'does not hold as many cards as',
  },
  highest: {
    '>': 'has a higher rank than',
    '>=': 'has a rank at least as high as',
    '<': 'has a lower rank than',
    '<=': 'has a rank no higher than',
    '==': 'has the same rank as',
    '!=': 'has a different rank from',
  },
};

/** The builders of one game. */
export function exprViewBuilders(ctx: ViewContext) {
  const intBuilders: IntBuilders = {
    int: (e, unit) => ({ kind: 'int', partial: 'expr/int', value: e.value, unit }),
    var: (e) => ({ kind: 'var', partial: 'expr/var', name: ctx.variable(e.name) }),
    pot: () => ({ kind: 'pot', partial: 'expr/pot' }),
    stack: (e) => ({ kind: 'stack', partial: 'expr/stack', seat: ctx.seatRef(e.seat) }),
    size: (e) => ({ kind: 'size', partial: 'expr/size', pile: ctx.pileLabel(e.pile) }),
    handSize: (e) => ({ kind: 'handSize', partial: 'expr/handSize', seat: ctx.seatRef(e.seat) }),
    highest: (e) => ({ kind: 'highest', partial: 'expr/highest', seat: ctx.seatRef(e.seat) }),
    total: (e) => ({ kind: 'total', partial: 'expr/total', seat: ctx.seatRef(e.seat) }),
    pileTotal: (e) => ({ kind: 'pileTotal', partial: 'expr/pileTotal', pile: ctx.pileLabel({ kind: 'pile', name: e.pile }) }),
    score: (e) => ({ kind: 'score', partial: 'expr/score', seat: ctx.seatRef(e.seat) }),
    pileHighest: (e) => ({ kind: 'pileHighest', partial: 'expr/pileHighest', pile: ctx.pileLabel({ kind: 'pile', name: e.pile }) }),
    pileLowest: (e) => ({ kind: 'pileLowest', partial: 'expr/pileLowest', pile: ctx.pileLabel({ kind: 'pile', name: e.pile }) }),
    add: (e) => ({ kind: 'add', partial: 'expr/add', left: int(e.left), right: int(e.right, null, true), paren: false }),
    sub: (e) => ({ kind: 'sub', partial: 'expr/sub', left: int(e.left), right: int(e.right, null, true), paren: false }),
    mul: (e) => ({ kind: 'mul', partial: 'expr/mul', left: int(e.left, null, true), right: int(e.right, null, true), paren: false }),
  };

  /** The view of an integer expression; `unit` names what a literal counts, `inner` marks a sum on the right of another. */
  function int(e: IntExpr, unit: string | null = null, inner = false): IntExprView {
    const v = (intBuilders[e.kind] as (x: IntExpr, u: string | null) => IntExprView)(e, unit);
    return (v.kind === 'add' || v.kind === 'sub') && inner ? { ...v, paren: true } : v;
  }

  /** The unit of the numbers compared with `e`, when `e` counts chips or cards. */
  const unitOf = (e: IntExpr): string | null => (e.kind === 'stack' || e.kind === 'pot' ? 'chip' : e.kind === 'size' || e.kind === 'handSize' ? 'card' : null);

  function cmp(e: BoolExprOf<'cmp'>): CmpView {
    let { left, right, op } = e;
    if (left.kind === 'int' && right.kind !== 'int') [left, right, op] = [right, left, FLIP[op]];
    const base = {
      kind: 'cmp' as const,
      partial: 'cond/cmp' as const,
      subject: '',
      verb: '',
      amount: '',
      leftText: '',
      rightText: '',
      relation: PLAIN[op],
      left: int(left, unitOf(right)),
      right: int(right, unitOf(left)),
    };
    if (right.kind === 'int') {
      const n = right.value;
      const negate = op === '!=' ? 1 : 0;
      if (left.kind === 'stack') {
        const s = ctx.seatRef(left.seat);
        if (op === '>' && n === 0) return { ...base, form: 'amount', subject: s.subject, verb: 'has', amount: 'chips remaining' };
        if ((op === '==' || op === '<=') && n === 0) return { ...base, form: 'amount', subject: s.subject, verb: 'has', amount: 'no chips left' };
        return { ...base, form: 'amount', subject: s.subject, verb: VERBS.has[negate], amount: amountPhrase(op, n, 'chip') };
      }
      if (left.kind === 'handSize') {
        const s = ctx.seatRef(left.seat);
        if ((op === '==' || op === '<=') && n === 0) return { ...base, form: 'amount', subject: s.subject, verb: 'holds', amount: 'no cards' };
        return { ...base, form: 'amount', subject: s.subject, verb: VERBS.holds[negate], amount: amountPhrase(op, n, 'card') };
      }
      if (left.kind === 'pot') return { ...base, form: 'amount', subject: 'the pot', verb: VERBS.holds[negate], amount: amountPhrase(op, n, 'chip') };
      if (left.kind === 'size' && (op === '==' || op === '<=') && n === 0)
        return { ...base, form: 'amount', subject: ctx.pileLabel(left.pile), verb: 'has', amount: 'no cards' };
      if (left.kind === 'size')
        return { ...base, form: 'amount', subject: ctx.pileLabel(left.pile), verb: VERBS.has[negate], amount: amountPhrase(op, n, 'card') };
    }
    if ((left.kind === 'stack' || left.kind === 'handSize') && right.kind === left.kind) {
      const l = ctx.seatRef(left.seat);
      const r = ctx.seatRef((right as IntExprOf<'stack'>).seat);
      return { ...base, form: 'versus', leftText: l.subject, rightText: r.subject, relation: VERSUS[left.kind][op] };
    }
    if (left.kind === 'highest' && right.kind === 'highest') {
      const card = (p: string) => `${p} highest-ranked card`;
      return {
        ...base,
        form: 'versus',
        leftText: card(ctx.seatRef(left.seat).possessive),
        rightText: card(ctx.seatRef(right.seat).possessive),
        relation: VERSUS.highest[op],
      };
    }
    return { ...base, form: 'plain' };
  }

  const condBuilders: CondBuilders = {
    bool: (e) => ({ kind: 'bool', partial: 'cond/bool', value: e.value }),
    cmp,
    and: (e, paren) => ({ kind: 'and', partial: 'cond/and', args: e.args.map((a) => cond(a, true)), paren }),
    or: (e, paren) => ({ kind: 'or', partial: 'cond/or', args: e.args.map((a) => cond(a, true)), paren }),
    not: (e) => ({ kind: 'not', partial: 'cond/not', arg: cond(e.arg, true), negated: negated(e.arg) }),
    has: (e) => ({
      kind: 'has',
      partial: 'cond/has',
      seat: ctx.seatRef(e.seat),
      ranks: e.ranks.map((r) => ctx.rank(r)),
      single: e.ranks.length === 1 ? withArticle(ctx.rank(e.ranks[0])) : null,
      top: e.ranks.length === 1 && ctx.isTopRank(e.ranks[0]),
      negate: false,
    }),
    hasPair: (e) => ({ kind: 'hasPair', partial: 'cond/hasPair', seat: ctx.seatRef(e.seat), negate: false }),
    pileHas: (e) => ({
      kind: 'pileHas',
      partial: 'cond/pileHas',
      pile: ctx.pileLabel({ kind: 'pile', name: e.pile }),
      ranks: e.ranks.map((r) => ctx.rank(r)),
      negate: false,
    }),
    holds: (e) => ({ kind: 'holds', partial: 'cond/holds', seat: ctx.seatRef(e.seat), position: ctx.position(e.position), negate: false }),
  };

  /** The positive wording of `not e`, when there is one. */
  function negated(e: BoolExpr): CondView | null {
    switch (e.kind) {
      case 'cmp':
        return cmp({ ...e, op: NEGATE[e.op], left: swapInt(e.left), right: swapInt(e.right) });
      case 'has':
      case 'hasPair':
      case 'holds':
        return { ...(condBuilders[e.kind] as (x: BoolExpr, p: boolean) => CondView)({ ...e, seat: swapQuantifier(e.seat) }, false), negate: true } as CondView;
      case 'not':
        return cond(e.arg);
      case 'pileHas':
        return { ...condBuilders.pileHas(e, false), negate: true };
      default:
        return null;
    }
  }

  /** The view of a condition; `paren` wraps an and/or in parentheses (it sits inside another). */
  function cond(e: BoolExpr, paren = false): CondView {
    return (condBuilders[e.kind] as (x: BoolExpr, p: boolean) => CondView)(e, paren);
  }

  return { int, cond };
}
