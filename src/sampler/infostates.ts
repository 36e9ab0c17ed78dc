/**
 * The state-space measure of GENSTRAT v2 (Appendix C, "State space (log10)"): the number of
 * distinct information states the two seats visit at their decisions over uniform-random
 * episodes, summed over the seats (a Monte Carlo lower bound on the reachable information
 * states; the paper uses 3,000 episodes).
 */
import type { GameIR } from '../ir/schema.js';
import { compileGame, CHANCE, sampleChanceOutcome, episodeRng } from '../interpreter/index.js';
import { l0Sample } from '../algorithms/l0.js';

/** Distinct information states visited, per seat and in total, over `episodes` random episodes. */
export interface StateSpace {
  episodes: number;
  perSeat: [number, number];
  total: number;
  /** log10 of `total` (0 when no decision was ever faced). */
  log10: number;
}

/**
 * Count the distinct information-state keys each seat has at its decisions, over `episodes`
 * episodes of L0 random play (move kind, then amount; episode i uses `episodeRng(seed, i)`).
 * @throws RangeError when `episodes` < 1
 */
export function stateSpace(ir: GameIR, episodes = 3000, seed = 1): StateSpace {
  if (!Number.isInteger(episodes) || episodes < 1) throw new RangeError(`episodes must be a whole number ≥ 1, got ${episodes}`);
  const game = compileGame(ir);
  const seen: [Set<string>, Set<string>] = [new Set(), new Set()];
  for (let i = 0; i < episodes; i++) {
    const rng = episodeRng(seed, i);
    const state = game.newInitialState();
    while (!state.isTerminal()) {
      const p = state.currentPlayer();
      if (p === CHANCE) state.applyAction(sampleChanceOutcome(state, rng));
      else {
        seen[p].add(state.informationStateKey(p));
        state.applyAction(l0Sample(state, rng));
      }
    }
  }
  const total = seen[0].size + seen[1].size;
  return { episodes, perSeat: [seen[0].size, seen[1].size], total, log10: total > 0 ? Math.log10(total) : 0 };
}
