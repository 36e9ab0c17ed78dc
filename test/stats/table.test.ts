/**
 * The table statistics (src/eval/stats/table.ts): bb/100 and chips per hand with block-bootstrap
 * intervals on a hand-computed case, the counts and warnings, bad input, and the planted-truth
 * coverage at a small size (bench/table-coverage.ts runs it at full size).
 */
import { describe, expect, it } from 'vitest';
import { replicateLevel, tableStats, type HandRow } from '../../src/eval/stats/table.js';
import {
  leagueTableDesign,
  panelTableDesign,
  permutations,
  plantedTableHands,
  tableCoverage,
  type PlantedTableDesign,
} from '../../src/eval/stats/table-simulate.js';

const hand = (block: string, match: string, h: number, chips: Record<string, number>): HandRow[] =>
  Object.entries(chips).map(([participant, chipsWon], seat) => ({ block, match, hand: h, participant, seat, chipsWon, bigBlind: 100 }));

// Two blocks, three participants, big blind 100.
//   b1: hand 0  A +150  B  −50  C −100;  hand 1  A −100  B +200  C −100
//   b2: hand 0  A  −50  B −100  C +150
const small = [
  ...hand('b1', 'm0', 0, { A: 150, B: -50, C: -100 }),
  ...hand('b1', 'm0', 1, { A: -100, B: 200, C: -100 }),
  ...hand('b2', 'm0', 0, { A: -50, B: -100, C: 150 }),
];

describe('bb/100 and chips per hand', () => {
  it('computes the estimates and the block-bootstrap percentile intervals of a hand-computed case', () => {
    const t = tableStats(small, { B: 4000, seed: 3 });
    const row = (id: string) => t.rows.find((r) => r.participant === id)!;
    // B: (−50 + 200 − 100)/3 = 16.67 chips/hand = 16.67 bb/100; A: 0; C: −16.67.
    expect(t.rows.map((r) => r.participant)).toEqual(['B', 'A', 'C']);
    expect(row('B').chipsPerHand).toBeCloseTo(50 / 3, 10);
    expect(row('B').bb100).toBeCloseTo((100 * 0.5) / 3, 10);
    expect(row('A').bb100).toBe(0);
    expect(row('C').bb100).toBeCloseTo(-50 / 3, 10);
    // Two blocks: a replicate is {b1,b1} (p 1/4), {b1,b2} (1/2) or {b2,b2} (1/4). A's bb/100 is 25 on
    // b1 alone, 0 on both, −50 on b2 alone, so its 2.5 % and 97.5 % quantiles are −50 and 25.
    expect(row('A').bb100Ci).toEqual({ lo: -50, hi: 25 });
    expect(row('B').bb100Ci).toEqual({ lo: -100, hi: 75 });
    expect(row('C').bb100Ci).toEqual({ lo: -100, hi: 150 });
    expect(row('C').chipsPerHandCi).toEqual({ lo: -100, hi: 150 });
    // Paired difference B − A on the same replicates: 75 − 25 = 50 on b1, −100 − (−50) = −50 on b2.
    const ba = t.differences.find((d) => d.i === 'B' && d.j === 'A')!;
    expect(ba.diff).toBeCloseTo(50 / 3, 10);
    expect(ba.ci).toEqual({ lo: -50, hi: 50 });
    // With a big blind of 100 chips, chips per hand and bb/100 are the same numbers.
    expect(ba.diffChips).toBeCloseTo(50 / 3, 10);
    expect(ba.ciChips).toEqual({ lo: -50, hi: 50 });
    expect(ba.excludesZero).toBe(false);
    expect(ba.blocksBetween).toBe(2);
    // Sample sizes: 9 seat-hands, 3 hands of 3 seats, 2 blocks, 2 matches.
    expect(t).toMatchObject({ records: 9, hands: 3, blocks: 2, matches: 2, seats: 3, B: 4000, seed: 3, interval: 'percentile' });
    expect(row('A')).toMatchObject({ hands: 3, blocks: 2, matches: 2 });
    // The replicate of b2 alone is drawn with probability 1/4 … but never misses A (A plays both blocks).
    expect(row('A').missingReplicates).toBe(0);
    expect(t.warnings.some((w) => /only 2 blocks/.test(w))).toBe(true);
  });

  it('divides each hand by its own big blind', () => {
    const recs: HandRow[] = [
      { block: 'x', participant: 'A', seat: 0, chipsWon: 40, bigBlind: 20 },
      { block: 'x', participant: 'B', seat: 1, chipsWon: -40, bigBlind: 20 },
      { block: 'y', participant: 'A', seat: 0, chipsWon: -100, bigBlind: 100 },
      { block: 'y', participant: 'B', seat: 1, chipsWon: 100, bigBlind: 100 },
    ];
    const t = tableStats(recs, { B: 0 });
    // A: (40/20 − 100/100)/2 = 0.5 bb/hand = 50 bb/100; chips/hand (40 − 100)/2 = −30.
    const a = t.rows.find((r) => r.participant === 'A')!;
    expect(a.bb100).toBe(50);
    expect(a.chipsPerHand).toBe(-30);
    expect(t.hands).toBeNull();
    expect(t.matches).toBeNull();
  });

  it('gives chips per hand, and no bb/100, for a game without a big blind', () => {
    const recs = small.map((r) => ({ ...r, bigBlind: r.block === 'b2' ? null : r.bigBlind }));
    const t = tableStats(recs, { B: 100 });
    const c = t.rows.find((r) => r.participant === 'C')!;
    expect(c.bb100).toBeNaN();
    expect(c.bb100Ci).toBeNull();
    expect(c.chipsPerHand).toBeCloseTo(-50 / 3, 10);
    // Ranked by chips per hand: B, A, C.
    expect(t.rows.map((r) => r.participant)).toEqual(['B', 'A', 'C']);
    expect(t.differences[0].ciChips).not.toBeNull();
    expect(t.warnings.some((w) => /3 seat-hand\(s\) come from a game without a big blind/.test(w))).toBe(true);
  });

  it('is reproducible from its seed and resamples blocks, not hands', () => {
    // No card luck, a per-block effect (sd 0.5 bb/hand) larger than the hand noise spread over a block's 36 hands.
    const d: PlantedTableDesign = { ...leagueTableDesign(12), skill: [20, 0, -20], blockSd: 0.5, luckScale: 0 };
    const { records } = plantedTableHands(d, 5);
    const a = tableStats(records, { B: 200, seed: 9 });
    expect(tableStats(records, { B: 200, seed: 9 })).toEqual(a);
    expect(tableStats(records, { B: 200, seed: 10 }).rows[0].bb100Ci).not.toEqual(a.rows[0].bb100Ci);
    // Relabel every hand as its own block: the per-block effect is then read as independent hands, and the intervals shrink.
    const perHand = tableStats(
      records.map((r) => ({ ...r, block: `${r.block}/${r.match}/${r.hand}` })),
      { B: 200, seed: 9 },
    );
    const w = (t: typeof a) => t.rows.reduce((s, r) => s + r.bb100Ci!.hi - r.bb100Ci!.lo, 0);
    expect(w(perHand)).toBeLessThan(w(a) / 2);
    expect(a).toMatchObject({ blocks: 12, matches: 72, hands: 432, seats: 3, records: 1296 });
  });

  it('gives no interval where the sample does not permit, and says why', () => {
    const one = tableStats(hand('b1', 'm0', 0, { A: 100, B: -100 }), { B: 50 });
    expect(one.rows.every((r) => r.bb100Ci === null)).toBe(true);
    expect(one.differences[0].ci).toBeNull();
    expect(one.warnings[0]).toMatch(/1 block: the block is the statistical unit/);
    const thin = tableStats([...small, ...hand('b3', 'm0', 0, { A: 100, D: -100 })], { B: 50 });
    expect(thin.rows.find((r) => r.participant === 'D')!.bb100Ci).toBeNull();
    expect(thin.warnings.some((w) => /1 participant\(s\) played in a single block \(D\)/.test(w))).toBe(true);
  });

  it('warns about hands that are not zero-sum and refuses malformed records', () => {
    const t = tableStats([...small, ...hand('b3', 'm0', 0, { A: 100, B: -90 })], { B: 10 });
    expect(t.warnings.some((w) => /1 hand\(s\) whose seats' chips do not sum to zero \(b3 \/ m0 \/ 0\)/.test(w))).toBe(true);
    expect(() => tableStats([])).toThrow(/no hand records/);
    expect(() => tableStats([{ ...small[0], bigBlind: 0 }])).toThrow(
      /hand record 0: big blind must be a positive number \(or null for a game without blinds\), got 0/,
    );
    expect(() => tableStats([{ ...small[0], chipsWon: NaN }])).toThrow(/hand record 0: chips won must be a finite number/);
    expect(() => tableStats([small[0], { ...small[1], seat: 0 }])).toThrow(/list one seat twice \(b1 \/ m0 \/ 0\)/);
  });
});

describe('the expanded percentile interval', () => {
  it('reads the replicates at the level Hesterberg gives (hand-computed for 10 blocks)', () => {
    // Φ⁻¹(α′/2) = √(10/9) · t₉(0.025) = 1.05409 · (−2.26216) = −2.38452; α′ = 2 Φ(−2.38452) = 0.017101.
    expect(replicateLevel('expanded', 0.95, 10)).toBeCloseTo(0.982899, 5);
    expect(replicateLevel('percentile', 0.95, 10)).toBe(0.95);
    // It tends to the percentile level as blocks grow.
    expect(replicateLevel('expanded', 0.95, 10_000)).toBeCloseTo(0.95, 3);
    const narrow = tableStats(small, { B: 500, seed: 2 });
    const wide = tableStats(small, { B: 500, seed: 2, interval: 'expanded' });
    expect(wide.interval).toBe('expanded');
    expect(wide.warnings.some((w) => /only 2 blocks/.test(w))).toBe(false);
    const width = (t: typeof narrow) => t.rows.reduce((x, r) => x + r.bb100Ci!.hi - r.bb100Ci!.lo, 0);
    expect(width(wide)).toBeGreaterThanOrEqual(width(narrow));
  });
});

describe('planted truths (small size; bench/table-coverage.ts at full size)', () => {
  // ±3.5 binomial standard errors around 95 %.
  const band = (n: number): [number, number] => [0.95 - 3.5 * Math.sqrt((0.95 * 0.05) / n), 0.95 + 3.5 * Math.sqrt((0.95 * 0.05) / n)];

  it('the planted model is zero-sum per hand and deals the same luck to every permutation of a block', () => {
    expect(permutations(3)).toEqual([
      [0, 1, 2],
      [0, 2, 1],
      [1, 0, 2],
      [1, 2, 0],
      [2, 0, 1],
      [2, 1, 0],
    ]);
    const d: PlantedTableDesign = { ...leagueTableDesign(3), handsPerMatch: 2, blockSd: 0, handSd: 0, luckScale: 5 };
    const { records, truth } = plantedTableHands(d, 1);
    expect(truth).toEqual([30, 0, -30]);
    const t = tableStats(records, { B: 0 });
    expect(t.warnings.filter((w) => /zero/.test(w))).toEqual([]);
    // Without block or hand noise, the duplicate deal's luck cancels within each block: the estimates are the planted skills.
    for (const r of t.rows) expect(r.bb100).toBeCloseTo(truth[Number(r.participant.slice(1))], 8);
  });

  it('95 % intervals cover the planted bb/100 and pairwise differences at the nominal rate (three seats, one table)', () => {
    const d = leagueTableDesign(40);
    const r = tableCoverage(d, 60, 300, 1000);
    expect(r.intervals).toBe(180);
    expect(r.coverage).toBeGreaterThanOrEqual(band(180)[0]);
    expect(r.coverage).toBeLessThanOrEqual(band(180)[1]);
    expect(r.differenceCoverage).toBeGreaterThanOrEqual(band(180)[0]);
  });

  it('with 10 blocks the percentile interval falls short and the expanded one covers at the nominal rate', () => {
    const d = leagueTableDesign(10);
    const p = tableCoverage(d, 100, 300, 3000);
    const e = tableCoverage(d, 100, 300, 3000, 'expanded');
    expect(e.intervals).toBe(300);
    expect(e.coverage).toBeGreaterThan(p.coverage);
    expect(e.coverage).toBeGreaterThanOrEqual(band(300)[0]);
    expect(e.coverage).toBeLessThanOrEqual(band(300)[1]);
  });

  it('… and in a panel design where some participants never share a table, without duplicate deals', () => {
    const d = panelTableDesign();
    const r = tableCoverage(d, 30, 300, 2000);
    expect(r.intervals).toBe(150);
    expect(r.coverage).toBeGreaterThanOrEqual(band(150)[0]);
    expect(r.coverage).toBeLessThanOrEqual(band(150)[1]);
    expect(r.differenceIntervals).toBe(300);
    expect(r.differenceCoverage).toBeGreaterThanOrEqual(band(300)[0]);
  });
});
