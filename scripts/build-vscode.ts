/**
 * Build the VS Code extension in `editors/vscode` into a `.vsix`: type-check its client, bundle it
 * with esbuild (one CommonJS file, `vscode` external), copy the TextMate grammar from `grammar/`,
 * and package with `@vscode/vsce` (no node_modules in the package: the bundle holds everything).
 *
 * Usage: `npm run vscode [-- --out PATH]` (default `editors/vscode/gbgc-vscode.vsix`).
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { createVSIX } from '@vscode/vsce';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const ext = join(root, 'editors/vscode');

/** Build the extension and return the path of the `.vsix`. */
export async function buildVsix(out = join(ext, 'gbgc-vscode.vsix')): Promise<string> {
  execFileSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', join(ext, 'tsconfig.json')], { stdio: 'inherit' });
  await build({
    entryPoints: [join(ext, 'src/extension.ts')],
    outfile: join(ext, 'dist/extension.js'),
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node18',
    external: ['vscode'],
    minify: true,
    logLevel: 'warning',
  });
  mkdirSync(join(ext, 'syntaxes'), { recursive: true });
  copyFileSync(join(root, 'grammar/gbg.tmLanguage.json'), join(ext, 'syntaxes/gbg.tmLanguage.json'));
  await createVSIX({ cwd: ext, packagePath: out, dependencies: false, allowMissingRepository: true, allowStarActivation: false });
  return out;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const i = process.argv.indexOf('--out');
  const out = await buildVsix(i > 0 ? resolve(process.argv[i + 1]) : undefined);
  console.log(`wrote ${out}`);
}
