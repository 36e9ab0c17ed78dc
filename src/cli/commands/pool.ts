/**
 * `gbgc pool --count N --complexity A..B --seed S --out DIR [--workers K]`: build an accepted pool
 * of generated games on worker threads — one `.gbg` per game and `index.jsonl` — resumable after
 * an interruption (rerun the same command).
 */
import { availableParallelism } from 'node:os';
import type { RegisterCommand } from './index.js';
import { UsageError, UserError, parseIntOption, parseNumberOption, parseSeedOption } from '../errors.js';
import { MAX_SEED, PoolError, buildPool, type PoolSummary } from '../../sampler/index.js';
import { addFilterOptions, builderFromFlags, filterFromFlags, type FilterFlags } from '../filter-flags.js';
import { startProgress } from '../progress.js';

/**
 * Parse a complexity range `A..B` (or a single number `A`).
 * @throws UsageError when it is malformed, outside [0, 1] or decreasing
 */
export function parseComplexityRange(text: string): [number, number] {
  const parts = text.split('..');
  if (parts.length > 2) throw new UsageError(`--complexity takes A..B or one number, got '${text}'`);
  const lo = parseNumberOption('--complexity', parts[0], 0, 1);
  const hi = parts.length === 2 ? parseNumberOption('--complexity', parts[1], 0, 1) : lo;
  if (hi < lo) throw new UsageError(`--complexity range ${text} is decreasing`);
  return [lo, hi];
}

/** The human-readable summary of a pool run. */
export function formatPoolSummary(s: PoolSummary): string {
  const filled = s.resumed + s.built;
  const lines = [
    `${s.out}: ${filled}/${s.count} games${s.resumed > 0 ? ` (${s.resumed} from an earlier run)` : ''}${s.redone > 0 ? `; ${s.redone} index line${s.redone === 1 ? '' : 's'} that did not match ${s.redone === 1 ? 'its' : 'their'} game file built again` : ''}`,
    `  this run        ${s.built} accepted from ${s.tries} candidates${s.tries > 0 ? ` (acceptance rate ${((100 * s.built) / s.tries).toFixed(1)}%)` : ''} in ${s.seconds.toFixed(1)} s`,
    `  throughput      ${s.gamesPerMinute.toFixed(1)} accepted games per minute`,
  ];
  const a = s.acceptance;
  if (a.candidates > 0) {
    const by = Object.entries(a.rejectedByCheck).sort((x, y) => y[1] - x[1]);
    lines.push(`  whole pool      ${a.accepted} accepted of ${a.candidates} candidates: acceptance rate ${(100 * a.rate).toFixed(1)}%`);
    lines.push(`  rejected by     ${by.length ? by.map(([k, n]) => `${k} ${n}`).join(', ') : 'none'} (a candidate failing several checks counts under each)`);
  }
  for (const f of s.failed.slice(0, 10)) lines.push(`  slot ${f.slot} left empty: ${f.error}`);
  return `${lines.join('\n')}\n`;
}

interface PoolFlags extends FilterFlags {
  count: string;
  complexity: string;
  seed: string;
  out: string;
  workers?: string;
  maxTries: string;
  json?: boolean;
}

export const registerPool: RegisterCommand = (cmd, ctx) =>
  addFilterOptions(
    cmd
      .requiredOption('-n, --count <n>', 'number of games')
      .requiredOption('-c, --complexity <A..B>', 'complexity range (spread evenly over the games), or one number')
      .option('-s, --seed <s>', `pool seed (a whole number from 0 to ${MAX_SEED})`, '0')
      .requiredOption('--out <dir>', 'directory of the pool')
      .option('--workers <k>', `worker threads (default: the number of cores, ${availableParallelism()} here)`)
      .option('--max-tries <n>', 'most candidate seeds per game', '100')
      .option('--json', 'print the run summary as JSON'),
  )
    .addHelpText(
      'after',
      '\nGame i starts from seed Alea("gbgc-pool/<seed>/<i>") at complexity A + (B − A)·i/(N − 1) (3 decimals) and is\n' +
        'the first candidate of that seed accepted by the filter. DIR/index.jsonl has one line per game: slot, file, seed,\n' +
        "complexity, rulesetHash, tries, acceptance (each check's measured value), rejected (the slot's rejected candidates\n" +
        'by failed check). The summary gives the acceptance rate of the whole pool and its rejections by check. Rerunning the same command after an\n' +
        'interruption fills only the missing games; DIR/pool.json keeps the settings and other settings are refused.\n\n' +
        'JSON fields: out, count, resumed, built, failed, tries, seconds, gamesPerMinute, acceptance (accepted, candidates,\n' +
        'rate, rejectedByCheck: the whole pool).\n\n' +
        'Examples:\n  gbgc pool --count 2000 --complexity 0..1 --seed 1 --out pool/\n  gbgc pool -n 50 -c 0.7 --out pool-07 --workers 2 --filter v1',
    )
    .action(async (opts: PoolFlags) => {
      const count = parseIntOption('--count', opts.count, 1, 10_000_000);
      const complexity = parseComplexityRange(opts.complexity);
      const seed = parseSeedOption(opts.seed, '--seed', MAX_SEED);
      const workers = opts.workers === undefined ? availableParallelism() : parseIntOption('--workers', opts.workers, 1, 1024);
      const maxTries = parseIntOption('--max-tries', opts.maxTries, 1, 1_000_000);
      const filter = filterFromFlags(opts);
      const builder = builderFromFlags(opts);
      const progress = startProgress(ctx.io, count, 'pool [{bar}] {value}/{total} games');
      let summary: PoolSummary;
      try {
        summary = await buildPool({ count, complexity, seed, out: opts.out, workers, filter, maxTries, repair: opts.repair, builder }, (filled) =>
          progress.update(filled),
        );
      } catch (e) {
        if (e instanceof PoolError) throw new UserError(e.message);
        throw e;
      } finally {
        progress.stop();
      }
      ctx.io.stdout(opts.json ? `${JSON.stringify(summary, null, 2)}\n` : formatPoolSummary(summary));
      if (summary.failed.length > 0) ctx.exitCode = 1;
    });
