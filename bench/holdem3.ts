/**
 * Three-seat no-limit hold'em playouts: the engine on `examples/league-holdem.gbg` (the league's
 * table: blinds 50/100, stacks of 10,000 reset every hand, the button moving a seat a hand) against
 * the hand-written simulator of the same rules (`bench/direct/holdem3-sim.ts`) in the same run. Both
 * play L0 on every seat (a move kind uniformly among fold / check-call / bet-raise, then a raise-to
 * total uniformly); the engine's loop is the bare one (`newInitialState({ button })`, chance sampled
 * from the state, `l0Sample`, one seeded stream per hand), as `bench/playout.ts` measures for two
 * seats. The mean returns of seat 0, and of the button, the small blind and the big blind (which
 * tell a change in the play: seat 0's mean is near 0 by symmetry as the button moves), must agree
 * within 5 standard errors.
 *
 * Each figure is the median of ROUNDS interleaved rounds (default 3) of about SECONDS each (default
 * 0.5) of the process's CPU time. Run: `npx tsx bench/holdem3.ts [SECONDS] [ROUNDS]`.
 */
import { fileURLToPath } from 'node:url';
import { loadGame } from '../src/cli/load.js';
import { CHANCE, compileAnyGame, sampleChanceOutcome } from '../src/interpreter/index.js';
import { l0Sample } from '../src/algorithms/l0.js';
import { KeyedStream, rngFromKeys } from '../src/util/rng.js';
import { playHoldem3Direct } from './direct/holdem3-sim.js';
import { figure, median, report, round } from './lib/figures.js';
import { add, meanSe, timed, zApart, type Run } from './lib/playouts.js';

const seconds = Number(process.argv[2] ?? 0.5);
const rounds = Number(process.argv[3] ?? 3);

const game = compileAnyGame(loadGame(fileURLToPath(new URL('../examples/league-holdem.gbg', import.meta.url))).ir);
if (game.numSeats !== 3) throw new Error(`league-holdem.gbg seats ${game.numSeats}, expected 3`);

/** The statistics of a hand: seat 0's return, then the returns of the button, the small blind and the big blind. */
const STATS = ['seat 0', 'button', 'small blind', 'big blind'] as const;
const addHand = (acc: Float64Array, returns: ArrayLike<number>, button: number): void => {
  add(acc, 0, returns[0]);
  for (let k = 0; k < 3; k++) add(acc, 1 + k, returns[(button + k) % 3]);
};

const stream = new KeyedStream();
const engine = (n: number, first: number, acc: Float64Array): void => {
  for (let i = 0; i < n; i++) {
    const h = first + i;
    stream.restart(7, h);
    const rng = stream.next;
    const s = game.newInitialState({ button: h % 3 });
    while (!s.isTerminal()) s.applyAction(s.currentPlayer() === CHANCE ? sampleChanceOutcome(s, rng) : l0Sample(s, rng));
    addHand(acc, s.returns(), h % 3);
  }
};
const directRng = rngFromKeys(8);
const out = new Float64Array(3);
const direct = (n: number, first: number, acc: Float64Array): void => {
  for (let i = 0; i < n; i++) {
    playHoldem3Direct(directRng, (first + i) % 3, out);
    addHand(acc, out, (first + i) % 3);
  }
};

const at = { engine: { n: 0 }, direct: { n: 0 } };
timed(seconds, 200, engine, STATS.length, at.engine);
timed(seconds, 2000, direct, STATS.length, at.direct);
const runs = { engine: [] as Run[], direct: [] as Run[] };
for (let r = 0; r < rounds; r++) {
  runs.direct.push(timed(seconds, 2000, direct, STATS.length, at.direct));
  runs.engine.push(timed(seconds, 200, engine, STATS.length, at.engine));
}
const checks: Record<string, number> = {};
STATS.forEach((stat, j) => {
  const e = meanSe(runs.engine, j);
  const d = meanSe(runs.direct, j);
  const z = zApart(e, d);
  console.log(
    `${stat}: mean chips per hand, engine ${e[0].toFixed(1)} ± ${e[1].toFixed(1)}, direct ${d[0].toFixed(1)} ± ${d[1].toFixed(1)} (${z.toFixed(1)} SE apart)`,
  );
  const key = stat.replace(/ (\w)/g, (_, c: string) => c.toUpperCase());
  Object.assign(checks, {
    [`${key}EngineMean`]: round(e[0], 2),
    [`${key}EngineSe`]: round(e[1], 2),
    [`${key}DirectMean`]: round(d[0], 2),
    [`${key}DirectSe`]: round(d[1], 2),
    [`${key}Z`]: round(z, 2),
  });
  if (z > 5) {
    console.error(`bench/holdem3.ts: ${stat}: the engine and the hand-written simulator disagree`);
    process.exitCode = 1;
  }
});
const total = (rs: Run[]) => rs.reduce((a, r) => a + r.n, 0);
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
      note: `median of ${rounds} interleaved rounds of ${seconds} CPU-s; the button moves a seat a hand; engine ${total(runs.engine)} hands, direct ${total(runs.direct)}`,
    }),
  ],
  { checks },
);
