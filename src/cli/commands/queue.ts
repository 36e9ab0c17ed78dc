/**
 * `gbgc queue status --queue URL [--json]`: the slots of each queued tournament by the state of their jobs.
 */
import type { RegisterCommand } from './index.js';
import { connectQueue, parseQueueUrl, queueStatus } from '../../eval/queue/index.js';

export const registerQueue: RegisterCommand = (queue, ctx) => {
  queue
    .command('status')
    .description('slots in waiting, active, completed and failed jobs, and stalled slots, per queued tournament')
    .requiredOption('--queue <url>', 'the Redis of the queue (redis://HOST:PORT)')
    .option('--json', 'print the figures as JSON')
    .addHelpText(
      'after',
      '\nFigures count slots (a job holds a block of bot slots or one LLM slot). completed counts slots in jobs finished\n' +
        'but not yet recorded by the coordinator (recorded ones are removed from Redis); stalled counts slots taken over\n' +
        'after their worker stopped; jobs counts the jobs of the tournament in the queue.\n' +
        'JSON: a list of {commitment, config, total, recorded, enqueued, waiting, active, completed, failed, jobs, stalled}.\n\n' +
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
            `    ${r.recorded}/${r.total} recorded; waiting ${r.waiting}, active ${r.active}, completed ${r.completed}, failed ${r.failed}, stalled ${r.stalled} (${r.jobs} job${r.jobs === 1 ? '' : 's'} in the queue)`,
          );
        }
        ctx.io.stdout(`${lines.join('\n')}\n`);
      } finally {
        redis.disconnect();
      }
    });
  return queue;
};
