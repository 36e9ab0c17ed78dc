import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from './run-cli.js';
import { KUHN_IR } from '../fixtures/ir.js';
import { rulesetHash } from '../../src/ir/hash.js';

const tmp = mkdtempSync(join(tmpdir(), 'gbgc-cli-'));
const bad = join(tmp, 'bad.gbg');
writeFileSync(bad, 'game "K" {\n  players Alice, Bob\n  phase P { shufle deck }\n}\n');

describe('gbgc check', () => {
  it('exits 0 on the examples', async () => {
    const r = await runCli(['check', 'examples/kuhn.gbg', 'examples/leduc.gbg']);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('examples/kuhn.gbg: ok\nexamples/leduc.gbg: ok\n');
  });

  it('exits 1 with compiler diagnostics and no stack trace on a bad file', async () => {
    const r = await runCli(['check', bad, 'examples/kuhn.gbg']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`${bad}:3:13: error[E0105]: unknown word 'shufle'`);
    expect(r.stderr).not.toMatch(/\n\s+at /);
    expect(r.stdout).toBe('examples/kuhn.gbg: ok\n');
  });

  it('reports a missing file as bad input (exit 1)', async () => {
    const r = await runCli(['check', join(tmp, 'nope.gbg')]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('no such file');
  });

  it('prints JSON with --json', async () => {
    const r = await runCli(['check', '--json', bad]);
    const report = JSON.parse(r.stdout) as { ok: boolean; diagnostics: { code: string; range: { line: number } }[] }[];
    expect(report[0]!.ok).toBe(false);
    expect(report[0]!.diagnostics[0]!.code).toBe('E0105');
    expect(report[0]!.diagnostics[0]!.range.line).toBe(3);
  });
});

describe('gbgc compile', () => {
  it('prints the IR and the ruleset hash, the same in two runs', async () => {
    const a = await runCli(['compile', 'examples/kuhn.gbg']);
    const b = await runCli(['compile', 'examples/kuhn.gbg']);
    expect(a.code).toBe(0);
    expect(JSON.parse(a.stdout)).toEqual(KUHN_IR);
    expect(a.stderr).toBe(`ruleset hash ${rulesetHash(KUHN_IR)}\n`);
    expect(b.stderr).toBe(a.stderr);
  });

  it('writes -o atomically and reports the hash', async () => {
    const out = join(tmp, 'sub', 'kuhn.ir.json');
    mkdirSync(join(tmp, 'sub'));
    const r = await runCli(['compile', 'examples/kuhn.gbg', '-o', out, '--json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ file: 'examples/kuhn.gbg', rulesetHash: rulesetHash(KUHN_IR), output: out });
    expect(JSON.parse(readFileSync(out, 'utf8'))).toEqual(KUHN_IR);
  });

  it('exits 1 on a file that does not compile', async () => {
    const r = await runCli(['compile', bad]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('error[E0105]');
  });
});

describe('gbgc explain and usage errors', () => {
  it('explains a code', async () => {
    const r = await runCli(['explain', 'E0207']);
    expect(r.code).toBe(0);
    expect(r.stdout.split('\n')[0]).toBe('E0207: deal larger than the deck');
    expect((await runCli(['explain', '207'])).stdout).toBe(r.stdout);
  });

  it('rejects an unknown code with exit 1', async () => {
    const r = await runCli(['explain', 'E9999']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("unknown diagnostic code 'E9999'");
  });

  it('exits 2 on bad usage', async () => {
    expect((await runCli(['frobnicate'])).code).toBe(2);
    expect((await runCli(['check'])).code).toBe(2);
    expect((await runCli(['compile', 'examples/kuhn.gbg', '--bogus'])).code).toBe(2);
    expect((await runCli([])).code).toBe(2);
  });

  it('help for a command that does not exist is bad usage (exit 2); help for one that does is exit 0', async () => {
    const nope = await runCli(['help', 'nope']);
    expect(nope.code).toBe(2);
    expect(nope.stderr).toMatch(/^gbgc: error: unknown command 'nope'; the commands are check, /);
    const check = await runCli(['help', 'check']);
    expect(check.code).toBe(0);
    expect(check.stdout).toContain('Usage: gbgc check');
  });

  it('prints help with exit 0', async () => {
    const r = await runCli(['--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Usage: gbgc');
    expect(r.stdout).toContain('check');
    const c = await runCli(['compile', '--help']);
    expect(c.code).toBe(0);
    expect(c.stdout).toContain('ruleset hash');
  });
});

describe('robustness found by review', () => {
  it('check goes on after a missing file and reports it', async () => {
    const r = await runCli(['check', 'examples/kuhn.gbg', join(tmp, 'nope.gbg'), 'examples/leduc.gbg']);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('examples/kuhn.gbg: ok\nexamples/leduc.gbg: ok\n');
    expect(r.stderr).toContain('no such file');
  });

  it('an output path that cannot be written is bad input (exit 1), not an internal error', async () => {
    const r = await runCli(['compile', 'examples/kuhn.gbg', '-o', tmp]);
    expect(r.code).toBe(1);
    expect(r.stderr).not.toContain('internal error');
  });

  it('renders a game whose own names contain words the defect check looks for', async () => {
    const file = join(tmp, 'nan.gbg');
    writeFileSync(file, readFileSync('examples/kuhn.gbg', 'utf8').replace('game "Kuhn poker"', 'game "NaN null poker"'));
    const r = await runCli(['render', file]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('NaN null poker');
  });

  it('renders a betting round with a large raise cap without listing every course', async () => {
    const file = join(tmp, 'cap.gbg');
    writeFileSync(file, readFileSync('examples/kuhn.gbg', 'utf8').replace('raises at most 1', 'raises at most 100'));
    const r = await runCli(['render', file]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('At most 100 bets and raises');
    expect(r.stdout).not.toContain('Every way this round can go');
    expect(r.stdout.length).toBeLessThan(20_000);
  });
});
