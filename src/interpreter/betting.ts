/**
 * Betting rounds.
 *
 * All-in seats follow the poker convention (OpenSpiel's `universal_poker`): a seat with no chips
 * behind has no betting decisions, so a round that starts while a seat has no chips is skipped
 * (logged as a `SKIP`), and a bet or raise is offered only while the opponent has chips behind
 * to answer it.
 *
 * Fixed-limit betting, as in OpenSpiel's `kuhn_poker` and `leduc_poker`. Action ids:
 * {@link FOLD} = 0, {@link CALL} = 1 (a check when not facing a bet), {@link RAISE} = 2 (a bet
 * when not facing a bet). Fold is legal only when facing a bet; a raise only while the round's
 * bets + raises are below the cap and the seat can pay the whole amount (the amount needed to
 * match plus the bet size). A seat that cannot cover a call goes all-in and the uncalled excess
 * of the other seat's contribution goes back to it. The round ends on a fold (the other seat
 * takes the pot and the game ends), or once both seats have acted and their contributions for
 * the round are equal.
 *
 * Variable betting (the `varbet` step; the seed rulebook's "Variable Betting Round"): the first
 * seat checks (1) or bets k chips (action 1 + k, 1 ≤ k ≤ min(max, stack)); after a bet the other
 * seat folds (0) or calls (1); after a check the second seat checks or bets, and then the first
 * folds or calls. No raises. A short call is all-in and the excess returns to the bettor.
 */
import { IllegalActionError, type Action, type MenuItem } from './api.js';
import { BOTH, EV, LIVE_BLINDS, NODE, R, SKIP } from './layout.js';
import { RAISES } from './program.js';
import type { Machine } from './machine.js';

export const FOLD = 0;
export const CALL = 1;
export const RAISE = 2;

/** Chips `seat` must add to match the other seat's contribution this round. */
export function toCall(r: Int32Array, seat: number): number {
  return Math.max(0, r[R.CONTRIB + 1 - seat] - r[R.CONTRIB + seat]);
}

/**
 * Whether the seat to act may bet or raise in a fixed round: below the cap, able to pay the whole
 * amount, and facing an opponent with chips behind to answer it.
 */
export function canRaise(r: Int32Array, betSize: number, raiseCap: number): boolean {
  const me = r[R.ACTOR];
  return r[R.BETS] < raiseCap && r[R.STACK + me] >= toCall(r, me) + betSize && r[R.STACK + 1 - me] > 0;
}

/** Whether a betting round starting now is skipped because a seat has no chips behind. */
export function bettingSkipped(r: Int32Array): boolean {
  return r[R.STACK] === 0 || r[R.STACK + 1] === 0;
}

/** Legal betting actions of the seat to act, ascending (`betSize`, `raiseCap`: the round's operands). */
export function bettingLegal(r: Int32Array, betSize: number, raiseCap: number): Action[] {
  const me = r[R.ACTOR];
  const need = toCall(r, me);
  const raise = canRaise(r, betSize, raiseCap);
  if (need > 0) return raise ? [FOLD, CALL, RAISE] : [FOLD, CALL];
  return raise ? [CALL, RAISE] : [CALL];
}

/** The label of a betting action for `seat` given what it faces: fold, check/call, bet/raise. */
export function bettingLabel(r: Int32Array, seat: number, a: Action): string {
  const facing = toCall(r, seat) > 0;
  if (a === FOLD) return 'fold';
  if (a === CALL) return facing ? 'call' : 'check';
  if (a === RAISE) return facing ? 'raise' : 'bet';
  return `action ${a}`;
}

/** The legal menu of the seat to act: label and chips each action moves from its stack. */
export function bettingMenu(r: Int32Array, betSize: number, raiseCap: number): MenuItem[] {
  const me = r[R.ACTOR];
  const need = toCall(r, me);
  return bettingLegal(r, betSize, raiseCap).map((a) => ({
    action: a,
    label: bettingLabel(r, me, a),
    cost: a === FOLD ? 0 : a === CALL ? Math.min(need, r[R.STACK + me]) : need + betSize,
  }));
}

/**
 * Open a betting round. Contributions start from 0, or, after a `blinds` step, from the posted
 * blinds (live bets; the big blind counts as the opening bet: `BETS` = 1 in a fixed round, the
 * big blind's size in a no-limit or pot-limit round, where `BETS` holds the last full raise).
 * The round is skipped when a seat has no chips behind, unless, after blinds, the other seat
 * still faces a bet (it may fold or call); an all-in blind smaller than the other's is matched
 * and the excess goes back.
 * @param fixed whether the round is fixed-limit (a `betting` step or a variable round's fallback)
 * @returns the seat to act first, or -1 when the round is skipped (logged)
 */
export function openRound(s: Machine, first: number, fixed: boolean): number {
  const r = s.r;
  const live = (r[R.ACTED] & LIVE_BLINDS) !== 0;
  r[R.ACTED] = 0;
  if (!live) {
    r[R.CONTRIB] = 0;
    r[R.CONTRIB + 1] = 0;
    r[R.BETS] = 0;
  } else {
    const c = Math.max(r[R.CONTRIB], r[R.CONTRIB + 1]);
    r[R.BETS] = fixed ? (c > 0 ? 1 : 0) : c;
  }
  if (!bettingSkipped(r)) return first;
  const c0 = r[R.CONTRIB];
  const c1 = r[R.CONTRIB + 1];
  const lo = c0 < c1 ? 0 : c1 < c0 ? 1 : -1;
  if (lo >= 0 && r[R.STACK + lo] > 0) return lo;
  if (lo >= 0) {
    const hi = 1 - lo;
    const excess = r[R.CONTRIB + hi] - r[R.CONTRIB + lo];
    r[R.STACK + hi] += excess;
    r[R.POT] -= excess;
    r[R.CONTRIB + hi] -= excess;
    s.log.push(EV.REFUND, hi, excess, 0, 0, BOTH, BOTH);
  }
  s.log.push(EV.SKIP, r[R.STACK] === 0 ? 0 : 1, SKIP.ALL_IN, 0, 0, BOTH, BOTH);
  return -1;
}

/** The raise rule of the variable round under way ({@link RAISES}). */
export function raiseRule(s: Machine): number {
  return s.operand(4);
}

/**
 * Totals the seat to act may bet or raise to in a no-limit or pot-limit round, as its whole
 * contribution to the round after the action: `[lo, hi]`, or null when it may not bet or raise
 * (the opponent has no chips behind to answer, or the seat cannot put in more than the call).
 * The smallest raise is the bet faced plus the last full raise of the round or the minimum bet
 * (the big blind), whichever is larger (the league ruleset's "previous raise size or big
 * blind"); a seat with fewer chips may still go all-in. The largest is all-in (no-limit) or the
 * bet faced plus the pot after the call (pot-limit). An all-in raise smaller than a full raise
 * leaves the minimum raise unchanged; heads-up it never reopens the betting, since the all-in
 * seat has no chips left to face a re-raise.
 */
export function raiseBounds(s: Machine): [number, number] | null {
  const r = s.r;
  const me = r[R.ACTOR];
  const mine = r[R.CONTRIB + me];
  const theirs = r[R.CONTRIB + 1 - me];
  const stack = r[R.STACK + me];
  const need = Math.max(0, theirs - mine);
  if (r[R.STACK + 1 - me] === 0 || stack <= need) return null;
  const allIn = mine + stack;
  const lo = Math.min(theirs + Math.max(r[R.BETS], s.operand(5)), allIn);
  let hi = allIn;
  if (raiseRule(s) === RAISES.POT_LIMIT) hi = Math.min(hi, Math.max(lo, theirs + r[R.POT] + need));
  return [lo, hi];
}

/** Largest bet of the variable round under way for the seat to act (0: it may not bet). */
export function variableMaxBet(s: Machine): number {
  const r = s.r;
  const me = r[R.ACTOR];
  if (toCall(r, me) > 0 || r[R.BETS] > 0 || r[R.STACK + 1 - me] === 0) return 0;
  const max = s.operand(3);
  return Math.min(max < 0 ? r[R.STACK + me] : max, r[R.STACK + me]);
}

/** Legal actions in a variable round: fold/call when facing a bet, else check and bets of 1..max. */
export function variableLegal(s: Machine): Action[] {
  if (raiseRule(s) !== RAISES.NONE) {
    const out: Action[] = toCall(s.r, s.r[R.ACTOR]) > 0 ? [FOLD, CALL] : [CALL];
    const b = raiseBounds(s);
    if (b) for (let t = b[0]; t <= b[1]; t++) out.push(1 + t);
    return out;
  }
  if (toCall(s.r, s.r[R.ACTOR]) > 0) return [FOLD, CALL];
  const out: Action[] = [CALL];
  const hi = variableMaxBet(s);
  for (let k = 1; k <= hi; k++) out.push(1 + k);
  return out;
}

/** Label of a variable-round action: fold, check, call, `bet k`. */
export function variableLabel(s: Machine, a: Action): string {
  if (a === FOLD) return 'fold';
  if (a === CALL) return toCall(s.r, s.r[R.ACTOR]) > 0 ? 'call' : 'check';
  if (raiseRule(s) !== RAISES.NONE && s.r[R.CONTRIB] + s.r[R.CONTRIB + 1] > 0) return `raise ${a - 1}`;
  return `bet ${a - 1}`;
}

/**
 * Apply a betting action of the seat to act: a fixed-limit action (`betting`, or a variable
 * round's fallback), or a variable-round action (`variable`). Ends the round, or the game on a
 * fold. @throws IllegalActionError (from the caller's legality check for variable rounds)
 */
export function applyBetting(s: Machine, a: Action, variable = false): void {
  const r = s.r;
  const me = r[R.ACTOR];
  const other = 1 - me;
  const need = toCall(r, me);
  if (!variable) {
    const betSize = s.betSize();
    if (!(a === CALL || (a === FOLD && need > 0) || (a === RAISE && canRaise(r, betSize, s.raiseCap())))) {
      throw new IllegalActionError(a, bettingLegal(r, betSize, s.raiseCap()));
    }
    r[R.MOVES + me]++;
  }
  r[R.ACTED] |= 1 << me;
  if (a === FOLD) {
    s.log.push(EV.FOLD, me, 0, 0, 0, BOTH, BOTH);
    s.award(other, r[R.POT]);
    s.finish(0);
    return;
  }
  if (a === CALL) {
    if (need === 0) s.log.push(EV.CHECK, me, 0, 0, 0, BOTH, BOTH);
    else {
      const pay = Math.min(need, r[R.STACK + me]);
      s.pay(me, pay);
      s.log.push(EV.CALL, me, pay, 0, 0, BOTH, BOTH);
      if (pay < need) {
        const excess = need - pay;
        r[R.STACK + other] += excess;
        r[R.POT] -= excess;
        r[R.CONTRIB + other] -= excess;
        s.log.push(EV.REFUND, other, excess, 0, 0, BOTH, BOTH);
      }
    }
  } else if (variable && raiseRule(s) !== RAISES.NONE) {
    // Raise (or bet) to a total of a − 1 chips for the round.
    const theirs = r[R.CONTRIB + other];
    const amount = a - 1 - r[R.CONTRIB + me];
    const opening = r[R.CONTRIB] + r[R.CONTRIB + 1] === 0;
    s.pay(me, amount);
    const increment = a - 1 - theirs;
    if (increment >= Math.max(r[R.BETS], s.operand(5))) r[R.BETS] = increment;
    s.log.push(opening ? EV.BET : EV.RAISE, me, amount, 0, 0, BOTH, BOTH);
  } else {
    const amount = variable ? a - 1 : need + s.betSize();
    s.pay(me, amount);
    r[R.BETS]++;
    s.log.push(need === 0 ? EV.BET : EV.RAISE, me, amount, 0, 0, BOTH, BOTH);
  }
  // The round ends once the contributions are equal and both seats have acted, or as soon as they
  // are equal while a seat has no chips behind: an all-in seat makes no betting decisions, and the
  // other has nothing left to bet against (after live blinds: a big blind all-in by posting,
  // called by the small blind; a small blind that calls all-in).
  if (r[R.CONTRIB] === r[R.CONTRIB + 1] && (r[R.ACTED] === 3 || r[R.STACK] === 0 || r[R.STACK + 1] === 0)) {
    r[R.STEP] = 0;
    r[R.PC]++;
    r[R.NODE] = NODE.RUNNING;
  } else {
    r[R.ACTOR] = other;
    r[R.NODE] = NODE.DECISION;
    if (s.program.privateAt[r[R.PC]]) s.decide(other);
  }
}

/**
 * The L0 pick in a variable-betting decision of `moves` single-action kinds (fold and check/call,
 * or check/call alone; ids `first`, `first + 1`, …) and `bets` bet amounts (ids `lo` … `lo + bets
 * − 1`, one kind when `bets > 0`) for a uniform `u` in [0, 1): the kind is `⌊u·K⌋`, the fraction
 * left picks the amount. L0 (`algorithms/l0.ts`) and the machine kernel's L0 (`machine-kernel.ts`) both pick with it.
 */
export function l0VariablePick(u: number, moves: number, bets: number, first: number, lo: number): number {
  const kinds = moves + (bets > 0 ? 1 : 0);
  const x = u * kinds;
  const k = Math.min(kinds - 1, Math.floor(x));
  if (k < moves) return first + k;
  return lo + Math.min(bets - 1, Math.floor((x - k) * bets));
}
