/**
 * The `cfr` agent: plays a CFR+ average strategy, sampling its action from the policy's
 * probabilities at its information state. The policy is either computed in-process (solving the
 * game once per ruleset hash and iteration count, then cached) or read from a file saved by
 * `gbgc solve --save`.
 */
import type { Action, Game, GameState } from '../../interpreter/api.js';
import type { Agent, AgentView, Rng } from './agent.js';
import { UserError } from '../../util/errors.js';
import { actionKeys, checkPolicyCovers, entryProblem, readPolicyFile, toSavedPolicy, type SavedPolicy } from '../solvers/policy-file.js';
import { buildTree, TreeBudgetError } from '../solvers/tree.js';
import { DEFAULT_ITERATIONS, solve } from '../solvers/solve.js';

/** An agent playing a saved policy. */
export class CfrAgent implements Agent {
  readonly name = 'cfr';
  /** @param source where the policy came from (a file path), named in errors */
  constructor(
    readonly saved: SavedPolicy,
    readonly source = 'the policy',
  ) {}

  /**
   * Sample an action from the policy at the seat's information state (only the information-state
   * key, the legal actions and their labels are read), with one number from `rng`.
   * @throws UserError when the policy has no entry for the information state, or its entry is
   * not a distribution over exactly the legal actions (a policy file that does not fit the game).
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
    if (!Object.hasOwn(this.saved.policy, key)) throw new UserError(`${this.source}: the policy has no entry for information state '${key}'`);
    const entry = this.saved.policy[key];
    const keys = actionKeys(legal, labels);
    const problem = entryProblem(entry, keys);
    if (problem) throw new UserError(`${this.source}: information state '${key}': ${problem}`);
    const probs = keys.map((k) => entry[k]!);
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
 * A `cfr` agent playing the policy saved in `path` (by `gbgc solve --save`). The policy is checked
 * against the game's tree when the tree fits the default node budget (every information state
 * present, exactly its legal actions, a distribution each); for larger games each entry is
 * checked when the agent first uses it.
 * @throws UserError when the file cannot be read, is not a policy, was saved for other rules, or
 * does not fit the game (naming the information state and what is wrong).
 */
export function cfrAgentFromFile(path: string, game: Game): CfrAgent {
  const saved = readPolicyFile(path, game.rulesetHash);
  try {
    checkPolicyCovers(buildTree(game), saved, path);
  } catch (e) {
    if (!(e instanceof TreeBudgetError)) throw e;
  }
  return new CfrAgent(saved, path);
}
