/**
 * L0, the random player of GENSTRAT (v2 §3 and Appendix C, "L0"; v1 §3): at every decision it
 * first picks a *move kind* uniformly among the kinds on offer, then an *amount* uniformly among
 * the legal amounts of that kind.
 *
 * Move kinds by decision:
 * - variable betting (`varbet`), no bet to call: `check` and `bet` (the bets of 1 … max chips are
 *   one kind), so a random player checks half the time whatever the bet range; facing a bet:
 *   `fold` and `call`, and in no-limit and pot-limit rounds `raise` (every raise-to total one
 *   kind), so a third each;
 * - fixed-limit betting: `fold`, `check`/`call`, `bet`/`raise`, each its own kind;
 * - choice, simultaneous pick, side bet, chosen peek, chosen discard: each option its own kind;
 * - wager and sealed bid: one kind (the amount is the whole decision).
 *
 * So L0 is uniform over the legal actions except where several actions are amounts of one move
 * (variable betting). The game tree is unchanged: this is a policy, not a rule. On states that
 * tell a no-limit decision as a range (`hasBetRanges`), {@link l0Pick} picks from the range
 * without listing one action per chip.
 */
import type { Rng } from '../util/rng.js';
import { hasBetRanges, hasMoveShapes, type Action, type GameState, type Player } from '../interpreter/api.js';
import { CALL, FOLD, l0VariablePick as pickVariable } from '../interpreter/betting.js';

/** Kind ids of variable betting: fold 0, check/call 1, bet (any amount) 2. */
export const KIND_FOLD = 0;
export const KIND_CHECK_CALL = 1;
export const KIND_BET = 2;

/** Whether the decision under way is variable betting proper (not its fixed-limit fallback). */
function inVariableBetting(state: GameState): boolean {
  return hasMoveShapes(state) && state.moveShape() === 'variable-betting';
}

/**
 * The move kind of each legal action of the seat to move, parallel to `legalActions()`: actions
 * with equal kind ids are amounts of one move (see the module comment). Kind ids are small
 * integers, equal across actions of one kind; for decisions without amounts every action gets its
 * own id (its index). For a state that does not tell its move shapes (`hasMoveShapes`; e.g. a
 * test double), every action is its own kind.
 * @returns `[]` at chance and terminal nodes
 */
export function legalActionKinds(state: GameState, legal: readonly Action[] = state.legalActions()): number[] {
  const shape = hasMoveShapes(state) ? state.moveShape() : null;
  if (shape === 'variable-betting') return legal.map((a) => (a === FOLD ? KIND_FOLD : a === CALL ? KIND_CHECK_CALL : KIND_BET));
  if (shape === 'amount') return legal.map(() => 0);
  return legal.map((_, i) => i);
}

/**
 * The L0 probability of each legal action (parallel to `legalActions()`): 1 / (number of kinds)
 * × 1 / (number of actions of the action's kind). Sums to 1.
 */
export function l0Distribution(state: GameState, legal: readonly Action[] = state.legalActions()): number[] {
  const kinds = legalActionKinds(state, legal);
  const n = kinds.length;
  // Kinds are small whole numbers (move kinds, or action indices): sizes by kind in an array.
  let top = 0;
  for (let i = 0; i < n; i++) if (kinds[i] > top) top = kinds[i];
  const size = new Array<number>(top + 1).fill(0);
  let nk = 0;
  for (let i = 0; i < n; i++) if (size[kinds[i]]++ === 0) nk++;
  const out = new Array<number>(n);
  for (let i = 0; i < n; i++) out[i] = 1 / nk / size[kinds[i]];
  return out;
}

/**
 * Sample an L0 action at a decision node from one uniform number `u` in [0, 1): the kind is
 * `⌊u·K⌋` among the K kinds in order of first appearance, and the fraction left, `u·K − ⌊u·K⌋`,
 * picks the amount uniformly within the kind. Where every action is its own kind this is
 * `legal[⌊u·n⌋]`, the plain uniform pick.
 */
export function l0Pick(state: GameState, u: number, legal?: readonly Action[]): Action {
  if (legal === undefined && hasMoveShapes(state)) {
    const shape = state.moveShape();
    // Fixed-limit betting: the legal actions are a run of ids (fold, check/call, bet/raise, or
    // check/call, bet/raise), picked without listing them.
    if (shape === 'fixed-betting') {
      const first = state.fixedBettingFirst();
      const n = 3 - first - (state.fixedBettingCanRaise() ? 0 : 1);
      return first + Math.min(n - 1, Math.floor(u * n));
    }
    // Variable betting told as a range (`hasBetRanges`): fold/check-call, then a run of bet ids.
    if (shape === 'variable-betting' && hasBetRanges(state)) {
      const first = state.betFirst();
      const lo = state.betLow();
      const bets = Math.max(0, state.betHigh() - lo + 1);
      return pickVariable(u, 2 - first, bets, first, lo);
    }
  }
  legal ??= state.legalActions();
  const n = legal.length;
  if (!inVariableBetting(state) || n <= 2) return legal[Math.min(n - 1, Math.floor(u * n))];
  // Variable betting: fold (facing a bet), check/call, then the bets or raise-to totals.
  const moves = legal[0] === FOLD ? 2 : 1;
  const a = pickVariable(u, moves, n - moves, 0, moves);
  return legal[a];
}

/** Sample an L0 action with one number from `rng`. */
export function l0Sample(state: GameState, rng: Rng): Action {
  return l0Pick(state, rng());
}

/** L0 as a {@link Player} (the default player of `simulate` and of the acceptance filter). */
export const l0Player: Player = {
  name: 'random',
  act: (state, _seat, rng) => l0Sample(state, rng),
};

/**
 * {@link l0Pick} from the kinds of the legal actions (parallel arrays, e.g. an agent view's
 * `legal` and `kinds`): the kind is `⌊u·K⌋` among the K distinct kinds in order of first
 * appearance, and the fraction left picks uniformly within the kind. Equals `l0Pick` on the
 * interpreter's states.
 */
export function l0PickFromKinds(legal: readonly Action[], kinds: readonly number[], u: number): Action {
  const order: number[] = [];
  for (const k of kinds) if (!order.includes(k)) order.push(k);
  const x = u * order.length;
  const ki = Math.min(order.length - 1, Math.floor(x));
  const members: Action[] = [];
  kinds.forEach((k, i) => k === order[ki] && members.push(legal[i]));
  return members[Math.min(members.length - 1, Math.floor((x - ki) * members.length))];
}
