/**
 * Property tests (fast-check) over random seeds and random legal action sequences, for every
 * game in {@link GAMES} (the two reference fixtures and every `examples/*.gbg`): chip
 * conservation, zero-sum returns, termination within the tree's depth, determinism of the event
 * log, and visibility (what a seat cannot see cannot change its observation or information
 * state, and no observation names a card the seat may not know).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compileSource } from '../../src/compiler/index.js';
import fc from 'fast-check';
import type { GameIR } from '../../src/ir/schema.js';
import { compileGame, playEpisode, episodeRng, treeStats, TreeTooLargeError, type CompiledGame, type InterpreterState } from '../../src/interpreter/index.js';
import { EV } from '../../src/interpreter/layout.js';
import { l0Player as randomAgent } from '../../src/interpreter/l0.js';
import { KUHN_IR, LEDUC_IR } from '../fixtures/ir.js';
import { entitledCards, exampleIRs, playChoices, replay } from './helpers.js';

/** A game whose stakes follow conditions on its public board (`highest`, `lowest`, `board has K`). */
const BOARD_IR = compileSource(readFileSync(new URL('../fixtures/games/board-conditions.gbg', import.meta.url), 'utf8')).ir!;

/** A game whose payments are expressions (`pay 2 * round + stake from Alice to pot`, `pay highest(board) * size(board) from pot to Alice`). */
const EXPR_AMOUNTS_IR = compileSource(readFileSync(new URL('../fixtures/games/expr-amounts.gbg', import.meta.url), 'utf8')).ir!;

/** The games under test: the fixtures and every example (new examples are picked up automatically). */
const GAMES: [string, GameIR][] = [
  ['fixture Kuhn', KUHN_IR],
  ['fixture Leduc', LEDUC_IR],
  ['fixture board-conditions', BOARD_IR],
  ['fixture expr-amounts', EXPR_AMOUNTS_IR],
  ...exampleIRs().map((e): [string, GameIR] => [e.file, e.ir]),
];

const choices = fc.array(fc.nat({ max: 1 << 20 }), { maxLength: 80 });
const seeds = fc.integer({ min: 0, max: 2 ** 31 - 1 });

/** Histories enumerated to find the exact maximum depth; larger games get {@link LARGE_GAME_DEPTH}. */
const TREE_BUDGET = 300_000;
/** A bound on any episode of a game too large to enumerate (every loop is bounded, so episodes are short). */
const LARGE_GAME_DEPTH = 1_000;

/** The longest history: from the tree when it is small enough to enumerate, else a generous bound. */
function depthBound(game: CompiledGame): number {
  try {
    return treeStats(game, TREE_BUDGET).maxDepth;
  } catch (e) {
    if (e instanceof TreeTooLargeError) return LARGE_GAME_DEPTH;
    throw e;
  }
}


/** Card types `seat` may not know that lie where it cannot see: the deck, the opponent's hand, hidden piles. */
function unseenCards(state: InterpreterState, seat: number): number[] {
  const p = state.program;
  const known = entitledCards(state, seat);
  const out: number[] = [];
  for (let pile = 0; pile < p.pileNames.length; pile++) {
    if (pile === 1 + seat || p.pilePublic[pile]) continue;
    for (const t of state.pileCards(pile)) if (!known.has(t)) out.push(t);
  }
  return out;
}

/** The log with the card fields mapped (deals, peeks, shows, reveals), for comparing two histories' shapes. */
function mappedRows(state: InterpreterState, map: (t: number) => number): number[][] {
  return state.log.rows().map((row) => {
    const [kind, , , b] = row;
    const isCard = kind === EV.DEAL || kind === EV.REVEAL || ((kind === EV.PEEK || kind === EV.SHOW) && b >= 0);
    return isCard ? [...row.slice(0, 3), map(b), ...row.slice(4)] : row;
  });
}

/** A card name as a whole phrase (so `2 of red` does not match inside `12 of red`). */
const cardPattern = (name: string): RegExp => new RegExp(`(^|[^\\w])${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^\\w])`);

const swapper = (x: number, y: number) => (t: number) => (t === x ? y : t === y ? x : t);

describe.each(GAMES)('%s', (_name, ir) => {
  const game = compileGame(ir);
  const total = ir.stacks[0] + ir.stacks[1];
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

  it('observation and information state do not change when cards the seat cannot see are swapped', () => {
    let compared = 0;
    fc.assert(
      fc.property(choices, fc.constantFrom(0, 1), fc.nat(), fc.nat(), (cs, seat, i, j) => {
        const { state, history } = playChoices(game, cs);
        const unseen = unseenCards(state, seat);
        fc.pre(unseen.length >= 2);
        const x = unseen[i % unseen.length];
        const y = unseen[j % unseen.length];
        fc.pre(x !== y);
        let other: InterpreterState;
        try {
          other = replay(game, history, swapper(x, y));
        } catch {
          return fc.pre(false); // the swapped cards changed what is legal: another game path
        }
        // Same shape of play with only the two cards exchanged (a private check on those cards
        // may otherwise change public numbers, which the rules allow a seat to infer from).
        fc.pre(JSON.stringify(mappedRows(state, swapper(x, y))) === JSON.stringify(other.log.rows()));
        compared++;
        expect(other.observation(seat)).toEqual(state.observation(seat));
        expect(other.informationStateKey(seat)).toBe(state.informationStateKey(seat));
      }),
      { numRuns: 100, maxSkipsPerRun: 1000 },
    );
    expect(compared).toBe(100);
  });

  it('observations never name a card the seat may not know', () => {
    fc.assert(
      fc.property(choices, (cs) => {
        playChoices(game, cs, (s) => {
          for (const seat of [0, 1]) {
            const text = JSON.stringify(s.observation(seat));
            const known = entitledCards(s, seat);
            s.program.cardNames.forEach((name, t) => {
              if (!known.has(t)) expect(text).not.toMatch(cardPattern(name));
            });
          }
        });
      }),
    );
  });
});
