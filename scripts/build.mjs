// The build after `tsc -p tsconfig.build.json` (run by `npm run build` and `prepare`):
// 1. copies the generated IR validators (plain JavaScript, see scripts/gen-ir-validator.ts) into dist/;
// 2. bundles the CLI, the pool worker and the axes worker with esbuild into dist/bundle/, which bin/gbgc.js loads:
//    one file per entry plus shared chunks, so a start reads a handful of files instead of about a
//    thousand modules, and libraries needed by one command only (Prettier, Handlebars) load on
//    first use. Native packages stay external. The bundle sits two levels below the package root,
//    like dist/<folder>/, so paths resolved from import.meta.url (the render templates) still hold.
import { build } from 'esbuild';
import { copyFileSync, mkdirSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
mkdirSync(`${root}dist/ir`, { recursive: true });
copyFileSync(`${root}src/ir/validate-ir.generated.js`, `${root}dist/ir/validate-ir.generated.js`);
copyFileSync(`${root}src/ir/validate-ir.generated.d.ts`, `${root}dist/ir/validate-ir.generated.d.ts`);
copyFileSync(`${root}src/ir/validate-ir-first.generated.js`, `${root}dist/ir/validate-ir-first.generated.js`);
copyFileSync(`${root}src/ir/validate-ir-first.generated.d.ts`, `${root}dist/ir/validate-ir-first.generated.d.ts`);

const outdir = `${root}dist/bundle`;
rmSync(outdir, { recursive: true, force: true });
await build({
  absWorkingDir: root,
  entryPoints: ['src/cli/main.ts', 'src/sampler/pool-worker.ts', 'src/eval/axes/worker.ts'],
  outdir,
  entryNames: '[name]',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  minify: true,
  // esbuild is reached only from TypeScript sources (src/util/worker-bundle.ts), never from the bundle.
  external: ['better-sqlite3', '@resvg/resvg-js', 'playwright-core', 'esbuild'],
  // CommonJS packages inside an ES module bundle need a `require` for Node's built-ins.
  banner: { js: "import { createRequire as __gbgcRequire } from 'node:module'; const require = __gbgcRequire(import.meta.url);" },
  logLevel: 'warning',
});
