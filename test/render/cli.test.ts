import { mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../cli/run-cli.js';

const golden = (name: string) => readFileSync(new URL(`./golden/${name}`, import.meta.url), 'utf8');

describe('gbgc render', () => {
  it('prints the Markdown rulebook of each example', async () => {
    for (const name of ['kuhn', 'leduc']) {
      const r = await runCli(['render', `examples/${name}.gbg`]);
      expect(r.code).toBe(0);
      expect(r.stderr).toBe('');
      expect(r.stdout).toBe(golden(`${name}.md`));
    }
  });
  it('prints the rulebook of the seed game', async () => {
    const r = await runCli(['render', 'examples/genstrat-4643.gbg']);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(golden('genstrat-4643.md'));
  });
  it('--format txt prints plain text', async () => {
    const r = await runCli(['render', 'examples/leduc.gbg', '--format', 'txt']);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(golden('leduc.txt'));
  });
  it('-o writes the file atomically and says so', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gbgc-render-'));
    const out = join(dir, 'sub', 'kuhn.md');
    mkdirSync(join(dir, 'sub'));
    const r = await runCli(['render', 'examples/kuhn.gbg', '-o', out]);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(`wrote ${out}\n`);
    expect(readFileSync(out, 'utf8')).toBe(golden('kuhn.md'));
    expect(readdirSync(join(dir, 'sub'))).toEqual(['kuhn.md']);
  });
  it('bad usage exits 2, bad input exits 1, with one line and no stack trace', async () => {
    const fmt = await runCli(['render', 'examples/kuhn.gbg', '--format', 'pdf']);
    expect(fmt.code).toBe(2);
    expect(fmt.stderr).toBe("gbgc: error: --format must be one of md, txt, got 'pdf'\n");
    const missing = await runCli(['render', 'no/such/file.gbg']);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toBe('gbgc: error: cannot read no/such/file.gbg: no such file\n');
    const dir = mkdtempSync(join(tmpdir(), 'gbgc-render-'));
    const bad = join(dir, 'bad.gbg');
    writeFileSync(bad, 'game "x" { players Alice }');
    const broken = await runCli(['render', bad]);
    expect(broken.code).toBe(1);
    expect(broken.stderr).toContain(`${bad}:1:`);
    expect(broken.stderr).not.toMatch(/\n\s+at /);
    const noArg = await runCli(['render']);
    expect(noArg.code).toBe(2);
  });
  it('--help describes the command', async () => {
    const r = await runCli(['render', '--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Usage: gbgc render [options] <file>');
    expect(r.stdout).toContain('--format <format>');
    expect(r.stdout).toContain('Overview, Visibility, Sequence of Play, Phase Details, Showdown');
  });
});

describe('gbgc play --show-prompt', () => {
  it("prints the turn prompt an LLM would receive at each of the person's turns", async () => {
    const r = await runCli(['play', 'examples/kuhn.gbg', '--seed', '3', '--show-prompt'], 'check\ncall\n');
    expect(r.code).toBe(0);
    const prompts = r.stdout.split('# Your turn').slice(1);
    expect(prompts.length).toBeGreaterThanOrEqual(1);
    expect(prompts[0]).toContain('You are **Alice** (seat 1); your opponent is **Bob** (seat 2).');
    expect(prompts[0]).toMatch(/- \*\*Your hand:\*\* [JQK] of hearts/);
    expect(prompts[0]).toContain('- **check** (costs no chips): reply `{"action": "check"}`');
    expect(prompts[0]).toContain('- **bet** (costs you 1 chip): reply `{"action": "bet"}`');
    expect(prompts[0]).toContain('{"action": "<name>"}');
    expect(r.stdout).toMatch(/Result: you (won|lost|broke even)/);
  });
  it('without the option, play keeps its short description', async () => {
    const r = await runCli(['play', 'examples/kuhn.gbg', '--seed', '3'], 'check\ncall\n');
    expect(r.code).toBe(0);
    expect(r.stdout).not.toContain('# Your turn');
  });
});
