/**
 * `gbgc solve FILE [--iterations N] [--target-exploitability E] [--check-every K] [--max-nodes N]
 * [--json] [--save policy.json]`: solve a small game exactly with CFR+ and report the game value
 * per seat and the exploitability of the average strategy.
 */
import { SingleBar } from 'cli-progress';
import type { RegisterCommand } from './index.js';
import type { CliIO } from '../io.js';
import { writeFileAtomic } from '../io.js';
import { loadGame } from '../load.js';
import { parseIntOption, parseNumberOption } from '../errors.js';
import { compileGame } from '../../interpreter/index.js';
import { DEFAULT_MAX_NODES } from '../../eval/solvers/tree.js';
import { DEFAULT_CHECK_EVERY, DEFAULT_ITERATIONS, solve } from '../../eval/solvers/solve.js';
import { toSavedPolicy } from '../../eval/solvers/policy-file.js';

interface SolveOpts {
  iterations: string;
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
  return new SingleBar(
    {
      stream: stream as unknown as NodeJS.WritableStream,
      format: 'CFR+ |{bar}| {value}/{total} iterations | exploitability {expl}',
      hideCursor: true,
      clearOnComplete: true,
    },
  );
}

const signed = (x: number, digits: number) => `${x >= 0 ? '+' : '−'}${Math.abs(x).toFixed(digits)}`;

/** Registers `gbgc solve`. */
export const registerSolve: RegisterCommand = (program, ctx) =>
  program
    .command('solve')
    .description('solve a small game exactly with CFR+: game value per seat and exploitability')
    .argument('<file>', '.gbg file')
    .option('--iterations <n>', 'maximum CFR+ iterations', String(DEFAULT_ITERATIONS))
    .option('--target-exploitability <e>', 'stop once the exploitability (chips/game) is at most this')
    .option('--check-every <n>', 'iterations between exploitability checks (with a target)', String(DEFAULT_CHECK_EVERY))
    .option('--max-nodes <n>', 'largest game tree to build (nodes)', String(DEFAULT_MAX_NODES))
    .option('--json', 'print the figures as JSON')
    .option('--save <file>', 'save the average strategy (keyed by information state and ruleset hash) as JSON')
    .addHelpText(
      'after',
      '\nThe game value is the expected chips won per game by each seat when both play the CFR+\n' +
        'average strategy; exploitability is NashConv / 2 (0 at a Nash equilibrium).\n' +
        'JSON fields: value [seat0, seat1], exploitability, nashConv, infoStates, iterations, seconds, rulesetHash.\n' +
        '\nExamples:\n  gbgc solve examples/kuhn.gbg\n' +
        '  gbgc solve examples/leduc.gbg --iterations 5000 --target-exploitability 0.001 --save leduc-policy.json\n' +
        '  gbgc play examples/leduc.gbg --vs cfr --policy leduc-policy.json\n',
    )
    .action((file: string, opts: SolveOpts) => {
      const iterations = parseIntOption('--iterations', opts.iterations, 1, 100_000_000);
      const target =
        opts.targetExploitability === undefined ? undefined : parseNumberOption('--target-exploitability', opts.targetExploitability, 0);
      const checkEvery = parseIntOption('--check-every', opts.checkEvery, 1, 100_000_000);
      const maxNodes = parseIntOption('--max-nodes', opts.maxNodes, 1, 1_000_000_000);
      const { ir, rulesetHash } = loadGame(file);
      const game = compileGame(ir);
      const bar = progressBar(ctx.io);
      let r;
      try {
        r = solve(game, {
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
        writeFileAtomic(opts.save, `${JSON.stringify(saved, null, 1)}\n`);
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
