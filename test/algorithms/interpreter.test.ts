/**
 * The solvers on the interpreter's Kuhn poker and Leduc hold'em (the hand-written IR of the two
 * examples), with the figures of OpenSpiel's tests, and cross-checks against the hand-written
 * Leduc CFR+ and the interpreter's own exact expected returns.
 */
import { describe, expect, it } from 'vitest';
import { compileGame, type GameState } from '../../src/interpreter/index.js';
import { expectedReturns } from '../../src/algorithms/index.js';
import { buildTree } from '../../src/algorithms/tree.js';
import { firstActionPolicy, uniformPolicy } from '../../src/algorithms/policy.js';
import { exploitability, policyValue } from '../../src/algorithms/best-response.js';
import { CfrPlusSolver } from '../../src/algorithms/cfr-plus.js';
import { solve } from '../../src/algorithms/solve.js';
import { LeducCfrPlus } from '../../bench/direct/leduc-cfr.js';
import { KUHN_IR, LEDUC_IR } from '../fixtures/ir.js';

const kuhnGame = compileGame(KUHN_IR);
const leducGame = compileGame(LEDUC_IR);
const kuhn = buildTree(kuhnGame);
const leduc = buildTree(leducGame);

describe('solving the interpreted games', () => {
  it('builds the trees of OpenSpiel kuhn_poker and leduc_poker', () => {
    expect([kuhn.numNodes, kuhn.numInfosets]).toEqual([58, 12]);
    expect([leduc.numNodes, leduc.numInfosets]).toEqual([9457, 936]);
    expect(leduc.infosetsPerSeat).toEqual([468, 468]);
  });

  it('uses the betting action ids fold = 0, check/call = 1, bet/raise = 2', () => {
    for (let k = 0; k < leduc.numSlots; k++) {
      const expected = { fold: 0, call: 1, check: 1, raise: 2, bet: 2 }[leduc.slotLabel[k]];
      expect(leduc.slotAction[k]).toBe(expected);
    }
  });

  it('uniform NashConv is 11/12 (Kuhn) and 4.747222 (Leduc); first legal action gives 2', () => {
    expect(Math.abs(exploitability(kuhn, uniformPolicy(kuhn)).nashConv - 11 / 12)).toBeLessThan(1e-9);
    expect(Math.abs(exploitability(leduc, uniformPolicy(leduc)).nashConv - 4.747222)).toBeLessThan(1e-6);
    expect(exploitability(kuhn, firstActionPolicy(kuhn)).nashConv).toBeCloseTo(2, 9);
    expect(exploitability(leduc, firstActionPolicy(leduc)).nashConv).toBeCloseTo(2, 9);
  });

  it('Kuhn: value −1/18 (±1e-3), exploitability ≤ 1e-3 within 1,000 iterations', () => {
    const r = solve(kuhnGame, { iterations: 1000 });
    expect(r.iterations).toBe(1000);
    expect(Math.abs(r.value[0] - -1 / 18)).toBeLessThan(1e-3);
    expect(r.value[1]).toBeCloseTo(-r.value[0], 15);
    expect(r.exploitability).toBeLessThanOrEqual(1e-3);
  });

  it('Leduc: value −0.085606 (±1e-3), exploitability ≤ 1e-3', () => {
    const r = solve(leducGame, { iterations: 1000 });
    expect(Math.abs(r.value[0] - -0.085606)).toBeLessThan(1e-3);
    expect(r.exploitability).toBeLessThanOrEqual(1e-3);
    expect(r.nashConv).toBeCloseTo(2 * r.exploitability, 15);
  });

  it('stops at the exploitability target, checked every k iterations', () => {
    const r = solve(leducGame, { iterations: 5000, targetExploitability: 0.01, checkEvery: 25 });
    expect(r.exploitability).toBeLessThanOrEqual(0.01);
    expect(r.iterations % 25).toBe(0);
    expect(r.iterations).toBeLessThan(5000);
    // One check earlier the target was not met.
    const before = new CfrPlusSolver(leduc);
    before.run(r.iterations - 25);
    expect(exploitability(leduc, before.averagePolicy()).exploitability).toBeGreaterThan(0.01);
  });

  it('matches the hand-written Leduc CFR+ on the game value after the same iterations (1e-9)', () => {
    const generic = new CfrPlusSolver(leduc);
    const direct = new LeducCfrPlus();
    generic.run(200);
    direct.run(200);
    expect(Math.abs(policyValue(leduc, generic.averagePolicy()) - direct.averageValue())).toBeLessThan(1e-9);
  });

  it("agrees with the interpreter's exact expected returns for the CFR+ average strategy", () => {
    const s = new CfrPlusSolver(leduc);
    s.run(50);
    const avg = s.averagePolicy();
    const index = new Map(leduc.infosetKey.map((k, i) => [`${leduc.infosetSeat[i]}:${k}`, i]));
    const asFunction = (state: GameState, seat: number) => {
      const i = index.get(`${seat}:${state.informationStateKey(seat)}`)!;
      return avg.subarray(leduc.slotStart[i], leduc.slotStart[i + 1]);
    };
    const exact = expectedReturns(leducGame, asFunction);
    const v = policyValue(leduc, avg);
    expect(exact[0]).toBeCloseTo(v, 12);
    expect(exact[1]).toBeCloseTo(-v, 12);
  });
});
