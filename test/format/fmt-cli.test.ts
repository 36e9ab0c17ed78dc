import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../cli/run-cli.js';

const KUHN = readFileSync('examples/kuhn.gbg', 'utf8');
const tmp = mkdtempSync(join(tmpdir(), 'gbgc-fmt-'));
const MESSY = 'game "M" { players Alice, Bob; stack 3 each // chips\n deck { ranks A = 1; suits s } phase P { ante 1 each } showdown high-card }';
const MESSY_FORMATTED =
  'game "M" {\n  players Alice, Bob\n  stack 3 each // chips\n\n  deck {\n    ranks A = 1\n    suits s\n  }\n\n  phase P {\n    ante 1 each\n  }\n\n  showdown high-card\n}\n';
const BROKEN = 'game "B" {\n  players Alice, Bob\n  phase P { shufle deck }\n}\n';

function file(name: string, text: string): string {
  const path = join(tmp, name);
  writeFileSync(path, text);
  return path;
}

describe('gbgc fmt', () => {
  it('passes --check on every example', async () => {
    const examples = readdirSync('examples').filter((f) => f.endsWith('.gbg'));
    expect(examples).toContain('genstrat-4643.gbg');
    const r = await runCli(['fmt', '--check', ...examples.map((f) => `examples/${f}`)]);
    expect(r).toEqual({ code: 0, stdout: '', stderr: '' });
  });

  it('prints the formatted text of one file', async () => {
    const r = await runCli(['fmt', file('print.gbg', MESSY)]);
    expect(r).toEqual({ code: 0, stdout: MESSY_FORMATTED, stderr: '' });
  });

  it('--check lists the files that are not formatted and exits 1, without touching them', async () => {
    const messy = file('check-messy.gbg', MESSY);
    const clean = file('check-clean.gbg', KUHN);
    const r = await runCli(['fmt', '--check', clean, messy]);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe(`${messy}\n`);
    expect(r.stderr).toBe('1 of 2 files are not formatted (run gbgc fmt --write)\n');
    expect(readFileSync(messy, 'utf8')).toBe(MESSY);
  });

  it('--write rewrites only the files that change and lists them', async () => {
    const messy = file('write-messy.gbg', MESSY);
    const clean = file('write-clean.gbg', KUHN);
    const before = statSync(clean).mtimeMs;
    const r = await runCli(['fmt', '--write', messy, clean]);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(`${messy}\n`);
    expect(r.stderr).toBe('formatted 1 of 2 files\n');
    expect(readFileSync(messy, 'utf8')).toBe(MESSY_FORMATTED);
    expect(readFileSync(clean, 'utf8')).toBe(KUHN);
    expect(statSync(clean).mtimeMs).toBe(before);
    const again = await runCli(['fmt', '--check', messy, clean]);
    expect(again.code).toBe(0);
  });

  it('reports a file that does not parse with its diagnostics, exits 1 and goes on with the others', async () => {
    const broken = file('broken.gbg', BROKEN);
    const messy = file('after-broken.gbg', MESSY);
    const r = await runCli(['fmt', '--write', broken, messy]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`${broken}:3:13: error[E0105]: unknown word 'shufle'`);
    expect(r.stderr).toContain('3 |   phase P { shufle deck }');
    expect(r.stderr).not.toMatch(/\n\s+at /);
    expect(r.stdout).toBe(`${messy}\n`);
    expect(readFileSync(broken, 'utf8')).toBe(BROKEN);
    expect(readFileSync(messy, 'utf8')).toBe(MESSY_FORMATTED);
  });

  it('reports a missing file as bad input (exit 1)', async () => {
    const r = await runCli(['fmt', '--check', join(tmp, 'nope.gbg'), 'examples/kuhn.gbg']);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(`gbgc: error: cannot read ${join(tmp, 'nope.gbg')}: no such file\n`);
  });

  it('rejects bad usage with exit 2', async () => {
    expect((await runCli(['fmt', 'examples/kuhn.gbg', 'examples/leduc.gbg'])).code).toBe(2);
    expect((await runCli(['fmt', '--write', '--check', 'examples/kuhn.gbg'])).code).toBe(2);
    expect((await runCli(['fmt'])).code).toBe(2);
  });

  it('has --help', async () => {
    const r = await runCli(['fmt', '--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Usage: gbgc fmt [options] <files...>');
    expect(r.stdout).toContain('--check');
    expect(r.stdout).toContain('--write');
  });
});
