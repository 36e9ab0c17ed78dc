/**
 * Agents: anything that picks an action for a seat at a decision node.
 */
import type { Player } from '../../interpreter/api.js';

export type { Rng } from '../../util/rng.js';

/**
 * A player (see {@link Player}): `act` is called only when `state.currentPlayer() === seat`; it must
 * return one of `state.legalActions()`, reading only what the seat may know.
 */
export type Agent = Player;
