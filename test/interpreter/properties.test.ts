/**
 * Property tests (fast-check) over random seeds and random legal action sequences, for every
 * game in {@link GAMES} (the two reference fixtures and every `examples/*.gbg`): chip
 * conservation, zero-sum returns, termination within the tree's depth and determinism of the
 * event log. What a seat may see is tested over the same games in `visibility.test.ts`.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compileSource } from '../../src/compiler/index.js';
import fc from 'fast-check';
import type { GameIR } from '../../src/ir/schema.js';
import { compileGame, episodeRng, type CompiledGame } from '../../src/interpreter/index.js';
import { estimateTreeSize, playEpisode, treeStats, TreeTooLargeError } from '../../src/algorithms/index.js';
import { rngFromKeys } from '../../src/util/rng.js';
import { l0Player as randomAgent } from '../../src/algorithms/l0.js';
import { KUHN_IR, LEDUC_IR } from '../fixtures/ir.js';
import { exampleIRs, playChoices } from './helpers.js';

/** A game whose stakes follow conditions on its public board (`highest`, `lowest`, `board has K`). */
const BOARD_IR = compileSource(readFileSync(new URL('../fixtures/games/board-conditions.gbg', import.meta.url), 'utf8')).ir!;

/** A game whose payments are expressions (`pay 2 * round + stake from Alice to pot`, `pay highest(board) * size(board) from pot to Alice`). */
const EXPR_AMOUNTS_IR = compileSource(readFileSync(new URL('../fixtures/games/expr-amounts.gbg', import.meta.url), 'utf8')).ir!;

/** A game whose option costs are expressions (`option raise cost 2 * round + fee`, a chance cost `pot - 1 at 50%`, a private choice). */
const EXPR_COSTS_IR = compileSource(readFileSync(new URL('../fixtures/games/expr-costs.gbg', import.meta.url), 'utf8')).ir!;

/** The games under test: the fixtures and every example (new examples are picked up automatically). */
const GAMES: [string, GameIR][] = [
  ['fixture Kuhn', KUHN_IR],
  ['fixture Leduc', LEDUC_IR],
  ['fixture board-conditions', BOARD_IR],
  ['fixture expr-amounts', EXPR_AMOUNTS_IR],
  ['fixture expr-costs', EXPR_COSTS_IR],
  ...exampleIRs().map((e): [string, GameIR] => [e.file, e.ir]),
];

const choices = fc.array(fc.nat({ max: 1 << 20 }), { maxLength: 80 });
const seeds = fc.integer({ min: 0, max: 2 ** 31 - 1 });

/** Histories enumerated to find the exact maximum depth; larger games get {@link LARGE_GAME_DEPTH}. */
const TREE_BUDGET = 300_000;
/** A bound on any episode of a game too large to enumerate (every loop is bounded, so episodes are short). */
const LARGE_GAME_DEPTH = 1_000;

/**
 * The longest history: from the tree when it is small enough to enumerate, else a generous bound.
 * A game whose estimated size (Knuth's estimator, seeded) is over twice the budget is not
 * enumerated: walking 300,000 histories only to learn that there are more costs seconds per game.
 * The estimator tends to underestimate, so a game it misjudges is enumerated and still bounded.
 */
function depthBound(game: CompiledGame): number {
  if (estimateTreeSize(game, rngFromKeys(1), 256).histories > 2 * TREE_BUDGET) return LARGE_GAME_DEPTH;
  try {
    return treeStats(game, TREE_BUDGET).maxDepth;
  } catch (e) {
    if (e instanceof TreeTooLargeError) return LARGE_GAME_DEPTH;
    throw e;
  }
}

describe.each(GAMES)('%s', (_name, ir) => {
  const game = compileGame(ir);
  // Chips at the start of a hand (a house with an unlimited bank starts from its internal bank, not a declared stack).
  const start = game.newInitialState().chips();
  const total = start.stacks[0] + start.stacks[1] + start.pot;
  const maxDepth = depthBound(game);

  it('keeps stacks + pot constant and never negative after every action', () => {
    fc.assert(
      fc.property(choices, (cs) => {
        playChoices(game, cs, (s) => {
          const { stacks, pot } = s.chips();
          expect(stacks[0] + stacks[1] + pot).toBe(total);
          expect(Math.min(stacks[0], stacks[1], pot)).toBeGreaterThanOrEqual(0);
        });
      }),
    );
  });

  it('returns sum to zero at the end, and agree with what each seat observes', () => {
    fc.assert(
      fc.property(choices, (cs) => {
        const { state } = playChoices(game, [...cs, ...new Array<number>(maxDepth).fill(0)]);
        expect(state.isTerminal()).toBe(true);
        const [a, b] = state.returns();
        expect(a + b).toBe(0);
        expect(state.chips().pot).toBe(0);
        for (const seat of [0, 1]) {
          const o = state.observation(seat);
          expect(o.returns).toEqual([a, b]);
          expect(o.stacks).toEqual(state.chips().stacks);
        }
      }),
    );
  });

  it("ends every episode within the tree's maximum depth", async () => {
    await fc.assert(
      fc.asyncProperty(seeds, async (seed) => {
        const end = await playEpisode(game, [randomAgent, randomAgent], episodeRng(seed, 0));
        expect(end.isTerminal()).toBe(true);
        expect(end.depth()).toBeLessThanOrEqual(maxDepth);
      }),
    );
  });

  it('gives the same event log for the same seed', async () => {
    await fc.assert(
      fc.asyncProperty(seeds, fc.nat(1000), async (seed, episode) => {
        const a = await playEpisode(game, [randomAgent, randomAgent], episodeRng(seed, episode));
        const b = await playEpisode(game, [randomAgent, randomAgent], episodeRng(seed, episode));
        expect(a.log.rows()).toEqual(b.log.rows());
        expect(a.informationStateKey(0)).toBe(b.informationStateKey(0));
        expect(a.observation(1)).toEqual(b.observation(1));
      }),
    );
  });
});
