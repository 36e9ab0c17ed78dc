/**
 * NashConv of a policy profile in a game of any number of seats, by an exact best response of each
 * seat over the whole tree (the two-seat solvers' flat tree, `tree.ts`, stores one return per
 * terminal and serves two-seat zero-sum games only).
 *
 * NashConv(π) = Σ_i [ max_{π'_i} u_i(π'_i, π_−i) − u_i(π) ] (Johanson et al., "Finding Optimal
 * Abstract Strategies in Extensive-Form Games", AAAI 2012; OpenSpiel's `nash_conv`), in chips per
 * game; it is 0 exactly at a Nash equilibrium. `exploitability` = NashConv / n (OpenSpiel's
 * `exploitability`), which for two seats is the exploitability the two-seat tools print.
 *
 * The best response of seat i is computed as OpenSpiel's `best_response.py` does, for games of
 * perfect recall: the value of a node for i is the policy-weighted value of its children, except at
 * i's own decisions, where i plays at information state I the action maximising
 * Σ_{h ∈ I} r_−i(h) · v_i(child(h, a)), with r_−i(h) the probability of reaching h by chance and
 * the other seats. Each information state's action is computed once (memoised); with perfect recall
 * the nodes below one of i's actions at I are reached only through I, so the recursion is well
 * founded. The tree is built by one walk of `clone()`s within a node budget.
 */
import { CHANCE, TERMINAL, type Action, type GameState } from '../interpreter/api.js';
import { UserError } from '../util/errors.js';
import { STOP_CHECK_NODES, TreeWalkStopped } from './tree.js';

/** An information state of an {@link NSeatTree}. */
export interface NSeatInfoset {
  seat: number;
  /** `informationStateKey(seat)`. */
  key: string;
  /** Legal actions, ascending, and their labels. */
  actions: readonly Action[];
  labels: readonly string[];
}

/** The whole tree of a game of any number of seats, for {@link nashConv}. Nodes are numbered from 0 (the root) in depth-first order. */
export interface NSeatTree {
  numSeats: number;
  numNodes: number;
  /** Per node: the seat to act, {@link CHANCE} or {@link TERMINAL}. */
  player: Int32Array;
  /** Per node: its information state (decision nodes), else -1. */
  infoset: Int32Array;
  /** Per node: the id of its first child; its children are consecutive, in the order of `legalActions()` / `chanceOutcomes()`. */
  firstChild: Int32Array;
  childCount: Int32Array;
  /** Per node whose parent is a chance node: the outcome's probability. */
  chanceProb: Float64Array;
  /** Per terminal node t: the returns of every seat at `returns[t·numSeats + seat]` (0 elsewhere). */
  returns: Float64Array;
  infosets: NSeatInfoset[];
  /** Per information state: its nodes. */
  infosetNodes: number[][];
}

/** Raised when a game's tree has more nodes than the budget given to {@link buildNSeatTree}. */
export class NSeatTreeTooLarge extends UserError {
  constructor(readonly maxNodes: number) {
    super(`the game tree has more than ${maxNodes.toLocaleString('en-US')} nodes: too large for an exact best response`);
    this.name = 'NSeatTreeTooLarge';
  }
}

/**
 * Build the whole tree of `game` (any number of seats) by walking `clone()`s.
 * @param stop asked every {@link STOP_CHECK_NODES} nodes; true ends the walk with {@link TreeWalkStopped} (a caller's time budget)
 * @throws NSeatTreeTooLarge when it has more than `maxNodes` nodes
 * @throws TreeWalkStopped when `stop` returned true
 * @throws UserError when a seat's legal actions differ within one of its information states, or a
 *   seat forgets its own earlier moves (imperfect recall: the best response assumes perfect recall)
 */
export function buildNSeatTree(game: { readonly numSeats: number; newInitialState(): GameState }, maxNodes = 2_000_000, stop?: () => boolean): NSeatTree {
  const n = game.numSeats;
  const player: number[] = [];
  const infoset: number[] = [];
  const firstChild: number[] = [];
  const childCount: number[] = [];
  const chanceProb: number[] = [];
  const returns: number[] = [];
  const infosets: NSeatInfoset[] = [];
  const infosetNodes: number[][] = [];
  /** Per information state: the seat's own last (information state, action) before it, as `I:a` (perfect recall: one per state). */
  const recall: string[] = [];
  const ids = new Map<string, number>();
  const alloc = (k: number): number => {
    const first = player.length;
    for (let i = 0; i < k; i++) {
      if (player.length >= maxNodes) throw new NSeatTreeTooLarge(maxNodes);
      if (stop && player.length % STOP_CHECK_NODES === 0 && player.length > 0 && stop()) throw new TreeWalkStopped(player.length);
      player.push(TERMINAL);
      infoset.push(-1);
      firstChild.push(-1);
      childCount.push(0);
      chanceProb.push(1);
    }
    return first;
  };
  /** `own[i]`: seat i's last (information state, action) on the path, `-` for none. */
  const walk = (s: GameState, id: number, own: readonly string[]): void => {
    const cp = s.currentPlayer();
    player[id] = cp;
    if (cp === TERMINAL) {
      const r = s.returns();
      if (returns.length < (id + 1) * n) returns.length = (id + 1) * n;
      for (let i = 0; i < n; i++) returns[id * n + i] = r[i];
      return;
    }
    if (cp === CHANCE) {
      const outcomes = s.chanceOutcomes();
      const first = alloc(outcomes.length);
      firstChild[id] = first;
      childCount[id] = outcomes.length;
      outcomes.forEach(([a, p], c) => {
        chanceProb[first + c] = p;
        const child = s.clone();
        child.applyAction(a);
        walk(child, first + c, own);
      });
      return;
    }
    const key = s.informationStateKey(cp);
    const actions = s.legalActions();
    const name = `${cp}\u0000${key}`;
    let I = ids.get(name);
    if (I === undefined) {
      I = infosets.length;
      ids.set(name, I);
      infosets.push({ seat: cp, key, actions, labels: actions.map((a) => s.actionToString(cp, a)) });
      infosetNodes.push([]);
      recall.push(own[cp]);
    } else {
      const known = infosets[I].actions;
      if (known.length !== actions.length || known.some((a, i) => a !== actions[i]))
        throw new UserError(`information state '${key}' of seat ${cp} has different legal actions in two of its histories`);
      if (recall[I] !== own[cp])
        throw new UserError(
          `seat ${cp} forgets its own earlier moves at information state '${key}' (imperfect recall): the exact best response needs perfect recall`,
        );
    }
    infoset[id] = I;
    infosetNodes[I].push(id);
    const first = alloc(actions.length);
    firstChild[id] = first;
    childCount[id] = actions.length;
    actions.forEach((a, c) => {
      const child = s.clone();
      child.applyAction(a);
      const next = own.slice();
      next[cp] = `${I}:${c}`;
      walk(child, first + c, next);
    });
  };
  alloc(1);
  walk(game.newInitialState(), 0, new Array<string>(n).fill('-'));
  const numNodes = player.length;
  const ret = new Float64Array(numNodes * n);
  for (let i = 0; i < returns.length; i++) ret[i] = returns[i] ?? 0;
  return {
    numSeats: n,
    numNodes,
    player: Int32Array.from(player),
    infoset: Int32Array.from(infoset),
    firstChild: Int32Array.from(firstChild),
    childCount: Int32Array.from(childCount),
    chanceProb: Float64Array.from(chanceProb),
    returns: ret,
    infosets,
    infosetNodes,
  };
}

/** The profile to evaluate: per information state, probabilities parallel to its `actions`. */
export type InfosetPolicy = (infoset: NSeatInfoset) => ArrayLike<number>;

/** What {@link nashConv} computes, chips per game. */
export interface NashConvReport {
  /** Each seat's expected returns under the profile. */
  values: number[];
  /** Each seat's expected returns when it best-responds and the others keep the profile. */
  bestResponseValues: number[];
  /** Σ_i (bestResponseValues[i] − values[i]) ≥ 0; 0 at a Nash equilibrium. */
  nashConv: number;
  /** NashConv / numSeats (OpenSpiel's exploitability; for two seats, the usual exploitability). */
  exploitability: number;
}

/**
 * NashConv of `policy` on `tree` (see the module comment).
 * @throws RangeError when the policy gives a probability vector of the wrong length at an information state
 */
export function nashConv(tree: NSeatTree, policy: InfosetPolicy): NashConvReport {
  const n = tree.numSeats;
  const probs = tree.infosets.map((I) => {
    const p = policy(I);
    if (p.length !== I.actions.length) throw new RangeError(`policy gives ${p.length} probabilities at '${I.key}', which has ${I.actions.length} actions`);
    return Float64Array.from(p);
  });
  const { player, infoset, firstChild, childCount, chanceProb, returns } = tree;
  // On-policy values of every seat, bottom-up (children have larger ids than their parent).
  const v = new Float64Array(tree.numNodes * n);
  for (let h = tree.numNodes - 1; h >= 0; h--) {
    const p = player[h];
    if (p === TERMINAL) {
      for (let i = 0; i < n; i++) v[h * n + i] = returns[h * n + i];
      continue;
    }
    const f = firstChild[h];
    for (let c = 0; c < childCount[h]; c++) {
      const w = p === CHANCE ? chanceProb[f + c] : probs[infoset[h]][c];
      if (w === 0) continue;
      for (let i = 0; i < n; i++) v[h * n + i] += w * v[(f + c) * n + i];
    }
  }
  const values = Array.from({ length: n }, (_, i) => v[i]);
  const bestResponseValues = values.map((_, seat) => bestResponseValue(tree, probs, seat));
  const total = bestResponseValues.reduce((a, b, i) => a + b - values[i], 0);
  return { values, bestResponseValues, nashConv: total, exploitability: total / n };
}

/** Seat `seat`'s value of a best response to the others' `probs`. */
function bestResponseValue(tree: NSeatTree, probs: readonly Float64Array[], seat: number): number {
  const { player, infoset, firstChild, childCount, chanceProb, returns, numSeats: n } = tree;
  // Reach of every node by chance and the other seats, top-down.
  const reach = new Float64Array(tree.numNodes);
  reach[0] = 1;
  for (let h = 0; h < tree.numNodes; h++) {
    const p = player[h];
    if (p === TERMINAL) continue;
    const f = firstChild[h];
    for (let c = 0; c < childCount[h]; c++) reach[f + c] = reach[h] * (p === CHANCE ? chanceProb[f + c] : p === seat ? 1 : probs[infoset[h]][c]);
  }
  const choice = new Int32Array(tree.infosets.length).fill(-1);
  const value = new Float64Array(tree.numNodes);
  const known = new Uint8Array(tree.numNodes);
  const valueOf = (h: number): number => {
    if (known[h]) return value[h];
    const p = player[h];
    let x = 0;
    if (p === TERMINAL) x = returns[h * n + seat];
    else if (p === seat) x = valueOf(firstChild[h] + actionAt(infoset[h]));
    else {
      const f = firstChild[h];
      for (let c = 0; c < childCount[h]; c++) {
        const w = p === CHANCE ? chanceProb[f + c] : probs[infoset[h]][c];
        if (w !== 0) x += w * valueOf(f + c);
      }
    }
    value[h] = x;
    known[h] = 1;
    return x;
  };
  const actionAt = (I: number): number => {
    if (choice[I] >= 0) return choice[I];
    const k = tree.infosets[I].actions.length;
    let best = 0;
    let bestValue = -Infinity;
    for (let a = 0; a < k; a++) {
      let q = 0;
      for (const h of tree.infosetNodes[I]) if (reach[h] > 0) q += reach[h] * valueOf(firstChild[h] + a);
      if (q > bestValue + 1e-12) {
        bestValue = q;
        best = a;
      }
    }
    choice[I] = best;
    return best;
  };
  return valueOf(0);
}
