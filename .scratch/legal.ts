import { readFileSync } from 'node:fs';
import { compileSource } from '../src/compiler/index.js';
import { compileGame } from '../src/interpreter/game.js';
import { CHANCE } from '../src/interpreter/api.js';
import { rngFromKeys } from '../src/util/rng.js';
const c = compileSource(readFileSync('/work/wt/tablestats/examples/nlhe-short.gbg', 'utf8'));
const g = compileGame(c.ir!);
const s = g.newInitialState();
const rng = rngFromKeys(3);
let k = 0;
while (!s.isTerminal() && k++ < 30) {
  const p = s.currentPlayer();
  if (p === CHANCE) {
    const o = s.chanceOutcomes();
    s.applyAction(o[Math.floor(rng() * o.length)][0]);
    continue;
  }
  const l = s.legalActions();
  console.log(p, l.map((a) => s.actionToString(p, a)).join(' | '), JSON.stringify(s.chips()));
  const obs = s.observation(p);
  if (k < 6) console.log(JSON.stringify({ ...obs, log: obs.log.slice(-3) }).slice(0, 1500));
  // call/check
  const lab = l.map((a) => s.actionToString(p, a));
  const i = lab.findIndex((x) => x === 'call' || x === 'check');
  s.applyAction(l[i]);
}
console.log(s.returns());
