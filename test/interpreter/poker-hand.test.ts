/**
 * The poker hand evaluator against an independent evaluator (phe, a port of HenryRLee's
 * PokerHandEvaluator) on random 7-card hands, on every category boundary, and on the generalised
 * rules (short decks, unsuited decks, fewer than five cards, copies).
 */
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { evaluateHand, HAND_CATEGORIES, type RankedCard } from '../../src/interpreter/poker-hand.js';
import { rngFromKeys } from '../../src/util/rng.js';

const phe = createRequire(import.meta.url)('phe') as { evaluateCardCodes(codes: number[]): number; handRank(v: number): number };

const RANKS = '23456789TJQKA';
const SUITS = 'shdc';
const STANDARD = { numRanks: 13 };
/** phe's card code: rank * 4 + suit, ranks 2…A as 0…12, suits in the order s, h, d, c. */
const code = (c: RankedCard) => c.rank * 4 + c.suit;
const card = (s: string): RankedCard => ({ rank: RANKS.indexOf(s[0]), suit: SUITS.indexOf(s[1]) });
const hand = (s: string) => s.split(' ').map(card);
const rank = (s: string, rules = STANDARD) => evaluateHand(hand(s), rules);

describe('random 7-card hands against phe', () => {
  it('orders 10^6 hands exactly as the oracle does, with the same categories', () => {
    const rng = rngFromKeys(2026, 21);
    const classValue = new Map<number, number>();
    const deck = Array.from({ length: 52 }, (_, i) => i);
    let categoryMismatches = 0;
    for (let n = 0; n < 1_000_000; n++) {
      // A partial Fisher–Yates shuffle: 7 distinct cards.
      for (let i = 0; i < 7; i++) {
        const j = i + Math.floor(rng() * (52 - i));
        const t = deck[i];
        deck[i] = deck[j];
        deck[j] = t;
      }
      const codes = deck.slice(0, 7);
      const mine = evaluateHand(
        codes.map((c) => ({ rank: c >> 2, suit: c & 3 })),
        STANDARD,
      );
      const oracle = phe.evaluateCardCodes(codes);
      if (HAND_CATEGORIES.indexOf(mine.category) !== 8 - phe.handRank(oracle)) categoryMismatches++;
      const seen = classValue.get(oracle);
      if (seen === undefined) classValue.set(oracle, mine.value);
      else if (seen !== mine.value) throw new Error(`hand ${codes} has value ${mine.value}, another hand of the same oracle class ${oracle} has ${seen}`);
    }
    expect(categoryMismatches).toBe(0);
    // Lower oracle values are better hands: our values must fall strictly as the oracle's rise.
    const classes = [...classValue.entries()].sort((a, b) => a[0] - b[0]);
    for (let i = 1; i < classes.length; i++) expect(classes[i][1]).toBeLessThan(classes[i - 1][1]);
    // 10^6 hands reach most of the 4,824 classes 7-card hands can make.
    expect(classes.length).toBeGreaterThan(4000);
  });
});

describe('category boundaries', () => {
  // Each row: the weakest hand of a category and the strongest of the category below it.
  const boundaries: [string, string, string][] = [
    ['one pair', '2s 2h 3d 4c 5s', 'As Kh Qd Jc 9s'],
    ['two pair', '3s 3h 2d 2c 4s', 'As Ah Kd Qc Js'],
    ['three of a kind', '2s 2h 2d 3c 4s', 'As Ah Kd Kc Qs'],
    ['straight', 'As 2h 3d 4c 5s', 'As Ah Ad Kc Qs'],
    ['flush', '2s 3s 4s 5s 7s', 'As Kh Qd Jc Ts'],
    ['full house', '2s 2h 2d 3c 3s', 'As Ks Qs Js 9s'],
    ['four of a kind', '2s 2h 2d 2c 3s', 'As Ah Ad Kc Ks'],
    ['straight flush', 'As 2s 3s 4s 5s', 'As Ah Ad Ac Ks'],
  ];
  for (const [category, weakest, strongestBelow] of boundaries) {
    it(`the weakest ${category} beats the best hand below it, as the oracle says`, () => {
      const lo = rank(strongestBelow);
      const hi = rank(weakest);
      expect(hi.category).toBe(category);
      expect(HAND_CATEGORIES.indexOf(lo.category)).toBe(HAND_CATEGORIES.indexOf(category as never) - 1);
      expect(hi.value).toBeGreaterThan(lo.value);
      expect(phe.evaluateCardCodes(hand(weakest).map(code))).toBeLessThan(phe.evaluateCardCodes(hand(strongestBelow).map(code)));
    });
  }

  it('knows the wheel, broadway and that straights do not wrap', () => {
    expect(
      rank('As 2h 3d 4c 5s')
        .cards.map((c) => RANKS[c.rank])
        .join(''),
    ).toBe('5432A');
    expect(rank('2h 3d 4c 5s 6s').value).toBeGreaterThan(rank('As 2h 3d 4c 5s').value);
    expect(rank('Ts Jh Qd Kc As').value).toBeGreaterThan(rank('9s Th Jd Qc Ks').value);
    expect(rank('Qs Kh Ad 2c 3s').category).toBe('high card');
    expect(rank('Ts Js Qs Ks As').category).toBe('straight flush');
    expect(rank('Ts Js Qs Ks As').value).toBeGreaterThan(rank('9s Ts Js Qs Ks').value);
  });

  it('breaks ties by kickers and splits equal hands', () => {
    expect(rank('As Ah Kd Qc 9s').value).toBeGreaterThan(rank('Ad Ac Kh Qs 8s').value);
    expect(rank('As Ah Kd Qc 9s').value).toBe(rank('Ad Ac Kh Qs 9h').value);
    // Two pair: the fifth card decides; a third pair only counts as a kicker.
    expect(
      rank('Ks Kh 9d 9c 5s 5h 2d')
        .cards.map((c) => RANKS[c.rank])
        .join(''),
    ).toBe('KK995');
    expect(
      rank('Ks Kh 9d 9c 5s 5h Ad')
        .cards.map((c) => RANKS[c.rank])
        .join(''),
    ).toBe('KK99A');
    // Two trips make a full house with the lower trips as the pair.
    expect(
      rank('7s 7h 7d 4c 4s 4h 2d')
        .cards.map((c) => RANKS[c.rank])
        .join(''),
    ).toBe('77744');
  });
});

describe('generalised rules', () => {
  it('short deck: a flush beats a full house, and the ace plays low below the lowest rank', () => {
    // A 36-card deck (6 … A): positions 0..8.
    const short = (s: string) => s.split(' ').map((x) => ({ rank: '6789TJQKA'.indexOf(x[0]), suit: SUITS.indexOf(x[1]) }));
    const rules = { numRanks: 9, flushBeatsFullHouse: true };
    const flush = evaluateHand(short('6s 8s 9s Js Ks'), rules);
    const boat = evaluateHand(short('As Ah Ad Kc Ks'), rules);
    expect(flush.category).toBe('flush');
    expect(boat.category).toBe('full house');
    expect(flush.value).toBeGreaterThan(boat.value);
    expect(evaluateHand(short('As 6h 7d 8c 9s'), rules).category).toBe('straight');
    expect(evaluateHand(short('As 6h 7d 8c 9s'), { numRanks: 9 }).value).toBeLessThan(evaluateHand(short('6h 7d 8c 9s Ts'), { numRanks: 9 }).value);
  });

  it('unsuited decks make no flushes', () => {
    const r = evaluateHand(hand('2s 5s 7s 9s Js'), { numRanks: 13, suited: false });
    expect(r.category).toBe('high card');
  });

  it('ranks fewer than five cards and decks with copies', () => {
    expect(rank('Ks Kh').category).toBe('one pair');
    expect(rank('As Kh').value).toBeGreaterThan(rank('Qs Jh').value);
    expect(rank('2s 2h').value).toBeGreaterThan(rank('As Kh').value);
    expect(rank('As').value).toBeGreaterThan(rank('Ks').value);
    // Five copies of a rank: five of a kind, above a straight flush.
    expect(rank('9s 9s 9h 9d 9c').category).toBe('five of a kind');
    expect(rank('9s 9s 9h 9d 9c').value).toBeGreaterThan(rank('Ts Js Qs Ks As').value);
  });

  it('rejects ranks outside the deck', () => {
    expect(() => evaluateHand([{ rank: 13, suit: 0 }], STANDARD)).toThrow(RangeError);
  });
});
