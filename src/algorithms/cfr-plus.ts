/**
 * CFR+ over a game tree (`tree.ts`) (Tammelin, "Solving Large Imperfect Information Games Using CFR+",
 * 2014; the same variant as OpenSpiel's `cfr.py` `CFRPlusSolver`):
 *
 * - alternating updates: each iteration traverses the tree once for seat 0, then once for seat 1,
 *   and a seat's current strategy changes right after its own traversal;
 * - regret matching+: counterfactual regrets are summed over every history of an information state
 *   during the traversal, and only then floored at zero;
 * - linear averaging: the average strategy accumulates `t · π_p(I) · σ_t(I, a)` at iteration t,
 *   where π_p(I) is the seat's own probability of reaching I (delay 0).
 *
 * Subtrees that chance and the opponent reach with probability 0 are skipped: they change neither
 * the regrets (weighted by that reach) nor the average strategy (accumulated per information state
 * from the seat's own reach, see {@link CfrPlusSolver.accumulateAverage}). The traversal allocates
 * nothing per node.
 */
import { NODE_CHANCE, NODE_TERMINAL, type GameTree } from './tree.js';
import type { TabularPolicy } from './policy.js';

/** The CFR+ state: cumulative regrets, current strategy and average-strategy numerators, per slot. */
export class CfrPlusSolver {
  /** Iterations done so far (t of the last iteration). */
  iteration = 0;
  /** Cumulative regrets, floored at 0 after each of the seat's traversals. */
  readonly regrets: Float64Array;
  /** Current strategy σ_t (regret matching on `regrets`; uniform when no regret is positive). */
  readonly current: Float64Array;
  /** Average-strategy numerators Σ_t t · π_p(I) · σ_t(I, a). */
  readonly cumulative: Float64Array;
  /** Child values of the traversal, indexed by child node id (scratch). */
  private readonly childValue: Float64Array;
  /** Own reach per information state (scratch for {@link accumulateAverage}). */
  private readonly ownReach: Float64Array;
  /** The information state of each one's parent slot, or -1. */
  private readonly parentInfoset: Int32Array;

  constructor(readonly tree: GameTree) {
    this.regrets = new Float64Array(tree.numSlots);
    this.current = new Float64Array(tree.numSlots);
    this.cumulative = new Float64Array(tree.numSlots);
    this.childValue = new Float64Array(tree.numNodes);
    this.ownReach = new Float64Array(tree.numInfosets);
    const slotOwner = new Int32Array(tree.numSlots);
    for (let i = 0; i < tree.numInfosets; i++) {
      for (let k = tree.slotStart[i]; k < tree.slotStart[i + 1]; k++) slotOwner[k] = i;
    }
    this.parentInfoset = new Int32Array(tree.numInfosets);
    for (let i = 0; i < tree.numInfosets; i++) {
      const parent = tree.infosetParentSlot[i];
      this.parentInfoset[i] = parent >= 0 ? slotOwner[parent] : -1;
    }
    for (let seat = 0; seat < 2; seat++) this.updateCurrent(seat);
  }

  /** Run `n` CFR+ iterations (default 1). */
  run(n = 1): void {
    for (let k = 0; k < n; k++) {
      this.iteration++;
      for (let seat = 0; seat < 2; seat++) {
        this.accumulateAverage(seat);
        this.traverse(0, seat, 1);
        this.updateCurrent(seat);
      }
    }
  }

  /**
   * The average strategy: cumulative numerators normalised per information state (uniform where
   * they are all zero, e.g. before the first iteration).
   */
  averagePolicy(): TabularPolicy {
    const { slotStart, numInfosets } = this.tree;
    const p = new Float64Array(this.tree.numSlots);
    for (let i = 0; i < numInfosets; i++) {
      const s = slotStart[i];
      const e = slotStart[i + 1];
      let sum = 0;
      for (let k = s; k < e; k++) sum += this.cumulative[k];
      for (let k = s; k < e; k++) p[k] = sum > 0 ? this.cumulative[k] / sum : 1 / (e - s);
    }
    return p;
  }

  /**
   * Add `t · π_p(I) · σ_t(I, a)` to the average-strategy numerators of every information state of
   * `seat`. π_p(I) is computed from the parent slot chain (a seat's parent information state has a
   * smaller id), so it covers information states the traversal prunes.
   */
  private accumulateAverage(seat: number): void {
    const { slotStart, infosetParentSlot, infosetSeat, numInfosets } = this.tree;
    const sigma = this.current;
    const cum = this.cumulative;
    const reach = this.ownReach;
    const t = this.iteration;
    for (let i = 0; i < numInfosets; i++) {
      if (infosetSeat[i] !== seat) continue;
      const parent = infosetParentSlot[i];
      let r = 1;
      if (parent >= 0) r = reach[this.parentInfoset[i]] * sigma[parent];
      reach[i] = r;
      const w = t * r;
      for (let k = slotStart[i]; k < slotStart[i + 1]; k++) cum[k] += w * sigma[k];
    }
  }

  /** Floor `seat`'s regrets at 0 and recompute its current strategy by regret matching. */
  private updateCurrent(seat: number): void {
    const { slotStart, infosetSeat, numInfosets } = this.tree;
    const r = this.regrets;
    const sigma = this.current;
    for (let i = 0; i < numInfosets; i++) {
      if (infosetSeat[i] !== seat) continue;
      const s = slotStart[i];
      const e = slotStart[i + 1];
      let sum = 0;
      for (let k = s; k < e; k++) {
        if (r[k] < 0) r[k] = 0;
        sum += r[k];
      }
      if (sum > 0) for (let k = s; k < e; k++) sigma[k] = r[k] / sum;
      else for (let k = s; k < e; k++) sigma[k] = 1 / (e - s);
    }
  }

  /**
   * Counterfactual-value traversal for `seat`. `reachOther` is the probability that chance and
   * the opponent play to `node`. Returns the node's expected value for `seat` under σ_t.
   */
  private traverse(node: number, seat: number, reachOther: number): number {
    const tree = this.tree;
    const kind = tree.kind[node];
    if (kind === NODE_TERMINAL) return seat === 0 ? tree.returns0[node] : -tree.returns0[node];
    const first = tree.firstChild[node];
    const end = first + tree.childCount[node];
    if (kind === NODE_CHANCE) {
      let v = 0;
      for (let c = first; c < end; c++) {
        const p = tree.chanceProb[c];
        v += p * this.traverse(c, seat, reachOther * p);
      }
      return v;
    }
    const sigma = this.current;
    const slot0 = tree.slotStart[tree.infoset[node]] - first;
    if (tree.player[node] !== seat) {
      let v = 0;
      for (let c = first; c < end; c++) {
        const p = sigma[slot0 + c];
        if (p === 0) continue;
        v += p * this.traverse(c, seat, reachOther * p);
      }
      return v;
    }
    const cv = this.childValue;
    let v = 0;
    for (let c = first; c < end; c++) {
      const u = this.traverse(c, seat, reachOther);
      cv[c] = u;
      v += sigma[slot0 + c] * u;
    }
    const r = this.regrets;
    for (let c = first; c < end; c++) r[slot0 + c] += reachOther * (cv[c] - v);
    return v;
  }
}
