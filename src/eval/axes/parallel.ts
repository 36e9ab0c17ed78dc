/**
 * The axes of many games on worker threads (one game per job, each worker takes the next game when
 * it is done). The values are the same as in-process: every axis is a pure function of (game,
 * tier, seed, exact). From TypeScript sources (tests, `tsx`) the worker entry is bundled once per
 * process with esbuild, as the pool's workers are (`src/util/worker-bundle.ts`).
 */
import { Worker } from 'node:worker_threads';
import type { GameIR } from '../../ir/schema.js';
import { UserError } from '../../util/errors.js';
import { WORKER_RESOURCE_LIMITS, bundledWorkerUrl, withoutModuleLoaders } from '../../util/worker-bundle.js';
import type { AxisSet } from './index.js';
import type { RiskWeights } from './risk.js';

/** One game to measure. */
export interface AxesJob {
  id: number;
  ir: GameIR;
  set: AxisSet;
  tier: 'fast' | 'precise';
  seed: number;
  exact: boolean;
  /** Risk's w_I (v2 set; risk.ts). */
  riskWeights?: RiskWeights;
}

/** A worker's answer. `user`: the failure is about the input (e.g. a tree too large for exact mode). */
export type AxesResult = { id: number; ok: true; axes: Record<string, number> } | { id: number; ok: false; error: string; user: boolean };

async function startWorker(): Promise<Worker> {
  if (!import.meta.url.endsWith('.ts')) return new Worker(new URL('./worker.js', import.meta.url), { resourceLimits: WORKER_RESOURCE_LIMITS });
  // Without the parent's TypeScript loader: the bundle is plain JavaScript (see src/sampler/pool.ts).
  return new Worker(await bundledWorkerUrl(new URL('./worker.ts', import.meta.url), 'axes-worker'), {
    execArgv: withoutModuleLoaders(process.execArgv),
    resourceLimits: WORKER_RESOURCE_LIMITS,
  });
}

function ask(worker: Worker, job: AxesJob): Promise<AxesResult> {
  return new Promise((resolve, reject) => {
    const cleanup = () => {
      worker.off('message', onMessage);
      worker.off('error', onError);
      worker.off('exit', onExit);
    };
    const onMessage = (r: AxesResult) => (cleanup(), resolve(r));
    const onError = (e: Error) => (cleanup(), reject(e));
    const onExit = (code: number) => (cleanup(), reject(new Error(`axes worker exited with code ${code}`)));
    worker.on('message', onMessage);
    worker.on('error', onError);
    worker.on('exit', onExit);
    worker.postMessage(job);
  });
}

/**
 * Measure every job on `workers` threads; `onDone` is called in completion order.
 * @throws UserError for a failure caused by the input (the first one); Error for anything else
 */
export async function axesOnWorkers(jobs: readonly AxesJob[], workers: number, onDone: (job: AxesJob, axes: Record<string, number>) => void): Promise<void> {
  const queue = [...jobs];
  const started: Worker[] = [];
  try {
    await Promise.all(
      Array.from({ length: Math.max(0, Math.min(workers, jobs.length)) }, async () => {
        const w = await startWorker();
        started.push(w);
        for (let job = queue.shift(); job; job = queue.shift()) {
          const r = await ask(w, job);
          if (!r.ok) {
            queue.length = 0;
            throw r.user ? new UserError(r.error) : new Error(r.error);
          }
          onDone(job, r.axes);
        }
      }),
    );
  } finally {
    await Promise.all(started.map((w) => w.terminate()));
  }
}
