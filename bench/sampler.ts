/**
 * Generator speed.
 * 1. Acceptance check time per candidate at c = 0.7: drawing the game (`sampleIR`) and running the
 *    v2 filter (2,000 uniform-random episodes on the instrumented game), per candidate; against a
 *    direct baseline measured in the same run: the same 2,000 episodes played on the plain
 *    compiled game by a bare loop with no probes and no figures (the ratio is the cost of the
 *    draw, the probes and the bookkeeping).
 * 2. Pool throughput: accepted games per minute of `buildPool` (c = 0..1) with one worker thread
 *    per core, and with one worker (the ratio is the speed-up from the cores).
 * Figures of part 1 are the best of three runs after a warm-up run.
 * Run: `npx tsx bench/sampler.ts [--json] [--candidates N] [--pool N]`.
 */
import { availableParallelism, tmpdir } from 'node:os';
import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { acceptance, buildPool, filterOptions, sampleIR } from '../src/sampler/index.js';
import { compileGame, CHANCE, sampleChanceOutcome, episodeRng } from '../src/interpreter/index.js';
import { l0Player as randomAgent } from '../src/interpreter/l0.js';
import type { GameIR } from '../src/ir/schema.js';

const argv = process.argv.slice(2);
const json = argv.includes('--json');
const arg = (name: string, dflt: number) => {
  const i = argv.indexOf(name);
  return i >= 0 ? Number(argv[i + 1]) : dflt;
};
const CANDIDATES = arg('--candidates', 40);
const POOL = arg('--pool', 400);
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
async function throughput(workers: number): Promise<{ gamesPerMinute: number; tries: number; built: number }> {
  const out = mkdtempSync(join(tmpdir(), 'gbgc-bench-pool-'));
  try {
    const s = await buildPool({ count: POOL, complexity: [0, 1], seed: 1, out, workers, filter: filterOptions(), maxTries: 100 });
    if (s.failed.length > 0) throw new Error(`bench: ${s.failed.length} pool slots failed`);
    return { gamesPerMinute: s.gamesPerMinute, tries: s.tries, built: s.built };
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}
const all = await throughput(cores);
const one = await throughput(1);

const result = {
  acceptance: { complexity: C, candidates: CANDIDATES, episodes: EPISODES, accepted, msPerCandidate: filterMs, directMsPerCandidate: bareMs, ratio: filterMs / bareMs },
  pool: { games: POOL, complexity: [0, 1], cores, gamesPerMinute: all.gamesPerMinute, candidatesTried: all.tries, oneWorkerGamesPerMinute: one.gamesPerMinute, speedup: all.gamesPerMinute / one.gamesPerMinute },
};
if (json) console.log(JSON.stringify(result, null, 2));
else {
  console.log(`acceptance check at c = ${C}: ${filterMs.toFixed(1)} ms per candidate (${EPISODES} episodes; ${accepted}/${CANDIDATES} accepted)`);
  console.log(`  direct: ${bareMs.toFixed(1)} ms for the same episodes in a bare loop; ratio ${(filterMs / bareMs).toFixed(2)}×`);
  console.log(`pool throughput (c = 0..1, ${POOL} games): ${all.gamesPerMinute.toFixed(0)} accepted games per minute on ${cores} worker${cores === 1 ? '' : 's'} (${all.tries} candidates)`);
  console.log(`  one worker: ${one.gamesPerMinute.toFixed(0)} games per minute; speed-up ${(all.gamesPerMinute / one.gamesPerMinute).toFixed(2)}×`);
}
