/**
 * The analysis flags `gbgc analyze` and `gbgc report` share (subset, analysis set, conventions,
 * bootstrap sizes and seed, ablation pair, reading a store of another engine), registered once and
 * parsed into the options of `analyzeStore` (src/eval/stats/from-store.ts), which both commands call.
 */
import type { Command } from 'commander';
import { UsageError, parseIntOption, parseSeedOption } from './errors.js';
import { loadGame } from './load.js';
import type { StoreAnalysisOptions } from '../eval/stats/from-store.js';
import { DQ_MAX_NODES } from '../eval/stats/decision-quality.js';
import { DEFAULT_ROULETTE_TARGET } from '../eval/stats/roulette.js';
import { DEFAULT_ITERATIONS } from '../algorithms/solve.js';

/** Options shared by analyze and report. */
export interface AnalyzeCliOptions {
  axes?: string;
  bootstrap: string;
  secondary: string;
  seed: string;
  ablation?: string;
  excludeParticipant?: string[];
  games?: string[];
  set?: string;
  btTies?: string;
  pairCounting?: string;
  excludeMissing?: boolean;
  resampleGames?: boolean;
  allowEngineMismatch?: boolean;
  tableInterval?: string;
  /** False with --no-decision-quality. */
  decisionQuality?: boolean;
  referenceIterations?: string;
  referenceNodes?: string;
  rouletteTarget?: string;
}

/** Register the subset, analysis-set and convention options (shared by analyze and report). */
export function addAnalysisSetOptions(cmd: Command): Command {
  return cmd
    .option(
      '--exclude-participant <name...>',
      'leave out these participants (names or ids) and every slot they played, then refit everything (GENSTRAT v2 App. H)',
    )
    .option('--games <file...>', 'analyse only these games (.gbg files; each must be in the store)')
    .option(
      '--set <set>',
      "analysis set and conventions: v2 (GENSTRAT v2) or v1 (adds v1's J_m, factor analysis, subset refits, composite; BT ties dropped, pairs counted once)",
      'v2',
    )
    .option('--bt-ties <rule>', 'Bradley–Terry ties: seat1 (v2: 1[edge > 0], default under v2), drop (v1, default under v1) or half')
    .option('--pair-counting <how>', 'pairwise counts over ordered entries (v2 App. J, 72 for 9 participants; default under v2) or unordered pairs (v1)')
    .option(
      '--table-interval <type>',
      "intervals of the table section (bb/100 of games of n seats or matches of many hands): percentile (default) or expanded (Hesterberg's expanded percentile: corrects the percentile interval's narrowness with few blocks)",
    )
    .option(
      '--no-decision-quality',
      "leave out the decision-quality section (EV loss and agreement per participant against each two-seat game's CFR+ reference profile)",
    )
    .option('--reference-iterations <n>', 'CFR+ iterations of the decision-quality reference profile of each two-seat game', String(DEFAULT_ITERATIONS))
    .option(
      '--reference-nodes <n>',
      'node budget of a game tree for the decision-quality reference (a larger game has none: its decisions are uncovered)',
      String(DQ_MAX_NODES),
    )
    .option(
      '--roulette-target <chips>',
      "the roulette exhibition's bankroll target: target reached and target regret against the optimal single-bet policy for it",
      String(DEFAULT_ROULETTE_TARGET),
    )
    .option(
      '--allow-engine-mismatch',
      "read a store played by another engine version (refused otherwise): warns, naming both engines, and records the store's engine in the estimates (meta.tournamentEngineVersion)",
    );
}

const choice = <T extends string>(flag: string, v: string | undefined, allowed: readonly T[]): T | undefined => {
  if (v === undefined) return undefined;
  if (!(allowed as readonly string[]).includes(v)) throw new UsageError(`${flag} must be one of ${allowed.join(', ')}, got '${v}'`);
  return v as T;
};

/**
 * The analysis options of the command-line flags (validated): bootstrap sizes, seed, ablation pair,
 * analysis set, conventions, games (compiled to their ruleset hashes).
 * @throws UsageError for a malformed flag value; UserError for a --games file that does not compile
 */
export function analysisOptions(opts: AnalyzeCliOptions): StoreAnalysisOptions {
  const B = parseIntOption('--bootstrap', opts.bootstrap, 0, 1_000_000);
  const B2 = parseIntOption('--secondary', opts.secondary, 0, 1_000_000);
  const seed = parseSeedOption(opts.seed);
  let ablation: { low: string; high: string } | undefined;
  if (opts.ablation !== undefined) {
    const parts = opts.ablation.split(',').map((s) => s.trim());
    if (parts.length !== 2 || parts.some((s) => s === '')) throw new UsageError(`--ablation takes two participant ids LOW,HIGH, got '${opts.ablation}'`);
    ablation = { low: parts[0], high: parts[1] };
  }
  const set = choice('--set', opts.set ?? 'v2', ['v2', 'v1'] as const)!;
  const btTies = choice('--bt-ties', opts.btTies, ['seat1', 'drop', 'half'] as const);
  const pairCounting = choice('--pair-counting', opts.pairCounting, ['ordered', 'unordered'] as const);
  const tableInterval = choice('--table-interval', opts.tableInterval, ['percentile', 'expanded'] as const);
  const games = opts.games?.map((file) => ({ rulesetHash: loadGame(file).rulesetHash, label: file }));
  return {
    B,
    Bsecondary: B2,
    seed,
    axes: opts.axes,
    ablation,
    excludeParticipants: opts.excludeParticipant,
    games,
    set,
    btTies,
    pairCounting,
    excludeMissing: opts.excludeMissing,
    resampleGames: opts.resampleGames,
    allowEngineMismatch: opts.allowEngineMismatch,
    tableInterval,
    rouletteTarget: parseIntOption('--roulette-target', opts.rouletteTarget ?? String(DEFAULT_ROULETTE_TARGET), 1, 1_000_000),
    decisionQuality:
      opts.decisionQuality === false
        ? null
        : {
            iterations: parseIntOption('--reference-iterations', opts.referenceIterations ?? String(DEFAULT_ITERATIONS), 1, 10_000_000),
            maxNodes: parseIntOption('--reference-nodes', opts.referenceNodes ?? String(DQ_MAX_NODES), 1, 100_000_000),
          },
  };
}
