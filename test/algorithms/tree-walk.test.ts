/**
 * The flat game tree: the undo walk over the interpreter's states (trie ids, keys once per
 * information state) against the copying walk over any `GameState` (a key per node), on every
 * example and on sampled games; statistics; the size estimate and `gbgc tree --stats`.
 */
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadGame } from '../../src/cli/load.js';
import { compileGame, type Action, type GameState, type PlayerId } from '../../src/interpreter/index.js';
import {
  buildGameTree,
  buildTree,
  countWithinBudget,
  estimateTreeSize,
  treeBytesPerNode,
  TreeTooLargeError,
  treeStats,
  type GameTree,
} from '../../src/algorithms/tree.js';
import { sampleIR } from '../../src/sampler/index.js';
import { rngFromKeys } from '../../src/util/rng.js';
import { isTableExample } from '../support/table-examples.js';
import { KUHN_IR, LEDUC_IR } from '../fixtures/ir.js';

const examples = fileURLToPath(new URL('../../examples/', import.meta.url));

/** A `GameState` that is not an `InterpreterState`, so the builder takes its copying walk. */
class Wrapped implements GameState {
  constructor(private readonly s: GameState) {}
  currentPlayer(): PlayerId {
    return this.s.currentPlayer();
  }
  legalActions(): Action[] {
    return this.s.legalActions();
  }
  chanceOutcomes() {
    return this.s.chanceOutcomes();
  }
  applyAction(a: Action): void {
    this.s.applyAction(a);
  }
  clone(): Wrapped {
    return new Wrapped(this.s.clone());
  }
  isTerminal(): boolean {
    return this.s.isTerminal();
  }
  returns(): number[] {
    return this.s.returns();
  }
  informationStateKey(seat: number): string {
    return this.s.informationStateKey(seat);
  }
  observation(seat: number) {
    return this.s.observation(seat);
  }
  actionToString(p: PlayerId, a: Action): string {
    return this.s.actionToString(p, a);
  }
  chips() {
    return this.s.chips();
  }
}

function expectSameTree(a: GameTree, b: GameTree): void {
  expect(a.stats).toEqual(b.stats);
  expect(a.numNodes).toBe(b.numNodes);
  for (const k of ['kind', 'player', 'infoset', 'firstChild', 'childCount', 'action', 'chanceProb', 'returns0'] as const) {
    expect(a[k]).toEqual(b[k]);
  }
  expect(a.infosetsPerSeat).toEqual(b.infosetsPerSeat);
  for (const k of ['infosetSeat', 'slotStart', 'slotAction', 'infosetParentSlot', 'infosetNodeStart', 'infosetNodes'] as const) {
    expect(a[k]).toEqual(b[k]);
  }
  expect(a.infosetKey).toEqual(b.infosetKey);
  expect(a.slotLabel).toEqual(b.slotLabel);
  expect(a.defect).toBe(b.defect);
}

/**
 * Whether a tree may fit in `maxNodes`: false when Knuth's estimate (seeded) is over twice that,
 * so that a game far too large is not walked to 100,000 nodes only to learn it. The estimator
 * tends to underestimate, so a game it misjudges is still walked and refused by the budget.
 */
const mayFit = (game: { newInitialState(): GameState }, maxNodes = 100_000): boolean => estimateTreeSize(game, rngFromKeys(1), 256).histories <= 2 * maxNodes;

const both = (game: { newInitialState(): GameState }, maxNodes = 100_000): [GameTree, GameTree] => [
  buildGameTree(game, { maxNodes }),
  buildGameTree({ newInitialState: () => new Wrapped(game.newInitialState()) }, { maxNodes }),
];

describe('flat game tree', () => {
  it('the undo walk equals the copying walk (a key per node) on every example that fits 100,000 nodes', () => {
    const files = readdirSync(examples).filter((f) => f.endsWith('.gbg') && !isTableExample(f));
    const compared: string[] = [];
    for (const f of files) {
      const game = compileGame(loadGame(examples + f).ir);
      if (!mayFit(game)) continue;
      let trees: [GameTree, GameTree];
      try {
        trees = both(game);
      } catch (e) {
        if (e instanceof TreeTooLargeError) continue;
        throw e;
      }
      expectSameTree(trees[0], trees[1]);
      compared.push(f);
    }
    expect(compared).toEqual(expect.arrayContaining(['kuhn.gbg', 'leduc.gbg', 'genstrat-4643.gbg', 'duel.gbg']));
    expect(compared.length).toBe(4);
  });

  it('equals the copying walk on sampled games, whose trees fit in 100,000 nodes', () => {
    let compared = 0;
    for (const c of [0.3, 0.5]) {
      for (let seed = 1; seed <= 12 && compared < 4; seed++) {
        const game = compileGame(sampleIR(seed, c, { builder: 'paper' }));
        if (!mayFit(game)) continue;
        let trees: [GameTree, GameTree];
        try {
          trees = both(game, 100_000);
        } catch (e) {
          if (e instanceof TreeTooLargeError) continue;
          throw e;
        }
        expectSameTree(trees[0], trees[1]);
        compared++;
      }
    }
    expect(compared).toBeGreaterThanOrEqual(2);
  });

  it('counts Kuhn and Leduc as OpenSpiel does, at most 40 bytes per node', () => {
    const k = buildGameTree(compileGame(KUHN_IR));
    expect(k.stats).toEqual({ histories: 58, terminalHistories: 30, chanceNodes: 4, decisionNodes: 24, infoStates: [6, 6], maxDepth: 5 });
    const leduc = buildTree(compileGame(LEDUC_IR));
    expect(leduc.numNodes).toBe(9457);
    expect(treeBytesPerNode(leduc)).toBeLessThanOrEqual(40);
    const g = buildTree(compileGame(loadGame(examples + 'genstrat-4643.gbg').ir));
    expect(g.numNodes).toBe(48_292);
    expect(treeBytesPerNode(g)).toBeLessThanOrEqual(40);
  });

  it('counting only gives the same statistics as building', () => {
    const game = compileGame(LEDUC_IR);
    expect(treeStats(game)).toEqual(buildGameTree(game).stats);
    expect(() => treeStats(game, 9456)).toThrow(TreeTooLargeError);
    expect(() => buildGameTree(game, { maxNodes: 9456 })).toThrow(TreeTooLargeError);
  });
});

describe('tree size estimate', () => {
  it("Knuth's estimator is exact on a uniform tree and close on Leduc", () => {
    // Kuhn: every path has the same branching (3, 2, 2, then 2 or terminal), not quite uniform.
    const leduc = compileGame(LEDUC_IR);
    const e = estimateTreeSize(leduc, rngFromKeys(1), 4000);
    expect(Math.abs(e.histories - 9457)).toBeLessThan(4 * e.standardError + 1);
    expect(e.standardError).toBeGreaterThan(0);
    expect(e.probes).toBe(4000);
  });

  it('is a pure function of the random stream', () => {
    const g = compileGame(KUHN_IR);
    expect(estimateTreeSize(g, rngFromKeys(7), 50)).toEqual(estimateTreeSize(g, rngFromKeys(7), 50));
  });
});

describe('tree statistics within a budget (what gbgc tree --stats does)', () => {
  it('answers every sampled game, seeds 1–12 at c = 0.3, 0.5, 0.7, 1: an exact count or a refusal with an estimate', () => {
    // A small budget keeps the test fast; bench/tree.ts times the command's default budget.
    const maxNodes = 50_000;
    let counted = 0;
    let refused = 0;
    for (const c of [0.3, 0.5, 0.7, 1]) {
      for (let seed = 1; seed <= 12; seed++) {
        const game = compileGame(sampleIR(seed, c));
        const r = countWithinBudget(game, maxNodes, rngFromKeys(seed), 200);
        expect(r.estimate.probes).toBe(200);
        expect(r.estimate.histories).toBeGreaterThanOrEqual(1);
        expect(Number.isFinite(r.estimate.standardError)).toBe(true);
        if (r.kind === 'count') {
          counted++;
          expect(r.stats.histories).toBeLessThanOrEqual(maxNodes);
          expect(r.stats.histories).toBe(r.stats.terminalHistories + r.stats.chanceNodes + r.stats.decisionNodes);
        } else {
          refused++;
          expect(r.maxNodes).toBe(maxNodes);
          if (r.when === 'estimate') expect(r.estimate.histories).toBeGreaterThan(maxNodes);
        }
      }
    }
    expect(counted + refused).toBe(48);
    expect(refused).toBeGreaterThan(0);
  });
});
