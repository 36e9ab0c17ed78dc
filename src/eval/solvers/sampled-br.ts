/**
 * Exploitability of a policy profile estimated by sampled best responses, for games whose tree
 * is too large for the exact best response (`best-response.ts`).
 *
 * For each seat b, in two independent phases:
 *
 * 1. Choose a best response from `samples` episodes in which chance and the other seat play as
 *    usual (the other seat by the profile) and b picks uniformly at random. An episode z adds
 *    u_b(z) / (N · π_b^unif(z)) to the last decision of b on it (information state × action;
 *    a root bucket when b never acts): by importance sampling, the sum over the decisions a pure
 *    strategy of b takes is an unbiased estimate of that strategy's value. The pure strategy
 *    maximising the estimate is found by one pass up b's tree of decisions (b's information
 *    states linked by b's previous decision, perfect recall):
 *    V(I) = max_a [C(I, a) + Σ_{J after (I, a)} V(J)]. Information states never sampled are
 *    played uniformly.
 * 2. Evaluate that strategy on `samples` fresh episodes (b plays it, the other seat the profile):
 *    the mean of u_b and its standard error. Fresh episodes remove the optimism of choosing and
 *    evaluating on the same samples.
 *
 * The strategy of phase 1 is a real strategy of b, so the value of phase 2 estimates a lower
 * bound of b's best-response value (equal to it when phase 1 finds a best response, as it does
 * with enough samples). The exploitability estimate is (v̂_0 + v̂_1) / 2 (NashConv / 2 for a
 * two-seat zero-sum game, whose policy values cancel), with standard error √(se_0² + se_1²) / 2.
 */
import { CHANCE, TERMINAL, type Action, type Game, type GameState } from '../../interpreter/api.js';
import { sampleChanceOutcome } from '../../interpreter/chance.js';
import type { Rng } from '../../util/rng.js';
import { sample } from './mccfr.js';

/** A profile as a function (probabilities parallel to `legal`). */
export type PolicyFn = (state: GameState, seat: number, legal: readonly Action[]) => ArrayLike<number>;

/** The estimate of {@link sampledExploitability}. */
export interface SampledExploitability {
  /** (v̂_0 + v̂_1) / 2, chips/game: an estimate of a lower bound of the exploitability. */
  exploitability: number;
  /** Its standard error, chips/game. */
  standardError: number;
  /** Each seat's estimated value when best responding to the other seat, chips/game. */
  bestResponseValues: [number, number];
  /** Their standard errors. */
  bestResponseErrors: [number, number];
  /** Episodes per phase and seat. */
  samples: number;
}

interface Bucket {
  /** Sum of weighted returns per action. */
  c: Float64Array;
  actions: readonly Action[];
  /** Information states (keys) after each action. */
  next: Set<string>[];
  choice: number;
}

/**
 * Estimate the exploitability of `policy` by sampled best responses (see the module comment).
 * @param samples episodes per phase and seat
 */
export function sampledExploitability(game: Game, policy: PolicyFn, samples: number, rng: Rng): SampledExploitability {
  const v: [number, number] = [0, 0];
  const se: [number, number] = [0, 0];
  for (let b = 0; b < 2; b++) {
    const br = chooseBestResponse(game, policy, b, samples, rng);
    let sum = 0;
    let sumSq = 0;
    for (let k = 0; k < samples; k++) {
      const u = playOut(game.newInitialState(), policy, b, rng, (state, legal) => {
        const bucket = br.get(state.informationStateKey(b));
        return bucket && bucket.actions.length === legal.length ? bucket.choice : Math.min(legal.length - 1, Math.floor(rng() * legal.length));
      }).value;
      sum += u;
      sumSq += u * u;
    }
    const mean = sum / samples;
    v[b] = mean;
    se[b] = samples > 1 ? Math.sqrt(Math.max(0, (sumSq - samples * mean * mean) / (samples - 1)) / samples) : 0;
  }
  return {
    exploitability: (v[0] + v[1]) / 2,
    standardError: Math.sqrt(se[0] * se[0] + se[1] * se[1]) / 2,
    bestResponseValues: v,
    bestResponseErrors: se,
    samples,
  };
}

/**
 * One episode: chance by its probabilities, the other seat by `policy`, seat `b` by `choose`
 * (an index into the legal actions). Returns b's returns and, for phase 1, the path of b's
 * decisions and their number of legal actions.
 */
function playOut(
  st: GameState,
  policy: PolicyFn,
  b: number,
  rng: Rng,
  choose: (state: GameState, legal: Action[]) => number,
  path?: { key: string; legal: Action[]; a: number }[],
): { value: number } {
  for (;;) {
    const cp = st.currentPlayer();
    if (cp === TERMINAL) return { value: st.returns()[b] };
    if (cp === CHANCE) {
      st.applyAction(sampleChanceOutcome(st, rng));
      continue;
    }
    const legal = st.legalActions();
    if (cp === b) {
      const a = choose(st, legal);
      if (path) path.push({ key: st.informationStateKey(b), legal, a });
      st.applyAction(legal[a]);
    } else st.applyAction(legal[sample(policy(st, cp, legal), rng())]);
  }
}

/** Phase 1: the pure strategy of seat `b` maximising the importance-sampled value estimate. */
function chooseBestResponse(game: Game, policy: PolicyFn, b: number, samples: number, rng: Rng): Map<string, Bucket> {
  const buckets = new Map<string, Bucket>();
  const roots = new Set<string>();
  for (let k = 0; k < samples; k++) {
    const path: { key: string; legal: Action[]; a: number }[] = [];
    const { value } = playOut(game.newInitialState(), policy, b, rng, (_s, legal) => Math.min(legal.length - 1, Math.floor(rng() * legal.length)), path);
    let inv = 1;
    let prev: Bucket | undefined;
    let prevA = -1;
    for (const step of path) {
      inv *= step.legal.length;
      let bucket = buckets.get(step.key);
      if (!bucket) {
        bucket = { c: new Float64Array(step.legal.length), actions: step.legal, next: step.legal.map(() => new Set<string>()), choice: 0 };
        buckets.set(step.key, bucket);
      }
      if (prev) prev.next[prevA].add(step.key);
      else roots.add(step.key);
      prev = bucket;
      prevA = step.a;
    }
    if (prev) prev.c[prevA] += (value * inv) / samples;
  }
  // V(I) = max_a [C(I, a) + Σ V(J)], memoised; children are sampled later than parents, so the
  // recursion is finite (perfect recall: a seat's information states form a tree).
  const value = new Map<string, number>();
  const solve = (key: string): number => {
    const known = value.get(key);
    if (known !== undefined) return known;
    value.set(key, 0);
    const bucket = buckets.get(key)!;
    let best = -Infinity;
    for (let a = 0; a < bucket.actions.length; a++) {
      let q = bucket.c[a];
      for (const j of bucket.next[a]) q += solve(j);
      if (q > best) {
        best = q;
        bucket.choice = a;
      }
    }
    value.set(key, best);
    return best;
  };
  for (const r of roots) solve(r);
  return buckets;
}
