/**
 * Compile-time intervals of integer expressions: the values an `IntExpr` can take anywhere in a
 * game, used where the engine needs a bound fixed before play (the menu of a wager whose largest
 * amount is an expression, E0241).
 *
 * Sound and coarse: chips (`pot`, `stack`) lie in [0, both starting stacks] (chips only move
 * between the seats and the pot; unbounded with an unlimited house); a sum of card values
 * (`total`, `pileTotal`) between the deck's size times the extreme rank values; card counts (`size`, `handsize`) in [0, cards in the deck]; a
 * card value (`highest`, `pileHighest`, `pileLowest`) between 0 and the extreme rank values; a loop
 * counter that no `set` writes in [0, the largest round cap of its loops] (widened to its starting value);
 * every other variable and `score` is unbounded. Sums, differences and products follow interval
 * arithmetic (0 × ∞ counts as 0: a factor that is exactly 0 makes the product 0).
 */
import type { GameIR, IntExpr, Step } from './schema.js';
import { visitSteps } from './walk.js';

/** `[lo, hi]`, either end possibly infinite. */
export type Interval = readonly [lo: number, hi: number];

const mul = (a: number, b: number): number => (a === 0 || b === 0 ? 0 : a * b);

/** What the bounds of a game's expressions depend on, computed once per game. */
export interface BoundsContext {
  chips: number;
  cards: number;
  minRank: number;
  maxRank: number;
  /** Loop counters that no `set` writes: from 0 (or the starting value) to the largest round cap. */
  counters: ReadonlyMap<string, Interval>;
}

/** The facts of {@link BoundsContext} for a game. */
export function boundsContext(ir: GameIR): BoundsContext {
  const caps = new Map<string, number>();
  const written = new Set<string>();
  const visit = (st: Step) => {
    if (st.kind === 'repeat') caps.set(st.counter, Math.max(caps.get(st.counter) ?? 0, st.max));
    if (st.kind === 'set') written.add(st.variable);
  };
  for (const p of [...ir.phases, ...ir.subphases]) visitSteps(p.steps, visit);
  for (const name of written) caps.delete(name);
  // A counter holds its variable's starting value before its first loop.
  const counters = new Map<string, Interval>();
  for (const [name, cap] of caps) {
    const initial = ir.variables.find((v) => v.name === name)?.initial ?? 0;
    counters.set(name, [Math.min(0, initial), Math.max(cap, initial)]);
  }
  const values = ir.deck.ranks.map((r) => r.value);
  return {
    // An unlimited house pays from a bank without bound.
    chips: ir.house?.bank === 'unlimited' ? Infinity : ir.stacks.reduce((a, b) => a + b, 0),
    cards: ir.deck.ranks.length * ir.deck.suits.length * ir.deck.copies,
    minRank: Math.min(0, ...values),
    maxRank: Math.max(0, ...values),
    counters,
  };
}

/** The interval of the values `e` can take in the game of `ctx`. */
export function intInterval(e: IntExpr, ctx: BoundsContext): Interval {
  switch (e.kind) {
    case 'int':
      return [e.value, e.value];
    case 'var': {
      return ctx.counters.get(e.name) ?? [-Infinity, Infinity];
    }
    case 'pot':
    case 'stack':
      return [0, ctx.chips];
    case 'size':
    case 'handSize':
      return [0, ctx.cards];
    case 'highest':
    case 'pileHighest':
    case 'pileLowest':
      return [ctx.minRank, ctx.maxRank];
    case 'total':
    case 'pileTotal':
      return [mul(ctx.cards, ctx.minRank), mul(ctx.cards, ctx.maxRank)];
    case 'score':
      return [-Infinity, Infinity];
    case 'add': {
      const [a, b] = [intInterval(e.left, ctx), intInterval(e.right, ctx)];
      return [a[0] + b[0], a[1] + b[1]];
    }
    case 'sub': {
      const [a, b] = [intInterval(e.left, ctx), intInterval(e.right, ctx)];
      return [a[0] - b[1], a[1] - b[0]];
    }
    case 'mul': {
      const [a, b] = [intInterval(e.left, ctx), intInterval(e.right, ctx)];
      const p = [mul(a[0], b[0]), mul(a[0], b[1]), mul(a[1], b[0]), mul(a[1], b[1])];
      return [Math.min(...p), Math.max(...p)];
    }
  }
}
