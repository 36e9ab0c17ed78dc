import { compileGame } from '../src/interpreter/game.js';
import { sampleIR } from '../src/sampler/index.js';
import { BUDGETS } from '../src/eval/axes/budget.js';
import { sampleL0Episodes } from '../src/eval/axes/episodes.js';
import { stateSpace } from '../src/eval/axes/state-space.js';
import { temporalDepth } from '../src/eval/axes/temporal-depth.js';
import { infoSensitivity } from '../src/eval/axes/info-sensitivity.js';
import { opponentModelling } from '../src/eval/axes/opponent-modelling.js';
import { risk } from '../src/eval/axes/risk.js';
import { brittleness } from '../src/eval/axes/brittleness.js';
const tot: Record<string, number> = {};
const tick = (k: string, f: () => unknown) => { const t = performance.now(); const v = f(); tot[k] = (tot[k] ?? 0) + performance.now() - t; return v; };
const N = Number(process.argv[2] ?? 5);
for (let seed = 0; seed < N; seed++) {
  const g = tick('compile', () => compileGame(sampleIR(seed, 0.5))) as any;
  for (const tier of ['fast', 'precise'] as const) {
    const b = BUDGETS[tier];
    const log = tick(tier + ':log', () => sampleL0Episodes(g, b.l0Episodes, 1)) as any;
    tick(tier + ':ss', () => stateSpace(log));
    tick(tier + ':td', () => temporalDepth(log));
    tick(tier + ':is', () => infoSensitivity(log));
    tick(tier + ':om', () => opponentModelling(b, 1, log));
    tick(tier + ':risk', () => risk(log));
    tick(tier + ':br', () => brittleness(g, b, 1, false, log));
  }
}
for (const k in tot) console.log(k, (tot[k] / N / 1000).toFixed(3), 's/game');
