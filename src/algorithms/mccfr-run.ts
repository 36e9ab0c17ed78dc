/**
 * Running MCCFR with periodic reports: every `reportEvery` iterations, the average strategy's
 * value for seat 0 and its exploitability, exact when the game tree fits the node budget (best
 * response over the game tree), else estimated by sampled best responses (`sampled-br.ts`).
 *
 * On more than two seats the exact evaluation is the n-seat NashConv (`nash-conv.ts`: every seat's
 * exact best response, the values of every seat); when the tree does not fit the budget, NashConv
 * is not estimated (the sampled best response is two-seat zero-sum): the reports then carry the
 * seats' self-play values and `notEstimated`, the reason in words.
 */
import type { Game, GameState } from '../interpreter/api.js';
import { CHANCE, TERMINAL } from '../interpreter/api.js';
import { sampleChanceOutcome } from '../interpreter/chance.js';
import { rngFromKeys, type Rng } from '../util/rng.js';
import { exploitability } from './best-response.js';
import { MccfrSolver, sample, type MccfrSampling } from './mccfr.js';
import { buildNSeatTree, nashConv, NSeatTreeTooLarge, type NSeatTree } from './nash-conv.js';
import { policyFromFunction } from './policy.js';
import { EvaluationOutOfTime, sampledExploitability, type PolicyFn } from './sampled-br.js';
import { buildTree, estimateAboveBudget, TreeBudgetError, TreeWalkStopped, type GameTree } from './tree.js';

/** Default iterations between reports. */
export const DEFAULT_REPORT_EVERY = 1000;
/** Default episodes per phase and seat of the sampled best response. */
export const DEFAULT_BR_SAMPLES = 10_000;
/** Share of a wall-clock budget given to iterations; the rest is for the final evaluation. */
export const ITERATION_SHARE = 0.8;
/** Most of a wall-clock budget one intermediate report may take. */
export const REPORT_SHARE = 0.1;
/**
 * Most of a wall-clock budget the exact evaluation tree may take to build: a walk still running then
 * is abandoned and the run evaluates by sampling. Once built, an exact report (a best response over
 * the tree's arrays) costs a small part of the walk, so the final one fits in the budget's last
 * 1 − {@link ITERATION_SHARE}.
 */
export const TREE_SHARE = 0.5;
/** Episodes per seat and phase of the first round of a time-bounded sampled evaluation. */
export const MIN_BR_SAMPLES = 100;
/** Default node budget for the exact evaluation tree. */
export const DEFAULT_EXACT_MAX_NODES = 2_000_000;

/** How exploitability was measured (`none`: not measured, on more than two seats when the tree is too large). */
export type ExploitabilityMethod = 'exact' | 'sampled-best-response' | 'none';

/** One report of {@link runMccfr}. */
export interface MccfrReport {
  iterations: number;
  /** Seconds spent in MCCFR iterations so far (evaluations excluded). */
  solverSeconds: number;
  /** Wall-clock seconds since the start, evaluations included. */
  elapsedSeconds: number;
  /** Information states with tables, every seat. */
  infoStates: number;
  /** Seat 0's expected returns under the average profile, chips/game (exact, or a sample mean). */
  value: number;
  /** Standard error of `value` (0 when exact). */
  valueError: number;
  /** NashConv / number of seats of the average profile, chips/game (exact, or the sampled estimate; NaN when not estimated). */
  exploitability: number;
  /** Standard error of `exploitability` (0 when exact). */
  exploitabilityError: number;
  /**
   * Episodes per seat and phase of the sampled best response (absent when exact); fewer than asked
   * when a wall-clock budget cut the evaluation short; 0 when not even the first round of
   * {@link MIN_BR_SAMPLES} fitted (value and exploitability are then NaN: not estimated).
   */
  brSamples?: number;
  /** More than two seats: every seat's expected returns under the average profile (exact, or self-play sample means). */
  values?: number[];
  /** More than two seats, exact: NashConv of the average profile (Σ over seats of the best-response gain), chips/game. */
  nashConv?: number;
  /** More than two seats, when NashConv was not computed: why. */
  notEstimated?: string;
}

/** Options of {@link runMccfr}. */
export interface RunMccfrOptions {
  sampling?: MccfrSampling;
  seed?: number;
  /** Stop after this many iterations. */
  iterations?: number;
  /** Stop once the iterations have taken this many seconds (checked after each iteration; evaluations not counted). */
  seconds?: number;
  /**
   * Wall-clock budget of the whole run in seconds: tree building, iterations and every evaluation.
   * The exact tree's walk is abandoned (the run then samples) at {@link TREE_SHARE} of it, without
   * the size estimate first; iterations stop at {@link ITERATION_SHARE} of it (checked after each
   * iteration: one iteration is never cut); each sampled evaluation runs rounds of doubling
   * episode counts (from {@link MIN_BR_SAMPLES} up to `brSamples`) while the next round is expected to
   * end within the budget (an intermediate report within {@link REPORT_SHARE} of it), and reports
   * the last round finished.
   */
  wallSeconds?: number;
  /** Iterations between reports (default {@link DEFAULT_REPORT_EVERY}); a report also ends the run. */
  reportEvery?: number;
  /** Episodes per phase and seat of the sampled best response (default {@link DEFAULT_BR_SAMPLES}). */
  brSamples?: number;
  /** Node budget of the exact evaluation tree (default {@link DEFAULT_EXACT_MAX_NODES}); 0: always sample. */
  exactMaxNodes?: number;
  onReport?: (r: MccfrReport) => void;
  /** Called once before the first iteration: whether the exact tree fits the budget. */
  onTree?: (fits: boolean) => void;
  /** The clock, in milliseconds (default `performance.now()`); every budget of the run is read from it. */
  now?: () => number;
}

/** What {@link runMccfr} returns. */
export interface MccfrRun {
  solver: MccfrSolver;
  method: ExploitabilityMethod;
  reports: MccfrReport[];
  /** The exact tree when the game fits the budget (two seats). */
  tree?: GameTree;
  /** The exact n-seat tree when a game of more than two seats fits the budget. */
  nSeatTree?: NSeatTree;
}

/**
 * Run MCCFR until `iterations`, `seconds` or `wallSeconds` (at least one must be given), reporting
 * every `reportEvery` iterations and at the end.
 * @throws RangeError when neither a positive `iterations` nor positive `seconds`/`wallSeconds` is given.
 * @throws UserError from `buildTree` / `buildNSeatTree` when the game is not zero-sum (two seats) or lacks perfect recall.
 */
export function runMccfr(game: Game, options: RunMccfrOptions): MccfrRun {
  const { iterations, seconds, wallSeconds } = options;
  if (iterations === undefined && seconds === undefined && wallSeconds === undefined) throw new RangeError('give iterations or seconds');
  if (wallSeconds !== undefined && !(wallSeconds > 0)) throw new RangeError(`wallSeconds must be positive, got ${wallSeconds}`);
  if (iterations !== undefined && !(Number.isInteger(iterations) && iterations > 0))
    throw new RangeError(`iterations must be a positive whole number, got ${iterations}`);
  if (seconds !== undefined && !(seconds > 0)) throw new RangeError(`seconds must be positive, got ${seconds}`);
  const every = options.reportEvery ?? DEFAULT_REPORT_EVERY;
  const brSamples = options.brSamples ?? DEFAULT_BR_SAMPLES;
  const seed = options.seed ?? 0;
  const now = options.now ?? (() => performance.now());
  const t0 = now();
  const elapsed = (): number => (now() - t0) / 1000;
  let tree: GameTree | undefined;
  let nTree: NSeatTree | undefined;
  const exactMax = options.exactMaxNodes ?? DEFAULT_EXACT_MAX_NODES;
  const twoSeats = game.numSeats === 2;
  if (exactMax > 0) {
    // Under a wall-clock budget the walk stops at TREE_SHARE of it (the size estimate, which can
    // take seconds, is skipped: the stop bounds the walk); else the estimate refuses a tree clearly
    // above the node budget before a walk of up to exactMax nodes.
    const stop = wallSeconds === undefined ? undefined : () => elapsed() >= wallSeconds * TREE_SHARE;
    try {
      if (twoSeats) tree = buildTree(game, { maxNodes: exactMax, estimateFirst: stop === undefined, stop });
      else if (stop !== undefined || !estimateAboveBudget(game, exactMax)) nTree = buildNSeatTree(game, exactMax, stop);
    } catch (e) {
      if (!(e instanceof TreeBudgetError) && !(e instanceof NSeatTreeTooLarge) && !(e instanceof TreeWalkStopped)) throw e;
    }
  }
  const notEstimated =
    exactMax > 0
      ? `NashConv not computed: the tree of this ${game.numSeats}-seat game has more than ${exactMax.toLocaleString('en-US')} nodes (the exact best response's budget, --max-nodes), and the sampled best response is two-seat zero-sum`
      : `NashConv not computed: the exact best response is off (--max-nodes 0), and the sampled best response is two-seat zero-sum`;
  options.onTree?.(tree !== undefined || nTree !== undefined);
  const solver = new MccfrSolver(game, { sampling: options.sampling, seed });
  const reports: MccfrReport[] = [];
  let solverMs = 0;
  const report = (final: boolean): void => {
    const policy = solver.averagePolicy();
    let r: MccfrReport;
    const base = { iterations: solver.iteration, solverSeconds: solverMs / 1000, infoStates: solver.numInfosets };
    if (nTree) {
      const e = nashConv(nTree, (I) => {
        const p = solver.averageAt(I.seat, I.key);
        return p && p.length === I.actions.length ? p : I.actions.map(() => 1 / I.actions.length);
      });
      r = {
        ...base,
        elapsedSeconds: 0,
        value: e.values[0],
        valueError: 0,
        exploitability: e.exploitability,
        exploitabilityError: 0,
        values: e.values,
        nashConv: e.nashConv,
      };
    } else if (!twoSeats) {
      const v = selfPlayValues(game, policy, brSamples, rngFromKeys(seed, 0x6272, reports.length));
      r = {
        ...base,
        elapsedSeconds: 0,
        value: v.means[0],
        valueError: v.standardErrors[0],
        exploitability: NaN,
        exploitabilityError: NaN,
        values: v.means,
        notEstimated,
      };
    } else if (tree) {
      const t = tree;
      const tab = policyFromFunction(t, (key, seat, actions) => {
        const p = solver.averageAt(seat, key);
        return p && p.length === actions.length ? Array.from(p) : actions.map(() => 1 / actions.length);
      });
      const e = exploitability(t, tab);
      r = { ...base, elapsedSeconds: 0, value: e.policyValues[0], valueError: 0, exploitability: e.exploitability, exploitabilityError: 0 };
    } else {
      // Without a wall-clock budget: one round of brSamples. With one: doubling rounds while the
      // next (about twice the last) is expected to end by the deadline.
      const deadline =
        wallSeconds === undefined ? Infinity : final ? wallSeconds : Math.min(wallSeconds * ITERATION_SHARE, elapsed() + wallSeconds * REPORT_SHARE);
      let n = wallSeconds === undefined ? brSamples : Math.min(brSamples, MIN_BR_SAMPLES);
      let done: { e: ReturnType<typeof sampledExploitability>; v: ReturnType<typeof selfPlayValue>; n: number } | undefined;
      // A round still running at the deadline is abandoned (the first one too: then the report
      // has no estimate, brSamples 0 and NaN values).
      const deadlineMs = t0 + deadline * 1000;
      for (;;) {
        const rng = rngFromKeys(seed, 0x6272, reports.length);
        const tr = now();
        try {
          done = { e: sampledExploitability(game, policy, n, rng, deadlineMs, now), v: selfPlayValue(game, policy, n, rng), n };
        } catch (e) {
          if (!(e instanceof EvaluationOutOfTime)) throw e;
          break;
        }
        const took = (now() - tr) / 1000;
        if (n >= brSamples || elapsed() + 2.2 * took > deadline) break;
        n = Math.min(brSamples, 2 * n);
      }
      r = done
        ? {
            ...base,
            elapsedSeconds: 0,
            value: done.v.mean,
            valueError: done.v.standardError,
            exploitability: done.e.exploitability,
            exploitabilityError: done.e.standardError,
            brSamples: done.n,
          }
        : { ...base, elapsedSeconds: 0, value: NaN, valueError: NaN, exploitability: NaN, exploitabilityError: NaN, brSamples: 0 };
    }
    r.elapsedSeconds = elapsed();
    reports.push(r);
    options.onReport?.(r);
  };
  for (;;) {
    const t = now();
    solver.run(1);
    solverMs += now() - t;
    const done =
      (iterations !== undefined && solver.iteration >= iterations) ||
      (seconds !== undefined && solverMs >= seconds * 1000) ||
      (wallSeconds !== undefined && elapsed() >= wallSeconds * ITERATION_SHARE);
    if (done || solver.iteration % every === 0) report(done);
    if (done) break;
  }
  const method: ExploitabilityMethod = tree || nTree ? 'exact' : twoSeats ? 'sampled-best-response' : 'none';
  return { solver, method, reports, ...(tree ? { tree } : {}), ...(nTree ? { nSeatTree: nTree } : {}) };
}

/** Seat 0's mean returns over `n` episodes of the profile against itself, with standard error. */
export function selfPlayValue(game: Game, policy: PolicyFn, n: number, rng: Rng): { mean: number; standardError: number } {
  const v = selfPlayValues(game, policy, n, rng);
  return { mean: v.means[0], standardError: v.standardErrors[0] };
}

/** Every seat's mean returns over `n` episodes of the profile against itself, with standard errors. */
export function selfPlayValues(game: Game, policy: PolicyFn, n: number, rng: Rng): { means: number[]; standardErrors: number[] } {
  const sum = new Float64Array(game.numSeats);
  const sumSq = new Float64Array(game.numSeats);
  for (let k = 0; k < n; k++) {
    const st: GameState = game.newInitialState();
    for (;;) {
      const cp = st.currentPlayer();
      if (cp === TERMINAL) break;
      if (cp === CHANCE) st.applyAction(sampleChanceOutcome(st, rng));
      else {
        const legal = st.legalActions();
        st.applyAction(legal[sample(policy(st, cp, legal), rng())]);
      }
    }
    const r = st.returns();
    for (let seat = 0; seat < sum.length; seat++) {
      sum[seat] += r[seat];
      sumSq[seat] += r[seat] * r[seat];
    }
  }
  const means = Array.from(sum, (x) => x / n);
  const standardErrors = means.map((mean, seat) => (n > 1 ? Math.sqrt(Math.max(0, (sumSq[seat] - n * mean * mean) / (n - 1)) / n) : 0));
  return { means, standardErrors };
}
