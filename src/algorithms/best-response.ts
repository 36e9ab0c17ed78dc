/**
 * Exact expected returns, best responses, NashConv and exploitability of a policy profile over a
 * game tree (`tree.ts`; the quantities of OpenSpiel's `exploitability.py` and `best_response.py`).
 *
 * The best response of seat b to the other seat's policy chooses, at each of b's information
 * states I, the action maximising Σ_{h ∈ I} π_{−b}(h) · v_b(h·a), where π_{−b}(h) is the
 * probability that chance and the opponent play to h and v_b is b's value when b keeps best
 * responding below (OpenSpiel `BestResponsePolicy.best_response_action`). Values of nodes and
 * choices of information states are memoised, so the cost is linear in the tree size.
 */
import { NODE_CHANCE, NODE_TERMINAL, type GameTree } from './tree.js';
import type { TabularPolicy } from './policy.js';

/**
 * Expected returns of seat 0 (chips/game) when both seats play `policy`; seat 1's are the negation.
 */
export function policyValue(tree: GameTree, policy: TabularPolicy): number {
  const { kind, firstChild, childCount, chanceProb, returns0, slotStart, infoset } = tree;
  const walk = (node: number): number => {
    const k = kind[node];
    if (k === NODE_TERMINAL) return returns0[node];
    const first = firstChild[node];
    const end = first + childCount[node];
    let v = 0;
    if (k === NODE_CHANCE) {
      for (let c = first; c < end; c++) v += chanceProb[c] * walk(c);
    } else {
      const slot0 = slotStart[infoset[node]] - first;
      for (let c = first; c < end; c++) {
        const p = policy[slot0 + c];
        if (p !== 0) v += p * walk(c);
      }
    }
    return v;
  };
  return walk(0);
}

/** Best response of one seat: its value and its choice (an action index) per information state. */
export interface BestResponse {
  /** Expected returns of the best-responding seat (chips/game). */
  value: number;
  /** Per information state of that seat, the chosen action's index among its legal actions; -1 for the other seat's. */
  choice: Int32Array;
}

/**
 * Probability that chance and the other seat, playing `policy`, reach each node of `tree` when
 * `seat` plays every action leading there (its own actions count as 1): one number per node,
 * indexed by node id (children ids exceed their parents', so one forward pass suffices).
 */
export function opponentReach(tree: GameTree, policy: TabularPolicy, seat: number): Float64Array {
  const { numNodes, kind, player, firstChild, childCount, chanceProb, slotStart, infoset } = tree;
  const reach = new Float64Array(numNodes);
  reach[0] = 1;
  for (let n = 0; n < numNodes; n++) {
    const k = kind[n];
    if (k === NODE_TERMINAL) continue;
    const first = firstChild[n];
    const end = first + childCount[n];
    if (k === NODE_CHANCE) for (let c = first; c < end; c++) reach[c] = reach[n] * chanceProb[c];
    else if (player[n] === seat) for (let c = first; c < end; c++) reach[c] = reach[n];
    else {
      const slot0 = slotStart[infoset[n]] - first;
      for (let c = first; c < end; c++) reach[c] = reach[n] * policy[slot0 + c];
    }
  }
  return reach;
}

/**
 * Exact best response of `seat` to the other seat's part of `policy` (`seat`'s own part is ignored).
 * Ties go to the lowest action id.
 */
export function bestResponse(tree: GameTree, policy: TabularPolicy, seat: number): BestResponse {
  const { numNodes, kind, player, firstChild, childCount, chanceProb, returns0, slotStart, infoset } = tree;
  const sign = seat === 0 ? 1 : -1;
  const reach = opponentReach(tree, policy, seat);
  const value = new Float64Array(numNodes);
  const known = new Uint8Array(numNodes);
  const choice = new Int32Array(tree.numInfosets).fill(-1);
  const choose = (i: number): number => {
    if (choice[i] >= 0) return choice[i];
    const n = slotStart[i + 1] - slotStart[i];
    let best = 0;
    let bestQ = -Infinity;
    for (let a = 0; a < n; a++) {
      let q = 0;
      for (let j = tree.infosetNodeStart[i]; j < tree.infosetNodeStart[i + 1]; j++) {
        const h = tree.infosetNodes[j];
        if (reach[h] !== 0) q += reach[h] * nodeValue(firstChild[h] + a);
      }
      if (q > bestQ) {
        bestQ = q;
        best = a;
      }
    }
    choice[i] = best;
    return best;
  };
  const nodeValue = (node: number): number => {
    if (known[node]) return value[node];
    const k = kind[node];
    let v = 0;
    if (k === NODE_TERMINAL) v = sign * returns0[node];
    else {
      const first = firstChild[node];
      const end = first + childCount[node];
      if (k === NODE_CHANCE) for (let c = first; c < end; c++) v += chanceProb[c] * nodeValue(c);
      else if (player[node] === seat) v = nodeValue(first + choose(infoset[node]));
      else {
        const slot0 = slotStart[infoset[node]] - first;
        for (let c = first; c < end; c++) {
          const p = policy[slot0 + c];
          if (p !== 0) v += p * nodeValue(c);
        }
      }
    }
    value[node] = v;
    known[node] = 1;
    return v;
  };
  const v = nodeValue(0);
  // Information states the walk never needed (unreachable under the policy) still get a choice.
  for (let i = 0; i < tree.numInfosets; i++) if (tree.infosetSeat[i] === seat) choose(i);
  return { value: v, choice };
}

/** NashConv, exploitability and their parts for a policy profile. */
export interface Exploitability {
  /** Σ over seats of (best-response value − policy value), chips/game. */
  nashConv: number;
  /** NashConv / 2 (two seats), chips/game. */
  exploitability: number;
  /** Expected returns of each seat under the profile, chips/game. */
  policyValues: [number, number];
  /** Each seat's best-response value against the other seat's policy, chips/game. */
  bestResponseValues: [number, number];
}

/**
 * NashConv and exploitability of a profile (OpenSpiel `exploitability.nash_conv`; exploitability =
 * NashConv / number of seats, as in OpenSpiel `exploitability.exploitability`).
 */
export function exploitability(tree: GameTree, policy: TabularPolicy): Exploitability {
  const v0 = policyValue(tree, policy);
  const br0 = bestResponse(tree, policy, 0).value;
  const br1 = bestResponse(tree, policy, 1).value;
  const nashConv = br0 - v0 + (br1 + v0);
  return { nashConv, exploitability: nashConv / 2, policyValues: [v0, -v0], bestResponseValues: [br0, br1] };
}
