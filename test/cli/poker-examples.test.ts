/**
 * The commands a user runs on a game, on the two hold'em examples (`examples/royal-holdem.gbg`,
 * `examples/nlhe-short.gbg`) and on the fixture whose option costs are expressions
 * (`test/fixtures/games/expr-costs.gbg`): `check`, `compile` (the ruleset hash the compiler
 * gives), `render`, `fmt --check` and `simulate` (zero-sum mean returns, the requested episodes).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compileSource } from '../../src/compiler/index.js';
import { runCli } from './run-cli.js';

const FILES = ['examples/royal-holdem.gbg', 'examples/nlhe-short.gbg', 'test/fixtures/games/expr-costs.gbg'];

describe.each(FILES)('%s', (file) => {
  const compiled = compileSource(readFileSync(file, 'utf8'));

  it('check, compile, render and fmt --check succeed; compile prints the compiler’s ruleset hash', async () => {
    expect(await runCli(['check', file])).toEqual({ code: 0, stdout: `${file}: ok\n`, stderr: '' });
    const ir = await runCli(['compile', file]);
    expect(ir.code).toBe(0);
    expect(JSON.parse(ir.stdout).name).toBe(compiled.ir!.name);
    expect(ir.stderr).toContain(compiled.rulesetHash!);
    const render = await runCli(['render', file]);
    expect(render.code).toBe(0);
    expect(render.stdout.split('\n')[0]).toBe(`# ${compiled.ir!.name}: Rulebook`);
    expect((await runCli(['fmt', '--check', file])).code).toBe(0);
  });

  it('simulate plays 300 seeded episodes: zero-sum mean returns', async () => {
    const r = await runCli(['simulate', file, '--episodes', '300', '--seed', '5', '--json']);
    expect(r.code).toBe(0);
    const report = JSON.parse(r.stdout);
    expect(report.episodes).toBe(300);
    expect(report.rulesetHash).toBe(compiled.rulesetHash);
    expect(report.meanReturns[0] + report.meanReturns[1]).toBeCloseTo(0, 12);
  });
});
