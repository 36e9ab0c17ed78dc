/**
 * Conditions drawn from templates that can hold where they are checked (GENSTRAT v2 §3: the engine
 * "resolves the conditional structures that arise so that the resulting game remains coherent").
 * Each template comes with an estimate of how often it holds, computed from the deck and the hand
 * sizes (hypergeometric draws) or from what has happened before (chips moved, positions assigned,
 * counters in scope); a condition is drawn only among templates whose estimate lies in a band
 * (by default 20 %–80 %), so branches are neither dead nor always taken.
 */
import type { BoolExpr, IntExpr, SeatRef } from '../ir/schema.js';
import { type Builder, type DrawnCond, or } from './context.js';

/** C(n, k), the binomial coefficient (0 outside 0 ≤ k ≤ n). */
export function choose(n: number, k: number): number {
  if (k < 0 || k > n) return 0;
  let r = 1;
  for (let i = 1; i <= k; i++) r = (r * (n - k + i)) / i;
  return r;
}

/**
 * Probability that `h` cards drawn without replacement from `n` include at least one of `m`
 * marked cards (hypergeometric): 1 − C(n − m, h) / C(n, h).
 */
export function hitProbability(n: number, m: number, h: number): number {
  if (h <= 0 || m <= 0) return 0;
  return 1 - choose(n - m, h) / choose(n, h);
}

/**
 * Probability that `h` cards from a deck of `ranks` ranks with `perRank` cards each hold two or
 * more cards of one rank: 1 − C(ranks, h) · perRank^h / C(ranks · perRank, h).
 */
export function pairProbability(ranks: number, perRank: number, h: number): number {
  if (h < 2 || perRank < 2) return 0;
  if (h > ranks) return 1;
  return 1 - (choose(ranks, h) * perRank ** h) / choose(ranks * perRank, h);
}

const seat = (s: number): SeatRef => ({ kind: 'seat', seat: s });
const int = (value: number): IntExpr => ({ kind: 'int', value });
const cmp = (op: '<' | '<=' | '>' | '>=' | '==' | '!=', left: IntExpr, right: IntExpr): BoolExpr => ({ kind: 'cmp', op, left, right });

/**
 * A candidate condition: the expression, its estimated probability, a drawing weight, and its
 * subject (`key`): `hand` (cards held), `pot`, `stack`, `holds:P`, `score`, `handsize`,
 * `var:NAME`. Conditions nested inside a condition never share its subject, so they cannot
 * contradict it (`if highest(A) > highest(B) { … if highest(B) > highest(A) … }`).
 */
interface Template {
  cond: BoolExpr;
  p: number;
  weight: number;
  keys: string[];
}

/** Options of a condition draw. */
export interface CondOptions {
  /** The seat the condition is about, when it should concern one seat (else either). */
  seat?: number;
  /** The band of acceptable estimates. */
  lo?: number;
  hi?: number;
  /** Allow conditions on chips (pot and stacks); off for side bets, which are settled at the showdown. */
  chips?: boolean;
}

/** Every template that makes sense at the builder's current point, with its estimate. */
export function templates(b: Builder, opts: CondOptions = {}): Template[] {
  const out: Template[] = [];
  const add = (key: string | string[], cond: BoolExpr, p: number, weight: number) => {
    const keys = typeof key === 'string' ? [key] : key;
    if (!keys.some((k) => b.guards.includes(k))) out.push({ cond, p, weight, keys });
  };
  const n = b.deckSize;
  const k = b.perRank;
  const ranks = b.deck.ranks;
  const seats = opts.seat === undefined ? [0, 1] : [opts.seat];
  const chips = opts.chips ?? true;
  const equalStart = b.stacks[0] - b.antes[0] === b.stacks[1] - b.antes[1];
  for (const s of seats) {
    const t = 1 - s;
    const h = Math.max(b.handMin[s], Math.round(b.handMean[s]));
    if (b.handMin[s] >= 1 && b.handMin[t] >= 1) {
      const tie = (k - 1) / Math.max(1, n - 1);
      add('hand', cmp('>', { kind: 'highest', seat: seat(s) }, { kind: 'highest', seat: seat(t) }), (1 - tie) / 2, 2);
      add('hand', cmp('>=', { kind: 'highest', seat: seat(s) }, { kind: 'highest', seat: seat(t) }), (1 + tie) / 2, 1);
      // "S's card beats T's by two or more" (one card each): ranks drawn about uniformly, P ≈ (r − 2)(r − 1) / 2r².
      const r = ranks.length;
      const spaced = ranks.every((x, i) => i === 0 || x.value - ranks[i - 1]!.value === 1);
      if (spaced && r >= 4 && Math.max(b.handMean[s], b.handMean[t]) <= 1.2)
        add(
          'hand',
          cmp('>=', { kind: 'sub', left: { kind: 'highest', seat: seat(s) }, right: { kind: 'highest', seat: seat(t) } }, int(2)),
          ((r - 2) * (r - 1)) / (2 * r * r),
          0.5,
        );
    }
    if (b.handMin[s] >= 1) {
      // "holds at least one card of these ranks": one rank, or two ranks.
      const r = b.draw.int(0, ranks.length - 1);
      add('hand', { kind: 'has', seat: seat(s), ranks: [r] }, hitProbability(n, k, h), 2);
      const r2 = b.draw.int(0, ranks.length - 2);
      add('hand', { kind: 'has', seat: seat(s), ranks: r2 >= r ? [r, r2 + 1] : [r2, r] }, hitProbability(n, 2 * k, h), 1);
      // "highest card at least V".
      const v = b.draw.int(1, ranks.length - 1);
      add('hand', cmp('>=', { kind: 'highest', seat: seat(s) }, int(ranks[v].value)), hitProbability(n, (ranks.length - v) * k, h), 1);
    }
    if (b.handMin[s] >= 2) add('hand', { kind: 'hasPair', seat: seat(s) }, pairProbability(ranks.length, k, h), 1.5);
    if (chips) {
      // S put in more than its ante; S is ahead on chips; S leads by 2 or more.
      add('stack', cmp('<', { kind: 'stack', seat: seat(s) }, int(b.stacks[s] - b.antes[s])), b.paidP[s], 1);
      if (equalStart) {
        add('stack', cmp('>', { kind: 'stack', seat: seat(s) }, { kind: 'stack', seat: seat(t) }), 0.45 * b.skewP, 1);
        add('stack', cmp('>=', { kind: 'sub', left: { kind: 'stack', seat: seat(s) }, right: { kind: 'stack', seat: seat(t) } }, int(2)), 0.3 * b.skewP, 0.5);
      }
    }
    for (const pos of b.assigned) add([`holds:${pos.name}`, ...pos.keys], { kind: 'holds', seat: seat(s), position: pos.name }, pos.p[s], 2);
    add('score', cmp('>', { kind: 'score', seat: seat(s) }, int(0)), 0.5 * b.scoreP, 1);
    if (b.handMin[s] >= 1 && b.handMin[t] >= 1 && b.scoreP > 0.2)
      add(
        'hand',
        cmp(
          '>',
          { kind: 'add', left: { kind: 'highest', seat: seat(s) }, right: { kind: 'score', seat: seat(s) } },
          { kind: 'add', left: { kind: 'highest', seat: seat(t) }, right: { kind: 'score', seat: seat(t) } },
        ),
        0.45,
        1,
      );
    add('handsize', cmp('>', { kind: 'handSize', seat: seat(s) }, { kind: 'handSize', seat: seat(t) }), 0.45 * b.varyP, 1);
  }
  if (opts.seat === undefined) {
    const h = Math.max(Math.min(...b.handMin), Math.round(Math.min(...b.handMean)));
    if (Math.min(...b.handMin) >= 1) {
      const r = b.draw.int(0, ranks.length - 1);
      const q = hitProbability(n, k, h);
      add('hand', { kind: 'has', seat: { kind: 'any' }, ranks: [r] }, 1 - (1 - q) ** 2, 1.5);
      const v = b.draw.int(1, ranks.length - 1);
      const qv = hitProbability(n, (ranks.length - v) * k, h);
      add('hand', cmp('>=', { kind: 'highest', seat: { kind: 'each' } }, int(ranks[v].value)), qv * qv, 1);
    }
    if (Math.min(...b.handMin) >= 2) {
      const q = pairProbability(ranks.length, k, h);
      add('hand', { kind: 'hasPair', seat: { kind: 'any' } }, 1 - (1 - q) ** 2, 1.5);
    }
    if (chips) {
      add('pot', cmp('>', { kind: 'pot' }, int(b.antes[0] + b.antes[1])), b.potP, 2);
      const low =
        b.stacks[0] - b.antes[0] === b.stacks[1] - b.antes[1]
          ? or(b.paidP[0], b.paidP[1])
          : b.paidP[b.stacks[0] - b.antes[0] < b.stacks[1] - b.antes[1] ? 0 : 1];
      add('stack', cmp('<', { kind: 'stack', seat: { kind: 'any' } }, int(Math.min(b.stacks[0] - b.antes[0], b.stacks[1] - b.antes[1]))), low, 1);
    }
    for (const tally of b.tallies) {
      add(`var:${tally.name}`, cmp('>=', { kind: 'var', name: tally.name }, int(1)), tally.p, 2);
      add(`var:${tally.name}`, cmp('==', { kind: 'var', name: tally.name }, int(0)), 1 - tally.p, 1);
    }
    if (b.loop) {
      const { counter, max } = b.loop;
      add(`var:${counter}`, cmp('>', { kind: 'var', name: counter }, int(0)), (max - 1) / max, 3);
      add(`var:${counter}`, cmp('==', { kind: 'var', name: counter }, int(0)), 1 / max, 2);
      if (max >= 3) add(`var:${counter}`, cmp('<', { kind: 'var', name: counter }, int(max - 1)), (max - 1) / max, 1);
    }
  }
  return out;
}

/**
 * Draw a condition whose estimated probability lies in [lo, hi] (default [0.2, 0.8]; any
 * probability under the `paper` builder, see `Dial.conditionBand`); with the
 * dial's compound probability, two are joined by `and`/`or` or one is negated when the result
 * stays in the band.
 * @returns null when no template fits here (the caller then places its block unconditionally).
 */
export function drawCondition(b: Builder, opts: CondOptions = {}): DrawnCond | null {
  const [lo, hi] = b.dial.conditionBand(opts.lo ?? 0.2, opts.hi ?? 0.8);
  const all = templates(b, opts);
  const fit = all.filter((t) => t.p >= lo && t.p <= hi);
  if (fit.length === 0) {
    // A negation can bring a lopsided template into the band.
    const neg = all.filter((t) => 1 - t.p >= lo && 1 - t.p <= hi);
    if (neg.length === 0) return null;
    const t = pickWeighted(b, neg);
    return { cond: { kind: 'not', arg: t.cond }, p: 1 - t.p, keys: t.keys };
  }
  const first = pickWeighted(b, fit);
  if (b.draw.chance(b.dial.compound)) {
    const form = b.draw.pick(['and', 'or', 'not'] as const);
    if (form === 'not') {
      if (1 - first.p >= lo && 1 - first.p <= hi) return { cond: { kind: 'not', arg: first.cond }, p: 1 - first.p, keys: first.keys };
    } else {
      // The second condition must be able to go either way (never one on a quantity that cannot have changed).
      const live = all.filter((t) => t.p > 0.02 && t.p < 0.98);
      const other = live.length > 0 ? pickWeighted(b, live) : first;
      // Two conditions on different subjects, taken as independent.
      if (!other.keys.some((k) => first.keys.includes(k))) {
        const p = form === 'and' ? first.p * other.p : 1 - (1 - first.p) * (1 - other.p);
        if (p >= lo && p <= hi) return { cond: { kind: form, args: [first.cond, other.cond] }, p, keys: [...first.keys, ...other.keys] };
      }
    }
  }
  return { cond: first.cond, p: first.p, keys: first.keys };
}

function pickWeighted(b: Builder, items: Template[]): Template {
  const total = items.reduce((t, x) => t + x.weight, 0);
  let u = b.draw.uniform() * total;
  for (const x of items) {
    u -= x.weight;
    if (u < 0) return x;
  }
  return items[items.length - 1];
}
