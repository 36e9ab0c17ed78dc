/**
 * Sampling chance outcomes.
 */
import type { Action, GameState } from './api.js';
import type { Rng } from '../util/rng.js';
import { InterpreterState } from './state.js';

/**
 * Draw one outcome of the chance node `state` with its exact probability, using one number
 * from `rng` (inverse-CDF over `chanceOutcomes()` in their listed order).
 * @throws IllegalActionError when `state` is not a chance node.
 */
export function sampleChanceOutcome(state: GameState, rng: Rng): Action {
  if (state instanceof InterpreterState) return state.sampleChance(rng());
  const outcomes = state.chanceOutcomes();
  let u = rng();
  for (const [action, p] of outcomes) {
    u -= p;
    if (u < 0) return action;
  }
  return outcomes[outcomes.length - 1][0];
}
