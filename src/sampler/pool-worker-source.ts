/**
 * Pool workers when gbgc runs from its TypeScript sources (tests, `tsx`): rather than loading
 * every module of a worker through a TypeScript loader (each worker transpiling the whole sampler
 * again, which cost more CPU than the work itself), the worker entry is bundled once per process
 * with esbuild (a development dependency, present whenever the sources run) into plain JavaScript
 * under `node_modules/.cache/gbgc/`, named by its content's hash, and every worker starts from it.
 * Built code (`dist/`) never comes here: it starts its own compiled worker.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

let bundled: Promise<URL> | undefined;

/**
 * URL of the bundled worker entry (`pool-worker.ts`, what it imports from `src/` and the libraries
 * it uses, native packages excepted).
 * @throws Error when esbuild is missing or the bundle cannot be written
 */
export function sourceWorkerUrl(): Promise<URL> {
  return (bundled ??= bundle());
}

async function bundle(): Promise<URL> {
  const { build } = await import('esbuild');
  const root = fileURLToPath(new URL('../../', import.meta.url));
  const result = await build({
    entryPoints: [fileURLToPath(new URL('./pool-worker.ts', import.meta.url))],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    // Libraries bundled in, as in the built CLI (scripts/build.mjs): left external, a worker
    // resolved and loaded about a thousand module files at each start (chevrotain's lodash-es).
    external: ['better-sqlite3', '@resvg/resvg-js', 'playwright-core', 'esbuild'],
    // CommonJS packages inside an ES module bundle need a `require` for Node's built-ins.
    banner: { js: "import { createRequire as __gbgcRequire } from 'node:module'; const require = __gbgcRequire(import.meta.url);" },
    // Keep import.meta.url-relative paths (the render templates) right: the bundle is written two
    // levels below the package root, like src/<folder>/.
    outfile: join(root, 'node_modules/.cache/gbgc/pool-worker.mjs'),
    logLevel: 'silent',
  });
  const text = result.outputFiles[0]!.text;
  const dir = join(root, 'node_modules/.cache/gbgc');
  const file = join(dir, `pool-worker-${createHash('sha256').update(text).digest('hex').slice(0, 16)}.mjs`);
  if (!existsSync(file)) {
    mkdirSync(dir, { recursive: true });
    const tmp = `${file}.${process.pid}.tmp`;
    writeFileSync(tmp, text);
    renameSync(tmp, file);
  }
  return pathToFileURL(file);
}
