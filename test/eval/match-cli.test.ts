/**
 * `gbgc match` and `gbgc records` on the command line: figures, the human agent with piped
 * answers, and bad usage / bad input.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../cli/run-cli.js';

const tmp = mkdtempSync(join(tmpdir(), 'gbgc-match-cli-'));

describe('gbgc match', () => {
  it('--json: the documented fields, participant ids, per-seat means averaging to the chips won', async () => {
    const r = await runCli(['match', 'examples/leduc.gbg', '--agents', 'heuristic,random', '--runs', '200', '--seed', '4', '--json']);
    expect(r.code, r.stderr).toBe(0);
    const j = JSON.parse(r.stdout);
    expect(Object.keys(j).sort()).toEqual(['agents', 'game', 'meanReturn', 'pairedSE', 'perSeat', 'rulesetHash', 'runs', 'seats', 'seed', 'unpairedSE']);
    expect(j.agents.map((a: { kind: string }) => a.kind)).toEqual(['heuristic', 'random']);
    for (const a of j.agents) expect(a.id).toMatch(/^[0-9a-f]{64}$/);
    expect((j.perSeat[0].mean + j.perSeat[1].mean) / 2).toBeCloseTo(j.meanReturn, 12);
    expect(j.meanReturn).toBeGreaterThan(0);
    // Same seed, same figures.
    const again = JSON.parse((await runCli(['match', 'examples/leduc.gbg', '--agents', 'heuristic,random', '--runs', '200', '--seed', '4', '--json'])).stdout);
    expect(again.meanReturn).toBe(j.meanReturn);
    const text = await runCli(['match', 'examples/kuhn.gbg', '--agents', 'l1,random', '--runs', '50']);
    const won = /chips won by l1 +([+-]\d\.\d{4}) ± \d\.\d{4} chips\/game/.exec(text.stdout);
    expect(won).not.toBeNull();
    // The margin over the opponent (the scale of analyze) is twice the chips won, named as such.
    const margin = /margin of l1 over random +([+-]\d\.\d{4}) chips\/game \(l1's chips − random's chips/.exec(text.stdout);
    expect(margin).not.toBeNull();
    expect(Number(margin![1])).toBeCloseTo(2 * Number(won![1]), 3);
    expect(text.stdout).toMatch(/l1 as Alice/);
  });

  it("plays a person through the play command's interface (piped answers)", async () => {
    const r = await runCli(['match', 'examples/kuhn.gbg', '--agents', 'human,random', '--runs', '1'], 'check\ncall\n'.repeat(10));
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/Your hand: [JQK] of hearts/);
    expect(r.stdout).toMatch(/chips won by human/);
  });

  it('bad usage exits 2, bad input exits 1, each with one line', async () => {
    const cases: [string[], number, RegExp][] = [
      [['match', 'examples/kuhn.gbg', '--agents', 'cfr'], 2, /--agents takes two agent names/],
      [['match', 'examples/kuhn.gbg', '--agents', 'cfr,wizard'], 2, /unknown agent 'wizard'/],
      [['match', 'examples/kuhn.gbg', '--agents', 'random,random', '--policy', 'p.json'], 2, /--policy is played by the cfr agent/],
      [['match', 'examples/kuhn.gbg', '--agents', 'random,random', '--runs', '0'], 2, /--runs must be a whole number from 1 to/],
      [['match', 'examples/kuhn.gbg', '--agents', 'cfr,random', '--policy', join(tmp, 'absent.json')], 1, /policy: cannot read .*absent\.json: no such file/],
      [['records', 'summary', join(tmp, 'absent.db')], 1, /cannot read .*absent\.db: no such file/],
      [['records', 'export', join(tmp, 'absent.db'), '--csv', '--jsonl'], 2, /exactly one of --csv and --jsonl/],
      [['records', 'export', join(tmp, 'absent.db'), '--csv', '--table', 'runs'], 2, /--table must be slots or moves/],
    ];
    for (const [args, code, message] of cases) {
      const r = await runCli(args);
      expect(r.code, args.join(' ')).toBe(code);
      expect(r.stderr).toMatch(message);
      expect(r.stderr.trim().split('\n')[0]).toMatch(message);
    }
    writeFileSync(join(tmp, 'notdb.db'), 'plain text');
    const notdb = await runCli(['records', 'summary', join(tmp, 'notdb.db')]);
    expect(notdb.code).toBe(1);
    expect(notdb.stderr).toMatch(/not a gbgc run store/);
  });
});
