import { readFileSync } from 'node:fs';
import { compileSource } from '../src/compiler/index.js';
import { compileGame } from '../src/interpreter/game.js';
import { CHANCE } from '../src/interpreter/api.js';
import { rngFromKeys } from '../src/util/rng.js';
import { equityAgentForGame } from '../src/eval/agents/equity.js';
import { randomAgent } from '../src/eval/agents/random.js';
const g = compileGame(compileSource(readFileSync(process.argv[2], 'utf8')).ir!);
const eq = equityAgentForGame(g);
const N = Number(process.argv[3] ?? 200);
const t0 = performance.now();
let obsT = 0,
  decisions = 0;
for (let ep = 0; ep < N; ep++) {
  const s = g.newInitialState();
  const rng = rngFromKeys(ep);
  while (!s.isTerminal()) {
    const p = s.currentPlayer();
    if (p === CHANCE) {
      const o = s.chanceOutcomes();
      s.applyAction(o[Math.floor(rng() * o.length)][0]);
      continue;
    }
    if (p === 0) {
      const t = performance.now();
      s.observation(p);
      obsT += performance.now() - t;
      decisions++;
      s.applyAction(eq.actFast(s, p, rng));
    } else s.applyAction(randomAgent.actFast(s, p, rng));
  }
}
const ms = performance.now() - t0;
console.log({ eps: (N / ms) * 1000, decisions, obsMsPer: obsT / decisions, msPerDecision: ms / decisions });
