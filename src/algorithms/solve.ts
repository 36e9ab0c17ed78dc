/**
 * Solving a game exactly: build its game tree once (`buildTree`), run CFR+ until an iteration
 * count or an exploitability target is reached, and report the game value and exploitability of
 * the average strategy.
 */
import type { Game } from '../interpreter/api.js';
import { buildTree, type GameTree } from './tree.js';
import { CfrPlusSolver } from './cfr-plus.js';
import { exploitability } from './best-response.js';
import type { TabularPolicy } from './policy.js';

/** Default CFR+ iteration count of `gbgc solve` and of the `cfr` agent. */
export const DEFAULT_ITERATIONS = 1000;
/** Default spacing, in iterations, of exploitability checks when a target is set. */
export const DEFAULT_CHECK_EVERY = 50;

/** Options of {@link solve}. */
export interface SolveOptions {
  /** Maximum CFR+ iterations (default {@link DEFAULT_ITERATIONS}). */
  iterations?: number;
  /** Stop as soon as a check finds the average strategy's exploitability (chips/game) at or below this. */
  targetExploitability?: number;
  /** Iterations between exploitability checks (default {@link DEFAULT_CHECK_EVERY}; used with a target). */
  checkEvery?: number;
  /** Node budget of the tree (see `buildTree`). */
  maxNodes?: number;
  /** Called after the tree is built and after every chunk of iterations (`exploitability` when it was checked). */
  onProgress?: (iterationsDone: number, iterationsMax: number, exploitability?: number) => void;
}

/** What {@link solve} found. */
export interface SolveResult {
  tree: GameTree;
  /** The CFR+ average strategy profile. */
  policy: TabularPolicy;
  /** Expected returns per seat under the average profile, chips/game: the game value estimate. */
  value: [number, number];
  /** NashConv / 2 of the average profile, chips/game. */
  exploitability: number;
  /** Σ over seats of best-response gain, chips/game. */
  nashConv: number;
  /** CFR+ iterations run. */
  iterations: number;
  /** Wall-clock seconds of CFR+ iterations and checks (tree building excluded). */
  seconds: number;
  /** Wall-clock seconds spent building the tree. */
  treeSeconds: number;
}

/**
 * Solve a two-seat zero-sum game with CFR+.
 * @throws TreeBudgetError / UserError from `buildTree` (tree too large, imperfect recall, …).
 * @throws RangeError when `iterations` or `checkEvery` is not a positive whole number.
 */
export function solve(game: Game, options: SolveOptions = {}): SolveResult {
  const max = options.iterations ?? DEFAULT_ITERATIONS;
  const every = options.checkEvery ?? DEFAULT_CHECK_EVERY;
  if (!Number.isInteger(max) || max < 1) throw new RangeError(`iterations must be a positive whole number, got ${max}`);
  if (!Number.isInteger(every) || every < 1) throw new RangeError(`checkEvery must be a positive whole number, got ${every}`);
  const target = options.targetExploitability;
  const t0 = performance.now();
  const tree = buildTree(game, { maxNodes: options.maxNodes });
  const t1 = performance.now();
  options.onProgress?.(0, max);
  const solver = new CfrPlusSolver(tree);
  // Without a target, chunks only pace the progress callback.
  const chunk = target === undefined ? Math.max(1, Math.min(every, Math.ceil(max / 100))) : every;
  let last: ReturnType<typeof exploitability> | undefined;
  while (solver.iteration < max) {
    solver.run(Math.min(chunk, max - solver.iteration));
    last = undefined;
    if (target !== undefined) {
      last = exploitability(tree, solver.averagePolicy());
      options.onProgress?.(solver.iteration, max, last.exploitability);
      if (last.exploitability <= target) break;
    } else options.onProgress?.(solver.iteration, max);
  }
  const policy = solver.averagePolicy();
  const e = last ?? exploitability(tree, policy);
  const t2 = performance.now();
  return {
    tree,
    policy,
    value: e.policyValues,
    exploitability: e.exploitability,
    nashConv: e.nashConv,
    iterations: solver.iteration,
    seconds: (t2 - t1) / 1000,
    treeSeconds: (t1 - t0) / 1000,
  };
}
