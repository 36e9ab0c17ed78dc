/**
 * The wall-clock budget of MCCFR (`gbgc solve --method mccfr --seconds S`) bounds the whole run,
 * the exact tree's walk included: tested with an injected clock, so no test depends on the speed
 * of the machine. Leduc's tree has 9,457 nodes, so its walk asks its `stop` at 4,096 and 8,192 nodes.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compileSource } from '../../src/compiler/index.js';
import { compileGame } from '../../src/interpreter/index.js';
import { runMccfr, TREE_SHARE } from '../../src/algorithms/mccfr-run.js';
import { buildTree, STOP_CHECK_NODES, TreeWalkStopped } from '../../src/algorithms/tree.js';
import { buildNSeatTree } from '../../src/algorithms/nash-conv.js';
import { kuhnN } from './kuhn-n.js';

const leduc = compileGame(compileSource(readFileSync('examples/leduc.gbg', 'utf8')).ir!);

/** A clock that moves `stepMs` forward at every reading, counting its readings. */
function steppingClock(stepMs: number): { now: () => number; readings: () => number } {
  let t = 0;
  let n = 0;
  return { now: () => (n++, (t += stepMs)), readings: () => n };
}

describe('the tree walk asks its stop every STOP_CHECK_NODES nodes', () => {
  it('Leduc (9,457 nodes): twice when it lets the walk go on; once, and no tree, when it stops it', () => {
    expect(STOP_CHECK_NODES).toBe(4096);
    let asked = 0;
    const tree = buildTree(leduc, { estimateFirst: false, stop: () => (asked++, false) });
    expect(tree.numNodes).toBe(9457);
    expect(asked).toBe(2);
    asked = 0;
    expect(() => buildTree(leduc, { estimateFirst: false, stop: () => (asked++, true) })).toThrow(TreeWalkStopped);
    expect(asked).toBe(1);
  });

  it('the n-seat walk too (four-seat Kuhn, 7,886 nodes: once)', () => {
    const game = kuhnN(4);
    let asked = 0;
    expect(buildNSeatTree(game, 2_000_000, () => (asked++, false)).numNodes).toBe(7886);
    expect(asked).toBe(1);
    expect(() => buildNSeatTree(game, 2_000_000, () => true)).toThrow(TreeWalkStopped);
  });
});

describe('runMccfr under a wall-clock budget (injected clock)', () => {
  it(`abandons the exact tree once its walk passes ${TREE_SHARE * 100} % of the budget, then samples`, () => {
    // Every reading of the clock is a second later: the walk's first stop (4,096 nodes) finds the
    // budget's half gone, one iteration passes 80 % of it, the evaluation's first deadline check fails.
    const clock = steppingClock(1000);
    const trees: boolean[] = [];
    const run = runMccfr(leduc, { wallSeconds: 2, now: clock.now, onTree: (fits) => trees.push(fits) });
    expect(trees).toEqual([false]);
    expect(run.method).toBe('sampled-best-response');
    expect(run.tree).toBeUndefined();
    expect(run.reports.map((r) => [r.iterations, r.brSamples])).toEqual([[1, 0]]);
    expect(run.reports[0].exploitability).toBeNaN();
    // The whole run read the clock a handful of times: nothing ran unchecked.
    expect(clock.readings()).toBeLessThan(12);
  });

  it('keeps the exact tree when its walk ends within the budget', () => {
    const clock = steppingClock(0);
    const run = runMccfr(leduc, { wallSeconds: 2, iterations: 3, now: clock.now });
    expect(run.method).toBe('exact');
    expect(run.tree?.numNodes).toBe(9457);
    expect(run.reports.map((r) => [r.iterations, r.brSamples])).toEqual([[3, undefined]]);
  });
});
