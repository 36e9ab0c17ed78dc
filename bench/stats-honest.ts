/**
 * Planted-truth checks of what `gbgc analyze` shows, on tables as unequal as real schedules: 10 models
 * × 50 games, 18 of the 45 pairs per game drawn with unequal model weights (the weakest-covered model
 * plays about half the slots per cell of the best-covered), runs per (pair, game) drawn from a range
 * (unequal noise per cell). Prints the figures as JSON and reports them through bench/lib/figures.ts.
 * Standalone (not in `npm run bench`: its full size takes CPU-hours); its figures are kept in
 * bench/stats-honest-results.json, which docs/statistics.md quotes.
 *
 *   npx tsx bench/stats-honest.ts                      # 200 null + 200 interaction tables, 60 equal-roughness, design aid
 *   npx tsx bench/stats-honest.ts --tables 40 --equal 20 --aid 6 --runs 2,10   # smaller
 *   npx tsx bench/stats-honest.ts --only null > a.json; npx tsx bench/stats-honest.ts --only interaction,equal,aid,ge > b.json
 *   npx tsx bench/stats-honest.ts --merge a.json b.json   # the figures of two partial runs (two cores)
 *   npx tsx bench/stats-honest.ts --only interaction --seed-offset 1000000   # other tables than the recorded run's
 *   npx tsx bench/stats-honest.ts --variance-only --seed-offset 1000000   # only σ²_M, σ²_MG and the ratio, null and interaction
 *
 * Scenarios:
 * - null: no model × game interaction. Every shown interval contains its point; the default J's
 *   interval covers 0; the noise-null test of J rejects (per model, p < 0.05; and BH q < 0.05 in a
 *   table); the paper's (App. P) and the calibrated rank-stability tests flag ≥ 1 game at q < 0.05;
 *   the shown σ²_MG/σ²_M, σ²_MG and σ²_M intervals cover the planted (conditional) values (and, for
 *   comparison, the BC interval, the ordinary bootstrap's basic interval, the rescaled-residual basic
 *   interval for σ²_M, and the percentile interval of the bias-corrected replicates).
 *   σ²_M's planted value is the estimator's target at zero noise: the variance of the row means of
 *   the per-game fit on the table's noiseless margins, i.e. of α_m plus each model's mean planted
 *   interaction over the 50 games (`sigma2MPlanted` is (1/|M|) Σ_m (α_m − ᾱ)² of α alone).
 * - interaction: jagged (iid per game) interaction with τ_m from 0 to 0.27 and a smooth one on half
 *   the models. Coverage of the planted noise-free J by the default J's interval, mean Spearman of J
 *   (net) and of J (v2) with the planted J, the ratio's, σ²_MG's and σ²_M's coverage.
 * - equal: the same jagged τ for every model; mean Spearman of J (net) and J (v2) with each model's
 *   mean slots per cell (a measure that tracks the schedule correlates with it).
 * - aid: J's Spearman with the planted J and interval width at 2, 5, 10 and 20 runs per (pair, game).
 * - resample-games: coverage of the population α_m by α̂'s intervals with and without
 *   `--resample-games` (9 models × 20 games × 18 pairs × 5 runs, per-game effects planted).
 */
import { honestTable, varianceTable, alphaCoverageWithGameEffects, PAPER_DESIGN, type HonestTable, type VarianceTable } from '../src/eval/stats/validation.js';
import { SHOWN_INTERVAL_NAME, spearman } from '../src/eval/stats/dist.js';
import type { PlantedDesign } from '../src/eval/stats/simulate.js';
import { figure, report, round } from './lib/figures.js';

const arg = (name: string, dflt: string): string => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1]! : dflt;
};
const TABLES = Number(arg('--tables', '200'));
const EQUAL = Number(arg('--equal', '60'));
const AID = Number(arg('--aid', '20'));
const GE = Number(arg('--ge', '100'));
const [RLO, RHI] = arg('--runs', '4,20').split(',').map(Number) as [number, number];
const B = Number(arg('--B', '500'));
const B2 = Number(arg('--B2', '300'));
const BALPHA = Number(arg('--Balpha', '200'));
/** Added to every scenario's first table seed: a fresh set of tables (an out-of-sample check). */
const SEED_OFFSET = Number(arg('--seed-offset', '0'));
const log = (s: string): void => void process.stderr.write(`${s}\n`);

const alpha = [1.6, 1.1, 0.6, 0.3, 0.1, -0.1, -0.3, -0.6, -1.1, -1.6];
const coverage = [1, 1, 1, 1, 0.8, 0.8, 0.6, 0.5, 0.4, 0.3];
const base: Omit<PlantedDesign, 'seed'> = { alpha, games: 50, runs: RHI, runsRange: [RLO, RHI], pairsPerGame: 18, axes: 6, coverage };
const rough = { jaggedness: [0, 0.03, 0.06, 0.09, 0.12, 0.15, 0.18, 0.21, 0.24, 0.27], smooth: [0.1, 0, 0.1, 0, 0.1, 0, 0.1, 0, 0.1, 0] };
const mean = (xs: readonly number[]): number => xs.reduce((s, x) => s + x, 0) / xs.length;

function run(name: string, n: number, seed: number, design: Partial<PlantedDesign>): HonestTable[] {
  const out: HonestTable[] = [];
  const t0 = performance.now();
  for (let k = 0; k < n; k++) {
    out.push(honestTable({ ...base, ...design, seed: SEED_OFFSET + seed + k }, B, B2, BALPHA));
    if ((k + 1) % 10 === 0) log(`  ${name}: ${k + 1}/${n} tables, ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  }
  return out;
}

/** The variance components' figures (shared by the full scenarios and `--variance-only`). */
const varianceSummary = (ts: VarianceTable[]) => {
  const covers = (truth: (t: VarianceTable) => number, lo: (t: VarianceTable) => number, hi: (t: VarianceTable) => number): number =>
    ts.filter((t) => lo(t) <= truth(t) && truth(t) <= hi(t)).length / ts.length;
  const ratioT = (t: VarianceTable): number => t.ratioTrue;
  const mgT = (t: VarianceTable): number => t.sigma2MGTrue;
  const mT = (t: VarianceTable): number => t.sigma2MTrue;
  return {
    tables: ts.length,
    shownIntervals: ts.reduce((s, t) => s + t.shown, 0),
    containingPoint: ts.reduce((s, t) => s + t.containPoint, 0),
    ratioCoverage: covers(
      ratioT,
      (t) => t.ratio.lo,
      (t) => t.ratio.hi,
    ),
    ratioBcCoverage: covers(
      ratioT,
      (t) => t.ratio.bcLo,
      (t) => t.ratio.bcHi,
    ),
    ratioBasicCoverage: covers(
      ratioT,
      (t) => t.ratio.basicLo,
      (t) => t.ratio.basicHi,
    ),
    ratioPctBcCoverage: covers(
      ratioT,
      (t) => t.ratio.pctLo,
      (t) => t.ratio.pctHi,
    ),
    ratioTypes: Object.fromEntries(['bc', 'rescaled', 'basic'].map((k) => [k, ts.filter((t) => t.ratio.type === k).length])),
    ratioMeanWidth: mean(ts.map((t) => t.ratio.hi - t.ratio.lo)),
    ratioBasicMeanWidth: mean(ts.map((t) => t.ratio.basicHi - t.ratio.basicLo)),
    ratioMeanPoint: mean(ts.map((t) => t.ratio.point)),
    ratioMeanTruth: mean(ts.map((t) => t.ratioTrue)),
    sigma2MGCoverage: covers(
      mgT,
      (t) => t.sigma2MG.lo,
      (t) => t.sigma2MG.hi,
    ),
    sigma2MGBasicCoverage: covers(
      mgT,
      (t) => t.sigma2MG.basicLo,
      (t) => t.sigma2MG.basicHi,
    ),
    sigma2MGPctBcCoverage: covers(
      mgT,
      (t) => t.sigma2MG.pctLo,
      (t) => t.sigma2MG.pctHi,
    ),
    sigma2MGTypes: Object.fromEntries(['bc', 'rescaled', 'basic'].map((k) => [k, ts.filter((t) => t.sigma2MG.type === k).length])),
    sigma2MCoverage: covers(
      mT,
      (t) => t.sigma2M.lo,
      (t) => t.sigma2M.hi,
    ),
    sigma2MBcCoverage: covers(
      mT,
      (t) => t.sigma2M.bcLo,
      (t) => t.sigma2M.bcHi,
    ),
    sigma2MBasicCoverage: covers(
      mT,
      (t) => t.sigma2M.basicLo,
      (t) => t.sigma2M.basicHi,
    ),
    sigma2MRescaledCoverage: covers(
      mT,
      (t) => t.sigma2M.rescLo,
      (t) => t.sigma2M.rescHi,
    ),
    sigma2MPctBcCoverage: covers(
      mT,
      (t) => t.sigma2M.pctLo,
      (t) => t.sigma2M.pctHi,
    ),
    sigma2MTypes: Object.fromEntries(['bc', 'rescaled', 'basic'].map((k) => [k, ts.filter((t) => t.sigma2M.type === k).length])),
    sigma2MBcContainsPoint: ts.filter((t) => t.sigma2M.bcLo <= t.sigma2M.point && t.sigma2M.point <= t.sigma2M.bcHi).length / ts.length,
    sigma2MMeanAbsZ0: mean(ts.map((t) => Math.abs(t.sigma2M.z0))),
    sigma2MMaxAbsZ0: Math.max(...ts.map((t) => Math.abs(t.sigma2M.z0))),
    sigma2MMeanWidth: mean(ts.map((t) => t.sigma2M.hi - t.sigma2M.lo)),
    sigma2MMeanPoint: mean(ts.map((t) => t.sigma2M.point)),
    sigma2MMeanTruth: mean(ts.map(mT)),
    sigma2MPlanted: mean(ts.map((t) => t.sigma2MPlanted)),
  };
};

const summary = (ts: HonestTable[]) => {
  const models = ts.flatMap((t) => t.J.map((_, m) => ({ t, m })));
  const covered = models.filter(({ t, m }) => t.ciJ[m] && t.ciJ[m]!.lo <= t.Jtrue[m] && t.Jtrue[m] <= t.ciJ[m]!.hi).length;
  const withInterval = models.filter(({ t, m }) => t.ciJ[m]).length;
  return {
    ...varianceSummary(ts),
    jIntervals: withInterval,
    jCovered: covered,
    jCoverage: covered / withInterval,
    spearmanNet: mean(ts.map((t) => spearman(t.J, t.Jtrue))),
    spearmanV2: mean(ts.map((t) => spearman(t.Jv2, t.Jtrue))),
    minSpearmanNet: Math.min(...ts.map((t) => spearman(t.J, t.Jtrue))),
    noiseRejectP05: models.filter(({ t, m }) => t.noiseP[m] < 0.05).length / models.length,
    noiseTablesBH05: ts.filter((t) => t.noiseQ.some((q) => q < 0.05)).length / ts.length,
    rankPaperTables: ts.filter((t) => t.rankPaper > 0).length / ts.length,
    rankCalibratedTables: ts.filter((t) => t.rankCalibrated > 0).length / ts.length,
    meanJ: mean(ts.flatMap((t) => t.J)),
    meanJv2: mean(ts.flatMap((t) => t.Jv2)),
    meanWidth: mean(models.filter(({ t, m }) => t.ciJ[m]).map(({ t, m }) => t.ciJ[m]!.hi - t.ciJ[m]!.lo)),
    excludesZero: models.filter(({ t, m }) => t.ciJ[m] && t.ciJ[m]!.lo > 0).length / models.length,
  };
};

if (process.argv.includes('--variance-only')) {
  // Only the variance components on the null and interaction tables (the same tables and streams).
  const vrun = (name: string, n: number, seed: number, design: Partial<PlantedDesign>): VarianceTable[] => {
    const out: VarianceTable[] = [];
    const t0 = performance.now();
    for (let k = 0; k < n; k++) {
      out.push(varianceTable({ ...base, ...design, seed: SEED_OFFSET + seed + k }, B));
      if ((k + 1) % 10 === 0) log(`  ${name}: ${k + 1}/${n} tables, ${((performance.now() - t0) / 1000).toFixed(0)} s`);
    }
    return out;
  };
  const t0 = performance.now();
  const nul = varianceSummary(vrun('null', TABLES, 100_001, {}));
  const inter = varianceSummary(vrun('interaction', TABLES, 200_001, rough));
  console.log(
    JSON.stringify(
      {
        design: { models: 10, games: 50, pairsPerGame: 18, runs: [RLO, RHI], coverage, B, seedOffset: SEED_OFFSET },
        varianceOnly: true,
        null: nul,
        interaction: inter,
        totalSeconds: (performance.now() - t0) / 1000,
      },
      null,
      2,
    ),
  );
  process.exit(0);
}

import { readFileSync } from 'node:fs';

const only = new Set(arg('--only', 'null,interaction,equal,aid,ge').split(','));
const mergeAt = process.argv.indexOf('--merge');
const merged: Record<string, any> = {};
// A later file's scenario overlays the earlier one field by field, so a `--variance-only` output
// replaces only the variance components' figures of a full run on the same tables; its interval
// counts (3 per table) are kept apart as variance{ShownIntervals,ContainingPoint} and its seconds
// as design.varianceRunSeconds.
const overlay = (was: unknown, v: Record<string, unknown>, varianceOnly: boolean): Record<string, unknown> => {
  if (!varianceOnly) return v;
  const { shownIntervals, containingPoint, tables: _tables, ...rest } = v;
  return { ...(was as Record<string, unknown> | undefined), ...rest, varianceShownIntervals: shownIntervals, varianceContainingPoint: containingPoint };
};
if (mergeAt >= 0)
  for (const f of process.argv.slice(mergeAt + 1)) {
    const file = JSON.parse(readFileSync(f, 'utf8')) as Record<string, unknown>;
    const vo = file.varianceOnly === true;
    for (const [k, v] of Object.entries(file)) {
      if (v === null || k === 'varianceOnly') continue;
      if (k === 'totalSeconds' && vo && merged.design) merged.design = { ...merged.design, varianceRunSeconds: v };
      else if (k === 'totalSeconds') merged[k] = (merged[k] ?? 0) + (v as number);
      else if (k === 'null' || k === 'interaction') merged[k] = overlay(merged[k], v as Record<string, unknown>, vo && merged[k] !== undefined);
      else if (k === 'design' && vo && merged[k]) merged[k] = { ...merged[k], varianceSeedOffset: (v as Record<string, unknown>).seedOffset };
      else merged[k] = v;
    }
  }
const skip = mergeAt >= 0 ? new Set<string>() : only;
const t0 = performance.now();
log(`null: ${TABLES} tables (10 × 50, runs ${RLO}–${RHI}, B = ${B}, secondary ${B2}) …`);
const nul = merged.null ?? (skip.has('null') ? summary(run('null', TABLES, 100_001, {})) : null);
log(JSON.stringify(nul));
log(`interaction: ${TABLES} tables …`);
const inter = merged.interaction ?? (skip.has('interaction') ? summary(run('interaction', TABLES, 200_001, rough)) : null);
log(JSON.stringify(inter));
log(`equal roughness: ${EQUAL} tables …`);
const eqTables = merged.equal || !skip.has('equal') ? [] : run('equal', EQUAL, 300_001, { jaggedness: new Array<number>(10).fill(0.12) });
const equal =
  merged.equal ??
  (skip.has('equal')
    ? {
        rhoNetSlots: mean(eqTables.map((t) => spearman(t.J, t.slotsPerCell))),
        rhoV2Slots: mean(eqTables.map((t) => spearman(t.Jv2, t.slotsPerCell))),
        rhoTrueSlots: mean(eqTables.map((t) => spearman(t.Jtrue, t.slotsPerCell))),
        ...summary(eqTables),
      }
    : null);
log(JSON.stringify(equal));
const aid: Record<string, ReturnType<typeof summary>> | null = merged.aid ?? (skip.has('aid') ? {} : null);
if (!merged.aid && aid)
  for (const runs of [2, 5, 10, 20]) {
    log(`design aid: ${AID} tables at ${runs} runs per (pair, game) …`);
    aid[runs] = summary(run(`aid ${runs}`, AID, 400_001 + 1000 * runs, { ...rough, runs, runsRange: undefined }));
  }
log('α̂ coverage of the population strengths with and without --resample-games …');
const geDesign = {
  ...PAPER_DESIGN,
  games: 20,
  runs: 5,
  slopes: PAPER_DESIGN.alpha.map((_, m) => Array.from({ length: 6 }, (_, a) => (a === m % 6 ? (m < 4 ? 0.3 : -0.3) : 0))),
  jaggedness: PAPER_DESIGN.alpha.map(() => 0.05),
};
const resampleGames =
  merged.resampleGames ??
  (skip.has('ge')
    ? { fixedGames: alphaCoverageWithGameEffects(geDesign, GE, B, 500_001, false), resampled: alphaCoverageWithGameEffects(geDesign, GE, B, 500_001, true) }
    : null);

const out = {
  design: merged.design ?? { models: 10, games: 50, pairsPerGame: 18, runs: [RLO, RHI], coverage, B, B2, Balpha: BALPHA },
  null: nul,
  interaction: inter,
  equal,
  aid,
  resampleGames,
  totalSeconds: merged.totalSeconds ?? (performance.now() - t0) / 1000,
};
console.log(JSON.stringify(out, null, 2));
if (!(nul && inter && equal && aid && resampleGames)) process.exit(0);
const { fixedGames, resampled } = resampleGames;

/** Which interval types were shown, e.g. `rescaled-residual basic in 200 tables`. */
const typesText = (types: Record<string, number>): string =>
  Object.entries(types)
    .filter(([, n]) => n > 0)
    .map(([k, n]) => `${SHOWN_INTERVAL_NAME[k as keyof typeof SHOWN_INTERVAL_NAME]} in ${n} tables`)
    .join(', ');
const size = `10 models × 50 games, 18 pairs, ${out.design.runs[0]}–${out.design.runs[1]} runs, unequal coverage`;
report('stats-honest', [
  figure({
    id: 'shown-contain-point',
    kind: 'size',
    name: `shown intervals (α̂, J, variance components) containing their point over ${nul.tables + inter.tables} tables (${size})`,
    value: round((nul.containingPoint + inter.containingPoint) / (nul.shownIntervals + inter.shownIntervals), 4),
    unit: '',
    reference: { name: 'all', value: 1, unit: '' },
    ratioMeaning: 'share',
    target: { min: 1 },
  }),
  figure({
    id: 'ratio-coverage-null',
    kind: 'size',
    name: `shown σ²_MG/σ²_M interval (${typesText(nul.ratioTypes)}) covering the planted ratio, no interaction, ${nul.tables} tables (BC interval: ${round(nul.ratioBcCoverage, 3)}; ordinary basic: ${round(nul.ratioBasicCoverage, 3)})`,
    value: round(nul.ratioCoverage, 4),
    unit: '',
    reference: { name: 'nominal', value: 0.95, unit: '' },
    ratioMeaning: 'coverage / 0.95',
    target: { min: round(0.9 / 0.95, 4), max: round(0.98 / 0.95, 4) },
  }),
  figure({
    id: 'ratio-coverage-interaction',
    kind: 'size',
    name: `the same with interaction planted (${typesText(inter.ratioTypes)}), ${inter.tables} tables (BC interval: ${round(inter.ratioBcCoverage, 3)}; ordinary basic: ${round(inter.ratioBasicCoverage, 3)})`,
    value: round(inter.ratioCoverage, 4),
    unit: '',
    reference: { name: 'nominal', value: 0.95, unit: '' },
    ratioMeaning: 'coverage / 0.95',
    target: { min: round(0.9 / 0.95, 4), max: round(0.98 / 0.95, 4) },
  }),
  figure({
    id: 'sigma2mg-coverage-interaction',
    kind: 'size',
    name: `shown σ²_MG interval (${typesText(inter.sigma2MGTypes)}) covering the planted σ²_MG, interaction, ${inter.tables} tables (no interaction: ${round(nul.sigma2MGCoverage, 3)}; percentile of the bias-corrected replicates: ${round(inter.sigma2MGPctBcCoverage, 3)})`,
    value: round(inter.sigma2MGCoverage, 4),
    unit: '',
    reference: { name: 'nominal', value: 0.95, unit: '' },
    ratioMeaning: 'coverage / 0.95',
    target: { min: round(0.9 / 0.95, 4), max: round(0.98 / 0.95, 4) },
  }),
  figure({
    id: 'sigma2m-coverage-null',
    kind: 'size',
    name: `shown σ²_M interval (${typesText(nul.sigma2MTypes)}) covering the planted σ²_M, no interaction, ${nul.tables} tables (interaction: ${round(inter.sigma2MCoverage, 3)}; BC interval: ${round(nul.sigma2MBcCoverage, 3)}/${round(inter.sigma2MBcCoverage, 3)}; ordinary basic: ${round(nul.sigma2MBasicCoverage, 3)}/${round(inter.sigma2MBasicCoverage, 3)})`,
    value: round(nul.sigma2MCoverage, 4),
    unit: '',
    reference: { name: 'nominal', value: 0.95, unit: '' },
    ratioMeaning: 'coverage / 0.95',
    target: { min: round(0.9 / 0.95, 4), max: round(0.98 / 0.95, 4) },
  }),
  figure({
    id: 'sigma2m-coverage-interaction',
    kind: 'size',
    name: `the same with interaction planted (${typesText(inter.sigma2MTypes)}), ${inter.tables} tables`,
    value: round(inter.sigma2MCoverage, 4),
    unit: '',
    reference: { name: 'nominal', value: 0.95, unit: '' },
    ratioMeaning: 'coverage / 0.95',
    target: { min: round(0.9 / 0.95, 4), max: round(0.98 / 0.95, 4) },
  }),
  figure({
    id: 'rank-calibrated-null',
    kind: 'size',
    name: `null tables where the calibrated rank-stability test flags ≥ 1 game at q < 0.05 (App. P (paper): ${round(nul.rankPaperTables, 3)}), ${nul.tables} tables`,
    value: round(nul.rankCalibratedTables, 4),
    unit: '',
    reference: { name: 'level', value: 0.06, unit: '' },
    ratioMeaning: 'share / 0.06',
    target: { max: 1 },
  }),
  figure({
    id: 'j-covers-zero-null',
    kind: 'size',
    name: `default J's interval covering 0 with no interaction (${nul.jIntervals} intervals, ${nul.tables} tables)`,
    value: round(nul.jCoverage, 4),
    unit: '',
    reference: { name: 'bound', value: 0.9, unit: '' },
    ratioMeaning: 'coverage / 0.9',
    target: { min: 1 },
  }),
  figure({
    id: 'j-coverage-interaction',
    kind: 'size',
    name: `default J's interval covering the planted noise-free J (${inter.jIntervals} intervals, ${inter.tables} tables)`,
    value: round(inter.jCoverage, 4),
    unit: '',
    reference: { name: 'nominal', value: 0.95, unit: '' },
    ratioMeaning: 'coverage / 0.95',
    target: { min: round(0.93 / 0.95, 4), max: round(0.97 / 0.95, 4) },
  }),
  figure({
    id: 'j-spearman',
    kind: 'size',
    name: `mean Spearman of J (net) with the planted J over ${inter.tables} tables (J (v2): ${round(inter.spearmanV2, 3)}; min ${round(inter.minSpearmanNet, 3)})`,
    value: round(inter.spearmanNet, 4),
    unit: '',
    reference: { name: 'bound', value: 0.9, unit: '' },
    ratioMeaning: 'ρ / 0.9',
    target: { min: 1 },
  }),
  figure({
    id: 'j-vs-slots-equal',
    kind: 'size',
    name: `|mean Spearman| of J (net) with slots per cell, equal roughness, ${equal.tables} tables (J (v2): ${round(equal.rhoV2Slots, 3)}, planted: ${round(equal.rhoTrueSlots, 3)})`,
    value: round(Math.abs(equal.rhoNetSlots), 4),
    unit: '',
    reference: { name: 'bound', value: 0.2, unit: '' },
    ratioMeaning: '|ρ| / 0.2',
    target: { max: 1 },
  }),
  figure({
    id: 'j-noise-null-rejection',
    kind: 'size',
    name: `noise-null test of J: per-model p < 0.05 with nothing planted (${nul.tables} tables; tables with a BH rejection: ${round(nul.noiseTablesBH05, 3)})`,
    value: round(nul.noiseRejectP05, 4),
    unit: '',
    reference: { name: 'level', value: 0.05, unit: '' },
    ratioMeaning: 'rate / 0.05',
    target: { max: 1 },
  }),
  figure({
    id: 'alpha-population-resample-games',
    kind: 'size',
    name: `α̂ intervals with --resample-games covering the population α_m (${resampled.planted.intervals} intervals; fixed games: ${round(fixedGames.planted.coverage, 3)})`,
    value: round(resampled.planted.coverage, 4),
    unit: '',
    reference: { name: 'nominal', value: 0.95, unit: '' },
    ratioMeaning: 'coverage / 0.95',
  }),
]);
