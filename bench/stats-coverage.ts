/**
 * Planted-truth validation of the statistics at full size; prints the figures as JSON.
 *
 *   npx tsx bench/stats-coverage.ts               # the full size (several minutes on 2 cores)
 *   npx tsx bench/stats-coverage.ts --scale 0.4   # 40 % of the replications (what `npm run bench` runs)
 *   npx tsx bench/stats-coverage.ts --quick       # a tenth of the replications, for a smoke run
 *
 * Figures:
 * - alpha: coverage of the planted α_m by the 95 % paired-cluster intervals (B = 2,000) over 500
 *   tables (9 models, 20 games, 18 pairs per game, 5 runs per pair, seat effects, shared deal luck);
 * - alphaWithGameEffects: the same with per-game slopes and jaggedness planted, against the
 *   conditional estimand (fixed games) and against the planted α_m;
 * - jaggedness: Spearman ρ between planted τ_m and J_m at the paper's size (9 models, 50 games,
 *   18 pairs, 20 runs);
 * - profiles: coverage of the conditional profile slopes (B = 500) and of the planted slopes;
 * - bhNull: false discovery rate of BH at 0.05 over the 54 (model, axis) slopes with nothing planted;
 * - timing: seconds of analyze (B = 2,000, secondary 500) and of the report on a 10,000-slot table,
 *   and their ratio to one point fit of α̂ on the same table (machine-independent reading).
 *
 * Reported through `bench/lib/figures.ts` (ids in brackets): coverages against the nominal 0.95
 * (`alpha-coverage`, `alpha-ge-conditional`, `profile-conditional` with issue 15's target 95 % ± 2 %;
 * `alpha-ge-planted`, `profile-planted` without a target: the games are not resampled), the mean
 * Spearman ρ against 0.9 (`jaggedness-spearman`), BH's FDR against 0.05 (`bh-null-fdr`), and the
 * seconds of analyze and report against the 60 s budget (`analyze-seconds`, `report-seconds`) and
 * analyze against one point fit (`analyze-vs-point-fit`).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PAPER_DESIGN, alphaCoverage, alphaCoverageWithGameEffects, bhNullFdr, jaggednessRecovery, profileCoverage } from '../src/eval/stats/validation.js';
import { plantedTable } from '../src/eval/stats/simulate.js';
import { analyze } from '../src/eval/stats/analyze.js';
import { fitAlpha } from '../src/eval/stats/alpha.js';
import { prepareSlots } from '../src/eval/stats/slots.js';
import { writeReport } from '../src/eval/report/index.js';
import { figure, report, round, type Figure } from './lib/figures.js';

const quick = process.argv.includes('--quick');
const scaleAt = process.argv.indexOf('--scale');
const scale = quick ? 0.1 : scaleAt >= 0 ? Number(process.argv[scaleAt + 1]) : 1;
if (!(scale > 0 && scale <= 1)) throw new Error('--scale takes a number in (0, 1]');
const n = (full: number): number => Math.max(10, Math.round(full * scale));
const log = (s: string): void => void process.stderr.write(`${s}\n`);

const mid = { ...PAPER_DESIGN, games: 20, runs: 5 };
const tau = [0.04, 0.08, 0.12, 0.16, 0.2, 0.24, 0.28, 0.32, 0.36];
const slopes = PAPER_DESIGN.alpha.map((_, m) => Array.from({ length: 6 }, (_, a) => (a === m % 6 ? (m < 4 ? 0.3 : -0.3) : 0)));

const t0 = performance.now();
log('alpha coverage …');
const alpha = alphaCoverage(mid, n(500), 2000, 1);
log(`  ${JSON.stringify(alpha)}`);
log('alpha coverage with game effects …');
const alphaGE = alphaCoverageWithGameEffects({ ...mid, slopes, jaggedness: tau.map((x) => x / 4) }, n(200), 2000, 10_001);
log('jaggedness recovery …');
const jag = jaggednessRecovery({ ...PAPER_DESIGN, jaggedness: tau }, n(100), 20_001);
log('profile coverage …');
const prof = profileCoverage({ ...PAPER_DESIGN, runs: 10, slopes, jaggedness: tau.map((x) => x / 4) }, n(100), 500, 30_001);
log('BH under the null …');
const bh = bhNullFdr({ ...PAPER_DESIGN, runs: 10 }, n(200), 500, 0.05, 40_001);

log('timing on a 10,000-slot table …');
const table = plantedTable({ ...PAPER_DESIGN, games: 50, pairsPerGame: 18, runs: 6, jaggedness: tau, slopes, seed: 50_001 });
const rows = table.rows.slice(0, 10_000);
let s = performance.now();
fitAlpha(prepareSlots(rows), { B: 0 });
const pointFit = (performance.now() - s) / 1000;
s = performance.now();
const e = analyze(rows, { axes: table.axes, B: 2000, Bsecondary: 500 });
const analyzeSec = (performance.now() - s) / 1000;
s = performance.now();
await writeReport(e, join(mkdtempSync(join(tmpdir(), 'gbgc-bench-report-')), 'r'), table.axes);
const reportSec = (performance.now() - s) / 1000;

const out = {
  quick,
  alpha,
  alphaWithGameEffects: alphaGE,
  jaggedness: { replications: jag.rho.length, meanSpearman: jag.mean, minSpearman: jag.min, shareAtLeast09: jag.shareAtLeast09 },
  profiles: prof,
  bhNull: bh,
  timing: { slots: rows.length, analyzeSeconds: analyzeSec, reportSeconds: reportSec, pointFitSeconds: pointFit, analyzeOverPointFit: analyzeSec / pointFit },
  totalSeconds: (performance.now() - t0) / 1000,
};
console.log(JSON.stringify(out, null, 2));

const nominal = { name: 'nominal coverage', value: 0.95, unit: '' };
const band = { min: round(0.93 / 0.95, 4), max: round(0.97 / 0.95, 4) };
const cov = (
  id: string,
  name: string,
  c: { covered: number; intervals: number; coverage: number; replications: number },
  target?: { min: number; max: number },
): Figure =>
  figure({
    id,
    kind: 'size',
    name: `${name}: ${c.covered} of ${c.intervals} intervals over ${c.replications} tables`,
    value: round(c.coverage, 4),
    unit: '',
    reference: nominal,
    ratioMeaning: 'coverage / 0.95',
    ...(target ? { target } : {}),
  });
const budget = { name: 'budget of issue 15', value: 60, unit: 's' };
report('stats-coverage', [
  cov('alpha-coverage', 'α̂ 95 % intervals (B = 2,000) covering the planted α_m, 9 models × 20 games × 18 pairs × 5 runs', alpha, band),
  cov('alpha-ge-conditional', 'the same with per-game effects planted, against the conditional estimand', alphaGE.conditional, band),
  cov('alpha-ge-planted', 'the same, against the planted α_m (games not resampled)', alphaGE.planted),
  figure({
    id: 'jaggedness-spearman',
    kind: 'size',
    name: `mean Spearman ρ between planted τ_m and J_m at the paper's size over ${jag.rho.length} tables (min ${round(jag.min, 3)}, ${round(100 * jag.shareAtLeast09, 1)} % of tables ≥ 0.9)`,
    value: round(jag.mean, 4),
    unit: '',
    reference: { name: 'bound of issue 15', value: 0.9, unit: '' },
    ratioMeaning: 'ρ / 0.9',
    target: { min: 1 },
  }),
  cov('profile-conditional', 'profile-slope 95 % intervals (B = 500, 50 games, 10 runs) covering the conditional slopes', prof.conditional, band),
  cov('profile-planted', 'the same, covering the planted population slopes', prof.planted),
  figure({
    id: 'bh-null-fdr',
    kind: 'size',
    name: `false discovery rate of BH at 0.05 over ${bh.tests} slopes with nothing planted (${bh.withRejection} of ${bh.replications} tables with a rejection)`,
    value: round(bh.fdr, 4),
    unit: '',
    reference: { name: 'BH level', value: 0.05, unit: '' },
    ratioMeaning: 'FDR / 0.05',
    target: { max: 1 },
  }),
  figure({
    id: 'analyze-seconds',
    kind: 'time',
    name: `analyze (B = 2,000, secondary 500) of a ${rows.length}-slot planted table`,
    value: round(analyzeSec, 3),
    unit: 's',
    reference: budget,
    ratioMeaning: 'seconds / 60 s',
    target: { max: 1 },
  }),
  figure({
    id: 'report-seconds',
    kind: 'time',
    name: 'report (HTML, SVG and PNG figures) of the same estimates',
    value: round(reportSec, 3),
    unit: 's',
    reference: budget,
    ratioMeaning: 'seconds / 60 s',
    target: { max: 1 },
  }),
  figure({
    id: 'analyze-vs-point-fit',
    kind: 'time',
    name: 'analyze of the same table',
    value: round(analyzeSec, 3),
    unit: 's',
    reference: { name: 'one point fit of α̂ on the table', value: round(pointFit, 4), unit: 's' },
    ratioMeaning: 'analyze time / point-fit time',
  }),
]);
