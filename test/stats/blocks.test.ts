/**
 * Bootstrap blocks (./src/eval/stats/slots.ts): every paired-cluster bootstrap resamples the clusters
 * dealt one play seed together. A hand-built table whose pairs share deals, scheme-1 stores giving
 * the estimates recorded before blocks existed, and the coverage of α̂'s intervals on planted tables
 * whose pairs share deals (play-seed scheme 2).
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyze, fitAlpha, plantedTable, prepareSlots, stratifiedBootstrap, type SlotRow } from '../../src/eval/stats/index.js';
import { pairDifferences } from '../../src/eval/stats/differences.js';
import { writeSlotStore } from '../support/slot-store.js';
import { readSlots } from '../../src/eval/store/index.js';
import { slotRowsOf } from '../../src/eval/stats/from-store.js';

const readStore = (db: string) => slotRowsOf(readSlots(db), db);
import { playSeed, sharedPlaySeed } from '../../src/eval/match/seeds.js';
import { rngFromKeys } from '../../src/util/rng.js';

/**
 * One game, three participants, two runs; every pair plays both runs, and run r of every pair is
 * dealt play seed `d{r}`. Each run of a pair: i in seat 0 with margin S, then j in seat 0 with margin
 * 0, so i's summed margin over j in the run is S.
 *   run 0: S_AB = 4, S_AC = 2, S_BC = 2;   run 1: S_AB = 0, S_AC = 4, S_BC = −2.
 * A balanced complete design with n slots per pair gives α_i = Σ_j S_ij / (n·M):
 *   block 0 alone (n = 2): α = (1, −1/3, −2/3);  block 1 alone: (2/3, −1/3, −1/3);
 *   both (n = 4): (5/6, −1/3, −1/2).
 */
const S: Record<string, number>[] = [
  { AB: 4, AC: 2, BC: 2 },
  { AB: 0, AC: 4, BC: -2 },
];
const handRows = (withSeeds: boolean): SlotRow[] =>
  S.flatMap((run, r) =>
    Object.entries(run).flatMap(([pair, s]) => {
      const [i, j] = [pair[0], pair[1]];
      const seed = withSeeds ? { playSeed: `d${r}` } : {};
      return [
        { game: 'g', run: r, seats: [i, j] as [string, string], returns: [s / 2, -s / 2] as [number, number], ...seed },
        { game: 'g', run: r, seats: [j, i] as [string, string], returns: [0, 0] as [number, number], ...seed },
      ];
    }),
  );
const BLOCK0 = [1, -1 / 3, -2 / 3];
const BLOCK1 = [2 / 3, -1 / 3, -1 / 3];
const BOTH = [5 / 6, -1 / 3, -1 / 2];
const closeTo = (a: ArrayLike<number>, b: readonly number[]): boolean => b.every((x, m) => Math.abs(a[m] - x) < 1e-12);

describe('bootstrap blocks: clusters that share a deal are resampled together', () => {
  it('a hand-built table: two blocks of three clusters, every replicate draws whole blocks, SE as computed by hand', () => {
    const p = prepareSlots(handRows(true));
    expect(p.clusters).toHaveLength(6);
    expect(p.blocks).toEqual([
      [0, 1, 2],
      [3, 4, 5],
    ]);
    expect(p.blocksByGame).toEqual([[0, 1]]);
    const B = 400;
    const seed = 5;
    const fit = fitAlpha(p, { B, seed });
    expect(closeTo(fit.alpha, BOTH)).toBe(true);
    // Replicate r draws two blocks with rngFromKeys(seed, 1, r): the same block twice is that block's
    // fit, the two blocks the full fit. Nothing else can occur when whole blocks are drawn.
    const hand = Array.from({ length: B }, (_, r) => {
      const rng = rngFromKeys(seed, 1, r);
      const k1 = Math.floor(rng() * 2);
      const k2 = Math.floor(rng() * 2);
      return k1 !== k2 ? BOTH : k1 === 0 ? BLOCK0 : BLOCK1;
    });
    fit.replicates.forEach((a, r) => expect(closeTo(a, hand[r])).toBe(true));
    for (let m = 0; m < 3; m++) {
      const col = hand.map((a) => a[m]);
      const mean = col.reduce((s, x) => s + x, 0) / B;
      const se = Math.sqrt(col.reduce((s, x) => s + (x - mean) ** 2, 0) / (B - 1));
      expect(fit.se[m]).toBeCloseTo(se, 12);
    }
    expect(fit.se[0]).toBeGreaterThan(0.05);
    // The game-stratified bootstrap (per-game α̂, profiles, J) and the two-stage bootstrap draw whole blocks too.
    for (const rep of stratifiedBootstrap(p, 100, 3)) expect([BLOCK0, BLOCK1, BOTH].some((v) => closeTo(rep.alpha, v))).toBe(true);
    for (const a of fitAlpha(p, { B: 100, seed: 2, resampleGames: true }).replicates) expect([BLOCK0, BLOCK1, BOTH].some((v) => closeTo(a, v))).toBe(true);
  });

  it('without play seeds each (game, pair, run) cluster is its own block, and replicates mix runs across pairs', () => {
    const p = prepareSlots(handRows(false));
    expect(p.blocks).toEqual([[0], [1], [2], [3], [4], [5]]);
    const fit = fitAlpha(p, { B: 400, seed: 5 });
    expect(fit.replicates.some((a) => ![BLOCK0, BLOCK1, BOTH].some((v) => closeTo(a, v)))).toBe(true);
  });

  it('counts: blocks beside the intervals (leaderboard, differences) and the single-block warning', () => {
    const e = analyze(handRows(true), { B: 50, Bsecondary: 20 });
    for (const r of e.leaderboard) expect([r.clusters, r.blocks]).toEqual([4, 2]);
    expect(e.differences!.blocks).toBe(2);
    expect(e.differences!.clusters).toBe(6);
    for (const d of e.differences!.pairs) expect([d.blocksI, d.blocksJ, d.blocksBetween, d.clustersBetween]).toEqual([2, 2, 2, 2]);
    const one = analyze(
      handRows(true).filter((r) => r.run === 0),
      { B: 20, Bsecondary: 10 },
    );
    expect((one.meta.warnings ?? []).join('\n')).toContain('the slots form 1 bootstrap block (game, play seed)');
  });

  it('a store under play-seed scheme 2: the reader carries play seeds, a block is every pair of one (game, run)', () => {
    const t = plantedTable({ alpha: [1, 0, -1, 0.5], games: 3, runs: 4, pairsPerGame: 'all', axes: 1, seed: 4 });
    const rows = t.rows.map((r) => ({ ...r, playSeed: sharedPlaySeed(1, r.game, r.run as number) }));
    const db = join(mkdtempSync(join(tmpdir(), 'gbgc-blocks-')), 's2.sqlite');
    writeSlotStore(db, rows);
    const p = prepareSlots(readStore(db).rows);
    expect(p.clusters).toHaveLength(3 * 6 * 4);
    expect(p.blocks).toHaveLength(3 * 4);
    expect(p.blocks.every((ks) => ks.length === 6)).toBe(true);
    p.blocksByGame.forEach((bs, g) => bs.forEach((b) => p.blocks[b].forEach((k) => expect(p.clusters[k].game).toBe(g))));
  });
});

describe('scheme-1 stores: estimates bit-identical to those recorded before blocks', () => {
  // test/stats/fixtures/scheme1-baseline.json was written by the code before blocks existed, from
  // this store (scheme-1 play seeds, one per (game, pair, run)).
  const baseline = JSON.parse(readFileSync(join(__dirname, 'fixtures', 'scheme1-baseline.json'), 'utf8')) as Record<string, unknown>;
  const t = plantedTable({ alpha: [1, 0.5, 0, -0.5, -1], games: 6, runs: 3, pairsPerGame: 7, axes: 2, jaggedness: [0.1, 0.2, 0.1, 0.3, 0.1], seed: 11 });
  const rows = t.rows.map((r) => ({ ...r, playSeed: playSeed(1, r.game, r.run as number, r.seats[0], r.seats[1]) }));
  const db = join(mkdtempSync(join(tmpdir(), 'gbgc-blocks-')), 's1.sqlite');
  writeSlotStore(db, rows);
  const fromStore = readStore(db).rows;
  const estimates = (slots: SlotRow[]): Record<string, unknown> => {
    const p = prepareSlots(slots);
    const pick = (f: ReturnType<typeof fitAlpha>) => ({ alpha: f.alpha, se: f.se, ci: f.ci });
    const fit = fitAlpha(p, { B: 300, seed: 7 });
    const strat = stratifiedBootstrap(p, 60, 3);
    return {
      clusters: p.clusters.length,
      fit: pick(fit),
      resampleGames: pick(fitAlpha(p, { B: 300, seed: 7, resampleGames: true })),
      subset: pick(fitAlpha(p, { B: 300, seed: 9, clusters: p.clusters.flatMap((c, k) => (c.game < 3 ? [k] : [])) })),
      stratified: {
        B: 60,
        seed: 3,
        sha256: createHash('sha256')
          .update(JSON.stringify(strat.map((r) => [[...r.alpha], [...r.alphaGame], r.sigma])))
          .digest('hex'),
        first: [...strat[0].alpha],
      },
      differences: pairDifferences(p, fit).pairs.map((d) => ({ i: d.i, j: d.j, ci: d.ci, se: d.se })),
    };
  };

  it('with the store’s play seeds: one block per cluster, α̂, its two-stage and subset intervals, the stratified replicates and the differences unchanged', () => {
    expect(fromStore.every((r) => r.playSeed != null)).toBe(true);
    const p = prepareSlots(fromStore);
    expect(p.blocks).toEqual(p.clusters.map((_, k) => [k]));
    expect(estimates(fromStore)).toEqual(baseline);
  });

  it('rows without play seeds (older inputs) fall back to the (game, pair, run) key: unchanged too', () => {
    expect(estimates(fromStore.map(({ playSeed: _, ...r }) => r))).toEqual(baseline);
  });
});

describe('planted truth: shared deals (scheme 2), 6 participants', () => {
  // Each participant's fit to a deal, SD 0.4 σ_g, is shared by its slots against every opponent on
  // that (game, run): the correlation of its run nets against two opponents is 4δ²/(8δ² + 2(1 − ρ))
  // = 0.24 at δ = 0.4, ρ = 0.5 (the luck share), within the 0.1–0.3 measured on tournaments.
  const design = { alpha: [1, 0.6, 0.2, -0.2, -0.6, -1], games: 16, runs: 8, pairsPerGame: 'all' as const, axes: 1, sharedDeals: 0.4 };
  const coverage = (keepSeeds: boolean, R: number): number => {
    let covered = 0;
    for (let r = 0; r < R; r++) {
      const t = plantedTable({ ...design, seed: 300 + r });
      const rows = keepSeeds ? t.rows : t.rows.map(({ playSeed: _, ...x }) => x);
      const fit = fitAlpha(prepareSlots(rows, t.models), { B: 200, seed: r + 1 });
      fit.ci.forEach((c, m) => (covered += c.lo <= t.alpha[m] && t.alpha[m] <= c.hi ? 1 : 0));
    }
    return covered / (R * design.alpha.length);
  };

  it('95 % intervals of α̂ resampling blocks cover the planted α at ≥ 93 %; resampling clusters would not', () => {
    expect(coverage(true, 100)).toBeGreaterThanOrEqual(0.93);
    expect(coverage(false, 40)).toBeLessThan(0.88);
  });
});
