/**
 * The `simulate`, `tree` and `play` commands, run in-process.
 */
import { describe, expect, it } from 'vitest';
import { runCli } from '../cli/run-cli.js';
import { exampleIRs } from './helpers.js';

describe('gbgc simulate', () => {
  it('prints the same JSON figures for the same seed (timing aside)', async () => {
    const args = ['simulate', 'examples/kuhn.gbg', '--episodes', '3000', '--seed', '4', '--json'];
    const a = await runCli(args);
    const b = await runCli(args);
    expect(a.code).toBe(0);
    const ja = JSON.parse(a.stdout);
    const jb = JSON.parse(b.stdout);
    expect(Object.keys(ja)).toEqual(expect.arrayContaining(['episodes', 'meanReturns', 'stdErrors', 'movesPerPlayer', 'phaseFireRates', 'episodesPerSecond']));
    expect(ja.episodes).toBe(3000);
    expect(ja.agents).toEqual(['random', 'random']);
    expect(ja.phaseFireRates).toEqual({ Setup: 1, Ante: 1, Betting: 1 });
    expect(ja.meanReturns[0] + ja.meanReturns[1]).toBeCloseTo(0, 12);
    delete ja.episodesPerSecond;
    delete jb.episodesPerSecond;
    expect(ja).toEqual(jb);
  });

  it('prints a readable summary by default', async () => {
    const r = await runCli(['simulate', 'examples/leduc.gbg', '-n', '200', '--agents', 'random']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Leduc hold'em: 200 episodes, seed 1, Alice: random, Bob: random\n/);
    expect(r.stdout).toMatch(/mean returns +Alice [+-]\d\.\d{4} ± \d\.\d{4}/);
    expect(r.stdout).toContain('Flop ');
    expect(r.stderr).toBe('');
  });

  it('rejects bad usage with exit 2 and bad input with exit 1', async () => {
    expect((await runCli(['simulate', 'examples/kuhn.gbg', '--episodes', '0'])).code).toBe(2);
    const agent = await runCli(['simulate', 'examples/kuhn.gbg', '--agents', 'random,genius']);
    expect(agent.code).toBe(2);
    expect(agent.stderr).toContain(
      "unknown agent 'genius'; known agents: always-fold, always-raise, basic-strategy, cfr, check-fold, equity, heuristic, human, l1, llm, random",
    );
    const missing = await runCli(['simulate', 'examples/none.gbg']);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('no such file');
  });
});

describe.each(exampleIRs().map((e) => e.file))('gbgc simulate examples/%s', (file) => {
  it('runs and prints zero-sum figures', async () => {
    const r = await runCli(['simulate', `examples/${file}`, '--episodes', '300', '--seed', '7', '--json']);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    const j = JSON.parse(r.stdout);
    expect(j.episodes).toBe(300);
    expect(j.meanReturns[0] + j.meanReturns[1]).toBeCloseTo(0, 10);
    expect(j.movesPerPlayer[0] + j.movesPerPlayer[1]).toBeGreaterThan(0);
  });
});

describe('gbgc tree', () => {
  it('prints the statistics of a game with simultaneous rounds and a private check (Duel Kuhn)', async () => {
    const r = await runCli(['tree', 'examples/duel.gbg', '--stats', '--json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ histories: 190, terminalHistories: 96, chanceNodes: 4, decisionNodes: 90, infoStates: [25, 25], maxDepth: 7 });
  });

  it('prints the statistics of the whole tree', async () => {
    const r = await runCli(['tree', 'examples/kuhn.gbg', '--stats', '--json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ histories: 58, terminalHistories: 30, chanceNodes: 4, decisionNodes: 24, infoStates: [6, 6], maxDepth: 5 });
    const text = await runCli(['tree', 'examples/leduc.gbg', '--stats']);
    expect(text.stdout).toContain('information states   936 (Alice 468, Bob 468)');
    expect(text.stdout).toContain('histories            9,457');
  });

  it('refuses a tree larger than --max-nodes at once, with the size estimate', async () => {
    const r = await runCli(['tree', 'examples/leduc.gbg', '--stats', '--max-nodes', '1000']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      /^gbgc: error: examples\/leduc\.gbg: the game tree has an estimated [\d,]+ ± [\d,]+ histories \(Knuth's estimator over 1,000 random paths, ± one standard error\), more than --max-nodes 1,000; raise --max-nodes to enumerate it anyway\n$/,
    );
    const estimate = Number(/estimated ([\d,]+)/.exec(r.stderr)![1].replace(/,/g, ''));
    expect(Math.abs(estimate - 9457)).toBeLessThan(2000);
    expect(r.stdout).toBe('');
  });

  it('refuses while enumerating when the estimate was under the budget, naming both', async () => {
    const r = await runCli(['tree', 'examples/leduc.gbg', '--stats', '--max-nodes', '9456']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/more than 9,456 histories \(estimated [\d,]+ ± [\d,]+ histories|an estimated [\d,]+ ± [\d,]+ histories/);
  });
});

describe('gbgc play', () => {
  it('shows only what the seat may see, re-asks on bad input, accepts a name, shows the result', async () => {
    const r = await runCli(['play', 'examples/kuhn.gbg', '--seed', '3'], '\nfoo\n2\nbet\n');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Kuhn poker: you are Alice \(seat 1\) against random; seed 3\n/);
    expect(r.stdout).toContain('  - check (costs no chips)\n  - bet (costs you 1 chip)\n');
    expect(r.stdout).toContain('empty reply; legal: check, bet\n');
    expect(r.stdout).toContain("'foo' is not a legal action here; legal: check, bet\n");
    expect(r.stdout).toContain("a number alone names no action; write the action's name (with its amount, e.g. 'bet 2'); legal: check, bet\n");
    expect(r.stdout).toContain('Alice bets 1 chip.');
    expect(r.stdout).toMatch(/Result: you (won|lost) \d chips?\. Final stacks: Alice \d+, Bob \d+\.\n$/);
    expect(r.stdout).toContain('Bob is dealt a card, face down.');
    const shown = /Bob shows (\w of \w+)\./.exec(r.stdout);
    if (shown) expect(r.stdout.slice(0, r.stdout.indexOf('Showdown'))).not.toContain(shown[1]);
  });

  it('plays the second seat by name, numbered from 1 like the rulebook and the prompt, and takes JSON replies', async () => {
    for (const as of ['Bob', 'bob']) {
      const r = await runCli(['play', 'examples/leduc.gbg', '--as', as, '--seed', '5'], '{"action": "check"}\ncall\n{"action": "call"}\ncheck\ncall\ncall\n');
      expect(r.code).toBe(0);
      expect(r.stdout).toContain('you are Bob (seat 2) against random; seed 5');
      expect(r.stdout).toContain('Result: ');
    }
  });

  it('exits 1 when standard input ends before the game does, and 2 on a bad seat', async () => {
    const eof = await runCli(['play', 'examples/kuhn.gbg', '--seed', '1'], '');
    expect(eof.code).toBe(1);
    expect(eof.stderr).toBe('gbgc: error: standard input ended before the game was over\n');
    const seat = await runCli(['play', 'examples/kuhn.gbg', '--as', 'Carol']);
    expect(seat.code).toBe(2);
    expect(seat.stderr).toContain("--as takes a seat name, Alice or Bob; got 'Carol'");
    const number = await runCli(['play', 'examples/kuhn.gbg', '--as', '1']);
    expect(number.code).toBe(2);
  });
});
