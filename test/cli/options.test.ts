/**
 * One validation per option everywhere: the same bad value of the same option gives the same
 * message and exit 2 on every command, and commander's own errors carry the same prefix as ours.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { runCli } from './run-cli.js';
import { MAX_RUN_SEED, parseIntOption, parseNumberOption, parsePositiveOption, parseSeedOption } from '../../src/cli/errors.js';
import { MAX_SEED } from '../../src/sampler/index.js';
import { UsageError } from '../../src/util/errors.js';

/** Each command's arguments up to (not including) the option under test; files need not exist (options are checked first). */
const RUN_SEED_COMMANDS: string[][] = [
  ['simulate', 'examples/kuhn.gbg'],
  ['play', 'examples/kuhn.gbg'],
  ['match', 'examples/kuhn.gbg', '--agents', 'random,random'],
  ['solve', 'examples/kuhn.gbg', '--method', 'mccfr'],
  ['analyze', '/nonexistent/store.db'],
  ['report', '/nonexistent/store.db', '-o', '/nonexistent/out'],
  ['axes', 'examples/kuhn.gbg'],
  ['select', '--pool', '/nonexistent/pool', '--axes', '/nonexistent/axes.jsonl'],
  ['ladder', 'build', 'examples/kuhn.gbg'],
  ['ladder', 'rate', '/nonexistent/ladder.json', 'random'],
];
const GENERATOR_SEED_COMMANDS: string[][] = [
  ['sample', '-c', '0.5'],
  ['pool', '-n', '2', '-c', '0.5', '--out', '/nonexistent/pool'],
];

const usage = (text: string): string => `gbgc: error: ${text}\n`;

describe('--seed', () => {
  for (const bad of ['-1', '1.5', 'abc', '', '4294967296', '1e3']) {
    it(`'${bad}' gets one message and exit 2 from every command that plays or resamples`, async () => {
      for (const cmd of RUN_SEED_COMMANDS) {
        const r = await runCli([...cmd, '--seed', bad]);
        expect([cmd.join(' '), r.code, r.stderr]).toEqual([cmd.join(' '), 2, usage(`--seed must be a whole number from 0 to ${MAX_RUN_SEED}, got '${bad}'`)]);
      }
    });
  }

  it("the generator's seeds have the same message with the generator's own range", async () => {
    for (const cmd of GENERATOR_SEED_COMMANDS) {
      for (const bad of ['-1', 'x', String(MAX_SEED + 1)]) {
        const r = await runCli([...cmd, '--seed', bad]);
        expect([cmd.join(' '), r.code, r.stderr]).toEqual([cmd.join(' '), 2, usage(`--seed must be a whole number from 0 to ${MAX_SEED}, got '${bad}'`)]);
      }
    }
  });

  it('the largest seed is accepted (a play of Kuhn with seed 2^32-1)', async () => {
    const r = await runCli(['simulate', 'examples/kuhn.gbg', '--episodes', '10', '--seed', String(MAX_RUN_SEED), '--json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).episodes).toBe(10);
  });
});

describe('counts', () => {
  const cases: [string[], string, number][] = [
    [['simulate', 'examples/kuhn.gbg'], '--episodes', 1],
    [['check', 'examples/kuhn.gbg', '--acceptance', 'v2'], '--episodes', 1],
    [['sample', '-c', '0.5'], '--episodes', 1],
    [['match', 'examples/kuhn.gbg', '--agents', 'random,random'], '--runs', 1],
    [['ladder', 'rate', '/nonexistent/ladder.json', 'random'], '--runs', 1],
    [['solve', 'examples/kuhn.gbg'], '--iterations', 1],
    [['solve', 'examples/kuhn.gbg', '--method', 'mccfr'], '--iterations', 1],
  ];
  it.each(cases)('%j %s 0 and 2.5 are refused with one message, exit 2', async (cmd, option, min) => {
    for (const bad of ['0', '2.5', '-3']) {
      const r = await runCli([...cmd, option, bad]);
      expect(r.code).toBe(2);
      expect(r.stderr).toBe(usage(`${option} must be a whole number from ${min} to 1000000000, got '${bad}'`));
    }
  });
});

describe('positive amounts and probabilities', () => {
  it('--target-exploitability must be greater than 0 and finite (no "Infinity" in the message)', async () => {
    for (const bad of ['-1', '0', 'Infinity', 'NaN', 'x']) {
      const r = await runCli(['solve', 'examples/kuhn.gbg', '--target-exploitability', bad]);
      expect(r.code).toBe(2);
      expect(r.stderr).toBe(usage(`--target-exploitability must be a number greater than 0, got '${bad}'`));
    }
  });

  it('--seconds of mccfr must be greater than 0', async () => {
    const r = await runCli(['solve', 'examples/kuhn.gbg', '--method', 'mccfr', '--seconds', '0']);
    expect([r.code, r.stderr]).toEqual([2, usage("--seconds must be a number greater than 0, got '0'")]);
  });

  it('fractions of the acceptance filter are numbers from 0 to 1', async () => {
    for (const o of ['--max-rare-phases', '--max-dead-branches', '--max-extreme-conditions']) {
      const r = await runCli(['sample', '-c', '0.5', o, '1.5']);
      expect([r.code, r.stderr]).toEqual([2, usage(`${o} must be a number from 0 to 1, got '1.5'`)]);
    }
  });

  it('parsers accept exactly their range (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: -5, max: 2 ** 33 }), (n) => {
        const ok = n >= 0 && n <= MAX_RUN_SEED;
        let got: number | null = null;
        try {
          got = parseSeedOption(String(n));
        } catch (e) {
          expect(e).toBeInstanceOf(UsageError);
        }
        expect(got === null ? !ok : got === n && ok).toBe(true);
      }),
    );
    fc.assert(
      fc.property(fc.double({ noNaN: false }), (x) => {
        let got: number | null = null;
        try {
          got = parsePositiveOption('--t', String(x));
        } catch (e) {
          expect((e as Error).message).toBe(`--t must be a number greater than 0, got '${String(x)}'`);
        }
        expect(got === null ? !(x > 0 && Number.isFinite(x)) : got === x).toBe(true);
      }),
    );
    expect(parseIntOption('--n', '7', 1)).toBe(7);
    expect(() => parseIntOption('--n', '0', 1)).toThrow("--n must be a whole number at least 1, got '0'");
    expect(() => parseNumberOption('--x', '2', -Infinity, 1)).toThrow("--x must be a number at most 1, got '2'");
  });
});

describe("commander's errors", () => {
  it('carry the same prefix as ours, exit 2', async () => {
    const unknown = await runCli(['solve', 'examples/kuhn.gbg', '--bogus']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toBe("gbgc: error: unknown option '--bogus'\n(run with --help for usage)\n");
    const missing = await runCli(['match', 'examples/kuhn.gbg']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/^gbgc: error: required option '--agents <a,b>' not specified\n/);
    const sub = await runCli(['ladder', 'build']);
    expect(sub.code).toBe(2);
    expect(sub.stderr).toMatch(/^gbgc: error: missing required argument/);
    const cmd = await runCli(['nosuch']);
    expect(cmd.code).toBe(2);
    expect(cmd.stderr).toMatch(/^gbgc: error: unknown command 'nosuch'/);
  });
});
