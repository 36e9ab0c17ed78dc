/**
 * Monte Carlo CFR over the interpreter, for games whose tree is too large to build: regret and
 * average-strategy tables keyed by information-state key, filled by sampled traversals of the
 * game through the `GameState` API.
 *
 * - External sampling (Lanctot, Waugh, Zinkevich, Bowling, "Monte Carlo Sampling for Regret
 *   Minimization in Extensive Games", NIPS 2009, §3; OpenSpiel `external_sampling_mccfr.py` with
 *   the simple average): per iteration and seat, one traversal that samples chance outcomes and
 *   the other seats' actions (from their current strategies) and explores every action of the
 *   traversing seat; regrets get the sampled counterfactual regrets, and each other seat's current
 *   strategy is added to its average at the nodes where it was sampled.
 * - Outcome sampling (same paper, §3; OpenSpiel `outcome_sampling_mccfr.py` without baseline):
 *   one sampled history per iteration and seat, the traversing seat exploring with an
 *   ε-on-policy mix (ε = 0.6), regrets and average strategy weighted by importance ratios.
 *
 * Both are defined for any number of players (the paper's §2 setting is n-player): each iteration
 * traverses once for every seat, the other seats (all of them) playing their current strategies;
 * with two seats this is the two-seat algorithm exactly.
 *
 * Regret matching as in CFR (uniform when no regret is positive). States that can rewind are
 * branched by saving and rewinding (no copies); other `GameState`s by `clone()`.
 */
import { CHANCE, TERMINAL, canRewind, type Action, type Game, type GameState, type StateMark } from '../interpreter/api.js';
import { sampleChanceOutcome } from '../interpreter/chance.js';
import { rngFromKeys, type Rng } from '../util/rng.js';

/** Sampling scheme of {@link MccfrSolver}. */
export type MccfrSampling = 'external' | 'outcome';

/** Exploration of outcome sampling at the traversing seat's nodes (OpenSpiel's default). */
export const OUTCOME_EPSILON = 0.6;

/** One information state's tables. */
export interface MccfrEntry {
  /** Legal actions, ascending. */
  readonly actions: readonly Action[];
  /** Their `actionToString` labels. */
  readonly labels: readonly string[];
  /** Cumulative regrets per action. */
  readonly regrets: Float64Array;
  /** Average-strategy numerators per action. */
  readonly average: Float64Array;
}

/** Options of {@link MccfrSolver}. */
export interface MccfrOptions {
  /** Default `external`. */
  sampling?: MccfrSampling;
  /** Seed of the solver's random stream (default 0): the run is a pure function of it. */
  seed?: number;
}

/** MCCFR state: tables per seat keyed by information-state key. */
export class MccfrSolver {
  /** Iterations done (each updates every seat once). */
  iteration = 0;
  readonly sampling: MccfrSampling;
  /** Tables per seat (one map per seat of the game), by `informationStateKey(seat)`. */
  readonly tables: Map<string, MccfrEntry>[];
  private readonly rng: Rng;
  private readonly marks: StateMark[] = [];

  constructor(
    readonly game: Game,
    options: MccfrOptions = {},
  ) {
    this.sampling = options.sampling ?? 'external';
    this.tables = Array.from({ length: game.numSeats }, () => new Map<string, MccfrEntry>());
    this.rng = rngFromKeys(options.seed ?? 0, 0x6d63);
  }

  /** Run `n` iterations (default 1). */
  run(n = 1): void {
    for (let k = 0; k < n; k++) {
      this.iteration++;
      for (let seat = 0; seat < this.tables.length; seat++) {
        const root = this.game.newInitialState();
        if (this.sampling === 'external') this.external(root, seat, 0);
        else this.outcome(root, seat, 1, 1, 1);
      }
    }
  }

  /** Information states with tables, every seat. */
  get numInfosets(): number {
    return this.tables.reduce((sum, t) => sum + t.size, 0);
  }

  /**
   * The average strategy at an information state (probabilities parallel to its legal actions),
   * or undefined when the state was never visited.
   */
  averageAt(seat: number, key: string): Float64Array | undefined {
    const e = this.tables[seat].get(key);
    if (!e) return undefined;
    return normalise(e.average);
  }

  /**
   * The average strategy as a function for any state: uniform where the information state was
   * never visited.
   */
  averagePolicy(): (state: GameState, seat: number, legal: readonly Action[]) => ArrayLike<number> {
    return (state, seat, legal) => {
      const p = this.averageAt(seat, state.informationStateKey(seat));
      return p && p.length === legal.length ? p : uniform(legal.length);
    };
  }

  private entry(state: GameState, seat: number): MccfrEntry {
    const key = state.informationStateKey(seat);
    let e = this.tables[seat].get(key);
    if (!e) {
      const actions = state.legalActions();
      const labels = actions.map((a) => state.actionToString(seat, a));
      e = { actions, labels, regrets: new Float64Array(actions.length), average: new Float64Array(actions.length) };
      this.tables[seat].set(key, e);
    }
    return e;
  }

  /** External-sampling traversal for `seat`; returns the sampled value for `seat`. */
  private external(st: GameState, seat: number, depth: number): number {
    for (;;) {
      const cp = st.currentPlayer();
      if (cp === TERMINAL) return st.returns()[seat];
      if (cp === CHANCE) {
        st.applyAction(sampleChanceOutcome(st, this.rng));
        continue;
      }
      const e = this.entry(st, cp);
      const n = e.actions.length;
      const sigma = regretMatching(e.regrets);
      if (cp !== seat) {
        for (let a = 0; a < n; a++) e.average[a] += sigma[a];
        st.applyAction(e.actions[sample(sigma, this.rng())]);
        continue;
      }
      const values = new Float64Array(n);
      let v = 0;
      if (canRewind(st)) {
        if (depth >= this.marks.length) this.marks.push(st.newMark());
        const mark = this.marks[depth];
        st.saveTo(mark);
        for (let a = 0; a < n; a++) {
          if (a > 0) st.rewind(mark);
          st.applyAction(e.actions[a]);
          values[a] = this.external(st, seat, depth + 1);
          v += sigma[a] * values[a];
        }
      } else {
        for (let a = 0; a < n; a++) {
          const child = a === n - 1 ? st : st.clone();
          child.applyAction(e.actions[a]);
          values[a] = this.external(child, seat, depth + 1);
          v += sigma[a] * values[a];
        }
      }
      for (let a = 0; a < n; a++) e.regrets[a] += values[a] - v;
      return v;
    }
  }

  /**
   * Outcome-sampling episode for `seat`: `myReach` is the seat's own probability of the history
   * under σ, `oppReach` the other seats' and chance's, `sampleReach` the sampling probability.
   * Returns the importance-weighted value estimate for `seat`.
   */
  private outcome(st: GameState, seat: number, myReach: number, oppReach: number, sampleReach: number): number {
    const cp = st.currentPlayer();
    if (cp === TERMINAL) return st.returns()[seat];
    if (cp === CHANCE) {
      // Sampled with its own probability: the ratio cancels in oppReach / sampleReach.
      st.applyAction(sampleChanceOutcome(st, this.rng));
      return this.outcome(st, seat, myReach, oppReach, sampleReach);
    }
    const e = this.entry(st, cp);
    const n = e.actions.length;
    const sigma = regretMatching(e.regrets);
    let a: number;
    let q: number;
    if (cp === seat) {
      const explore = new Float64Array(n);
      for (let i = 0; i < n; i++) explore[i] = OUTCOME_EPSILON / n + (1 - OUTCOME_EPSILON) * sigma[i];
      a = sample(explore, this.rng());
      q = explore[a];
    } else {
      a = sample(sigma, this.rng());
      q = sigma[a];
    }
    st.applyAction(e.actions[a]);
    const child =
      cp === seat
        ? this.outcome(st, seat, myReach * sigma[a], oppReach, sampleReach * q)
        : this.outcome(st, seat, myReach, oppReach * sigma[a], sampleReach * q);
    // Child values: the sampled one divided by its sampling probability, the others 0.
    const sampledValue = child / q;
    const value = sigma[a] * sampledValue;
    if (cp === seat) {
      const w = oppReach / sampleReach;
      for (let i = 0; i < n; i++) e.regrets[i] += ((i === a ? sampledValue : 0) - value) * w;
      for (let i = 0; i < n; i++) e.average[i] += (myReach * sigma[i]) / sampleReach;
    }
    return value;
  }
}

/** Regret matching: positive regrets normalised, uniform when none is positive. */
export function regretMatching(regrets: Float64Array): Float64Array {
  const n = regrets.length;
  const out = new Float64Array(n);
  let sum = 0;
  for (let i = 0; i < n; i++) if (regrets[i] > 0) sum += regrets[i];
  for (let i = 0; i < n; i++) out[i] = sum > 0 ? Math.max(regrets[i], 0) / sum : 1 / n;
  return out;
}

/** Index drawn from probabilities `p` by the uniform number `u` (inverse CDF). */
export function sample(p: ArrayLike<number>, u: number): number {
  let acc = 0;
  for (let i = 0; i < p.length; i++) {
    acc += p[i];
    if (u < acc) return i;
  }
  for (let i = p.length - 1; i >= 0; i--) if (p[i] > 0) return i;
  return p.length - 1;
}

function normalise(x: Float64Array): Float64Array {
  let sum = 0;
  for (let i = 0; i < x.length; i++) sum += x[i];
  const out = new Float64Array(x.length);
  for (let i = 0; i < x.length; i++) out[i] = sum > 0 ? x[i] / sum : 1 / x.length;
  return out;
}

function uniform(n: number): Float64Array {
  return new Float64Array(n).fill(1 / n);
}

/**
 * The average strategy of every visited information state in the saved-policy form of
 * `policy-file.ts` (`{ [key]: { [actionKey]: probability } }`, action keys by `actionKeys`).
 */
export function mccfrPolicyEntries(
  solver: MccfrSolver,
  actionKeys: (actions: readonly number[], labels: readonly string[]) => string[],
): Record<string, Record<string, number>> {
  const out: Record<string, Record<string, number>> = {};
  for (const table of solver.tables) {
    for (const [key, e] of table) {
      const p = normalise(e.average);
      const entry: Record<string, number> = {};
      actionKeys(e.actions, e.labels).forEach((k, i) => (entry[k] = p[i]));
      out[key] = entry;
    }
  }
  return out;
}
