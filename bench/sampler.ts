/**
 * Generator speed.
 * 1. Acceptance check time per candidate at c = 0.7: drawing the game (`sampleIR`) and running the
 *    v2 filter (2,000 uniform-random episodes on the instrumented game), per candidate; against a
 *    direct baseline measured in the same run: the same 2,000 episodes played on the plain
 *    compiled game by a bare loop with no probes and no figures (the ratio is the cost of the
 *    draw, the probes and the bookkeeping).
 * 2. Pool throughput: accepted games per minute of `buildPool` (c = 0..1, POOL games, default 480)
 *    with two worker threads against one worker, interleaved (ROUNDS each, default 2, median);
 *    the ratio is the speed-up of the second worker (the target is ≥ 1.6 on a machine with two
 *    idle cores). Every worker pays a fixed start-up (module evaluation and about 2 s of CPU of
 *    JIT warm-up, measured: its first 120 games cost 5.7 s of CPU, the same 120 again 3.4 s); the
 *    figure is a throughput, so the pool is large enough (480 games, about 30 s for one worker on
 *    an idle machine) that start-up does not dominate it: a pool of 120 measured mostly start-up
 *    (two workers paid it twice for 3.4 s of work).
 *    The CPU time per game of both (all threads of the process) is reported too: on a busy
 *    machine the wall-clock ratio says more about the load than about the pool (Linux's autogroup
 *    scheduler shares the CPUs between sessions, not threads: under load a second thread of the
 *    same process gets only part of a core; a bare CPU loop on two threads measured 1.3–1.65×
 *    one thread at load average 8 on 2 cores).
 * Figures of part 1 are the best of three runs after a warm-up run.
 * Run: `npx tsx bench/sampler.ts [--json] [--candidates N] [--pool N] [--rounds N]`.
 */
import { availableParallelism, tmpdir } from 'node:os';
import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { acceptance, buildPool, filterOptions, sampleIR } from '../src/sampler/index.js';
import { compileGame, CHANCE, sampleChanceOutcome, episodeRng } from '../src/interpreter/index.js';
import { l0Player as randomAgent } from '../src/interpreter/l0.js';
import { figure, median, report, round } from './lib/figures.js';
import { sourceWorkerUrl } from '../src/sampler/pool-worker-source.js';
import type { GameIR } from '../src/ir/schema.js';

const argv = process.argv.slice(2);
const json = argv.includes('--json');
const arg = (name: string, dflt: number) => {
  const i = argv.indexOf(name);
  return i >= 0 ? Number(argv[i + 1]) : dflt;
};
const CANDIDATES = arg('--candidates', 40);
const POOL = arg('--pool', 480);
const ROUNDS = arg('--rounds', 2);
const C = 0.7;
const EPISODES = 2000;

/** The direct baseline: 2,000 random episodes on the plain game, nothing measured. */
function bareEpisodes(ir: GameIR): number {
  const game = compileGame(ir);
  let moves = 0;
  for (let i = 0; i < EPISODES; i++) {
    const rng = episodeRng(1, i);
    const s = game.newInitialState();
    while (!s.isTerminal()) {
      const p = s.currentPlayer();
      s.applyAction(p === CHANCE ? sampleChanceOutcome(s, rng) : (randomAgent.act(s, p, rng) as number));
    }
    moves += s.moves(0) + s.moves(1);
  }
  return moves;
}

const filter = filterOptions('v2', {}, EPISODES, 1);
const irs = Array.from({ length: CANDIDATES }, (_, s) => sampleIR(s, C));
let accepted = 0;
/** Milliseconds per candidate of the filter (draw + probes + 2,000 episodes + checks). */
const filterRun = (): number => {
  accepted = 0;
  const t0 = performance.now();
  for (let s = 0; s < CANDIDATES; s++) if (acceptance(sampleIR(s, C), filter).accepted) accepted++;
  return (performance.now() - t0) / CANDIDATES;
};
let sink = 0;
/** Milliseconds per candidate of the direct baseline. */
const bareRun = (): number => {
  const t0 = performance.now();
  for (const ir of irs) sink += bareEpisodes(ir);
  return (performance.now() - t0) / CANDIDATES;
};
// The first run of each warms the JIT up; the figures are the best of the next three.
filterRun();
bareRun();
const filterMs = Math.min(filterRun(), filterRun(), filterRun());
const bareMs = Math.min(bareRun(), bareRun(), bareRun());
if (sink === 0) throw new Error('bench: no moves played');

const cores = availableParallelism();
async function throughput(workers: number): Promise<{ gamesPerMinute: number; cpuSecondsPerGame: number; tries: number }> {
  const out = mkdtempSync(join(tmpdir(), 'gbgc-bench-pool-'));
  try {
    const c0 = process.cpuUsage();
    const s = await buildPool({ count: POOL, complexity: [0, 1], seed: 1, out, workers, filter: filterOptions(), maxTries: 100 });
    const cpu = process.cpuUsage(c0);
    if (s.failed.length > 0) throw new Error(`bench: ${s.failed.length} pool slots failed`);
    return { gamesPerMinute: s.gamesPerMinute, cpuSecondsPerGame: (cpu.user + cpu.system) / 1e6 / s.built, tries: s.tries };
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}
// From the sources, workers start from a bundle made once per process: make it before measuring.
await sourceWorkerUrl();
const runs: Record<1 | 2, Awaited<ReturnType<typeof throughput>>[]> = { 1: [], 2: [] };
for (let i = 0; i < ROUNDS; i++) {
  runs[2].push(await throughput(2));
  runs[1].push(await throughput(1));
}
const gpm = (w: 1 | 2) => round(median(runs[w].map((r) => r.gamesPerMinute)), 1);
const cpg = (w: 1 | 2) => round(median(runs[w].map((r) => r.cpuSecondsPerGame)), 4);

console.log(`acceptance check at c = ${C}: ${filterMs.toFixed(1)} ms per candidate (${EPISODES} episodes; ${accepted}/${CANDIDATES} accepted)`);
const poolNote = `buildPool, ${POOL} games at c = 0..1, seed 1 (a pool large enough to amortise each worker's start-up and JIT warm-up); median of ${ROUNDS} interleaved runs; ${cores} cores available`;
report(
  'sampler',
  [
    figure({ id: 'acceptance-check', kind: 'time', name: `acceptance check per candidate at c = ${C} (draw, probes, ${EPISODES} episodes, checks)`, value: round(filterMs, 2), unit: 'ms', reference: { name: 'the same episodes in a bare loop', value: round(bareMs, 2), unit: 'ms' }, ratioMeaning: 'times the bare loop', note: `best of 3 runs over ${CANDIDATES} candidates; ${accepted} accepted` }),
    figure({ id: 'pool-2-workers', kind: 'speedup', name: `pool throughput, 2 workers (${POOL}-game pool: start-up amortised)`, value: gpm(2), unit: 'games/min', reference: { name: `pool throughput, 1 worker (${POOL}-game pool)`, value: gpm(1), unit: 'games/min' }, ratioMeaning: 'times faster than one worker (wall clock)', target: { min: 1.6 }, note: poolNote }),
    figure({ id: 'pool-cpu-per-game', kind: 'time', name: 'CPU time per accepted game, 2 workers', value: cpg(2), unit: 's CPU', reference: { name: 'CPU time per accepted game, 1 worker', value: cpg(1), unit: 's CPU' }, ratioMeaning: 'CPU cost of the second worker (1 = none)', note: poolNote }),
  ],
  { acceptance: { complexity: C, candidates: CANDIDATES, episodes: EPISODES, accepted }, pool: { games: POOL, cores, candidatesTried: runs[2][0]?.tries } },
);
if (json) console.log(JSON.stringify({ filterMs, bareMs, pool: runs }, null, 2));
