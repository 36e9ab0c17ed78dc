/**
 * Colours on a terminal only (NO_COLOR and --no-color honoured), and --quiet.
 */
import { Readable } from 'node:stream';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { colorize, stripColor } from '../../src/cli/color.js';
import { runCli } from './run-cli.js';
import { compileSource } from '../../src/compiler/index.js';
import { formatDiagnostics } from '../../src/diagnostics/format.js';

const dir = mkdtempSync(join(tmpdir(), 'gbgc-color-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const bad = readFileSync('examples/kuhn.gbg', 'utf8').replace('players Alice, Bob', 'players Alice, Bob, Carol, Dan, Eve, Fay, Gus');
const badFile = join(dir, 'bad.gbg');
writeFileSync(badFile, bad);

/** Run with stderr on a terminal (or not) and a given environment. */
async function run(args: string[], tty: boolean, env: Record<string, string> = {}) {
  let stdout = '';
  let stderr = '';
  const code = await main(args, { stdout: (t) => void (stdout += t), stderr: (t) => void (stderr += t), stderrIsTTY: tty, stdin: Readable.from(['']), env });
  return { code, stdout, stderr };
}

const ANSI = /\u001b\[[0-9;]*m/;

describe('colours', () => {
  const plain = formatDiagnostics(badFile, bad, compileSource(bad).diagnostics);

  it('on a terminal: severity and caret red, text unchanged once the colours are removed', async () => {
    const r = await run(['check', badFile], true);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(ANSI);
    expect(r.stderr).toContain('\u001b[1;31merror\u001b[0m');
    expect(r.stderr).toMatch(/\u001b\[1;31m\^+\u001b\[0m/);
    expect(stripColor(r.stderr)).toBe(plain);
  });

  it('off when stderr is not a terminal, with NO_COLOR, or with --no-color (before or after the command)', async () => {
    for (const r of [
      await run(['check', badFile], false),
      await run(['check', badFile], true, { NO_COLOR: '1' }),
      await run(['check', badFile, '--no-color'], true),
      await run(['--no-color', 'check', badFile], true),
    ]) {
      expect(r.code).toBe(1);
      expect(r.stderr).toBe(plain);
    }
    // NO_COLOR set but empty does not disable colour (no-color.org)
    expect((await run(['check', badFile], true, { NO_COLOR: '' })).stderr).toMatch(ANSI);
  });

  it('usage errors get a red prefix on a terminal only', async () => {
    const r = await run(['simulate', 'examples/kuhn.gbg', '--seed', 'x'], true);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe("gbgc: \u001b[1;31merror:\u001b[0m --seed must be a whole number from 0 to 4294967295, got 'x'\n");
    expect((await run(['simulate', 'examples/kuhn.gbg', '--seed', 'x'], false)).stderr).toBe(
      "gbgc: error: --seed must be a whole number from 0 to 4294967295, got 'x'\n",
    );
  });

  it('warnings are yellow; stripColor(colorize(t)) = t', () => {
    const t = 'a.gbg:3:5: warning[W0101]: unused\n  |\n3 | let x = 1\n  |     ^\n  = help: remove it\n';
    const c = colorize(t);
    expect(c).toContain('\u001b[1;33mwarning\u001b[0m');
    expect(c).toContain('\u001b[1;33m^\u001b[0m');
    expect(stripColor(c)).toBe(t);
  });
});

describe('--quiet', () => {
  it('drops informational lines, keeps requested output and errors', async () => {
    const out = join(dir, 'rules.md');
    const loud = await runCli(['render', 'examples/kuhn.gbg', '-o', out]);
    expect(loud.stdout).toBe(`wrote ${out}\n`);
    const quiet = await runCli(['render', 'examples/kuhn.gbg', '-o', out, '--quiet']);
    expect([quiet.code, quiet.stdout, quiet.stderr]).toEqual([0, '', '']);
    expect(readFileSync(out, 'utf8')).toContain('Kuhn poker');
    const ok = await runCli(['-q', 'check', 'examples/kuhn.gbg']);
    expect([ok.code, ok.stdout, ok.stderr]).toEqual([0, '', '']);
    const compiled = await runCli(['compile', 'examples/kuhn.gbg', '--quiet']);
    expect(compiled.stderr).toBe('');
    expect(JSON.parse(compiled.stdout).name).toBe('Kuhn poker');
    const failed = await runCli(['check', badFile, '--quiet']);
    expect(failed.code).toBe(1);
    expect(failed.stderr).toContain('error[');
    const usage = await runCli(['simulate', 'examples/kuhn.gbg', '--seed', 'x', '--quiet']);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('gbgc: error: --seed');
  });

  it('no progress bar on a terminal with --quiet', async () => {
    const loud = await run(['simulate', 'examples/kuhn.gbg', '--episodes', '3000', '--json'], true);
    const quiet = await run(['simulate', 'examples/kuhn.gbg', '--episodes', '3000', '--json', '--quiet'], true);
    const figures = (t: string) => {
      const { episodesPerSecond: _, ...rest } = JSON.parse(t) as Record<string, unknown>;
      return rest;
    };
    expect(figures(quiet.stdout)).toEqual(figures(loud.stdout));
    expect(loud.stderr).toContain('simulate');
    expect(quiet.stderr).toBe('');
  });
});
