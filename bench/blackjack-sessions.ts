/**
 * The basic-strategy agent on examples/blackjack.gbg through the engine: SESSIONS sessions, each a
 * match of 100 rounds with the bankroll and the shoe carried from round to round
 * (`playSlotNow`, format `{ hands: 100, stacks: 'carry' }`; the six-deck shoe of `shoe cut 78` is
 * reshuffled when fewer than 78 cards remain), every decision the reference's basic strategy
 * (`src/eval/agents/basic-strategy.ts`). The net per initial bet unit (10 chips) per round must
 * land within 3 standard errors of the reference's expectation for these rules, −0.4026 % (the
 * composition-dependent optimum off the top of a full shoe, `BlackjackReference.houseEdge()`;
 * basic strategy gives up a few thousandths of a percent of it and the cut card a few hundredths,
 * both far below the standard error). The session is the unit: the standard error is that of the
 * ratio Σ net / Σ rounds over sessions (delta method), since the rounds of a session share a shoe.
 *
 * Run: `npx tsx bench/blackjack-sessions.ts [SESSIONS] [SEED]` (default 10,000 sessions: 10^6
 * rounds; seed 1).
 */
import { readFileSync } from 'node:fs';
import { compileSource } from '../src/compiler/index.js';
import { compileGame } from '../src/interpreter/game.js';
import { randomAgent } from '../src/eval/agents/random.js';
import { basicStrategyAgentForGame } from '../src/eval/agents/basic-strategy.js';
import { playSlotNow, type SlotOutcome } from '../src/eval/match/play.js';
import { figure, report } from './lib/figures.js';

const sessions = Number(process.argv[2] ?? 10_000);
const seed = Number(process.argv[3] ?? 1);
const BASE_BET = 10;
const game = compileGame(compileSource(readFileSync('examples/blackjack.gbg', 'utf8')).ir!);
const t0 = performance.now();
const agent = basicStrategyAgentForGame(game);
/** The reference's expected value per initial bet for these rules (−house edge 0.4026 %, `bench/casino-house-edge.ts`, docs/references.md). */
const expected = -0.004026;
console.error(`  basic-strategy chart computed in ${((performance.now() - t0) / 1000).toFixed(0)} s`);

const net: number[] = [];
const rounds: number[] = [];
for (let i = 0; i < sessions; i++) {
  const o = playSlotNow(game, [agent, randomAgent], seed * 1_000_003 + i, 0, { format: { hands: 100, stacks: 'carry' }, recordMoves: false }) as SlotOutcome;
  net.push(o.returns[0] / BASE_BET);
  rounds.push(o.hands!.length);
  if ((i + 1) % 1000 === 0) console.error(`  ${i + 1} sessions, ${((performance.now() - t0) / 1000).toFixed(0)} s`);
}
const n = net.length;
const sn = net.reduce((a, b) => a + b, 0);
const sr = rounds.reduce((a, b) => a + b, 0);
const mean = sn / sr;
let q = 0;
for (let i = 0; i < n; i++) q += (net[i] - mean * rounds[i]) ** 2;
const se = Math.sqrt(q / (n * (n - 1))) / (sr / n);
const z = (mean - expected) / se;
const seconds = (performance.now() - t0) / 1000;
console.log(
  `${n} sessions (${sr} rounds): net per initial bet ${(mean * 100).toFixed(4)} % ± ${(se * 100).toFixed(4)} % (SE), reference ${(expected * 100).toFixed(4)} %, z = ${z.toFixed(2)}; ${seconds.toFixed(0)} s`,
);
report(
  'blackjack-sessions',
  [
    figure({
      id: 'basic-strategy-loss-per-bet',
      name: 'basic-strategy agent on blackjack.gbg: loss per initial bet unit per round (−net), sessions of 100 rounds from a carried six-deck shoe',
      value: -mean,
      unit: 'initial bets per round',
      reference: {
        name: "the reference's house edge for the league's rules (composition-dependent, full shoe)",
        value: -expected,
        unit: 'initial bets per round',
      },
      kind: 'size',
      ratioMeaning: 'measured loss / reference house edge; target: within 3 standard errors',
      target: { min: 1 - (3 * se) / Math.abs(expected), max: 1 + (3 * se) / Math.abs(expected) },
      note: `${n} sessions (seed ${seed}), ${sr} rounds; mean net ${mean.toPrecision(4)} per initial bet, standard error ${se.toPrecision(3)} (delta method, the session as unit), z = ${z.toFixed(2)}; ${seconds.toFixed(0)} s`,
    }),
  ],
  { sessions: n, rounds: sr, net: sn, mean, se, z, expected },
);
process.exit(Math.abs(z) <= 3 ? 0 : 1);
