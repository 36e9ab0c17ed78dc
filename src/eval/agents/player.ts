/**
 * An {@link Agent} as the interpreter's {@link Player} (for `simulate` and `play`, which draw chance
 * and the agents' choices from one stream).
 */
import type { Game, Player } from '../../interpreter/api.js';
import { l0Player } from '../../algorithms/l0.js';
import { decisionAction, type Agent } from './agent.js';
import { RandomAgent } from './random.js';
import { LazyView } from './view.js';

/**
 * Wrap an agent: its fast path when it has one, else `act` over a lazy view. The random agent
 * becomes the interpreter's `l0Player` (the same draws), which lets `simulate()` take its playout
 * kernel (the compiled game's `playoutKernel()`: `interpreter/poker-kernel.ts` or `machine-kernel.ts`).
 */
export function asPlayer(agent: Agent, game: Game): Player {
  if (agent instanceof RandomAgent) return l0Player;
  const fast = agent.actFast?.bind(agent);
  let ply = 0;
  return {
    name: agent.name,
    act(state, seat, rng) {
      if (fast) return fast(state, seat, rng);
      const d = agent.act(new LazyView(state, seat, game, rng, ply++));
      return typeof d === 'number' ? d : 'then' in d ? d.then(decisionAction) : d.action;
    },
  };
}
