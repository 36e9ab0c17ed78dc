/**
 * `gbgc records export DB --csv|--jsonl [--table slots|moves] [-o FILE]` and
 * `gbgc records summary DB [--json]` and `gbgc records usage DB [--json]` (the LLM players'
 * execution report): read a tournament's run store.
 */
import type { RegisterCommand } from './index.js';
import { UsageError } from '../errors.js';
import { existsSync } from 'node:fs';
import {
  RunStore,
  CORRECTION_STATUSES,
  LEAGUE_MODES,
  LEAGUE_STATUSES,
  addCorrection,
  blockRecords,
  checkStore,
  corrections,
  exportTable,
  leagueLabels,
  setCorrectionStatus,
  setLeagueLabels,
  summarizeStore,
  withStoreErrors,
  type BlockRecord,
  type CorrectionRecord,
  type CorrectionStatus,
  type LeagueMode,
  type LeagueStatus,
  type StoreSummary,
} from '../../eval/store/index.js';
import { replayHandsFromStore } from '../../eval/report/slot-replay.js';
import { CHANCE } from '../../interpreter/api.js';
import { UserError } from '../../util/errors.js';
import { refuseOutputOverInput, writeFileAtomic } from '../../util/fs.js';
import { formatLlmUsage, llmUsage } from '../../eval/llm/usage.js';
import { formatSigned } from '../../util/format.js';

const signed = (x: number): string => formatSigned(x, 4, '-');

/** The human-readable summary. */
export function formatSummary(path: string, s: StoreSummary & { labels: ReturnType<typeof leagueLabels>; corrections: CorrectionRecord[] }): string {
  const lines = [
    `${path}: ${s.done}${s.planned !== null ? ` of ${s.planned}` : ''} slots done${s.planned ? ` (${((100 * s.done) / s.planned).toFixed(1)}%)` : ''}, ${s.errors} with errors`,
    `  engine ${s.engineVersion ?? '(unknown)'}${s.commitment ? `, commitment ${s.commitment} (recorded before play)` : s.planCommitment ? `, commitment ${s.planCommitment} (of the plan played; not recorded before play)` : ', no commitment stored'}`,
    '  games',
    // Text columns are read as SQLite holds them: an altered store may hold NULL or a number there.
    ...s.games.map((g) => `    ${String(g.path)}  ${g.done} slots  (${String(g.name)}, ruleset ${String(g.rulesetHash).slice(0, 12)}…)`),
    `  labels ${s.labels.mode}${s.labels.declared.mode ? '' : ' (default)'}, ${s.labels.status}${s.labels.declared.status ? '' : ' (default)'}`,
    s.corrections.length === 0 ? '  corrections: none recorded' : `  corrections (${s.corrections.length})`,
    ...s.corrections.map((c) => `  ${correctionLine(c)}`),
    '  participants (mean chips won per slot)',
    ...s.participants.map(
      (p) =>
        `    ${String(p.name).padEnd(16)} ${typeof p.meanReturns !== 'number' ? '-' : signed(p.meanReturns)}  over ${p.slots} slots, fallback moves ${typeof p.fallbackRate !== 'number' ? '-' : `${(100 * p.fallbackRate).toFixed(1)} %`}  (${String(p.kind)}, ${String(p.id).slice(0, 12)}…)`,
    ),
  ];
  return `${lines.join('\n')}\n`;
}

/**
 * Open an existing store for writing a league record (labels, corrections): never creates one.
 * @throws UserError when there is no store at `db` or it is not one this gbgc writes
 */
function openForRecords(db: string): RunStore {
  if (!existsSync(db)) throw new UserError(`cannot read ${db}: no such file`);
  checkStore(db);
  return RunStore.open(db);
}

const oneOf = <T extends string>(flag: string, v: string | undefined, allowed: readonly T[]): T | undefined => {
  if (v === undefined) return undefined;
  if (!(allowed as readonly string[]).includes(v)) throw new UsageError(`${flag} must be one of ${allowed.join(', ')}, got '${v}'`);
  return v as T;
};

/** A correction as a line of text. */
export function correctionLine(c: CorrectionRecord): string {
  return `  #${c.id} ${c.recordedAt}: ${c.error} — ${c.affectsRankings ? 'affects rankings' : 'does not affect rankings'}; affected matches ${c.matches.join(', ')}; recomputation ${c.status}${c.note ? ` (${c.note})` : ''}`;
}

/** A released block's hidden cards: the chance outcomes of each hand of each of its slots (two-seat games the replay covers), or why not. */
function hiddenCards(store: RunStore, b: BlockRecord): { slot: string; hand: number; chance: string[] }[] | string {
  const ids = store.db
    .prepare("SELECT id FROM slots WHERE status = 'done' AND game = ? AND play_seed = ? ORDER BY seq")
    .pluck()
    .all(b.game, b.playSeed) as string[];
  try {
    return ids.flatMap((id) =>
      replayHandsFromStore(store, id).map((r, hand) => ({ slot: id, hand, chance: r.history.filter((h) => h.player === CHANCE).map((h) => h.label) })),
    );
  } catch (e) {
    if (e instanceof UserError) return `not listed (${e.message}); every hand is a pure function of the released play seed, the ruleset and the engine`;
    throw e;
  }
}

export const registerRecords: RegisterCommand = (cmd, ctx) => {
  const records = cmd;
  records
    .command('label')
    .description('label the results of a run store: Live, Delayed or Replay, and Preview or official (the league methodology)')
    .argument('<db>', 'run store (SQLite) written by gbgc tournament')
    .option('--mode <mode>', 'live (shown while played), delayed (shown later) or replay (from stored records)')
    .option('--status <status>', 'preview (exploratory) or official (reviewed, frozen, authorised)')
    .option('--json', 'print the labels as JSON')
    .addHelpText(
      'after',
      '\nWithout options, prints the labels (default: replay, preview).\n\nExample:\n  gbgc records label runs.db --mode delayed --status preview',
    )
    .action((db: string, opts: { mode?: string; status?: string; json?: boolean }) => {
      const mode = oneOf<LeagueMode>('--mode', opts.mode, LEAGUE_MODES);
      const status = oneOf<LeagueStatus>('--status', opts.status, LEAGUE_STATUSES);
      withStoreErrors(db, () => {
        const store = mode || status ? openForRecords(db) : RunStore.openReadOnly(db);
        try {
          if (mode || status) setLeagueLabels(store, { mode, status });
          const l = leagueLabels(store);
          ctx.io.stdout(
            opts.json
              ? `${JSON.stringify(l, null, 2)}\n`
              : `${db}: ${l.mode}${l.declared.mode ? '' : ' (default)'}, ${l.status}${l.declared.status ? '' : ' (default)'}\n`,
          );
        } finally {
          store.close();
        }
      });
    });
  records
    .command('correct')
    .description('record an error in the corrections log (with the affected matches and the recomputation status), or update an entry')
    .argument('<db>', 'run store (SQLite) written by gbgc tournament')
    .option('--error <text>', 'what was wrong')
    .option('--matches <slot...>', 'the affected matches (slot ids)')
    .option('--no-affects-rankings', 'the error does not affect rankings (by default it does)')
    .option('--status <status>', `recomputation status: ${CORRECTION_STATUSES.join(', ')}`)
    .option('--note <text>', 'a note (e.g. what the recomputation changed)')
    .option('--id <n>', 'update the status (and note) of this entry instead of recording a new one')
    .option('--json', 'print the entry as JSON')
    .addHelpText(
      'after',
      '\nThe log is listed by gbgc records summary and in the report (an empty log says so).\n\nExamples:\n' +
        '  gbgc records correct runs.db --error "seat 2 was dealt from a stale shoe" --matches 3f2a… 9b1c… --status pending\n' +
        '  gbgc records correct runs.db --id 1 --status recomputed --note "ranks unchanged"',
    )
    .action(
      (db: string, opts: { error?: string; matches?: string[]; affectsRankings: boolean; status?: string; note?: string; id?: string; json?: boolean }) => {
        const status = oneOf<CorrectionStatus>('--status', opts.status, CORRECTION_STATUSES);
        if (opts.id !== undefined) {
          if (!/^\d+$/.test(opts.id)) throw new UsageError(`--id must be an entry number, got '${opts.id}'`);
          if (!status) throw new UsageError('--id updates an entry: give its new --status');
          if (opts.error !== undefined || opts.matches !== undefined)
            throw new UsageError("--id updates an entry's status and note; --error and --matches record a new one");
        } else if (opts.error === undefined || !opts.matches?.length)
          throw new UsageError('record a correction with --error TEXT and --matches SLOT_ID…, or update one with --id N --status S');
        withStoreErrors(db, () => {
          const store = openForRecords(db);
          try {
            const c =
              opts.id !== undefined
                ? setCorrectionStatus(store, Number(opts.id), status!, opts.note)
                : addCorrection(store, {
                    error: opts.error!,
                    matches: opts.matches!,
                    affectsRankings: opts.affectsRankings,
                    status: status ?? 'pending',
                    note: opts.note ?? null,
                  });
            ctx.io.stdout(opts.json ? `${JSON.stringify(c, null, 2)}\n` : `${correctionLine(c).trim()}\n`);
          } finally {
            store.close();
          }
        });
      },
    );
  records
    .command('blocks')
    .description('the blocks of a committed tournament: a commitment hash each before it completes; its play seed, salt and hidden cards once it is complete')
    .argument('<db>', 'run store (SQLite) written by gbgc tournament (committed with gbgc tournament --commit)')
    .option('--json', 'print the blocks as JSON')
    .addHelpText(
      'after',
      '\ncommitment = SHA-256 of the canonical JSON of {block, engineVersion, game, playSeed, salt}: recompute it from the released values.\n' +
        'A commitment shows that the committed input did not change; it cannot show that a seed was drawn fairly.\n\nExample:\n  gbgc records blocks runs.db --json',
    )
    .action((db: string, opts: { json?: boolean }) => {
      withStoreErrors(db, () => {
        const store = RunStore.openReadOnly(db);
        try {
          const blocks = blockRecords(store).map((b) => ({ ...b, hiddenCards: b.complete ? hiddenCards(store, b) : null }));
          if (opts.json) ctx.io.stdout(`${JSON.stringify({ blocks }, null, 2)}\n`);
          else if (blocks.length === 0) ctx.io.stdout(`${db}: no block commitments recorded (gbgc tournament CONFIG --commit records them before play)\n`);
          else
            ctx.io.stdout(
              `${blocks
                .map((b) =>
                  b.complete
                    ? `block ${b.block} (${b.game.slice(0, 12)}…, ${b.done}/${b.slots} slots, complete): commitment ${b.commitment}; released: play seed ${b.playSeed}, salt ${b.salt}; ${b.verified ? 'verified' : 'DOES NOT MATCH its commitment'}`
                    : `block ${b.block} (${b.game.slice(0, 12)}…, ${b.done}/${b.slots} slots): commitment ${b.commitment}; seed and hidden cards withheld until it completes`,
                )
                .join('\n')}\n`,
            );
        } finally {
          store.close();
        }
      });
    });
  records
    .command('export')
    .description('export the slots or moves table as CSV or JSON Lines')
    .argument('<db>', 'run store (SQLite) written by gbgc tournament')
    .option('--csv', 'CSV with a header line')
    .option('--jsonl', 'one JSON object per line')
    .option('--table <table>', 'slots or moves', 'slots')
    .option('-o, --output <file>', 'write to a file instead of standard output')
    .addHelpText(
      'after',
      '\nColumns are documented in docs/tournaments.md.\n\nExamples:\n  gbgc records export runs.db --csv > slots.csv\n  gbgc records export runs.db --jsonl --table moves -o moves.jsonl',
    )
    .action((db: string, opts: { csv?: boolean; jsonl?: boolean; table: string; output?: string }) => {
      if (!!opts.csv === !!opts.jsonl) throw new UsageError('give exactly one of --csv and --jsonl');
      if (opts.table !== 'slots' && opts.table !== 'moves') throw new UsageError(`--table must be slots or moves, got '${opts.table}'`);
      const table = opts.table;
      refuseOutputOverInput([opts.output], [db]);
      withStoreErrors(db, () => {
        const store = RunStore.openReadOnly(db);
        try {
          const chunks: string[] = [];
          const write = opts.output ? (c: string) => void chunks.push(c) : (c: string) => ctx.io.stdout(c);
          exportTable(store, table, opts.csv ? 'csv' : 'jsonl', write);
          if (opts.output) writeFileAtomic(opts.output, chunks.join(''));
        } finally {
          store.close();
        }
      });
    });
  records
    .command('usage')
    .description(
      "the LLM participants' execution report: decisions, valid-action rate, fallbacks (GENSTRAT's rate and the league's, by reason), refusals, time-outs, format errors, HTTP requests, retries, tokens, cost, latency",
    )
    .argument('<db>', 'run store (SQLite) written by gbgc tournament')
    .option('--json', 'print the figures as JSON')
    .addHelpText(
      'after',
      '\nJSON fields: participants [{participant, id, model, slots, moves, validActionRate, paperFallbackMoveRate, paperFallbackSlotRate,\n' +
        'fallbackMoveRate, fallbackSlotRate, parseFailures, paths, fallbackReasons, refusals, timeouts, formatErrors, usageMissing,\n' +
        'httpAttempts, transportRetries, formatFixes, cacheHits, tokens {input, output, reasoning, cached}, costUsd, latencyP50Ms,\n' +
        'latencyP95Ms, discardedSlots}], fallback [{game, policy, declared}]. The report (gbgc report) has the same figures\n' +
        'in its execution section. Definitions: docs/llm.md ("Records").\n\nExample:\n  gbgc records usage runs.db',
    )
    .action((db: string, opts: { json?: boolean }) => {
      withStoreErrors(db, () => {
        const store = RunStore.openReadOnly(db);
        try {
          const u = llmUsage(store);
          ctx.io.stdout(opts.json ? `${JSON.stringify(u, null, 2)}\n` : formatLlmUsage(db, u));
        } finally {
          store.close();
        }
      });
    });
  records
    .command('summary')
    .description('counts, progress and per-participant mean returns of a run store')
    .argument('<db>', 'run store (SQLite) written by gbgc tournament')
    .option('--json', 'print the figures as JSON')
    .addHelpText(
      'after',
      '\nJSON fields: engineVersion, commitment (recorded with --commit), planCommitment (of the plan played), planned, done, errors, games [{path, name, rulesetHash, done}],\nparticipants [{name, kind, id, slots, meanReturns, fallbackRate}],\nlabels {mode, status, declared}, corrections [{id, recordedAt, error, affectsRankings, matches, status, note}].',
    )
    .action((db: string, opts: { json?: boolean }) => {
      withStoreErrors(db, () => {
        const store = RunStore.openReadOnly(db);
        try {
          const s = { ...summarizeStore(store), labels: leagueLabels(store), corrections: corrections(store) };
          ctx.io.stdout(opts.json ? `${JSON.stringify(s, null, 2)}\n` : formatSummary(db, s));
        } finally {
          store.close();
        }
      });
    });
  return records;
};
