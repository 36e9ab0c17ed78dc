/**
 * Sampling chance outcomes: through the state's own sampler when it offers one (the contract's
 * `ChanceSamplingState`), else by the inverse CDF over `chanceOutcomes()`; both give the same
 * outcome for the same number.
 */
import { canSampleChance, type Action, type GameState } from './api.js';
import type { Rng } from '../util/rng.js';

/**
 * Draw one outcome of the chance node `state` with its exact probability, using one number
 * from `rng` (inverse-CDF over `chanceOutcomes()` in their listed order).
 * @throws IllegalActionError when `state` is not a chance node.
 */
export function sampleChanceOutcome(state: GameState, rng: Rng): Action {
  if (canSampleChance(state)) return state.sampleChance(rng());
  const outcomes = state.chanceOutcomes();
  let u = rng();
  for (const [action, p] of outcomes) {
    u -= p;
    if (u < 0) return action;
  }
  return outcomes[outcomes.length - 1][0];
}
