/**
 * Validation of the estimators on planted truths (./simulate.ts): interval coverage of α̂ and of the
 * capability-profile slopes, recovery of the planted jaggedness order by J_m, and the false discovery
 * rate of Benjamini–Hochberg under the global null. Used by `bench/stats-coverage.ts` (full size) and
 * the test suite (reduced size).
 */
import { fitAlpha, fitFromTotals, totalsOf } from './alpha.js';
import { spearman, type Interval } from './dist.js';
import { fitPerGame, stratifiedBootstrap } from './per-game.js';
import { axisMatrix, capabilityProfiles, olsSlopes } from './profiles.js';
import { jaggednessPoint, localJaggedness, neighbours } from './jaggedness.js';
import { decompose, varianceDecomposition, type Component } from './variance.js';
import { rankStability } from './rank-stability.js';
import { plantedTable, type PlantedDesign, type PlantedTable } from './simulate.js';
import { prepareSlots, type SlotRow } from './slots.js';

/** The paper's tournament shape (GENSTRAT v2 §5): 9 models, 50 games, ~18 pairs per game, 20 runs. */
export const PAPER_DESIGN: Omit<PlantedDesign, 'seed'> = {
  alpha: [1.6, 1.1, 0.6, 0.3, 0, -0.3, -0.6, -1.1, -1.6],
  games: 50,
  runs: 20,
  pairsPerGame: 18,
  axes: 6,
};

export interface CoverageResult {
  replications: number;
  intervals: number;
  covered: number;
  coverage: number;
}

/** The table's rows with each margin replaced by its noiseless expectation α_{i,g} − α_{j,g} (the conditional estimand's data). */
function noiselessRows(t: PlantedTable): SlotRow[] {
  return t.rows.map((row) => {
    const g = t.games.indexOf(row.game);
    const y = t.alphaMG[t.models.indexOf(row.seats[0])][g] - t.alphaMG[t.models.indexOf(row.seats[1])][g];
    return { ...row, returns: [y / 2, -y / 2] as [number, number] };
  });
}

/**
 * Share of α̂ intervals covering the planted α_m (no per-game effects: the planted α_m is then
 * exactly the estimand), over `replications` tables drawn with seeds seed+r.
 */
export function alphaCoverage(design: Omit<PlantedDesign, 'seed'>, replications: number, B: number, seed = 1): CoverageResult {
  let intervals = 0;
  let covered = 0;
  for (let r = 0; r < replications; r++) {
    const t = plantedTable({ ...design, slopes: undefined, jaggedness: undefined, seed: seed + r });
    const p = prepareSlots(t.rows, t.models);
    const fit = fitAlpha(p, { B, seed: seed + r });
    fit.ci.forEach((c, m) => {
      intervals++;
      if (c.lo <= t.alpha[m] && t.alpha[m] <= c.hi) covered++;
    });
  }
  return { replications, intervals, covered, coverage: covered / intervals };
}

/**
 * With per-game effects planted, the share of α̂ intervals covering (a) the conditional estimand (the
 * fit on the noiseless expected margins of the realised design and games) and (b) the planted α_m.
 * (a) is what a paired-cluster bootstrap over a fixed game set targets; (b) also carries the
 * game-sampling variation, which that bootstrap does not resample; with `resampleGames` the
 * two-stage bootstrap resamples it.
 */
export function alphaCoverageWithGameEffects(
  design: Omit<PlantedDesign, 'seed'>,
  replications: number,
  B: number,
  seed = 1,
  resampleGames = false,
): { conditional: CoverageResult; planted: CoverageResult } {
  const cond = { replications, intervals: 0, covered: 0, coverage: 0 };
  const plant = { replications, intervals: 0, covered: 0, coverage: 0 };
  for (let r = 0; r < replications; r++) {
    const t = plantedTable({ ...design, seed: seed + r });
    const p = prepareSlots(t.rows, t.models);
    const fit = fitAlpha(p, { B, seed: seed + r, resampleGames });
    const target = fitFromTotals(totalsOf(prepareSlots(noiselessRows(t), t.models)))!;
    fit.ci.forEach((c, m) => {
      cond.intervals++;
      plant.intervals++;
      if (c.lo <= target[m] && target[m] <= c.hi) cond.covered++;
      if (c.lo <= t.alpha[m] && t.alpha[m] <= c.hi) plant.covered++;
    });
  }
  cond.coverage = cond.covered / cond.intervals;
  plant.coverage = plant.covered / plant.intervals;
  return { conditional: cond, planted: plant };
}

/**
 * Spearman ρ between planted jaggedness τ_m and estimated J_m (K = 3) per replication.
 * @returns the per-replication ρ, their mean and minimum, and the share ≥ 0.9.
 */
export function jaggednessRecovery(
  design: Omit<PlantedDesign, 'seed'>,
  replications: number,
  seed = 1,
): { rho: number[]; mean: number; min: number; shareAtLeast09: number } {
  const rho: number[] = [];
  for (let r = 0; r < replications; r++) {
    const t = plantedTable({ ...design, seed: seed + r });
    const p = prepareSlots(t.rows, t.models);
    const fit = fitAlpha(p, { B: 0 });
    const pg = fitPerGame(p);
    const ax = axisMatrix(p.games, t.axes);
    const J = jaggednessPoint(p.models.length, p.games.length, fit.alpha, (m, g) => pg.alpha[m][g], pg.sigma, neighbours(ax.raw, 3));
    rho.push(spearman(J, design.jaggedness!));
  }
  return { rho, mean: rho.reduce((s, x) => s + x, 0) / rho.length, min: Math.min(...rho), shareAtLeast09: rho.filter((x) => x >= 0.9).length / rho.length };
}

/**
 * Coverage of the capability-profile slope intervals (game-stratified bootstrap, B resamples) for the
 * conditional target: the OLS slope of the planted α_{m,g} on the analysed games' z-scored axes.
 * Also returns the coverage of the planted population slopes β_{m,a}, which additionally depends on
 * the draw of games (not resampled).
 */
export function profileCoverage(
  design: Omit<PlantedDesign, 'seed'>,
  replications: number,
  B: number,
  seed = 1,
): { conditional: CoverageResult; planted: CoverageResult } {
  const cond = { replications, intervals: 0, covered: 0, coverage: 0 };
  const plant = { replications, intervals: 0, covered: 0, coverage: 0 };
  for (let r = 0; r < replications; r++) {
    const t = plantedTable({ ...design, seed: seed + r });
    const p = prepareSlots(t.rows, t.models);
    const pg = fitPerGame(p);
    const ax = axisMatrix(p.games, t.axes);
    const reps = stratifiedBootstrap(p, B, seed + r);
    const prof = capabilityProfiles(p.models, pg.alpha, ax, reps);
    p.models.forEach((_, m) => {
      const truth = olsSlopes(t.alphaMG[m], ax.z)!;
      ax.names.forEach((_, a) => {
        const row = prof.table[m * ax.names.length + a];
        cond.intervals++;
        plant.intervals++;
        if (row.ci.lo <= truth[a + 1] && truth[a + 1] <= row.ci.hi) cond.covered++;
        if (row.ci.lo <= t.slopes[m][a] && t.slopes[m][a] <= row.ci.hi) plant.covered++;
      });
    });
  }
  cond.coverage = cond.covered / cond.intervals;
  plant.coverage = plant.covered / plant.intervals;
  return { conditional: cond, planted: plant };
}

/**
 * Under the global null (no slopes, no jaggedness) every rejection is false, so the false discovery
 * rate equals the share of replications with at least one BH rejection at `level`.
 */
export function bhNullFdr(
  design: Omit<PlantedDesign, 'seed'>,
  replications: number,
  B: number,
  level = 0.05,
  seed = 1,
): { replications: number; withRejection: number; fdr: number; tests: number } {
  let withRejection = 0;
  let tests = 0;
  for (let r = 0; r < replications; r++) {
    const t = plantedTable({ ...design, slopes: undefined, jaggedness: undefined, seed: seed + r });
    const p = prepareSlots(t.rows, t.models);
    const pg = fitPerGame(p);
    const ax = axisMatrix(p.games, t.axes);
    const reps = stratifiedBootstrap(p, B, seed + r);
    const prof = capabilityProfiles(p.models, pg.alpha, ax, reps, level);
    tests = prof.table.length;
    if (prof.table.some((x) => x.q <= level)) withRejection++;
  }
  return { replications, withRejection, fdr: withRejection / replications, tests };
}

/** A variance component as the honest bench reads it (see {@link HonestTable}). */
export interface ShownComponent {
  point: number;
  lo: number;
  hi: number;
  type: string;
  z0: number;
  bcLo: number;
  bcHi: number;
  basicLo: number;
  basicHi: number;
  pctLo: number;
  pctHi: number;
  /** The rescaled-residual basic interval (variance.ts), floored at 0 and extended to contain the point. */
  rescLo: number;
  rescHi: number;
}

const shownComponent = (c: Component): ShownComponent => {
  const s = c.shown;
  // Ordinary replicate quantiles q = 2θ̂ − (basic bounds); bias b = θ̂ − biasCorrected; q − 2b.
  const pct = { lo: 2 * c.biasCorrected - c.ciBasic.hi, hi: 2 * c.biasCorrected - c.ciBasic.lo };
  return {
    point: s.point,
    lo: s.interval.lo,
    hi: s.interval.hi,
    type: s.type,
    z0: c.z0,
    bcLo: c.ci.lo,
    bcHi: c.ci.hi,
    basicLo: Math.min(Math.max(0, c.ciBasic.lo), s.point),
    basicHi: Math.max(Math.max(0, c.ciBasic.hi), s.point),
    pctLo: Math.min(Math.max(0, pct.lo), s.point),
    pctHi: Math.max(Math.max(0, pct.hi), s.point),
    rescLo: Math.min(Math.max(0, c.ciRescaled.lo), s.point),
    rescHi: Math.max(Math.max(0, c.ciRescaled.hi), s.point),
  };
};

/** What one planted table says about the intervals gbgc shows (issues of honest statistics). */
export interface HonestTable {
  /** Per model: planted noise-free J (K = 3, the estimator's σ_g and the conditional α). */
  Jtrue: number[];
  J: number[];
  Jv2: number[];
  ciJ: (Interval | null)[];
  noiseP: number[];
  noiseQ: number[];
  /** Mean slots per identified cell, per model. */
  slotsPerCell: number[];
  /** Intervals shown (α̂, J, variance components) and how many contain their point. */
  shown: number;
  containPoint: number;
  /**
   * σ²_MG/σ²_M, σ²_MG and σ²_M: the planted (conditional) value, the shown point, interval and type, the BC
   * interval, and two alternatives to the shown interval, each floored at 0 and extended to contain
   * the point: the ordinary bootstrap's basic interval (shown before the rescaled-residual one) and
   * the percentile interval of the bias-corrected replicates θ* − 2(mean θ* − θ̂).
   */
  ratioTrue: number;
  ratio: ShownComponent;
  sigma2MGTrue: number;
  sigma2MG: ShownComponent;
  /**
   * σ²_M's planted value by the estimator's definition (variance.ts: the variance of the row means of
   * the per-game fit α_{m,g} on the noiseless margins of this table), and (1/|M|) Σ_m (α_m − ᾱ)² of
   * the planted strengths themselves, for comparison.
   */
  sigma2MTrue: number;
  sigma2MPlanted: number;
  sigma2M: ShownComponent;
  /** Games flagged at q < 0.05 by the paper's and the calibrated rank-stability tests. */
  rankPaper: number;
  rankCalibrated: number;
  /** Smallest calibrated per-game p and the paper's. */
  minPCalibrated: number;
}

/**
 * Measure one planted table at the given bootstrap sizes (B: variance decomposition; B2: the
 * game-stratified bootstrap; Balpha: α̂): J (net and v2) against the planted
 * noise-free J, the noise null, the shown variance-ratio interval, and both rank-stability tests.
 */
export function honestTable(design: PlantedDesign, B: number, B2: number, Balpha = B): HonestTable {
  const t = plantedTable(design);
  const p = prepareSlots(t.rows, t.models);
  const M = p.models.length;
  const G = p.games.length;
  const fit = fitAlpha(p, { B: Balpha, seed: design.seed });
  const pg = fitPerGame(p);
  const reps = stratifiedBootstrap(p, B2, design.seed);
  const ax = axisMatrix(p.games, t.axes);
  const jag = localJaggedness(fit.alpha, pg.alpha, pg.sigma, ax.raw, reps, 3, [], pg.slots);
  const variance = varianceDecomposition(p, pg.alpha, B, design.seed);
  const rs = rankStability(p.models, p.games, fit.alpha, pg.alpha, reps);
  // Conditional α (the fit on the noiseless margins of this design) and the planted α_{m,g} per game fit.
  const tp = prepareSlots(noiselessRows(t), t.models);
  const condAlpha = fitFromTotals(totalsOf(tp))!;
  const condMG = fitPerGame(tp).alpha;
  const Jtrue = jaggednessPoint(M, G, condAlpha, (m, g) => condMG[m][g], pg.sigma, neighbours(ax.raw, 3));
  let shown = 0;
  let containPoint = 0;
  const check = (x: number, c: Interval | null): void => {
    if (!c) return;
    shown++;
    if (c.lo <= x && x <= c.hi) containPoint++;
  };
  fit.ci.forEach((c, m) => check(fit.alpha[m], c));
  jag.ciJ.forEach((c, m) => check(jag.J[m], c));
  const slotsPerCell = pg.slots.map((row, m) => {
    const s = row.filter((x, g) => x > 0 && Number.isFinite(pg.alpha[m][g]));
    return s.reduce((a, b) => a + b, 0) / s.length;
  });
  const v = varianceFigures(variance, condMG, M, G, design.alpha);
  return {
    Jtrue,
    J: jag.J,
    Jv2: jag.Jv2,
    ciJ: jag.ciJ,
    noiseP: jag.noiseNull.p,
    noiseQ: jag.noiseNull.q,
    slotsPerCell,
    shown: shown + v.shown,
    containPoint: containPoint + v.containPoint,
    ratioTrue: v.ratioTrue,
    ratio: v.ratio,
    sigma2MGTrue: v.sigma2MGTrue,
    sigma2MG: v.sigma2MG,
    sigma2MTrue: v.sigma2MTrue,
    sigma2MPlanted: v.sigma2MPlanted,
    sigma2M: v.sigma2M,
    rankPaper: rs.significant05,
    rankCalibrated: rs.calibrated.significant05,
    minPCalibrated: Math.min(...rs.perGame.map((x) => x.pCalibrated)),
  };
}

/** The variance-decomposition part of {@link HonestTable}: planted values, shown intervals, and how many of them contain their point. */
export type VarianceTable = Pick<
  HonestTable,
  'ratioTrue' | 'ratio' | 'sigma2MGTrue' | 'sigma2MG' | 'sigma2MTrue' | 'sigma2MPlanted' | 'sigma2M' | 'shown' | 'containPoint'
>;

function varianceFigures(
  variance: ReturnType<typeof varianceDecomposition>,
  condMG: number[][],
  M: number,
  G: number,
  alpha: readonly number[],
): VarianceTable {
  const truth = decompose(condMG, M, G);
  const alphaBar = alpha.reduce((s, a) => s + a, 0) / alpha.length;
  const ks = ['sigma2M', 'sigma2MG', 'ratio'] as const;
  return {
    ratioTrue: truth.ratio,
    ratio: shownComponent(variance.ratio),
    sigma2MGTrue: truth.sigma2MG,
    sigma2MG: shownComponent(variance.sigma2MG),
    sigma2MTrue: truth.sigma2M,
    sigma2MPlanted: alpha.reduce((s, a) => s + (a - alphaBar) ** 2, 0) / alpha.length,
    sigma2M: shownComponent(variance.sigma2M),
    shown: ks.length,
    containPoint: ks.filter((k) => variance[k].shown.interval.lo <= variance[k].shown.point && variance[k].shown.point <= variance[k].shown.interval.hi).length,
  };
}

/**
 * Only the variance decomposition of one planted table (the bench's `--variance-only`): the same
 * table, bootstrap streams and figures as {@link honestTable}'s variance part, without α̂'s, J's and
 * rank stability's bootstraps.
 */
export function varianceTable(design: PlantedDesign, B: number): VarianceTable {
  const t = plantedTable(design);
  const p = prepareSlots(t.rows, t.models);
  const pg = fitPerGame(p);
  const variance = varianceDecomposition(p, pg.alpha, B, design.seed);
  return varianceFigures(variance, fitPerGame(prepareSlots(noiselessRows(t), t.models)).alpha, p.models.length, p.games.length, design.alpha);
}
