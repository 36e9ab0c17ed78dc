/**
 * Planted-truth coverage of the table statistics (src/eval/stats/table.ts): bb/100 per participant
 * and pairwise differences with block-bootstrap percentile 95 % intervals (B = 2,000), over tables
 * drawn from the model of src/eval/stats/table-simulate.ts.
 *
 *   npx tsx bench/table-coverage.ts            # 400 tables per setting
 *   npx tsx bench/table-coverage.ts --quick    # 40 tables per setting, a smoke run
 *
 * Settings: the league's table (three participants, every block one deck sequence under the six
 * seat permutations, 6 hands per match, planted 30 / 0 / −30 bb/100, per-block effect sd 0.3 bb a
 * hand, hand noise sd 1 bb, card luck a pot of mean 3 bb) with 10, 20, 40 and 100 blocks; and a
 * panel (five participants, four tables, two never seated together, fresh decks per match) with 40
 * blocks; then the expanded percentile interval (`interval: 'expanded'`) on the league tables of 10,
 * 20 and 40 blocks (the same tables). Figures: coverage against the nominal 0.95 (target 0.93–0.97
 * for the percentile interval at 40 blocks and more and for the expanded one; the percentile
 * interval at fewer blocks is reported without a target: from few resampling units it is known to
 * be too narrow).
 */
import { leagueTableDesign, panelTableDesign, tableCoverage, type PlantedTableDesign } from '../src/eval/stats/table-simulate.js';
import type { TableInterval } from '../src/eval/stats/table.js';
import { figure, report, round, type Figure } from './lib/figures.js';

const quick = process.argv.includes('--quick');
const R = quick ? 40 : 400;
const B = 2000;
const log = (s: string): void => void process.stderr.write(`${s}\n`);

const league = leagueTableDesign;
const panel = panelTableDesign();

const t0 = performance.now();
const settings: { id: string; what: string; design: PlantedTableDesign; target: boolean; interval: TableInterval }[] = [
  ...[10, 20, 40, 100].map((k) => ({
    id: `league-${k}`,
    what: `league table, ${k} blocks`,
    design: league(k),
    target: k >= 40,
    interval: 'percentile' as const,
  })),
  { id: 'panel-40', what: 'panel of five on four tables, fresh decks, 40 blocks', design: panel, target: true, interval: 'percentile' },
  // The expanded percentile interval on the same tables (same seeds) as the percentile one.
  ...[10, 20, 40].map((k) => ({
    id: `league-${k}-expanded`,
    what: `league table, ${k} blocks, expanded percentile interval`,
    design: league(k),
    target: true,
    interval: 'expanded' as const,
  })),
];
const seeds = [1, 2, 3, 4, 5, 1, 2, 3];
const results = settings.map((s, k) => {
  log(`${s.what} …`);
  const r = tableCoverage(s.design, R, B, 100_000 * seeds[k], s.interval);
  log(`  ${JSON.stringify(r)}`);
  return { ...s, r };
});
console.log(
  JSON.stringify({ quick, B, replications: R, results: results.map((x) => ({ id: x.id, ...x.r })), seconds: (performance.now() - t0) / 1000 }, null, 2),
);

const nominal = { name: 'nominal coverage', value: 0.95, unit: '' };
const band = { min: round(0.93 / 0.95, 4), max: round(0.97 / 0.95, 4) };
const figures: Figure[] = results.flatMap(({ id, what, r, target }) => [
  figure({
    id: `${id}-bb100`,
    kind: 'size',
    name: `bb/100 intervals covering the planted value, ${what}: ${r.covered} of ${r.intervals} over ${r.replications} tables (mean width ${round(r.meanWidth, 1)} bb/100)`,
    value: round(r.coverage, 4),
    unit: '',
    reference: nominal,
    ratioMeaning: 'coverage / 0.95',
    ...(target ? { target: band } : {}),
  }),
  figure({
    id: `${id}-difference`,
    kind: 'size',
    name: `pairwise-difference intervals covering the planted difference, ${what}: ${r.differenceCovered} of ${r.differenceIntervals}`,
    value: round(r.differenceCoverage, 4),
    unit: '',
    reference: nominal,
    ratioMeaning: 'coverage / 0.95',
    ...(target ? { target: band } : {}),
  }),
]);
report('table-coverage', figures);
