/**
 * `gbgc init` writes a starter game that passes check and simulates; `gbgc completion` scripts
 * complete commands, options and `.gbg` files (bash is run for real).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from './run-cli.js';
import { compileSource } from '../../src/compiler/index.js';

const dir = mkdtempSync(join(tmpdir(), 'gbgc-init-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('gbgc init', () => {
  it('writes NAME.gbg that passes check with no diagnostics, renders and simulates', async () => {
    const file = join(dir, 'my-game');
    const r = await runCli(['init', file]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`wrote ${file}.gbg`);
    const text = readFileSync(`${file}.gbg`, 'utf8');
    expect(text).toContain('game "My Game" {');
    const compiled = compileSource(text);
    expect(compiled.diagnostics).toEqual([]);
    expect((await runCli(['check', `${file}.gbg`])).code).toBe(0);
    expect((await runCli(['render', `${file}.gbg`])).stdout).toContain('My Game');
    const sim = await runCli(['simulate', `${file}.gbg`, '--episodes', '200', '--json']);
    expect(sim.code).toBe(0);
    const report = JSON.parse(sim.stdout);
    expect(report.meanReturns[0] + report.meanReturns[1]).toBeCloseTo(0, 10);
  });

  it('takes a title, refuses to overwrite and to create folders', async () => {
    const file = join(dir, 'duel.gbg');
    expect((await runCli(['init', file, '--title', 'Duel poker'])).code).toBe(0);
    expect(readFileSync(file, 'utf8')).toContain('game "Duel poker" {');
    writeFileSync(file, 'mine');
    const again = await runCli(['init', file]);
    expect(again.code).toBe(1);
    expect(again.stderr).toBe(`gbgc: error: ${file} already exists (use --force to overwrite it)\n`);
    expect(readFileSync(file, 'utf8')).toBe('mine');
    expect((await runCli(['init', file, '--force'])).code).toBe(0);
    const missing = await runCli(['init', join(dir, 'no/such/dir/x')]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('the folder');
    expect(missing.stderr).toContain('does not exist');
    const quote = await runCli(['init', join(dir, 'q'), '--title', 'say "hi"']);
    expect(quote.code).toBe(1);
  });
});

describe('gbgc completion', () => {
  it('bash: completes command names, options of a command and .gbg files', async () => {
    const script = (await runCli(['completion', 'bash'])).stdout;
    writeFileSync(join(dir, 'c.bash'), script);
    mkdirSync(join(dir, 'games'), { recursive: true });
    writeFileSync(join(dir, 'games', 'kuhn.gbg'), '');
    writeFileSync(join(dir, 'games', 'notes.txt'), '');
    const complete = (words: string[]) =>
      execFileSync(
        'bash',
        ['-c', `source c.bash; COMP_WORDS=(${words.map((w) => `'${w}'`).join(' ')}); COMP_CWORD=${words.length - 1}; _gbgc; printf '%s\\n' "\${COMPREPLY[@]}"`],
        { cwd: dir, encoding: 'utf8' },
      )
        .trim()
        .split('\n')
        .sort();
    expect(complete(['gbgc', 'si'])).toEqual(['simulate']);
    expect(complete(['gbgc', 'so'])).toEqual(['solve']);
    expect(complete(['gbgc', 'simulate', '--ep'])).toEqual(['--episodes']);
    expect(complete(['gbgc', 'render', '--'])).toEqual(expect.arrayContaining(['--format', '--output', '--help']));
    expect(complete(['gbgc', 'check', 'games/'])).toEqual(['games/kuhn.gbg']);
  });

  it('zsh and fish: scripts name every command', async () => {
    const zsh = (await runCli(['completion', 'zsh'])).stdout;
    expect(zsh.startsWith('#compdef gbgc\n')).toBe(true);
    expect(zsh).toContain('bashcompinit');
    const fish = (await runCli(['completion', 'fish'])).stdout;
    for (const cmd of ['check', 'fmt', 'render', 'simulate', 'solve', 'sample', 'init', 'completion']) {
      expect(fish).toContain(`-a ${cmd} -d `);
      expect(zsh).toContain(`    ${cmd}) opts="`);
    }
    expect(fish).toContain("complete -c gbgc -n '__fish_seen_subcommand_from simulate' -l episodes -r");
  });

  it('refuses an unknown shell as bad usage', async () => {
    const r = await runCli(['completion', 'powershell']);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe("gbgc: error: shell must be one of bash, zsh, fish, got 'powershell'\n");
  });
});
