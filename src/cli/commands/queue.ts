/**
 * `gbgc queue status --queue URL [--json]`: the slot jobs of each queued tournament by state.
 */
import type { RegisterCommand } from './index.js';
import { connectQueue, parseQueueUrl, queueStatus } from '../../eval/queue/index.js';

export const registerQueue: RegisterCommand = (queue, ctx) => {
  queue
    .command('status')
    .description('waiting, active, completed, failed and stalled slot jobs per queued tournament')
    .requiredOption('--queue <url>', 'the Redis of the queue (redis://HOST:PORT)')
    .option('--json', 'print the figures as JSON')
    .addHelpText(
      'after',
      '\ncompleted counts jobs finished but not yet recorded by the coordinator (recorded ones are removed from\n' +
        'Redis); stalled counts slots taken over after their worker stopped.\n' +
        'JSON: a list of {commitment, config, total, recorded, enqueued, waiting, active, completed, failed, stalled}.\n\n' +
        'Examples:\n  gbgc queue status --queue redis://10.0.0.5:6379',
    )
    .action(async (opts: { queue: string; json?: boolean }) => {
      const url = parseQueueUrl(opts.queue);
      const redis = await connectQueue(url);
      try {
        const rows = await queueStatus(redis);
        if (opts.json) {
          ctx.io.stdout(`${JSON.stringify(rows, null, 2)}\n`);
          return;
        }
        if (rows.length === 0) {
          ctx.io.stdout(`${url.display}: no queued tournament\n`);
          return;
        }
        const lines = [`${url.display}: ${rows.length} tournament${rows.length === 1 ? '' : 's'}`];
        for (const r of rows) {
          lines.push(`  ${r.commitment.slice(0, 16)}…  ${r.config ?? ''}`);
          lines.push(
            `    ${r.recorded}/${r.total} recorded; waiting ${r.waiting}, active ${r.active}, completed ${r.completed}, failed ${r.failed}, stalled ${r.stalled}`,
          );
        }
        ctx.io.stdout(`${lines.join('\n')}\n`);
      } finally {
        redis.disconnect();
      }
    });
  return queue;
};
