/**
 * The information state the complexity axes count and condition on (GENSTRAT v2 Appendix C):
 *   I_p = (dt, hand, action path, chip bin, signals, roles),
 * formed from what the seat observed (the events it sees, its own hand, the public chips), and
 * the coarsened key of the risk axis, (dt, hand, action path, chip bin) (the footnote to "Risk"),
 * and v1's key (v1 Appendix C, "State space"). The engine's perfect-recall key
 * (`informationStateKey`) stays what the solvers use; the axes use these.
 *
 * Fields (docs/axes.md, "The axes' information state"):
 * - dt: {@link decisionType} (phase entered last, the decision instruction, the betting menu).
 * - hand: the seat's own cards, as the sorted multiset of card types.
 * - action path: the seat-visible player actions in order, each as (kind, seat, option) with chip
 *   amounts dropped (the chip bin carries the chips); an action whose option the seat does not
 *   see (a sealed pick or bid of the opponent) is (kind, seat) only.
 * - chip bin: ⌊8·own stack / T⌋ and ⌊8·pot / T⌋, T the sum of the starting stacks (eighths of the
 *   chips in play).
 * - signals: every other event the seat sees, in order, except phase and shuffle markers, chip
 *   movements (in the chip bin), cards entering the seat's own hand (in the hand) and card moves
 *   whose card it does not see (their destination would tell the opponent's hand size, which the
 *   seed rulebook keeps private; the deck count is not a field).
 * - roles: per position, its holder as the seat knows it (public holder, or whether the seat
 *   holds a hidden position).
 *
 * Games that are not the interpreter's (test doubles) fall back to the engine key.
 */
import type { Action, GameState } from '../../interpreter/api.js';
import { DEAL_FIRST, EV, R } from '../../interpreter/layout.js';
import { handPile } from '../../interpreter/program.js';
import { InterpreterState } from '../../interpreter/state.js';
import { decisionType } from './episodes.js';

/** Events whose chips only move (their amounts are in the chip bin). */
const CHIP_EVENTS = new Set<number>([EV.ANTE, EV.BLIND, EV.TRANSFER, EV.REFUND, EV.WIN, EV.ODD_CHIP, EV.SPLIT]);
/** Player actions: their kind, seat and option form the action path. */
const ACTIONS = new Set<number>([EV.FOLD, EV.CHECK, EV.CALL, EV.BET, EV.RAISE, EV.CHOSE, EV.WAGER, EV.MATCH, EV.PICK, EV.PICKS, EV.BID, EV.BIDS, EV.SIDEBET]);
/** Actions whose `b` is the option chosen (bet-like actions carry an amount instead, dropped). */
const OPTION_IN_B = new Set<number>([EV.CHOSE, EV.PICK, EV.BID, EV.SIDEBET]);
/** Markers that are not observations (the phase is in dt; a decision prompt is the decision itself). */
const SKIPPED = new Set<number>([EV.PHASE, EV.SUBPHASE, EV.SHUFFLE, EV.ASK, EV.SHOWDOWN, EV.END]);

/** The parts of I_p of `seat` at `state` (see the file comment). */
export interface AxisInfoParts {
  dt: string;
  hand: string;
  path: string;
  chipBin: string;
  signals: string;
  roles: string;
}

/** The fields of I_p for `seat` at `state`, an interpreter state. */
export function axisInfoParts(state: InterpreterState, seat: number, dt: string): AxisInfoParts {
  const p = state.program;
  const log = state.log;
  const bit = 1 << seat;
  const path: string[] = [];
  const signals: string[] = [];
  const roles = new Map<number, string>();
  for (let i = 0; i < log.count; i++) {
    if (!(log.seenBy(i) & bit)) continue;
    const kind = log.kind(i);
    if (SKIPPED.has(kind) || CHIP_EVENTS.has(kind)) continue;
    const s = log.seat(i);
    const seen = (log.contentSeenBy(i) & bit) !== 0;
    if (ACTIONS.has(kind)) {
      if (kind === EV.PICKS || kind === EV.BIDS) path.push(`${kind}.${log.b(i)}.${log.c(i)}`);
      else path.push(OPTION_IN_B.has(kind) && seen ? `${kind}.${s}.${log.b(i)}` : `${kind}.${s}`);
      continue;
    }
    if (kind === EV.ASSIGN) {
      roles.set(log.a(i), String(s));
      continue;
    }
    if (kind === EV.ASSIGN_HIDDEN) {
      roles.set(log.a(i), log.b(i) ? 'me' : 'not-me');
      continue;
    }
    if (kind === EV.DEAL) {
      const to = log.a(i);
      // A card into the seat's own hand is in the hand; a card it does not see says nothing but
      // where it went (the opponent's hand size, private).
      if (to === handPile(seat) || !seen) continue;
      signals.push(`D${(log.c(i) & ~DEAL_FIRST) & 0xff}>${to}:${log.b(i)}`);
      continue;
    }
    signals.push(seen ? `${kind}.${s}.${log.a(i)}.${log.b(i)}.${log.c(i)}` : `${kind}.${s}.${log.a(i)}`);
  }
  const total = p.startStacks[0] + p.startStacks[1];
  const bin = (x: number): number => (total > 0 ? Math.floor((8 * x) / total) : x);
  return {
    dt,
    hand: state
      .pileCards(handPile(seat))
      .sort((a, b) => a - b)
      .join(','),
    path: path.join(' '),
    chipBin: `${bin(state.r[R.STACK + seat])}/${bin(state.r[R.POT])}`,
    signals: signals.join(' '),
    roles: [...roles].sort((a, b) => a[0] - b[0]).map(([k, v]) => `${k}=${v}`).join(','),
  };
}

/** The axes' keys of one decision: I_p (v2), its risk coarsening, and v1's key. */
export interface AxisKeys {
  /** `seat|dt|hand|path|chip bin|signals|roles`. */
  info: string;
  /** `seat|dt|hand|path|chip bin` (the risk axis's coarsened I_p). */
  riskInfo: string;
}

/** The v2 keys of `seat` at `state` (engine key for states that are not the interpreter's). */
export function axisKeys(state: GameState, seat: number, legal: readonly Action[]): AxisKeys {
  const dt = decisionType(state, seat, legal);
  if (!(state instanceof InterpreterState)) {
    const k = `${seat}|${state.informationStateKey(seat)}`;
    return { info: k, riskInfo: k };
  }
  const f = axisInfoParts(state, seat, dt);
  const riskInfo = `${seat}|${f.dt}|${f.hand}|${f.path}|${f.chipBin}`;
  return { info: `${riskInfo}|${f.signals}|${f.roles}`, riskInfo };
}

/**
 * v1's information state (v1 Appendix C, "State space"): the decision, the seat's own hand, its
 * last three decisions, its chips, everything it has been shown (the seat-visible events other
 * than card moves it does not see, the pot) and the positions. Chips are whole numbers, so
 * rounding them is the identity. `ownActions` are the seat's own earlier actions in order.
 */
export function axisKeyV1(state: GameState, seat: number, legal: readonly Action[], ownActions: readonly Action[]): string {
  const dt = decisionType(state, seat, legal);
  const last3 = ownActions.slice(-3).join(',');
  if (!(state instanceof InterpreterState)) return `${seat}|${dt}|${last3}|${state.informationStateKey(seat)}`;
  const f = axisInfoParts(state, seat, dt);
  return `${seat}|${dt}|${f.hand}|${last3}|${state.r[R.STACK + seat]}/${state.r[R.POT]}|${f.path}|${f.signals}|${f.roles}`;
}
