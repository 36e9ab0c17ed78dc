/**
 * The solvers on Kuhn poker and Leduc hold'em written directly against the GameState API; the
 * figures are those asserted by OpenSpiel's `exploitability_test.py`, `cfr_test.py` and
 * `sequence_form_lp_test.py`.
 */
import { describe, expect, it } from 'vitest';
import { buildTree, NODE_CHANCE, NODE_DECISION, NODE_TERMINAL, TreeBudgetError } from '../../src/algorithms/tree.js';
import { firstActionPolicy, policyFromFunction, uniformPolicy } from '../../src/algorithms/policy.js';
import { bestResponse, exploitability, policyValue } from '../../src/algorithms/best-response.js';
import { CfrPlusSolver } from '../../src/algorithms/cfr-plus.js';
import { LeducCfrPlus } from '../../bench/direct/leduc-cfr.js';
import { directKuhn, directLeduc } from './direct-poker.js';

const kuhn = buildTree(directKuhn());
const leduc = buildTree(directLeduc());

describe('compact tree', () => {
  it('has the sizes of OpenSpiel kuhn_poker and leduc_poker', () => {
    expect(kuhn.numNodes).toBe(58);
    expect(kuhn.infosetsPerSeat).toEqual([6, 6]);
    expect(leduc.numNodes).toBe(9457);
    expect(leduc.infosetsPerSeat).toEqual([468, 468]);
    expect(leduc.numInfosets).toBe(936);
    expect(LeducCfrPlus.infoStates).toBe(936);
  });

  it('keeps children consecutive, after their parent, with chance probabilities summing to 1', () => {
    for (const tree of [kuhn, leduc]) {
      let terminals = 0;
      for (let n = 0; n < tree.numNodes; n++) {
        if (tree.kind[n] === NODE_TERMINAL) {
          terminals++;
          continue;
        }
        expect(tree.firstChild[n]).toBeGreaterThan(n);
        if (tree.kind[n] === NODE_CHANCE) {
          let sum = 0;
          for (let c = tree.firstChild[n]; c < tree.firstChild[n] + tree.childCount[n]; c++) sum += tree.chanceProb[c];
          expect(sum).toBeCloseTo(1, 12);
        } else {
          expect(tree.kind[n]).toBe(NODE_DECISION);
          const i = tree.infoset[n];
          expect(tree.infosetSeat[i]).toBe(tree.player[n]);
          expect(tree.slotStart[i + 1] - tree.slotStart[i]).toBe(tree.childCount[n]);
        }
      }
      // Kuhn: 30 terminals (6 deals × 5 endings).
      if (tree === kuhn) expect(terminals).toBe(30);
    }
  });

  it('numbers information states densely per seat with their legal actions and keys', () => {
    const [n0] = kuhn.infosetsPerSeat;
    for (let i = 0; i < kuhn.numInfosets; i++) expect(kuhn.infosetSeat[i]).toBe(i < n0 ? 0 : 1);
    // Seat 0's opening decision: check (1) or bet (2).
    const opening = kuhn.infosetKey.findIndex((k) => k.startsWith('0|') && k.endsWith('|'));
    expect(Array.from(kuhn.slotAction.subarray(kuhn.slotStart[opening], kuhn.slotStart[opening + 1]))).toEqual([1, 2]);
    expect(kuhn.slotLabel.slice(kuhn.slotStart[opening], kuhn.slotStart[opening + 1])).toEqual(['check', 'bet']);
    expect(kuhn.infosetParentSlot[opening]).toBe(-1);
  });

  it('refuses a tree larger than the node budget with a clear error', () => {
    expect(() => buildTree(directLeduc(), { maxNodes: 9456 })).toThrow(TreeBudgetError);
    // 9,457 histories: refused from the estimate at 1,000 (no flag named: each caller adds its own),
    // by the walk when the estimate is not clearly above the budget.
    expect(() => buildTree(directLeduc(), { maxNodes: 1000 })).toThrow(
      /^the game tree has an estimated [\d,]+ ± [\d,]+ histories \(Knuth's estimator over 1,000 random paths\), more than the node budget of 1,000$/,
    );
    expect(() => buildTree(directLeduc(), { maxNodes: 1000, estimateFirst: false })).toThrow(/^the game tree has more than 1,000 nodes \(the node budget\)$/);
    expect(buildTree(directLeduc(), { maxNodes: 9457 }).numNodes).toBe(9457);
  });
});

describe('best response and exploitability', () => {
  it('uniform random: NashConv 11/12 in Kuhn, 4.747222 in Leduc', () => {
    expect(exploitability(kuhn, uniformPolicy(kuhn)).nashConv).toBeCloseTo(11 / 12, 9);
    const l = exploitability(leduc, uniformPolicy(leduc));
    expect(Math.abs(l.nashConv - 4.747222)).toBeLessThan(1e-6);
    expect(l.exploitability).toBeCloseTo(l.nashConv / 2, 12);
  });

  it('always the first legal action: NashConv 2 in both games', () => {
    expect(exploitability(kuhn, firstActionPolicy(kuhn)).nashConv).toBeCloseTo(2, 9);
    expect(exploitability(leduc, firstActionPolicy(leduc)).nashConv).toBeCloseTo(2, 9);
  });

  it('gives the known Kuhn values of uniform play and of the best responses to it', () => {
    const e = exploitability(kuhn, uniformPolicy(kuhn));
    // Uniform vs uniform: seat 0 wins 1/8 chip per game; best responses earn 1/2 and 5/12.
    expect(e.policyValues[0]).toBeCloseTo(1 / 8, 12);
    expect(e.bestResponseValues[0]).toBeCloseTo(1 / 2, 12);
    expect(e.bestResponseValues[1]).toBeCloseTo(5 / 12, 12);
  });

  it('is zero at a Nash equilibrium of Kuhn (alpha = 1/3 family, Kuhn 1950)', () => {
    // Seat 0 (α = 1/3): J bets α, folds to a bet after checking; Q checks, then calls α + 1/3;
    // K bets 3α, calls. Seat 1: facing a bet, J folds, Q calls 1/3, K calls; after a check,
    // J bets 1/3, Q checks, K bets.
    const a = 1 / 3;
    const p = policyFromFunction(kuhn, (key, seat, actions) => {
      const [, card, , hist] = key.split('|');
      const c = Number(card);
      const facing = actions[0] === 0;
      // [check, bet] or [fold, call]: q is the probability of the second (bet or call).
      const bet = (q: number) => [1 - q, q];
      if (seat === 0) {
        if (hist === '') return bet([a, 0, 3 * a][c]);
        return bet([0, a + 1 / 3, 1][c]);
      }
      if (facing) return bet([0, 1 / 3, 1][c]);
      return bet([1 / 3, 0, 1][c]);
    });
    const e = exploitability(kuhn, p);
    expect(e.nashConv).toBeLessThan(1e-12);
    expect(e.policyValues[0]).toBeCloseTo(-1 / 18, 12);
  });

  it('a best response never earns less than the policy it responds to', () => {
    const avg = uniformPolicy(leduc);
    for (const seat of [0, 1]) {
      const br = bestResponse(leduc, avg, seat);
      const own = (seat === 0 ? 1 : -1) * policyValue(leduc, avg);
      expect(br.value).toBeGreaterThanOrEqual(own);
      for (let i = 0; i < leduc.numInfosets; i++) expect(br.choice[i] >= 0).toBe(leduc.infosetSeat[i] === seat);
    }
  });
});

describe('CFR+', () => {
  it('Kuhn: value −1/18 and exploitability ≤ 1e-3 within 1,000 iterations', () => {
    const s = new CfrPlusSolver(kuhn);
    s.run(1000);
    const avg = s.averagePolicy();
    expect(Math.abs(policyValue(kuhn, avg) - -1 / 18)).toBeLessThan(1e-3);
    expect(exploitability(kuhn, avg).exploitability).toBeLessThanOrEqual(1e-3);
  });

  it('Leduc: value −0.085606 and exploitability ≤ 1e-3', () => {
    const s = new CfrPlusSolver(leduc);
    s.run(1000);
    const avg = s.averagePolicy();
    expect(Math.abs(policyValue(leduc, avg) - -0.085606)).toBeLessThan(1e-3);
    expect(exploitability(leduc, avg).exploitability).toBeLessThanOrEqual(1e-3);
  });

  it('keeps regrets non-negative and the current strategy a distribution; exploitability falls', () => {
    const s = new CfrPlusSolver(leduc);
    let last = Infinity;
    for (const n of [10, 90, 400]) {
      s.run(n);
      expect(s.regrets.every((r) => r >= 0)).toBe(true);
      for (let i = 0; i < leduc.numInfosets; i++) {
        let sum = 0;
        for (let k = leduc.slotStart[i]; k < leduc.slotStart[i + 1]; k++) sum += s.current[k];
        expect(sum).toBeCloseTo(1, 12);
      }
      const e = exploitability(leduc, s.averagePolicy()).exploitability;
      expect(e).toBeLessThan(last);
      last = e;
    }
    expect(s.iteration).toBe(500);
  });

  it('agrees with the hand-written Leduc CFR+ after the same number of iterations', () => {
    const generic = new CfrPlusSolver(leduc);
    const direct = new LeducCfrPlus();
    for (const n of [1, 49, 150]) {
      generic.run(n);
      direct.run(n);
      expect(Math.abs(policyValue(leduc, generic.averagePolicy()) - direct.averageValue())).toBeLessThan(1e-9);
    }
  });
});
