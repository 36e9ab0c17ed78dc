/**
 * `gbgc solve` on a generated game far above the node budget: refused from the size estimate
 * (before any node is built) with the way on (`--method mccfr`); `--method mccfr --seconds S` ends
 * and shows the elapsed time of the whole run next to the solver's.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from './run-cli.js';

const tmp = mkdtempSync(join(tmpdir(), 'gbgc-solve-budget-'));

describe('gbgc solve above the node budget', () => {
  it('refuses from the estimate, names --method mccfr; mccfr --seconds reports solver and elapsed seconds', async () => {
    const s = await runCli(['sample', '--complexity', '0.7', '--seed', '1']);
    expect(s.code).toBe(0);
    const file = join(tmp, 'c07-s1.gbg');
    writeFileSync(file, s.stdout);
    const r = await runCli(['solve', file]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      /^gbgc: error: .*c07-s1\.gbg: the game tree has an estimated [\d,]+ ± [\d,]+ histories \(Knuth's estimator over 1,000 random paths\), more than the node budget of 2,000,000; solve it by sampling with --method mccfr/,
    );
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    const m = await runCli(['solve', file, '--method', 'mccfr', '--seconds', '1', '--report-every', '1000000', '--json']);
    expect(m.code).toBe(0);
    const j = JSON.parse(m.stdout);
    expect(j.exploitabilityMethod).toBe('sampled-best-response');
    const last = j.reports.at(-1);
    expect(last.elapsedSeconds).toBe(j.elapsedSeconds);
    // the iterations stop at 80 % of the budget; the evaluation that follows is counted in elapsed
    expect(j.seconds).toBeLessThanOrEqual(j.elapsedSeconds);
    // an evaluation round that cannot end by the deadline is abandoned: 0 episodes, no estimate
    if (last.brSamples === 0) expect(j.exploitability).toBeNull();
    else expect(last.brSamples).toBeGreaterThanOrEqual(100);
    const text = await runCli(['solve', file, '--method', 'mccfr', '--seconds', '1', '--report-every', '1000000']);
    expect(text.stdout).toMatch(/iterations\s+solver\s+elapsed\s+infostates/);
  }, 60_000);

  it('mccfr --seconds bounds the evaluation too: a sampled best response that cannot end in time is abandoned and said so', async () => {
    // c = 1, seed 3 of the paper builder (version 3): 100 episodes of its sampled best response take about 50 s of CPU
    const s = await runCli(['sample', '--complexity', '1', '--seed', '3', '--builder', 'paper']);
    expect(s.code).toBe(0);
    const file = join(tmp, 'c1-s3.gbg');
    writeFileSync(file, s.stdout);
    const m = await runCli(['solve', file, '--method', 'mccfr', '--seconds', '1', '--json']);
    expect(m.code, m.stderr).toBe(0);
    const j = JSON.parse(m.stdout);
    expect(j.reports.at(-1).brSamples).toBe(0);
    expect(j.exploitability).toBeNull();
    expect(j.value).toEqual([null, null]);
    // abandoned, not finished: the unbounded evaluation takes ~50 s of CPU; 20 s leaves room for a loaded machine
    expect(j.elapsedSeconds).toBeLessThan(20);
    const text = await runCli(['solve', file, '--method', 'mccfr', '--seconds', '1']);
    expect(text.code).toBe(0);
    expect(text.stdout).toContain('not estimated: the first 100 episodes of the sampled best response did not fit in the time budget');
  });
});
