/**
 * The `cfr` agent: plays a CFR+ (or MCCFR) average strategy, sampling its action from the policy's
 * probabilities at its information state. The policy is either computed in-process — CFR+ on the
 * whole tree when it fits the node budget, else MCCFR for a stated budget; cached per ruleset hash
 * and parameters, in memory and optionally on disk — or read from a file saved by `gbgc solve --save`.
 */
import type { Action, Game, GameState } from '../../interpreter/api.js';
import { declaredStacksKey } from '../../interpreter/game.js';
import type { Agent, AgentView, Rng } from './agent.js';
import { UserError } from '../../util/errors.js';
import { actionKeys, checkPolicyCovers, entryProblem, readPolicyFile, toSavedPolicy, type SavedPolicy } from '../../algorithms/policy-file.js';
import { buildTree, DEFAULT_MAX_NODES, estimateAboveBudget, TreeBudgetError } from '../../algorithms/tree.js';
import { DEFAULT_ITERATIONS, solve } from '../../algorithms/solve.js';
import { MccfrSolver, mccfrPolicyEntries } from '../../algorithms/mccfr.js';
import { canonicalJson } from '../../ir/hash.js';
import { readAgentCache, writeAgentCache } from './cache.js';

/** An agent playing a saved policy. */
export class CfrAgent implements Agent {
  readonly name = 'cfr';
  /**
   * @param source where the policy came from (a file path), named in errors
   * @param notes how the policy was computed; an MCCFR policy (`notes.method` `mccfr`) plays
   *   uniformly at information states its training never reached
   */
  constructor(
    readonly saved: SavedPolicy,
    readonly source = 'the policy',
    readonly notes?: Record<string, unknown>,
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

  private pick(seen: string, legal: readonly Action[], labels: readonly string[], u: number): Action {
    // A hand started from other stacks than declared (stacks: carry) plays the declared stacks' policy.
    const key = Object.hasOwn(this.saved.policy, seen) ? seen : declaredStacksKey(seen);
    if (!Object.hasOwn(this.saved.policy, key) && this.notes?.method === 'mccfr') return legal[Math.min(legal.length - 1, Math.floor(u * legal.length))];
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

/** How the `cfr` agent computes its policy: `auto` (CFR+ when the tree fits, else MCCFR), `exact` (CFR+ or refuse), `mccfr`. */
export type CfrMethod = 'auto' | 'exact' | 'mccfr';

/** Options of {@link cfrAgentForGame}. */
export interface CfrAgentOptions {
  /** Default `auto`. */
  method?: CfrMethod;
  /** CFR+ iterations when the game is solved exactly (default {@link DEFAULT_ITERATIONS}). */
  iterations?: number;
  /** Node budget of the exact game tree (default {@link DEFAULT_MAX_NODES}). */
  maxNodes?: number;
  /** MCCFR (external sampling) iterations (default {@link DEFAULT_MCCFR_ITERATIONS}). */
  mccfrIterations?: number;
  /** MCCFR budget in wall-clock seconds instead of iterations (how far it gets depends on the machine). */
  seconds?: number;
  /** Seed of the MCCFR stream (default 0). */
  seed?: number;
  /** Folder of the on-disk cache (`cache.ts`); none when absent. */
  cacheDir?: string;
  /** Told what is being computed before a solve starts (for progress lines). */
  onStatus?: (text: string) => void;
  /** Told when the result could not be cached. */
  onWarning?: (text: string) => void;
}

/** Default MCCFR iterations of the `cfr` agent on a game whose tree exceeds the node budget. */
export const DEFAULT_MCCFR_ITERATIONS = 2_000;

/** What the agent computed, kept with the policy and in its notes. */
interface CfrComputed {
  notes: Record<string, unknown>;
  saved: SavedPolicy;
}

const cache = new Map<string, CfrComputed>();

const count = (x: number): string => Math.round(x).toLocaleString('en-US');

/**
 * A `cfr` agent for a game. With `auto` (default): solves with CFR+ when the tree fits `maxNodes`
 * (refused from the size estimate first, in seconds), else trains external-sampling MCCFR for
 * `mccfrIterations` (or `seconds`) and plays its average strategy (uniform where training never
 * reached). The agent's `notes` (stored with every slot) say which: method, iterations, information
 * states, and the tree estimate that sent it to MCCFR (no times: notes are the same on every run). Cached in-process per ruleset
 * hash and options, and in `cacheDir` when given.
 * @throws TreeBudgetError (a UserError) when `method` is `exact` and the tree does not fit; UserError
 *   from the tree builder for games the solvers cannot take (imperfect recall, not zero-sum).
 */
export function cfrAgentForGame(game: Game, options: CfrAgentOptions = {}): CfrAgent {
  const params = {
    method: options.method ?? 'auto',
    iterations: options.iterations ?? DEFAULT_ITERATIONS,
    maxNodes: options.maxNodes ?? DEFAULT_MAX_NODES,
    mccfrIterations: options.seconds === undefined ? (options.mccfrIterations ?? DEFAULT_MCCFR_ITERATIONS) : null,
    seconds: options.seconds ?? null,
    seed: options.seed ?? 0,
  };
  const key = `${game.rulesetHash}:${canonicalJson(params)}`;
  let c = cache.get(key) ?? (options.cacheDir ? readAgentCache<CfrComputed>(options.cacheDir, 'cfr', game.rulesetHash, params) : undefined);
  if (!c) {
    c = computeCfr(game, params, options.onStatus);
    const failed = options.cacheDir ? writeAgentCache(options.cacheDir, 'cfr', game.rulesetHash, params, c) : undefined;
    if (failed) options.onWarning?.(`the policy could not be cached (${failed}); a rerun computes it again`);
  }
  cache.set(key, c);
  return new CfrAgent(c.saved, 'the policy', c.notes);
}

function computeCfr(
  game: Game,
  p: { method: CfrMethod; iterations: number; maxNodes: number; mccfrIterations: number | null; seconds: number | null; seed: number },
  onStatus?: (text: string) => void,
): CfrComputed {
  const meta = { rulesetHash: game.rulesetHash, game: game.ir.name };
  let why: string | undefined;
  if (p.method !== 'mccfr') {
    const estimate = estimateAboveBudget(game, p.maxNodes);
    if (estimate) {
      if (p.method === 'exact') throw new TreeBudgetError(p.maxNodes, estimate);
      why = `tree estimated at ${count(estimate.histories)} histories, above maxNodes ${count(p.maxNodes)}`;
    } else {
      onStatus?.(`CFR+, ${count(p.iterations)} iterations on the whole tree (at most ${count(p.maxNodes)} nodes)`);
      try {
        const r = solve(game, { iterations: p.iterations, maxNodes: p.maxNodes });
        const saved = toSavedPolicy(r.tree, r.policy, { ...meta, iterations: r.iterations, exploitability: r.exploitability });
        return { saved, notes: { method: 'cfr+', iterations: r.iterations, exploitability: r.exploitability, infoStates: r.tree.numInfosets } };
      } catch (e) {
        if (!(e instanceof TreeBudgetError) || p.method === 'exact') throw e;
        why = `tree above maxNodes ${count(p.maxNodes)}`;
      }
    }
  }
  onStatus?.(`MCCFR (external sampling), ${p.seconds !== null ? `${p.seconds} s` : `${count(p.mccfrIterations!)} iterations`}${why ? `: ${why}` : ''}`);
  const t0 = performance.now();
  const solver = new MccfrSolver(game, { sampling: 'external', seed: p.seed });
  if (p.seconds !== null) while ((performance.now() - t0) / 1000 < p.seconds) solver.run(1);
  else solver.run(p.mccfrIterations!);
  const saved: SavedPolicy = { ...meta, iterations: solver.iteration, exploitability: NaN, policy: mccfrPolicyEntries(solver, actionKeys) };
  return {
    saved,
    notes: {
      method: 'mccfr',
      sampling: 'external',
      iterations: solver.iteration,
      infoStates: solver.numInfosets,
      seed: p.seed,
      ...(why ? { reason: why } : {}),
      unreached: 'uniform',
    },
  };
}

/**
 * A `cfr` agent playing the policy saved in `path` (by `gbgc solve --save`). The policy is checked
 * against the game's tree when the tree fits the default node budget (every information state
 * present, exactly its legal actions, a distribution each); for larger games each entry is
 * checked when the agent first uses it. A policy saved by MCCFR (`method: 'mccfr'`) is played
 * uniformly at the information states its training never reached, as the in-process MCCFR policy is.
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
  return new CfrAgent(saved, path, saved.method === 'mccfr' ? { method: 'mccfr', iterations: saved.iterations, unreached: 'uniform' } : undefined);
}
