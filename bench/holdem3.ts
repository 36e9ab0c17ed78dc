/**
 * Three-seat no-limit hold'em playouts: the engine on `examples/league-holdem.gbg` (the league's
 * table: blinds 50/100, stacks of 10,000 reset every hand, the button moving a seat a hand) against
 * the hand-written simulator of the same rules (`bench/direct/holdem3-sim.ts`) in the same run. Both
 * play L0 on every seat (a move kind uniformly among fold / check-call / bet-raise, then a raise-to
 * total uniformly); the engine's loop is the bare one (`newInitialState({ button })`, chance sampled
 * from the state, `l0Sample`), as `bench/playout.ts` measures for two seats. The mean returns of seat
 * 0 must agree within 5 standard errors.
 *
 * Each figure is the median of ROUNDS interleaved rounds (default 3) of about SECONDS each (default
 * 0.5) of the process's CPU time. Run: `npx tsx bench/holdem3.ts [SECONDS] [ROUNDS]`.
 */
import { fileURLToPath } from 'node:url';
import { loadGame } from '../src/cli/load.js';
import { CHANCE, compileAnyGame, sampleChanceOutcome } from '../src/interpreter/index.js';
import { l0Sample } from '../src/algorithms/l0.js';
import { rngFromKeys } from '../src/util/rng.js';
import { playHoldem3Direct } from './direct/holdem3-sim.js';
import { figure, median, report, round } from './lib/figures.js';

const seconds = Number(process.argv[2] ?? 0.5);
const rounds = Number(process.argv[3] ?? 3);

const cpuMs = (): number => {
  const c = process.cpuUsage();
  return (c.user + c.system) / 1000;
};

interface Run {
  rate: number;
  sum: number;
  sumSq: number;
  n: number;
}

/** Play hands with `play` in batches for about `seconds` of CPU time. */
function timed(batch: number, play: (n: number, first: number) => { sum: number; sumSq: number }, start: { n: number }): Run {
  let n = 0;
  let sum = 0;
  let sumSq = 0;
  const t0 = cpuMs();
  let t = t0;
  while (t - t0 < seconds * 1000) {
    const r = play(batch, start.n);
    start.n += batch;
    sum += r.sum;
    sumSq += r.sumSq;
    n += batch;
    t = cpuMs();
  }
  return { rate: n / ((t - t0) / 1000), sum, sumSq, n };
}

const game = compileAnyGame(loadGame(fileURLToPath(new URL('../examples/league-holdem.gbg', import.meta.url))).ir);
if (game.numSeats !== 3) throw new Error(`league-holdem.gbg seats ${game.numSeats}, expected 3`);

const engine = (n: number, first: number) => {
  let sum = 0;
  let sumSq = 0;
  for (let i = 0; i < n; i++) {
    const h = first + i;
    const rng = rngFromKeys(7, h);
    const s = game.newInitialState({ button: h % 3 });
    while (!s.isTerminal()) s.applyAction(s.currentPlayer() === CHANCE ? sampleChanceOutcome(s, rng) : l0Sample(s, rng));
    const x = s.returns()[0];
    sum += x;
    sumSq += x * x;
  }
  return { sum, sumSq };
};
const directRng = rngFromKeys(8);
const direct = (n: number, first: number) => {
  let sum = 0;
  let sumSq = 0;
  for (let i = 0; i < n; i++) {
    const x = playHoldem3Direct(directRng, (first + i) % 3);
    sum += x;
    sumSq += x * x;
  }
  return { sum, sumSq };
};

const at = { engine: { n: 0 }, direct: { n: 0 } };
timed(50, engine, at.engine);
timed(2000, direct, at.direct);
const runs = { engine: [] as Run[], direct: [] as Run[] };
for (let r = 0; r < rounds; r++) {
  runs.direct.push(timed(2000, direct, at.direct));
  runs.engine.push(timed(50, engine, at.engine));
}
const meanSe = (rs: Run[]): [number, number] => {
  const n = rs.reduce((a, r) => a + r.n, 0);
  const sum = rs.reduce((a, r) => a + r.sum, 0);
  const sq = rs.reduce((a, r) => a + r.sumSq, 0);
  const m = sum / n;
  return [m, Math.sqrt(Math.max(0, sq / n - m * m) / n)];
};
const [me, se] = meanSe(runs.engine);
const [md, sd] = meanSe(runs.direct);
const z = Math.abs(me - md) / Math.hypot(se, sd);
console.log(`seat 0's mean chips per hand: engine ${me.toFixed(1)} ± ${se.toFixed(1)}, direct ${md.toFixed(1)} ± ${sd.toFixed(1)} (${z.toFixed(1)} SE apart)`);
if (z > 5) {
  console.error('bench/holdem3.ts: the engine and the hand-written simulator disagree');
  process.exitCode = 1;
}
const ref = {
  name: 'hand-written three-seat no-limit simulator (bench/direct/holdem3-sim.ts, sfc32)',
  value: Math.round(median(runs.direct.map((r) => r.rate))),
  unit: 'hands/CPU-s',
};
report(
  'holdem3',
  [
    figure({
      id: 'league-holdem-bare-loop',
      kind: 'rate',
      name: 'league-holdem.gbg three-seat playouts, bare engine loop (L0 on every seat)',
      value: Math.round(median(runs.engine.map((r) => r.rate))),
      unit: 'hands/CPU-s',
      reference: ref,
      ratioMeaning: 'times slower than the hand-written simulator',
      target: { max: 3 },
      note: `median of ${rounds} interleaved rounds of ${seconds} CPU-s; the button moves a seat a hand; engine ${runs.engine.reduce((a, r) => a + r.n, 0)} hands, direct ${runs.direct.reduce((a, r) => a + r.n, 0)}`,
    }),
  ],
  { checks: { engineMean: round(me, 2), engineSe: round(se, 2), directMean: round(md, 2), directSe: round(sd, 2), z: round(z, 2) } },
);
