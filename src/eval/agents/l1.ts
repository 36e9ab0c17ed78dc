/**
 * The `l1` agent: a best response to L0 (GENSTRAT v2 Appendix C, "L1 best-response policy to L0").
 *
 * - `exact`: build the game tree, put L0 (move kind, then amount) at every information state of
 *   both seats, and take each seat's exact best response to the other seat's L0 (OpenSpiel
 *   `BestResponsePolicy`, `src/algorithms/best-response.ts`). Deterministic; ties go to the
 *   lowest action id.
 * - `sampled` (games whose tree exceeds the node budget, or imperfect recall): play `episodes`
 *   L0-vs-L0 episodes and, for every (information state, action) a seat took, average the seat's
 *   final returns; at a state the agent picks the action with the highest mean (one-step best
 *   response under L0 continuation), and plays L0 at states the sample never reached.
 * - `auto` (default): `exact` when the tree fits, else `sampled`.
 *
 * The method actually used is in the agent's `notes` (stored with every slot).
 */
import { CHANCE, type Action, type Game, type GameState } from '../../interpreter/api.js';
import { sampleChanceOutcome } from '../../interpreter/chance.js';
import { declaredStacksKey } from '../../interpreter/game.js';
import { l0Distribution, l0PickFromKinds, l0Sample } from '../../algorithms/l0.js';
import { UserError } from '../../util/errors.js';
import { totalmem } from 'node:os';
import { hashString, rngFromKeys } from '../../util/rng.js';
import { bestResponse } from '../../algorithms/best-response.js';
import type { TabularPolicy } from '../../algorithms/policy.js';
import { buildTree, DEFAULT_MAX_NODES, ESTIMATE_PROBES, estimateAboveBudget, estimateTreeSize, TreeBudgetError, type GameTree } from '../../algorithms/tree.js';
import { readAgentCache, writeAgentCache } from './cache.js';
import type { Agent, AgentView, Rng } from './agent.js';

/** Parameters of the l1 agent. */
export interface L1Params {
  method: 'auto' | 'exact' | 'sampled';
  /** Node budget of the exact tree. */
  maxNodes: number;
  /** L0 episodes of the sampled method. */
  episodes: number;
}

export const L1_DEFAULTS: L1Params = { method: 'auto', maxNodes: DEFAULT_MAX_NODES, episodes: 20_000 };

/**
 * The L0 profile over a tree: at every information state, {@link l0Distribution} at one of its
 * states (L0 depends only on the legal menu, which an information state fixes).
 */
export function l0TreePolicy(game: Game, tree: GameTree): TabularPolicy {
  const p = new Float64Array(tree.numSlots);
  const done = new Uint8Array(tree.numInfosets);
  const index = new Map<string, number>();
  for (let i = 0; i < tree.numInfosets; i++) index.set(`${tree.infosetSeat[i]}|${tree.infosetKey[i]}`, i);
  let left = tree.numInfosets;
  const walk = (s: GameState): void => {
    if (left === 0 || s.isTerminal()) return;
    const cp = s.currentPlayer();
    const actions = cp === CHANCE ? s.chanceOutcomes().map(([a]) => a) : s.legalActions();
    if (cp !== CHANCE) {
      const i = index.get(`${cp}|${s.informationStateKey(cp)}`)!;
      if (!done[i]) {
        done[i] = 1;
        left--;
        const probs = l0Distribution(s, actions);
        for (let k = 0; k < probs.length; k++) p[tree.slotStart[i] + k] = probs[k];
      }
    }
    for (let k = 0; k < actions.length; k++) {
      const c = k === actions.length - 1 ? s : s.clone();
      c.applyAction(actions[k]);
      walk(c);
    }
  };
  walk(game.newInitialState());
  return p;
}

/**
 * The agent: a table from information-state key to action; L0 where the table has no entry. A hand
 * started from other stacks than declared (stacks: carry) plays the declared stacks' table.
 */
export class L1Agent implements Agent {
  readonly name = 'l1';
  constructor(
    readonly table: ReadonlyMap<string, Action>,
    readonly notes: Record<string, unknown>,
  ) {}
  actFast(state: GameState, seat: number, rng: Rng): Action {
    const a = this.lookup(state.informationStateKey(seat));
    return a === undefined ? l0Sample(state, rng) : a;
  }
  act(view: AgentView): Action {
    const a = this.lookup(view.infoKey);
    return a === undefined ? l0PickFromKinds(view.legal, view.kinds, view.rng()) : a;
  }
  private lookup(key: string): Action | undefined {
    return this.table.get(key) ?? this.table.get(declaredStacksKey(key));
  }
}

/** Exact best responses of both seats to L0. @throws TreeBudgetError / UserError from `buildTree`. */
export function exactL1Table(game: Game, maxNodes: number): Map<string, Action> {
  const tree = buildTree(game, { maxNodes });
  const l0 = l0TreePolicy(game, tree);
  const table = new Map<string, Action>();
  for (const seat of [0, 1]) {
    const br = bestResponse(tree, l0, seat);
    for (let i = 0; i < tree.numInfosets; i++) {
      if (tree.infosetSeat[i] !== seat) continue;
      table.set(tree.infosetKey[i], tree.slotAction[tree.slotStart[i] + br.choice[i]]);
    }
  }
  return table;
}

/** One-step best responses estimated from `episodes` L0 episodes (seeded by the ruleset hash). */
export function sampledL1Table(game: Game, episodes: number): Map<string, Action> {
  const stats = new Map<string, Map<Action, [number, number]>>();
  const seedKey = parseInt(game.rulesetHash.slice(0, 12), 16);
  const taken: [string, Action, number][] = [];
  for (let e = 0; e < episodes; e++) {
    const rng = rngFromKeys(seedKey, e);
    const s = game.newInitialState();
    taken.length = 0;
    while (!s.isTerminal()) {
      const p = s.currentPlayer();
      if (p === CHANCE) s.applyAction(sampleChanceOutcome(s, rng));
      else {
        const a = l0Sample(s, rng);
        taken.push([s.informationStateKey(p), a, p]);
        s.applyAction(a);
      }
    }
    const ret = s.returns();
    for (const [key, a, p] of taken) {
      let m = stats.get(key);
      if (!m) stats.set(key, (m = new Map()));
      const st = m.get(a) ?? [0, 0];
      st[0] += ret[p];
      st[1]++;
      m.set(a, st);
    }
  }
  const table = new Map<string, Action>();
  for (const [key, m] of stats) {
    let best = -1;
    let bestQ = -Infinity;
    for (const [a, [sum, n]] of [...m].sort((x, y) => x[0] - y[0])) {
      if (sum / n > bestQ) {
        bestQ = sum / n;
        best = a;
      }
    }
    table.set(key, best);
  }
  return table;
}

const cache = new Map<string, L1Agent>();

/** Where an l1 table is kept and who is told about its computation. */
export interface L1Runtime {
  /** Folder of the on-disk cache (`cache.ts`): the table is read from it, or computed and stored. */
  cacheDir?: string;
  /** Told what is being computed before the table is built. */
  onStatus?: (text: string) => void;
  /** Told when the table could not be cached. */
  onWarning?: (text: string) => void;
}

/** Bytes a tree node costs at most, for {@link memoryNodeCeiling} (the game tree's arrays, keys and the walk's maps). */
const BYTES_PER_NODE = 256;

/** The most tree nodes built on this machine: an eighth of its memory at {@link BYTES_PER_NODE} bytes a node (the machine is shared with the rest of a run). */
export function memoryNodeCeiling(): number {
  return Math.floor(totalmem() / 8 / BYTES_PER_NODE);
}

/**
 * The l1 agent for a game (cached per ruleset hash and parameters, in memory and in `rt.cacheDir`).
 * @throws UserError when `method` is `exact` and the tree does not fit or lacks perfect recall (or, with a maxNodes above what memory holds, when its size estimate exceeds
 *   {@link memoryNodeCeiling}; `auto` then samples).
 */
export function l1AgentForGame(game: Game, params: Partial<L1Params> = {}, rt: L1Runtime = {}): L1Agent {
  const p = { ...L1_DEFAULTS, ...params };
  const key = `${game.rulesetHash}:${p.method}:${p.maxNodes}:${p.episodes}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const stored = rt.cacheDir
    ? readAgentCache<{ table: [string, Action][]; notes: Record<string, unknown> }>(rt.cacheDir, 'l1', game.rulesetHash, p)
    : undefined;
  let agent: L1Agent | undefined = stored ? new L1Agent(new Map(stored.table), stored.notes) : undefined;
  if (!agent && p.method !== 'sampled') {
    // maxNodes is also held to what this machine's memory can build (maxNodes: 1e15 must not grow
    // until the process dies): the size estimate is checked against the smaller of the two.
    const budget = Math.min(p.maxNodes, memoryNodeCeiling());
    let estimate = estimateAboveBudget(game, budget);
    // With auto, a tree whose point estimate is above the budget is sampled rather than walked
    // (the two-error test lets a tree of 10^21 ± 10^21 histories through).
    if (!estimate && (p.method === 'auto' || budget < p.maxNodes)) {
      const e = estimateTreeSize(game, rngFromKeys(hashString(game.rulesetHash ?? '')), ESTIMATE_PROBES);
      if (e.histories > budget) estimate = e;
    }
    if (estimate && p.method === 'exact') {
      if (budget < p.maxNodes)
        throw new UserError(
          `the game tree has an estimated ${Math.round(estimate.histories).toLocaleString('en-US')} histories, more than the ${budget.toLocaleString('en-US')} nodes this machine's memory holds (maxNodes ${p.maxNodes.toLocaleString('en-US')}); use method: sampled`,
        );
      throw new TreeBudgetError(p.maxNodes, estimate);
    }
    if (!estimate) {
      rt.onStatus?.(`exact best response to L0 on the whole tree (at most ${budget.toLocaleString('en-US')} nodes)`);
      try {
        agent = new L1Agent(exactL1Table(game, budget), { method: 'exact', maxNodes: p.maxNodes });
      } catch (e) {
        if (p.method === 'exact' || !(e instanceof UserError)) throw e;
      }
    }
  }
  if (!agent) {
    rt.onStatus?.(`best response to L0 estimated from ${p.episodes.toLocaleString('en-US')} L0 episodes`);
    agent = new L1Agent(sampledL1Table(game, p.episodes), { method: 'sampled', episodes: p.episodes, estimator: 'one-step best response, L0 continuation' });
  }
  const failed = !stored && rt.cacheDir ? writeAgentCache(rt.cacheDir, 'l1', game.rulesetHash, p, { table: [...agent.table], notes: agent.notes }) : undefined;
  if (failed) rt.onWarning?.(`the table could not be cached (${failed}); a rerun computes it again`);
  cache.set(key, agent);
  return agent;
}
