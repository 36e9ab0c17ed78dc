/**
 * The `poker-hand` showdown in play: on random deals of a standard deck (two cards each, five on
 * the board) the winner is the one the independent evaluator phe names, and each seat's `hand`
 * event states the category and the five cards that make it.
 */
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { compileSource } from '../../src/compiler/index.js';
import { compileGame, CHANCE } from '../../src/interpreter/index.js';
import { rngFromKeys } from '../../src/util/rng.js';

const phe = createRequire(import.meta.url)('phe') as { evaluateCardCodes(codes: number[]): number; handRank(v: number): number };

const RANKS = ['2', '3', '4', '5', '6', '7', '8', '9', 'T', 'J', 'Q', 'K', 'A'];
const SUITS = ['spades', 'hearts', 'diamonds', 'clubs'];

function holdem(options = ''): ReturnType<typeof compileGame> {
  const src = `game "Showdown" {
  stack 5 each
  deck { ranks ${RANKS.map((r, i) => `${r} = ${i + 2}`).join(', ')}; suits ${SUITS.join(', ')} }
  pile board public
  phase Deal { shuffle deck; ante 2 each; deal 2 to each face down; deal 5 to board face up }
  showdown poker-hand using board ${options}
}`;
  const r = compileSource(src);
  if (!r.ir) throw new Error(r.diagnostics.map((d) => d.message).join('; '));
  return compileGame(r.ir);
}

/** phe's code of a card name `R of suit`: rank index × 4 + suit index. */
const pheCode = (name: string): number => {
  const [r, , s] = name.split(' ');
  return RANKS.indexOf(r) * 4 + SUITS.indexOf(s);
};

describe('poker-hand showdown', () => {
  it('names the winner phe names on 600 random deals, and explains each hand', () => {
    const game = holdem();
    const rng = rngFromKeys(21, 7);
    let ties = 0;
    for (let n = 0; n < 600; n++) {
      const s = game.newInitialState();
      while (!s.isTerminal()) {
        expect(s.currentPlayer()).toBe(CHANCE);
        const outs = s.chanceOutcomes();
        s.applyAction(outs[Math.floor(rng() * outs.length)][0]);
      }
      const obs = s.observation(0);
      const board = obs.publicPiles.board;
      const shown = obs.log.filter((e) => e.kind === 'reveal');
      const hands = [0, 1].map((seat) => shown.filter((e) => e.seat === seat).flatMap((e) => e.cards ?? []));
      const oracle = hands.map((h) => phe.evaluateCardCodes([...h, ...board].map(pheCode)));
      const events = obs.log.filter((e) => e.kind === 'hand');
      expect(events.map((e) => e.seat)).toEqual([0, 1]);
      for (const seat of [0, 1]) {
        const e = events[seat];
        // phe's hand ranks: 0 = straight flush … 8 = high card.
        const categories = ['straight flush', 'four of a kind', 'full house', 'flush', 'straight', 'three of a kind', 'two pair', 'one pair', 'high card'];
        expect(e.category).toBe(categories[phe.handRank(oracle[seat])]);
        expect(e.cards).toHaveLength(5);
        // The five cards named make a hand as good as the best of seven.
        expect(phe.evaluateCardCodes(e.cards!.map(pheCode))).toBe(oracle[seat]);
        for (const c of e.cards!) expect([...hands[seat], ...board]).toContain(c);
        expect(e.text).toContain(game.program.seatNames[seat]);
      }
      const [r0] = s.returns();
      // Lower phe values are better hands.
      if (oracle[0] < oracle[1]) expect(r0).toBe(2);
      else if (oracle[0] > oracle[1]) expect(r0).toBe(-2);
      else {
        expect(r0).toBe(0);
        ties++;
      }
    }
    expect(ties).toBeGreaterThan(0);
  });

  it('states the result in words, e.g. "Alice has a flush: …"', () => {
    const game = holdem();
    const s = game.newInitialState();
    const byName = (name: string) => game.program.cardNames.indexOf(name);
    // Shuffle, then deal Alice A♠ K♠, Bob 2♥ 2♦, board Q♠ J♠ 3♠ 2♣ 9♥.
    const deal = ['A of spades', '2 of hearts', 'K of spades', '2 of diamonds', 'Q of spades', 'J of spades', '3 of spades', '2 of clubs', '9 of hearts'];
    for (const name of deal) {
      while (!s.isTerminal() && !s.chanceOutcomes().some(([a]) => a === byName(name))) s.applyAction(s.chanceOutcomes()[0][0]);
      s.applyAction(byName(name));
    }
    expect(s.isTerminal()).toBe(true);
    const texts = s
      .observation(1)
      .log.filter((e) => e.kind === 'hand' || e.kind === 'result')
      .map((e) => e.text);
    expect(texts).toEqual([
      'Alice has a flush: A of spades, K of spades, Q of spades, J of spades, 3 of spades.',
      'Bob has three of a kind: 2 of hearts, 2 of diamonds, 2 of clubs, Q of spades, J of spades.',
      'Alice wins the showdown.',
    ]);
    expect(s.returns()).toEqual([2, -2]);
  });

  it('no-suits: a flush is only a high card; flush-beats-full-house reorders the categories', () => {
    const plain = holdem('no-suits');
    expect(plain.program.poker).toEqual({ numRanks: 13, suited: false, flushBeatsFullHouse: false });
    expect(holdem('flush-beats-full-house').program.poker).toEqual({ numRanks: 13, suited: true, flushBeatsFullHouse: true });
  });
});
