/**
 * `gbgc worker --queue URL [--concurrency N]`: play the jobs (blocks of bot slots, single LLM
 * slots) of queued tournaments until stopped (SIGINT or SIGTERM finish the jobs in hand first).
 */
import type { RegisterCommand } from './index.js';
import { parseIntOption } from '../errors.js';
import { connectQueue, parseQueueUrl, startWorker } from '../../eval/queue/index.js';
import { ENGINE_VERSION } from '../../util/version.js';

export const registerWorker: RegisterCommand = (cmd, ctx) =>
  cmd
    .requiredOption('--queue <url>', 'the Redis of the queue (redis://HOST:PORT)')
    .option('--concurrency <n>', 'jobs played at once (useful for LLM slots, which wait on the provider)', '1')
    .option('--lock-duration <ms>', "how long a job stays locked without renewal; a stopped worker's job is played again after it", '30000')
    .option('--stalled-interval <ms>', 'how often to look for jobs of stopped workers', '30000')
    .option('--max-stalled <n>', 'times a job may be taken over before it fails', '5')
    .addHelpText(
      'after',
      '\nThe worker plays each slot exactly as a local run would and returns its record to the coordinator, which\n' +
        'writes the store. A job holds a block of bot slots (about 1 s of play) or one slot with an LLM seat; LLM\n' +
        "participants' on_failure (replay, discard) acts as in a local run. Jobs queued by another engine version are\n" +
        "refused (the job fails once). LLM participants read their keys from this machine's environment; nothing\n" +
        'secret goes through Redis. Participants with rpm share that limit across all workers of the Redis.\n' +
        'See docs/scale-out.md.\n\n' +
        'Examples:\n  gbgc worker --queue redis://10.0.0.5:6379 --concurrency 8',
    )
    .action(async (opts: { queue: string; concurrency: string; lockDuration: string; stalledInterval: string; maxStalled: string }) => {
      const url = parseQueueUrl(opts.queue);
      const concurrency = parseIntOption('--concurrency', opts.concurrency, 1, 1024);
      const lockDurationMs = parseIntOption('--lock-duration', opts.lockDuration, 100, 86_400_000);
      const stalledIntervalMs = parseIntOption('--stalled-interval', opts.stalledInterval, 100, 86_400_000);
      const maxStalledCount = parseIntOption('--max-stalled', opts.maxStalled, 0, 1000);
      const redis = await connectQueue(url);
      let slots = 0;
      const running = startWorker(redis, {
        concurrency,
        lockDurationMs,
        stalledIntervalMs,
        maxStalledCount,
        onJob: (_id, n) => {
          const before = slots;
          slots += n;
          if (ctx.io.stderrIsTTY && Math.floor(slots / 100) > Math.floor(before / 100)) ctx.io.stderr(`\r${slots} slots played`);
        },
        onFailed: (id, message) => ctx.io.stderr(`gbgc worker: job ${id} failed: ${message}\n`),
      });
      await running.worker.waitUntilReady();
      ctx.io.stderr(`gbgc worker: engine ${ENGINE_VERSION}, ${concurrency} at a time, queue ${url.display}\n`);
      await new Promise<void>((resolve) => {
        const stop = () => {
          process.off('SIGINT', stop);
          process.off('SIGTERM', stop);
          resolve();
        };
        process.on('SIGINT', stop);
        process.on('SIGTERM', stop);
      });
      await running.close();
      redis.disconnect();
      ctx.io.stderr(`gbgc worker: stopped after ${slots} slots\n`);
    });
