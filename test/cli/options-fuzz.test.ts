/**
 * No option value reaches exit 70 (issue 10): bad numbers, negative, huge, fractional, empty and
 * missing files for `simulate`, `solve`, `tree` and `play` exit 1 (bad input) or 2 (bad usage).
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { runCli } from './run-cli.js';

const KUHN = 'examples/kuhn.gbg';
const VALUES = [
  '',
  '-1',
  '0',
  '1.5',
  'abc',
  '1e9',
  '99999999999999999999999',
  '-99999999999999999999',
  'NaN',
  'Infinity',
  '0x10',
  ' 3 ',
  '--json',
  '/nonexistent/p.json',
];

/** Commands with their value options; each run uses small defaults elsewhere so that good values finish fast. */
const COMMANDS: [string, string[], string[]][] = [
  ['simulate', ['--episodes', '--seed', '--agents', '--policy'], ['--episodes', '5']],
  ['solve', ['--iterations', '--target-exploitability', '--check-every', '--max-nodes', '--save'], ['--iterations', '5']],
  ['tree', ['--max-nodes'], []],
  ['play', ['--as', '--vs', '--seed', '--policy'], []],
];

describe('fuzzed options never reach exit 70', () => {
  it('missing and unreadable files exit 1', async () => {
    for (const [cmd] of COMMANDS) {
      const r = await runCli([cmd, '/nonexistent/game.gbg']);
      expect(r.code, `${cmd}: ${r.stderr}`).toBe(1);
    }
    expect((await runCli(['simulate', KUHN, '--agents', 'cfr,random', '--policy', '/nonexistent/p.json'])).code).toBe(1);
    expect((await runCli(['simulate', KUHN, '--agents', 'cfr,random', '--policy', 'examples'])).code).toBe(1);
  });

  it('property: any option value gives exit 0, 1 or 2, never 70', async () => {
    await fc.assert(
      fc.asyncProperty(fc.nat(COMMANDS.length - 1), fc.nat(), fc.oneof(fc.constantFrom(...VALUES), fc.string({ maxLength: 6 })), async (c, o, value) => {
        const [cmd, options, base] = COMMANDS[c]!;
        const option = options[o % options.length]!;
        const args = [cmd, KUHN, ...base.filter((_, i) => base[i - (i % 2)] !== option), option, value];
        // `--save` writes a file: keep it out of the worktree.
        if (option === '--save' && !value.startsWith('/nonexistent')) return;
        const r = await runCli(args, 'fold\n'.repeat(5));
        expect(r.code, `${args.join(' ')}: ${r.stderr}`).not.toBe(70);
        expect([0, 1, 2]).toContain(r.code);
      }),
      { numRuns: 80, seed: 10 },
    );
  });
});
