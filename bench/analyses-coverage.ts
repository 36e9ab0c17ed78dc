/**
 * Planted-truth figures of the added analyses at a larger size than their tests; prints JSON.
 *
 *   npx tsx bench/analyses-coverage.ts            # 1,000 tables for the difference intervals
 *   npx tsx bench/analyses-coverage.ts --quick    # a tenth
 *
 * Figures:
 * - differences: coverage of the planted α_i − α_j by the 95 % paired-cluster intervals of
 *   α̂_i − α̂_j (B = 500) over 9 participants, 20 games, 18 pairs per game, 5 runs (seat effects and
 *   shared deal luck planted), 36 pairs per table;
 * - jaggednessV1: Spearman ρ between planted jaggedness τ_m and v1's J_m (leave-one-out residuals of
 *   a plane, net of sampling variance) at the paper's size, with smooth per-axis slopes planted;
 * - subsetRefits: v1's median Spearman ρ of random game-subset refits at 5, 8, 12, 25 games on one
 *   planted table of the paper's size.
 * Not registered in `npm run bench`; run by hand.
 */
import { parseArgs } from 'node:util';
import { fitAlpha, fitPerGame, plantedTable, prepareSlots, stratifiedBootstrap, axisMatrix, spearman } from '../src/eval/stats/index.js';
import { PAPER_DESIGN } from '../src/eval/stats/validation.js';
import { pairDifferences } from '../src/eval/stats/differences.js';
import { jaggednessV1, subsetRefits } from '../src/eval/stats/v1-set.js';

const { values } = parseArgs({ options: { quick: { type: 'boolean' } } });
const scale = values.quick ? 0.1 : 1;
const t0 = performance.now();

const alpha = [1, 0.6, 0.3, 0, -0.2, -0.4, -0.6, -0.7, -0.9];
let n = 0;
let covered = 0;
const tables = Math.round(1000 * scale);
for (let r = 0; r < tables; r++) {
  const t = plantedTable({ alpha, games: 20, runs: 5, pairsPerGame: 18, axes: 1, seed: 5000 + r });
  const p = prepareSlots(t.rows, t.models);
  const d = pairDifferences(p, fitAlpha(p, { B: 500, seed: r + 1 }));
  for (const x of d.pairs) {
    const truth = t.alpha[t.models.indexOf(x.i)] - t.alpha[t.models.indexOf(x.j)];
    n++;
    if (x.ci.lo <= truth && truth <= x.ci.hi) covered++;
  }
}

const rhos: number[] = [];
const reps = Math.max(2, Math.round(10 * scale));
const tau = [0.04, 0.08, 0.12, 0.16, 0.2, 0.24, 0.28, 0.32, 0.36];
for (let r = 0; r < reps; r++) {
  const t = plantedTable({ ...PAPER_DESIGN, jaggedness: tau, slopes: alpha.map((_, m) => [0.1 * ((m % 3) - 1), 0, 0, 0, 0, 0]), seed: 7000 + r });
  const p = prepareSlots(t.rows, t.models);
  const pg = fitPerGame(p);
  const ax = axisMatrix(p.games, t.axes);
  const j = jaggednessV1(pg.alpha, pg.sigma, ax.z, stratifiedBootstrap(p, 100, r + 1));
  rhos.push(
    spearman(
      j.J.map((x) => x ?? NaN),
      t.models.map((m) => tau[t.models.indexOf(m)]),
    ),
  );
}

const t = plantedTable({ ...PAPER_DESIGN, jaggedness: tau, seed: 9001 });
const p = prepareSlots(t.rows, t.models);
const subsets = subsetRefits(p, fitAlpha(p, { B: 0 }).alpha, [5, 8, 12, 25], Math.round(1000 * scale), 1);

console.log(
  JSON.stringify(
    {
      differences: { tables, intervals: n, covered, coverage: covered / n },
      jaggednessV1: { tables: reps, spearman: rhos, mean: rhos.reduce((s, x) => s + x, 0) / rhos.length },
      subsetRefits: subsets,
      seconds: (performance.now() - t0) / 1000,
    },
    null,
    2,
  ),
);
