/**
 * Playing a tournament plan on this machine, as `gbgc tournament` and `gbgc study` do: a line per
 * agent preparation (game, participant, what it computes, how long it took), the slots' progress
 * bar, and on SIGINT (Ctrl-C) a stop at the next slot boundary with "N of M slots stored; rerun to
 * resume" (exit 130).
 */
import type { CliContext } from './io.js';
import { info } from './io.js';
import { startProgress } from './progress.js';
import { makeAgents, openStoreFor, runTournament, type AgentPreparation, type TournamentPlan, type TournamentRunReport } from '../eval/tournament/index.js';
import { llmRuntimeFor, llmWarnings } from '../eval/llm/tournament.js';
import { withStoreErrors, type RunStore } from '../eval/store/index.js';

/** What {@link playPlan} returns: the run's report, the LLM spend recorded in the store (US$), and the LLM players' warnings. */
export type PlayedPlan = TournamentRunReport & { spentUsd: number; warnings: string[] };

/** Exit code of a run stopped by SIGINT (128 + 2, as shells report it). */
export const INTERRUPTED_EXIT = 130;

/** What an agent's notes say it computed, in a few words (`mccfr, 10,000 iterations, 53,211 information states`). */
export function describeNotes(notes: Record<string, unknown> | undefined): string {
  if (!notes) return '';
  const n = (x: unknown): string => (typeof x === 'number' ? x.toLocaleString('en-US') : String(x));
  const parts = [String(notes.method ?? '')];
  if (notes.iterations !== undefined) parts.push(`${n(notes.iterations)} iterations`);
  if (notes.episodes !== undefined) parts.push(`${n(notes.episodes)} episodes`);
  if (notes.infoStates !== undefined) parts.push(`${n(notes.infoStates)} information states`);
  if (notes.reason !== undefined) parts.push(String(notes.reason));
  return parts.filter((p) => p !== '').join(', ');
}

/**
 * Make the plan's agents, printing a line per preparation that computes or reads a cache, then
 * play the missing slots into the store with a progress bar. SIGINT stops at the next slot
 * boundary: the finished slots are committed and the report says `interrupted`.
 * @param notice where the one-line notice of a stale writer lease taken over goes
 * @param label the progress bar's first word (`tournament`, `study: tournament`)
 */
export async function playPlan(ctx: CliContext, plan: TournamentPlan, notice?: (line: string) => void, label = 'tournament'): Promise<PlayedPlan> {
  const abort = new AbortController();
  const onSigint = (): void => abort.abort();
  process.once('SIGINT', onSigint);
  try {
    return await prepareAndPlay(ctx, plan, label, abort.signal, notice);
  } finally {
    process.off('SIGINT', onSigint);
  }
}

async function prepareAndPlay(ctx: CliContext, plan: TournamentPlan, label: string, signal: AbortSignal, notice?: (line: string) => void): Promise<PlayedPlan> {
  // The store (and its writer lease) first: a second writer stops at once, before any solving.
  const store = openStoreFor(plan, notice);
  try {
    return await prepareAndPlayInto(ctx, plan, store, label, signal);
  } finally {
    store.close();
  }
}

async function prepareAndPlayInto(ctx: CliContext, plan: TournamentPlan, store: RunStore, label: string, signal: AbortSignal): Promise<PlayedPlan> {
  const where = (p: AgentPreparation): string => `agents ${p.index}/${p.total}: ${p.participant} on ${p.game}`;
  let computedSeconds = 0;
  let computed = 0;
  let cached = 0;
  const llm = llmRuntimeFor(plan);
  const agents = await makeAgents(
    plan,
    { llmRuntime: llm.options },
    {
      onStatus: (p, text) => info(ctx, `${where(p)}: ${text}…\n`, 'stderr'),
      onWarning: (p, text) => ctx.io.stderr(`gbgc: warning: ${where(p)}: ${text}\n`),
      onPrepared: (p, seconds, didCompute, notes) => {
        if (didCompute) {
          computed++;
          computedSeconds += seconds;
          info(ctx, `${where(p)}: done in ${seconds.toFixed(1)} s (${describeNotes(notes)})\n`, 'stderr');
        } else if (notes && (p.kind === 'cfr' || p.kind === 'l1')) {
          cached++;
          info(ctx, `${where(p)}: from the cache (${describeNotes(notes)})\n`, 'stderr');
        }
      },
      signal,
    },
  );
  if (computed + cached > 0)
    info(ctx, `agents ready: ${agents.size} (${computed} computed in ${computedSeconds.toFixed(1)} s, ${cached} from the cache)\n`, 'stderr');
  llm.attach(store.db);
  const progress = startProgress(ctx.io, plan.slots.length, `${label} [{bar}] {value}/{total} slots | {rate} slots/s | ETA {eta_formatted}`);
  const t0 = performance.now();
  const before = store.doneSlotIds().size;
  progress.update(before);
  try {
    const report = await withStoreErrors(plan.storePath, () =>
      runTournament(plan, store, agents, {
        spend: llm.options.spend,
        signal,
        onProgress: (done) => {
          const s = (performance.now() - t0) / 1000;
          progress.update(done, { rate: s > 0 ? Math.round((done - before) / s) : '-' });
        },
      }),
    );
    return { ...report, spentUsd: llm.options.spend.spent, warnings: llmWarnings(agents) };
  } finally {
    progress.stop();
  }
}

/** The line printed when SIGINT stopped a run: `N of M slots stored; rerun to resume`. */
export function interruptedLine(report: TournamentRunReport, rerun: string): string {
  return `gbgc: interrupted: ${report.stored.toLocaleString('en-US')} of ${report.total.toLocaleString('en-US')} slots stored; rerun to resume (${rerun})\n`;
}
