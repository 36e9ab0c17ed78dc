/**
 * Statistics that never mislead silently: missing returns, shown intervals, J net of sampling noise
 * and its noise null, the calibrated rank-stability test, warnings, ties. Hand-computed cases and
 * reduced planted tables; the full-size figures come from bench/stats-honest.ts.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { runCli } from '../cli/run-cli.js';
import { playTournament } from '../report/slot-viewer-support.js';
import { plantedTable } from '../../src/eval/stats/simulate.js';
import { writeSlotStore } from '../support/slot-store.js';
import { analyze } from '../../src/eval/stats/analyze.js';
import { Z0_BOUND, basicInterval, shownEstimate } from '../../src/eval/stats/dist.js';
import { decompose, rescaledWorld, varianceDecomposition } from '../../src/eval/stats/variance.js';
import { fitPerGame } from '../../src/eval/stats/per-game.js';
import { prepareSlots } from '../../src/eval/stats/slots.js';
import { jFromVariances, neighbourhoodVariances } from '../../src/eval/stats/jaggedness.js';
import { rankStability } from '../../src/eval/stats/rank-stability.js';
import { honestTable } from '../../src/eval/stats/validation.js';
import type { StratifiedReplicate } from '../../src/eval/stats/per-game.js';

const tmp = mkdtempSync(join(tmpdir(), 'gbgc-honest-'));

describe('missing returns', () => {
  it('a store written by the tournament with NULLed returns: analyze exits 1 naming the slots, or leaves them out with --exclude-missing', async () => {
    const { db } = await playTournament(tmp, 'nulls', [{ kind: 'random' }, { kind: 'heuristic' }], 6, 5);
    const w = new Database(db);
    const ids = (w.prepare("SELECT id FROM slots WHERE status = 'done' ORDER BY id LIMIT 3").all() as { id: string }[]).map((r) => r.id);
    const total = (w.prepare("SELECT COUNT(*) AS n FROM slots WHERE status = 'done'").get() as { n: number }).n;
    w.prepare(`UPDATE slots SET return0 = NULL WHERE id IN (${ids.map(() => '?').join(', ')})`).run(...ids);
    w.close();
    const r = await runCli(['analyze', db, '-B', '50', '--secondary', '20']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('3 finished slot(s) have missing or non-finite returns');
    for (const id of ids) expect(r.stderr).toContain(id);
    const out = join(tmp, 'nulls.json');
    const x = await runCli(['analyze', db, '-B', '50', '--secondary', '20', '--exclude-missing', '--out', out]);
    expect(x.code).toBe(0);
    expect(x.stdout).toContain('warning: 3 finished slot(s) with missing or non-finite returns were left out');
    const e = JSON.parse(readFileSync(out, 'utf8'));
    expect(e.meta.excludedMissingReturns.count).toBe(3);
    expect([...e.meta.excludedMissingReturns.slots].sort()).toEqual([...ids].sort());
    expect(e.meta.slots).toBe(total - 3);
  });

  it('a store whose every return is NULL is refused, never read as ties', async () => {
    const t = plantedTable({ alpha: [1, 0, -1], games: 3, runs: 2, pairsPerGame: 'all', axes: 2, seed: 1 });
    const db = join(tmp, 'allnull.db');
    writeSlotStore(
      db,
      t.rows.map((r) => ({ ...r, returns: [NaN, NaN] as [number, number] })),
    );
    const r = await runCli(['analyze', db]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`${t.rows.length} finished slot(s) have missing or non-finite returns`);
    const x = await runCli(['analyze', db, '--exclude-missing']);
    expect(x.code).toBe(1);
    expect(x.stderr).toContain('no finished slots to analyse');
  });
});

describe('shown intervals', () => {
  it('a degenerate BC interval is replaced by the basic interval around the bias-corrected point (hand-computed)', () => {
    // θ̂ = 1, replicates all above: z₀ = Φ⁻¹(1/(2B)) far beyond the bound.
    const reps = Array.from({ length: 100 }, (_, k) => 1.5 + k / 100);
    const s = shownEstimate(1, reps, 0);
    expect(s.type).toBe('basic');
    const mean = 1.5 + 0.495;
    expect(s.point).toBeCloseTo(2 - mean, 12);
    // Basic bounds 2θ̂ − q: q_0.975 = 1.5 + 0.96525, q_0.025 = 1.5 + 0.02475 → [−0.46525, 0.47525], floored at 0.
    expect(s.interval.lo).toBeCloseTo(0, 12);
    expect(s.interval.hi).toBeCloseTo(0.47525, 10);
    expect(s.interval.lo <= s.point && s.point <= s.interval.hi).toBe(true);
    // Symmetric replicates: z₀ ≈ 0, the BC interval is kept.
    const sym = Array.from({ length: 101 }, (_, k) => 1 + (k - 50) / 100);
    expect(shownEstimate(1, sym).type).toBe('bc');
  });

  it('rescaled-residual world (hand-computed 2 × 3): components shrunk to the targets, column effects kept', () => {
    // Rows means 1 and −1/3, grand 1/3, column means (1, 0, 0): σ²_M = 4/9, σ²_MG = 2/9.
    const a = [
      [2, 0, 1],
      [0, 0, -1],
    ];
    const d = decompose(a, 2, 3);
    expect(d.sigma2M).toBeCloseTo(4 / 9, 12);
    expect(d.sigma2MG).toBeCloseTo(2 / 9, 12);
    // Targets a quarter of each: c_M = c_MG = 1/2. α̃ = ᾱ + ½(ᾱ_m − ᾱ) + (ᾱ_g − ᾱ) + ½·residual.
    const w = rescaledWorld(a, 2, 3, { sigma2M: 1 / 9, sigma2MG: 1 / 18 });
    const expected = [
      [1.5, 0, 0.5],
      [0.5, 0, -0.5],
    ];
    w.forEach((row, m) => row.forEach((x, g) => expect(x).toBeCloseTo(expected[m][g], 12)));
    const dw = decompose(w, 2, 3);
    expect(dw.sigma2M).toBeCloseTo(1 / 9, 12);
    expect(dw.sigma2MG).toBeCloseTo(1 / 18, 12);
    // A negative target (bias-corrected estimate below 0) removes the interaction: the additive fit.
    const add = rescaledWorld(a, 2, 3, { sigma2M: 4 / 9, sigma2MG: -0.1 });
    expect(add[0][0]).toBeCloseTo(1 + 1 - 1 / 3, 12);
    expect(decompose(add, 2, 3).sigma2MG).toBeCloseTo(0, 12);
  });

  it("rescaled-residual basic interval (hand-computed): θ̂ − (q − θ̃) from the world's replicates, floored, containing the point", () => {
    // World truth θ̃ = 0.4, world replicates 0, 0.01, …, 1: q_0.025 = 0.025, q_0.975 = 0.975.
    const world = { truth: 0.4, reps: Array.from({ length: 101 }, (_, k) => k / 100) };
    const iv = basicInterval(1, world.reps, 0.95, world.truth);
    expect(iv.lo).toBeCloseTo(1 - (0.975 - 0.4), 12);
    expect(iv.hi).toBeCloseTo(1 - (0.025 - 0.4), 12);
    // Ordinary replicates 1.1 + k/1000 all above θ̂ = 1: BC degenerate; point 2 − 1.1495 = 0.8505.
    const reps = Array.from({ length: 100 }, (_, k) => 1.1 + k / 1000);
    const s = shownEstimate(1, reps, 0, 0.95, world);
    expect(s.type).toBe('rescaled');
    expect(s.point).toBeCloseTo(0.8505, 12);
    expect(s.interval.lo).toBeCloseTo(0.425, 12);
    expect(s.interval.hi).toBeCloseTo(1.375, 12);
    // θ̂ = 0.3: [0.3 − 0.575, 0.3 + 0.375] floored at 0 → [0, 0.675]; point 0.6 − 0.4495.
    const low = shownEstimate(
      0.3,
      reps.map((x) => x - 0.7),
      0,
      0.95,
      world,
    );
    expect(low.point).toBeCloseTo(0.1505, 12);
    expect(low.interval.lo).toBe(0);
    expect(low.interval.hi).toBeCloseTo(0.675, 12);
    // A world without a finite truth falls back to the ordinary basic interval.
    expect(shownEstimate(1, reps, 0, 0.95, { truth: NaN, reps: world.reps }).type).toBe('basic');
  });

  it('varianceDecomposition: a degenerate ratio shows the rescaled-residual basic interval, a degenerate σ²_MG the ordinary basic one, floored and containing the point', () => {
    const t = plantedTable({
      alpha: [1.5, 0.5, 0, -0.5, -1.5],
      games: 12,
      runs: 4,
      pairsPerGame: 'all',
      axes: 3,
      jaggedness: [0.02, 0.05, 0.1, 0.15, 0.2],
      seed: 21,
    });
    const p = prepareSlots(t.rows, t.models);
    const pg = fitPerGame(p);
    const v = varianceDecomposition(p, pg.alpha, 200, 5);
    for (const [c, type] of [
      [v.sigma2MG, 'basic'],
      [v.ratio, 'rescaled'],
    ] as const) {
      const iv = type === 'rescaled' ? c.ciRescaled : c.ciBasic;
      expect(Math.abs(c.z0)).toBeGreaterThan(Z0_BOUND);
      expect(c.shown.type).toBe(type);
      expect(c.shown.point).toBeCloseTo(Math.max(0, c.biasCorrected), 12);
      expect(c.shown.interval.lo).toBeCloseTo(Math.min(Math.max(0, iv.lo), c.shown.point), 12);
      expect(c.shown.interval.hi).toBeCloseTo(Math.max(iv.hi, c.shown.point), 12);
      expect(c.ciRescaled.lo).toBeLessThan(c.ciRescaled.hi);
    }
    // Same seed, same draws: the decomposition is a pure function of (table, B, seed).
    expect(varianceDecomposition(p, pg.alpha, 200, 5).ratio.ciRescaled).toEqual(v.ratio.ciRescaled);
  });

  it('the CLI summary and the report show no BC interval with |z₀| beyond the bound, and every shown interval contains its point', async () => {
    const t = plantedTable({
      alpha: [1.5, 0.5, 0, -0.5, -1.5],
      games: 12,
      runs: 4,
      pairsPerGame: 'all',
      axes: 3,
      jaggedness: [0.02, 0.05, 0.1, 0.15, 0.2],
      seed: 21,
    });
    const db = join(tmp, 'shown.db');
    writeSlotStore(db, t.rows);
    const axes = join(tmp, 'shown-axes.jsonl');
    writeFileSync(axes, t.axes.map((a) => JSON.stringify(a)).join('\n') + '\n');
    const out = join(tmp, 'shown.json');
    const r = await runCli(['analyze', db, '--axes', axes, '-B', '300', '--secondary', '100', '--out', out]);
    expect(r.code).toBe(0);
    const e = JSON.parse(readFileSync(out, 'utf8'));
    // σ²_MG is inflated by cell noise: its BC interval is degenerate here, and is not what is shown.
    expect(Math.abs(e.variance.sigma2MG.z0)).toBeGreaterThan(Z0_BOUND);
    for (const k of ['sigma2M', 'sigma2MG', 'ratio']) {
      const c = e.variance[k];
      if (Math.abs(c.z0) > Z0_BOUND) expect(c.shown.type).toBe(k === 'ratio' ? 'rescaled' : 'basic');
      expect(c.shown.interval.lo).toBeLessThanOrEqual(c.shown.point);
      expect(c.shown.point).toBeLessThanOrEqual(c.shown.interval.hi);
    }
    const line = r.stdout.split('\n').find((l) => l.startsWith('variance'))!;
    expect(line).toContain(`σ²_MG/σ²_M = ${(e.variance.ratio.shown.point >= 0 ? '+' : '') + e.variance.ratio.shown.point.toFixed(2)} (bias-corrected;`);
    if (e.variance.ratio.shown.type !== 'bc')
      expect(line).toContain(
        `rescaled-residual basic 95 % CI [${e.variance.ratio.shown.interval.lo >= 0 ? '+' : ''}${e.variance.ratio.shown.interval.lo.toFixed(2)}, `,
      );
    if (e.variance.ratio.shown.type !== 'bc') expect(line).toContain('BC interval not shown');
    e.jaggedness.J.forEach((j: number, m: number) => {
      const c = e.jaggedness.ciJ[m];
      if (c) expect(c.lo <= j && j <= c.hi).toBe(true);
    });
    expect(r.stdout).toContain('jaggedness J (net of noise)');
    expect(r.stdout).toContain('J (v2, includes noise)');
    expect(r.stdout).toContain('by the calibrated test; App. P (paper)');
    const dir = join(tmp, 'shown-report');
    const rep = await runCli(['report', db, '--axes', axes, '-B', '300', '--secondary', '100', '--out', dir]);
    expect(rep.code).toBe(0);
    const html = readFileSync(join(dir, 'index.html'), 'utf8');
    const facts = html.slice(html.indexOf('Variance decomposition'), html.indexOf('Leave-one-game-out'));
    for (const k of ['sigma2M', 'sigma2MG', 'ratio'])
      if (e.variance[k].shown.type !== 'bc') expect(facts).not.toContain(e.variance[k].ci.lo.toFixed(k === 'ratio' ? 2 : 3).replace('-', '−'));
    expect((facts.match(/BC 95 % CI/g) ?? []).length).toBe(['sigma2M', 'sigma2MG', 'ratio'].filter((k) => e.variance[k].shown.type === 'bc').length);
    expect((facts.match(/rescaled-residual basic 95 % CI/g) ?? []).length).toBe(
      ['sigma2M', 'sigma2MG', 'ratio'].filter((k) => e.variance[k].shown.type === 'rescaled').length,
    );
    expect(html).toContain('conditional on the games played');
    expect(html).toContain('App. P (paper)');
  });
});

describe('J net of sampling noise (v1 §7 on v2 §8)', () => {
  it('hand-computed: one model, 4 games, each game neighbourhood is all four games', () => {
    const z = [[0.1, -0.1, 0.3, -0.3]];
    const nb = [
      [1, 2, 3],
      [0, 2, 3],
      [0, 1, 3],
      [0, 1, 2],
    ];
    // Two noise replicates of deviations: ±0.1 alternating → population variance 0.01 each.
    const dev = [(_m: number, g: number) => (g % 2 ? 0.1 : -0.1), (_m: number, g: number) => (g % 2 ? -0.1 : 0.1)];
    const v = neighbourhoodVariances(1, 4, (m, g) => z[m][g], nb, dev);
    // Population variance of z: mean 0, (0.01 + 0.01 + 0.09 + 0.09)/4 = 0.05.
    expect(v.S2[0]).toEqual([0.05, 0.05, 0.05, 0.05].map((x) => expect.closeTo(x, 12)));
    expect(v.noise[0][0]).toBeCloseTo(0.01, 12);
    expect(jFromVariances(v.S2, v.noise, 0)[0]).toBeCloseTo(Math.sqrt(0.05), 12);
    expect(jFromVariances(v.S2, v.noise, 1)[0]).toBeCloseTo(Math.sqrt(0.04), 12);
    // Truncated at 0 when the noise exceeds the spread.
    expect(jFromVariances(v.S2, [[0.06, 0.06, 0.06, 0.06]], 1)[0]).toBe(0);
  });

  it('unequal coverage, no interaction: shown intervals contain their point, J (net) intervals cover 0, the noise null rarely rejects', () => {
    const design = {
      alpha: [1, 0.6, 0.2, -0.2, -0.6, -1],
      games: 16,
      runs: 8,
      runsRange: [2, 8] as [number, number],
      pairsPerGame: 8,
      axes: 3,
      coverage: [1, 1, 0.8, 0.6, 0.4, 0.3],
    };
    let covers = 0;
    let models = 0;
    let reject = 0;
    let contain = 0;
    let shown = 0;
    for (let k = 0; k < 6; k++) {
      const h = honestTable({ ...design, seed: 600 + k }, 100, 100, 50);
      h.J.forEach((_, m) => {
        models++;
        if (h.ciJ[m] && h.ciJ[m]!.lo <= 0) covers++;
        if (h.noiseP[m] < 0.05) reject++;
      });
      contain += h.containPoint;
      shown += h.shown;
      expect(Math.max(...h.Jtrue)).toBeLessThan(1e-9);
      // With no interaction the planted σ²_M is that of α itself: (1/6)·2·(1² + 0.6² + 0.2²) = 2.8/6.
      expect(h.sigma2MTrue).toBeCloseTo(2.8 / 6, 12);
      expect(h.sigma2MPlanted).toBeCloseTo(2.8 / 6, 12);
      expect(h.sigma2M.lo <= h.sigma2M.point && h.sigma2M.point <= h.sigma2M.hi).toBe(true);
    }
    expect(contain).toBe(shown);
    expect(covers / models).toBeGreaterThanOrEqual(0.85);
    expect(reject / models).toBeLessThanOrEqual(0.15);
  });
});

describe('rank stability', () => {
  it('ties in the reversal count: equal estimates up to rounding are no reversal; the calibrated p-value is (1 + #{N* ≥ N})/(1 + B)', () => {
    const alpha = [1, 0, -1];
    // Game 0: models 1 and 2 equal up to 1e-16 (a rounding tie) → no reversal; game 1: only 0 and 1 reversed.
    const alphaMG = [
      [1, 0.3],
      [-0.5, 0.4],
      [-0.5 + 1e-16, -0.7],
    ];
    // Replicates: noise ±0.3 on model 1 only.
    const reps: StratifiedReplicate[] = [0.3, -0.3, 0.3, -0.3].map((d) => ({
      alpha: new Float64Array(alpha),
      alphaGame: new Float64Array([1, 0.3, -0.5 + d, 0.4 + d, -0.5 + 1e-16, -0.7]),
      sigma: [1, 1],
    }));
    const r = rankStability(['a', 'b', 'c'], ['g0', 'g1'], alpha, alphaMG, reps);
    expect(r.perGame[0].observed).toBe(0);
    expect(r.perGame[1].observed).toBe(1);
    // Null counts on game 1: α̂ + δ* = (1, ±0.3, −1) never reverses → p = (1 + 0)/(1 + 4).
    expect(r.perGame[1].pCalibrated).toBeCloseTo(1 / 5, 12);
    expect(r.perGame[0].pCalibrated).toBe(1);
    expect(r.labels.paper).toBe('App. P (paper)');
  });

  it("with nothing planted the calibrated test flags fewer tables than the paper's", () => {
    const design = { alpha: [1.2, 0.8, 0.4, 0, -0.4, -0.8, -1.2], games: 20, runs: 4, pairsPerGame: 'all' as const, axes: 3 };
    let paper = 0;
    let calibrated = 0;
    for (let k = 0; k < 8; k++) {
      const h = honestTable({ ...design, seed: 700 + k }, 50, 100, 20);
      if (h.rankPaper > 0) paper++;
      if (h.rankCalibrated > 0) calibrated++;
    }
    expect(calibrated).toBeLessThanOrEqual(1);
    expect(paper).toBeGreaterThanOrEqual(calibrated);
  });
});

describe('warnings', () => {
  it('a participant with only self-play slots gets null scores and does not shift the others', () => {
    const t = plantedTable({ alpha: [1, 0, -1], games: 4, runs: 4, pairsPerGame: 'all', axes: 2, seed: 3 });
    const base = analyze(t.rows, { B: 20, Bsecondary: 10 });
    const e = analyze([...t.rows, { game: t.games[0], run: 99, seats: ['zz', 'zz'], returns: [1, -1] }], { B: 20, Bsecondary: 10 });
    const zz = e.meta.participants.indexOf('zz');
    expect(e.robustness.bradleyTerry.score[zz]).toBeNull();
    expect(e.robustness.bradleyTerry.score.slice(0, 3)).toEqual(base.robustness.bradleyTerry.score.map((x) => expect.closeTo(x!, 12)));
    expect(e.leaderboard.find((r) => r.participant === 'zz')!.alpha).toBeNull();
    expect(e.meta.warnings!.some((w) => w.startsWith('participant zz played no slot'))).toBe(true);
  });

  it('a one-block store warns that its intervals have zero width', () => {
    const rows = [
      { game: 'g', run: 0, seats: ['a', 'b'] as [string, string], returns: [2, -2] as [number, number] },
      { game: 'g', run: 0, seats: ['b', 'a'] as [string, string], returns: [-1, 1] as [number, number] },
    ];
    const e = analyze(rows, { B: 20, Bsecondary: 10 });
    expect(e.meta.warnings!.some((w) => w.includes('1 bootstrap block') && w.includes('zero width'))).toBe(true);
    expect(e.leaderboard[0].ci.lo).toBe(e.leaderboard[0].ci.hi);
  });

  it('--axes with fewer games than profiles need leaves out only profiles and the composite', () => {
    const t = plantedTable({ alpha: [1, 0, -1], games: 5, runs: 4, pairsPerGame: 'all', axes: 6, seed: 3 });
    const e = analyze(t.rows, { B: 20, Bsecondary: 10, axes: t.axes });
    expect(e.profiles).toBeNull();
    expect(e.robustness.composite).toBeNull();
    expect(e.jaggedness!.J).toHaveLength(3);
    expect(e.meta.warnings!.some((w) => w.includes('need at least 8 games for 6 axes'))).toBe(true);
  });
});
