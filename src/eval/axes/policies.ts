/**
 * Random behaviour strategies shared by the axes (brittleness's opponents, v1's strategy
 * samples): a policy maps a state, the seat to act and its legal actions to one probability per
 * action; and the playout loops' helpers (playing a state out, the initial states of a loop).
 */
import { canResetToInitial, CHANCE, type Action, type Game, type GameState } from '../../interpreter/api.js';
import { sampleChanceOutcome } from '../../interpreter/chance.js';
import { foldKey, hashKeys, hashString, KeyedStream, type Rng } from '../../util/rng.js';

/** A behaviour strategy: probabilities over `legal`, in its order, summing to 1. */
export type Policy = (s: GameState, seat: number, legal: readonly Action[]) => number[];

/**
 * A Dirichlet(1) behaviour strategy: one uniform point of the simplex per information state,
 * drawn from the stream `keys` followed by the information state's hash, so the same keys give
 * the same strategy in every process. `keyOf` names the information state (default: the engine's
 * key, prefixed by the seat). The point is a function of `keys`, the state's key and the number of
 * legal actions alone, so `cache` (default true: one point kept per (seat, information state))
 * changes the cost, never the strategy: it pays where states recur, and costs more than it saves
 * where playouts mostly meet states not met before (brittleness's opponents: 7 to 51 % of their
 * lookups hit on five large pool games, and the kept keys load the garbage collector).
 */
export function dirichletPolicy(
  keys: readonly number[],
  keyOf: (s: GameState, seat: number, legal: readonly Action[]) => string = (s, seat) => `${seat}|${s.informationStateKey(seat)}`,
  cache = true,
): Policy {
  const point = dirichletPoints(keys);
  if (!cache) return (s, seat, legal) => point(keyOf(s, seat, legal), legal.length);
  const kept = new Map<string, number[]>();
  return (s, seat, legal) => {
    const key = keyOf(s, seat, legal);
    let p = kept.get(key);
    if (!p || p.length !== legal.length) kept.set(key, (p = point(key, legal.length)));
    return p;
  };
}

/**
 * The points of {@link dirichletPolicy} by information-state key: `point(key, n)` is n
 * exponentials −ln(1 − u) of the stream `rngFromKeys(...keys, hashString(key))`, divided by their
 * sum (summed in order). The keys' hash is folded once and one generator is restarted per point;
 * each call returns a new array.
 */
export function dirichletPoints(keys: readonly number[]): (key: string, n: number) => number[] {
  const prefix = hashKeys(keys);
  const stream = new KeyedStream();
  const next = stream.next;
  return (key, n) => {
    stream.restartFromHash(foldKey(prefix, hashString(key)));
    const x = new Array<number>(n);
    let t = 0;
    for (let i = 0; i < n; i++) t += x[i] = -Math.log(1 - next());
    for (let i = 0; i < n; i++) x[i] = x[i] / t;
    return x;
  };
}

/**
 * The initial states of a loop of episodes: each call gives the next episode's initial state,
 * one state reset in place where the game allows it ({@link canResetToInitial}; no allocation per
 * episode), else a new state. The state a call gave must not be used after the next call.
 */
export function episodeStates(game: Game): () => GameState {
  if (!canResetToInitial(game)) return () => game.newInitialState();
  let s: GameState | null = null;
  return () => {
    if (s === null) s = game.newInitialState();
    else game.resetToInitial(s);
    return s;
  };
}

/** The index `i` with `u` in the i-th interval of the cumulative `probs` (u uniform in [0, 1)); the last index absorbs rounding. */
export function pickIndex(probs: readonly number[], u: number): number {
  let i = 0;
  for (; i < probs.length - 1; i++) {
    u -= probs[i];
    if (u < 0) break;
  }
  return i;
}

/** Play `s` (mutated) to the end: chance from `chance`, seat p's picks from `pols[p]` on `moves`. */
export function playOut(s: GameState, pols: readonly [Policy, Policy], chance: Rng, moves: Rng = chance): GameState {
  while (!s.isTerminal()) {
    const p = s.currentPlayer();
    if (p === CHANCE) {
      s.applyAction(sampleChanceOutcome(s, chance));
      continue;
    }
    const legal = s.legalActions();
    s.applyAction(legal[pickIndex(pols[p](s, p, legal), moves())]);
  }
  return s;
}
