/**
 * Exploitability of a policy profile estimated by sampled best responses, for games whose tree
 * is too large for the exact best response (`best-response.ts`).
 *
 * For each seat b, in two independent phases:
 *
 * 1. Choose a best response from `samples` traversals in which chance and the other seat are
 *    sampled (the other seat from the profile) and every action of b is explored (external
 *    sampling). Each terminal z reached adds C += u_b(z) / N to the last decision of b on its
 *    path (information state × action), so Σ over b's decisions of π_s(decision) · C is an
 *    unbiased estimate of the value of any strategy s of b. One pass up b's tree of decisions
 *    (b's information states linked by b's previous decision, perfect recall) maximises it:
 *    V(I) = max_a [C(I, a) + Σ_{J after (I, a)} V(J)] where I was sampled,
 *    and V(I) = Σ_a σ_b(I, a) · [C(I, a) + Σ V(J)] elsewhere: the best response follows the
 *    profile at information states the samples never reached.
 * 2. Evaluate that strategy on `samples` fresh episodes (b plays it, the other seat the profile):
 *    the mean of u_b and its standard error. Fresh episodes remove the optimism of choosing and
 *    evaluating on the same samples.
 *
 * The strategy of phase 1 is a real strategy of b, so the value of phase 2 estimates a lower
 * bound of b's best-response value (equal to it when phase 1 finds a best response, as it does
 * with enough samples). The exploitability estimate is (v̂_0 + v̂_1) / 2 (NashConv / 2 for a
 * two-seat zero-sum game, whose policy values cancel), with standard error √(se_0² + se_1²) / 2.
 */
import { CHANCE, TERMINAL, canRewind, type Action, type Game, type GameState, type StateMark } from '../interpreter/api.js';
import { sampleChanceOutcome } from '../interpreter/chance.js';
import type { Rng } from '../util/rng.js';
import { sample } from './mccfr.js';
import { requireTwoSeats } from './seats.js';

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
  /** The best response's action, or -1 to follow the profile. */
  choice: number;
}

/**
 * Phase-1 visits an information state needs before the best response deviates from the profile
 * there: 1, every sampled information state (a higher threshold made the estimate far looser on
 * a sampled game whose exact exploitability was known; the fresh phase 2 keeps the estimate honest).
 */
export const MIN_VISITS = 1;

/**
 * Thrown by {@link sampledExploitability} when its `deadlineMs` passes before the estimate is
 * complete (a time-bounded caller then reports that no estimate fitted in its budget).
 */
export class EvaluationOutOfTime extends Error {
  constructor() {
    super('the sampled best response did not finish within its time budget');
    this.name = 'EvaluationOutOfTime';
  }
}

/** Throw {@link EvaluationOutOfTime} once `now()` passes `deadlineMs` (checked every 256 calls). */
function deadlineCheck(deadlineMs: number, now: () => number): () => void {
  if (deadlineMs === Infinity) return () => {};
  let calls = 0;
  return () => {
    if ((++calls & 255) === 0 && now() > deadlineMs) throw new EvaluationOutOfTime();
  };
}

/**
 * Estimate the exploitability of `policy` by sampled best responses (see the module comment).
 * @param samples episodes per phase and seat
 * @param deadlineMs a time of `now` after which the estimate is abandoned
 * @param now the clock in milliseconds (default `performance.now()`)
 * @throws EvaluationOutOfTime when `deadlineMs` passes first
 * @throws TwoSeatOnlyError when the game has more than two seats
 */
export function sampledExploitability(
  game: Game,
  policy: PolicyFn,
  samples: number,
  rng: Rng,
  deadlineMs = Infinity,
  now: () => number = () => performance.now(),
): SampledExploitability {
  requireTwoSeats(game, 'the sampled best response');
  const v: [number, number] = [0, 0];
  const se: [number, number] = [0, 0];
  const check = deadlineCheck(deadlineMs, now);
  for (let b = 0; b < 2; b++) {
    const br = chooseBestResponse(game, policy, b, samples, rng, check);
    let sum = 0;
    let sumSq = 0;
    for (let k = 0; k < samples; k++) {
      check();
      const u = playOut(game.newInitialState(), policy, b, rng, (state, legal) => {
        const bucket = br.get(state.informationStateKey(b));
        if (bucket && bucket.choice >= 0 && bucket.actions.length === legal.length) return bucket.choice;
        return sample(policy(state, b, legal), rng());
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
 * (an index into the legal actions).
 */
function playOut(st: GameState, policy: PolicyFn, b: number, rng: Rng, choose: (state: GameState, legal: Action[]) => number): { value: number } {
  for (;;) {
    const cp = st.currentPlayer();
    if (cp === TERMINAL) return { value: st.returns()[b] };
    if (cp === CHANCE) {
      st.applyAction(sampleChanceOutcome(st, rng));
      continue;
    }
    const legal = st.legalActions();
    if (cp === b) st.applyAction(legal[choose(st, legal)]);
    else st.applyAction(legal[sample(policy(st, cp, legal), rng())]);
  }
}

/**
 * Phase 1: `samples` traversals in which chance and the other seat are sampled (the other seat
 * from the profile) and every action of b is explored (external sampling, as in MCCFR); each
 * terminal reached adds u_b / N to b's last decision on its path. At information states visited
 * at least {@link MIN_VISITS} times the best response takes the action maximising the estimate;
 * elsewhere it follows the profile (V(I) = Σ_a σ_b(I, a) · [C(I, a) + Σ V(J)]).
 */
function chooseBestResponse(game: Game, policy: PolicyFn, b: number, samples: number, rng: Rng, check: () => void = () => {}): Map<string, Bucket> {
  type B = Bucket & { visits: number; sigma: number[] };
  const buckets = new Map<string, B>();
  const roots = new Set<string>();
  const marks: StateMark[] = [];
  const traverse = (st: GameState, last: B | undefined, lastA: number, depth: number): void => {
    check();
    for (;;) {
      const cp = st.currentPlayer();
      if (cp === TERMINAL) {
        if (last) last.c[lastA] += st.returns()[b] / samples;
        return;
      }
      if (cp === CHANCE) {
        st.applyAction(sampleChanceOutcome(st, rng));
        continue;
      }
      const legal = st.legalActions();
      if (cp !== b) {
        st.applyAction(legal[sample(policy(st, cp, legal), rng())]);
        continue;
      }
      const key = st.informationStateKey(b);
      let bucket = buckets.get(key);
      if (!bucket) {
        bucket = {
          c: new Float64Array(legal.length),
          actions: legal,
          next: legal.map(() => new Set<string>()),
          choice: -1,
          visits: 0,
          sigma: Array.from(policy(st, b, legal)),
        };
        buckets.set(key, bucket);
      }
      bucket.visits++;
      if (last) last.next[lastA].add(key);
      else roots.add(key);
      const n = legal.length;
      if (canRewind(st)) {
        if (depth >= marks.length) marks.push(st.newMark());
        const mark = marks[depth];
        st.saveTo(mark);
        for (let a = 0; a < n; a++) {
          if (a > 0) st.rewind(mark);
          st.applyAction(legal[a]);
          traverse(st, bucket, a, depth + 1);
        }
      } else {
        for (let a = 0; a < n; a++) {
          const child = a === n - 1 ? st : st.clone();
          child.applyAction(legal[a]);
          traverse(child, bucket, a, depth + 1);
        }
      }
      return;
    }
  };
  for (let k = 0; k < samples; k++) traverse(game.newInitialState(), undefined, -1, 0);
  const value = new Map<string, number>();
  const solve = (key: string): number => {
    const known = value.get(key);
    if (known !== undefined) return known;
    value.set(key, 0);
    const bucket = buckets.get(key)!;
    const q = new Float64Array(bucket.actions.length);
    for (let a = 0; a < q.length; a++) {
      q[a] = bucket.c[a];
      for (const j of bucket.next[a]) q[a] += solve(j);
    }
    let v = 0;
    if (bucket.visits >= MIN_VISITS) {
      let best = -Infinity;
      for (let a = 0; a < q.length; a++) {
        if (q[a] > best) {
          best = q[a];
          bucket.choice = a;
        }
      }
      v = best;
    } else for (let a = 0; a < q.length; a++) v += bucket.sigma[a] * q[a];
    value.set(key, v);
    return v;
  };
  for (const r of roots) solve(r);
  return buckets;
}
