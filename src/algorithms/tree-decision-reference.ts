/**
 * A decision reference over a game tree (`tree.ts`) and a reference policy profile (e.g. the CFR+
 * average strategy of `gbgc solve`): the value of each legal action at an information state, for
 * the EV-loss interface of `ev-loss.ts`. For seat b at information state I and action a:
 *
 *   Q(I, a) = Σ_{h ∈ I} π_{−b}(h) · v_b(h·a) / Σ_{h ∈ I} π_{−b}(h)
 *
 * where π_{−b}(h) is the probability that chance and the other seat play to h under the profile
 * (b's own earlier choices are the observation's, so they are not weighted), and v_b is b's
 * expected return when both seats follow the profile after a. Information states the other seat
 * and chance never reach under the profile have no such weights and stay missing.
 */
import { NODE_CHANCE, NODE_TERMINAL, type GameTree } from './tree.js';
import type { TabularPolicy } from './policy.js';
import type { ActionValues, DecisionReference } from './ev-loss.js';
import { opponentReach } from './best-response.js';

/** A decision in a two-seat tree game: the seat and its information-state key. */
export interface TreeDecision {
  seat: number;
  infoStateKey: string;
}

/**
 * Action values of every information state of `tree` under `policy`, keyed by the slot labels
 * (`fold`, `call`, ...), in the unit of the game's returns (chips per game for the seat acting).
 */
export class TreeDecisionReference implements DecisionReference<TreeDecision> {
  readonly name: string;
  private readonly byKey: Map<string, ActionValues | undefined>[] = [new Map(), new Map()];

  /** @param name what the reference is, for reports (e.g. `kuhn-cfr+1000`). */
  constructor(tree: GameTree, policy: TabularPolicy, name = 'tree-decision-reference') {
    if (policy.length !== tree.numSlots) throw new RangeError(`the policy has ${policy.length} slots, the tree ${tree.numSlots}`);
    this.name = name;
    const { numNodes, kind, firstChild, childCount, chanceProb, returns0, slotStart, infoset } = tree;
    // Node values for seat 0 under the profile (children ids exceed their parents').
    const v0 = new Float64Array(numNodes);
    for (let n = numNodes - 1; n >= 0; n--) {
      const k = kind[n];
      if (k === NODE_TERMINAL) {
        v0[n] = returns0[n];
        continue;
      }
      const first = firstChild[n];
      const end = first + childCount[n];
      let v = 0;
      if (k === NODE_CHANCE) for (let c = first; c < end; c++) v += chanceProb[c] * v0[c];
      else {
        const slot0 = slotStart[infoset[n]] - first;
        for (let c = first; c < end; c++) v += policy[slot0 + c] * v0[c];
      }
      v0[n] = v;
    }
    for (const seat of [0, 1]) {
      const reach = opponentReach(tree, policy, seat);
      const sign = seat === 0 ? 1 : -1;
      for (let i = 0; i < tree.numInfosets; i++) {
        if (tree.infosetSeat[i] !== seat) continue;
        const actions = slotStart[i + 1] - slotStart[i];
        const q = new Float64Array(actions);
        let mass = 0;
        for (let j = tree.infosetNodeStart[i]; j < tree.infosetNodeStart[i + 1]; j++) {
          const h = tree.infosetNodes[j];
          if (reach[h] === 0) continue;
          mass += reach[h];
          for (let a = 0; a < actions; a++) q[a] += reach[h] * sign * v0[firstChild[h] + a];
        }
        const values = mass > 0 ? new Map(Array.from(q, (x, a) => [tree.slotLabel[slotStart[i] + a], x / mass] as [string, number])) : undefined;
        this.byKey[seat].set(tree.infosetKey[i], values);
      }
    }
  }

  /** The legal actions' values at the decision, or undefined for an unknown or unreached information state. */
  actionValues(decision: TreeDecision): ActionValues | undefined {
    return this.byKey[decision.seat]?.get(decision.infoStateKey);
  }
}
