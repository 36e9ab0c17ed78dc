/**
 * Planted-truth validation of the statistics at full size; prints the figures as JSON.
 *
 *   npx tsx bench/stats-coverage.ts            # the full run (several minutes on 2 cores)
 *   npx tsx bench/stats-coverage.ts --quick    # a tenth of the replications, for a smoke run
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

const quick = process.argv.includes('--quick');
const n = (full: number): number => (quick ? Math.max(10, Math.round(full / 10)) : full);
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
