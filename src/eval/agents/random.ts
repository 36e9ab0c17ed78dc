/**
 * The uniform random agent (level L0 of the evaluation ladder).
 */
import type { Agent } from './agent.js';

/** Picks each legal action with equal probability, using one number from the rng per move. */
export const randomAgent: Agent = {
  name: 'random',
  act(state, _seat, rng) {
    const legal = state.legalActions();
    return legal[Math.min(legal.length - 1, Math.floor(rng() * legal.length))];
  },
};
