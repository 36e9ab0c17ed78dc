/**
 * What an action costs the seat that takes it, measured by playing it out rather than read from
 * declarations: the action is applied to a copy of the state and the copy runs on to the seat's
 * next point of choice, through every chance outcome (and every reply of the other seat in the
 * second half of a simultaneous step: a sealed bid or a secret pick) met on the way. Chips are
 * counted until the next decision, the end of the game, or the settlement of the pot (showdown,
 * pot awarded, split), whichever comes first, so a call that ends the game costs the call, not
 * the pot it wins. Clamped amounts (short calls, unaffordable costs, bids above the stack) are
 * measured as the rules move them.
 */
import type { Action } from './api.js';
import { EV, NODE, R } from './layout.js';
import { OP } from './program.js';
import type { InterpreterState } from './state.js';

/** Chips an action moves from the acting seat's stack: `[min, max]` over what may happen next (equal when certain). */
export type CostRange = readonly [min: number, max: number];

/** At most this many continuation nodes are explored per action (beyond it, ranges are bounded by the chips in play). */
export const COST_SEARCH_LIMIT = 1024;

/** Whether an event settles the pot (the cost measurement stops there). */
function settles(kind: number): boolean {
  return kind === EV.SHOWDOWN || kind === EV.WIN || kind === EV.SPLIT || kind === EV.ODD_CHIP || kind === EV.END;
}

/**
 * Stack change of `seat` over events `from..` of the state's log, stopping at the settlement.
 * @returns the change in chips (negative: the seat paid) and whether a settlement was reached
 */
export function stackChange(s: InterpreterState, from: number, seat: number): { change: number; settled: boolean } {
  const log = s.log;
  let change = 0;
  for (let i = from; i < log.count; i++) {
    const k = log.kind(i);
    if (settles(k)) return { change, settled: true };
    const who = log.seat(i);
    switch (k) {
      case EV.ANTE:
      case EV.CALL:
      case EV.BET:
      case EV.RAISE:
      case EV.WAGER:
      case EV.MATCH:
        if (who === seat) change -= log.a(i);
        break;
      case EV.REFUND:
        if (who === seat) change += log.a(i);
        break;
      case EV.TRANSFER:
        if (who === seat) change -= log.a(i);
        if (log.b(i) === seat) change += log.a(i);
        break;
    }
  }
  return { change, settled: false };
}

/** Whether the state waits for the other seat's half of a simultaneous step `seat` has started. */
function otherHalf(s: InterpreterState, seat: number): boolean {
  if (s.r[R.NODE] !== NODE.DECISION || s.r[R.ACTOR] === seat) return false;
  const op = s.op();
  return (op === OP.SIMUL || op === OP.AUCTION) && s.r[R.STEP] !== 0;
}

/**
 * The chips `action` moves from the acting seat's stack, as a range over chance and the other
 * seat's simultaneous reply (see the module comment). Positive: chips paid; negative: chips received.
 *
 * The continuations are explored breadth first, at most {@link COST_SEARCH_LIMIT} nodes; a
 * continuation left unexplored then contributes the widest range chips allow from where it stands
 * (the seat may yet pay its whole stack, or receive the pot and the opponent's stack), so the
 * range is always sound and exact whenever the search completes.
 * @param state a decision node (not modified)
 * @returns `[min, max]` chips
 */
export function actionCost(state: InterpreterState, action: Action): CostRange {
  const seat = state.r[R.ACTOR];
  let lo = Infinity;
  let hi = -Infinity;
  let budget = COST_SEARCH_LIMIT;
  const first = state.clone();
  first.applyAction(action);
  const queue: { s: InterpreterState; from: number; paid: number }[] = [{ s: first, from: state.log.count, paid: 0 }];
  for (let q = 0; q < queue.length; q++) {
    const { s, from, paid } = queue[q];
    const { change, settled } = stackChange(s, from, seat);
    const total = paid - change;
    const node = s.r[R.NODE];
    if (settled || node === NODE.TERMINAL || (node === NODE.DECISION && !otherHalf(s, seat))) {
      lo = Math.min(lo, total);
      hi = Math.max(hi, total);
      continue;
    }
    const actions = s.legalActions();
    if (budget < actions.length) {
      // too many continuations: the widest range from here
      lo = Math.min(lo, total - s.r[R.POT] - s.r[R.STACK + 1 - seat]);
      hi = Math.max(hi, total + s.r[R.STACK + seat]);
      continue;
    }
    budget -= actions.length;
    for (const a of actions) {
      const next = s.clone();
      next.applyAction(a);
      queue.push({ s: next, from: s.log.count, paid: total });
    }
  }
  return [lo, hi];
}
