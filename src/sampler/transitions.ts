/**
 * Transition conditions of the `graph` builder (GENSTRAT v2, Appendix A: "conditional transitions
 * between phases gated by chip counts, card comparisons, and round counters enable nonlinear game
 * flow (branches, bounded loops, conditional sub-phases)"). Unlike `predicates.ts`, nothing here
 * screens a condition by how often it holds: a threshold is drawn uniformly over the range its
 * quantity can take, so some transitions hold almost always, some almost never, and some never —
 * the candidates the Monte Carlo filter of v2 §3 is there to reject.
 */
import type { BoolExpr, IntExpr, SeatRef } from '../ir/schema.js';
import type { Builder, DrawnCond } from './context.js';

const seat = (s: number): SeatRef => ({ kind: 'seat', seat: s });
const int = (value: number): IntExpr => ({ kind: 'int', value });
const cmp = (op: '<' | '<=' | '>' | '>=' | '==', left: IntExpr, right: IntExpr): BoolExpr => ({ kind: 'cmp', op, left, right });

/** One family of transition at the builder's current point: its subject (guard key) and how to draw one. */
interface Family {
  key: string;
  weight: number;
  draw: () => BoolExpr;
}

/** The families that make sense here, their subjects not guarded by an enclosing condition. */
function families(b: Builder): Family[] {
  const out: Family[] = [];
  const add = (key: string, weight: number, draw: () => BoolExpr) => {
    if (!b.guards.includes(key)) out.push({ key, weight, draw });
  };
  const total = b.stacks[0] + b.stacks[1];
  const anteSum = b.antes[0] + b.antes[1];
  // Chip counts: a seat's stack at or below / at or above a threshold anywhere in 1 … its stack; the pot at or above one anywhere in its range.
  add('stack', 1, () => {
    const s = b.draw.int(0, 1);
    const k = b.draw.int(1, b.stacks[s]);
    return b.draw.chance(0.5) ? cmp('<=', { kind: 'stack', seat: seat(s) }, int(k)) : cmp('>=', { kind: 'stack', seat: seat(s) }, int(k));
  });
  add('pot', 1, () => cmp('>=', { kind: 'pot' }, int(b.draw.int(anteSum + 1, total))));
  // Card comparisons: the seats' highest cards against each other or against a rank.
  if (b.handMin[0] >= 1 && b.handMin[1] >= 1) {
    const ranks = b.deck.ranks;
    add('hand', 1, () => {
      const s = b.draw.int(0, 1);
      if (b.draw.chance(0.5)) return cmp('>', { kind: 'highest', seat: seat(s) }, { kind: 'highest', seat: seat(1 - s) });
      const v = ranks[b.draw.int(0, ranks.length - 1)]!.value;
      return cmp(b.draw.pick(['>=', '<=', '=='] as const), { kind: 'highest', seat: seat(s) }, int(v));
    });
  }
  // Round counters: the enclosing loop's counter, and counters incremented earlier.
  if (b.loop) {
    const { counter, max } = b.loop;
    add(`var:${counter}`, 1.5, () => cmp(b.draw.pick(['==', '>='] as const), { kind: 'var', name: counter }, int(b.draw.int(0, max - 1))));
  }
  for (const t of b.tallies) add(`var:${t.name}`, 0.5, () => cmp('>=', { kind: 'var', name: t.name }, int(b.draw.int(1, 3))));
  return out;
}

/**
 * Draw a transition condition: one family by weight, its threshold uniform over its range; with
 * the dial's compound probability, two families on different subjects joined by `and` or `or`.
 * Its estimated probability is taken as ½ (the `graph` builder keeps no move budget or survival
 * floor to feed). Returns null when every family's subject is guarded here.
 */
export function drawTransition(b: Builder): DrawnCond | null {
  const all = families(b);
  if (all.length === 0) return null;
  const pick = (items: Family[]): Family => {
    const total = items.reduce((t, x) => t + x.weight, 0);
    let u = b.draw.uniform() * total;
    for (const x of items) if ((u -= x.weight) < 0) return x;
    return items[items.length - 1]!;
  };
  const first = pick(all);
  const cond = first.draw();
  const rest = all.filter((f) => f.key !== first.key);
  if (rest.length > 0 && b.draw.chance(b.dial.compound)) {
    const second = pick(rest);
    return { cond: { kind: b.draw.chance(0.5) ? 'and' : 'or', args: [cond, second.draw()] }, p: 0.5, keys: [first.key, second.key] };
  }
  return { cond, p: 0.5, keys: [first.key] };
}
