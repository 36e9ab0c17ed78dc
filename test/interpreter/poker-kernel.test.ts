/**
 * The specialised L0 loop for poker programs (`poker-kernel.ts`): which programs it takes, and
 * that `simulate()` through it gives exactly the report of the general loop (fresh state,
 * `episodeRng(seed, i)`, `l0Player` on both seats) on generated poker games covering all-in
 * calls and refunds (unequal stacks), skipped rounds, split pots with an odd chip, several cards per seat, a
 * board, pair-with-board and high-card showdowns, unshuffled decks and deals between piles.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { compileSource } from '../../src/compiler/index.js';
import { compileGame, episodeRng, type CompiledGame } from '../../src/interpreter/index.js';
import { playEpisode, simulate } from '../../src/algorithms/index.js';
import { l0Player } from '../../src/algorithms/l0.js';
import { kernelSupports, PokerKernel, pokerKernel } from '../../src/interpreter/poker-kernel.js';
import { MachineKernel } from '../../src/interpreter/machine-kernel.js';
import { KeyedStream } from '../../src/util/rng.js';
import { KUHN_IR, LEDUC_IR } from '../fixtures/ir.js';
import { createAgent } from '../../src/eval/agents/index.js';
import { asPlayer } from '../../src/eval/agents/player.js';
import { exampleIRs } from './helpers.js';

const random = [l0Player, l0Player] as const;

/** The figures of `simulate()` computed by the general loop, episode by episode. */
async function reference(game: CompiledGame, n: number, seed: number) {
  const sum = [0, 0];
  const sumSq = [0, 0];
  const moves = [0, 0];
  const fired: Record<string, number> = Object.fromEntries(game.program.phaseNames.map((p) => [p, 0]));
  let showdowns = 0;
  for (let i = 0; i < n; i++) {
    const end = await playEpisode(game, random, episodeRng(seed, i));
    const ret = end.returns();
    for (const s of [0, 1]) {
      sum[s] += ret[s]!;
      sumSq[s] += ret[s]! ** 2;
      moves[s] += end.moves(s);
    }
    for (const p of new Set(end.phasesEntered())) fired[game.program.phaseNames[p]!]++;
    if (end.reachedShowdown()) showdowns++;
  }
  return { sum, sumSq, moves, fired: Object.fromEntries(Object.entries(fired).map(([k, v]) => [k, v / n])), showdownRate: showdowns / n };
}

/** The kernel's generated code and its instruction-by-instruction loop play the same episodes. */
function expectGeneratedEqualsInterpreted(game: CompiledGame, n: number, seed: number): void {
  const generated = new PokerKernel(game.program);
  const interpreted = new PokerKernel(game.program, false);
  const stream = new KeyedStream();
  for (let i = 0; i < n; i++) {
    const rows = [generated, interpreted].map((k) => {
      stream.restart(seed, i);
      k.play(stream.next);
      return [k.returns0, k.returns1, k.moves0, k.moves1, Number(k.showdown), ...k.phaseSeen];
    });
    expect(rows[0]).toEqual(rows[1]);
  }
}

async function expectSameAsGeneralLoop(game: CompiledGame, n: number, seed: number): Promise<void> {
  expect(pokerKernel(game.program)).not.toBeNull();
  expect(game.playoutKernel()).toBe(pokerKernel(game.program));
  expectGeneratedEqualsInterpreted(game, n, seed);
  const r = await simulate(game, { episodes: n, seed, agents: random });
  const ref = await reference(game, n, seed);
  for (const s of [0, 1]) {
    // Sums of whole chips: the means are equal when the sums are.
    expect(r.meanReturns[s]! * n).toBeCloseTo(ref.sum[s]!, 6);
    expect(r.movesPerPlayer[s]! * n).toBeCloseTo(ref.moves[s]!, 6);
    if (n > 1) {
      const mean = ref.sum[s]! / n;
      const se = Math.sqrt(Math.max(0, (ref.sumSq[s]! - n * mean * mean) / (n - 1)) / n);
      expect(r.stdErrors[s]).toBeCloseTo(se, 9);
    }
  }
  expect(r.phaseFireRates).toEqual(ref.fired);
  expect(r.showdownRate).toBe(ref.showdownRate);
}

/** A poker game in the language: only steps the kernel covers. */
function pokerSource(g: {
  stack: number;
  stack1: number;
  ante: number;
  anteBy: 0 | 1 | 2;
  ranks: number;
  suits: number;
  copies: number;
  cards: number;
  shuffle: boolean;
  board: boolean;
  pairWithBoard: boolean;
  bets: [number, number][];
  firstBob: boolean;
}): string {
  const ranks = ['J = 11', 'Q = 12', 'K = 13', 'A = 14'].slice(0, g.ranks).join(', ');
  const suits = ['hearts', 'spades', 'clubs'].slice(0, g.suits).join(', ');
  const rounds = g.bets.map(
    ([bet, cap], i) =>
      `  phase Round${i} {\n    betting fixed {\n      bet ${bet}\n      raises at most ${cap}\n      first ${g.firstBob && i === 0 ? 'Bob' : 'Alice'}\n    }\n  }\n` +
      (i === 0 && g.board ? '  phase Flop {\n    deal 1 to board face up\n  }\n' : ''),
  );
  return [
    'game "Generated poker" {',
    '  players Alice, Bob',
    `  stack Alice ${g.stack}, Bob ${g.stack1}`,
    `  deck {\n    ranks ${ranks}\n    suits ${suits}\n    copies ${g.copies}\n  }`,
    g.board ? '  pile board public' : '',
    `  phase Setup {\n${g.shuffle ? '    shuffle deck\n' : ''}    deal ${g.cards} to each face down\n  }`,
    `  phase Ante {\n    ante ${g.ante} ${['each', 'from Alice', 'from Bob'][g.anteBy]}\n  }`,
    ...rounds,
    g.board && g.pairWithBoard ? '  showdown pair-with-board using board' : '  showdown high-card',
    '}',
  ].join('\n');
}

describe('poker kernel', () => {
  it('takes Kuhn and Leduc, and no example that uses other steps', () => {
    expect(kernelSupports(compileGame(KUHN_IR).program)).toBe(true);
    expect(kernelSupports(compileGame(LEDUC_IR).program)).toBe(true);
    const taken = exampleIRs()
      .filter(({ ir }) => kernelSupports(compileGame(ir).program))
      .map(({ file }) => file);
    expect(taken).toEqual(['kuhn.gbg', 'leduc.gbg']);
  });

  it('Kuhn and Leduc: simulate() through the kernel equals the general loop', async () => {
    await expectSameAsGeneralLoop(compileGame(KUHN_IR), 2000, 3);
    await expectSameAsGeneralLoop(compileGame(LEDUC_IR), 2000, 5);
  });

  it('property: on generated poker games simulate() through the kernel equals the general loop', async () => {
    let checked = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          stack: fc.integer({ min: 1, max: 12 }),
          stack1: fc.integer({ min: 1, max: 12 }),
          ante: fc.integer({ min: 1, max: 3 }),
          anteBy: fc.constantFrom(0 as const, 1 as const, 2 as const),
          ranks: fc.integer({ min: 2, max: 4 }),
          suits: fc.integer({ min: 1, max: 3 }),
          copies: fc.integer({ min: 1, max: 2 }),
          cards: fc.integer({ min: 1, max: 2 }),
          shuffle: fc.boolean(),
          board: fc.boolean(),
          pairWithBoard: fc.boolean(),
          bets: fc.array(fc.tuple(fc.integer({ min: 1, max: 5 }), fc.integer({ min: 1, max: 3 })), { minLength: 1, maxLength: 3 }),
          firstBob: fc.boolean(),
        }),
        fc.integer({ min: 0, max: 1000 }),
        async (g, seed) => {
          const r = compileSource(pokerSource(g));
          if (!r.ir) return; // a deck too small for the deal is refused by the compiler
          await expectSameAsGeneralLoop(compileGame(r.ir), 150, seed);
          checked++;
        },
      ),
      { numRuns: 60, seed: 17 },
    );
    expect(checked).toBeGreaterThan(30);
  });

  it('a deck of more than 64 cards, a deal of more than 8 cards, several cards to one pile: the generated code equals the general loop', async () => {
    // 104 cards (the per-episode reset copies the deck by a loop), 5 cards to each seat (10 draws:
    // the deal by a loop), 3 cards to the board (drawn by straight-line code, then sorted),
    // which the showdown reads.
    const src = `game "Big deck" {
  players Alice, Bob
  stack 9 each
  deck {
    ranks 2 = 2, 3 = 3, 4 = 4, 5 = 5, 6 = 6, 7 = 7, 8 = 8, 9 = 9, T = 10, J = 11, Q = 12, K = 13, A = 14
    suits hearts, spades, clubs, diamonds
    copies 2
  }
  pile board public
  phase Setup {
    shuffle deck
    deal 5 to each face down
  }
  phase Ante {
    ante 1 each
  }
  phase Round1 {
    betting fixed { bet 2; raises at most 2; first Alice }
  }
  phase Flop {
    deal 3 to board face up
  }
  phase Round2 {
    betting fixed { bet 3; raises at most 1; first Bob }
  }
  showdown pair-with-board using board
}`;
    const compiled = compileSource(src);
    expect(compiled.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const game = compileGame(compiled.ir!);
    expect(game.program.initialDeck.length).toBe(104);
    await expectSameAsGeneralLoop(game, 800, 4);
  });

  it('reports progress as the general loop does, whatever progressEvery is', async () => {
    const game = compileGame(KUHN_IR);
    const wrapped = { name: 'random', act: l0Player.act };
    for (const every of [100, 1, 2.5, 0, 250, 1000]) {
      const calls: number[][] = [[], []];
      const reports = [];
      for (const [k, agents] of [random, [wrapped, wrapped] as const].entries()) {
        const r = await simulate(game, { episodes: 250, seed: 1, agents, progressEvery: every, onProgress: (d) => calls[k]!.push(d) });
        const { episodesPerSecond: _, ...rest } = r;
        reports.push(rest);
      }
      expect(calls[0]).toEqual(calls[1]);
      expect(reports[0]).toEqual(reports[1]);
    }
  });

  it("the registry's random agent (gbgc simulate --agents random) plays as l0Player, so through the kernel", async () => {
    const game = compileGame(KUHN_IR);
    expect(asPlayer(await createAgent('random', game), game)).toBe(l0Player);
  });

  it('other agents take the general loop with the same stream', async () => {
    const game = compileGame(LEDUC_IR);
    const wrapped = { name: 'random', act: l0Player.act };
    const a = await simulate(game, { episodes: 400, seed: 8, agents: random });
    const b = await simulate(game, { episodes: 400, seed: 8, agents: [wrapped, wrapped] });
    const { episodesPerSecond: _a, ...ra } = a;
    const { episodesPerSecond: _b, ...rb } = b;
    expect(ra).toEqual(rb);
  });

  it('declines a Leduc-like game whose second round depends on highest(board) and board has K; simulate() then equals the general loop and the kernel-free agents (through the machine kernel)', async () => {
    const src = `game "Board-driven Leduc" {
  players Alice, Bob
  stack 10 each
  deck {
    ranks J = 1, Q = 2, K = 3
    suits hearts, spades
    copies 1
  }
  pile board public
  phase Deal { shuffle deck; deal 1 to each face down; ante 1 each; betting fixed { bet 1; raises at most 1; first Alice } }
  phase Flop {
    deal 1 to board face up
    if highest(board) >= 3 public { betting fixed { bet 4; raises at most 1; first Alice } }
    else if board has Q public { betting fixed { bet 2; raises at most 1; first Bob } }
    else { ante 1 each }
  }
  showdown pair-with-board using board
}`;
    const compiled = compileSource(src);
    expect(compiled.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const game = compileGame(compiled.ir!);
    expect(kernelSupports(game.program)).toBe(false);
    expect(pokerKernel(game.program)).toBeNull();
    // The machine kernel (`machine-kernel.ts`) plays it instead.
    expect(game.playoutKernel()).toBeInstanceOf(MachineKernel);
    const n = 600;
    const wrapped = { name: 'random', act: l0Player.act };
    const a = await simulate(game, { episodes: n, seed: 5, agents: random });
    const b = await simulate(game, { episodes: n, seed: 5, agents: [wrapped, wrapped] });
    const { episodesPerSecond: _a, ...ra } = a;
    const { episodesPerSecond: _b, ...rb } = b;
    expect(ra).toEqual(rb);
    const ref = await reference(game, n, 5);
    for (const s of [0, 1]) expect(a.meanReturns[s]! * n).toBeCloseTo(ref.sum[s]!, 6);
    expect(a.phaseFireRates).toEqual(ref.fired);
    expect(a.showdownRate).toBe(ref.showdownRate);
    // Zero-sum.
    expect(a.meanReturns[0]! + a.meanReturns[1]!).toBeCloseTo(0, 12);
  });

  it('declines fixed betting whose bet size is an expression (bet pot), which then plays as with kernel-free agents', async () => {
    const src = `game "Pot-sized bets" {
  players Alice, Bob
  stack 10 each
  deck {
    ranks J = 1, Q = 2, K = 3
    suits hearts
  }
  phase Main { shuffle deck; deal 1 to each face down; ante 1 each; betting fixed { bet pot; raises at most 2; first Alice } }
  showdown high-card
}`;
    const compiled = compileSource(src);
    expect(compiled.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const game = compileGame(compiled.ir!);
    expect(kernelSupports(game.program)).toBe(false);
    const wrapped = { name: 'random', act: l0Player.act };
    const a = await simulate(game, { episodes: 300, seed: 3, agents: random });
    const b = await simulate(game, { episodes: 300, seed: 3, agents: [wrapped, wrapped] });
    const { episodesPerSecond: _a, ...ra } = a;
    const { episodesPerSecond: _b, ...rb } = b;
    expect(ra).toEqual(rb);
    const ref = await reference(game, 300, 3);
    for (const s of [0, 1]) expect(a.meanReturns[s]! * 300).toBeCloseTo(ref.sum[s]!, 6);
  });
});
