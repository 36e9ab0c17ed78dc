/**
 * Monte Carlo CFR and the sampled best response on Kuhn poker, whose exact tree gives the truth:
 * game value −1/18, exploitability of uniform play 11/24 (NashConv 11/12).
 */
import { describe, expect, it } from 'vitest';
import { compileGame } from '../../src/interpreter/index.js';
import { MccfrSolver, regretMatching, sample } from '../../src/algorithms/mccfr.js';
import { runMccfr, selfPlayValue } from '../../src/algorithms/mccfr-run.js';
import { sampledExploitability } from '../../src/algorithms/sampled-br.js';
import { buildTree } from '../../src/algorithms/tree.js';
import { exploitability } from '../../src/algorithms/best-response.js';
import { policyFromFunction, uniformPolicy } from '../../src/algorithms/policy.js';
import { rngFromKeys } from '../../src/util/rng.js';
import { KUHN_IR } from '../fixtures/ir.js';
import { directKuhn } from './direct-poker.js';

const kuhn = compileGame(KUHN_IR);

describe('MCCFR on Kuhn poker', () => {
  it('external sampling: value within 0.01 of −1/18 and exact exploitability below 0.02 after 20,000 iterations', () => {
    const run = runMccfr(kuhn, { iterations: 20_000, reportEvery: 5_000 });
    expect(run.method).toBe('exact');
    expect(run.reports.map((r) => r.iterations)).toEqual([5_000, 10_000, 15_000, 20_000]);
    const last = run.reports[3];
    expect(Math.abs(last.value - -1 / 18)).toBeLessThan(0.01);
    expect(last.exploitability).toBeLessThan(0.02);
    expect(last.exploitability).toBeGreaterThanOrEqual(0);
    expect(last.infoStates).toBe(12);
    expect(run.reports[0].exploitability).toBeGreaterThan(0);
  });

  it('outcome sampling: value within 0.02 of −1/18 and exploitability below 0.05 after 50,000 iterations', () => {
    const run = runMccfr(kuhn, { sampling: 'outcome', iterations: 50_000, reportEvery: 50_000 });
    const last = run.reports[0];
    expect(Math.abs(last.value - -1 / 18)).toBeLessThan(0.02);
    expect(last.exploitability).toBeLessThan(0.05);
  });

  it('is a pure function of the seed (interpreter and hand-written states alike)', () => {
    const tables = (s: MccfrSolver) => [0, 1].map((seat) => [...s.tables[seat]].map(([k, e]) => [k, Array.from(e.regrets), Array.from(e.average)]));
    for (const sampling of ['external', 'outcome'] as const) {
      const a = new MccfrSolver(kuhn, { sampling, seed: 5 });
      const b = new MccfrSolver(kuhn, { sampling, seed: 5 });
      const c = new MccfrSolver(kuhn, { sampling, seed: 6 });
      a.run(300);
      b.run(300);
      c.run(300);
      expect(tables(a)).toEqual(tables(b));
      expect(tables(a)).not.toEqual(tables(c));
    }
    // The copying path (a GameState that is not the interpreter's) converges as well.
    const d = runMccfr(directKuhn(), { iterations: 10_000, reportEvery: 10_000, seed: 2 });
    expect(Math.abs(d.reports[0].value - -1 / 18)).toBeLessThan(0.02);
  });

  it('its average strategy evaluated exactly agrees with the reported figures', () => {
    const run = runMccfr(kuhn, { iterations: 2_000, reportEvery: 2_000 });
    const tree = buildTree(kuhn);
    const policy = policyFromFunction(tree, (key, seat) => Array.from(run.solver.averageAt(seat, key)!));
    const e = exploitability(tree, policy);
    expect(run.reports[0].exploitability).toBeCloseTo(e.exploitability, 12);
    expect(run.reports[0].value).toBeCloseTo(e.policyValues[0], 12);
  });
});

describe('sampled best response', () => {
  it('estimates the exploitability of uniform play in Kuhn, 11/24, within 4 standard errors', () => {
    const uniform = (_s: unknown, _seat: number, legal: readonly number[]) => legal.map(() => 1 / legal.length);
    const tree = buildTree(kuhn);
    const exact = exploitability(tree, uniformPolicy(tree)).exploitability;
    expect(exact).toBeCloseTo(11 / 24, 12);
    const e = sampledExploitability(kuhn, uniform, 40_000, rngFromKeys(3));
    expect(e.standardError).toBeGreaterThan(0);
    expect(Math.abs(e.exploitability - exact)).toBeLessThan(4 * e.standardError);
  });

  it('finds (almost) no gain against an MCCFR equilibrium, as the exact best response does', () => {
    const run = runMccfr(kuhn, { iterations: 20_000, reportEvery: 20_000, exactMaxNodes: 0, brSamples: 20_000, seed: 1 });
    expect(run.method).toBe('sampled-best-response');
    const r = run.reports[0];
    expect(r.exploitability).toBeLessThan(0.02 + 4 * r.exploitabilityError);
    expect(Math.abs(r.value - -1 / 18)).toBeLessThan(4 * r.valueError + 0.01);
  });

  it('self-play value of uniform Kuhn matches the exact value within 4 standard errors', () => {
    const uniform = (_s: unknown, _seat: number, legal: readonly number[]) => legal.map(() => 1 / legal.length);
    const tree = buildTree(kuhn);
    const exact = exploitability(tree, uniformPolicy(tree)).policyValues[0];
    const v = selfPlayValue(kuhn, uniform, 20_000, rngFromKeys(9));
    expect(Math.abs(v.mean - exact)).toBeLessThan(4 * v.standardError);
  });
});

describe('regret matching and sampling', () => {
  it('normalises positive regrets and is uniform without any', () => {
    expect(Array.from(regretMatching(new Float64Array([1, -2, 3])))).toEqual([0.25, 0, 0.75]);
    expect(Array.from(regretMatching(new Float64Array([-1, 0])))).toEqual([0.5, 0.5]);
    expect(sample([0.25, 0, 0.75], 0.1)).toBe(0);
    expect(sample([0.25, 0, 0.75], 0.25)).toBe(2);
    expect(sample([0.5, 0.5, 0], 0.9999999999)).toBe(1);
  });
});
