/**
 * A two-seat tool refusing a game of three seats: one diagnostic line in the project's format,
 * `FILE: error[two-seat-only]: …` (the word "error" once, the file named), exit 1, never an
 * internal error.
 */
import { describe, expect, it } from 'vitest';
import { runCli } from './run-cli.js';

const file = 'examples/league-holdem.gbg';
const way = '(on more seats use `gbgc solve --method mccfr`, `gbgc simulate` or a tournament)';

describe('error[two-seat-only] on the command line', () => {
  it('gbgc solve (exact CFR+) on three seats: one line naming the file and the code', async () => {
    const r = await runCli(['solve', file]);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(
      `${file}: error[two-seat-only]: the exact game tree (CFR+, exact values and best responses) is defined for two-seat zero-sum games; this game has 3 seats ${way}\n`,
    );
  });

  it('gbgc axes on three seats: the same refusal before any measurement (it was an internal error, exit 70)', async () => {
    const r = await runCli(['axes', file]);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      `${file}: error[two-seat-only]: the GENSTRAT axes measurement is defined for two-seat zero-sum games; this game has 3 seats ${way}\n`,
    );
  });

  it('`gbgc explain` knows the code the line names', async () => {
    const r = await runCli(['explain', 'two-seat-only']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/two-seat/);
  });
});
