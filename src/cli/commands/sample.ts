/**
 * `gbgc sample --complexity C --seed S [-o FILE] [--no-filter] [--filter v1|v2] [--json]
 * [--max-tries N]`: draw a game with the generator, try derived candidate seeds until one passes
 * the Monte Carlo acceptance filter, and print (or write) its formatted source.
 */
import { info } from '../io.js';
import type { RegisterCommand } from './index.js';
import { UserError, parseIntOption, parseNumberOption, parseSeedOption } from '../errors.js';
import { writeFileAtomic } from '../io.js';
import { MAX_SEED, NoAcceptedCandidateError, SamplerError, sampleAccepted } from '../../sampler/index.js';
import { addFilterOptions, builderFromFlags, filterFromFlags, formatAcceptanceReport, type FilterFlags } from '../filter-flags.js';

interface SampleFlags extends FilterFlags {
  complexity: string;
  seed: string;
  output?: string;
  json?: boolean;
  maxTries: string;
}

export const registerSample: RegisterCommand = (cmd, ctx) =>
  addFilterOptions(
    cmd
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
        if (e instanceof SamplerError && !opts.repair)
          throw new UserError(`${e.message} (drawn with --no-repair; run it through the filter, or without --no-repair)`);
        throw e;
      }
      const { game, tries, report } = result;
      if (opts.output) writeFileAtomic(opts.output, game.source);
      if (opts.json) {
        const out = {
          seed: game.seed,
          requestedSeed: seed,
          complexity,
          builderVersion: game.builderVersion,
          rulesetHash: game.rulesetHash,
          tries,
          output: opts.output ?? null,
          acceptance: report,
          source: opts.output ? undefined : game.source,
        };
        ctx.io.stdout(`${JSON.stringify(out, null, 2)}\n`);
        return;
      }
      const note =
        `sampled seed ${game.seed} at complexity ${complexity} (${tries} candidate${tries === 1 ? '' : 's'} tried${filter ? '' : ', no filter'}${opts.repair ? '' : ', no repairs'}), ruleset hash ${game.rulesetHash}` +
        (report ? `\n${formatAcceptanceReport(report)}` : '') +
        (opts.output ? `\nwrote ${opts.output}` : '');
      if (opts.output) ctx.io.stdout(`${note}\n`);
      else {
        ctx.io.stdout(game.source);
        info(ctx, `${note}\n`, 'stderr');
      }
    });
