/**
 * What the table bots (`always-fold`, `check-fold`, `equity`) read of a betting decision, for any
 * number of seats and from what the seat may know only: the passive options (fold, check, call)
 * among the legal actions, the aggressive ones (bet or raise N) found by their labels without
 * listing every amount, and the chips of the round as the seat's observation shows them.
 *
 * Action ids ascend with the menu: fold and check/call come first, then bets or raises by amount
 * (`bet N`: N chips; `raise N`: the seat's total in the round becomes N), so the passive options are
 * found among the first labels and an amount by bisection over the rest.
 */
import type { Action, Observation } from '../../interpreter/api.js';

/** Labels of aggressive actions: `bet`, `raise`, with an amount when there are several. */
export const AGGRESSIVE_LABEL = /^(bet|raise)(?: (\d+))?$/;

/** The betting options of a decision, as far as the bots need them. */
export interface BettingOptions {
  fold?: Action;
  check?: Action;
  call?: Action;
  /** Index in `legal` of the first aggressive action (all later ones are aggressive), or -1. */
  firstAggressive: number;
}

/**
 * Find fold, check, call and where the aggressive actions start, reading labels from the front
 * until the first aggressive one (a handful of `labelAt` calls for a betting decision).
 */
export function bettingOptions(legal: readonly Action[], labelAt: (i: number) => string): BettingOptions {
  const out: BettingOptions = { firstAggressive: -1 };
  for (let i = 0; i < legal.length; i++) {
    const l = labelAt(i);
    if (l === 'fold') out.fold = legal[i];
    else if (l === 'check') out.check = legal[i];
    else if (l === 'call') out.call = legal[i];
    else if (AGGRESSIVE_LABEL.test(l)) {
      out.firstAggressive = i;
      break;
    } else if (i >= 3) break;
  }
  return out;
}

/** Whether the decision is a betting decision (some fold, check, call or bet is on offer). */
export const isBetting = (o: BettingOptions): boolean => o.fold !== undefined || o.check !== undefined || o.call !== undefined || o.firstAggressive >= 0;

/** The amount in an aggressive label (`bet 300` → 300), or null for a bare `bet`/`raise`. */
export function labelAmount(label: string): number | null {
  const m = AGGRESSIVE_LABEL.exec(label);
  return m && m[2] !== undefined ? Number(m[2]) : null;
}

/**
 * The aggressive action whose amount is nearest to `target` (ties: the smaller), by bisection
 * over `legal[first …]` (amounts ascend); the first one when amounts are not labelled.
 */
export function nearestAmount(legal: readonly Action[], labelAt: (i: number) => string, first: number, target: number): Action {
  let lo = first;
  let hi = legal.length - 1;
  if (labelAmount(labelAt(lo)) === null) return legal[lo];
  if (target <= labelAmount(labelAt(lo))!) return legal[lo];
  if (target >= labelAmount(labelAt(hi))!) return legal[hi];
  // Invariant: amount(lo) < target < amount(hi).
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (labelAmount(labelAt(mid))! < target) lo = mid;
    else hi = mid;
  }
  return target - labelAmount(labelAt(lo))! <= labelAmount(labelAt(hi))! - target ? legal[lo] : legal[hi];
}

/** The chips of the betting round under way, from the seat's observation. */
export interface RoundChips {
  /** Chips each seat has put in during this round (blinds count in the first round). */
  inRound: number[];
  /** Chips the seat must add to match the highest contribution (capped at its stack). */
  toCall: number;
  /** Chips in the pot. */
  pot: number;
  /** Chips behind in the seat's stack. */
  stack: number;
  /** Seats still in the hand (not folded), the seat itself included. */
  active: number[];
}

const BETS = new Set(['blind', 'call', 'bet', 'raise']);
const ACTIONS = new Set(['call', 'bet', 'raise', 'check', 'fold']);

/**
 * The round's chips as `obs` shows them: contributions are the `blind`, `call`, `bet` and `raise`
 * events of the round; a phase that begins after a seat acted (checked, called, bet, raised or
 * folded) opens a new round, so blinds posted before the first betting phase stay live in it.
 * Seats that folded are out.
 */
export function roundChips(obs: Observation): RoundChips {
  const n = obs.stacks.length;
  const inRound = new Array<number>(n).fill(0);
  const folded = new Set<number>();
  let acted = false;
  for (const e of obs.log) {
    if (e.kind === 'phase' && acted) {
      inRound.fill(0);
      acted = false;
    }
    if (ACTIONS.has(e.kind)) acted = true;
    if (e.seat === undefined) continue;
    if (e.kind === 'fold') folded.add(e.seat);
    if (BETS.has(e.kind) && e.amount !== undefined) inRound[e.seat] += e.amount;
  }
  const seat = obs.seat;
  const stack = obs.stacks[seat];
  return {
    inRound,
    toCall: Math.min(stack, Math.max(0, Math.max(...inRound) - inRound[seat])),
    pot: obs.pot,
    stack,
    active: Array.from({ length: n }, (_, s) => s).filter((s) => !folded.has(s)),
  };
}
