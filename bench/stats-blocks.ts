/**
 * Planted-truth coverage of α̂'s intervals when every pair of a (game, run) is dealt the same cards
 * (play-seed scheme 2): the bootstrap resampling blocks (all pairs' clusters of one (game, play
 * seed)) against resampling (game, pair, run) clusters as if they were independent.
 *
 *   npx tsx bench/stats-blocks.ts            # 400 tables per setting (a few minutes on one core)
 *   npx tsx bench/stats-blocks.ts --quick    # 40 tables, a smoke run
 *
 * Design: 6 participants (α = 1, 0.6, 0.2, −0.2, −0.6, −1), every pair on 16 games, 8 runs per pair,
 * stakes σ_g in [4, 12], luck share 0.5, each participant's fit to a deal SD 0.4 σ_g (the correlation
 * of a participant's run nets against two opponents on one deal is 0.24). B = 200 per table.
 * Figures (ids): `blocks-coverage` and `clusters-coverage` (the same tables, play seeds dropped),
 * `independent-deals-coverage` (the same design without shared deals: what the interval gives when
 * clusters are independent), and `se-ratio-blocks` / `se-ratio-clusters`: mean bootstrap SE of α̂
 * over the SD of α̂ across tables (1 is right).
 */
import { fitAlpha } from '../src/eval/stats/alpha.js';
import { plantedTable } from '../src/eval/stats/simulate.js';
import { prepareSlots } from '../src/eval/stats/slots.js';
import { figure, report, round } from './lib/figures.js';

const R = process.argv.includes('--quick') ? 40 : 400;
const design = { alpha: [1, 0.6, 0.2, -0.2, -0.6, -1], games: 16, runs: 8, pairsPerGame: 'all' as const, axes: 1 };

function measure(sharedDeals: number, keepSeeds: boolean): { coverage: number; covered: number; intervals: number; seRatio: number } {
  let covered = 0;
  const se: number[] = [];
  const est: number[][] = [];
  for (let r = 0; r < R; r++) {
    const t = plantedTable({ ...design, sharedDeals: sharedDeals || undefined, seed: 1000 + r });
    const rows = keepSeeds ? t.rows : t.rows.map(({ playSeed: _, ...x }) => x);
    const fit = fitAlpha(prepareSlots(rows, t.models), { B: 200, seed: r + 1 });
    fit.ci.forEach((c, m) => (covered += c.lo <= t.alpha[m] && t.alpha[m] <= c.hi ? 1 : 0));
    se.push(...fit.se);
    est.push(fit.alpha);
  }
  const M = design.alpha.length;
  let sd = 0;
  for (let m = 0; m < M; m++) {
    const col = est.map((a) => a[m]);
    const mean = col.reduce((s, x) => s + x, 0) / R;
    sd += Math.sqrt(col.reduce((s, x) => s + (x - mean) ** 2, 0) / (R - 1)) / M;
  }
  const meanSe = se.reduce((s, x) => s + x, 0) / se.length;
  return { coverage: covered / (R * M), covered, intervals: R * M, seRatio: meanSe / sd };
}

const blocks = measure(0.4, true);
const clusters = measure(0.4, false);
const independent = measure(0, true);
const nominal = { name: 'nominal level', value: 0.95, unit: '' };
const cov = (id: string, name: string, c: ReturnType<typeof measure>, target?: { min: number }) =>
  figure({
    id,
    kind: 'size',
    name: `${name}: ${c.covered} of ${c.intervals} intervals over ${R} tables`,
    value: round(c.coverage, 4),
    unit: '',
    reference: nominal,
    ratioMeaning: 'coverage / 0.95',
    ...(target ? { target } : {}),
  });
const ratio = (id: string, name: string, c: ReturnType<typeof measure>) =>
  figure({
    id,
    kind: 'size',
    name,
    value: round(c.seRatio, 3),
    unit: '',
    reference: { name: 'the SD of α̂ across tables', value: 1, unit: '' },
    ratioMeaning: 'mean bootstrap SE / SD of α̂ across tables',
  });
report('stats-blocks', [
  cov('blocks-coverage', 'α̂ 95 % intervals resampling blocks (game, play seed), shared deals', blocks, { min: round(0.93 / 0.95, 4) }),
  cov('clusters-coverage', 'the same tables resampling (game, pair, run) clusters', clusters),
  cov('independent-deals-coverage', 'no shared deals (one deal per cluster), clusters resampled', independent),
  ratio('se-ratio-blocks', 'bootstrap SE of α̂ resampling blocks, shared deals', blocks),
  ratio('se-ratio-clusters', 'bootstrap SE of α̂ resampling clusters, shared deals', clusters),
]);
