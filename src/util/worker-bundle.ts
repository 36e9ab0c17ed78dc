/**
 * Worker threads when gbgc runs from its TypeScript sources (tests, `tsx`): rather than loading
 * every module of a worker through a TypeScript loader (each worker transpiling its imports again,
 * which cost more CPU than the work itself), a worker entry is bundled once per process with
 * esbuild (a development dependency, present whenever the sources run) into plain JavaScript under
 * `node_modules/.cache/gbgc/`, named by its content's hash, and every worker starts from it.
 * Built code (`dist/`) never comes here: it starts its own compiled worker.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const bundles = new Map<string, Promise<URL>>();

/**
 * URL of the bundled worker entry `entry` (a `.ts` file under `src/`, with what it imports from
 * `src/` and the libraries it uses; native packages stay imports resolved from `node_modules`). One bundle per entry
 * and process; `name` prefixes the cached file (`<name>-<hash>.mjs`).
 * @throws Error when esbuild is missing or the bundle cannot be written
 */
export function bundledWorkerUrl(entry: URL, name: string): Promise<URL> {
  let b = bundles.get(entry.href);
  if (!b) bundles.set(entry.href, (b = bundle(entry, name)));
  return b;
}

async function bundle(entry: URL, name: string): Promise<URL> {
  const { build } = await import('esbuild');
  const root = fileURLToPath(new URL('../../', import.meta.url));
  const result = await build({
    entryPoints: [fileURLToPath(entry)],
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
    outfile: join(root, `node_modules/.cache/gbgc/${name}.mjs`),
    logLevel: 'silent',
  });
  const text = result.outputFiles[0]!.text;
  const dir = join(root, 'node_modules/.cache/gbgc');
  const file = join(dir, `${name}-${createHash('sha256').update(text).digest('hex').slice(0, 16)}.mjs`);
  if (!existsSync(file)) {
    mkdirSync(dir, { recursive: true });
    const tmp = `${file}.${process.pid}.tmp`;
    writeFileSync(tmp, text);
    renameSync(tmp, file);
  }
  return pathToFileURL(file);
}

/** Node options without the ones that install module loaders (`--import`, `--loader`, `--require` and their values). */
export function withoutModuleLoaders(execArgv: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < execArgv.length; i++) {
    const a = execArgv[i];
    if (/^(--import|--loader|--experimental-loader|--require|-r)$/.test(a)) i++;
    else if (!/^(--import|--loader|--experimental-loader|--require)=/.test(a)) out.push(a);
  }
  return out;
}

/**
 * Resource limits of gbgc's CPU-bound worker threads (pool, axes): a 48 MB young generation.
 * With Node's default for worker threads, a pool worker spent about 30 % more CPU per accepted
 * game (28.3 against 19.9 ms, `bench/sampler.ts`, one worker, 960 games) collecting the short-lived
 * objects of its episodes; 96 MB measured the same as 48. The axes workers measured the same either
 * way (60 games at the fast tier: 11.1–11.4 s).
 */
export const WORKER_RESOURCE_LIMITS = { maxYoungGenerationSizeMb: 48 } as const;
