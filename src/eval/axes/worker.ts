/**
 * An axes worker thread: receives one game's IR with the measurement settings ({@link AxesJob}),
 * computes the axes of its set and posts them back ({@link AxesResult}). Started by {@link axesOnWorkers}.
 */
import { parentPort } from 'node:worker_threads';
import { compileAnyGame } from '../../interpreter/game.js';
import { computeAxes } from './index.js';
import type { AxesJob, AxesResult } from './parallel.js';

const port = parentPort;
if (!port) throw new Error('worker.ts runs only as a worker thread');

port.on('message', (job: AxesJob) => {
  let result: AxesResult;
  try {
    result = {
      id: job.id,
      ok: true,
      axes: computeAxes(compileAnyGame(job.ir), job.set, { tier: job.tier, seed: job.seed, exact: job.exact, riskWeights: job.riskWeights }),
    };
  } catch (e) {
    result = { id: job.id, ok: false, error: (e as Error).message, user: (e as { exitCode?: number }).exitCode === 1 };
  }
  port.postMessage(result);
});
