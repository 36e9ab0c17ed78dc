/**
 * `gbgc worker --queue URL [--concurrency N]`: play slot jobs of queued tournaments until stopped
 * (SIGINT or SIGTERM finish the slots in hand first).
 */
import type { RegisterCommand } from './index.js';
import { parseIntOption } from '../errors.js';
import { connectQueue, parseQueueUrl, startWorker } from '../../eval/queue/index.js';
import { ENGINE_VERSION } from '../../util/version.js';

export const registerWorker: RegisterCommand = (cmd, ctx) =>
  cmd
    .requiredOption('--queue <url>', 'the Redis of the queue (redis://HOST:PORT)')
    .option('--concurrency <n>', 'slots played at once', '1')
    .option('--lock-duration <ms>', "how long a slot job stays locked without renewal; a stopped worker's slot is played again after it", '30000')
    .option('--stalled-interval <ms>', 'how often to look for slot jobs of stopped workers', '30000')
    .option('--max-stalled <n>', 'times a slot job may be taken over before it fails', '5')
    .addHelpText(
      'after',
      '\nThe worker plays each slot exactly as a local run would and returns its record to the coordinator, which\n' +
        'writes the store. Jobs queued by another engine version are refused (the job fails once). LLM participants\n' +
        "read their keys from this machine's environment; nothing secret goes through Redis. Participants with rpm\n" +
        'share that limit across all workers of the Redis. See docs/scale-out.md.\n\n' +
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
        onSlot: () => {
          slots++;
          if (ctx.io.stderrIsTTY && slots % 100 === 0) ctx.io.stderr(`\r${slots} slots played`);
        },
        onFailed: (id, message) => ctx.io.stderr(`gbgc worker: slot ${id} failed: ${message}\n`),
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
