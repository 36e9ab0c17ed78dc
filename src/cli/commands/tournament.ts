/**
 * `gbgc tournament CONFIG [--commit] [--store FILE] [--json]`: play a tournament config into its
 * run store, resuming where it stopped; `--commit` only records and prints the commitment hash.
 */
import type { RegisterCommand } from './index.js';
import { readConfig, buildPlan, checkPlanAgainstStore, openStoreFor, type TournamentPlan } from '../../eval/tournament/index.js';
import { MAX_REPLAYS } from '../../eval/tournament/run.js';
import { INTERRUPTED_EXIT, interruptedLine, playPlan } from '../run-tournament.js';
import { ENGINE_VERSION } from '../../util/version.js';
import { estimateTournamentLlm } from '../../eval/llm/tournament.js';
import { formatDryRun } from '../../eval/llm/dry-run.js';
import { startProgress } from '../progress.js';
import { connectQueue, parseQueueUrl, runQueuedTournament, type QueueUrl } from '../../eval/queue/index.js';
import { UserError } from '../../util/errors.js';
import { refuseOutputOverInput } from '../../util/fs.js';
import { commitBlocks, withStoreErrors } from '../../eval/store/index.js';
import type { CliContext } from '../io.js';

/** What `on_failure` did to a run's slots, in words (none when it did nothing). */
function lostMoveNotes(r: { replayed?: number; unreplayed?: number; discarded?: number }): string[] {
  return [
    r.replayed ? `${r.replayed} replayed after a lost move` : '',
    r.unreplayed ? `${r.unreplayed} still lost after ${MAX_REPLAYS} replays (missing)` : '',
    r.discarded ? `${r.discarded} discarded after a lost move` : '',
  ].filter(Boolean);
}

/** The coordinator: enqueue the missing slots, collect what the workers return into the store. */
async function runThroughQueue(ctx: CliContext, plan: TournamentPlan, url: QueueUrl, json: boolean): Promise<void> {
  if (plan.config.budgetUsd !== null)
    throw new UserError(`${plan.configPath}: budget_usd is not enforced across queue workers; remove it or play locally (without --queue)`);
  const store = openStoreFor(plan, (line) => ctx.io.stderr(`gbgc: note: ${line}\n`));
  let redis: Awaited<ReturnType<typeof connectQueue>>;
  try {
    redis = await connectQueue(url);
  } catch (e) {
    store.close();
    throw e;
  }
  const progress = startProgress(ctx.io, plan.slots.length, 'tournament [{bar}] {value}/{total} slots | {rate} slots/s | ETA {eta_formatted}');
  const t0 = performance.now();
  const before = store.doneSlotIds().size;
  progress.update(before);
  try {
    const report = await withStoreErrors(plan.storePath, () =>
      runQueuedTournament(plan, store, redis, {
        ...(plan.config.queueBlockSlots !== null ? { blockSlots: plan.config.queueBlockSlots } : {}),
        onNotice: (line) => ctx.io.stderr(`gbgc: note: ${line}\n`),
        onProgress: (done) => {
          const s = (performance.now() - t0) / 1000;
          progress.update(done, { rate: s > 0 ? Math.round((done - before) / s) : '-' });
        },
      }),
    );
    const out = { ...report, store: plan.storePath, engineVersion: ENGINE_VERSION, queue: url.display };
    const failedLines =
      report.failed
        .slice(0, 10)
        .map((f) => `  slot ${f.slot} failed: ${f.reason}\n`)
        .join('') + (report.failed.length > 10 ? `  … and ${report.failed.length - 10} more failed slots\n` : '');
    const notes = [
      report.errors ? `${report.errors} with errors` : '',
      ...lostMoveNotes(report),
      report.failed.length ? `${report.failed.length} failed` : '',
    ].filter(Boolean);
    ctx.io.stdout(
      json
        ? `${JSON.stringify(out, null, 2)}\n`
        : `${plan.slots.length} slots: ${report.alreadyDone} already in the store, ${report.played} played now by workers on ${url.display} (${report.enqueued} queued now in ${report.jobs} job${report.jobs === 1 ? '' : 's'})${notes.map((n) => `, ${n}`).join('')} (${report.seconds.toFixed(1)} s)\n${failedLines}  store ${plan.storePath}\n  commitment ${plan.commitment}\n`,
    );
    if (report.errors > 0 || report.failed.length > 0) ctx.exitCode = 1;
  } finally {
    progress.stop();
    store.close();
    redis.disconnect();
  }
}

export const registerTournament: RegisterCommand = (cmd, ctx) =>
  cmd
    .argument('<config>', 'tournament config (.yaml, .yml or .json)')
    .option('--commit', 'record the commitment hash of the config in the store and print it, without playing')
    .option('--store <file>', 'run store path (default: the config\'s "store", relative to the config)')
    .option('--dry-run', 'estimate calls, tokens and cost of each LLM participant, without playing or calling anything')
    .option('--queue <url>', 'play through gbgc workers on this Redis (redis://HOST:PORT) instead of locally (default: the config\'s "queue")')
    .option('--json', 'print the figures as JSON')
    .addHelpText(
      'after',
      '\nRerunning the same config plays only the slots the store does not hold (also after a crash or kill -9).\n' +
        'A config that would change finished slots (seed, games, participants, schedule) is refused, naming what changed.\n' +
        'The commitment is the SHA-256 of (config, ruleset hashes, engine version, seeds).\n' +
        'JSON fields: total, alreadyDone, played, errors, seconds, commitment, store, engineVersion; with LLM players also\n' +
        'stoppedByBudget, budgetUsd and spentUsd (what every run of this store spent), replayed, unreplayed and discarded (on_failure).\n' +
        'See docs/tournaments.md for the config reference.\n\n' +
        'With --queue (or queue: in the config) this process enqueues the missing slots in Redis, `gbgc worker`s on any\n' +
        'machine play them, and it records the finished slots in the store; rerun it after a crash (see docs/scale-out.md).\n' +
        'Bot slots travel in blocks of about 1 s of play per job (queue_block_slots: N in the config sets the size).\n' +
        'JSON fields with --queue: also enqueued, jobs, blockSlots ({game: slots per job}) and failed ([{slot, reason}]).\n\n' +
        'LLM participants (kind: llm) read their keys from the environment; budget_usd stops at a slot boundary (see docs/llm.md).\n\n' +
        'Examples:\n  gbgc tournament examples/tournament.yaml --commit\n  gbgc tournament examples/tournament.yaml\n  gbgc tournament llm.yaml --dry-run',
    )
    .action(async (configPath: string, opts: { commit?: boolean; store?: string; json?: boolean; dryRun?: boolean; queue?: string }) => {
      const flagQueue = opts.queue === undefined ? undefined : parseQueueUrl(opts.queue);
      const config = readConfig(configPath);
      let queueUrl: QueueUrl | undefined = flagQueue;
      if (!queueUrl && config.queue) {
        try {
          queueUrl = parseQueueUrl(config.queue, 'queue');
        } catch (e) {
          throw new UserError(`${configPath}: ${(e as Error).message}`);
        }
      }
      const plan = buildPlan(configPath, config, opts.store);
      refuseOutputOverInput([plan.storePath], [configPath, ...plan.games.map((g) => g.file)]);
      if (opts.dryRun) {
        const rows = estimateTournamentLlm(plan);
        if (opts.json) ctx.io.stdout(`${JSON.stringify({ slots: plan.slots.length, participants: rows }, null, 2)}\n`);
        else if (rows.length === 0) ctx.io.stdout(`${plan.slots.length} slots; no LLM participant: nothing to estimate\n`);
        else ctx.io.stdout(`${plan.slots.length} slots (estimate: no call is made)\n${formatDryRun(rows)}`);
        return;
      }
      withStoreErrors(plan.storePath, () => checkPlanAgainstStore(plan));
      const notice = (line: string): void => ctx.io.stderr(`gbgc: note: ${line}\n`);
      if (opts.commit) {
        const store = openStoreFor(plan, notice);
        let blocks = 0;
        try {
          withStoreErrors(plan.storePath, () => {
            store.setMeta('commitment', plan.commitment);
            // One commitment per block (the slots of a game dealt one play seed), published before it completes.
            const byBlock = new Map<string, { game: string; playSeed: number; slots: number }>();
            for (const sl of plan.slots) {
              const game = plan.games[sl.game].rulesetHash;
              const key = `${game}:${sl.playSeed}`;
              const b = byBlock.get(key);
              if (b) b.slots++;
              else byBlock.set(key, { game, playSeed: sl.playSeed, slots: 1 });
            }
            blocks = commitBlocks(store, ENGINE_VERSION, [...byBlock.values()]).length;
          });
        } finally {
          store.close();
        }
        ctx.io.stdout(
          opts.json
            ? `${JSON.stringify({ commitment: plan.commitment, store: plan.storePath, slots: plan.slots.length, blocks, engineVersion: ENGINE_VERSION }, null, 2)}\n`
            : `commitment ${plan.commitment}\n  ${plan.slots.length} slots in ${blocks} blocks (one commitment each: gbgc records blocks ${plan.storePath}), engine ${ENGINE_VERSION}, store ${plan.storePath}\n`,
        );
        return;
      }
      if (queueUrl) return runThroughQueue(ctx, plan, queueUrl, !!opts.json);
      const report = await playPlan(ctx, plan, notice);
      if (report.interrupted) {
        ctx.io.stderr(interruptedLine(report, `gbgc tournament ${configPath}${opts.store ? ` --store ${opts.store}` : ''}`));
        ctx.exitCode = INTERRUPTED_EXIT;
        return;
      }
      const { spentUsd: spent, warnings, ...played } = report;
      const out = {
        ...played,
        ...(plan.config.budgetUsd !== null ? { budgetUsd: plan.config.budgetUsd, spentUsd: spent } : {}),
        store: plan.storePath,
        engineVersion: ENGINE_VERSION,
      };
      for (const w of warnings) ctx.io.stderr(`warning: ${w}\n`);
      const llmNotes = [
        ...lostMoveNotes(report),
        report.stoppedByBudget
          ? `stopped at the LLM budget (US$${spent.toFixed(2)} of US$${plan.config.budgetUsd} spent by this store's runs; the rest stay missing)`
          : '',
      ].filter(Boolean);
      ctx.io.stdout(
        opts.json
          ? `${JSON.stringify(out, null, 2)}\n`
          : `${plan.slots.length} slots: ${report.alreadyDone} already in the store, ${report.played} played now${report.errors ? `, ${report.errors} with errors` : ''}${llmNotes.map((n) => `, ${n}`).join('')} (${report.seconds.toFixed(1)} s)\n  store ${plan.storePath}\n  commitment ${plan.commitment}\n`,
      );
      if (report.errors > 0) ctx.exitCode = 1;
    });
