/**
 * The compiling backend of the two-seat machine (`src/interpreter/compiled-run.ts`) against the
 * interpreter and the hand-written simulators, in one run:
 *
 * 1. Differential check: every two-seat example and PROGRAMS generated games (the three builders,
 *    complexities 0 to 1, first draws without repairs) played side by side by both backends
 *    (`test/support/differential.ts`: registers, piles, legal actions, chance outcomes,
 *    information-state keys, returns, event logs, errors); the figure is the number of games with
 *    a disagreement (target 0).
 * 2. Kuhn and Leduc, uniform-random playouts, against the hand-written simulators
 *    (`bench/direct/*-sim.ts`, one sfc32 stream): the bare contract loop of `bench/playout.ts`
 *    (a new state per episode, `rngFromKeys(seed, episode)`) on the compiled backend and on the
 *    interpreter, and the generated episode function of the poker kernel (`playoutKernel().play`,
 *    straight-line code generated for programs of poker steps only) on one stream like the
 *    references.
 * 3. A sampled c = 0.7 game (the default builder, seed 1): L0 playouts through the contract (one
 *    state reset in place per episode) on the compiled backend against the interpreter; and
 *    `simulate()` with L0 on both seats, through the whole-episode machine kernel
 *    (`src/interpreter/machine-kernel.ts`) on each backend, against `simulate()`'s general loop
 *    on the interpreter (agents that play as L0 but are not `l0Player`, so no kernel).
 *    And whole `simulate()` runs of 100,000, 300,000 and 1,000,000 episodes on five fresh c = 0.7
 *    games each, compiled backend (its default tiers, compiling included) against the interpreter:
 *    where compiling starts to pay.
 * 4. The acceptance filter (`acceptance`, 2,000 episodes) per c = 0.7 candidate, compiled backend
 *    (`GBGC_ENGINE=compiled`) against the interpreter.
 * 5. The acceptance filter per c = 0.7 candidate, its episodes through the machine kernel (what
 *    `acceptance` does) against the contract loop (`measureByContract`), default backend.
 *
 * Rates are medians of ROUNDS interleaved rounds of about SECONDS of CPU time each.
 * Run: `npx tsx bench/compiled.ts [SECONDS] [ROUNDS] [PROGRAMS]`.
 */
import { fileURLToPath } from 'node:url';
import { loadGame } from '../src/cli/load.js';
import { CHANCE, compileGame, episodeRng, ProgramError, sampleChanceOutcome, type CompiledGame, type EngineBackend } from '../src/interpreter/index.js';
import { l0Player, l0Sample } from '../src/algorithms/l0.js';
import { simulate } from '../src/algorithms/simulate.js';
import { MachineKernel } from '../src/interpreter/machine-kernel.js';
import { acceptance, filterOptions, judge, sampleIR } from '../src/sampler/index.js';
import { measureByContract } from '../src/sampler/acceptance.js';
import { irDiagnostics } from '../src/compiler/index.js';
import type { GameIR } from '../src/ir/schema.js';
import { rngFromKeys, type Rng } from '../src/util/rng.js';
import { runnerStats } from '../src/interpreter/compiled-run.js';
import { pokerKernel } from '../src/interpreter/poker-kernel.js';
import { playLeducDirect } from './direct/leduc-sim.js';
import { playKuhnDirect } from './direct/kuhn-sim.js';
import { figure, median, report, round, type Figure } from './lib/figures.js';
import { differential, Disagreement } from '../test/support/differential.js';
import { exampleIRs } from '../test/interpreter/helpers.js';

const seconds = Number(process.argv[2] ?? 0.5);
const rounds = Number(process.argv[3] ?? 5);
const programs = Number(process.argv[4] ?? 500);

/** CPU milliseconds used by this process so far. */
function cpuMs(): number {
  const c = process.cpuUsage();
  return (c.user + c.system) / 1000;
}

/** Episodes per CPU second of `play(n)` (n episodes per call) over about `seconds`. */
function rate(batch: number, play: (n: number) => void): number {
  let n = 0;
  const t0 = cpuMs();
  let t = t0;
  while (t - t0 < seconds * 1000) {
    play(batch);
    n += batch;
    t = cpuMs();
  }
  return n / ((t - t0) / 1000);
}

let sink = 0;

/** {@link rate} for a loop whose batches are promises (`simulate()`). */
async function rateAsync(batch: number, play: (n: number) => Promise<void>): Promise<number> {
  let n = 0;
  const t0 = cpuMs();
  let t = t0;
  while (t - t0 < seconds * 1000) {
    await play(batch);
    n += batch;
    t = cpuMs();
  }
  return n / ((t - t0) / 1000);
}

/** `simulate()` runs of `n` episodes with `agent` on both seats, each run on the next seed. */
function simulateLoop(game: CompiledGame, agent: typeof l0Player): (n: number) => Promise<void> {
  let seed = 0;
  return async (n) => {
    const r = await simulate(game, { episodes: n, seed: seed++, agents: [agent, agent] });
    sink += r.meanReturns[0];
  };
}

/** `bench/playout.ts`'s bare loop: a new state and `rngFromKeys(seed, episode)` per episode, uniform picks. */
function bareLoop(game: CompiledGame): (n: number) => void {
  let first = 0;
  return (n) => {
    for (let i = 0; i < n; i++) {
      const rng = rngFromKeys(7, first + i);
      const s = game.newInitialState();
      while (!s.isTerminal()) {
        if (s.currentPlayer() === CHANCE) s.applyAction(sampleChanceOutcome(s, rng));
        else {
          const legal = s.legalActions();
          s.applyAction(legal[Math.floor(rng() * legal.length)]);
        }
      }
      sink += s.returns()[0];
    }
    first += n;
  };
}

/** L0 playouts through the contract, one state reset in place per episode (what the acceptance filter and simulate() do per episode). */
function l0Loop(game: CompiledGame): (n: number) => void {
  const s = game.newInitialState();
  let first = 0;
  return (n) => {
    for (let i = 0; i < n; i++) {
      const rng = episodeRng(7, first + i);
      game.resetToInitial(s);
      while (!s.isTerminal()) s.applyAction(s.currentPlayer() === CHANCE ? sampleChanceOutcome(s, rng) : l0Sample(s, rng));
      sink += s.stackChange(0);
    }
    first += n;
  };
}

/** A loop over one stream of a one-episode function (the references' way). */
function streamLoop(playOne: (rng: Rng) => number, seed: number): (n: number) => void {
  const rng = rngFromKeys(seed);
  return (n) => {
    for (let i = 0; i < n; i++) sink += playOne(rng);
  };
}

const figures: Figure[] = [];
const note = `median of ${rounds} interleaved rounds of ${seconds} CPU-s`;

// 1. The differential check.
const tCheck = cpuMs();
let disagreements = 0;
let checked = 0;
let refused = 0;
let nodes = 0;
const firstDisagreements: string[] = [];
const check = (ir: Parameters<typeof differential>[0], episodes: number, seed: number, label: string): void => {
  try {
    nodes += differential(ir, episodes, seed, label).nodes;
    checked++;
  } catch (e) {
    if (e instanceof ProgramError) refused++;
    else if (e instanceof Disagreement) {
      disagreements++;
      if (firstDisagreements.length < 5) firstDisagreements.push(e.message);
    } else throw e;
  }
};
for (const { file, ir } of exampleIRs()) check(ir, 100, 1, file);
const builders = ['graph', 'paper', 'coherent'] as const;
for (let i = 0; i < programs; i++) {
  const c = Math.round((i % 11) * 10) / 100;
  check(sampleIR(20000 + i, c, { repair: false, builder: builders[i % 3] }), 10, i, `seed ${20000 + i}, c ${c}, ${builders[i % 3]}`);
}
const checkSeconds = (cpuMs() - tCheck) / 1000;
console.log(
  `differential: ${checked} games checked (${nodes} nodes), ${refused} refused by the step compiler, ${disagreements} with a disagreement; ${checkSeconds.toFixed(1)} CPU-s`,
);
for (const m of firstDisagreements) console.error(m);
if (disagreements > 0) process.exitCode = 1;
figures.push(
  figure({
    id: 'differential',
    kind: 'size',
    name: `games on which the compiled backend and the interpreter disagree (every two-seat example and ${programs} generated games)`,
    value: disagreements,
    reference: { name: 'games checked', value: checked, unit: 'games' },
    unit: 'games',
    ratioMeaning: 'share of the games checked with a disagreement',
    target: { max: 0 },
    note: `${nodes} nodes compared (registers, piles, legal actions, chance outcomes, both seats' information-state keys, returns, event logs, errors); ${refused} draws refused by the step compiler; examples 100 episodes each, generated games 10 each`,
  }),
);

// 2. Kuhn and Leduc against the hand-written simulators.
for (const [name, file, playOne] of [
  ['kuhn', 'kuhn.gbg', playKuhnDirect],
  ['leduc', 'leduc.gbg', playLeducDirect],
] as const) {
  const ir = loadGame(fileURLToPath(new URL(`../examples/${file}`, import.meta.url))).ir;
  const compiled = compileGame(ir, { backend: 'compiled' });
  const interp = compileGame(ir, { backend: 'interpreter' });
  const kernel = pokerKernel(compiled.program);
  if (kernel === null) throw new Error(`${name}: no playout kernel`);
  const loops = {
    direct: streamLoop(playOne, 7),
    generated: streamLoop((rng) => {
      kernel.play(rng);
      return kernel.returns0;
    }, 7),
    compiled: bareLoop(compiled),
    interpreter: bareLoop(interp),
  };
  const rates: Record<keyof typeof loops, number[]> = { direct: [], generated: [], compiled: [], interpreter: [] };
  for (const [k, f] of Object.entries(loops)) rate(k === 'direct' || k === 'generated' ? 5000 : 1000, f); // warm-up
  for (let i = 0; i < rounds; i++)
    for (const [k, f] of Object.entries(loops)) rates[k as keyof typeof loops].push(rate(k === 'direct' || k === 'generated' ? 5000 : 1000, f));
  const ref = { name: `hand-written ${name} simulator (bench/direct/${name}-sim.ts, sfc32)`, value: Math.round(median(rates.direct)), unit: 'episodes/CPU-s' };
  figures.push(
    figure({
      id: `${name}-bare-loop-compiled`,
      kind: 'rate',
      name: `${name} playouts, bare contract loop on the compiled backend (a new state and rngFromKeys per episode)`,
      value: Math.round(median(rates.compiled)),
      unit: 'episodes/CPU-s',
      reference: ref,
      ratioMeaning: 'times slower than the hand-written simulator',
      target: { max: 2 },
      note: `${note}; the same loop on the interpreter: ${Math.round(median(rates.interpreter))} episodes/CPU-s (ratio ${round(ref.value / median(rates.interpreter), 2)})`,
    }),
    figure({
      id: `${name}-generated-episode`,
      kind: 'rate',
      name: `${name} playouts, generated episode function (poker kernel's straight-line code) on one stream`,
      value: Math.round(median(rates.generated)),
      unit: 'episodes/CPU-s',
      reference: ref,
      ratioMeaning: 'times slower than the hand-written simulator',
      target: { max: 2 },
      note,
    }),
  );
}

// 3. A sampled c = 0.7 game.
{
  const ir = sampleIR(1, 0.7);
  const loops = { compiled: l0Loop(compileGame(ir, { backend: 'compiled' })), interpreter: l0Loop(compileGame(ir, { backend: 'interpreter' })) };
  const rates: Record<keyof typeof loops, number[]> = { compiled: [], interpreter: [] };
  for (const f of Object.values(loops)) rate(200, f);
  for (let i = 0; i < rounds; i++) for (const [k, f] of Object.entries(loops)) rates[k as keyof typeof loops].push(rate(200, f));
  figures.push(
    figure({
      id: 'c07-playouts',
      kind: 'speedup',
      name: 'L0 playouts of a sampled c = 0.7 game (seed 1, default builder) through the contract, compiled backend',
      value: Math.round(median(rates.compiled)),
      unit: 'episodes/CPU-s',
      reference: { name: 'the same playouts on the interpreter', value: Math.round(median(rates.interpreter)), unit: 'episodes/CPU-s' },
      ratioMeaning: 'times faster than the interpreter',
      target: { min: 3 },
      note,
    }),
  );
}

// 3b. The same game: simulate() with L0 on both seats, through the machine kernel, against simulate()'s general loop.
{
  const ir = sampleIR(1, 0.7);
  const compiled = compileGame(ir, { backend: 'compiled' });
  const interp = compileGame(ir, { backend: 'interpreter' });
  if (!(compiled.playoutKernel() instanceof MachineKernel)) throw new Error('c = 0.7 game: no machine kernel');
  // An agent that plays as L0 without being `l0Player`: simulate() then takes its general loop.
  const generalL0 = { name: 'random', act: l0Player.act };
  const loops = {
    kernelCompiled: simulateLoop(compiled, l0Player),
    kernelInterpreter: simulateLoop(interp, l0Player),
    generalCompiled: simulateLoop(compiled, generalL0),
    generalInterpreter: simulateLoop(interp, generalL0),
  };
  const rates: Record<keyof typeof loops, number[]> = { kernelCompiled: [], kernelInterpreter: [], generalCompiled: [], generalInterpreter: [] };
  for (const f of Object.values(loops)) await rateAsync(1000, f);
  for (let i = 0; i < rounds; i++) for (const [k, f] of Object.entries(loops)) rates[k as keyof typeof loops].push(await rateAsync(1000, f));
  const ref = {
    name: "simulate()'s general loop on the interpreter (L0 through the contract)",
    value: Math.round(median(rates.generalInterpreter)),
    unit: 'episodes/CPU-s',
  };
  figures.push(
    figure({
      id: 'c07-simulate-kernel',
      kind: 'speedup',
      name: 'simulate() with L0 on both seats of a sampled c = 0.7 game (seed 1, default builder): the machine kernel on the compiled backend',
      value: Math.round(median(rates.kernelCompiled)),
      unit: 'episodes/CPU-s',
      reference: ref,
      ratioMeaning: 'times faster than the general loop on the interpreter',
      target: { min: 3 },
      note: `${note}; runs of 1,000 episodes; the machine kernel on the interpreter backend: ${Math.round(median(rates.kernelInterpreter))} episodes/CPU-s (ratio ${round(median(rates.kernelInterpreter) / ref.value, 2)}); the general loop on the compiled backend: ${Math.round(median(rates.generalCompiled))} (ratio ${round(median(rates.generalCompiled) / ref.value, 2)})`,
    }),
  );
}

// 3c. Whole simulate() runs from a fresh compile, compile costs included: the default tiers of the
// compiled backend (interpreted until COMPILE_AFTER run calls) against the interpreter, at three
// run lengths, each on five c = 0.7 games of its own (the code cache would spare a game compiled
// before its compile).
for (const [i, episodes] of [100_000, 300_000, 1_000_000].entries()) {
  const irs = Array.from({ length: 5 }, (_, k) => sampleIR(1000 + 5 * i + k, 0.7));
  const runCpu = async (backend: EngineBackend): Promise<number> => {
    const t0 = cpuMs();
    for (const ir of irs) sink += (await simulate(compileGame(ir, { backend }), { episodes, seed: 1, agents: [l0Player, l0Player] })).meanReturns[0];
    return (cpuMs() - t0) / 1000;
  };
  const interpreted = await runCpu('interpreter');
  const compiledCpu = await runCpu('compiled');
  figures.push(
    figure({
      id: `simulate-fresh-${episodes / 1000}k`,
      kind: 'time',
      name: `simulate() with L0 on both seats, ${episodes.toLocaleString('en')} episodes on each of five fresh c = 0.7 games (seeds ${1000 + 5 * i}–${1004 + 5 * i}), compiled backend from compileGame on (compiling included)`,
      value: compiledCpu,
      unit: 'CPU s',
      reference: { name: 'the same runs on the interpreter', value: interpreted, unit: 'CPU s' },
      ratioMeaning: 'compiled / interpreter CPU (below 1: the compiled backend pays off)',
      note: 'one run each, the interpreter first',
    }),
  );
}

// 4 and 5: the acceptance filter per c = 0.7 candidate, on the same candidates.
const CANDIDATES = 20;
const filter = filterOptions('v2', {}, 2000, 1);
const candidates = Array.from({ length: CANDIDATES }, (_, s) => sampleIR(s, 0.7));
/** CPU milliseconds per candidate of `judged` over the candidates. */
const perCandidateMs = (judged: (ir: GameIR) => { accepted: boolean }): number => {
  const t0 = cpuMs();
  for (const ir of candidates) sink += judged(ir).accepted ? 1 : 0;
  return (cpuMs() - t0) / CANDIDATES;
};

// 4. Compiled backend against the interpreter.
{
  const run = (backend: EngineBackend): number => {
    process.env.GBGC_ENGINE = backend;
    return perCandidateMs((ir) => acceptance(ir, filter));
  };
  run('interpreter');
  run('compiled');
  const ms: Record<EngineBackend, number[]> = { compiled: [], interpreter: [] };
  for (let i = 0; i < Math.max(2, Math.ceil(rounds / 2)); i++) for (const b of ['interpreter', 'compiled'] as const) ms[b].push(run(b));
  delete process.env.GBGC_ENGINE;
  figures.push(
    figure({
      id: 'acceptance-compiled',
      kind: 'time',
      name: 'acceptance filter per c = 0.7 candidate (probes, 2,000 L0 episodes, checks), compiled backend',
      value: round(median(ms.compiled), 2),
      unit: 'ms CPU',
      reference: { name: 'the same on the interpreter', value: round(median(ms.interpreter), 2), unit: 'ms CPU' },
      ratioMeaning: 'times the interpreter (target: at most half)',
      target: { max: 0.5 },
      note: `${CANDIDATES} candidates (seeds 0–${CANDIDATES - 1}), median of ${ms.compiled.length} interleaved runs after a warm-up run; generated run loops compiled ${runnerStats.compiled}, taken from the cache ${runnerStats.hits}`,
    }),
  );
}

// 5. The acceptance filter per c = 0.7 candidate through the machine kernel (`acceptance`, the
//    default backend) against the same filter through the contract loop (`measureByContract`, the
//    filter's loop before the kernel), the same candidates and figures.
{
  const viaKernel = (ir: GameIR) => acceptance(ir, filter);
  const viaContract = (ir: GameIR) => judge(measureByContract(ir, filter.episodes, filter.seed), filter.thresholds, irDiagnostics(ir));
  for (const ir of candidates)
    if (JSON.stringify(viaKernel(ir)) !== JSON.stringify(viaContract(ir))) throw new Error('acceptance: the kernel and the contract loop disagree');
  const ms = { kernel: [] as number[], contract: [] as number[] };
  for (let i = 0; i < Math.max(3, rounds); i++) {
    ms.contract.push(perCandidateMs(viaContract));
    ms.kernel.push(perCandidateMs(viaKernel));
  }
  figures.push(
    figure({
      id: 'acceptance-kernel',
      kind: 'time',
      name: 'acceptance filter per c = 0.7 candidate (probes, 2,000 L0 episodes through the machine kernel, checks), default backend',
      value: round(median(ms.kernel), 2),
      unit: 'ms CPU',
      reference: { name: 'the same filter through the contract loop (measureByContract)', value: round(median(ms.contract), 2), unit: 'ms CPU' },
      ratioMeaning: 'times the contract loop (target: at most half)',
      target: { max: 0.5 },
      note: `${CANDIDATES} candidates (seeds 0–${CANDIDATES - 1}), the same reports both ways; median of ${ms.kernel.length} interleaved runs after a check run`,
    }),
  );
}

if (sink === Number.MIN_VALUE) console.log(sink);
report('compiled', figures, { checkSeconds: round(checkSeconds, 1), checked, refused, nodes });
