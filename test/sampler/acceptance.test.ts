/**
 * The acceptance filter: probes, measured figures on hand-written games with known probabilities,
 * the checks of both presets, and the acceptance rate of the generator.
 */
import { describe, expect, it } from 'vitest';
import type { GameIR } from '../../src/ir/schema.js';
import { compileGame, CHANCE, sampleChanceOutcome, episodeRng } from '../../src/interpreter/index.js';
import { l0Player as randomAgent } from '../../src/algorithms/l0.js';
import { acceptance, filterOptions, instrument, judge, measure, sampleIR, FILTER_PRESETS, type AcceptanceFigures } from '../../src/sampler/index.js';
import { KUHN_IR } from '../fixtures/ir.js';

const A = { kind: 'seat' as const, seat: 0 };
const B = { kind: 'seat' as const, seat: 1 };

/**
 * Kuhn with four extra phases: a public check on Alice holding the K (1/3) that calls a
 * sub-phase, else a payment; a private check that can never hold (no card is above 20); an
 * `events` block whose first item never holds (the pot never exceeds 100) and whose second
 * holds when Bob has the J (1/3).
 */
const PROBED: GameIR = {
  ...KUHN_IR,
  name: 'Probed Kuhn',
  phases: [
    KUHN_IR.phases[0]!,
    KUHN_IR.phases[1]!,
    {
      name: 'Check',
      steps: [
        {
          kind: 'if',
          branches: [{ cond: { kind: 'has', seat: A, ranks: [2] }, check: 'public', steps: [{ kind: 'call', phase: 'Bonus' }] }],
          otherwise: [{ kind: 'pay', amount: 1, from: A, to: B }],
        },
      ],
    },
    {
      name: 'Never',
      steps: [
        {
          kind: 'if',
          branches: [
            {
              cond: { kind: 'cmp', op: '>', left: { kind: 'highest', seat: A }, right: { kind: 'int', value: 20 } },
              check: 'private',
              steps: [{ kind: 'pay', amount: 1, from: B, to: A }],
            },
          ],
          otherwise: [],
        },
      ],
    },
    {
      name: 'Twists',
      steps: [
        {
          kind: 'triggers',
          items: [
            {
              cond: { kind: 'cmp', op: '>', left: { kind: 'pot' }, right: { kind: 'int', value: 100 } },
              check: 'public',
              steps: [{ kind: 'pay', amount: 1, from: A, to: { kind: 'pot' } }],
            },
            { cond: { kind: 'has', seat: B, ranks: [0] }, check: 'private', steps: [{ kind: 'reveal', seat: 1, what: 'random' }] },
          ],
        },
      ],
    },
    KUHN_IR.phases[2]!,
  ],
  subphases: [{ name: 'Bonus', steps: [{ kind: 'pay', amount: 1, from: B, to: A }] }],
};

/** Play one uniform-random episode; its returns and each seat's moves. */
function episode(ir: GameIR, seed: number, i: number): [number, number, number] {
  const game = compileGame(ir);
  const rng = episodeRng(seed, i);
  const s = game.newInitialState();
  while (!s.isTerminal()) {
    const p = s.currentPlayer();
    s.applyAction(p === CHANCE ? sampleChanceOutcome(s, rng) : (randomAgent.act(s, p, rng) as number));
  }
  return [s.returns()[0], s.moves(0), s.moves(1)];
}

describe('probes', () => {
  it('count every phase, sub-phase and branch with its own counter', () => {
    const p = instrument(PROBED);
    expect(p.phases.map((x) => [x.name, x.sub])).toEqual([
      ['Setup', false],
      ['Ante', false],
      ['Check', false],
      ['Never', false],
      ['Twists', false],
      ['Betting', false],
      ['Bonus', true],
    ]);
    expect(p.branches.map((b) => b.label)).toEqual([
      'Check: if 1, branch 1',
      'Check: if 1, else',
      'Never: if 1, branch 1',
      'Twists: events 1, item 1',
      'Twists: events 1, item 2',
    ]);
    expect(new Set(p.ir.variables.map((v) => v.name)).size).toBe(p.ir.variables.length);
  });

  it('play exactly like the original game under uniform random play', () => {
    const probed = instrument(PROBED).ir;
    for (let i = 0; i < 200; i++) expect(episode(probed, 3, i)).toEqual(episode(PROBED, 3, i));
  });
});

describe('measure', () => {
  const f = measure(PROBED, 2000, 1);
  // 2,000 episodes: a rate of 1/3 has a standard error of 0.0105; the tolerance is 4 of them.
  const near = (x: number, p: number) => expect(Math.abs(x - p)).toBeLessThan(0.042);

  it('counts phases that fire, sub-phases when called', () => {
    for (const name of ['Setup', 'Ante', 'Check', 'Never', 'Twists', 'Betting']) expect(f.phaseFireRates[name]).toBe(1);
    near(f.phaseFireRates.Bonus!, 1 / 3);
  });

  it('measures how often each branch runs and how often its condition holds', () => {
    const by = Object.fromEntries(f.branches.map((b) => [b.label, b]));
    near(by['Check: if 1, branch 1']!.fireRate, 1 / 3);
    near(by['Check: if 1, branch 1']!.holdRate!, 1 / 3);
    near(by['Check: if 1, else']!.fireRate, 2 / 3);
    expect(by['Check: if 1, else']!.holdRate).toBeNull();
    expect(by['Never: if 1, branch 1']).toEqual({ label: 'Never: if 1, branch 1', fireRate: 0, holdRate: 0 });
    expect(by['Twists: events 1, item 1']!.fireRate).toBe(0);
    near(by['Twists: events 1, item 2']!.holdRate!, 1 / 3);
  });

  it("measures Kuhn's moves per seat under random play (exactly 1.25 and 1 in expectation)", () => {
    near(f.movesPerSeat[0], 1.25);
    near(f.movesPerSeat[1], 1);
    expect(f.episodes).toBe(2000);
  });
});

describe('the checks', () => {
  it('v2 rejects the probed game for its dead branches (2 of 5), and names them', () => {
    const r = acceptance(PROBED);
    expect(r.accepted).toBe(false);
    const dead = r.checks.find((c) => c.name === 'dead-branches')!;
    expect(dead).toMatchObject({ value: 0.4, threshold: 0.34, pass: false, detail: ['Never: if 1, branch 1', 'Twists: events 1, item 1'] });
    expect(r.checks.map((c) => [c.name, c.pass])).toEqual([
      ['moves', true],
      ['rare-phases', true],
      ['dead-branches', false],
      ['degenerate', false],
    ]);
  });

  it('the degenerate check counts what the compiler checks flag: both private checks give themselves away (W0105)', () => {
    const r = acceptance(PROBED);
    const d = r.checks.find((c) => c.name === 'degenerate')!;
    expect(d).toMatchObject({ value: 2, threshold: 0, pass: false });
    expect(d.detail.map((x) => x.slice(0, 5))).toEqual(['W0105', 'W0105']);
    // Warnings passed in (a source compiled with `// gbgc-allow` lines) replace the IR's own.
    expect(acceptance(PROBED, filterOptions('v2', {}, 200), []).checks.find((c) => c.name === 'degenerate')).toMatchObject({ value: 0, pass: true });
    expect(acceptance(KUHN_IR, filterOptions('v2', {}, 200)).checks.find((c) => c.name === 'degenerate')).toMatchObject({ value: 0, pass: true });
  });

  it('v1 also finds two extreme conditions of four, and passes it with relaxed thresholds', () => {
    const r = acceptance(PROBED, filterOptions('v1'));
    expect(r.checks.map((c) => c.name)).toEqual(['moves', 'seat-balance', 'extreme-conditions', 'rare-phases', 'dead-branches', 'degenerate']);
    expect(r.checks.find((c) => c.name === 'extreme-conditions')).toMatchObject({ value: 0.5, threshold: 0.4, pass: false });
    const relaxed = acceptance(PROBED, filterOptions('v1', { maxExtremeConditions: 0.5, maxDeadBranches: 0.4, maxWarnings: null }));
    expect(relaxed.accepted).toBe(true);
  });

  it('judges figures against thresholds: rare phases, moves and seat balance', () => {
    const figures: AcceptanceFigures = {
      episodes: 100,
      movesPerSeat: [11, 10],
      phaseFireRates: { A: 1, B: 0.04, C: 0.049, D: 0.05, E: 0.5 },
      branches: [],
      decided: 80,
      winShare: [0.7, 0.3],
    };
    const r = judge(figures, FILTER_PRESETS.v1);
    const by = Object.fromEntries(r.checks.map((c) => [c.name, c]));
    expect(by.moves).toMatchObject({ value: 10.5, threshold: 10, pass: false });
    expect(by['rare-phases']).toMatchObject({ value: 0.4, threshold: 0.2, pass: false, detail: ['B (4.0%)', 'C (4.9%)'] });
    expect(by['seat-balance']).toMatchObject({ value: 0.7, threshold: 0.65, pass: false });
    expect(by['dead-branches']).toMatchObject({ value: 0, pass: true });
    expect(judge(figures, { ...FILTER_PRESETS.v2, maxMovesPerPlayer: 11, maxRarePhases: 0.4 }).accepted).toBe(true);
  });
});

describe('acceptance rate of the generator (v2 filter)', () => {
  it('accepts at least 1 candidate in 2 at c = 0 (Kuhn-like games; 30 candidates)', () => {
    let accepted = 0;
    for (let seed = 0; seed < 30; seed++) if (acceptance(sampleIR(seed, 0)).accepted) accepted++;
    expect(accepted / 30).toBeGreaterThanOrEqual(0.5);
  });
  it('at c = 1 the default graph builder proposes what the filter rejects (at most 3 of 12 candidates pass), the paper builder of version 3 hardly (at least 9 of 12)', () => {
    const passed = (builder: 'graph' | 'paper') =>
      Array.from({ length: 12 }, (_, seed) => acceptance(sampleIR(seed, 1, { builder })).accepted).filter(Boolean).length;
    expect(passed('graph')).toBeLessThanOrEqual(3);
    expect(passed('paper')).toBeGreaterThanOrEqual(9);
  });
});
