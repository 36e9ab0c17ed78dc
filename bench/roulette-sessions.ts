/**
 * The random bettor on examples/roulette.gbg, full size (the quick version, 300 sessions, is
 * `test/eval/roulette.test.ts`): SESSIONS sessions, each a match of 50 spins with the player's
 * bankroll carried from spin to spin (`playSlotNow`, format `{ hands: 50, stacks: 'carry' }`; a
 * broke player's session ends early), the player L0 (a uniform option among the 50 bets and
 * `done`, then a uniform stake). Every bet of American roulette loses 2/38 per chip staked, so
 * the net per chip staked, R = Σ net / Σ staked over sessions, should be within 3 standard errors
 * of −2/38 (the session is the unit; the standard error is the delta method's,
 * √(Σ (net_i − R·staked_i)² / (n (n − 1))) / mean staked). The figure is the loss −R against the
 * house edge 2/38; its ratio's target is the 3-standard-error band around 1. Not a timing.
 *
 * Run: `npx tsx bench/roulette-sessions.ts [SESSIONS] [SEED]` (default 100,000 sessions, seed 1).
 */
import { readFileSync } from 'node:fs';
import { compileSource } from '../src/compiler/index.js';
import { compileGame } from '../src/interpreter/game.js';
import type { GameState } from '../src/interpreter/api.js';
import { randomAgent } from '../src/eval/agents/random.js';
import type { Agent, Rng } from '../src/eval/agents/agent.js';
import { playSlotNow, type SlotOutcome } from '../src/eval/match/play.js';
import { figure, report } from './lib/figures.js';

const sessions = Number(process.argv[2] ?? 100_000);
const seed = Number(process.argv[3] ?? 1);
const game = compileGame(compileSource(readFileSync('examples/roulette.gbg', 'utf8')).ir!);

/** L0, counting the chips it stakes (the `bet N` actions of the stake menus). */
let staked = 0;
const counting: Agent = {
  name: 'random',
  act: (view) => randomAgent.act(view),
  actFast(state: GameState, seat: number, rng: Rng) {
    const a = randomAgent.actFast(state, seat, rng);
    const label = state.actionToString(seat, a);
    if (label.startsWith('bet ')) staked += Number(label.slice(4));
    return a;
  },
};

const t0 = performance.now();
const net: number[] = [];
const stakes: number[] = [];
let spins = 0;
for (let i = 0; i < sessions; i++) {
  staked = 0;
  const o = playSlotNow(game, [counting, randomAgent], seed * 1_000_003 + i, 0, { format: { hands: 50, stacks: 'carry' }, recordMoves: false }) as SlotOutcome;
  net.push(o.returns[0]);
  stakes.push(staked);
  spins += o.hands!.length;
  if ((i + 1) % 10_000 === 0) console.error(`  ${i + 1} sessions, ${((performance.now() - t0) / 1000).toFixed(0)} s`);
}
const n = net.length;
const sn = net.reduce((a, b) => a + b, 0);
const ss = stakes.reduce((a, b) => a + b, 0);
const ratio = sn / ss;
let q = 0;
for (let i = 0; i < n; i++) q += (net[i] - ratio * stakes[i]) ** 2;
const se = Math.sqrt(q / (n * (n - 1))) / (ss / n);
const exact = -2 / 38;
const z = (ratio - exact) / se;
const seconds = (performance.now() - t0) / 1000;
console.log(
  `${n} sessions (${spins} spins, ${ss} chips staked): net per chip staked ${ratio.toFixed(6)} ± ${se.toFixed(6)} (SE), exact ${exact.toFixed(6)}, z = ${z.toFixed(2)}; ${seconds.toFixed(0)} s`,
);
report(
  'roulette-sessions',
  [
    figure({
      id: 'random-bettor-loss-per-chip',
      name: 'random bettor on roulette.gbg: chips lost per chip staked over sessions of 50 spins (−net / staked)',
      value: -ratio,
      unit: 'chips per chip staked',
      reference: { name: 'exact house edge of every American roulette bet (2/38)', value: -exact, unit: 'chips per chip staked' },
      kind: 'size',
      ratioMeaning: 'measured loss / exact house edge 2/38; target: within 3 standard errors',
      target: { min: 1 - (3 * se) / Math.abs(exact), max: 1 + (3 * se) / Math.abs(exact) },
      note: `${n} sessions (seed ${seed}), ${spins} spins, ${ss} chips staked; standard error ${se.toPrecision(3)} (delta method, the session as unit), z = ${z.toFixed(2)}; ${seconds.toFixed(0)} s`,
    }),
  ],
  { sessions: n, spins, staked: ss, net: sn, se, z },
);
process.exit(Math.abs(z) <= 3 ? 0 : 1);
