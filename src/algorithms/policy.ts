/**
 * Policy profiles over a game tree: for each information state of both seats, a probability
 * vector over its legal actions. Stored flat, one probability per slot of the tree (see
 * `GameTree.slotStart`), so a profile is a single `Float64Array` of length `tree.numSlots`.
 */
import type { GameTree } from './tree.js';

/** A policy profile: `probs[slot]` is the probability of the slot's action at its information state. */
export type TabularPolicy = Float64Array;

/** Every legal action equally likely at every information state (OpenSpiel `UniformRandomPolicy`). */
export function uniformPolicy(tree: GameTree): TabularPolicy {
  const p = new Float64Array(tree.numSlots);
  for (let i = 0; i < tree.numInfosets; i++) {
    const s = tree.slotStart[i];
    const e = tree.slotStart[i + 1];
    for (let k = s; k < e; k++) p[k] = 1 / (e - s);
  }
  return p;
}

/**
 * Always the lowest-numbered legal action (OpenSpiel `FirstActionPolicy`); with the betting ids
 * fold=0, check/call=1, bet/raise=2 that is: check when not facing a bet, fold when facing one.
 */
export function firstActionPolicy(tree: GameTree): TabularPolicy {
  const p = new Float64Array(tree.numSlots);
  for (let i = 0; i < tree.numInfosets; i++) p[tree.slotStart[i]] = 1;
  return p;
}

/**
 * A policy from a function of (information-state key, seat, legal actions) to probabilities.
 * @throws Error when a returned vector has the wrong length, a negative entry, or does not sum to 1 (±1e-9).
 */
export function policyFromFunction(tree: GameTree, fn: (key: string, seat: number, actions: readonly number[]) => readonly number[]): TabularPolicy {
  const p = new Float64Array(tree.numSlots);
  for (let i = 0; i < tree.numInfosets; i++) {
    const s = tree.slotStart[i];
    const e = tree.slotStart[i + 1];
    const actions = Array.from(tree.slotAction.subarray(s, e));
    const probs = fn(tree.infosetKey[i], tree.infosetSeat[i], actions);
    checkDistribution(probs, e - s, tree.infosetKey[i]);
    for (let k = s; k < e; k++) p[k] = probs[k - s];
  }
  return p;
}

/** @throws Error when `probs` is not a probability vector of length `n`. */
export function checkDistribution(probs: readonly number[], n: number, where: string): void {
  if (probs.length !== n) throw new Error(`policy at '${where}': ${probs.length} probabilities for ${n} legal actions`);
  let sum = 0;
  for (const q of probs) {
    if (!(q >= 0) || !Number.isFinite(q)) throw new Error(`policy at '${where}': invalid probability ${q}`);
    sum += q;
  }
  if (Math.abs(sum - 1) > 1e-9) throw new Error(`policy at '${where}': probabilities sum to ${sum}, not 1`);
}
