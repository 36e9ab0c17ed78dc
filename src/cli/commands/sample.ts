/**
 * `gbgc sample --complexity C --seed S [-o FILE] [--no-filter] [--filter v1|v2] [--json]
 * [--max-tries N]`: draw a game with the generator, try derived candidate seeds until one passes
 * the Monte Carlo acceptance filter, and print (or write) its formatted source.
 */
import type { Command } from 'commander';
import { info } from '../io.js';
import type { RegisterCommand } from './index.js';
import { UsageError, UserError, parseIntOption, parseNumberOption, parseSeedOption, parseProbabilityOption, MAX_COUNT } from '../errors.js';
import { writeFileAtomic } from '../io.js';
import { BUILDERS, type BuilderName } from '../../sampler/dial.js';
import { FILTER_PRESETS, MAX_SEED, NoAcceptedCandidateError, SamplerError, filterOptions, sampleAccepted, type AcceptanceReport, type FilterOptions, type FilterPreset, type FilterThresholds } from '../../sampler/index.js';

/** Options shared by `sample` and `pool`: the filter preset and its thresholds. */
export interface FilterFlags {
  /** The preset name, or false with `--no-filter`. */
  filter: string | false;
  /** False with `--no-repair`. */
  repair: boolean;
  /** `paper` (default) or `coherent`. */
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
    .option('--builder <name>', "the generator's builder: paper (draws the papers' structure and lets the filter judge) or coherent (pre-screens conditions and move counts while drawing; builder version 2)", 'paper')
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
  if (!(BUILDERS as readonly string[]).includes(o.builder)) throw new UsageError(`--builder must be ${BUILDERS.join(' or ')}, got '${o.builder}'`);
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
export function formatReport(report: AcceptanceReport): string {
  return report.checks
    .map((c) => `  ${c.pass ? 'pass' : 'FAIL'}  ${c.name.padEnd(19)} ${c.value.toFixed(3)} ${c.pass ? '≤' : '>'} ${c.threshold}  (${c.description})${c.pass || c.detail.length === 0 ? '' : `: ${c.detail.slice(0, 5).join('; ')}`}`)
    .join('\n');
}

interface SampleFlags extends FilterFlags {
  complexity: string;
  seed: string;
  output?: string;
  json?: boolean;
  maxTries: string;
}

export const registerSample: RegisterCommand = (program, ctx) =>
  addFilterOptions(
    program
      .command('sample')
      .description('generate a game at a complexity from a seed, accepted by the Monte Carlo filter')
      .requiredOption('-c, --complexity <c>', 'complexity dial from 0 (Kuhn-like) to 1 (multi-phase)')
      .option('-s, --seed <s>', `seed (a whole number from 0 to ${MAX_SEED})`, '0')
      .option('-o, --output <file>', 'write the game to this file instead of standard output')
      .option('--json', 'print seed, complexity, ruleset hash, tries and the acceptance report as JSON')
      .option('--max-tries <n>', 'most candidate seeds to try', '100'),
  )
    .addHelpText(
      'after',
      '\nThe game is a pure function of (seed, complexity, builder version). With the filter on, candidate 0 is the\n' +
        'seed itself and candidate k ≥ 1 is derived from it (Alea("gbgc-candidate/<seed>/<k>")); the first candidate\n' +
        'that passes is printed, and the header of its source records its own seed. Checks (v2): moves, rare-phases,\n' +
        'dead-branches, degenerate (any compiler warning or error); v1 adds seat-balance and extreme-conditions.\n' +
        'With --no-repair the raw draws are judged (no deck growth, no privacy repair, no redraw of flagged draws).\n\n' +
        'JSON fields: seed, requestedSeed, complexity, builderVersion, rulesetHash, tries, output, acceptance, source.\n\n' +
        'Examples:\n  gbgc sample --complexity 0.7 --seed 42 -o game.gbg\n  gbgc sample --complexity 0 --no-filter\n  gbgc sample -c 1 -s 7 --filter v1 --json',
    )
    .action(async (opts: SampleFlags) => {
      const complexity = parseNumberOption('--complexity', opts.complexity, 0, 1);
      const seed = parseSeedOption(opts.seed, '--seed', MAX_SEED);
      const maxTries = parseIntOption('--max-tries', opts.maxTries, 1, 1_000_000);
      const filter = filterFromFlags(opts);
      let result;
      try {
        result = await sampleAccepted(seed, complexity, { filter, maxTries, repair: opts.repair, builder: builderFromFlags(opts) });
      } catch (e) {
        if (e instanceof NoAcceptedCandidateError) throw new UserError(`${e.message}; raise --max-tries or relax the thresholds`);
        if (e instanceof SamplerError && !opts.repair) throw new UserError(`${e.message} (drawn with --no-repair; run it through the filter, or without --no-repair)`);
        throw e;
      }
      const { game, tries, report } = result;
      if (opts.output) writeFileAtomic(opts.output, game.source);
      if (opts.json) {
        const out = { seed: game.seed, requestedSeed: seed, complexity, builderVersion: game.builderVersion, rulesetHash: game.rulesetHash, tries, output: opts.output ?? null, acceptance: report, source: opts.output ? undefined : game.source };
        ctx.io.stdout(`${JSON.stringify(out, null, 2)}\n`);
        return;
      }
      const note =
        `sampled seed ${game.seed} at complexity ${complexity} (${tries} candidate${tries === 1 ? '' : 's'} tried${filter ? '' : ', no filter'}${opts.repair ? '' : ', no repairs'}), ruleset hash ${game.rulesetHash}` +
        (report ? `\n${formatReport(report)}` : '') +
        (opts.output ? `\nwrote ${opts.output}` : '');
      if (opts.output) ctx.io.stdout(`${note}\n`);
      else {
        ctx.io.stdout(game.source);
        info(ctx, `${note}\n`, 'stderr');
      }
    });
