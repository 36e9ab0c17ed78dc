/**
 * Validation of the estimators on planted truths (./simulate.ts): interval coverage of α̂ and of the
 * capability-profile slopes, recovery of the planted jaggedness order by J_m, and the false discovery
 * rate of Benjamini–Hochberg under the global null. Used by `bench/stats-coverage.ts` (full size) and
 * the test suite (reduced size).
 */
import { fitAlpha, fitFromTotals, totalsOf } from './alpha.js';
import { spearman } from './dist.js';
import { fitPerGame, stratifiedBootstrap } from './per-game.js';
import { axisMatrix, capabilityProfiles, olsSlopes } from './profiles.js';
import { jaggednessPoint, neighbours } from './jaggedness.js';
import { plantedTable, type PlantedDesign } from './simulate.js';
import { prepareSlots } from './slots.js';

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
 * game-sampling variation, which that bootstrap does not resample.
 */
export function alphaCoverageWithGameEffects(design: Omit<PlantedDesign, 'seed'>, replications: number, B: number, seed = 1): { conditional: CoverageResult; planted: CoverageResult } {
  const cond = { replications, intervals: 0, covered: 0, coverage: 0 };
  const plant = { replications, intervals: 0, covered: 0, coverage: 0 };
  for (let r = 0; r < replications; r++) {
    const t = plantedTable({ ...design, seed: seed + r });
    const p = prepareSlots(t.rows, t.models);
    const fit = fitAlpha(p, { B, seed: seed + r });
    const truthRows = t.rows.map((row) => {
      const g = t.games.indexOf(row.game);
      const i = t.models.indexOf(row.seats[0]);
      const j = t.models.indexOf(row.seats[1]);
      const y = t.alphaMG[i][g] - t.alphaMG[j][g];
      return { ...row, returns: [y / 2, -y / 2] as [number, number] };
    });
    const target = fitFromTotals(totalsOf(prepareSlots(truthRows, t.models)))!;
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
export function jaggednessRecovery(design: Omit<PlantedDesign, 'seed'>, replications: number, seed = 1): { rho: number[]; mean: number; min: number; shareAtLeast09: number } {
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
export function profileCoverage(design: Omit<PlantedDesign, 'seed'>, replications: number, B: number, seed = 1): { conditional: CoverageResult; planted: CoverageResult } {
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
export function bhNullFdr(design: Omit<PlantedDesign, 'seed'>, replications: number, B: number, level = 0.05, seed = 1): { replications: number; withRejection: number; fdr: number; tests: number } {
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
