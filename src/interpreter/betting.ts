/**
 * Fixed-limit betting, as in OpenSpiel's `kuhn_poker` and `leduc_poker`.
 *
 * Action ids: {@link FOLD} = 0, {@link CALL} = 1 (a check when not facing a bet),
 * {@link RAISE} = 2 (a bet when not facing a bet). Fold is legal only when facing a bet; a raise
 * only while the round's bets + raises are below the cap and the seat can pay the whole amount
 * (the amount needed to match plus the bet size). A seat that cannot cover a call goes all-in
 * and the uncalled excess of the other seat's contribution goes back to it. The round ends on a
 * fold, or once both seats have acted and their contributions for the round are equal.
 */
import type { Action, MenuItem } from './api.js';
import { R } from './layout.js';

export const FOLD = 0;
export const CALL = 1;
export const RAISE = 2;

/** Chips `seat` must add to match the other seat's contribution this round. */
export function toCall(r: Int32Array, seat: number): number {
  return Math.max(0, r[R.CONTRIB + 1 - seat] - r[R.CONTRIB + seat]);
}

/** Legal betting actions of the seat to act, ascending (`betSize`, `raiseCap`: the round's operands). */
export function bettingLegal(r: Int32Array, betSize: number, raiseCap: number): Action[] {
  const me = r[R.ACTOR];
  const need = toCall(r, me);
  const canRaise = r[R.BETS] < raiseCap && r[R.STACK + me] >= need + betSize;
  if (need > 0) return canRaise ? [FOLD, CALL, RAISE] : [FOLD, CALL];
  return canRaise ? [CALL, RAISE] : [CALL];
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
