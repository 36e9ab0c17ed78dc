/**
 * MCCFR and NashConv on more than two seats, on Kuhn poker for n seats written by hand on the
 * contract (`kuhn-n.ts`, OpenSpiel's `kuhn_poker(players=n)`): the n-seat best response against
 * OpenSpiel's documented NashConv of uniform play and against the two-seat best response of
 * `best-response.ts` on the compiled `examples/kuhn.gbg`; both samplings driving NashConv of
 * three-seat Kuhn down; `runMccfr`'s reports on three seats, exact and not estimated; the tree's
 * statistics (`gbgc tree`) on three seats, counted by hand, and its check of chip conservation.
 */
import { describe, expect, it } from 'vitest';
import { MccfrSolver } from '../../src/algorithms/mccfr.js';
import { runMccfr } from '../../src/algorithms/mccfr-run.js';
import { buildNSeatTree, nashConv, type NSeatInfoset } from '../../src/algorithms/nash-conv.js';
import { buildTree, treeStats, TreeTooLargeError } from '../../src/algorithms/tree.js';
import { CHANCE, type GameState } from '../../src/interpreter/api.js';
import { exploitability } from '../../src/algorithms/best-response.js';
import { policyFromFunction } from '../../src/algorithms/policy.js';
import { example } from '../interpreter/helpers.js';
import { kuhnN } from './kuhn-n.js';
import { compileSource } from '../../src/compiler/index.js';
import { compileAnyGame } from '../../src/interpreter/index.js';

/** Three-seat Kuhn written in the language, played by the table engine. */
const KUHN3 = `game "Kuhn for three" {
  players Ann, Ben, Cid
  stack 10 each
  deck { ranks J = 11, Q = 12, K = 13, A = 14; suits hearts }
  phase Deal {
    shuffle deck
    ante 1 each
    deal 1 to each
  }
  phase Betting {
    betting fixed { bet 1; raises at most 1; first Ann }
  }
  showdown high-card
}
`;

const uniform = (I: NSeatInfoset): number[] => I.actions.map(() => 1 / I.actions.length);

describe('NashConv on n seats (exact best response of every seat)', () => {
  it('uniform play in Kuhn: 11/12 on two seats, 2.0625 on three (OpenSpiel, tabular_best_response_mdp_test.cc)', () => {
    const two = nashConv(buildNSeatTree(kuhnN(2)), uniform);
    expect(two.nashConv).toBeCloseTo(11 / 12, 12);
    // Two-seat Kuhn under uniform play: seat 0 wins 1/8 (examples.test.ts derives it by hand).
    expect(two.values[0]).toBeCloseTo(1 / 8, 12);
    const three = nashConv(buildNSeatTree(kuhnN(3)), uniform);
    expect(three.nashConv).toBeCloseTo(2.0625, 12);
    expect(three.exploitability).toBeCloseTo(2.0625 / 3, 12);
    expect(three.values.reduce((a, b) => a + b, 0)).toBeCloseTo(0, 12);
  });

  it('on the compiled two-seat Kuhn it agrees with the two-seat best response (best-response.ts) for a trained profile', () => {
    const game = example('kuhn.gbg');
    const solver = new MccfrSolver(game, { seed: 4 });
    solver.run(300);
    const avg = (seat: number, key: string, n: number): number[] => {
      const p = solver.averageAt(seat, key);
      return p && p.length === n ? Array.from(p) : new Array<number>(n).fill(1 / n);
    };
    const tree = buildTree(game);
    const two = exploitability(
      tree,
      policyFromFunction(tree, (key, seat, actions) => avg(seat, key, actions.length)),
    );
    const nTree = buildNSeatTree(game);
    expect(nTree.infosets.length).toBe(12);
    const n = nashConv(nTree, (I) => avg(I.seat, I.key, I.actions.length));
    expect(two.nashConv).toBeGreaterThan(0.001);
    expect(n.nashConv).toBeCloseTo(two.nashConv, 12);
    expect(n.values[0]).toBeCloseTo(two.policyValues[0], 12);
    expect(n.bestResponseValues[1]).toBeCloseTo(two.bestResponseValues[1], 12);
  });
});

describe('MCCFR on three seats (Kuhn poker for 3: 617 histories, 48 information states)', () => {
  const game = kuhnN(3);
  const tree = buildNSeatTree(game);
  const uniformConv = nashConv(tree, uniform).nashConv;
  const conv = (solver: MccfrSolver): number => nashConv(tree, (I) => solver.averageAt(I.seat, I.key) ?? uniform(I)).nashConv;

  it.each([
    ['external', 0.03],
    ['outcome', 0.1],
  ] as const)('%s sampling: 15,000 iterations bring NashConv from 2.0625 (uniform) below %f', (sampling, bound) => {
    const solver = new MccfrSolver(game, { sampling, seed: 1 });
    expect(solver.tables).toHaveLength(3);
    solver.run(1000);
    const early = conv(solver);
    solver.run(14_000);
    const late = conv(solver);
    expect(solver.numInfosets).toBe(48);
    expect(late).toBeLessThan(bound);
    expect(late).toBeLessThan(early);
    expect(late).toBeLessThan(uniformConv / 20);
  });

  it('runMccfr reports every seat’s value and the exact NashConv when the tree fits, and says why not when it does not', () => {
    const exact = runMccfr(game, { iterations: 2000, reportEvery: 1000, seed: 2 });
    expect(exact.method).toBe('exact');
    expect(exact.reports).toHaveLength(2);
    const last = exact.reports[1];
    expect(last.values).toHaveLength(3);
    expect(last.values!.reduce((a, b) => a + b, 0)).toBeCloseTo(0, 10);
    expect(last.value).toBe(last.values![0]);
    expect(last.exploitability).toBeCloseTo(last.nashConv! / 3, 12);
    expect(last.nashConv).toBeCloseTo(conv(exact.solver), 12);
    expect(last.nashConv!).toBeLessThan(0.2);

    const sampled = runMccfr(game, { iterations: 500, reportEvery: 500, seed: 2, exactMaxNodes: 100, brSamples: 2000 });
    expect(sampled.method).toBe('none');
    const r = sampled.reports[0];
    expect(r.exploitability).toBeNaN();
    expect(r.nashConv).toBeUndefined();
    expect(r.notEstimated).toMatch(/NashConv not computed: the tree of this 3-seat game has more than 100 nodes/);
    expect(r.values).toHaveLength(3);
    expect(Math.abs(r.values!.reduce((a, b) => a + b, 0))).toBeLessThan(1e-9);
  });
});

describe('tree statistics on three seats (gbgc tree)', () => {
  it('counts three-seat Kuhn as derived by hand', () => {
    // Deals: 1 + 4 + 12 chance nodes, 24 deals. Per deal the betting tree has 25 nodes: '' (1), p/b (2),
    // pp/pb/bp/bb (4), then ppp ppb pbp pbb bpp bpb bbp bbb (8; ppp and the four after an opening bet
    // end), ppbp ppbb pbpp pbpb pbbp pbbb (6; the last four end), ppbpp … ppbbb (4, all end): 12
    // decisions and 13 terminals. Information states: each seat acts at 4 histories × 4 cards.
    expect(treeStats(kuhnN(3))).toEqual({
      histories: 1 + 4 + 12 + 24 * 25,
      terminalHistories: 24 * 13,
      chanceNodes: 17,
      decisionNodes: 24 * 12,
      infoStates: [16, 16, 16],
      maxDepth: 3 + 5,
    });
    expect(() => treeStats(kuhnN(3), 600)).toThrow(TreeTooLargeError);
  });

  it('stops at a terminal whose returns do not sum to 0 (chips not conserved)', () => {
    const leaky = kuhnN(3);
    const make = leaky.newInitialState.bind(leaky);
    const wrap = (s: GameState): GameState =>
      Object.assign(Object.create(s) as GameState, {
        clone: () => wrap(s.clone()),
        returns: () => (s.isTerminal() ? s.returns().map((r, i) => (i === 0 ? r + 1 : r)) : s.returns()),
      });
    const game = { ...leaky, newInitialState: () => wrap(make()) };
    expect(game.newInitialState().currentPlayer()).toBe(CHANCE);
    expect(() => treeStats(game)).toThrow(/do not sum to 0: chips are not conserved/);
  });
});

describe('three-seat Kuhn written in the language (the table engine)', () => {
  const game = compileAnyGame(compileSource(KUHN3).ir!);

  it('has the hand-written game’s tree and OpenSpiel’s NashConv of uniform play (2.0625)', () => {
    expect(game.numSeats).toBe(3);
    expect(treeStats(game)).toEqual(treeStats(kuhnN(3)));
    expect(nashConv(buildNSeatTree(game), uniform).nashConv).toBeCloseTo(2.0625, 12);
  });

  it('MCCFR (external sampling) drives its NashConv down as on the hand-written game', () => {
    const run = runMccfr(game, { iterations: 4000, reportEvery: 2000, seed: 0 });
    expect(run.method).toBe('exact');
    expect(run.reports[1].nashConv!).toBeLessThan(0.1);
    expect(run.reports[1].nashConv!).toBeLessThan(run.reports[0].nashConv!);
  });
});
