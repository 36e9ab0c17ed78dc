/**
 * Scores, positions, variables and expressions: the sum-of-ranks showdown with bonuses,
 * penalties and score adjustments (ties split, odd chip by chance), positions assigned by each
 * criterion (public, or hidden and told only to the holder), `set`, and every expression form.
 */
import { describe, expect, it } from 'vitest';
import type { BoolExpr, GameIR, IntExpr, Step } from '../../src/ir/schema.js';
import { CHANCE, compileGame } from '../../src/interpreter/index.js';
import { EV } from '../../src/interpreter/layout.js';
import { sumOfRanks, sumOfRanksParts } from '../../src/interpreter/showdown.js';
import fc from 'fast-check';
import { applyAll, kuhnVariant, seatRef, shuffleAndDeal, texts, tinyGame } from './helpers.js';

/** 10, J, Q, K in hearts and spades; unshuffled order 10♥ 10♠ J♥ J♠ Q♥ Q♠ K♥ K♠ (types 0–7). */
const EIGHT: Partial<GameIR> = {
  deck: {
    ranks: [
      { name: '10', value: 10 },
      { name: 'J', value: 11 },
      { name: 'Q', value: 12 },
      { name: 'K', value: 13 },
    ],
    suits: ['hearts', 'spades'],
    copies: 1,
  },
};
const dealTo = (seat: 0 | 1, count: number): Step => ({ kind: 'deal', count, from: { kind: 'deck' }, to: { kind: 'hand', seat }, faceUp: false });
const dealJQ: Step = { kind: 'deal', count: 1, from: { kind: 'deck' }, to: { kind: 'each' }, faceUp: false };
const pause: Step = { kind: 'choice', seat: 1, announce: 'public', options: [{ name: 'go', cost: 0, costChance: 1, steps: [] }] };

describe('sum-of-ranks showdown', () => {
  it('adds rank values, pair bonuses, per-card penalties and score adjustments; the higher total wins', () => {
    const game = tinyGame(
      [dealTo(0, 3), dealTo(1, 3), { kind: 'ante', amount: 1, payers: [0, 1] }, { kind: 'score', seat: 0, delta: -1 }, { kind: 'score', seat: 1, delta: 3 }],
      {
        ...EIGHT,
        showdown: {
          metric: 'sum-of-ranks',
          rules: [
            { kind: 'pair', rank: 0, points: 5 },
            { kind: 'each', rank: 2, points: -2 },
          ],
        },
      },
    );
    const s = game.newInitialState();
    // Alice 10♥ 10♠ J♥: 31 + 5 (pair of 10s) − 1 = 35. Bob J♠ Q♥ Q♠: 35 − 2 × 2 + 3 = 34.
    expect(texts(s, 1).filter((t) => t.includes('total'))).toEqual(["Alice's total: 35 points.", "Bob's total: 34 points."]);
    expect(s.returns()).toEqual([1, -1]);
    expect(s.observation(0).scores).toEqual([-1, 3]);
  });

  it("the seed paper's rules: +3 for a pair of Js, −3 per King", () => {
    const p = tinyGame([], {
      ...EIGHT,
      showdown: {
        metric: 'sum-of-ranks',
        rules: [
          { kind: 'pair', rank: 1, points: 3 },
          { kind: 'each', rank: 3, points: -3 },
        ],
      },
    }).program;
    expect(sumOfRanks(p, [2, 3, 6], 0)).toBe(11 + 11 + 13 + 3 - 3);
    expect(sumOfRanks(p, [6, 7, 2], 2)).toBe(13 + 13 + 11 - 6 + 2);
    expect(sumOfRanks(p, [], 0)).toBe(0);
    // The total without its parts is the parts' total, call after call (its rank counts start at 0 each time).
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 7 }), { maxLength: 12 }), fc.integer({ min: -5, max: 5 }), (cards, score) => {
        expect(sumOfRanks(p, cards, score)).toBe(sumOfRanksParts(p, cards, score).total);
      }),
      { seed: 7, numRuns: 300 },
    );
  });

  it('equal totals split the pot; the odd chip goes to a seat drawn by chance', () => {
    // Alice's 10♥ + 1 point ties Bob's 10♠ + 1 point: 11 each.
    const game = tinyGame(
      [
        dealJQ,
        { kind: 'score', seat: 0, delta: 1 },
        { kind: 'score', seat: 1, delta: 1 },
        { kind: 'ante', amount: 2, payers: [0] },
        { kind: 'ante', amount: 1, payers: [1] },
      ],
      {
        ...EIGHT,
        showdown: { metric: 'sum-of-ranks', rules: [] },
      },
    );
    const s = game.newInitialState();
    expect(s.currentPlayer()).toBe(CHANCE);
    expect(s.chanceOutcomes()).toEqual([
      [0, 0.5],
      [1, 0.5],
    ]);
    expect(texts(s, 0)).toContain('The showdown is a tie: the pot is split.');
  });
});

describe('positions', () => {
  const assign = (criterion: Extract<Step, { kind: 'assign' }>['criterion'], position = 'Leader'): Step => ({ kind: 'assign', position, criterion });
  const leader: Partial<GameIR> = { positions: [{ name: 'Leader', visibility: 'public' }] };

  it('public: the holder is announced to both seats, by each criterion; a tie gives it to nobody', () => {
    const holder = (criterion: Parameters<typeof assign>[0], stacks: [number, number] = [10, 10]) =>
      tinyGame([dealJQ, assign(criterion)], { ...leader, stacks })
        .newInitialState()
        .positionHolder('Leader');
    expect(holder({ kind: 'highest-card' })).toBe(1);
    expect(holder({ kind: 'lowest-card' })).toBe(0);
    expect(holder({ kind: 'chip-leader' }, [10, 12])).toBe(1);
    expect(holder({ kind: 'chip-leader' })).toBe(-1);
    expect(holder({ kind: 'seat', seat: 0 })).toBe(0);
    const s = tinyGame([dealJQ, assign({ kind: 'chip-leader' }), pause], leader).newInitialState();
    expect(texts(s, 0)).toContain('Nobody takes the position Leader (a tie).');
    const t = tinyGame([dealJQ, assign({ kind: 'highest-card' }), pause], leader).newInitialState();
    for (const seat of [0, 1]) expect(t.observation(seat).positions).toEqual([{ name: 'Leader', hidden: false, holder: 'Bob' }]);
    expect(texts(t, 0)).toContain('Bob takes the position Leader.');
  });

  it('lowest-card with an empty hand goes to the seat that has cards', () => {
    expect(
      tinyGame([dealTo(1, 1), assign({ kind: 'lowest-card' })], leader)
        .newInitialState()
        .positionHolder('Leader'),
    ).toBe(1);
  });

  it('hidden: each seat is told only whether it holds it (the non-holder cannot tell the opponent from nobody)', () => {
    // J, J, Q, Q: equal cards tie (nobody holds Sharp), else the Q holds it.
    const game = tinyGame([...shuffleAndDeal(1), assign({ kind: 'highest-card' }, 'Sharp'), pause], {
      deck: {
        ranks: [
          { name: 'J', value: 11 },
          { name: 'Q', value: 12 },
        ],
        suits: ['hearts'],
        copies: 2,
      },
      positions: [{ name: 'Sharp', visibility: 'hidden' }],
    });
    const aliceHolds = applyAll(game.newInitialState(), ['Q of hearts', 'J of hearts']);
    const nobody = applyAll(game.newInitialState(), ['J of hearts', 'J of hearts']);
    expect(aliceHolds.positionHolder('Sharp')).toBe(0);
    expect(nobody.positionHolder('Sharp')).toBe(-1);
    expect(aliceHolds.observation(0).positions).toEqual([{ name: 'Sharp', hidden: true, holder: 'Alice' }]);
    expect(aliceHolds.observation(1).positions).toEqual([{ name: 'Sharp', hidden: true, holder: null }]);
    expect(texts(aliceHolds, 0)).toContain('Alice holds the hidden position Sharp.');
    expect(texts(aliceHolds, 1)).toContain('Bob does not hold the hidden position Sharp.');
    expect(texts(aliceHolds, 1).join(' ')).not.toContain('Alice holds');
    expect(aliceHolds.informationStateKey(1)).toBe(nobody.informationStateKey(1));
    expect(aliceHolds.observation(1)).toEqual(nobody.observation(1));
  });
});

describe('variables and expressions', () => {
  const int = (value: number): IntExpr => ({ kind: 'int', value });
  /** Truth values of public checks, in order, after running `setup` then one check per condition. */
  function truths(setup: Step[], conds: BoolExpr[], patch: Partial<GameIR> = {}): number[] {
    const steps: Step[] = [...setup, ...conds.map((cond): Step => ({ kind: 'if', branches: [{ cond, check: 'public', steps: [] }], otherwise: [] }))];
    const s = compileGame(kuhnVariant({ phases: [{ name: 'Main', steps }], ...patch })).newInitialState();
    return s.log
      .rows()
      .filter((r) => r[0] === EV.COND)
      .map((r) => r[3]);
  }

  it('set evaluates sums and differences of highest card, hand size, score, pot, stack, pile size and variables', () => {
    const value: IntExpr = {
      kind: 'add',
      left: { kind: 'highest', seat: seatRef(0) },
      right: { kind: 'sub', left: { kind: 'handSize', seat: seatRef(1) }, right: { kind: 'score', seat: seatRef(0) } },
    };
    const more: IntExpr = {
      kind: 'add',
      left: { kind: 'var', name: 'v' },
      right: {
        kind: 'add',
        left: { kind: 'pot' },
        right: { kind: 'add', left: { kind: 'stack', seat: seatRef(1) }, right: { kind: 'size', pile: { kind: 'deck' } } },
      },
    };
    const s = tinyGame(
      [
        dealJQ,
        { kind: 'ante', amount: 1, payers: [1] },
        { kind: 'score', seat: 0, delta: 4 },
        { kind: 'set', variable: 'v', value },
        { kind: 'set', variable: 'w', value: more },
        pause,
      ],
      {
        variables: [
          { name: 'v', initial: 0 },
          { name: 'w', initial: -5 },
        ],
      },
    ).newInitialState();
    // v = 11 + (1 − 4) = 8; w = 8 + 1 + 9 + 1 = 19.
    expect(s.variable('v')).toBe(8);
    expect(s.variable('w')).toBe(19);
    expect(texts(s, 0).slice(-2)).toEqual(['«v» is now 8.', '«w» is now 19.']);
    expect(s.observation(1).variables).toEqual({ v: 8, w: 19 });
  });

  it('an empty hand has highest card 0; any/each quantify over the seats; has, pair, holds, not, and, or', () => {
    const stack = (seat: 'any' | 'each', op: '<=' | '>=', v: number): BoolExpr => ({
      kind: 'cmp',
      op,
      left: { kind: 'stack', seat: { kind: seat } },
      right: int(v),
    });
    const got = truths(
      [dealJQ, { kind: 'ante', amount: 1, payers: [1] }, { kind: 'assign', position: 'Leader', criterion: { kind: 'seat', seat: 1 } }],
      [
        stack('any', '<=', 9),
        stack('each', '<=', 9),
        stack('each', '>=', 9),
        { kind: 'has', seat: { kind: 'any' }, ranks: [2] },
        { kind: 'has', seat: { kind: 'each' }, ranks: [0, 1] },
        { kind: 'hasPair', seat: { kind: 'any' } },
        { kind: 'holds', seat: seatRef(1), position: 'Leader' },
        { kind: 'holds', seat: { kind: 'any' }, position: 'Leader' },
        { kind: 'not', arg: { kind: 'holds', seat: seatRef(0), position: 'Leader' } },
        { kind: 'and', args: [{ kind: 'bool', value: true }, stack('each', '<=', 9)] },
        { kind: 'or', args: [{ kind: 'bool', value: false }, stack('any', '<=', 9)] },
        { kind: 'cmp', op: '==', left: { kind: 'highest', seat: seatRef(0) }, right: int(11) },
        { kind: 'cmp', op: '!=', left: { kind: 'size', pile: { kind: 'deck' } }, right: int(1) },
      ],
      { positions: [{ name: 'Leader', visibility: 'public' }] },
    );
    expect(got).toEqual([1, 0, 1, 0, 1, 0, 1, 1, 1, 0, 1, 1, 0]);
    expect(truths([], [{ kind: 'cmp', op: '==', left: { kind: 'highest', seat: { kind: 'each' } }, right: int(0) }])).toEqual([1]);
  });

  it('hasPair: two or more cards of one rank', () => {
    const pairs: Partial<GameIR> = {
      deck: {
        ranks: [
          { name: 'J', value: 11 },
          { name: 'Q', value: 12 },
        ],
        suits: ['hearts'],
        copies: 2,
      },
    };
    // Unshuffled J J Q Q: Alice takes J, J.
    expect(
      truths(
        [dealTo(0, 2)],
        [
          { kind: 'hasPair', seat: seatRef(0) },
          { kind: 'hasPair', seat: seatRef(1) },
        ],
        pairs,
      ),
    ).toEqual([1, 0]);
    expect(truths([dealJQ, dealJQ], [{ kind: 'hasPair', seat: { kind: 'any' } }], pairs)).toEqual([0]);
  });

  it('conditions are described in words', () => {
    const g = tinyGame([
      {
        kind: 'if',
        branches: [
          {
            cond: {
              kind: 'or',
              args: [
                { kind: 'has', seat: seatRef(0), ranks: [2, 0] },
                { kind: 'not', arg: { kind: 'hasPair', seat: { kind: 'each' } } },
              ],
            },
            check: 'public',
            steps: [],
          },
        ],
        otherwise: [],
      },
    ]);
    expect(texts(g.newInitialState(), 0)).toContain('Check: Alice holds a card of rank K or J or not (each seat holds a pair) — yes.');
  });
});
