/**
 * `render -o FILE` picks the format from FILE's extension unless --format says otherwise.
 */
import { mkdtempSync, readFileSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from './run-cli.js';
import { compileSource } from '../../src/compiler/index.js';
import { renderRulebook } from '../../src/render/rulebook.js';

const dir = mkdtempSync(join(tmpdir(), 'gbgc-render-format-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const ir = compileSource(readFileSync('examples/leduc.gbg', 'utf8')).ir!;
const md = renderRulebook(ir, 'md');
const txt = renderRulebook(ir, 'txt');

describe('render -o picks the format from the extension', () => {
  it.each([
    ['rules.txt', txt],
    ['rules.TEXT', txt],
    ['rules.md', md],
    ['rules.markdown', md],
    ['rules', md],
  ])('%s', async (name, expected) => {
    const out = join(dir, name);
    const r = await runCli(['render', 'examples/leduc.gbg', '-o', out]);
    expect(r.code).toBe(0);
    expect(readFileSync(out, 'utf8')).toBe(expected);
  });

  it('--format wins over the extension', async () => {
    const out = join(dir, 'forced.md');
    expect((await runCli(['render', 'examples/leduc.gbg', '-o', out, '--format', 'txt'])).code).toBe(0);
    expect(readFileSync(out, 'utf8')).toBe(txt);
    const odd = join(dir, 'rules.rst');
    expect((await runCli(['render', 'examples/leduc.gbg', '-o', odd, '--format', 'md'])).code).toBe(0);
    expect(readFileSync(odd, 'utf8')).toBe(md);
  });

  it('an unknown extension without --format is bad usage naming the choices, and writes nothing', async () => {
    const out = join(dir, 'rules.html');
    const r = await runCli(['render', 'examples/leduc.gbg', '-o', out]);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      `gbgc: error: cannot tell the format of ${out} from its extension '.html': use .md, .markdown, .txt, .text, or give --format (md, txt)\n`,
    );
    expect(existsSync(out)).toBe(false);
  });

  it('standard output stays Markdown by default', async () => {
    expect((await runCli(['render', 'examples/leduc.gbg'])).stdout).toBe(md);
  });
});

describe('-o errors name the path and create nothing', () => {
  it.each([
    ['/proc/x.md', 'cannot write /proc/x.md: no such file or folder'],
    [tmpdir(), `cannot write ${tmpdir()}: it is a folder`],
    ['/nonexistent-gbgc/dir/x.md', 'cannot write /nonexistent-gbgc/dir/x.md: the folder /nonexistent-gbgc/dir does not exist'],
  ])('%s', async (out, message) => {
    const r = await runCli(['render', 'examples/kuhn.gbg', '-o', out]);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(`gbgc: error: ${message}\n`);
    expect(r.stderr).not.toContain('gbgc-tmp');
    expect(existsSync('/nonexistent-gbgc')).toBe(false);
  });
});
