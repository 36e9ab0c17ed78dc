import { readFileSync } from 'node:fs';
import { compileSource } from '../src/compiler/index.js';
import { compileGame } from '../src/interpreter/game.js';
import { canJudgeHands, type Observation } from '../src/interpreter/api.js';
import { monteCarloEquity } from '../src/eval/agents/equity.js';
const g = compileGame(compileSource(readFileSync('examples/nlhe-short.gbg', 'utf8')).ir!);
if (!canJudgeHands(g)) throw 1;
const j = g.handJudge();
const pre = (hand: string[], seats: number) =>
  ({ seat: 0, hand, publicPiles: { board: [] }, handSizes: new Array(seats).fill(2), stacks: [], pot: 0, log: [] }) as unknown as Observation;
console.log(
  monteCarloEquity(j, pre(['A of spades', 'A of hearts'], 2), [0, 1], 5, 40000, 1),
  monteCarloEquity(j, pre(['A of spades', 'A of hearts'], 3), [0, 1, 2], 5, 40000, 2),
  monteCarloEquity(j, pre(['7 of spades', '2 of hearts'], 3), [0, 2], 5, 40000, 3),
);
