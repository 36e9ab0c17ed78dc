/**
 * `gbgc axes FILE|POOL_DIR [--tier fast|precise] [--set v2|v1] [--exact] [--seed S] [--risk-weights qualifying|all-visits] [--json] [--out axes.jsonl]`:
 * the complexity axes of GENSTRAT v2 (Appendix C) or v1 (Appendix C) of one game or of every game of a pool
 * (`index.jsonl`). With `--out`, one JSON line per game is appended as soon as it is done and a
 * rerun skips the games already in the file (same ruleset hash, tier, set and mode), so an
 * interrupted run resumes where it stopped.
 */
import type { RegisterCommand } from './index.js';
import { loadGame } from '../load.js';
import { UsageError, parseIntOption, parseSeedOption } from '../errors.js';
import { axisNames, type AxisSet } from '../../eval/axes/index.js';
import { RISK_WEIGHTS, type RiskWeights } from '../../eval/axes/risk.js';
import { axesTargets, measureAxes, type AxesLine } from '../../eval/axes/measure.js';
import { availableParallelism } from 'node:os';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { refuseOutputOverInput } from '../../util/fs.js';
import { startProgress, type Progress } from '../progress.js';

export type { AxesLine } from '../../eval/axes/measure.js';

const fmt = (x: number): string => x.toFixed(4);

/** The human-readable table. */
export function formatAxes(lines: readonly AxesLine[], set: AxisSet = lines[0]?.set ?? 'v2'): string {
  const names = axisNames(set);
  const head = ['game'.padEnd(27), ...names.map((h) => h.padStart(19))].join(' ');
  const rows = lines.map((l) => [l.file.length > 27 ? `…${l.file.slice(-26)}` : l.file.padEnd(27), ...names.map((a) => fmt(l.axes[a]).padStart(19))].join(' '));
  return `${head}\n${rows.join('\n')}\n`;
}

export const registerAxes: RegisterCommand = (cmd, ctx) =>
  cmd
    .argument('<path>', '.gbg file, or a pool directory (with index.jsonl)')
    .option('--tier <tier>', 'measurement budget: fast (1,000 L0 episodes, 64 Sobol opponents) or precise (3,000 L0, 320 Sobol)', 'fast')
    .option(
      '--set <set>',
      'axis set: v2 (state space, temporal depth, information sensitivity, opponent modelling, risk, brittleness) or v1 (state space, temporal, opponent dependence, information, precision)',
      'v2',
    )
    .option('--exact', 'exact L0 values by a walk of the game tree instead of samples (small trees only)')
    .option('--seed <s>', 'seed of the measurement (a whole number); the same seed gives the same values', '1')
    .option(
      '--risk-weights <w>',
      "risk's w_I (v2): qualifying (visit fraction among the states that meet the thresholds; the sum is a visit-weighted mean gap) or all-visits (share of all the seat's visits)",
      'qualifying',
    )
    .option('--jobs <n>', 'worker threads (default: the number of cores; 1 computes in-process)')
    .option('--json', 'print the lines as a JSON array')
    .option('--out <file>', 'append one JSON line per game; games already in the file are skipped (resumable)')
    .addHelpText(
      'after',
      '\nEach line: file, slot and seed (pool games), rulesetHash, set, tier, exact, axesSeed, and axes\n' +
        '{state_space, temporal_depth, info_sensitivity, opponent_modelling, risk, brittleness} (v2) or\n' +
        '{state_space, temporal, opponent_dependence, information, precision} (v1). With --set v1, --exact\n' +
        'counts the state space over the whole tree; the other v1 axes are defined by simulation. Definitions and\n' +
        'the choices the paper leaves open: docs/axes.md. With --out, a rerun skips the games already measured\n' +
        'with the same set, tier, mode, seed and risk weights.\n\n' +
        'Examples:\n  gbgc axes examples/kuhn.gbg --exact\n  gbgc axes pool/ --tier fast --out axes.jsonl',
    )
    .action(
      async (
        path: string,
        opts: { tier: string; set: string; exact?: boolean; seed: string; riskWeights: string; jobs?: string; json?: boolean; out?: string },
      ) => {
        const jobs = opts.jobs === undefined ? availableParallelism() : parseIntOption('--jobs', opts.jobs, 1, 256);
        if (opts.tier !== 'fast' && opts.tier !== 'precise') throw new UsageError(`--tier must be fast or precise, got '${opts.tier}'`);
        if (opts.set !== 'v2' && opts.set !== 'v1') throw new UsageError(`--set must be v1 or v2, got '${opts.set}'`);
        if (!(RISK_WEIGHTS as readonly string[]).includes(opts.riskWeights))
          throw new UsageError(`--risk-weights must be ${RISK_WEIGHTS.join(' or ')}, got '${opts.riskWeights}'`);
        const set: AxisSet = opts.set;
        const seed = parseSeedOption(opts.seed);
        const tier = opts.tier;
        const exact = !!opts.exact;
        const list = axesTargets(path);
        refuseOutputOverInput([opts.out], [...list.map((t) => t.file), statSync(path).isDirectory() ? join(path, 'index.jsonl') : undefined]);
        let progress: Progress | undefined;
        let results: AxesLine[];
        try {
          results = await measureAxes(list, {
            set,
            tier,
            seed,
            exact,
            riskWeights: opts.riskWeights as RiskWeights,
            jobs,
            out: opts.out,
            load: loadGame,
            onProgress: (done, todo) => {
              progress ??= startProgress(ctx.io, todo, 'axes [{bar}] {value}/{total} games');
              progress.update(done);
            },
          });
        } finally {
          progress?.stop();
        }
        ctx.io.stdout(opts.json ? `${JSON.stringify(results, null, 2)}\n` : formatAxes(results, set));
      },
    );
