/**
 * The generator's command-line options shared by `gbgc sample` and `gbgc pool` (builder, acceptance
 * filter preset and thresholds), their parsing, and the acceptance report as the terminal shows it
 * (also by `gbgc check --filter`).
 */
import type { Command } from 'commander';
import { UsageError, parseIntOption, parseNumberOption, parseProbabilityOption, MAX_COUNT } from './errors.js';
import { BUILDERS, DEFAULT_BUILDER, type BuilderName } from '../sampler/dial.js';
import { FILTER_PRESETS, filterOptions, type AcceptanceReport, type FilterOptions, type FilterPreset, type FilterThresholds } from '../sampler/index.js';

/** Options shared by `sample` and `pool`: the filter preset and its thresholds. */
export interface FilterFlags {
  /** The preset name, or false with `--no-filter`. */
  filter: string | false;
  /** False with `--no-repair`. */
  repair: boolean;
  /** `graph` (default), `paper` or `coherent`. */
  builder: string;
  episodes: string;
  maxMoves?: string;
  maxRarePhases?: string;
  maxDeadBranches?: string;
  maxSeatShare?: string;
  maxExtremeConditions?: string;
}

/** Add the filter options to a command. */
export function addFilterOptions(cmd: Command): Command {
  return cmd
    .option(
      '--builder <name>',
      "the generator's builder: graph (the papers' phase graph, unscreened: the filter judges; builder version 4), paper (version 3: no screens, conditions from satisfiable templates) or coherent (version 2: pre-screens conditions and move counts while drawing)",
      DEFAULT_BUILDER,
    )
    .option('--filter <preset>', 'acceptance filter preset: v2 (GENSTRAT v2) or v1 (the earlier paper)', 'v2')
    .option('--no-filter', 'take the first candidate, without the acceptance filter')
    .option('--no-repair', "skip the generator's repairs (deck growth, privacy, redraws of flagged draws): the filter sees the raw draws")
    .option('--episodes <n>', 'Monte Carlo episodes of the filter', '2000')
    .option('--max-moves <x>', 'most mean moves per player (preset: 10)')
    .option('--max-rare-phases <f>', 'most fraction of phases firing in under 5% of episodes (v2: 0.3, v1: 0.2)')
    .option('--max-dead-branches <f>', 'most fraction of conditional branches that never run (v2: 0.34, v1: 0)')
    .option('--max-seat-share <f>', 'most share of decided deals one seat may win (v1: 0.65)')
    .option('--max-extreme-conditions <f>', 'most fraction of conditions holding in under 5% or over 95% of checks (v1: 0.4)');
}

/**
 * The builder the flags ask for.
 * @throws UsageError for an unknown builder
 */
export function builderFromFlags(o: FilterFlags): BuilderName {
  if (!(BUILDERS as readonly string[]).includes(o.builder)) throw new UsageError(`--builder must be one of ${BUILDERS.join(', ')}, got '${o.builder}'`);
  return o.builder as BuilderName;
}

/**
 * The filter the flags ask for (null with `--no-filter`).
 * @throws UsageError for an unknown preset or an out-of-range threshold
 */
export function filterFromFlags(o: FilterFlags): FilterOptions | null {
  if (o.filter === false) return null;
  const preset = o.filter as FilterPreset;
  if (!Object.hasOwn(FILTER_PRESETS, preset)) throw new UsageError(`--filter must be v1 or v2, got '${o.filter}'`);
  const t: Partial<FilterThresholds> = {};
  if (o.maxMoves !== undefined) t.maxMovesPerPlayer = parseNumberOption('--max-moves', o.maxMoves, 0);
  if (o.maxRarePhases !== undefined) t.maxRarePhases = parseProbabilityOption('--max-rare-phases', o.maxRarePhases);
  if (o.maxDeadBranches !== undefined) t.maxDeadBranches = parseProbabilityOption('--max-dead-branches', o.maxDeadBranches);
  if (o.maxSeatShare !== undefined) t.maxSeatWinShare = parseNumberOption('--max-seat-share', o.maxSeatShare, 0.5, 1);
  if (o.maxExtremeConditions !== undefined) t.maxExtremeConditions = parseProbabilityOption('--max-extreme-conditions', o.maxExtremeConditions);
  return filterOptions(preset, t, parseIntOption('--episodes', o.episodes, 1, MAX_COUNT));
}

/** One line per check: name, measured value, threshold, pass/fail. */
export function formatAcceptanceReport(report: AcceptanceReport): string {
  return report.checks
    .map(
      (c) =>
        `  ${c.pass ? 'pass' : 'FAIL'}  ${c.name.padEnd(19)} ${c.value.toFixed(3)} ${c.pass ? '≤' : '>'} ${c.threshold}  (${c.description})${c.pass || c.detail.length === 0 ? '' : `: ${c.detail.slice(0, 5).join('; ')}`}`,
    )
    .join('\n');
}
