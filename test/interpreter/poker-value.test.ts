/**
 * `pokerValue` (the showdown value of a hand from counts, `poker-value.ts`) against the definition,
 * `evaluateHand` (`poker-hand.ts`): equal values and categories on random hands of every deck shape
 * the language allows (5 to 13 ranks, 1 to 4 suits, 1 to 3 copies, 0 to 9 cards, suited or not,
 * short-deck order or not), and hand-picked hands whose values are known.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HAND_CATEGORIES, evaluateHand, handValue, type PokerRules } from '../../src/interpreter/poker-hand.js';
import { categoryOfValue, pokerValue } from '../../src/interpreter/poker-value.js';

/** Cards as [rank, suit] pairs, valued both ways. */
function both(cards: readonly (readonly [number, number])[], rules: PokerRules) {
  const ranked = evaluateHand(
    cards.map(([rank, suit]) => ({ rank, suit })),
    rules,
  );
  const v = pokerValue(
    cards.map((c) => c[0]),
    cards.map((c) => c[1]),
    cards.length,
    rules,
  );
  return { expected: ranked.value, category: HAND_CATEGORIES.indexOf(ranked.category), v, c: categoryOfValue(v, rules) };
}

describe('pokerValue', () => {
  it('hand-picked hands: a wheel, a flush over a straight, quads with the fifth card as kicker', () => {
    const rules = { numRanks: 13 };
    // A-2-3-4-5 (positions 12, 0, 1, 2, 3) is a five-high straight.
    expect(pokerValue([12, 0, 1, 2, 3, 8, 9], [0, 1, 2, 3, 0, 1, 2], 7, rules)).toBe(handValue(4, [3]));
    // Five clubs with a straight on the board: the flush, K-J-9-7-3.
    expect(pokerValue([11, 9, 7, 5, 1, 8, 10], [0, 0, 0, 0, 0, 1, 2], 7, rules)).toBe(handValue(5, [11, 9, 7, 5, 1]));
    // Five of one rank (two copies of the deck): four of a kind keeps the fifth as its kicker, five of a kind wins.
    expect(pokerValue([6, 6, 6, 6, 6], [0, 1, 2, 3, 0], 5, rules)).toBe(handValue(9, [6, 6, 6, 6, 6]));
    expect(categoryOfValue(handValue(9, [6]), rules)).toBe(HAND_CATEGORIES.indexOf('five of a kind'));
    // Short-deck order: a flush is valued with the full house's position.
    expect(categoryOfValue(handValue(6, [8]), { numRanks: 9, flushBeatsFullHouse: true })).toBe(HAND_CATEGORIES.indexOf('flush'));
  });

  it('equals evaluateHand on 20,000 random hands of random deck shapes', () => {
    fc.assert(
      fc.property(
        fc.record({
          numRanks: fc.integer({ min: 5, max: 13 }),
          suits: fc.integer({ min: 1, max: 4 }),
          copies: fc.integer({ min: 1, max: 3 }),
          n: fc.integer({ min: 0, max: 9 }),
          suited: fc.boolean(),
          flushBeatsFullHouse: fc.boolean(),
          seed: fc.integer(),
        }),
        ({ numRanks, suits, copies, n, suited, flushBeatsFullHouse, seed }) => {
          const deck: [number, number][] = [];
          for (let r = 0; r < numRanks; r++) for (let s = 0; s < suits; s++) for (let k = 0; k < copies; k++) deck.push([r, s]);
          let x = seed >>> 0;
          const hand: [number, number][] = [];
          for (let i = 0; i < Math.min(n, deck.length); i++) {
            x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
            hand.push(deck.splice(x % deck.length, 1)[0]);
          }
          const r = both(hand, { numRanks, suited, flushBeatsFullHouse });
          expect(r.v).toBe(r.expected);
          expect(r.c).toBe(r.category);
        },
      ),
      { numRuns: 20_000, seed: 31 },
    );
  });

  it('refuses a rank outside the deck, as evaluateHand does', () => {
    expect(() => pokerValue([13], [0], 1, { numRanks: 13 })).toThrow(RangeError);
    expect(() => pokerValue([0], [0], 1, { numRanks: 300 })).toThrow(RangeError);
  });
});
