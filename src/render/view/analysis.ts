/**
 * Facts about a whole game that the rulebook states but no single step knows: where each
 * sub-phase is described and who calls it, which step kinds and expression kinds occur, upper
 * bounds on the cards dealt from the deck and on the chips a seat can pay out, whether the hands
 * at the showdown are fixed, and the words for kinds of public change. The facts the compiler's
 * checks and the generator share with the rulebook (all steps, conditions, public traces) are in
 * `ir/facts.ts`. Walks that follow `call` steps into sub-phases guard against call cycles (the
 * compiler rejects them; a hand-written IR might not).
 */
import type { GameIR, IntExpr, Step, StepKind } from '../../ir/schema.js';
import { visitSteps } from '../../ir/walk.js';
import { allBlocks, allSteps, conditionsOf, intsOf, intTerms, subphaseMap } from '../../ir/facts.js';

/** Where the sub-phases go in Phase Details, and who calls them. */
export interface SubphaseLayout {
  /** For each top-level phase (by index): the sub-phases it reaches first, in call order (depth first). */
  under: string[][];
  /** Sub-phases no phase reaches (described after the last phase). */
  unreached: string[];
  /** For each sub-phase: the phases and sub-phases whose steps call it, in order of appearance (IR names). */
  callers: Map<string, string[]>;
}

/** The layout of the sub-phases. */
export function subphaseLayout(ir: GameIR): SubphaseLayout {
  const byName = new Map(ir.subphases.map((p) => [p.name, p]));
  const callers = new Map<string, string[]>(ir.subphases.map((p) => [p.name, []]));
  const callsOf = (steps: readonly Step[]): string[] => {
    const out: string[] = [];
    visitSteps(steps, (s) => s.kind === 'call' && out.push(s.phase));
    return out;
  };
  const containers = allBlocks(ir);
  for (const c of containers) {
    for (const target of callsOf(c.steps)) {
      const list = callers.get(target);
      if (list && !list.includes(c.name)) list.push(c.name);
    }
  }
  const placed = new Set<string>();
  const under = ir.phases.map((phase) => {
    const order: string[] = [];
    const visit = (steps: readonly Step[]) => {
      for (const target of callsOf(steps)) {
        if (placed.has(target) || !byName.has(target)) continue;
        placed.add(target);
        order.push(target);
        visit(byName.get(target)!.steps);
      }
    };
    visit(phase.steps);
    return order;
  });
  return { under, unreached: ir.subphases.map((p) => p.name).filter((n) => !placed.has(n)), callers };
}

/** Step kinds that occur anywhere in the game. */
export function kindsUsed(ir: GameIR, steps: readonly Step[] = allSteps(ir)): Set<StepKind> {
  return new Set(steps.map((s) => s.kind));
}

/**
 * Whether anything besides the opponent's cards is hidden from a seat: private checks and
 * choices, peeks, secret picks and bids, hidden positions, private swaps and steals, face-down
 * discards.
 */
export function hasPrivateSteps(ir: GameIR, steps: readonly Step[] = allSteps(ir)): boolean {
  return (
    ir.positions.some((p) => p.visibility === 'hidden') ||
    steps.some(
      (s) =>
        (s.kind === 'if' && s.branches.some((b) => b.check === 'private')) ||
        (s.kind === 'triggers' && s.items.some((i) => i.check === 'private')) ||
        (s.kind === 'choice' && s.announce === 'private') ||
        ((s.kind === 'swap' || s.kind === 'steal') && s.visibility === 'private') ||
        (s.kind === 'discard' && !s.faceUp) ||
        s.kind === 'peek' ||
        s.kind === 'simultaneous' ||
        s.kind === 'auction',
    )
  );
}

/** Every integer-expression kind used in the game's conditions, `set` steps and amounts written as expressions. */
export function intKindsUsed(ir: GameIR, steps: readonly Step[] = allSteps(ir)): Set<IntExpr['kind']> {
  const out = new Set<IntExpr['kind']>();
  const int = (e: IntExpr): void => intTerms(e).forEach((t) => out.add(t.kind));
  for (const c of conditionsOf(steps)) for (const e of intsOf(c.cond)) out.add(e.kind);
  for (const s of steps) if (s.kind === 'set') int(s.value);
  for (const s of steps) if (s.kind === 'pay' && typeof s.amount === 'object') int(s.amount);
  for (const s of steps) if (s.kind === 'betting' && typeof s.betSize === 'object') int(s.betSize);
  for (const s of steps) if (s.kind === 'wager' && typeof s.max === 'object') int(s.max);
  for (const s of steps) if (s.kind === 'choice') for (const o of s.options) if (typeof o.cost === 'object') int(o.cost);
  return out;
}

/**
 * A bound computed over every path of the game (conditions ignored): sequences add up, branches
 * and options take the largest, a loop multiplies its body by its round cap, events add up (all
 * may fire), a call adds its sub-phase. `Infinity` when a step is unbounded or calls form a cycle.
 */
function pathBound(
  ir: GameIR,
  stepCost: (s: Step) => [number, number],
  optionCost: (seat: number, cost: number) => [number, number] = () => [0, 0],
): [number, number] {
  const sub = subphaseMap(ir);
  const memo = new Map<string, [number, number]>();
  const active = new Set<string>();
  const add = (a: [number, number], b: [number, number]): [number, number] => [a[0] + b[0], a[1] + b[1]];
  const max = (xs: [number, number][]): [number, number] => [Math.max(0, ...xs.map((x) => x[0])), Math.max(0, ...xs.map((x) => x[1]))];
  const block = (steps: readonly Step[]): [number, number] => steps.reduce<[number, number]>((acc, s) => add(acc, one(s)), [0, 0]);
  const one = (s: Step): [number, number] => {
    const own = stepCost(s);
    switch (s.kind) {
      case 'call': {
        if (active.has(s.phase)) return [Infinity, Infinity];
        if (!memo.has(s.phase)) {
          active.add(s.phase);
          memo.set(s.phase, block(sub.get(s.phase) ?? []));
          active.delete(s.phase);
        }
        return memo.get(s.phase)!;
      }
      case 'if':
        return add(own, max([...s.branches.map((b) => block(b.steps)), block(s.otherwise)]));
      case 'triggers':
        return add(own, s.items.map((i) => block(i.steps)).reduce(add, [0, 0]));
      case 'repeat': {
        const b = block(s.steps);
        return add(own, [b[0] * s.max, b[1] * s.max]);
      }
      case 'choice':
        // A cost from an expression: unbounded here (a seat pays at most its stack).
        return max(s.options.map((o) => add(optionCost(s.seat, typeof o.cost === 'number' ? o.cost : Infinity), block(o.steps))));
      case 'simultaneous':
        return add(own, max([...s.outcomes.map((o) => block(o.steps)), block(s.otherwise)]));
      case 'auction':
        return add(own, block(s.prize));
      default:
        return own;
    }
  };
  return ir.phases.reduce<[number, number]>((acc, p) => add(acc, block(p.steps)), [0, 0]);
}

/** The most cards the game can deal from the deck (both seats' cards together); `Infinity` when unbounded. */
export function deckDrawBound(ir: GameIR): number {
  const b = pathBound(ir, (s) => (s.kind === 'deal' && s.from.kind === 'deck' ? [s.to.kind === 'each' ? 2 * s.count : s.count, 0] : [0, 0]));
  return b[0];
}

/**
 * The most chips each seat can pay out over a game (antes, bets, calls, payments, costs, bids,
 * lost side bets); `Infinity` for a seat that can be asked for its whole stack.
 */
export function payoutBound(ir: GameIR): [number, number] {
  const steps = allSteps(ir);
  const wagers = steps.flatMap((s) => (s.kind === 'wager' ? [typeof s.max === 'number' ? s.max : Infinity] : []));
  const biggestWager = Math.max(0, ...wagers);
  const per = (seat: number, n: number): [number, number] => (seat === 0 ? [n, 0] : [0, n]);
  return pathBound(
    ir,
    (s): [number, number] => {
      switch (s.kind) {
        case 'ante':
          return s.payers.reduce<[number, number]>((acc, p) => (p === 0 ? [acc[0] + s.amount, acc[1]] : [acc[0], acc[1] + s.amount]), [0, 0]);
        case 'betting':
          // A bet size from an expression: unbounded here (a seat can bet at most its stack).
          return typeof s.betSize === 'number' ? [s.betSize * s.raiseCap, s.betSize * s.raiseCap] : [Infinity, Infinity];
        case 'varbet': {
          const m = s.max === 'stack' ? Infinity : Math.max(s.max, s.fallbackBet);
          return [m, m];
        }
        case 'pay': {
          // `all` and an amount from an expression: as much as the payer holds.
          const n = typeof s.amount === 'number' ? s.amount : Infinity;
          return s.from.kind === 'seat' ? per(s.from.seat, n) : s.from.kind === 'winner' ? [n, n] : [0, 0];
        }
        case 'wager':
          return per(s.seat, typeof s.max === 'number' ? s.max : Infinity);
        case 'match':
          return per(s.seat, biggestWager);
        case 'auction':
          return [s.max, s.max];
        case 'sidebet':
          return [s.amount, s.amount];
        default:
          return [0, 0];
      }
    },
    per,
  );
}

/**
 * Whether the hands at the showdown are fixed by the rules: every card a hand gets comes from a
 * deal at the top level of a phase, and no step moves cards into or out of hands otherwise.
 */
export function handsFixed(ir: GameIR, steps: readonly Step[] = allSteps(ir)): boolean {
  if (steps.some((s) => s.kind === 'discard' || s.kind === 'steal' || s.kind === 'auction')) return false;
  const topLevelDeals = ir.phases.flatMap((p) => p.steps).filter((s) => s.kind === 'deal').length;
  return steps.filter((s) => s.kind === 'deal').length === topLevelDeals;
}

/** Words for the kinds of public change, for "… differently (the stacks and the pot)". */
export const CHANGE_WORDS: Record<string, string> = {
  chips: 'the stacks and the pot',
  cards: 'the number of cards in the piles and hands',
  announcements: 'the announced actions',
  counters: 'the counters',
  scores: 'the scores',
  positions: 'the positions',
};
