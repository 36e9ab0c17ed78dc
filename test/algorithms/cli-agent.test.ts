/**
 * `gbgc solve` on the examples, saved policies and the `cfr` agent.
 */
import { mkdtempSync, readFileSync, writeFileSync, copyFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import type { CliIO } from '../../src/cli/io.js';
import { compileGame } from '../../src/interpreter/index.js';
import { buildTree } from '../../src/algorithms/tree.js';
import { exploitability } from '../../src/algorithms/best-response.js';
import { actionKeys, parseSavedPolicy, policyFromSaved, readPolicyFile } from '../../src/algorithms/policy-file.js';
import { CfrAgent, cfrAgentForGame, cfrAgentFromFile } from '../../src/eval/agents/cfr.js';
import { AGENTS, createAgent } from '../../src/eval/agents/index.js';
import { uniformPolicy } from '../../src/algorithms/policy.js';
import { policyValue } from '../../src/algorithms/best-response.js';
import { solve } from '../../src/algorithms/solve.js';
import { KUHN_IR, LEDUC_IR } from '../fixtures/ir.js';

const KUHN = 'examples/kuhn.gbg';
const LEDUC = 'examples/leduc.gbg';

async function run(args: string[], tty = false, input = '') {
  let out = '';
  let err = '';
  const io: CliIO = {
    stdout: (t) => void (out += t),
    stderr: (t) => void (err += t),
    stderrIsTTY: tty,
    stdin: new PassThrough().end(input),
  };
  const code = await main(args, io);
  return { code, out, err };
}

const tmp = mkdtempSync(join(tmpdir(), 'gbgc-solve-'));

describe('gbgc solve', () => {
  it('prints the Kuhn value per seat with the seat names, exploitability and information states', async () => {
    const r = await run(['solve', KUHN]);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/Alice −0\.0555\d\d\s+Bob \+0\.0555\d\d/);
    expect(r.out).toMatch(/information states\s+12 \(Alice 6, Bob 6\)/);
    expect(r.out).toMatch(/after 1000 iterations/);
    expect(r.out).toContain(compileGame(KUHN_IR).rulesetHash);
    expect(r.err).toBe('');
  });

  it('--json has the documented fields and the Leduc figures; --save writes a policy', async () => {
    const save = join(tmp, 'leduc.json');
    const r = await run(['solve', LEDUC, '--json', '--save', save, '--target-exploitability', '0.001']);
    expect(r.code).toBe(0);
    const j = JSON.parse(r.out);
    for (const f of ['value', 'exploitability', 'nashConv', 'infoStates', 'iterations', 'seconds', 'rulesetHash']) expect(j).toHaveProperty(f);
    expect(Math.abs(j.value[0] - -0.085606)).toBeLessThan(1e-3);
    expect(j.value[1]).toBeCloseTo(-j.value[0], 12);
    expect(j.exploitability).toBeLessThanOrEqual(1e-3);
    expect(j.infoStates).toBe(936);
    expect(j.rulesetHash).toBe(compileGame(LEDUC_IR).rulesetHash);
    const saved = readPolicyFile(save, j.rulesetHash);
    expect(saved.iterations).toBe(j.iterations);
    expect(Object.keys(saved.policy)).toHaveLength(936);
    // Loading the saved policy back gives the exploitability the command reported.
    const tree = buildTree(compileGame(LEDUC_IR));
    expect(exploitability(tree, policyFromSaved(tree, saved)).exploitability).toBeCloseTo(j.exploitability, 12);
  });

  it('draws a progress bar on stderr only when stderr is a terminal', async () => {
    const r = await run(['solve', KUHN, '--iterations', '200'], true);
    expect(r.code).toBe(0);
    expect(r.err).toContain('CFR+');
    expect(r.err).toContain('iterations');
  });

  it('bad usage exits 2, bad input exits 1, both with a one-line error', async () => {
    for (const args of [
      ['--iterations', '0'],
      ['--iterations', 'many'],
      ['--target-exploitability', 'x'],
      ['--max-nodes', '-3'],
    ]) {
      const r = await run(['solve', KUHN, ...args]);
      expect(r.code).toBe(2);
      expect(r.err).toMatch(/^gbgc: error: /);
    }
    const big = await run(['solve', LEDUC, '--max-nodes', '5000']);
    expect(big.code).toBe(1);
    // Leduc has 9,457 histories: refused from the size estimate before the tree is built, naming MCCFR.
    expect(big.err).toMatch(
      /^gbgc: error: .*leduc\.gbg: the game tree has an estimated [\d,]+ ± [\d,]+ histories \(Knuth's estimator over 1,000 random paths\), more than the node budget of 5,000; solve it by sampling with --method mccfr/,
    );
    expect(big.err).not.toMatch(/at .*\.ts/);
    const missing = await run(['solve', join(tmp, 'none.gbg')]);
    expect(missing.code).toBe(1);
  });
});

describe('gbgc solve --method mccfr', () => {
  it('reports every N iterations; --json has the series, the method and the Kuhn value', async () => {
    const r = await run(['solve', KUHN, '--method', 'mccfr', '--iterations', '6000', '--report-every', '2000', '--json', '--seed', '4']);
    expect(r.code).toBe(0);
    const j = JSON.parse(r.out);
    expect(j).toMatchObject({ method: 'mccfr', sampling: 'external', seed: 4, exploitabilityMethod: 'exact', iterations: 6000, infoStates: 12 });
    expect(j.reports.map((x: { iterations: number }) => x.iterations)).toEqual([2000, 4000, 6000]);
    expect(Math.abs(j.value[0] - -1 / 18)).toBeLessThan(0.02);
    expect(j.value[1]).toBe(-j.value[0]);
    expect(j.rulesetHash).toBe(compileGame(KUHN_IR).rulesetHash);
    const text = await run(['solve', KUHN, '--method', 'mccfr', '--iterations', '2000', '--report-every', '1000', '--max-nodes', '0', '--br-samples', '2000']);
    expect(text.code).toBe(0);
    expect(text.out).toContain('exploitability by sampled best response, 2,000 episodes per seat and phase');
    expect(text.out.match(/^\s+\d000\s+[\d.]+ s\s+[\d.]+ s\s+12\s+[−+][\d.]+ ± [\d.]+\s+-?[\d.]+ ± [\d.]+$/gm)).toHaveLength(2);
  });

  it('bad usage exits 2', async () => {
    for (const args of [
      ['--method', 'lp'],
      ['--method', 'mccfr', '--sampling', 'chance'],
      ['--seconds', '3'],
      ['--method', 'mccfr', '--seconds', '0'],
      ['--method', 'mccfr', '--target-exploitability', '0.1'],
    ]) {
      const r = await run(['solve', KUHN, ...args]);
      expect(r.code).toBe(2);
      expect(r.err).toMatch(/^gbgc: error: /);
    }
  });
});

describe('saved policies', () => {
  it('name actions by label when distinct, else by id', () => {
    expect(actionKeys([0, 1, 2], ['fold', 'call', 'raise'])).toEqual(['fold', 'call', 'raise']);
    expect(actionKeys([3, 4], ['bid', 'bid'])).toEqual(['3', '4']);
  });

  it('reject malformed files and policies for other rules with clear errors', async () => {
    expect(() => parseSavedPolicy('{', 'p.json')).toThrow(/p\.json: not valid JSON/);
    expect(() => parseSavedPolicy('[]', 'p.json')).toThrow(/not a gbgc policy file/);
    const hash = 'a'.repeat(64);
    const ok = { rulesetHash: hash, game: 'g', iterations: 1, exploitability: 0, policy: { k: { check: 0.5, bet: 0.5 } } };
    expect(parseSavedPolicy(JSON.stringify(ok), 'p.json').policy.k.bet).toBe(0.5);
    const bad = { ...ok, policy: { k: { check: 0.5, bet: 0.6 } } };
    expect(() => parseSavedPolicy(JSON.stringify(bad), 'p.json')).toThrow(/sum to 1\.1/);
    const file = join(tmp, 'other.json');
    writeFileSync(file, JSON.stringify(ok));
    expect(() => cfrAgentFromFile(file, compileGame(KUHN_IR))).toThrow(/computed for ruleset aaaaaaaaaaaa/);
    expect(() => cfrAgentFromFile(join(tmp, 'absent.json'), compileGame(KUHN_IR))).toThrow(/cannot read .*no such file/);
  });

  it('an MCCFR policy saved by solve --method mccfr plays uniformly where training never reached; a CFR+ policy with a state missing is refused', async () => {
    const file = join(tmp, 'leduc-mccfr.json');
    expect((await run(['solve', LEDUC, '--method', 'mccfr', '--iterations', '2', '--save', file])).code).toBe(0);
    const saved = readPolicyFile(file, compileGame(LEDUC_IR).rulesetHash);
    expect(saved.method).toBe('mccfr');
    // Two external-sampling iterations reach a fraction of Leduc's 936 information states.
    const entries = Object.keys(saved.policy).length;
    expect(entries).toBeGreaterThan(0);
    expect(entries).toBeLessThan(936);
    const m = await run(['match', LEDUC, '--agents', 'cfr,random', '--runs', '200', '--policy', file, '--json']);
    expect(m.err).toBe('');
    expect(m.code).toBe(0);
    expect(JSON.parse(m.out).agents[0].notes).toEqual({ method: 'mccfr', iterations: 2, unreached: 'uniform' });
    // An unreached state is played uniformly: one draw u picks the action ⌊u·n⌋.
    const game = compileGame(LEDUC_IR);
    const agent = cfrAgentFromFile(file, game);
    const s = game.newInitialState();
    while (s.currentPlayer() < 0) s.applyAction(s.chanceOutcomes()[0][0]);
    const seat = s.currentPlayer();
    const legal = s.legalActions();
    const key = s.informationStateKey(seat);
    const partial = { ...saved, policy: { ...saved.policy } };
    delete partial.policy[key];
    const uniform = new CfrAgent(partial, file, agent.notes);
    expect(legal.map((_, i) => uniform.actFast(s, seat, () => (i + 0.5) / legal.length))).toEqual(legal);
    // Without the method mark, a policy lacking a state of a tree that fits is refused.
    const cfrPlus = join(tmp, 'leduc-partial.json');
    const { method: _method, ...unmarked } = partial;
    writeFileSync(cfrPlus, JSON.stringify(unmarked));
    expect(() => cfrAgentFromFile(cfrPlus, game)).toThrow(/the policy has no entry for information state/);
    expect(() => parseSavedPolicy(JSON.stringify({ ...saved, method: 'cfr' }), 'p.json')).toThrow(/"method" must be "mccfr"/);
  });
});

describe('cfr agent', () => {
  it('solves once per ruleset hash and plays the equilibrium: J never calls a bet in Kuhn', () => {
    const game = compileGame(KUHN_IR);
    const a = cfrAgentForGame(game, { iterations: 300 });
    const b = cfrAgentForGame(compileGame(KUHN_IR), { iterations: 300 });
    expect(b.saved).toBe(a.saved);
    expect(a.name).toBe('cfr');
    // Deal J to Alice, K to Bob; Alice checks, Bob bets: Alice (holding J) must fold.
    const s = game.newInitialState();
    while (s.currentPlayer() < 0) {
      const outcomes = s.chanceOutcomes();
      const want = s.legalActions().length === 3 ? 0 : outcomes.length - 1;
      s.applyAction(outcomes[want][0]);
    }
    expect(s.actionToString(0, 1)).toBe('check');
    s.applyAction(1);
    s.applyAction(2);
    expect(s.legalActions()).toEqual([0, 1]);
    for (const u of [0, 0.3, 0.9, 0.999]) expect(a.actFast(s, 0, () => u)).toBe(0);
  });

  it('samples in proportion to the policy and plays from a saved file', () => {
    const game = compileGame(KUHN_IR);
    const file = join(tmp, 'kuhn.json');
    const key = (s: ReturnType<typeof game.newInitialState>) => s.informationStateKey(0);
    const s = game.newInitialState();
    while (s.currentPlayer() < 0) s.applyAction(s.chanceOutcomes()[0][0]);
    const saved = {
      rulesetHash: game.rulesetHash,
      game: 'Kuhn poker',
      iterations: 0,
      exploitability: 0,
      policy: { [key(s)]: { check: 0.25, bet: 0.75 } },
    };
    writeFileSync(file, JSON.stringify(saved));
    // A file covering one information state of 12 is refused when loaded (exit 1, naming a missing state).
    expect(() => cfrAgentFromFile(file, game)).toThrow(/no entry for information state '.*' \(the game has 12 information states\)/);
    const agent = new CfrAgent(saved, file);
    expect(agent.actFast(s, 0, () => 0.2)).toBe(1);
    expect(agent.actFast(s, 0, () => 0.3)).toBe(2);
    expect(JSON.parse(readFileSync(file, 'utf8')).rulesetHash).toBe(game.rulesetHash);
    // A state the policy does not cover is a clear error.
    s.applyAction(1);
    expect(() => agent.actFast(s, 1, () => 0.5)).toThrow(/no entry for information state/);
  });
});

describe('cfr in the agent registry, simulate and play', () => {
  it('is registered and made from a game or from --policy', async () => {
    const game = compileGame(KUHN_IR);
    expect(AGENTS.cfr.description).toMatch(/CFR\+/);
    const solved = await createAgent('cfr', game);
    expect(solved.name).toBe('cfr');
    const file = join(tmp, 'kuhn-registry.json');
    expect((await run(['solve', KUHN, '--iterations', '100', '--save', file])).code).toBe(0);
    const loaded = (await createAgent('cfr', game, { policy: file })) as CfrAgent;
    expect(loaded.saved.iterations).toBe(100);
  });

  it('simulate --agents cfr,random matches the exact value of CFR+ against uniform play', async () => {
    // a copy in the temporary folder: without --policy the solved policy is cached next to the game
    const kuhn = join(tmp, 'kuhn.gbg');
    copyFileSync(KUHN, kuhn);
    const r = await run(['simulate', kuhn, '--agents', 'cfr,random', '--episodes', '20000', '--seed', '5', '--json']);
    expect(r.code).toBe(0);
    const report = JSON.parse(r.out);
    // Exact: seat 0 plays the CFR+ average strategy (1000 iterations), seat 1 uniform.
    const s = solve(compileGame(KUHN_IR), { iterations: 1000 });
    const mixed = uniformPolicy(s.tree);
    const seat0End = s.tree.slotStart[s.tree.infosetsPerSeat[0]];
    mixed.set(s.policy.subarray(0, seat0End));
    const exact = policyValue(s.tree, mixed);
    expect(exact).toBeGreaterThan(0.1);
    expect(Math.abs(report.meanReturns[0] - exact)).toBeLessThan(4 * report.stdErrors[0]);
  });

  it('--policy without a cfr agent is bad usage; play --vs cfr --policy plays the file', async () => {
    const file = join(tmp, 'kuhn-play.json');
    expect((await run(['solve', KUHN, '--save', file])).code).toBe(0);
    const misuse = await run(['simulate', KUHN, '--policy', file]);
    expect(misuse.code).toBe(2);
    expect(misuse.err).toMatch(/--policy .* cfr agent/);
    const played = await run(['play', KUHN, '--vs', 'cfr', '--policy', file, '--seed', '1'], false, 'check\ncall\n');
    expect(played.code).toBe(0);
    expect(played.out).toMatch(/Result: you (won|lost) \d+ chips?/);
    const other = join(tmp, 'leduc-play.json');
    expect((await run(['solve', LEDUC, '--iterations', '10', '--save', other])).code).toBe(0);
    const wrong = await run(['play', KUHN, '--vs', 'cfr', '--policy', other, '--seed', '1']);
    expect(wrong.code).toBe(1);
    expect(wrong.err).toMatch(/computed for ruleset/);
  });
});
