/**
 * The `random` agent: L0 as GENSTRAT defines it (move kind first, then amount; see
 * `src/algorithms/l0.ts`), one number from the agent's stream per decision.
 */
import type { Action, GameState } from '../../interpreter/api.js';
import { l0PickFromKinds, l0Sample } from '../../algorithms/l0.js';
import type { Agent, AgentView, Rng } from './agent.js';

export class RandomAgent implements Agent {
  readonly name = 'random';
  act(view: AgentView): Action {
    return l0PickFromKinds(view.legal, view.kinds, view.rng());
  }
  actFast(state: GameState, _seat: number, rng: Rng): Action {
    return l0Sample(state, rng);
  }
}

/** The one `random` agent (it has no state). */
export const randomAgent = new RandomAgent();
