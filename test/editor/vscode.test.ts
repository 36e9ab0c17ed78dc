/**
 * The VS Code extension packages into a `.vsix` holding the bundled client, the grammar generated
 * from the parser and a manifest that wires them to `.gbg` files and `gbgc lsp`.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildVsix } from '../../scripts/build-vscode.js';

const dir = mkdtempSync(join(tmpdir(), 'gbgc-vsix-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Read one member of a zip archive (python3's zipfile: no unzip binary needed). */
function unzipMember(zip: string, member: string): string {
  return execFileSync('python3', ['-c', 'import sys, zipfile; sys.stdout.write(zipfile.ZipFile(sys.argv[1]).read(sys.argv[2]).decode())', zip, member], {
    encoding: 'utf8',
  });
}
function members(zip: string): string[] {
  return execFileSync('python3', ['-c', 'import sys, zipfile; print("\\n".join(zipfile.ZipFile(sys.argv[1]).namelist()))', zip], { encoding: 'utf8' })
    .trim()
    .split('\n');
}

describe('the VS Code extension', () => {
  it('packages a .vsix with the client bundle, the grammar and the manifest', async () => {
    const vsix = await buildVsix(join(dir, 'gbgc.vsix'));
    const names = members(vsix);
    expect(names).toEqual(
      expect.arrayContaining([
        'extension/package.json',
        'extension/dist/extension.js',
        'extension/syntaxes/gbg.tmLanguage.json',
        'extension/language-configuration.json',
        'extension.vsixmanifest',
      ]),
    );
    expect(names.some((n) => n.startsWith('extension/src/') || n.startsWith('extension/node_modules/'))).toBe(false);

    const manifest = JSON.parse(unzipMember(vsix, 'extension/package.json'));
    expect(manifest.contributes.languages[0]).toMatchObject({ id: 'gbg', extensions: ['.gbg'] });
    expect(manifest.contributes.grammars[0]).toMatchObject({ language: 'gbg', scopeName: 'source.gbg' });

    // The packaged grammar is the one generated from the parser.
    expect(unzipMember(vsix, 'extension/syntaxes/gbg.tmLanguage.json')).toBe(readFileSync('grammar/gbg.tmLanguage.json', 'utf8'));

    // The bundle starts the server as `gbgc lsp --stdio` and needs nothing but `vscode` at run time.
    const bundle = unzipMember(vsix, 'extension/dist/extension.js');
    expect(bundle).toContain('"lsp"');
    expect(bundle).toContain('"--stdio"');
    const requires = [...bundle.matchAll(/require\("([^"]+)"\)/g)].map((m) => m[1]);
    const external = requires.filter(
      (r) => !r.startsWith('node:') && !/^(child_process|crypto|events|fs|net|os|path|stream|url|util|assert|buffer|tty|readline)$/.test(r),
    );
    expect([...new Set(external)]).toEqual(['vscode']);
  });
});
