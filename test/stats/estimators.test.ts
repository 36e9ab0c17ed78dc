import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  analyze,
  axisMatrix,
  bcPercentileInterval,
  benjaminiHochberg,
  bradleyTerry,
  compositeComplexity,
  decompose,
  fitAlpha,
  fitPerGame,
  jaggednessPoint,
  kendallTau,
  neighbours,
  parseAxesJsonl,
  plantedTable,
  prepareSlots,
  rankStability,
  reasoningAblation,
  varianceDecomposition,
  type SlotRow,
} from '../../src/eval/stats/index.js';

const noiseless = plantedTable({
  alpha: [1.2, 0.4, -0.1, -1.5],
  games: 6,
  runs: 2,
  pairsPerGame: 'all',
  axes: 2,
  slopes: [
    [0.5, 0],
    [0, 0.3],
    [-0.5, 0],
    [0, -0.3],
  ],
  stakes: [0, 0],
  seatEffect: 2,
  seed: 5,
});

describe('α̂ (GENSTRAT v2 §6)', () => {
  it('recovers noiseless planted strengths exactly (seat effects cancel in seat-swapped runs)', () => {
    const p = prepareSlots(noiseless.rows, noiseless.models);
    const fit = fitAlpha(p, { B: 0 });
    // With per-game effects the overall truth is the mean of the per-game truths (every pair on every game, equal weight).
    const truth = noiseless.alphaMG.map((r) => r.reduce((s, x) => s + x, 0) / r.length);
    fit.alpha.forEach((a, m) => expect(a).toBeCloseTo(truth[m], 10));
    const pg = fitPerGame(p);
    pg.alpha.forEach((row, m) => row.forEach((a, g) => expect(a).toBeCloseTo(noiseless.alphaMG[m][g], 10)));
  });

  it('on a hand-made table: A beats B by 4, B beats C by 2, A beats C by 6 → α = (10/3, −2/3, −8/3)', () => {
    const rows: SlotRow[] = [
      { game: 'g', run: 1, seats: ['A', 'B'], returns: [2, -2] },
      { game: 'g', run: 1, seats: ['B', 'A'], returns: [-2, 2] },
      { game: 'g', run: 2, seats: ['B', 'C'], returns: [1, -1] },
      { game: 'g', run: 2, seats: ['C', 'B'], returns: [-1, 1] },
      { game: 'g', run: 3, seats: ['A', 'C'], returns: [3, -3] },
      { game: 'g', run: 3, seats: ['C', 'A'], returns: [-3, 3] },
    ];
    const fit = fitAlpha(prepareSlots(rows), { B: 0 });
    expect(fit.alpha[0]).toBeCloseTo(10 / 3, 12);
    expect(fit.alpha[1]).toBeCloseTo(-2 / 3, 12);
    expect(fit.alpha[2]).toBeCloseTo(-8 / 3, 12);
  });

  it('sums to zero, and is unchanged when every slot is written from the other seat (property)', () => {
    const row = fc.record({
      game: fc.constantFrom('g1', 'g2'),
      run: fc.integer({ min: 0, max: 5 }),
      pair: fc.constantFrom(['a', 'b'], ['b', 'c'], ['a', 'c'], ['c', 'd'], ['a', 'd']),
      y: fc.double({ min: -20, max: 20, noNaN: true }),
    });
    fc.assert(
      fc.property(fc.array(row, { minLength: 1, maxLength: 30 }), (rs) => {
        const rows: SlotRow[] = [
          { game: 'g1', run: 99, seats: ['a', 'b'], returns: [0, 0] },
          { game: 'g1', run: 99, seats: ['b', 'c'], returns: [0, 0] },
          { game: 'g1', run: 99, seats: ['c', 'd'], returns: [0, 0] },
          ...rs.map((r) => ({ game: r.game, run: r.run, seats: r.pair as [string, string], returns: [r.y / 2, -r.y / 2] as [number, number] })),
        ];
        const a = fitAlpha(prepareSlots(rows), { B: 0 }).alpha;
        const flipped = rows.map((r) => ({
          ...r,
          seats: [r.seats[1], r.seats[0]] as [string, string],
          returns: [r.returns[1], r.returns[0]] as [number, number],
        }));
        const b = fitAlpha(prepareSlots(flipped), { B: 0 }).alpha;
        expect(Math.abs(a.reduce((s, x) => s + x, 0))).toBeLessThan(1e-9);
        a.forEach((x, m) => expect(x).toBeCloseTo(b[m], 9));
      }),
      { numRuns: 60 },
    );
  });

  it('refuses a comparison graph in two pieces', () => {
    const rows: SlotRow[] = [
      { game: 'g', run: 1, seats: ['A', 'B'], returns: [1, -1] },
      { game: 'g', run: 1, seats: ['C', 'D'], returns: [1, -1] },
    ];
    expect(() => fitAlpha(prepareSlots(rows), { B: 0 })).toThrow(/not identified/);
  });

  it('rejects malformed rows with the row number', () => {
    expect(() => prepareSlots([{ game: 'g', run: 1, seats: ['A', 'B'], returns: [1, NaN] } as SlotRow])).toThrow(/slot row 1: returns/);
  });

  it('bootstrap is reproducible for a seed and its interval contains the estimate', () => {
    const t = plantedTable({ alpha: [1, 0, -1], games: 4, runs: 5, pairsPerGame: 'all', axes: 1, seed: 2 });
    const p = prepareSlots(t.rows);
    const a = fitAlpha(p, { B: 200, seed: 9 });
    const b = fitAlpha(p, { B: 200, seed: 9 });
    expect(a.ci).toEqual(b.ci);
    a.alpha.forEach((x, m) => expect(a.ci[m].lo <= x && x <= a.ci[m].hi).toBe(true));
  });
});

describe('helpers', () => {
  it('Benjamini–Hochberg adjusts as in the 1995 step-up rule', () => {
    const q = benjaminiHochberg([0.01, 0.04, 0.03, 0.005]);
    expect(q[0]).toBeCloseTo(0.02, 12);
    expect(q[1]).toBeCloseTo(0.04, 12);
    expect(q[2]).toBeCloseTo(0.04, 12);
    expect(q[3]).toBeCloseTo(0.02, 12);
  });

  it('Kendall τ-b on known orders', () => {
    expect(kendallTau([1, 2, 3, 4], [1, 2, 3, 4])).toBe(1);
    expect(kendallTau([1, 2, 3, 4], [4, 3, 2, 1])).toBe(-1);
    expect(kendallTau([1, 2, 3, 4], [1, 3, 2, 4])).toBeCloseTo(4 / 6, 12);
  });

  it("the BC interval equals the percentile interval when the estimate is the replicates' median, and shifts with z₀", () => {
    const reps = Array.from({ length: 1001 }, (_, k) => k / 1000);
    const c = bcPercentileInterval(0.5, reps);
    expect(c.z0).toBeCloseTo(0, 6);
    expect(c.lo).toBeCloseTo(0.025, 3);
    expect(c.hi).toBeCloseTo(0.975, 3);
    const s = bcPercentileInterval(0.3, reps); // replicates sit above the estimate → interval moves down
    expect(s.z0).toBeLessThan(0);
    expect(s.hi).toBeLessThan(0.975);
  });

  it('axes JSONL errors name the line', () => {
    expect(() => parseAxesJsonl('{"game":"a","axes":{"x":1}}\n{"game":"b"}\n', 'ax.jsonl')).toThrow(/ax.jsonl:2: a record needs an 'axes' object/);
    expect(parseAxesJsonl('{"rulesetHash":"h","axes":{"x":2}}\n')).toEqual([{ game: 'h', axes: { x: 2 } }]);
  });
});

describe('variance decomposition (App. G)', () => {
  it('splits a known matrix into row main effect and interaction', () => {
    // rows m: [1, 1], [-1, -1] → σ²_M = 1, no interaction; add ±0.5 interaction.
    const d = decompose(
      [
        [1.5, 0.5],
        [-1.5, -0.5],
      ],
      2,
      2,
    );
    expect(d.sigma2M).toBeCloseTo(1, 12);
    expect(d.sigma2MG).toBeCloseTo(0.25, 12);
    expect(d.ratio).toBeCloseTo(0.25, 12);
  });

  it('within-cell bootstrap of a noiseless table reproduces the point values', () => {
    const p = prepareSlots(noiseless.rows, noiseless.models);
    const pg = fitPerGame(p);
    const v = varianceDecomposition(p, pg.alpha, 50, 1);
    expect(v.sigma2M.ci.lo).toBeCloseTo(v.sigma2M.estimate, 9);
    expect(v.sigma2MG.ci.hi).toBeCloseTo(v.sigma2MG.estimate, 9);
    expect(v.cells).toBe(24);
  });
});

describe('robustness (App. H, I)', () => {
  it('Bradley–Terry recovers log-odds: A wins 3 of 4 against B → θ_A − θ_B ≈ ln 3', () => {
    const rows: SlotRow[] = [];
    for (let k = 0; k < 400; k++)
      rows.push({ game: 'g', run: k, seats: k % 2 ? ['A', 'B'] : ['B', 'A'], returns: (k % 4 === 0) === (k % 2 === 1) ? [-1, 1] : [1, -1] });
    // Seat-0 wins when the condition fails; count A's wins directly for the expectation.
    const p = prepareSlots(rows);
    const bt = bradleyTerry(p, [1, -1]);
    const winsA = bt.wins[0];
    const expected = Math.log(winsA / (400 - winsA));
    expect(bt.score[0] - bt.score[1]).toBeCloseTo(expected, 2);
  });

  it('composite complexity: PC1 of a rank-one slope matrix is its direction, signed to sum positive', () => {
    const dir = [0.6, 0.8];
    const slopes = [2, 1, -1, -2].map((c) => dir.map((d) => -c * d));
    const cc = compositeComplexity(['x', 'y'], slopes, [
      [1, 0],
      [0, 1],
      [-1, -1],
      [2, 2],
      [0, 0],
      [-2, 0],
    ]);
    expect(cc.weights[0]).toBeCloseTo(0.6, 9);
    expect(cc.weights[1]).toBeCloseTo(0.8, 9);
    expect(cc.explained).toBeCloseTo(1, 9);
    expect(cc.tertile.filter((t) => t === 0)).toHaveLength(2);
    expect(cc.tertile[3]).toBe(2); // the largest score is in the top tertile
  });
});

describe('local jaggedness (§8, App. N)', () => {
  it('neighbours on min-max normalised axes and J_m on a known z pattern', () => {
    const raw = [[0], [1], [2], [10], [11], [12]];
    const nb = neighbours(raw, 2);
    expect(nb[0]).toEqual([1, 2]);
    expect(nb[4]).toEqual([3, 5]);
    // Model 0 smooth (z = 0 everywhere), model 1 alternating ±1 inside each cluster.
    const z = [
      [0, 0, 0, 0, 0, 0],
      [1, -1, 1, -1, 1, -1],
    ];
    const J = jaggednessPoint(2, 6, [0, 0], (m, g) => z[m][g], [1, 1, 1, 1, 1, 1], nb);
    expect(J[0]).toBe(0);
    // Every neighbourhood holds two of one sign and one of the other: population SD √(8/9).
    expect(J[1]).toBeCloseTo(Math.sqrt(8 / 9), 12);
  });
});

describe('rank stability (App. P)', () => {
  it('counts reversals against the overall order and gives E, V from the bootstrap spread', () => {
    const alpha = [1, 0, -1];
    const alphaMG = [[1], [-1], [0]]; // on the game, 2 beats 1: one reversal
    const reps = Array.from({ length: 400 }, (_, r) => {
      const e = (r % 2 ? 1 : -1) * 0.5;
      return { alpha: new Float64Array(alpha), alphaGame: new Float64Array([1 + e, -1 - e, 0 + e]), sigma: [1] };
    });
    const rs = rankStability(['a', 'b', 'c'], ['g'], alpha, alphaMG, reps);
    expect(rs.perGame[0].observed).toBe(1);
    expect(rs.perGame[0].pairs).toBe(3);
    expect(rs.perGame[0].expected).toBeGreaterThan(0);
    expect(rs.cells).toHaveLength(1);
    expect(rs.cells[0].winner).toBe('c');
  });
});

describe('reasoning ablation (§9)', () => {
  it('pairs sibling slots by game, run, anchor and seat and gives Δ = mean(high − low)', () => {
    const rows: SlotRow[] = [];
    for (let g = 0; g < 6; g++)
      for (let r = 0; r < 4; r++)
        for (const seat of [0, 1] as const) {
          const luck = ((g * 7 + r * 3 + seat) % 5) - 2;
          const mk = (who: string, edge: number): SlotRow => {
            const mine = (edge + luck) / 2;
            return { game: `g${g}`, run: r, seats: seat === 0 ? [who, 'anchor'] : ['anchor', who], returns: seat === 0 ? [mine, -mine] : [-mine, mine] };
          };
          rows.push(mk('low', 0), mk('high', 1));
        }
    const a = reasoningAblation(rows, 'low', 'high', { B: 300 });
    expect(a.pooled.pairs).toBe(48);
    expect(a.pooled.delta).toBeCloseTo(1, 12);
    expect(a.pooled.ci.lo).toBeCloseTo(1, 12); // luck cancels within sibling pairs
    expect(a.perAnchor.map((c) => c.anchor)).toEqual(['anchor']);
  });
});

describe('analyze', () => {
  it('runs every estimator on a planted table and ranks the planted order', () => {
    const t = plantedTable({ alpha: [2, 1, 0, -1, -2], games: 12, runs: 6, pairsPerGame: 'all', axes: 3, jaggedness: [0, 0.02, 0.04, 0.08, 0.16], seed: 11 });
    const e = analyze(t.rows, { axes: t.axes, B: 200, Bsecondary: 100 });
    expect(e.leaderboard.map((r) => r.participant)).toEqual(t.models);
    expect(e.profiles!.table).toHaveLength(15);
    expect(e.jaggedness!.J[4]).toBeGreaterThan(e.jaggedness!.J[0]);
    expect(axisMatrix(e.meta.games, t.axes).names).toEqual(['axis1', 'axis2', 'axis3']);
  });
});
