/**
 * The compact tree (`buildTree`: the undo walk, trie ids, key-trie information states, key
 * strings built at the end) against a plain reference builder kept here: a copy of the state per
 * child, `informationStateKey` per decision node interned in a map, `chanceOutcomes()` and
 * `returns()` as listed. Every array of the compact tree must be identical, on the examples whose
 * trees are small and on sampled games.
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadGame } from '../../src/cli/load.js';
import { CHANCE, compileGame, TERMINAL, type Game, type GameState } from '../../src/interpreter/index.js';
import { buildTree, estimateTreeSize, NODE_CHANCE, NODE_DECISION, NODE_TERMINAL, type GameTree } from '../../src/algorithms/tree.js';
import { sampleIR } from '../../src/sampler/index.js';
import { rngFromKeys } from '../../src/util/rng.js';
import { UserError } from '../../src/util/errors.js';

const examples = fileURLToPath(new URL('../../examples/', import.meta.url));

/** What the reference builder finds, in plain arrays, numbered as the module comment of `tree.ts` says. */
interface Reference {
  kind: number[];
  player: number[];
  /** Information state in order of discovery (before renumbering by seat). */
  infoset: number[];
  firstChild: number[];
  childCount: number[];
  action: number[];
  chanceProb: number[];
  returns0: number[];
  maxDepth: number;
  infosets: { seat: number; key: string; actions: number[]; labels: string[]; parent: number; parentAction: number }[];
}

/**
 * The reference: node ids reserved for all children of a node when it is expanded, children
 * expanded in order (depth first), each from its own copy of the state.
 */
function referenceTree(game: Game): Reference {
  const ref: Reference = {
    kind: [],
    player: [],
    infoset: [],
    firstChild: [],
    childCount: [],
    action: [-1],
    chanceProb: [1],
    returns0: [],
    maxDepth: 0,
    infosets: [],
  };
  const byKey = [new Map<string, number>(), new Map<string, number>()];
  let n = 1;
  const visit = (st: GameState, node: number, depth: number, last: [number, number][]): void => {
    ref.maxDepth = Math.max(ref.maxDepth, depth);
    const cp = st.currentPlayer();
    if (cp === TERMINAL) {
      ref.kind[node] = NODE_TERMINAL;
      ref.player[node] = -1;
      ref.infoset[node] = -1;
      ref.firstChild[node] = -1;
      ref.childCount[node] = 0;
      ref.returns0[node] = st.returns()[0];
      return;
    }
    ref.returns0[node] = 0;
    const first = n;
    if (cp === CHANCE) {
      const outcomes = st.chanceOutcomes();
      n += outcomes.length;
      ref.kind[node] = NODE_CHANCE;
      ref.player[node] = -1;
      ref.infoset[node] = -1;
      ref.firstChild[node] = first;
      ref.childCount[node] = outcomes.length;
      outcomes.forEach(([a, p], i) => {
        ref.action[first + i] = a;
        ref.chanceProb[first + i] = p;
      });
      outcomes.forEach(([a], i) => {
        const child = st.clone();
        child.applyAction(a);
        visit(child, first + i, depth + 1, last);
      });
      return;
    }
    const legal = st.legalActions();
    const key = st.informationStateKey(cp);
    let id = byKey[cp].get(key);
    if (id === undefined) {
      id = ref.infosets.length;
      byKey[cp].set(key, id);
      ref.infosets.push({ seat: cp, key, actions: legal, labels: legal.map((a) => st.actionToString(cp, a)), parent: last[cp][0], parentAction: last[cp][1] });
    }
    n += legal.length;
    ref.kind[node] = NODE_DECISION;
    ref.player[node] = cp;
    ref.infoset[node] = id;
    ref.firstChild[node] = first;
    ref.childCount[node] = legal.length;
    legal.forEach((a, i) => {
      ref.action[first + i] = a;
      ref.chanceProb[first + i] = 1;
    });
    legal.forEach((a, i) => {
      const child = st.clone();
      child.applyAction(a);
      const next: [number, number][] = [last[0], last[1]];
      next[cp] = [id, i];
      visit(child, first + i, depth + 1, next);
    });
  };
  visit(game.newInitialState(), 0, 0, [
    [-1, 0],
    [-1, 0],
  ]);
  return ref;
}

/** Every array of the compact tree equals the reference's, information states renumbered seat 0 first. */
function expectSameAsReference(tree: GameTree, ref: Reference): void {
  const numNodes = ref.kind.length;
  expect(tree.numNodes).toBe(numNodes);
  expect(Array.from(tree.kind)).toEqual(ref.kind);
  expect(Array.from(tree.player)).toEqual(ref.player);
  expect(Array.from(tree.firstChild)).toEqual(ref.firstChild);
  expect(Array.from(tree.childCount)).toEqual(ref.childCount);
  expect(Array.from(tree.action)).toEqual(ref.action);
  expect(Array.from(tree.chanceProb)).toEqual(ref.chanceProb);
  expect(Array.from(tree.returns0)).toEqual(ref.returns0);
  expect(tree.stats.maxDepth).toBe(ref.maxDepth);
  // Renumbering: seat 0's information states in order of discovery, then seat 1's.
  const order = [...ref.infosets.keys()].sort((a, b) => ref.infosets[a].seat - ref.infosets[b].seat || a - b);
  const newId = new Map(order.map((old, j) => [old, j]));
  expect(tree.numInfosets).toBe(ref.infosets.length);
  expect(tree.infosetsPerSeat).toEqual([0, 1].map((s) => ref.infosets.filter((i) => i.seat === s).length));
  expect(Array.from(tree.infoset)).toEqual(ref.infoset.map((i) => (i < 0 ? -1 : newId.get(i)!)));
  expect(Array.from(tree.infosetSeat)).toEqual(order.map((i) => ref.infosets[i].seat));
  expect([...tree.infosetKey]).toEqual(order.map((i) => ref.infosets[i].key));
  const slotActions: number[] = [];
  const slotLabels: string[] = [];
  const slotStart = [0];
  for (const i of order) {
    slotActions.push(...ref.infosets[i].actions);
    slotLabels.push(...ref.infosets[i].labels);
    slotStart.push(slotActions.length);
  }
  expect(Array.from(tree.slotStart)).toEqual(slotStart);
  expect(Array.from(tree.slotAction)).toEqual(slotActions);
  expect([...tree.slotLabel]).toEqual(slotLabels);
  expect(Array.from(tree.infosetParentSlot)).toEqual(
    order.map((i) => {
      const { parent, parentAction } = ref.infosets[i];
      return parent < 0 ? -1 : slotStart[newId.get(parent)!] + parentAction;
    }),
  );
  // Node lists: the decision nodes of each information state, ascending.
  const nodesOf: number[][] = order.map(() => []);
  for (let v = 0; v < numNodes; v++) if (ref.infoset[v] >= 0) nodesOf[newId.get(ref.infoset[v])!].push(v);
  expect(Array.from(tree.infosetNodes)).toEqual(nodesOf.flat());
  expect(Array.from(tree.infosetNodeStart)).toEqual([0, ...nodesOf.map((_, j) => nodesOf.slice(0, j + 1).reduce((s, l) => s + l.length, 0))]);
}

describe('compact tree against the reference builder', () => {
  it('is identical on Kuhn, Leduc, duel and genstrat-4643 (48,292 nodes, 3,545 information states)', () => {
    const seen: Record<string, [number, number]> = {};
    for (const name of ['kuhn', 'leduc', 'duel', 'genstrat-4643']) {
      const game = compileGame(loadGame(`${examples}${name}.gbg`).ir);
      const tree = buildTree(game);
      expectSameAsReference(tree, referenceTree(game));
      seen[name] = [tree.numNodes, tree.numInfosets];
    }
    expect(seen.kuhn).toEqual([58, 12]);
    expect(seen.leduc).toEqual([9457, 936]);
    expect(seen['genstrat-4643']).toEqual([48_292, 3545]);
  });

  it('is identical on sampled games whose trees have at most 30,000 nodes', () => {
    let compared = 0;
    for (const c of [0.3, 0.5, 0.7]) {
      for (let seed = 1; seed <= 12 && compared < 6; seed++) {
        const game = compileGame(sampleIR(seed, c, { builder: 'paper' }));
        // Knuth's estimate (seeded) screens out games far too large; the budget stops the rest.
        if (estimateTreeSize(game, rngFromKeys(seed), 200).histories > 60_000) continue;
        let tree: GameTree;
        try {
          tree = buildTree(game, { maxNodes: 30_000 });
        } catch (e) {
          // Over the budget, or not solvable exactly (imperfect recall, not zero-sum): not compared.
          if (e instanceof UserError) continue;
          throw e;
        }
        expectSameAsReference(tree, referenceTree(game));
        compared++;
      }
    }
    expect(compared).toBeGreaterThanOrEqual(4);
  });
});
