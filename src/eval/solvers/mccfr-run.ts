/**
 * Running MCCFR with periodic reports: every `reportEvery` iterations, the average strategy's
 * value for seat 0 and its exploitability, exact when the game tree fits the node budget (best
 * response over the compact tree), else estimated by sampled best responses (`sampled-br.ts`).
 */
import type { Game, GameState } from '../../interpreter/api.js';
import { CHANCE, TERMINAL } from '../../interpreter/api.js';
import { sampleChanceOutcome } from '../../interpreter/chance.js';
import { rngFromKeys, type Rng } from '../../util/rng.js';
import { exploitability } from './best-response.js';
import { MccfrSolver, sample, type MccfrSampling } from './mccfr.js';
import { policyFromFunction } from './policy.js';
import { sampledExploitability, type PolicyFn } from './sampled-br.js';
import { buildTree, TreeBudgetError, type CompactTree } from './tree.js';

/** Default iterations between reports. */
export const DEFAULT_REPORT_EVERY = 1000;
/** Default episodes per phase and seat of the sampled best response. */
export const DEFAULT_BR_SAMPLES = 10_000;
/** Default node budget for the exact evaluation tree. */
export const DEFAULT_EXACT_MAX_NODES = 2_000_000;

/** How exploitability was measured. */
export type ExploitabilityMethod = 'exact' | 'sampled-best-response';

/** One report of {@link runMccfr}. */
export interface MccfrReport {
  iterations: number;
  /** Seconds spent in MCCFR iterations so far (evaluations excluded). */
  solverSeconds: number;
  /** Wall-clock seconds since the start, evaluations included. */
  elapsedSeconds: number;
  /** Information states with tables, both seats. */
  infoStates: number;
  /** Seat 0's expected returns under the average profile, chips/game (exact, or a sample mean). */
  value: number;
  /** Standard error of `value` (0 when exact). */
  valueError: number;
  /** NashConv / 2 of the average profile, chips/game (exact, or the sampled estimate). */
  exploitability: number;
  /** Standard error of `exploitability` (0 when exact). */
  exploitabilityError: number;
}

/** Options of {@link runMccfr}. */
export interface RunMccfrOptions {
  sampling?: MccfrSampling;
  seed?: number;
  /** Stop after this many iterations. */
  iterations?: number;
  /** Stop once the iterations have taken this many seconds (checked after each iteration). */
  seconds?: number;
  /** Iterations between reports (default {@link DEFAULT_REPORT_EVERY}); a report also ends the run. */
  reportEvery?: number;
  /** Episodes per phase and seat of the sampled best response (default {@link DEFAULT_BR_SAMPLES}). */
  brSamples?: number;
  /** Node budget of the exact evaluation tree (default {@link DEFAULT_EXACT_MAX_NODES}); 0: always sample. */
  exactMaxNodes?: number;
  onReport?: (r: MccfrReport) => void;
  /** Called once before the first iteration: whether the exact tree fits the budget. */
  onTree?: (fits: boolean) => void;
}

/** What {@link runMccfr} returns. */
export interface MccfrRun {
  solver: MccfrSolver;
  method: ExploitabilityMethod;
  reports: MccfrReport[];
  /** The exact tree when the game fits the budget. */
  tree?: CompactTree;
}

/**
 * Run MCCFR until `iterations` or `seconds` (at least one must be given), reporting every
 * `reportEvery` iterations and at the end.
 * @throws RangeError when neither a positive `iterations` nor positive `seconds` is given.
 * @throws UserError from `buildTree` when the game is not two-seat zero-sum or lacks perfect recall.
 */
export function runMccfr(game: Game, options: RunMccfrOptions): MccfrRun {
  const { iterations, seconds } = options;
  if (iterations === undefined && seconds === undefined) throw new RangeError('give iterations or seconds');
  if (iterations !== undefined && !(Number.isInteger(iterations) && iterations > 0)) throw new RangeError(`iterations must be a positive whole number, got ${iterations}`);
  if (seconds !== undefined && !(seconds > 0)) throw new RangeError(`seconds must be positive, got ${seconds}`);
  const every = options.reportEvery ?? DEFAULT_REPORT_EVERY;
  const brSamples = options.brSamples ?? DEFAULT_BR_SAMPLES;
  const seed = options.seed ?? 0;
  const t0 = performance.now();
  let tree: CompactTree | undefined;
  const exactMax = options.exactMaxNodes ?? DEFAULT_EXACT_MAX_NODES;
  if (exactMax > 0) {
    try {
      tree = buildTree(game, { maxNodes: exactMax });
    } catch (e) {
      if (!(e instanceof TreeBudgetError)) throw e;
    }
  }
  options.onTree?.(tree !== undefined);
  const solver = new MccfrSolver(game, { sampling: options.sampling, seed });
  const reports: MccfrReport[] = [];
  let solverMs = 0;
  const report = (): void => {
    const policy = solver.averagePolicy();
    let r: MccfrReport;
    const base = { iterations: solver.iteration, solverSeconds: solverMs / 1000, infoStates: solver.numInfosets };
    if (tree) {
      const t = tree;
      const tab = policyFromFunction(t, (key, seat, actions) => {
        const p = solver.averageAt(seat, key);
        return p && p.length === actions.length ? Array.from(p) : actions.map(() => 1 / actions.length);
      });
      const e = exploitability(t, tab);
      r = { ...base, elapsedSeconds: 0, value: e.policyValues[0], valueError: 0, exploitability: e.exploitability, exploitabilityError: 0 };
    } else {
      const rng = rngFromKeys(seed, 0x6272, reports.length);
      const e = sampledExploitability(game, policy, brSamples, rng);
      const v = selfPlayValue(game, policy, brSamples, rng);
      r = { ...base, elapsedSeconds: 0, value: v.mean, valueError: v.standardError, exploitability: e.exploitability, exploitabilityError: e.standardError };
    }
    r.elapsedSeconds = (performance.now() - t0) / 1000;
    reports.push(r);
    options.onReport?.(r);
  };
  for (;;) {
    const t = performance.now();
    solver.run(1);
    solverMs += performance.now() - t;
    const done = (iterations !== undefined && solver.iteration >= iterations) || (seconds !== undefined && solverMs >= seconds * 1000);
    if (done || solver.iteration % every === 0) report();
    if (done) break;
  }
  return { solver, method: tree ? 'exact' : 'sampled-best-response', reports, tree };
}

/** Seat 0's mean returns over `n` episodes of the profile against itself, with standard error. */
export function selfPlayValue(game: Game, policy: PolicyFn, n: number, rng: Rng): { mean: number; standardError: number } {
  let sum = 0;
  let sumSq = 0;
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
    const u = st.returns()[0];
    sum += u;
    sumSq += u * u;
  }
  const mean = sum / n;
  return { mean, standardError: n > 1 ? Math.sqrt(Math.max(0, (sumSq - n * mean * mean) / (n - 1)) / n) : 0 };
}
