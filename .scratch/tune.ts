import { readFileSync } from 'node:fs';
import { compileSource } from '../src/compiler/index.js';
import { compileGame } from '../src/interpreter/game.js';
import { CHANCE } from '../src/interpreter/api.js';
import { rngFromKeys } from '../src/util/rng.js';
import { equityAgentForGame } from '../src/eval/agents/equity.js';
import { heuristicAgentForGame } from '../src/eval/agents/heuristic.js';
import { randomAgent } from '../src/eval/agents/random.js';
const g = compileGame(compileSource(readFileSync(process.argv[2], 'utf8')).ir!);
const N = Number(process.argv[3] ?? 200);
for (const raise of [1.2, 1.4, 1.6])
  for (const oppName of ['heuristic', 'random']) {
    const eq = equityAgentForGame(g, { raise, samples: 150 });
    const opp = oppName === 'heuristic' ? heuristicAgentForGame(g) : randomAgent;
    let sum = 0,
      sq = 0;
    for (let ep = 0; ep < N; ep++)
      for (const eqSeat of [0, 1]) {
        const s = g.newInitialState();
        const rng = rngFromKeys(ep);
        while (!s.isTerminal()) {
          const p = s.currentPlayer();
          if (p === CHANCE) {
            const o = s.chanceOutcomes();
            s.applyAction(o[Math.floor(rng() * o.length)][0]);
            continue;
          }
          s.applyAction((p === eqSeat ? eq : opp).actFast!(s, p, rng));
        }
        const r = s.returns()[eqSeat];
        sum += r;
        sq += r * r;
      }
    const n = 2 * N,
      m = sum / n;
    console.log(raise, oppName, m.toFixed(3), '±', Math.sqrt((sq / n - m * m) / n).toFixed(3));
  }
