/**
 * `gbgc simulate FILE [--episodes N] [--seed S] [--agents A,B] [--policy FILE] [--json]`: Monte Carlo play
 * between agents, one per seat; mean returns with standard errors, moves per player, phase firing rates.
 */
import { cfrPolicyFor } from '../policy-cache.js';
import type { RegisterCommand } from './index.js';
import { loadAnyGame } from '../load.js';
import { parseIntOption, parseSeedOption, MAX_COUNT } from '../errors.js';
import { simulate, type SimulationReport } from '../../algorithms/simulate.js';
import { agentNames } from '../../eval/agents/index.js';
import { startProgress } from '../progress.js';
import { agentsOption } from '../agents.js';
import { formatSigned } from '../../util/format.js';

const signed = (x: number): string => formatSigned(x, 4, '-');
const pct = (x: number): string => `${(100 * x).toFixed(1)}%`;

/**
 * The human-readable report. With a house (`house`: its seat), returns are reported for the players
 * only (the house's are theirs with the sign changed; `--json` keeps every seat's).
 */
export function formatSimulation(r: SimulationReport, seats: readonly string[], house?: number): string {
  const players = seats.map((s, i) => [s, i] as const).filter(([, i]) => i !== house);
  const lines = [
    `${r.game}: ${r.episodes} episodes, seed ${r.seed}, ${seats.map((s, i) => `${s}: ${i === house ? 'the house' : r.agents[i]}`).join(', ')}`,
    `  mean returns      ${players.map(([s, i]) => `${s} ${signed(r.meanReturns[i])} ± ${r.stdErrors[i].toFixed(4)}`).join('   ')}  (chips/game ± 1 standard error${house === undefined ? '' : '; players only'})`,
    `  moves per player  ${players.map(([s, i]) => `${s} ${r.movesPerPlayer[i].toFixed(2)}`).join('   ')}`,
    ...(r.notMeasured !== undefined
      ? [`  not measured      ${r.notMeasured}`]
      : [
          `  phases fired      ${Object.entries(r.phaseFireRates)
            .map(([name, rate]) => `${name} ${pct(rate)}`)
            .join('  ')}`,
          `  showdowns         ${pct(r.showdownRate)} of episodes`,
        ]),
    `  speed             ${Math.round(r.episodesPerSecond).toLocaleString('en-US')} episodes/s`,
  ];
  return `${lines.join('\n')}\n`;
}

export const registerSimulate: RegisterCommand = (cmd, ctx) =>
  cmd
    .argument('<file>', '.gbg file')
    .option('-n, --episodes <n>', 'number of episodes', '10000')
    .option('--seed <s>', 'seed of the run (a whole number); the same seed gives the same results', '1')
    .option('--agents <a,b>', `agents of the seats, one per seat or one for every seat (known: ${agentNames().join(', ')})`, 'random')
    .option('--json', 'print the figures as JSON')
    .option(
      '--policy <file>',
      'policy for the cfr agent, saved by gbgc solve --save (default: solve the game once and cache the policy in .gbgc-cache/ next to it)',
    )
    .addHelpText(
      'after',
      "\nEpisode i draws its chance outcomes and the agents' random choices from one stream seeded by (seed, i).\n" +
        'JSON fields: game, rulesetHash, seed, agents, episodes, meanReturns, stdErrors, movesPerPlayer,\n' +
        'phaseFireRates (phase → fraction of episodes), showdownRate, episodesPerSecond.\n\n' +
        'Examples:\n  gbgc simulate examples/leduc.gbg --episodes 100000 --seed 7\n  gbgc simulate examples/kuhn.gbg --agents random --json',
    )
    .action(async (file: string, opts: { episodes: string; seed: string; agents: string; json?: boolean; policy?: string }) => {
      const episodes = parseIntOption('--episodes', opts.episodes, 1, MAX_COUNT);
      const seed = parseSeedOption(opts.seed);
      const { ir, game } = loadAnyGame(file);
      const policy = cfrPolicyFor(
        ctx,
        file,
        game,
        opts.agents.split(',').map((s) => s.trim()),
        opts.policy,
      );
      const agents = await agentsOption(opts.agents, game, { policy });
      const progress = startProgress(ctx.io, episodes, 'simulate [{bar}] {value}/{total} episodes');
      let report: SimulationReport;
      try {
        report = await simulate(game, { episodes, seed, agents, onProgress: (d) => progress.update(d), progressEvery: 1000 });
      } finally {
        progress.stop();
      }
      ctx.io.stdout(opts.json ? `${JSON.stringify(report, null, 2)}\n` : formatSimulation(report, ir.seats, ir.house?.seat));
    });
