/**
 * Risk at the fast and precise tiers on the accepted games of a pool (`poolSlots(S, N, [0, 1])`,
 * the paper builder, the v2 filter): Spearman ρ between the two, and how many games are 0 at each.
 * The fast tier is the first 1,000 episodes of the precise tier's 3,000 (as in `computeAxesV2`).
 * Run: `npx tsx bench/risk-tiers.ts S N`.
 */
import { compileGame } from '../src/interpreter/game.js';
import { sampleL0Episodes } from '../src/eval/axes/episodes.js';
import { risk } from '../src/eval/axes/risk.js';
import { filterOptions, poolSlots, sampleAccepted } from '../src/sampler/index.js';
import { spearman } from '../src/eval/stats/dist.js';
const [seed, n] = process.argv.slice(2).map(Number);
const f: number[] = [],
  p: number[] = [];
for (const s of poolSlots(seed, n, [0, 1])) {
  const g = compileGame((await sampleAccepted(s.seed, s.complexity, { filter: filterOptions(), maxTries: 100 })).game.ir);
  const log = sampleL0Episodes(g, 3000, 1);
  f.push(risk({ ...log, episodes: log.episodes.slice(0, 1000), nominal: 1000 }));
  p.push(risk(log));
}
console.log(
  JSON.stringify({ seed, n, spearmanRisk: spearman(f, p), zerosFast: f.filter((x) => x === 0).length, zerosPrecise: p.filter((x) => x === 0).length }),
);
