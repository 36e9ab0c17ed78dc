/**
 * A pool worker thread: receives slots to fill (`PoolJob`), samples each with the acceptance
 * filter, in the order received, and posts back the accepted game as formatted source with its
 * ruleset hash (`PoolResult`). Started by `buildPool` in `pool.ts`.
 */
import { parentPort } from 'node:worker_threads';
import { sampleAccepted, rejectionsByCheck, NoAcceptedCandidateError } from './candidates.js';
import type { PoolJob, PoolResult } from './pool.js';

const port = parentPort;
if (!port) throw new Error('pool-worker.ts runs only as a worker thread');

// Slots are filled one at a time, in the order they arrive (the pool sends the next one early,
// so it waits here rather than the worker waiting for it).
const jobs: PoolJob[] = [];
let busy = false;
port.on('message', (job: PoolJob) => {
  jobs.push(job);
  if (!busy) void drain();
});

async function drain(): Promise<void> {
  busy = true;
  for (let job = jobs.shift(); job; job = jobs.shift()) port!.postMessage(await run(job));
  busy = false;
}

async function run(job: PoolJob): Promise<PoolResult> {
  try {
    const r = await sampleAccepted(job.seed, job.complexity, { filter: job.filter, maxTries: job.maxTries, repair: job.repair, builder: job.builder });
    return {
      slot: job.slot,
      ok: true,
      seed: r.game.seed,
      complexity: r.game.complexity,
      rulesetHash: r.game.rulesetHash,
      source: r.game.source,
      tries: r.tries,
      checks: Object.fromEntries((r.report?.checks ?? []).map((c) => [c.name, c.value])),
      rejected: rejectionsByCheck(r.rejected),
    };
  } catch (e) {
    const tries = e instanceof NoAcceptedCandidateError ? e.rejected.length : 0;
    return { slot: job.slot, ok: false, error: (e as Error).message, tries };
  }
}
