/**
 * The generator's parts: random draws, probability estimates of condition templates, guards
 * against contradictory nesting, mirroring, the deck repair, names and candidate seeds.
 */
import { describe, expect, it } from 'vitest';
import { Draw } from '../../src/sampler/draw.js';
import { Dial, type BuilderName } from '../../src/sampler/dial.js';
import { Builder } from '../../src/sampler/context.js';
import { choose, drawCondition, hitProbability, pairProbability, templates } from '../../src/sampler/predicates.js';
import { mirror } from '../../src/sampler/mirror.js';
import { repairDeck } from '../../src/sampler/repair.js';
import { NameAllocator } from '../../src/sampler/names.js';
import { candidateSeed, poolSlots, slotFile, MAX_SEED } from '../../src/sampler/index.js';
import type { BoolExpr, Step } from '../../src/ir/schema.js';

/** A builder at the start of play: 3 ranks × `suits` suits, `cards` cards each, stacks 10, antes 1. */
function builder(suits = 1, cards = 1, seed = 'test', kind: BuilderName = 'coherent'): Builder {
  const b = new Builder(new Draw(seed), new Dial(0.5, kind));
  b.deck = {
    ranks: [
      { name: 'J', value: 11 },
      { name: 'Q', value: 12 },
      { name: 'K', value: 13 },
    ],
    suits: ['a', 'b', 'c', 'd'].slice(0, suits),
    copies: 1,
  };
  b.suitSet = ['a', 'b', 'c', 'd'];
  b.stacks = [10, 10];
  b.antes = [1, 1];
  b.handMin = [cards, cards];
  b.handMean = [cards, cards];
  return b;
}

/** The subjects a condition mentions, coarsely: `hand` for card conditions. */
const mentionsCards = (c: BoolExpr): boolean => JSON.stringify(c).match(/"kind":"(has|hasPair|highest)"/) !== null;

describe('Draw', () => {
  it('is reproducible from its seed text and keeps draws in range', () => {
    const a = new Draw('x');
    const b = new Draw('x');
    const xs = Array.from({ length: 200 }, () => a.int(2, 5));
    expect(xs).toEqual(Array.from({ length: 200 }, () => b.int(2, 5)));
    expect(new Set(xs)).toEqual(new Set([2, 3, 4, 5]));
    expect(() => a.int(3, 2)).toThrow(RangeError);
    expect(() => a.pick([])).toThrow(RangeError);
  });

  it('draws weighted keys in proportion and never a zero weight', () => {
    const d = new Draw('w');
    const counts = { a: 0, b: 0, c: 0 };
    for (let i = 0; i < 6000; i++) counts[d.weighted({ a: 1, b: 2, c: 0 })]++;
    expect(counts.c).toBe(0);
    expect(Math.abs(counts.b / 6000 - 2 / 3)).toBeLessThan(0.025);
    expect(() => d.weighted({ a: 0 })).toThrow(RangeError);
  });

  it('samples distinct elements', () => {
    const s = new Draw('s').sample([1, 2, 3, 4, 5], 3);
    expect(new Set(s).size).toBe(3);
    expect(new Draw('s').sample([1, 2], 5).sort()).toEqual([1, 2]);
  });
});

describe('probability estimates', () => {
  it('are exact hypergeometric probabilities', () => {
    expect(choose(5, 2)).toBe(10);
    expect(choose(3, 4)).toBe(0);
    expect(hitProbability(3, 1, 1)).toBeCloseTo(1 / 3, 12);
    // Two cards of a 52-card deck hold an ace with probability 1 − C(48, 2)/C(52, 2) = 33/221.
    expect(hitProbability(52, 4, 2)).toBeCloseTo(33 / 221, 12);
    // A pocket pair: 3/51 = 1/17.
    expect(pairProbability(13, 4, 2)).toBeCloseTo(1 / 17, 12);
    expect(pairProbability(3, 1, 2)).toBe(0);
    expect(pairProbability(3, 2, 4)).toBe(1);
  });

  it("offer Kuhn's card conditions with their exact chances (one card each of J, Q, K)", () => {
    const byText = new Map(templates(builder()).map((t) => [JSON.stringify(t.cond), t.p]));
    const higher = JSON.stringify({
      kind: 'cmp',
      op: '>',
      left: { kind: 'highest', seat: { kind: 'seat', seat: 0 } },
      right: { kind: 'highest', seat: { kind: 'seat', seat: 1 } },
    });
    expect(byText.get(higher)).toBeCloseTo(0.5, 12);
    for (const [text, p] of byText)
      if (text.includes('"has"') && !text.includes('any'))
        expect(
          [1 / 3, 2 / 3].some((x) => Math.abs(x - p) < 1e-12),
          text,
        ).toBe(true);
  });

  it('never offer chip conditions before chips can have moved, nor pairs with one card', () => {
    const ts = templates(builder());
    expect(ts.filter((t) => t.p >= 0.2 && JSON.stringify(t.cond).match(/"pot"|"stack"/))).toEqual([]);
    expect(ts.filter((t) => t.cond.kind === 'hasPair')).toEqual([]);
    const b = builder();
    b.pays(1, 'both', true);
    expect(templates(b).find((t) => JSON.stringify(t.cond).includes('"pot"'))!.p).toBe(1);
  });
});

describe('conditions', () => {
  it('under the paper builder are drawn from every template, outside the band too', () => {
    const b = builder(4, 2, 'test', 'paper');
    const ps = Array.from({ length: 300 }, () => drawCondition(b, { lo: 0.3, hi: 0.85 })!.p);
    expect(ps.some((p) => p < 0.3 || p > 0.85)).toBe(true);
    expect(b.dial.moveBudget).toBe(Infinity);
    expect(b.dial.minSurvival).toBe(0);
  });

  it('are drawn inside the band of estimates (coherent builder)', () => {
    const b = builder(4, 2);
    for (let i = 0; i < 200; i++) {
      const d = drawCondition(b, { lo: 0.3, hi: 0.85 })!;
      expect(d.p).toBeGreaterThanOrEqual(0.3);
      expect(d.p).toBeLessThanOrEqual(0.85);
    }
  });

  it('never mention the subjects of an enclosing condition', () => {
    const b = builder(2, 2);
    b.pays(1, 0, true);
    b.under(0.5, ['hand'], () => {
      for (let i = 0; i < 200; i++) {
        const d = drawCondition(b);
        if (d) expect(mentionsCards(d.cond), JSON.stringify(d.cond)).toBe(false);
      }
    });
    expect(b.guards).toEqual([]);
    expect(b.reach).toBe(1);
  });
});

describe('mirror', () => {
  it('exchanges the seats everywhere and keeps names', () => {
    const steps: Step[] = [
      { kind: 'pay', amount: 2, from: { kind: 'seat', seat: 1 }, to: { kind: 'seat', seat: 0 } },
      { kind: 'peek', seat: { kind: 'seat', seat: 0 }, target: 1, pick: 'random', visibility: 'private' },
      { kind: 'steal', seat: { kind: 'seat', seat: 0 }, from: 1, visibility: 'public' },
      { kind: 'ante', amount: 1, payers: [0] },
      { kind: 'end', winner: 0, reason: 'first' },
      { kind: 'simultaneous', options: ['A', 'B'], outcomes: [{ first: 'A', second: 'B', steps: [{ kind: 'score', seat: 1, delta: 2 }] }], otherwise: [] },
    ];
    expect(mirror(steps)).toEqual([
      { kind: 'pay', amount: 2, from: { kind: 'seat', seat: 0 }, to: { kind: 'seat', seat: 1 } },
      { kind: 'peek', seat: { kind: 'seat', seat: 1 }, target: 0, pick: 'random', visibility: 'private' },
      { kind: 'steal', seat: { kind: 'seat', seat: 1 }, from: 0, visibility: 'public' },
      { kind: 'ante', amount: 1, payers: [1] },
      { kind: 'end', winner: 1, reason: 'first' },
      { kind: 'simultaneous', options: ['A', 'B'], outcomes: [{ first: 'A', second: 'B', steps: [{ kind: 'score', seat: 0, delta: 2 }] }], otherwise: [] },
    ]);
    expect(mirror(mirror(steps))).toEqual(steps);
  });
});

describe('repairDeck', () => {
  it('adds suits, then copies, until the deck holds every card the game may deal', () => {
    const b = builder(1);
    b.cardsWorst = 10;
    expect(repairDeck(b)).toBe(9);
    expect([b.deck.suits, b.deck.copies]).toEqual([['a', 'b', 'c', 'd'], 1]);
    b.cardsWorst = 20;
    expect(repairDeck(b)).toBe(12);
    expect([b.deck.suits.length, b.deck.copies, b.deck.ranks.length]).toEqual([4, 2, 3]);
    expect(repairDeck(b)).toBe(0);
  });
});

describe('names and seeds', () => {
  it('hands out each name once, numbering repeats', () => {
    const n = new NameAllocator(new Draw('n'));
    const got = [n.fresh(['Draw']), n.fresh(['Draw']), n.claim('Setup'), n.claim('Setup'), n.claim('Alice')];
    expect(got).toEqual(['Draw', 'Draw2', 'Setup', 'Setup2', 'Alice2']);
  });

  it('derives candidate and pool seeds as documented', () => {
    expect(candidateSeed(42, 0)).toBe(42);
    const derived = Array.from({ length: 50 }, (_, k) => candidateSeed(42, k + 1));
    expect(new Set(derived).size).toBe(50);
    for (const s of derived) expect(Number.isInteger(s) && s >= 0 && s < MAX_SEED).toBe(true);
    expect(candidateSeed(42, 3)).toBe(candidateSeed(42, 3));
    expect(poolSlots(7, 5, [0.2, 0.6]).map((s) => s.complexity)).toEqual([0.2, 0.3, 0.4, 0.5, 0.6]);
    expect(poolSlots(7, 1, [0.2, 0.6]).map((s) => s.complexity)).toEqual([0.2]);
    expect(poolSlots(7, 3, [0, 1]).map((s) => s.complexity)).toEqual([0, 0.5, 1]);
    expect(poolSlots(7, 3, [0, 1])[1]!.seed).toBe(poolSlots(7, 9, [0, 1])[1]!.seed);
    expect([slotFile(3, 10), slotFile(3, 11), slotFile(0, 1)]).toEqual(['game-3.gbg', 'game-03.gbg', 'game-0.gbg']);
  });
});
