/**
 * Uniform-random playouts through `simulate()` (the library's Monte Carlo entry: per-episode
 * random streams `rngFromKeys(seed, episode)`, the random agent on both seats, the report's
 * figures) against hand-written simulators of the same games (`bench/direct/leduc-sim.ts`,
 * `bench/direct/kuhn-sim.ts`) in the same run. The references use the same cheap generator
 * (sfc32) as one stream for all their episodes, which is the cheapest a hand-written loop can do.
 * Also the interpreter's bare loop (no agents, no report) as context.
 *
 * Each figure is the median of ROUNDS interleaved rounds (default 5) of about SECONDS each
 * (default 0.5) of the process's CPU time (`process.cpuUsage`, user + system, so that other
 * programs on a busy machine do not count; garbage collection on helper threads does). The mean
 * returns of the two sides must agree within 5 standard errors.
 * Run: `npx tsx bench/playout.ts [SECONDS] [ROUNDS]`.
 */
import { fileURLToPath } from 'node:url';
import { loadGame } from '../src/cli/load.js';
import { CHANCE, compileGame, sampleChanceOutcome, type CompiledGame } from '../src/interpreter/index.js';
import { simulate } from '../src/algorithms/index.js';
import { l0Player as randomAgent } from '../src/algorithms/l0.js';
import { rngFromKeys, type Rng } from '../src/util/rng.js';
import { playLeducDirect } from './direct/leduc-sim.js';
import { playKuhnDirect } from './direct/kuhn-sim.js';
import { figure, median, report, round, type Figure } from './lib/figures.js';
import { add, meanSe, timed, timedAsync, zApart, type AsyncBatch, type Batch, type Run } from './lib/playouts.js';

const seconds = Number(process.argv[2] ?? 0.5);
const rounds = Number(process.argv[3] ?? 5);

function direct(playOne: (rng: Rng) => number, seed: number): Batch {
  const rng = rngFromKeys(seed);
  return (n, _first, acc) => {
    for (let i = 0; i < n; i++) add(acc, 0, playOne(rng));
  };
}

function bareLoop(game: CompiledGame, seed: number): Batch {
  return (n, first, acc) => {
    for (let i = 0; i < n; i++) {
      const rng = rngFromKeys(seed, first + i);
      const s = game.newInitialState();
      while (!s.isTerminal()) {
        if (s.currentPlayer() === CHANCE) s.applyAction(sampleChanceOutcome(s, rng));
        else {
          const legal = s.legalActions();
          s.applyAction(legal[Math.floor(rng() * legal.length)]);
        }
      }
      add(acc, 0, s.returns()[0]);
    }
  };
}

function viaSimulate(game: CompiledGame, seed: number): AsyncBatch {
  return async (n, first, acc) => {
    const r = await simulate(game, { episodes: n, seed: seed + first, agents: [randomAgent, randomAgent] });
    acc[0] += r.meanReturns[0] * n;
    // Σx² back from the standard error: se² · n · (n − 1) + n · mean².
    acc[1] += r.stdErrors[0] ** 2 * n * (n - 1) + n * r.meanReturns[0] ** 2;
  };
}

const figures: Figure[] = [];
const checks: Record<string, unknown> = {};
for (const [name, file, playOne, target] of [
  ['leduc', 'leduc.gbg', playLeducDirect, 2.5],
  ['kuhn', 'kuhn.gbg', playKuhnDirect, 3],
] as const) {
  const game = compileGame(loadGame(fileURLToPath(new URL(`../examples/${file}`, import.meta.url))).ir);
  const runs = { direct: [] as Run[], simulate: [] as Run[], bare: [] as Run[] };
  const d = direct(playOne, 7);
  const b = bareLoop(game, 7);
  const s = viaSimulate(game, 7);
  // Warm-up round (JIT), not measured.
  timed(seconds, 5000, d);
  timed(seconds, 2000, b);
  await timedAsync(seconds, 2000, s);
  for (let i = 0; i < rounds; i++) {
    runs.direct.push(timed(seconds, 5000, d));
    runs.simulate.push(await timedAsync(seconds, 2000, s));
    runs.bare.push(timed(seconds, 2000, b));
  }
  const [md, sd] = meanSe(runs.direct);
  const [ms, ss] = meanSe(runs.simulate);
  const z = zApart([md, sd], [ms, ss]);
  checks[name] = { directMean: round(md, 5), simulateMean: round(ms, 5), z: round(z, 2) };
  console.log(
    `${name}: mean return of seat 0, direct ${md.toFixed(4)} ± ${sd.toFixed(4)}, simulate() ${ms.toFixed(4)} ± ${ss.toFixed(4)} (${z.toFixed(1)} SE apart)`,
  );
  if (z > 5) {
    console.error(`bench/playout.ts: ${name}: the two simulators disagree (${z.toFixed(1)} standard errors)`);
    process.exitCode = 1;
  }
  const ref = {
    name: `hand-written ${name} simulator (bench/direct/${name}-sim.ts, sfc32)`,
    value: Math.round(median(runs.direct.map((r) => r.rate))),
    unit: 'episodes/CPU-s',
  };
  const note = `median of ${rounds} interleaved rounds of ${seconds} CPU-s; uniform-random agents on both seats`;
  figures.push(
    figure({
      id: `${name}-simulate`,
      kind: 'rate',
      name: `${name} playouts through simulate()`,
      value: Math.round(median(runs.simulate.map((r) => r.rate))),
      unit: 'episodes/CPU-s',
      reference: ref,
      ratioMeaning: 'times slower than the hand-written simulator',
      target: { max: target },
      note,
    }),
    figure({
      id: `${name}-bare-loop`,
      kind: 'rate',
      name: `${name} playouts, bare interpreter loop (no agents, no report)`,
      value: Math.round(median(runs.bare.map((r) => r.rate))),
      unit: 'episodes/CPU-s',
      reference: ref,
      ratioMeaning: 'times slower than the hand-written simulator',
      note,
    }),
  );
}
report('playout', figures, { checks });
