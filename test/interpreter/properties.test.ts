/**
 * Property tests (fast-check) over random seeds and random legal action sequences, for every
 * game in {@link GAMES}: chip conservation, zero-sum returns, termination within the tree's
 * depth, determinism of the event log, and visibility (what a seat cannot see cannot change its
 * observation or information state, and no observation names a card the seat may not know).
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { GameIR } from '../../src/ir/schema.js';
import { compileGame, playEpisode, episodeRng, treeStats, TreeTooLargeError, type CompiledGame, type InterpreterState } from '../../src/interpreter/index.js';
import { randomAgent } from '../../src/eval/agents/random.js';
import { KUHN_IR, LEDUC_IR } from '../fixtures/ir.js';
import { playChoices, replay } from './helpers.js';

/** The games under test: add a game here to run every property on it. */
const GAMES: GameIR[] = [KUHN_IR, LEDUC_IR];

const choices = fc.array(fc.nat({ max: 1 << 20 }), { maxLength: 80 });
const seeds = fc.integer({ min: 0, max: 2 ** 31 - 1 });

/** The longest history: from the tree when it is small enough to enumerate, else a generous bound. */
function depthBound(game: CompiledGame): number {
  try {
    return treeStats(game, 2_000_000).maxDepth;
  } catch (e) {
    if (e instanceof TreeTooLargeError) return 10_000;
    throw e;
  }
}

/** Card types `seat` may know at `state`: its hand, public piles, and the opponent's hand once shown down. */
function entitledCards(state: InterpreterState, seat: number): Set<number> {
  const p = state.program;
  const known = new Set(state.pileCards(1 + seat));
  for (let pile = 3; pile < p.pileNames.length; pile++) if (p.pilePublic[pile]) for (const t of state.pileCards(pile)) known.add(t);
  if (state.reachedShowdown()) for (const t of state.pileCards(2 - seat)) known.add(t);
  return known;
}

/** Card types `seat` cannot see at `state`: the deck, and the opponent's hand before a showdown. */
function unseenCards(state: InterpreterState, seat: number): number[] {
  const unseen = state.pileCards(0);
  if (!state.reachedShowdown()) unseen.push(...state.pileCards(2 - seat));
  return unseen;
}

const swapper = (x: number, y: number) => (t: number) => (t === x ? y : t === y ? x : t);

describe.each(GAMES.map((ir) => [ir.name, ir] as const))('%s', (_name, ir) => {
  const game = compileGame(ir);
  const total = ir.stacks[0] + ir.stacks[1];
  const maxDepth = depthBound(game);

  it('keeps stacks + pot constant after every action', () => {
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
        const { state } = playChoices(game, [...cs, ...new Array(maxDepth).fill(0)]);
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

  it('ends every episode within the tree\'s maximum depth', async () => {
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

  it('observation and information state do not change when cards the seat cannot see are swapped', () => {
    fc.assert(
      fc.property(choices, fc.constantFrom(0, 1), fc.nat(), fc.nat(), (cs, seat, i, j) => {
        const { state, history } = playChoices(game, cs);
        const unseen = unseenCards(state, seat);
        fc.pre(unseen.length >= 2);
        const x = unseen[i % unseen.length];
        const y = unseen[j % unseen.length];
        fc.pre(x !== y);
        const other = replay(game, history, swapper(x, y));
        expect(other.observation(seat)).toEqual(state.observation(seat));
        expect(other.informationStateKey(seat)).toBe(state.informationStateKey(seat));
      }),
    );
  });

  it('observations never name a card the seat may not know', () => {
    fc.assert(
      fc.property(choices, (cs) => {
        playChoices(game, cs, (s) => {
          for (const seat of [0, 1]) {
            const text = JSON.stringify(s.observation(seat));
            const known = entitledCards(s, seat);
            s.program.cardNames.forEach((name, t) => {
              if (!known.has(t)) expect(text).not.toContain(name);
            });
          }
        });
      }),
    );
  });
});
