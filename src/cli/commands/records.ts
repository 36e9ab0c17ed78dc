/**
 * `gbgc records export DB --csv|--jsonl [--table slots|moves] [-o FILE]` and
 * `gbgc records summary DB [--json]` and `gbgc records usage DB [--json]` (the LLM players'
 * execution report): read a tournament's run store.
 */
import type { RegisterCommand } from './index.js';
import { UsageError } from '../errors.js';
import { RunStore, exportTable, summarizeStore, withStoreErrors, type StoreSummary } from '../../eval/store/index.js';
import { refuseOutputOverInput, writeFileAtomic } from '../../util/fs.js';
import { formatLlmUsage, llmUsage } from '../../eval/llm/usage.js';
import { formatSigned } from '../../util/format.js';

const signed = (x: number): string => formatSigned(x, 4, '-');

/** The human-readable summary. */
export function formatSummary(path: string, s: StoreSummary): string {
  const lines = [
    `${path}: ${s.done}${s.planned !== null ? ` of ${s.planned}` : ''} slots done${s.planned ? ` (${((100 * s.done) / s.planned).toFixed(1)}%)` : ''}, ${s.errors} with errors`,
    `  engine ${s.engineVersion ?? '(unknown)'}${s.commitment ? `, commitment ${s.commitment} (recorded before play)` : s.planCommitment ? `, commitment ${s.planCommitment} (of the plan played; not recorded before play)` : ', no commitment stored'}`,
    '  games',
    // Text columns are read as SQLite holds them: an altered store may hold NULL or a number there.
    ...s.games.map((g) => `    ${String(g.path)}  ${g.done} slots  (${String(g.name)}, ruleset ${String(g.rulesetHash).slice(0, 12)}…)`),
    '  participants (mean chips won per slot)',
    ...s.participants.map(
      (p) =>
        `    ${String(p.name).padEnd(16)} ${typeof p.meanReturns !== 'number' ? '-' : signed(p.meanReturns)}  over ${p.slots} slots, fallback moves ${typeof p.fallbackRate !== 'number' ? '-' : `${(100 * p.fallbackRate).toFixed(1)} %`}  (${String(p.kind)}, ${String(p.id).slice(0, 12)}…)`,
    ),
  ];
  return `${lines.join('\n')}\n`;
}

export const registerRecords: RegisterCommand = (cmd, ctx) => {
  const records = cmd;
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
      '\nJSON fields: engineVersion, commitment (recorded with --commit), planCommitment (of the plan played), planned, done, errors, games [{path, name, rulesetHash, done}],\nparticipants [{name, kind, id, slots, meanReturns, fallbackRate}].',
    )
    .action((db: string, opts: { json?: boolean }) => {
      withStoreErrors(db, () => {
        const store = RunStore.openReadOnly(db);
        try {
          const s = summarizeStore(store);
          ctx.io.stdout(opts.json ? `${JSON.stringify(s, null, 2)}\n` : formatSummary(db, s));
        } finally {
          store.close();
        }
      });
    });
  return records;
};
