// The tree decision reference: action values at Kuhn's information states under a CFR+ profile,
// against hand-computed values, the indifference of an equilibrium's mixed actions, the identity
// value = Σ reach × Σ π(a) Q(a), and missing values at information states the profile never reaches.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compileSource } from '../../src/compiler/index.js';
import { compileGame } from '../../src/interpreter/game.js';
import { firstActionPolicy, policyValue, solve } from '../../src/algorithms/index.js';
import { TreeDecisionReference } from '../../src/algorithms/tree-decision-reference.js';
import { evLoss, scoreDecision } from '../../src/algorithms/ev-loss.js';

const game = compileGame(compileSource(readFileSync('examples/kuhn.gbg', 'utf8')).ir!);
const solved = solve(game, { iterations: 2000 });
const { tree, policy } = solved;
const ref = new TreeDecisionReference(tree, policy, 'kuhn-cfr+2000');
const infosets = Array.from({ length: tree.numInfosets }, (_, i) => i);
const values = (i: number) => ref.actionValues({ seat: tree.infosetSeat[i], infoStateKey: tree.infosetKey[i] })!;

describe('tree decision reference (Kuhn, CFR+ profile)', () => {
  it('facing a bet: the king calls for +2 and folds for −1, the jack calls for −2 (hand-computed: ante 1, bet 1)', () => {
    const facing = infosets.filter((i) => values(i).has('fold'));
    const byCall = facing.map((i) => values(i).get('call')!).sort((a, b) => a - b);
    expect(byCall[0]).toBeCloseTo(-2, 12);
    expect(byCall[byCall.length - 1]).toBeCloseTo(2, 12);
    for (const i of facing) expect(values(i).get('fold')).toBeCloseTo(-1, 12);
  });

  it('actions an equilibrium mixes have (nearly) equal values: EV loss below the exploitability scale', () => {
    for (const i of infosets) {
      const v = values(i);
      const labels = [...v.keys()];
      labels.forEach((a, k) => {
        if (policy[tree.slotStart[i] + k] > 0.05) expect(evLoss(v, a)!).toBeLessThan(2e-3);
      });
    }
  });

  it("seat 0's value is the chance-weighted mean of its first decisions' values under the profile", () => {
    const first = infosets.filter((i) => tree.infosetSeat[i] === 0 && tree.infosetParentSlot[i] === -1);
    expect(first).toHaveLength(3);
    let v = 0;
    for (const i of first) [...values(i).values()].forEach((q, k) => (v += (1 / 3) * policy[tree.slotStart[i] + k] * q));
    expect(v).toBeCloseTo(policyValue(tree, policy), 12);
  });

  it('information states the profile never reaches stay missing, and so do unknown keys', () => {
    const checks = new TreeDecisionReference(tree, firstActionPolicy(tree));
    const facing = infosets.filter((i) => values(i).has('fold'));
    for (const i of facing) expect(checks.actionValues({ seat: tree.infosetSeat[i], infoStateKey: tree.infosetKey[i] })).toBeUndefined();
    expect(scoreDecision(ref, { seat: 0, infoStateKey: 'no such state' }, 'call')).toEqual({ loss: undefined, agrees: undefined });
    expect(() => new TreeDecisionReference(tree, new Float64Array(3))).toThrow(/slots/);
  });
});
