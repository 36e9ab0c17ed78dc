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

const seconds = Number(process.argv[2] ?? 0.5);
const rounds = Number(process.argv[3] ?? 5);

/** CPU milliseconds used by this process so far. */
function cpuMs(): number {
  const c = process.cpuUsage();
  return (c.user + c.system) / 1000;
}

interface Run {
  rate: number;
  sum: number;
  sumSq: number;
  n: number;
}

/** Play episodes with `play` in batches for about `seconds`. */
function timed(batch: number, play: (n: number, first: number) => { sum: number; sumSq: number }): Run {
  let n = 0;
  let sum = 0;
  let sumSq = 0;
  const t0 = cpuMs();
  let t = t0;
  while (t - t0 < seconds * 1000) {
    const r = play(batch, n);
    sum += r.sum;
    sumSq += r.sumSq;
    n += batch;
    t = cpuMs();
  }
  return { rate: n / ((t - t0) / 1000), sum, sumSq, n };
}

async function timedAsync(batch: number, play: (n: number, first: number) => Promise<{ sum: number; sumSq: number }>): Promise<Run> {
  let n = 0;
  let sum = 0;
  let sumSq = 0;
  const t0 = cpuMs();
  let t = t0;
  while (t - t0 < seconds * 1000) {
    const r = await play(batch, n);
    sum += r.sum;
    sumSq += r.sumSq;
    n += batch;
    t = cpuMs();
  }
  return { rate: n / ((t - t0) / 1000), sum, sumSq, n };
}

function direct(playOne: (rng: Rng) => number, seed: number): (n: number) => { sum: number; sumSq: number } {
  const rng = rngFromKeys(seed);
  return (n) => {
    let sum = 0;
    let sumSq = 0;
    for (let i = 0; i < n; i++) {
      const x = playOne(rng);
      sum += x;
      sumSq += x * x;
    }
    return { sum, sumSq };
  };
}

function bareLoop(game: CompiledGame, seed: number): (n: number, first: number) => { sum: number; sumSq: number } {
  return (n, first) => {
    let sum = 0;
    let sumSq = 0;
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
      const x = s.returns()[0];
      sum += x;
      sumSq += x * x;
    }
    return { sum, sumSq };
  };
}

function viaSimulate(game: CompiledGame, seed: number): (n: number, first: number) => Promise<{ sum: number; sumSq: number }> {
  return async (n, first) => {
    const r = await simulate(game, { episodes: n, seed: seed + first, agents: [randomAgent, randomAgent] });
    const sum = r.meanReturns[0] * n;
    // Σx² back from the standard error: se² · n · (n − 1) + n · mean².
    const sumSq = r.stdErrors[0] ** 2 * n * (n - 1) + n * r.meanReturns[0] ** 2;
    return { sum, sumSq };
  };
}

const meanSe = (runs: Run[]): [number, number] => {
  const n = runs.reduce((a, r) => a + r.n, 0);
  const sum = runs.reduce((a, r) => a + r.sum, 0);
  const sumSq = runs.reduce((a, r) => a + r.sumSq, 0);
  const mean = sum / n;
  return [mean, Math.sqrt(Math.max(0, sumSq / n - mean * mean) / n)];
};

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
  timed(5000, d);
  timed(2000, b);
  await timedAsync(2000, s);
  for (let i = 0; i < rounds; i++) {
    runs.direct.push(timed(5000, d));
    runs.simulate.push(await timedAsync(2000, s));
    runs.bare.push(timed(2000, b));
  }
  const [md, sd] = meanSe(runs.direct);
  const [ms, ss] = meanSe(runs.simulate);
  const z = Math.abs(md - ms) / Math.hypot(sd, ss);
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
