/**
 * File arguments: `-` reads standard input (diagnostics name it `<stdin>`), folders stand for the
 * `.gbg` files inside them (recursively, sorted), and `gbgc fmt` keeps a file's line endings.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from './run-cli.js';
import { compileSource } from '../../src/compiler/index.js';
import { formatSource } from '../../src/format/format-source.js';
import { applyEndOfLine } from '../../src/cli/inputs.js';

const dir = mkdtempSync(join(tmpdir(), 'gbgc-inputs-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const kuhn = readFileSync('examples/kuhn.gbg', 'utf8');
const leduc = readFileSync('examples/leduc.gbg', 'utf8');
const broken = kuhn.replace('players Alice, Bob', 'players Alice, Bob, Carol, Dan, Eve, Fay, Gus');

describe("'-' reads standard input", () => {
  it('check - accepts a good game and names <stdin> in diagnostics', async () => {
    const ok = await runCli(['check', '-'], kuhn);
    expect(ok.code).toBe(0);
    expect(ok.stdout).toBe('<stdin>: ok\n');
    const bad = await runCli(['check', '-'], broken);
    expect(bad.code).toBe(1);
    const expected = compileSource(broken).diagnostics.filter((d) => d.severity === 'error');
    expect(expected.length).toBeGreaterThan(0);
    expect(bad.stderr).toContain(`<stdin>:${expected[0].range.line}:${expected[0].range.column}: error[${expected[0].code}]`);
  });

  it('compile - prints the same IR and hash as the file', async () => {
    const fromFile = await runCli(['compile', 'examples/kuhn.gbg']);
    const fromStdin = await runCli(['compile', '-'], kuhn);
    expect(fromStdin.code).toBe(0);
    expect(fromStdin.stdout).toBe(fromFile.stdout);
    expect(fromStdin.stderr).toBe(`ruleset hash ${compileSource(kuhn).rulesetHash}\n`);
  });

  it('render - and fmt - print what the file gives', async () => {
    expect((await runCli(['render', '-'], leduc)).stdout).toBe((await runCli(['render', 'examples/leduc.gbg'])).stdout);
    const f = await runCli(['fmt', '-'], leduc);
    expect(f.code).toBe(0);
    expect(f.stdout).toBe(await formatSource(leduc));
  });

  it('fmt --write - is refused (exit 2); - twice is refused', async () => {
    const r = await runCli(['fmt', '--write', '-'], kuhn);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^gbgc: error: --write cannot rewrite standard input/);
    expect((await runCli(['check', '-', '-'], kuhn)).code).toBe(2);
  });
});

describe('folders as arguments', () => {
  it('check DIR checks every .gbg file inside, recursively, in sorted order', async () => {
    const d = join(dir, 'games');
    mkdirSync(join(d, 'sub'), { recursive: true });
    writeFileSync(join(d, 'b.gbg'), kuhn);
    writeFileSync(join(d, 'a.gbg'), leduc);
    writeFileSync(join(d, 'sub', 'c.gbg'), broken);
    writeFileSync(join(d, 'notes.txt'), 'not a game');
    const r = await runCli(['check', d]);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe(`${join(d, 'a.gbg')}: ok\n${join(d, 'b.gbg')}: ok\n`);
    expect(r.stderr).toContain(`${join(d, 'sub', 'c.gbg')}:`);
    const json = JSON.parse((await runCli(['check', d, '--json'])).stdout) as { file: string; ok: boolean }[];
    expect(json.map((x) => [x.file, x.ok])).toEqual([
      [join(d, 'a.gbg'), true],
      [join(d, 'b.gbg'), true],
      [join(d, 'sub', 'c.gbg'), false],
    ]);
  });

  it('check examples/ finds every example game', async () => {
    const r = await runCli(['check', 'examples/', '--json']);
    const files = (JSON.parse(r.stdout) as { file: string }[]).map((x) => x.file);
    expect(files.length).toBeGreaterThanOrEqual(8);
    expect(files).toEqual([...files].sort());
    expect(files).toContain(join('examples', 'kuhn.gbg'));
  });

  it('a folder without .gbg files is bad usage', async () => {
    const empty = join(dir, 'empty');
    mkdirSync(empty);
    const r = await runCli(['check', empty]);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`gbgc: error: the folder ${empty} holds no .gbg file\n`);
  });
});

describe('fmt line endings', () => {
  const crlf = kuhn.replace(/\r?\n/g, '\r\n');

  it('a CRLF file stays CRLF (auto), and is formatted otherwise exactly as its LF twin', async () => {
    const f = join(dir, 'crlf.gbg');
    writeFileSync(f, crlf);
    const r = await runCli(['fmt', f]);
    expect(r.code).toBe(0);
    const lfFormatted = await formatSource(kuhn);
    expect(r.stdout).toBe(lfFormatted.replace(/\n/g, '\r\n'));
    expect(r.stdout.replace(/\r\n/g, '')).not.toContain('\n');
    // a formatted CRLF file is left alone by --check and --write
    writeFileSync(f, lfFormatted.replace(/\n/g, '\r\n'));
    expect((await runCli(['fmt', '--check', f])).code).toBe(0);
    expect((await runCli(['fmt', '--write', f])).stdout).toBe('');
    expect(readFileSync(f, 'utf8')).toBe(lfFormatted.replace(/\n/g, '\r\n'));
  });

  it('--end-of-line lf / crlf convert; a bad value is bad usage', async () => {
    const f = join(dir, 'conv.gbg');
    writeFileSync(f, crlf);
    const lfFormatted = await formatSource(kuhn);
    expect((await runCli(['fmt', '--end-of-line', 'lf', f])).stdout).toBe(lfFormatted);
    writeFileSync(f, kuhn);
    expect((await runCli(['fmt', '--end-of-line', 'crlf', f])).stdout).toBe(lfFormatted.replace(/\n/g, '\r\n'));
    expect((await runCli(['fmt', '--end-of-line', 'lf', '--write', f])).code).toBe(0);
    expect(readFileSync(f, 'utf8')).toBe(lfFormatted);
    const bad = await runCli(['fmt', '--end-of-line', 'cr', f]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toBe("gbgc: error: --end-of-line must be one of lf, crlf, auto, got 'cr'\n");
  });

  it('auto follows the first line ending', () => {
    expect(applyEndOfLine('a\nb\n', 'x\r\ny\n', 'auto')).toBe('a\r\nb\r\n');
    expect(applyEndOfLine('a\nb\n', 'x\ny\r\n', 'auto')).toBe('a\nb\n');
    expect(applyEndOfLine('a\n', 'no newline', 'auto')).toBe('a\n');
  });
});
