/**
 * Uniform-random playouts of `examples/leduc.gbg` through the interpreter against the
 * hand-written simulator `bench/direct/leduc-sim.ts`, in the same run and with the same random
 * generator. Prints both rates (episodes/s) and the ratio; the interpreter must be at most 10×
 * slower (the goal is 3×). Run: `npx tsx bench/leduc-playout.ts [seconds per measurement]`.
 */
import { fileURLToPath } from 'node:url';
import seedrandom from 'seedrandom';
import { loadGame } from '../src/cli/load.js';
import { CHANCE, compileGame, sampleChanceOutcome, type CompiledGame } from '../src/interpreter/index.js';
import { playLeducDirect, type Rng } from './direct/leduc-sim.js';

const LIMIT = 10;
const GOAL = 3;
const seconds = Number(process.argv[2] ?? 1.5);

function interpreterPlayout(game: CompiledGame, rng: Rng): number {
  const s = game.newInitialState();
  while (!s.isTerminal()) {
    if (s.currentPlayer() === CHANCE) s.applyAction(sampleChanceOutcome(s, rng));
    else {
      const legal = s.legalActions();
      s.applyAction(legal[Math.floor(rng() * legal.length)]);
    }
  }
  return s.returns()[0];
}

/** Run `play` for about `seconds`; returns episodes/s and the mean of seat 0's returns. */
function measure(play: (rng: Rng) => number, seed: string): { rate: number; mean: number; episodes: number } {
  const rng = seedrandom.alea(seed);
  let n = 0;
  let sum = 0;
  const t0 = performance.now();
  let t = t0;
  while (t - t0 < seconds * 1000) {
    for (let i = 0; i < 2000; i++) sum += play(rng);
    n += 2000;
    t = performance.now();
  }
  return { rate: n / ((t - t0) / 1000), mean: sum / n, episodes: n };
}

const path = fileURLToPath(new URL('../examples/leduc.gbg', import.meta.url));
const game = compileGame(loadGame(path).ir);
const interp = (rng: Rng): number => interpreterPlayout(game, rng);

measure(playLeducDirect, 'warm-up');
measure(interp, 'warm-up');
const direct = [];
const viaInterp = [];
for (let rep = 0; rep < 3; rep++) {
  direct.push(measure(playLeducDirect, `direct-${rep}`));
  viaInterp.push(measure(interp, `interp-${rep}`));
}
const best = (xs: { rate: number }[]): number => Math.max(...xs.map((x) => x.rate));
const d = best(direct);
const v = best(viaInterp);
const ratio = d / v;
const fmt = (x: number): string => Math.round(x).toLocaleString('en-US');
const meanOf = (xs: { mean: number; episodes: number }[]): number => xs.reduce((a, x) => a + x.mean * x.episodes, 0) / xs.reduce((a, x) => a + x.episodes, 0);
console.log(`Leduc hold'em, uniform-random playouts (best of 3 × ${seconds}s each)`);
console.log(`  direct TypeScript  ${fmt(d).padStart(12)} episodes/s   mean return seat 0 ${meanOf(direct).toFixed(4)}`);
console.log(`  interpreter        ${fmt(v).padStart(12)} episodes/s   mean return seat 0 ${meanOf(viaInterp).toFixed(4)}`);
console.log(`  ratio              ${ratio.toFixed(2)}× slower (limit ${LIMIT}×, goal ${GOAL}×) ${ratio <= LIMIT ? 'OK' : 'TOO SLOW'}`);
if (ratio > LIMIT) process.exitCode = 1;
