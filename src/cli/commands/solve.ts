/**
 * `gbgc solve FILE [--iterations N] [--target-exploitability E] [--check-every K] [--max-nodes N]
 * [--json] [--save policy.json]`: solve a small game exactly with CFR+ and report the game value
 * per seat and the exploitability of the average strategy.
 *
 * `gbgc solve FILE --method mccfr [--sampling external|outcome] [--iterations N | --seconds S]
 * [--report-every N] [--br-samples N] [--seed N] [--json] [--save policy.json]`: Monte Carlo CFR
 * over the interpreter for games of any size, with a report every N iterations.
 */
import { SingleBar } from 'cli-progress';
import type { RegisterCommand } from './index.js';
import type { CliIO } from '../io.js';
import { writeFileAtomic } from '../io.js';
import { refuseOutputOverInput } from '../../util/fs.js';
import { loadAnyGame } from '../load.js';
import { parseIntOption, parseSeedOption, parsePositiveOption, MAX_COUNT } from '../errors.js';
import { DEFAULT_MAX_NODES, TreeBudgetError } from '../../algorithms/tree.js';
import { DEFAULT_CHECK_EVERY, DEFAULT_ITERATIONS, solve } from '../../algorithms/solve.js';
import { actionKeys, encodePolicy, toSavedPolicy } from '../../algorithms/policy-file.js';
import { mccfrPolicyEntries, type MccfrSampling } from '../../algorithms/mccfr.js';
import { DEFAULT_BR_SAMPLES, DEFAULT_REPORT_EVERY, MIN_BR_SAMPLES, runMccfr, type MccfrReport } from '../../algorithms/mccfr-run.js';
import { DiagnosticError, UsageError, UserError } from '../../util/errors.js';
import { formatSigned as signed } from '../../util/format.js';

/** Default iterations of `--method mccfr` when neither --iterations nor --seconds is given. */
export const DEFAULT_MCCFR_ITERATIONS = 10_000;

interface SolveOpts {
  method: string;
  sampling?: string;
  seconds?: string;
  reportEvery?: string;
  brSamples?: string;
  seed?: string;
  iterations?: string;
  targetExploitability?: string;
  checkEvery: string;
  maxNodes: string;
  json?: boolean;
  save?: string;
}

/** A progress bar on the CLI's stderr (only drawn when stderr is a terminal). */
function progressBar(io: CliIO): SingleBar | undefined {
  if (!io.stderrIsTTY) return undefined;
  const stream = { isTTY: true, columns: process.stderr.columns ?? 80, write: (s: string) => (io.stderr(s), true) };
  return new SingleBar({
    stream: stream as unknown as NodeJS.WritableStream,
    format: 'CFR+ |{bar}| {value}/{total} iterations | exploitability {expl}',
    hideCursor: true,
    clearOnComplete: true,
  });
}

/** Registers `gbgc solve`. */
export const registerSolve: RegisterCommand = (cmd, ctx) =>
  cmd
    .argument('<file>', '.gbg file')
    .option('--method <m>', 'cfr+ (exact tree) or mccfr (sampled, over the interpreter)', 'cfr+')
    .option('--iterations <n>', `maximum iterations (default ${DEFAULT_ITERATIONS} for cfr+, ${DEFAULT_MCCFR_ITERATIONS} for mccfr)`)
    .option(
      '--seconds <s>',
      'mccfr: wall-clock budget of the whole run: the exact tree (abandoned for sampling past 50 % of it), iterations (stop at 80 %) and evaluations; one iteration is never cut',
    )
    .option('--sampling <s>', 'mccfr: external (default) or outcome sampling')
    .option('--report-every <n>', `mccfr: iterations between reports (default ${DEFAULT_REPORT_EVERY})`)
    .option('--br-samples <n>', `mccfr: episodes per seat and phase of the sampled best response (default ${DEFAULT_BR_SAMPLES})`)
    .option('--seed <n>', 'mccfr: seed of the random stream (default 0)')
    .option('--target-exploitability <e>', 'stop once the exploitability (chips/game) is at most this')
    .option('--check-every <n>', 'iterations between exploitability checks (with a target)', String(DEFAULT_CHECK_EVERY))
    .option('--max-nodes <n>', 'largest game tree to build (nodes); mccfr: for the exact exploitability, 0 always samples', String(DEFAULT_MAX_NODES))
    .option('--json', 'print the figures as JSON')
    .option('--save <file>', 'save the average strategy (keyed by information state and ruleset hash): gzip-compressed JSON')
    .addHelpText(
      'after',
      '\nThe game value is the expected chips won per game by each seat when both play the CFR+\n' +
        'average strategy; exploitability is NashConv / 2 (0 at a Nash equilibrium).\n' +
        'JSON fields: value [seat0, seat1], exploitability, nashConv, infoStates, iterations, seconds, rulesetHash.\n' +
        '\nWith --method mccfr the report every N iterations gives the seat 0 value and the exploitability of\n' +
        'the average strategy: exact (best response over the whole tree) when the tree fits --max-nodes,\n' +
        'else estimated by sampled best responses with a standard error (see docs/solvers.md).\n' +
        'MCCFR JSON fields: method, sampling, seed, exploitabilityMethod, iterations, seconds, elapsedSeconds, infoStates,\n' +
        'value, exploitability, exploitabilityError, reports [{iterations, solverSeconds, elapsedSeconds,\n' +
        'infoStates, value, valueError, exploitability, exploitabilityError}], rulesetHash.\n' +
        '\nOn more than two seats, cfr+ refuses (error[two-seat-only]) and mccfr runs: each report gives every\n' +
        "seat's value and NashConv (exploitability = NashConv / seats) from every seat's exact best response when\n" +
        'the tree fits --max-nodes, else the values by self-play and no NashConv (JSON: value per seat, nashConv,\n' +
        'notEstimated with the reason).\n' +
        '\nExamples:\n  gbgc solve examples/kuhn.gbg\n' +
        '  gbgc solve examples/leduc.gbg --method mccfr --seconds 60 --report-every 20000\n' +
        '  gbgc solve examples/leduc.gbg --iterations 5000 --target-exploitability 0.001 --save leduc-policy.json\n' +
        '  gbgc play examples/leduc.gbg --vs cfr --policy leduc-policy.json\n',
    )
    .action((file: string, opts: SolveOpts) => {
      refuseOutputOverInput([opts.save], [file]);
      if (opts.method === 'mccfr') return solveMccfr(file, opts, ctx.io);
      if (opts.method !== 'cfr+') throw new UsageError(`--method must be cfr+ or mccfr, got '${opts.method}'`);
      for (const o of ['seconds', 'sampling', 'reportEvery', 'brSamples', 'seed'] as const) {
        if (opts[o] !== undefined) throw new UsageError(`--${o.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)} is for --method mccfr`);
      }
      const iterations = parseIntOption('--iterations', opts.iterations ?? String(DEFAULT_ITERATIONS), 1, MAX_COUNT);
      const target = opts.targetExploitability === undefined ? undefined : parsePositiveOption('--target-exploitability', opts.targetExploitability);
      const checkEvery = parseIntOption('--check-every', opts.checkEvery, 1, MAX_COUNT);
      const maxNodes = parseIntOption('--max-nodes', opts.maxNodes, 1, 1_000_000_000);
      const { ir, rulesetHash, game } = loadAnyGame(file);
      const bar = progressBar(ctx.io);
      let r;
      try {
        r = solveWithHint(file, game, {
          iterations,
          targetExploitability: target,
          checkEvery,
          maxNodes,
          onProgress: bar
            ? (done, max, expl) => {
                if (done === 0) bar.start(max, 0, { expl: '…' });
                else bar.update(done, expl === undefined ? {} : { expl: expl.toExponential(2) });
              }
            : undefined,
        });
      } finally {
        bar?.stop();
      }
      const infoStates = r.tree.numInfosets;
      if (opts.save) {
        const saved = toSavedPolicy(r.tree, r.policy, {
          rulesetHash,
          game: ir.name,
          iterations: r.iterations,
          exploitability: r.exploitability,
        });
        writeFileAtomic(opts.save, encodePolicy(saved));
      }
      if (opts.json) {
        const out = {
          game: ir.name,
          value: r.value,
          exploitability: r.exploitability,
          nashConv: r.nashConv,
          infoStates,
          nodes: r.tree.numNodes,
          iterations: r.iterations,
          seconds: r.seconds,
          treeSeconds: r.treeSeconds,
          rulesetHash,
          ...(opts.save ? { saved: opts.save } : {}),
        };
        ctx.io.stdout(`${JSON.stringify(out, null, 2)}\n`);
        return;
      }
      const [s0, s1] = ir.seats;
      const [n0, n1] = r.tree.infosetsPerSeat;
      const lines = [
        `${ir.name}: CFR+ average strategy after ${r.iterations} iterations (${r.seconds.toFixed(2)} s)`,
        `  game value          ${s0} ${signed(r.value[0], 6)}   ${s1} ${signed(r.value[1], 6)}   chips/game`,
        `  exploitability      ${r.exploitability.toExponential(3)} chips/game (NashConv ${r.nashConv.toExponential(3)})`,
        `  information states  ${infoStates} (${s0} ${n0}, ${s1} ${n1}); tree of ${r.tree.numNodes} nodes built in ${r.treeSeconds.toFixed(2)} s`,
        `  ruleset hash        ${rulesetHash}`,
      ];
      if (target !== undefined && r.exploitability > target) {
        lines.push(`  target exploitability ${target} not reached within ${iterations} iterations`);
      }
      if (opts.save) lines.push(`  policy saved to     ${opts.save}`);
      ctx.io.stdout(`${lines.join('\n')}\n`);
    });

/**
 * {@link solve}, refusing a tree above the node budget from its size estimate before building it,
 * with what to do instead.
 * @throws UserError naming the file, the estimate and `--method mccfr`
 */
function solveWithHint(file: string, game: Parameters<typeof solve>[0], options: Parameters<typeof solve>[1]): ReturnType<typeof solve> {
  try {
    return solve(game, options);
  } catch (e) {
    if (e instanceof DiagnosticError && e.where === undefined) throw e.at(file);
    if (e instanceof TreeBudgetError)
      throw new UserError(
        `${file}: ${e.message}; solve it by sampling with --method mccfr (any size, e.g. --method mccfr --seconds 60), or raise --max-nodes if memory allows`,
      );
    throw e;
  }
}

/** How the reports of `--method mccfr` measure exploitability, for their header. */
function mccfrMeasure(r: MccfrReport, exact: boolean, brSamples: number, numSeats: number): string {
  if (r.notEstimated !== undefined) return `${r.notEstimated}; the value is a self-play mean of ${brSamples.toLocaleString('en-US')} episodes`;
  if (numSeats > 2) return `exploitability exact (whole tree, best response of each of the ${numSeats} seats): NashConv / ${numSeats}`;
  return `exploitability ${exact ? 'exact (whole tree)' : `by sampled best response, ${brSamples.toLocaleString('en-US')} episodes per seat and phase, ± one standard error`}`;
}

/** One report line of `--method mccfr`. */
export function formatMccfrReport(r: MccfrReport, exact: boolean, brSamplesAsked = Infinity): string {
  if (!exact && r.brSamples === 0)
    return `  ${String(r.iterations).padStart(10)}  ${r.solverSeconds.toFixed(1).padStart(8)} s  ${r.elapsedSeconds.toFixed(1).padStart(8)} s  ${String(r.infoStates).padStart(9)}  ${'—'.padStart(20)}  — (not estimated: the first ${MIN_BR_SAMPLES} episodes of the sampled best response did not fit in the time budget)`;
  const expl =
    r.notEstimated !== undefined
      ? '—'
      : exact
        ? `${r.exploitability.toFixed(5)}${r.nashConv !== undefined ? ` (NashConv ${r.nashConv.toFixed(5)})` : ''}`
        : `${r.exploitability.toFixed(5)} ± ${r.exploitabilityError.toFixed(5)}`;
  const value = exact ? signed(r.value, 5) : `${signed(r.value, 5)} ± ${r.valueError.toFixed(5)}`;
  return `  ${String(r.iterations).padStart(10)}  ${r.solverSeconds.toFixed(1).padStart(8)} s  ${r.elapsedSeconds.toFixed(1).padStart(8)} s  ${String(r.infoStates).padStart(9)}  ${value.padStart(20)}  ${expl}${!exact && r.brSamples !== undefined && r.brSamples < brSamplesAsked ? ` (${r.brSamples.toLocaleString('en-US')} episodes: the time budget)` : ''}`;
}

/** `gbgc solve --method mccfr`. */
function solveMccfr(file: string, opts: SolveOpts, io: CliIO): void {
  if (opts.targetExploitability !== undefined) throw new UsageError('--target-exploitability is for --method cfr+');
  const sampling = (opts.sampling ?? 'external') as MccfrSampling;
  if (sampling !== 'external' && sampling !== 'outcome') throw new UsageError(`--sampling must be external or outcome, got '${opts.sampling}'`);
  const seconds = opts.seconds === undefined ? undefined : parsePositiveOption('--seconds', opts.seconds);
  if (seconds !== undefined && seconds <= 0) throw new UsageError('--seconds must be positive');
  let iterations = opts.iterations === undefined ? undefined : parseIntOption('--iterations', opts.iterations, 1, MAX_COUNT);
  if (iterations === undefined && seconds === undefined) iterations = DEFAULT_MCCFR_ITERATIONS;
  const reportEvery = parseIntOption('--report-every', opts.reportEvery ?? String(DEFAULT_REPORT_EVERY), 1, 1_000_000_000);
  const brSamples = parseIntOption('--br-samples', opts.brSamples ?? String(DEFAULT_BR_SAMPLES), 2, 100_000_000);
  const seed = parseSeedOption(opts.seed ?? '0');
  const maxNodes = parseIntOption('--max-nodes', opts.maxNodes, 0, 1_000_000_000);
  const { ir, rulesetHash, game } = loadAnyGame(file);
  const lines: string[] = [];
  let header = false;
  const print = (r: MccfrReport, exact: boolean): void => {
    if (opts.json) return;
    if (!header) {
      header = true;
      io.stdout(
        `${ir.name}: MCCFR (${sampling} sampling, seed ${seed}); ${mccfrMeasure(r, exact, brSamples, game.numSeats)}\n` +
          `  ${'iterations'.padStart(10)}  ${'solver'.padStart(10)}  ${'elapsed'.padStart(10)}  ${'infostates'.padStart(9)}  ${`${ir.seats[0]} value`.padStart(20)}  exploitability (chips/game)\n`,
      );
    }
    io.stdout(`${formatMccfrReport(r, exact, brSamples)}\n`);
  };
  let exact = false;
  const run = runMccfr(game, {
    sampling,
    seed,
    iterations,
    wallSeconds: seconds,
    reportEvery,
    brSamples,
    exactMaxNodes: maxNodes,
    onReport: (r) => print(r, exact),
    onTree: (fits) => (exact = fits),
  });
  const last = run.reports[run.reports.length - 1];
  if (opts.save) {
    const saved = {
      rulesetHash,
      game: ir.name,
      iterations: run.solver.iteration,
      exploitability: last.exploitability,
      method: 'mccfr' as const,
      policy: mccfrPolicyEntries(run.solver, actionKeys),
    };
    writeFileAtomic(opts.save, encodePolicy(saved));
  }
  if (opts.json) {
    const out = {
      game: ir.name,
      method: 'mccfr',
      sampling,
      seed,
      exploitabilityMethod: run.method,
      ...(run.method === 'sampled-best-response' ? { brSamples } : {}),
      iterations: run.solver.iteration,
      seconds: last.solverSeconds,
      elapsedSeconds: last.elapsedSeconds,
      infoStates: last.infoStates,
      value: last.values ?? [last.value, -last.value],
      exploitability: last.exploitability,
      exploitabilityError: last.exploitabilityError,
      ...(last.nashConv !== undefined ? { nashConv: last.nashConv } : {}),
      ...(last.notEstimated !== undefined ? { notEstimated: last.notEstimated } : {}),
      reports: run.reports,
      rulesetHash,
      ...(opts.save ? { saved: opts.save } : {}),
    };
    io.stdout(`${JSON.stringify(out, null, 2)}\n`);
    return;
  }
  if (last.values && game.numSeats > 2)
    lines.push(`  values per seat     ${last.values.map((v, seat) => `${ir.seats[seat] ?? `seat ${seat}`} ${signed(v, 5)}`).join('   ')}   chips/game`);
  lines.push(`  ruleset hash ${rulesetHash}`);
  if (opts.save) lines.push(`  policy saved to ${opts.save}`);
  io.stdout(`${lines.join('\n')}\n`);
}
