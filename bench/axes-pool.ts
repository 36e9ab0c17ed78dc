/**
 * Diagnostics of an axes JSONL file of a pool (fast tier) against GENSTRAT v2 §3.1, §4 and
 * Appendices B and D: for games with at least 10^3.5 information states, the share whose axis is 0;
 * the farthest-point 50 (seed 1, as `gbgc select`): Pearson matrix, VIFs, largest |r|; pool-wide
 * r(state, risk); and the percentiles of seed 4643 (`examples/genstrat-4643.gbg`, fast tier, axes
 * seed 1) among the 50 beside the paper's.
 * Run: `npx tsx bench/axes-pool.ts AXES.jsonl`.
 */
import { readFileSync } from 'node:fs';
import { compileSource } from '../src/compiler/index.js';
import { compileGame } from '../src/interpreter/game.js';
import { computeAxesV2 } from '../src/eval/axes/index.js';
import { correlationMatrix, farthestPointSample, varianceInflationFactors } from '../src/eval/axes/select.js';
import { AXES_V2 } from '../src/eval/axes/index.js';
const file = process.argv[2];
const g4643 = computeAxesV2(compileGame(compileSource(readFileSync(new URL('../examples/genstrat-4643.gbg', import.meta.url), 'utf8')).ir!), {
  tier: 'fast',
  seed: 1,
}) as unknown as Record<string, number>;
const lines = readFileSync(file, 'utf8')
  .trim()
  .split('\n')
  .map((l) => JSON.parse(l))
  .sort((a, b) => a.slot - b.slot);
const rows = lines.map((l) => AXES_V2.map((a) => l.axes[a] as number));
console.log('pool games', rows.length);
const big = rows.filter((r) => r[0] >= 3.5);
console.log('games with >= 10^3.5 states', big.length);
AXES_V2.forEach((a, j) => {
  if (j === 0) return;
  const zero = a === 'brittleness' ? big.filter((r) => r[j] <= -6 + 1e-9).length : big.filter((r) => r[j] === 0).length;
  console.log(`  ${a}: zero on ${zero}/${big.length} (${big.length ? ((100 * zero) / big.length).toFixed(1) : '-'} %)`);
});
const pick = farthestPointSample(
  rows.map((values, id) => ({ id, values })),
  50,
  1,
);
const chosen = pick.map((i) => rows[i]);
const fmt = (x: number) => (x >= 0 ? ' ' : '') + x.toFixed(2);
const r = correlationMatrix(chosen);
console.log('Pearson r over the FPS-50');
AXES_V2.forEach((a, i) => console.log(a.padEnd(20), r[i].map(fmt).join(' ')));
const vif = varianceInflationFactors(chosen);
console.log('VIF', AXES_V2.map((a, j) => `${a} ${vif[j].toFixed(2)}`).join(', '));
let maxr = 0;
for (let i = 0; i < 6; i++) for (let j = i + 1; j < 6; j++) maxr = Math.max(maxr, Math.abs(r[i][j]));
console.log('max |r|', maxr.toFixed(3));
const rp = correlationMatrix(rows);
console.log('pool r(state, risk)', rp[0][4].toFixed(3), 'pool r(state, info)', rp[0][2].toFixed(3));
// percentile of 4643 among the 50: share of the 50 below it plus half the ties, ×100
const pct = AXES_V2.map((a, j) => {
  const v = g4643[a];
  const below = chosen.filter((c) => c[j] < v).length;
  const eq = chosen.filter((c) => c[j] === v).length;
  return Math.round((100 * (below + 0.5 * eq)) / chosen.length);
});
console.log('4643 fast axes', AXES_V2.map((a) => `${a} ${g4643[a].toFixed(3)}`).join(', '));
console.log('4643 percentiles among the 50', pct.join(', '), 'paper 90, 98, 32, 30, 94, 72');
const med = AXES_V2.map((a, j) => {
  const s = chosen.map((c) => c[j]).sort((x, y) => x - y);
  return `${a} [${s[0].toFixed(3)}, ${s[24].toFixed(3)}, ${s[49].toFixed(3)}]`;
});
console.log('50: min/median/max', med.join('; '));
