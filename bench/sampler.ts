/**
 * Generator speed.
 * 1. Acceptance check time per candidate at c = 0.7: drawing the game (`sampleIR`) and running the
 *    v2 filter (2,000 uniform-random episodes on the instrumented game), per candidate; against a
 *    direct baseline measured in the same run: the same 2,000 episodes played on the plain
 *    compiled game by a bare loop with no probes and no figures (the ratio is the cost of the
 *    draw, the probes and the bookkeeping).
 * 2. Pool throughput: accepted games per minute of `buildPool` (c = 0..1, POOL games, default 960)
 *    with two worker threads against one worker, interleaved (ROUNDS each, default 2, median);
 *    the ratio is the speed-up of the second worker (no target: on two cores it is bounded by
 *    CPU time below 1.6, `pool-2-workers-cpu-bound`; what counts is the CPU per accepted game).
 *    Every worker pays a fixed start-up (module evaluation and about 3 s of CPU of
 *    JIT warm-up, measured in one thread: its first 120 games cost 7.9 s of CPU, 3.9 of them on
 *    V8's background compiler threads, the same 120 again 4.9 s (1.2 on those threads), a third
 *    time 4.9 s (0.8); a single run from the sources under tsx, on a loaded machine); the
 *    figure is a throughput, so the pool is large enough (960 games, about 25 s for one worker on
 *    an idle machine) that start-up does not dominate it: a pool of 120 measured mostly start-up,
 *    and at 480 games the second worker's warm-up was still about a tenth of the two workers' CPU.
 *    With one worker V8's compiler and collector threads run on the idle second core; with two
 *    they compete with the workers, which is why the CPU per game is split by thread (Linux).
 *    The CPU time per game of both (all threads of the process) is reported too: on a busy
 *    machine the wall-clock ratio says more about the load than about the pool (Linux's autogroup
 *    scheduler shares the CPUs between sessions, not threads: under load a second thread of the
 *    same process gets only part of a core; a bare CPU loop on two threads measured 1.3–1.65×
 *    one thread at load average 8 on 2 cores).
 * 3. Where one thread's CPU goes per accepted game (draw, filter, emit) and the filter's floor (the
 *    plain game's episodes through the machine kernel), see below.
 * Figures of part 1 are the best of three runs after a warm-up run.
 * Run: `npx tsx bench/sampler.ts [--json] [--candidates N] [--pool N] [--rounds N] [--parts N]`.
 */
import { availableParallelism, tmpdir } from 'node:os';
import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { acceptance, buildPool, candidateSeed, emitSample, filterOptions, poolSlots, sampleIR } from '../src/sampler/index.js';
import { KeyedStream } from '../src/util/rng.js';
import { compileGame, CHANCE, sampleChanceOutcome, episodeRng } from '../src/interpreter/index.js';
import { l0Player as randomAgent } from '../src/algorithms/l0.js';
import { figure, median, report, round } from './lib/figures.js';
import { sourceWorkerUrl } from '../src/sampler/pool-worker-source.js';
import { splitThreads, threadCpuSeconds } from './lib/threads.js';
import type { GameIR } from '../src/ir/schema.js';

const argv = process.argv.slice(2);
const json = argv.includes('--json');
const arg = (name: string, dflt: number) => {
  const i = argv.indexOf(name);
  return i >= 0 ? Number(argv[i + 1]) : dflt;
};
const CANDIDATES = arg('--candidates', 40);
const POOL = arg('--pool', 960);
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
/** One pool run: wall-clock throughput, CPU per game of all threads, and (Linux) its split by thread. */
interface PoolRun {
  gamesPerMinute: number;
  cpuSecondsPerGame: number;
  tries: number;
  /** CPU seconds per accepted game: main thread, all worker threads, V8's and libuv's background threads (null off Linux). */
  perGame: { main: number; workers: number; background: number } | null;
  /**
   * Games per minute the run would reach on idle cores, bounded by CPU time alone: its wall clock
   * is at least its busiest thread's CPU time (a worker's work is serial) and at least all
   * threads' CPU time shared over all cores (V8 compiles and collects garbage on its own threads,
   * which a single worker leaves a second core for).
   */
  cpuBoundGamesPerMinute: number | null;
}
async function throughput(workers: number): Promise<PoolRun> {
  const out = mkdtempSync(join(tmpdir(), 'gbgc-bench-pool-'));
  try {
    const before = threadCpuSeconds();
    let after: Map<number, number> | null = null;
    const c0 = process.cpuUsage();
    // The split is read when the last game is in, while the worker threads still exist.
    const s = await buildPool({ count: POOL, complexity: [0, 1], seed: 1, out, workers, filter: filterOptions(), maxTries: 100 }, (filled, total) => {
      if (filled === total) after = threadCpuSeconds();
    });
    const cpu = process.cpuUsage(c0);
    if (s.failed.length > 0) throw new Error(`bench: ${s.failed.length} pool slots failed`);
    const cpuSecondsPerGame = (cpu.user + cpu.system) / 1e6 / s.built;
    let perGame: PoolRun['perGame'] = null;
    let cpuBoundGamesPerMinute: number | null = null;
    if (before && after) {
      const t = splitThreads(before, after);
      const w = t.started.reduce((a, b) => a + b, 0);
      perGame = { main: t.main / s.built, workers: w / s.built, background: t.background / s.built };
      const all = t.main + w + t.background;
      const wall = Math.max(...t.started, t.main, all / cores);
      cpuBoundGamesPerMinute = (60 * s.built) / wall;
    }
    return { gamesPerMinute: s.gamesPerMinute, cpuSecondsPerGame, tries: s.tries, perGame, cpuBoundGamesPerMinute };
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
const bound = (w: 1 | 2) => (runs[w].every((r) => r.cpuBoundGamesPerMinute !== null) ? round(median(runs[w].map((r) => r.cpuBoundGamesPerMinute!)), 1) : null);
/** Median CPU milliseconds per game of each kind of thread, as text. */
const split = (w: 1 | 2): string => {
  const r = runs[w].filter((x) => x.perGame);
  if (r.length === 0) return 'no per-thread split (not Linux)';
  const ms = (k: 'main' | 'workers' | 'background') => (1000 * median(r.map((x) => x.perGame![k]))).toFixed(1);
  return `main thread ${ms('main')}, worker thread${w === 1 ? '' : 's'} ${ms('workers')}, V8/libuv background threads ${ms('background')} ms CPU per game`;
};

/**
 * 3. Where a pool's CPU goes, in this thread: the slots of a PARTS-game pool (c = 0..1, seed 1)
 *    filled as a pool worker fills them (`sampleAccepted`: draw, filter, emit the accepted one),
 *    each part timed per accepted game; and beside the filter, its floor on the same candidates:
 *    the 2,000 episodes on the plain game through the machine kernel (no probes, no counters, no
 *    checks), the fastest way the engine has to play them.
 */
const PARTS = arg('--parts', 150);
const parts = { draw: 0, filter: 0, emit: 0, kernel: 0, tries: 0, games: 0 };
{
  const cpuS = (): number => {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1e6;
  };
  const stream = new KeyedStream();
  for (const slot of poolSlots(1, PARTS, [0, 1])) {
    for (let k = 0; k < 100; k++) {
      parts.tries++;
      const seed = candidateSeed(slot.seed, k);
      let t = cpuS();
      const drawn = sampleIR(seed, slot.complexity);
      parts.draw += cpuS() - t;
      t = cpuS();
      const report = acceptance(drawn, filterOptions(), []);
      parts.filter += cpuS() - t;
      t = cpuS();
      const kernel = compileGame(drawn).newMachineKernel();
      for (let i = 0; i < EPISODES; i++) {
        stream.restart(1, i);
        kernel.play(stream.next);
      }
      parts.kernel += cpuS() - t;
      if (report.accepted) {
        t = cpuS();
        sink += (await emitSample(drawn, seed, slot.complexity)).source.length;
        parts.emit += cpuS() - t;
        parts.games++;
        break;
      }
    }
  }
}
const perGame = (x: number): number => round((1000 * x) / parts.games, 2);

console.log(`acceptance check at c = ${C}: ${filterMs.toFixed(1)} ms per candidate (${EPISODES} episodes; ${accepted}/${CANDIDATES} accepted)`);
const poolNote = `buildPool, ${POOL} games at c = 0..1, seed 1 (a pool large enough to amortise each worker's start-up and JIT warm-up); median of ${ROUNDS} interleaved runs; ${cores} cores available`;
report(
  'sampler',
  [
    figure({
      id: 'acceptance-check',
      kind: 'time',
      name: `acceptance check per candidate at c = ${C} (draw, probes, ${EPISODES} episodes, checks)`,
      value: round(filterMs, 2),
      unit: 'ms',
      reference: { name: 'the same episodes in a bare loop', value: round(bareMs, 2), unit: 'ms' },
      ratioMeaning: 'times the bare loop',
      note: `best of 3 runs over ${CANDIDATES} candidates; ${accepted} accepted`,
    }),
    figure({
      id: 'pool-2-workers',
      kind: 'speedup',
      name: `pool throughput, 2 workers (${POOL}-game pool: start-up amortised)`,
      value: gpm(2),
      unit: 'games/min',
      reference: { name: `pool throughput, 1 worker (${POOL}-game pool)`, value: gpm(1), unit: 'games/min' },
      ratioMeaning: 'times faster than one worker (wall clock)',
      note: `${poolNote}; no target: on two cores the speed-up is bounded by CPU time below 1.6 (pool-2-workers-cpu-bound)`,
    }),
    figure({
      id: 'pool-cpu-per-game',
      kind: 'time',
      name: 'CPU time per accepted game, 2 workers',
      value: cpg(2),
      unit: 's CPU',
      reference: { name: 'CPU time per accepted game, 1 worker', value: cpg(1), unit: 's CPU' },
      ratioMeaning: 'CPU cost of the second worker (1 = none)',
      note: `${poolNote}; 2 workers: ${split(2)}; 1 worker: ${split(1)}`,
    }),
    figure({
      id: 'pool-floor-kernel',
      kind: 'time',
      name: `CPU per accepted game of a ${PARTS}-game pool (one thread) with the filter's episodes at their floor: draw, the plain game's ${EPISODES} episodes through the machine kernel, emit`,
      value: perGame(parts.draw + parts.kernel + parts.emit),
      unit: 'ms CPU',
      reference: { name: 'draw, filter and emit as the pool runs them', value: perGame(parts.draw + parts.filter + parts.emit), unit: 'ms CPU' },
      ratioMeaning: 'the floor / the pool as it runs',
      note: `${parts.games} games, ${parts.tries} candidates; per accepted game: draw ${perGame(parts.draw)}, filter ${perGame(parts.filter)}, emit ${perGame(parts.emit)}, the filter's floor ${perGame(parts.kernel)} ms CPU`,
    }),
    ...(bound(1) !== null && bound(2) !== null
      ? [
          figure({
            id: 'pool-2-workers-cpu-bound',
            kind: 'speedup',
            name: `pool throughput on idle cores bounded by CPU time, 2 workers (${POOL}-game pool)`,
            value: bound(2)!,
            unit: 'games/min',
            reference: { name: 'the same bound, 1 worker', value: bound(1)!, unit: 'games/min' },
            ratioMeaning:
              'times faster than one worker on idle cores, estimated from CPU time (wall clock ≥ the busiest thread, ≥ all threads over the cores); hardly moved by other load',
            note: `${poolNote}; Linux per-thread CPU times`,
          }),
        ]
      : []),
  ],
  {
    acceptance: { complexity: C, candidates: CANDIDATES, episodes: EPISODES, accepted },
    pool: { games: POOL, cores, candidatesTried: runs[2][0]?.tries, cpuPerGame: { 1: split(1), 2: split(2) } },
    poolParts: {
      games: parts.games,
      candidates: parts.tries,
      msCpuPerGame: { draw: perGame(parts.draw), filter: perGame(parts.filter), emit: perGame(parts.emit), filterFloor: perGame(parts.kernel) },
    },
  },
);
if (json) console.log(JSON.stringify({ filterMs, bareMs, pool: runs }, null, 2));
