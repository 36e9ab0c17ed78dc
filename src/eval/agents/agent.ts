/**
 * Agents: anything that picks an action for a seat at a decision node.
 */
import type { Action, GameState } from '../../interpreter/api.js';

/** A source of uniform random numbers in [0, 1), e.g. a seedrandom PRNG. */
export type Rng = () => number;

/**
 * A player. `act` is called only when `state.currentPlayer() === seat`; it must return one of
 * `state.legalActions()`. Agents must not read hidden information: they may use
 * `state.observation(seat)` and `state.informationStateKey(seat)` only (plus the legal actions).
 */
export interface Agent {
  /** Short identifier, e.g. `random`, `cfr`. */
  readonly name: string;
  act(state: GameState, seat: number, rng: Rng): Action | Promise<Action>;
}
