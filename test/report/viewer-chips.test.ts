/**
 * The viewer's chips chart is measured from the starting stacks before antes and blinds: each
 * seat's line shows what it paid before the first decision (the ante of 1 in Kuhn poker, the blinds
 * in nlhe-short) and ends at the game's returns.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compileSource } from '../../src/compiler/index.js';
import { CHANCE } from '../../src/interpreter/api.js';
import { sampleChanceOutcome } from '../../src/interpreter/chance.js';
import { compileGame } from '../../src/interpreter/game.js';
import { buildReplay, recordReplay } from '../../src/eval/report/replay.js';
import { renderViewerHtml } from '../../src/eval/report/viewer.js';
import { rngFromKeys } from '../../src/util/rng.js';

/** Play a random game of `file` from `seed`; its replay's chart lines (per seat) and the returns. */
function chart(file: string, seed: number): { lines: number[][]; returns: number[] } {
  const source = readFileSync(file, 'utf8');
  const game = compileGame(compileSource(source).ir!);
  const rng = rngFromKeys(3, seed);
  const state = game.newInitialState();
  const history: { player: number; action: number }[] = [];
  while (!state.isTerminal()) {
    const p = state.currentPlayer();
    const legal = state.legalActions();
    // Never fold, so the games go to the showdown and move more chips.
    const calls = legal.filter((a) => state.actionToString(p, a) !== 'fold');
    const a = p === CHANCE ? sampleChanceOutcome(state, rng) : calls[Math.floor(rng() * calls.length)];
    history.push({ player: p, action: a });
    state.applyAction(a);
  }
  const html = renderViewerHtml(buildReplay(game, recordReplay(game, source, ['a', 'b'], history), 'all'));
  const lines = [...html.matchAll(/<polyline [^>]*data-values="([^"]*)"[^>]*><title>([^<]*)<\/title>/g)]
    .filter((m) => m[2].endsWith('(chips won)'))
    .map((m) => m[1].split(' ').map(Number));
  return { lines, returns: state.returns() };
}

describe('viewer chips chart', () => {
  it('Kuhn poker: each line starts at 0, falls to −1 with the ante, and ends at the returns', () => {
    for (let seed = 0; seed < 5; seed++) {
      const { lines, returns } = chart('examples/kuhn.gbg', seed);
      expect(lines).toHaveLength(2);
      expect(lines.map((l) => l[0])).toEqual([0, 0]);
      for (const l of lines) expect(l).toContain(-1);
      expect(lines.map((l) => l[l.length - 1])).toEqual(returns);
      expect(Math.abs(returns[0])).toBeGreaterThanOrEqual(1);
    }
  });

  it('nlhe-short: each line starts at the blind the seat posted and ends at the returns', () => {
    for (let seed = 0; seed < 5; seed++) {
      const { lines, returns } = chart('examples/nlhe-short.gbg', seed);
      expect(lines.map((l) => l[l.length - 1])).toEqual(returns);
      // The blinds are paid before the first decision: both lines start below 0, at different heights.
      expect(lines[0][0]).toBeLessThan(0);
      expect(lines[1][0]).toBeLessThan(0);
      expect(lines[0][0]).not.toBe(lines[1][0]);
    }
  });
});
