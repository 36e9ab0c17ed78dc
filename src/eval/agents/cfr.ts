/**
 * The `cfr` agent: plays a CFR+ average strategy, sampling its action from the policy's
 * probabilities at its information state. The policy is either computed in-process (solving the
 * game once per ruleset hash and iteration count, then cached) or read from a file saved by
 * `gbgc solve --save`.
 */
import type { Action, Game, GameState } from '../../interpreter/api.js';
import type { Agent, AgentView, Rng } from './agent.js';
import { actionKeys, readPolicyFile, toSavedPolicy, type SavedPolicy } from '../solvers/policy-file.js';
import { DEFAULT_ITERATIONS, solve } from '../solvers/solve.js';

/** An agent playing a saved policy. */
export class CfrAgent implements Agent {
  readonly name = 'cfr';
  constructor(readonly saved: SavedPolicy) {}

  /**
   * Sample an action from the policy at the seat's information state (only the information-state
   * key, the legal actions and their labels are read), with one number from `rng`.
   * @throws Error when the policy has no entry for the information state or its actions.
   */
  actFast(state: GameState, seat: number, rng: Rng): Action {
    const legal = state.legalActions();
    return this.pick(
      state.informationStateKey(seat),
      legal,
      legal.map((a) => state.actionToString(seat, a)),
      rng(),
    );
  }

  act(view: AgentView): Action {
    return this.pick(view.infoKey, view.legal, view.labels, view.rng());
  }

  private pick(key: string, legal: readonly Action[], labels: readonly string[], u: number): Action {
    const entry = this.saved.policy[key];
    if (!entry) throw new Error(`cfr agent: the policy has no entry for information state '${key}'`);
    const keys = actionKeys(legal, labels);
    const probs = keys.map((k) => {
      const p = entry[k];
      if (p === undefined) throw new Error(`cfr agent: the policy at '${key}' has no probability for action '${k}'`);
      return p;
    });
    for (let i = 0; i < legal.length; i++) {
      u -= probs[i];
      if (u < 0) return legal[i];
    }
    // Rounding left u ≥ 0: take the last action with positive probability.
    for (let i = legal.length - 1; i >= 0; i--) if (probs[i] > 0) return legal[i];
    return legal[legal.length - 1];
  }
}

/** Options of {@link cfrAgentForGame}. */
export interface CfrAgentOptions {
  /** CFR+ iterations when the game is solved in-process (default {@link DEFAULT_ITERATIONS}). */
  iterations?: number;
  /** Node budget of the game tree. */
  maxNodes?: number;
}

const cache = new Map<string, SavedPolicy>();

/**
 * A `cfr` agent for a game, solving it with CFR+ on first use; the policy is cached in-process
 * per ruleset hash and iteration count, so later agents for the same rules are free.
 * @throws TreeBudgetError (a UserError) when the game is too large to solve exactly.
 */
export function cfrAgentForGame(game: Game, options: CfrAgentOptions = {}): CfrAgent {
  const iterations = options.iterations ?? DEFAULT_ITERATIONS;
  const cacheKey = `${game.rulesetHash}:${iterations}`;
  let saved = cache.get(cacheKey);
  if (!saved) {
    const r = solve(game, { iterations, maxNodes: options.maxNodes });
    saved = toSavedPolicy(r.tree, r.policy, {
      rulesetHash: game.rulesetHash,
      game: game.ir.name,
      iterations: r.iterations,
      exploitability: r.exploitability,
    });
    cache.set(cacheKey, saved);
  }
  return new CfrAgent(saved);
}

/**
 * A `cfr` agent playing the policy saved in `path` (by `gbgc solve --save`).
 * @throws UserError when the file cannot be read, is not a policy, or was saved for other rules.
 */
export function cfrAgentFromFile(path: string, game: Game): CfrAgent {
  return new CfrAgent(readPolicyFile(path, game.rulesetHash));
}
