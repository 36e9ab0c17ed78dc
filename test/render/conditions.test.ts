import { describe, expect, it } from 'vitest';
import type { BoolExpr, GameIR, IntExpr } from '../../src/ir/schema.js';
import { conditionWords } from '../../src/render/facts-steps.js';
import { KUHN_IR } from '../fixtures/ir.js';

/** Kuhn with more ranks (A, 8, J, Q, K: indices 0..4, K the top), a counter and a position. */
const IR: GameIR = {
  ...structuredClone(KUHN_IR),
  deck: {
    ranks: [
      { name: 'A', value: 1 },
      { name: '8', value: 8 },
      { name: 'J', value: 11 },
      { name: 'Q', value: 12 },
      { name: 'K', value: 13 },
    ],
    suits: ['hearts'],
    copies: 1,
  },
  variables: [{ name: 'betRound', initial: 0 }],
  positions: [{ name: 'Leader', visibility: 'public' }],
};
const say = conditionWords(IR);

const n = (value: number): IntExpr => ({ kind: 'int', value });
const seat = (s: 0 | 1) => ({ kind: 'seat' as const, seat: s });
const any = { kind: 'any' as const };
const each = { kind: 'each' as const };
const cmp = (left: IntExpr, op: '<' | '<=' | '>' | '>=' | '==' | '!=', right: IntExpr): BoolExpr => ({ kind: 'cmp', op, left, right });
const stack = (s: typeof any | ReturnType<typeof seat>): IntExpr => ({ kind: 'stack', seat: s });
const highest = (s: ReturnType<typeof seat>): IntExpr => ({ kind: 'highest', seat: s });
const deckSize: IntExpr = { kind: 'size', pile: { kind: 'deck' } };
const round: IntExpr = { kind: 'var', name: 'betRound' };

describe('conditions in English', () => {
  it('words the seed rulebook conditions', () => {
    expect(say(cmp(stack(any), '<=', n(2)))).toBe('at least one seat has 2 or fewer chips');
    expect(say(cmp(highest(seat(1)), '>', highest(seat(0))))).toBe("Bob's highest-ranked card has a higher rank than Alice's highest-ranked card");
    expect(say({ kind: 'has', seat: seat(0), ranks: [4] })).toBe("Alice's hand contains a K (the deck's top rank)");
    expect(say({ kind: 'has', seat: seat(1), ranks: [4, 2] })).toBe('Bob holds at least one card of rank K or J');
    expect(say({ kind: 'and', args: [cmp(stack(seat(0)), '>', n(0)), cmp(stack(seat(1)), '>', n(0))] })).toBe(
      'Alice has chips remaining and Bob has chips remaining',
    );
    expect(say(cmp({ kind: 'pot' }, '>', n(2)))).toBe('the pot holds more than 2 chips');
    expect(say(cmp(deckSize, '>=', n(2)))).toBe('the deck has at least 2 cards');
    expect(say(cmp(round, '>', n(0)))).toBe('«bet round» is greater than 0');
    expect(say(cmp(round, '==', n(0)))).toBe('«bet round» is equal to 0');
  });
  it('turns a number on the left around, and uses articles by sound', () => {
    expect(say(cmp(n(2), '<', stack(seat(0))))).toBe('Alice has more than 2 chips');
    expect(say(cmp(n(1), '>=', { kind: 'handSize', seat: each }))).toBe('each seat holds 1 or fewer cards');
    expect(say({ kind: 'has', seat: seat(0), ranks: [0] })).toBe("Alice's hand contains an A");
    expect(say({ kind: 'has', seat: any, ranks: [1] })).toBe("at least one seat's hand contains an 8");
    expect(say({ kind: 'has', seat: seat(0), ranks: [3] })).toBe("Alice's hand contains a Q");
  });
  it('words counts of zero, equal counts and comparisons of two seats', () => {
    expect(say(cmp({ kind: 'handSize', seat: any }, '==', n(0)))).toBe('at least one seat holds no cards');
    expect(say(cmp(stack(seat(1)), '==', n(0)))).toBe('Bob has no chips left');
    expect(say(cmp({ kind: 'handSize', seat: each }, '==', n(1)))).toBe('each seat holds exactly 1 card');
    expect(say(cmp(deckSize, '!=', n(3)))).toBe('the deck does not have exactly 3 cards');
    expect(say(cmp(stack(seat(0)), '>=', stack(seat(1))))).toBe('Alice has at least as many chips as Bob');
    expect(say(cmp({ kind: 'handSize', seat: seat(1) }, '<', { kind: 'handSize', seat: seat(0) }))).toBe('Bob holds fewer cards than Alice');
    expect(say(cmp(highest(seat(0)), '==', highest(seat(1))))).toBe("Alice's highest-ranked card has the same rank as Bob's highest-ranked card");
    expect(say(cmp({ kind: 'size', pile: { kind: 'hand', seat: 0 } }, '<', n(2)))).toBe("Alice's hand has fewer than 2 cards");
  });
  it('falls back to noun phrases for other comparisons and sums', () => {
    expect(say(cmp(highest(seat(0)), '>', n(12)))).toBe("the rank value of Alice's highest-ranked card is greater than 12");
    const diff: IntExpr = { kind: 'sub', left: { kind: 'score', seat: seat(0) }, right: { kind: 'score', seat: seat(1) } };
    expect(say(cmp(diff, '!=', n(3)))).toBe("Alice's score minus Bob's score is not equal to 3");
    const nested: IntExpr = { kind: 'sub', left: deckSize, right: { kind: 'add', left: round, right: n(1) } };
    expect(say(cmp(nested, '<=', { kind: 'pot' }))).toBe(
      'the number of cards in the deck minus («bet round» plus 1) is at most the number of chips in the pot',
    );
  });
  it('words negations positively where it can, swapping any and each', () => {
    expect(say({ kind: 'not', arg: cmp(deckSize, '>=', n(2)) })).toBe('the deck has fewer than 2 cards');
    expect(say({ kind: 'not', arg: cmp(stack(any), '<=', n(2)) })).toBe('each seat has more than 2 chips');
    expect(say({ kind: 'not', arg: { kind: 'has', seat: any, ranks: [0] } })).toBe("each seat's hand contains no A");
    expect(say({ kind: 'not', arg: { kind: 'has', seat: seat(1), ranks: [4, 2] } })).toBe('Bob holds no card of rank K or J');
    expect(say({ kind: 'not', arg: { kind: 'hasPair', seat: seat(1) } })).toBe("Bob's hand holds no pair (no two cards of the same rank)");
    expect(say({ kind: 'not', arg: { kind: 'holds', seat: seat(0), position: 'Leader' } })).toBe('Alice does not hold the position Leader');
    expect(say({ kind: 'not', arg: { kind: 'not', arg: { kind: 'hasPair', seat: any } } })).toBe(
      "at least one seat's hand holds a pair (at least two cards of the same rank)",
    );
    const both: BoolExpr = {
      kind: 'and',
      args: [
        { kind: 'bool', value: true },
        { kind: 'holds', seat: any, position: 'Leader' },
      ],
    };
    expect(say({ kind: 'not', arg: both })).toBe('it is not the case that (this always holds and at least one seat holds the position Leader)');
  });
  it('groups nested and/or with parentheses and separates "or" with a comma', () => {
    const c: BoolExpr = {
      kind: 'or',
      args: [cmp(stack(any), '<=', n(2)), { kind: 'and', args: [cmp({ kind: 'pot' }, '>=', n(4)), { kind: 'bool', value: false }] }],
    };
    expect(say(c)).toBe('at least one seat has 2 or fewer chips, or (the pot holds at least 4 chips and this never holds)');
  });
});
