import { readFileSync } from 'node:fs';
import { compileSource } from '../src/compiler/index.js';
import { compileGame } from '../src/interpreter/game.js';
import { CHANCE } from '../src/interpreter/api.js';
import { rngFromKeys } from '../src/util/rng.js';
const c = compileSource(readFileSync(process.argv[2], 'utf8'));
const g = compileGame(c.ir!);
const s = g.newInitialState();
const rng = rngFromKeys(Number(process.argv[3] ?? 3));
while (!s.isTerminal()) {
  const p = s.currentPlayer();
  if (p === CHANCE) {
    const o = s.chanceOutcomes();
    s.applyAction(o[Math.floor(rng() * o.length)][0]);
    continue;
  }
  const l = s.legalActions();
  const lab = l.map((a) => s.actionToString(p, a));
  let i = lab.findIndex((x) => x.startsWith('raise') || x.startsWith('bet'));
  if (i < 0 || rng() < 0.6) i = lab.findIndex((x) => x === 'call' || x === 'check');
  s.applyAction(l[i]);
}
for (const e of s.observation(0).log) console.log(JSON.stringify(e));
console.log(s.returns());
