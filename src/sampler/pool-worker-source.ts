/**
 * Pool workers when gbgc runs from its TypeScript sources (tests, `tsx`): the worker entry
 * `pool-worker.ts` is bundled once per process (see `src/util/worker-bundle.ts`).
 * Built code (`dist/`) never comes here: it starts its own compiled worker.
 */
import { bundledWorkerUrl } from '../util/worker-bundle.js';

/**
 * URL of the bundled worker entry (`pool-worker.ts` and what it imports from `src/`).
 * @throws Error when esbuild is missing or the bundle cannot be written
 */
export function sourceWorkerUrl(): Promise<URL> {
  return bundledWorkerUrl(new URL('./pool-worker.ts', import.meta.url), 'pool-worker');
}
