/**
 * Starting the instructions that the run loop in `state.ts` does not run inline: loops, `end`,
 * chips, scores, positions, variables, and the steps that wait for a decision or a chance node
 * (whose actions are applied in `decisions.ts` and `chance-nodes.ts`).
 *
 * Each starter runs when the program counter reaches its instruction (again after each card for
 * `DISCARD`) and returns true when the state stopped at a node (decision, chance or terminal),
 * false when it moved the program counter on.
 */
import { BOTH, EV, LIVE_BLINDS, NODE, PAY_REASON, R, SKIP, X } from './layout.js';
import { openRound } from './betting.js';
import { CRITERION, OP, PARTY, handPile, type ChoiceTable } from './program.js';
import type { Machine } from './machine.js';
import { UserError } from '../util/errors.js';
import { POSITION_UNSEEN_IN_PROBE, probe } from './expr.js';

type Starter = (s: Machine) => boolean;

/** Go to the next instruction. */
function next(s: Machine): false {
  s.r[R.PC]++;
  return false;
}

/** Wait at a chance node that draws a card uniformly from a pile (the pile is known from the instruction). */
function drawCard(s: Machine): true {
  s.r[R.NODE] = NODE.CHANCE_CARD;
  return true;
}

const loopInit: Starter = (s) => {
  s.r[s.program.loops[s.operand(0)].counter] = 0;
  return next(s);
};

const loopTest: Starter = (s) => {
  const index = s.operand(0);
  const loop = s.program.loops[index];
  const v = s.r[loop.counter];
  if (v >= loop.max || (loop.until >= 0 && s.program.conds[loop.until](s))) {
    s.log.push(EV.LOOP_END, -1, index, v, 0, BOTH, BOTH);
    s.r[R.PC] = s.operand(1);
    return false;
  }
  s.log.push(EV.ROUND, -1, index, v, 0, BOTH, BOTH);
  return next(s);
};

const loopNext: Starter = (s) => {
  s.r[s.program.loops[s.operand(0)].counter]++;
  s.r[R.PC] = s.operand(1);
  return false;
};

const end: Starter = (s) => {
  const winner = s.operand(0);
  const reason = s.operand(1);
  if (winner >= 0) s.award(winner, s.r[R.POT]);
  else {
    s.log.push(EV.SPLIT, -1, 0, 0, 0, BOTH, BOTH);
    if (s.splitPot()) return true;
  }
  s.finish(2, reason);
  return true;
};

const varbet: Starter = (s) => {
  // A seat with no chips behind has no betting decisions: the round is skipped (so its fixed
  // fallback, `STEP` 1, is never reached from here), unless it faces a live blind.
  const first = openRound(s, s.operand(2), false);
  if (first < 0) return next(s);
  s.r[R.STEP] = 2;
  s.decide(first);
  return true;
};

const blinds: Starter = (s) => {
  const r = s.r;
  r[R.CONTRIB] = 0;
  r[R.CONTRIB + 1] = 0;
  for (const [seat, amount, big] of [
    [s.operand(0), s.operand(1), 0],
    [s.operand(2), s.operand(3), 1],
  ]) {
    const pay = Math.min(amount, r[R.STACK + seat]);
    r[R.STACK + seat] -= pay;
    r[R.POT] += pay;
    r[R.CONTRIB + seat] += pay;
    s.log.push(EV.BLIND, seat, pay, big, 0, BOTH, BOTH);
  }
  r[R.ACTED] = LIVE_BLINDS;
  return next(s);
};

/**
 * The chips a choice's option costs in the state `s` is in: its whole-number cost, or its cost
 * expression worked out now (a value of 0 or less: free). Nothing changes the registers an
 * expression reads between the moment the choice is offered, the pick and a chance cost's draw,
 * so the value is the same at all three. Cost expressions never read a seat's cards (E0249).
 */
export function optionCost(s: Machine, o: ChoiceTable['options'][number]): number {
  return o.costExpr > 0 ? Math.max(0, s.program.ints[o.costExpr - 1](s, -1)) : o.cost;
}

/** Whether a choice's option is offered: its certain cost is within the seat's stack. */
export function optionOffered(s: Machine, o: ChoiceTable['options'][number], stack: number): boolean {
  return !(o.costChance >= 1 && optionCost(s, o) > stack);
}

/** Whether any option of a choice is offered (a loop: no closure per step). */
function anyOptionOffered(s: Machine, c: ChoiceTable, stack: number): boolean {
  for (let i = 0; i < c.options.length; i++) if (optionOffered(s, c.options[i], stack)) return true;
  return false;
}

const choice: Starter = (s) => {
  const c = s.program.choices[s.operand(0)];
  const stack = s.r[R.STACK + c.seat];
  if (!anyOptionOffered(s, c, stack)) {
    s.log.push(EV.SKIP, c.seat, SKIP.CHOICE, 0, 0, BOTH, BOTH);
    s.r[R.PC] = c.end;
    return false;
  }
  s.decide(c.seat);
  return true;
};

/** Largest amount of the `WAGER` under way for its seat. */
export function wagerMax(s: Machine): number {
  const stack = s.r[R.STACK + s.operand(0)];
  const expr = s.operand(3);
  if (expr > 0) return Math.max(0, Math.min(s.program.ints[expr - 1](s, -1), stack));
  const max = s.operand(2);
  return Math.min(max < 0 ? stack : max, stack);
}

const wager: Starter = (s) => {
  const seat = s.operand(0);
  if (wagerMax(s) < s.operand(1)) {
    // b = 1: the largest wager (an expression) is below the smallest, whatever the stack.
    const belowMin = s.operand(3) > 0 && s.r[R.STACK + seat] >= s.operand(1) ? 1 : 0;
    s.log.push(EV.SKIP, seat, SKIP.WAGER, belowMin, 0, BOTH, BOTH);
    return next(s);
  }
  if (s.r[R.STACK + 1 - seat] === 0) {
    // Nobody could answer the wager: the opponent has no chips behind.
    s.log.push(EV.SKIP, seat, SKIP.WAGER_UNANSWERED, 0, 0, BOTH, BOTH);
    return next(s);
  }
  s.decide(seat);
  return true;
};

const match: Starter = (s) => {
  const r = s.r;
  const seat = s.operand(0);
  const bettor = r[s.x(X.WAGER_SEAT)];
  const amount = r[s.x(X.WAGER_AMT)];
  if (bettor < 0 || amount === 0) {
    s.log.push(EV.SKIP, seat, SKIP.MATCH, 0, 0, BOTH, BOTH);
    return next(s);
  }
  const pay = Math.min(amount, r[R.STACK + seat]);
  r[R.STACK + seat] -= pay;
  r[R.POT] += pay;
  s.log.push(EV.MATCH, seat, pay, 0, 0, BOTH, BOTH);
  if (pay < amount) {
    const excess = amount - pay;
    r[R.STACK + bettor] += excess;
    r[R.POT] -= excess;
    s.log.push(EV.REFUND, bettor, excess, 0, 0, BOTH, BOTH);
  }
  r[s.x(X.WAGER_SEAT)] = -1;
  r[s.x(X.WAGER_AMT)] = 0;
  return next(s);
};

/** Simultaneous rounds and auctions: seat 0 decides first, then seat 1 (see `decisions.ts`). */
const firstOfTwo: Starter = (s) => {
  s.r[R.STEP] = 0;
  s.decide(0);
  return true;
};

const peek: Starter = (s) => {
  const peeker = s.seatOperand(s.operand(0));
  const target = s.operand(1);
  if (s.piles[handPile(target)] === 0) {
    const seen = s.operand(3) ? BOTH : 1 << peeker;
    s.log.push(EV.PEEK, peeker, target, -1, -1, seen, 1 << peeker);
    return next(s);
  }
  if (s.operand(2)) {
    s.decide(peeker);
    return true;
  }
  return drawCard(s);
};

const reveal: Starter = (s) => {
  const seat = s.operand(0);
  const hand = handPile(seat);
  if (s.piles[hand] === 0) {
    s.log.push(EV.SHOW, seat, 0, -1, 0, BOTH, BOTH);
    return next(s);
  }
  if (s.operand(1)) return drawCard(s);
  for (const t of s.pileCards(hand)) s.log.push(EV.SHOW, seat, 0, t, 0, BOTH, BOTH);
  return next(s);
};

const swap: Starter = (s) => {
  const first = s.operand(0);
  const second = s.operand(1);
  if (first === second || s.piles[handPile(first)] === 0 || s.piles[handPile(second)] === 0) {
    s.log.push(EV.SKIP, -1, SKIP.SWAP, 0, 0, BOTH, BOTH);
    return next(s);
  }
  s.r[R.STEP] = 0;
  return drawCard(s);
};

const steal: Starter = (s) => {
  const thief = s.seatOperand(s.operand(0));
  const victim = s.operand(1);
  if (thief === victim || s.piles[handPile(victim)] === 0) {
    s.log.push(EV.SKIP, thief, SKIP.STEAL, 0, 0, BOTH, BOTH);
    return next(s);
  }
  return drawCard(s);
};

const discard: Starter = (s) => {
  const seat = s.operand(0);
  if (s.r[R.STEP] >= s.operand(1) || s.piles[handPile(seat)] === 0) {
    s.r[R.STEP] = 0;
    return next(s);
  }
  if (s.operand(2)) {
    s.decide(seat);
    return true;
  }
  return drawCard(s);
};

/** A `PAY` party operand as a seat, or -1 for the pot. */
function payParty(s: Machine, v: number): number {
  return v === PARTY.POT ? -1 : v === PARTY.WINNER ? s.winner() : v;
}

const pay: Starter = (s) => {
  const r = s.r;
  const from = payParty(s, s.operand(1));
  const to = payParty(s, s.operand(2));
  if (from !== to) {
    const held = from < 0 ? r[R.POT] : r[R.STACK + from];
    const expr = s.operand(3);
    // An expression's value is clamped to [0, held] (a value of 0 or less moves nothing).
    const amount = expr > 0 ? Math.max(0, Math.min(s.program.ints[expr - 1](s, -1), held)) : s.operand(0) < 0 ? held : Math.min(s.operand(0), held);
    s.transfer(from, to, amount, PAY_REASON.PAY);
  }
  return next(s);
};

const sidebet: Starter = (s) => {
  s.decide(s.program.sidebets[s.operand(0)].seat);
  return true;
};

const score: Starter = (s) => {
  const seat = s.operand(0);
  const delta = s.operand(1);
  s.r[s.x(X.SCORE) + seat] += delta;
  s.log.push(EV.SCORE, seat, delta, 0, 0, BOTH, BOTH);
  return next(s);
};

/** The seat meeting an `assign` criterion, or -1 (a tie, or nobody qualifies). */
function holderBy(s: Machine, criterion: number, seat: number): number {
  const r = s.r;
  switch (criterion) {
    case CRITERION.SEAT:
      return seat;
    case CRITERION.CHIP_LEADER:
      return r[R.STACK] > r[R.STACK + 1] ? 0 : r[R.STACK + 1] > r[R.STACK] ? 1 : -1;
    case CRITERION.HIGHEST: {
      const h0 = s.highest(0);
      const h1 = s.highest(1);
      return h0 > h1 ? 0 : h1 > h0 ? 1 : -1;
    }
    default: {
      // Lowest card: the smaller highest card among non-empty hands.
      const e0 = s.piles[handPile(0)] === 0;
      const e1 = s.piles[handPile(1)] === 0;
      if (e0 || e1) return e0 && e1 ? -1 : e0 ? 1 : 0;
      const h0 = s.highest(0);
      const h1 = s.highest(1);
      return h0 < h1 ? 0 : h1 < h0 ? 1 : -1;
    }
  }
}

const assign: Starter = (s) => {
  const p = s.program;
  const index = s.operand(0);
  const criterion = s.operand(1);
  const holder = holderBy(s, criterion, s.operand(2));
  let stored = holder;
  if (probe.seat >= 0 && (criterion === CRITERION.HIGHEST || criterion === CRITERION.LOWEST)) {
    // A cost probe: the cards were looked at, and the other seat's (when it has any) decide a holder the probing seat cannot know.
    probe.cardReads++;
    if (s.piles[handPile(1 - probe.seat)] > 0) stored = POSITION_UNSEEN_IN_PROBE;
  }
  s.r[p.posBase + index] = stored;
  if (!p.positions[index].hidden) s.log.push(EV.ASSIGN, holder, index, 0, 0, BOTH, BOTH);
  else for (let seat = 0; seat < 2; seat++) s.log.push(EV.ASSIGN_HIDDEN, seat, index, holder === seat ? 1 : 0, 0, 1 << seat, 1 << seat);
  return next(s);
};

/**
 * Refuse a `set` whose value is outside a register's 32 bits (rather than wrap it).
 * @throws UserError always
 */
function setOutOfRange(s: Machine, variable: number, value: number): never {
  throw new UserError(
    `variable '${s.program.variableNames[variable]}' would be set to ${value}, outside the range of a variable (${-(2 ** 31)} to ${2 ** 31 - 1})`,
  );
}

const set: Starter = (s) => {
  const p = s.program;
  const variable = s.operand(0);
  const value = p.ints[s.operand(1)](s, -1);
  // Registers are 32-bit: a value outside that range is refused rather than wrapped.
  if (value !== (value | 0)) setOutOfRange(s, variable, value);
  s.r[p.varBase + variable] = value;
  s.log.push(EV.SET, -1, variable, value, 0, BOTH, BOTH);
  return next(s);
};

/** Starters by opcode (the run loop handles the others inline). */
export const START: (Starter | undefined)[] = [];
START[OP.LOOP_INIT] = loopInit;
START[OP.LOOP_TEST] = loopTest;
START[OP.LOOP_NEXT] = loopNext;
START[OP.END] = end;
START[OP.VARBET] = varbet;
START[OP.BLINDS] = blinds;
START[OP.CHOICE] = choice;
START[OP.WAGER] = wager;
START[OP.MATCH] = match;
START[OP.SIMUL] = firstOfTwo;
START[OP.AUCTION] = firstOfTwo;
START[OP.PEEK] = peek;
START[OP.REVEAL] = reveal;
START[OP.SWAP] = swap;
START[OP.STEAL] = steal;
START[OP.DISCARD] = discard;
START[OP.PAY] = pay;
START[OP.SIDEBET] = sidebet;
START[OP.SCORE] = score;
START[OP.ASSIGN] = assign;
START[OP.SET] = set;
