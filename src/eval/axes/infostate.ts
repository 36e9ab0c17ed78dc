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
 * The fields come from the engine (`InfoStateParts` of the contract, from the seat's events);
 * states that do not offer them (test doubles) fall back to the engine key.
 */
import { hasInfoParts, type Action, type GameState, type StructuredInfoState } from '../../interpreter/api.js';
import { FOLD } from '../../interpreter/betting.js';

/**
 * The decision type dt = (phase, move type, move name) of v2 Appendix C: the phase entered last,
 * the decision rule under way (one rule is one move of one type) and, for betting, whether the
 * seat faces a bet (fold/call/raise) or not (check/bet): the two menus are different moves.
 * States without decision sites (`hasInfoParts`; test doubles) use the observed phase and prompt.
 */
export function decisionType(state: GameState, seat: number, legal: readonly Action[] = state.legalActions()): string {
  if (hasInfoParts(state)) {
    const site = state.decisionSite();
    // Betting moves are named by their menu: open (check/bet) or facing a bet (fold/call/raise).
    const name = site.betting ? (legal.includes(FOLD) ? ':facing' : ':open') : '';
    return `${site.phase}:${site.step}${name}`;
  }
  const o = state.observation(seat);
  return `${o.phase}:${o.decision?.prompt ?? ''}`;
}

/** The parts of I_p of `seat` at `state` (see the file comment). */
export interface AxisInfoParts {
  dt: string;
  hand: string;
  path: string;
  chipBin: string;
  signals: string;
  roles: string;
}

/** The fields of I_p for `seat` at `state` (the engine's information-state fields, `InfoStateParts`, and the chip bin). */
export function axisInfoParts(state: StructuredInfoState, seat: number, dt: string): AxisInfoParts {
  const f = state.infoStateParts(seat);
  return { dt, hand: f.hand, path: f.path, chipBin: chipBin(state, seat, f.chipsInPlay), signals: f.signals, roles: f.roles };
}

/** The axes' keys of one decision: I_p (v2), its risk coarsening, and v1's key. */
export interface AxisKeys {
  /** `seat|dt|hand|path|chip bin|signals|roles`. */
  info: string;
  /** `seat|dt|hand|path|chip bin` (the risk axis's coarsened I_p). */
  riskInfo: string;
}

/** The v2 keys of `seat` at `state` (the engine key for states without information-state fields). */
export function axisKeys(state: GameState, seat: number, legal: readonly Action[]): AxisKeys {
  return axisKeysAt(state, seat, decisionType(state, seat, legal));
}

/** {@link axisKeys} for the decision type `dt` of the decision (`decisionType(state, seat, legal)`, computed once by the caller). */
export function axisKeysAt(state: GameState, seat: number, dt: string): AxisKeys {
  if (!hasInfoParts(state)) {
    const k = `${seat}|${state.informationStateKey(seat)}`;
    return { info: k, riskInfo: k };
  }
  const f = state.infoStateParts(seat);
  const riskInfo = `${seat}|${dt}|${f.hand}|${f.path}|${chipBin(state, seat, f.chipsInPlay)}`;
  return { info: `${riskInfo}|${f.signals}|${f.roles}`, riskInfo };
}

/** I_p alone, `axisKeys(state, seat, legal).info` (the key the playouts' policies look up). */
export function axisInfoKey(state: GameState, seat: number, legal: readonly Action[]): string {
  if (!hasInfoParts(state)) return `${seat}|${state.informationStateKey(seat)}`;
  return axisInfoKeyAt(state, seat, decisionType(state, seat, legal));
}

/** {@link axisInfoKey} for the decision type `dt` of the decision (`decisionType(state, seat, legal)`, computed once by the caller). */
export function axisInfoKeyAt(state: GameState, seat: number, dt: string): string {
  if (!hasInfoParts(state)) return `${seat}|${state.informationStateKey(seat)}`;
  const f = state.infoStateParts(seat);
  return `${seat}|${dt}|${f.hand}|${f.path}|${chipBin(state, seat, f.chipsInPlay)}|${f.signals}|${f.roles}`;
}

/** The chip bin of `seat`, `⌊8·own stack / T⌋/⌊8·pot / T⌋` (T = `total`, the chips in play; the raw chips when T is 0). */
function chipBin(state: GameState, seat: number, total: number): string {
  const { stacks, pot } = state.chips();
  return total > 0 ? `${Math.floor((8 * stacks[seat]) / total)}/${Math.floor((8 * pot) / total)}` : `${stacks[seat]}/${pot}`;
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
  if (!hasInfoParts(state)) return `${seat}|${dt}|${last3}|${state.informationStateKey(seat)}`;
  const f = axisInfoParts(state, seat, dt);
  const { stacks, pot } = state.chips();
  return `${seat}|${dt}|${f.hand}|${last3}|${stacks[seat]}/${pot}|${f.path}|${f.signals}|${f.roles}`;
}
