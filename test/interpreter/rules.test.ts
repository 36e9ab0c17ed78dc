/**
 * Rules beyond the two reference games, on small variants: all-in calls, clamped antes,
 * unshuffled and short deals, face-up and hidden piles, the odd chip of a split pot.
 */
import { describe, expect, it } from 'vitest';
import { CHANCE } from '../../src/interpreter/index.js';
import { expectedReturns, treeStats, uniformPolicy } from '../../src/algorithms/index.js';
import { compareHighCard, pairsBoard } from '../../src/interpreter/showdown.js';
import { KUHN_IR } from '../fixtures/ir.js';
import { applyAll, gameWithPhases } from './helpers.js';

const shuffleDeal = KUHN_IR.phases[0];

describe('betting with short stacks', () => {
  // Stacks 3 and 10, ante 1, bets of 4: seat 0 cannot afford a bet; calling a bet puts it all-in.
  const game = gameWithPhases(
    [
      shuffleDeal,
      { name: 'Ante', steps: [{ kind: 'ante', amount: 1, payers: [0, 1] }] },
      { name: 'Betting', steps: [{ kind: 'betting', mode: 'fixed', betSize: 4, raiseCap: 2, firstSeat: 0 }] },
    ],
    { stacks: [3, 10] },
  );

  it('allows a raise only when the seat can pay all of it', () => {
    const s = applyAll(game.newInitialState(), ['K of hearts', 'J of hearts']);
    expect(s.legalActions()).toEqual([1]);
    s.applyAction(1);
    expect(s.legalActions()).toEqual([1, 2]);
    s.applyAction(2);
    expect(s.chips()).toEqual({ stacks: [2, 5], pot: 6 });
    expect(s.legalActions()).toEqual([0, 1]);
  });

  it('an all-in call returns the uncalled excess to the bettor', () => {
    const s = applyAll(game.newInitialState(), ['K of hearts', 'J of hearts', 1, 2, 1]);
    expect(s.isTerminal()).toBe(true);
    const log = s.observation(1).log.map((e) => [e.kind, e.seat, e.amount]);
    expect(log).toContainEqual(['call', 0, 2]);
    expect(log).toContainEqual(['refund', 1, 2]);
    expect(s.returns()).toEqual([3, -3]);
    expect(s.chips()).toEqual({ stacks: [6, 7], pot: 0 });
  });

  it('first seat set by the step: the second seat opens', () => {
    const g = gameWithPhases([shuffleDeal, { name: 'Betting', steps: [{ kind: 'betting', mode: 'fixed', betSize: 1, raiseCap: 1, firstSeat: 1 }] }]);
    const s = applyAll(g.newInitialState(), ['K of hearts', 'J of hearts']);
    expect(s.currentPlayer()).toBe(1);
  });
});

describe('antes', () => {
  it('are clamped to the stack', () => {
    const g = gameWithPhases(
      [
        { name: 'Ante', steps: [{ kind: 'ante', amount: 5, payers: [0, 1] }] },
        { name: 'Betting', steps: [{ kind: 'betting', mode: 'fixed', betSize: 1, raiseCap: 1, firstSeat: 0 }] },
      ],
      { stacks: [2, 9] },
    );
    const s = g.newInitialState();
    expect(
      s
        .observation(0)
        .log.filter((e) => e.kind === 'ante')
        .map((e) => e.amount),
    ).toEqual([2, 5]);
    // Alice is all-in after the ante: the betting round is skipped, straight to the showdown.
    expect(s.observation(0).log.map((e) => e.text)).toContain('Alice has no chips left (all-in): no betting in this round.');
  });
});

describe('deals', () => {
  it('an unshuffled deck deals its top cards in canonical order, with no chance node', () => {
    const g = gameWithPhases([{ name: 'Deal', steps: [{ kind: 'deal', count: 1, from: { kind: 'deck' }, to: { kind: 'each' }, faceUp: false }] }]);
    const s = g.newInitialState();
    // No betting: straight to the showdown. J to seat 0, Q to seat 1.
    expect(s.isTerminal()).toBe(true);
    expect(s.observation(0).hand).toEqual(['J of hearts']);
    expect(s.observation(1).hand).toEqual(['Q of hearts']);
    expect(treeStats(g).histories).toBe(1);
  });

  it('canonical order is rank-major, then suit, then copy', () => {
    const g = gameWithPhases([{ name: 'Deal', steps: [{ kind: 'deal', count: 3, from: { kind: 'deck' }, to: { kind: 'hand', seat: 0 }, faceUp: false }] }], {
      deck: { ranks: KUHN_IR.deck.ranks, suits: ['hearts', 'spades'], copies: 2 },
    });
    expect(g.newInitialState().observation(0).hand).toEqual(['J of hearts', 'J of hearts', 'J of spades']);
  });

  it('deals cards to each seat in turn and stops when the deck runs out', () => {
    const g = gameWithPhases([
      { name: 'Shuffle', steps: [{ kind: 'shuffle', pile: { kind: 'deck' } }] },
      { name: 'Deal', steps: [{ kind: 'deal', count: 2, from: { kind: 'deck' }, to: { kind: 'each' }, faceUp: false }] },
    ]);
    const s = applyAll(g.newInitialState(), ['Q of hearts', 'K of hearts']);
    expect(s.chanceOutcomes()).toEqual([[0, 1]]);
    s.applyAction(0);
    expect(s.isTerminal()).toBe(true);
    // Cards of one deal step are one unordered event: each hand holds them in card-type order.
    expect(s.pileCards(1)).toEqual([0, 1]);
    expect(s.pileCards(2)).toEqual([2]);
    expect(s.observation(1).handSizes).toEqual([2, 1]);
    expect(s.observation(1).deckSize).toBe(0);
  });

  it('face-up cards are seen by both seats, face-down cards in a hidden pile by neither', () => {
    const g = gameWithPhases(
      [
        {
          name: 'Deal',
          steps: [
            { kind: 'shuffle', pile: { kind: 'deck' } },
            { kind: 'deal', count: 1, from: { kind: 'deck' }, to: { kind: 'hand', seat: 0 }, faceUp: true },
            { kind: 'deal', count: 1, from: { kind: 'deck' }, to: { kind: 'pile', name: 'burn' }, faceUp: false },
          ],
        },
      ],
      { piles: [{ name: 'burn', visibility: 'hidden' }] },
    );
    const s = applyAll(g.newInitialState(), ['K of hearts']);
    expect(s.observation(1).log.find((e) => e.kind === 'deal')?.cards).toEqual(['K of hearts']);
    s.applyAction(0);
    for (const seat of [0, 1]) {
      const o = s.observation(seat);
      expect(JSON.stringify(o)).not.toContain('J of hearts');
      expect(o.log.filter((e) => e.kind === 'deal').at(-1)?.hiddenCount).toBe(1);
      expect(o.publicPiles).toEqual({});
    }
  });
});

describe('showdown', () => {
  it('high card compares sorted values lexicographically; running out first loses', () => {
    expect(compareHighCard([13], [12])).toBeGreaterThan(0);
    expect(compareHighCard([11, 13], [13, 12])).toBeLessThan(0);
    expect(compareHighCard([13, 12], [12, 13])).toBe(0);
    expect(compareHighCard([13], [13, 2])).toBeLessThan(0);
    expect(compareHighCard([], [2])).toBeLessThan(0);
    expect(compareHighCard([], [])).toBe(0);
  });

  it('pair-with-board looks for a rank shared with the board', () => {
    expect(pairsBoard([0], [0])).toBe(true);
    expect(pairsBoard([1], [0, 2])).toBe(false);
    expect(pairsBoard([], [0])).toBe(false);
  });

  it('a tied odd pot gives the odd chip to a seat chosen by a chance node (1/2 each)', () => {
    // Two identical jacks, only seat 0 antes: the 1-chip pot is split 0/0 and the odd chip drawn.
    const g = gameWithPhases([{ name: 'Ante', steps: [{ kind: 'ante', amount: 1, payers: [0] }] }], {
      deck: { ranks: [{ name: 'J', value: 11 }], suits: ['hearts'], copies: 2 },
      phases: [
        { name: 'Deal', steps: [{ kind: 'deal', count: 1, from: { kind: 'deck' }, to: { kind: 'each' }, faceUp: false }] },
        { name: 'Ante', steps: [{ kind: 'ante', amount: 1, payers: [0] }] },
      ],
    });
    const s = g.newInitialState();
    expect(s.currentPlayer()).toBe(CHANCE);
    expect(s.chanceOutcomes()).toEqual([
      [0, 0.5],
      [1, 0.5],
    ]);
    expect(s.actionToString(CHANCE, 1)).toBe('odd chip to Bob');
    const t = s.clone();
    s.applyAction(1);
    expect(s.returns()).toEqual([-1, 1]);
    t.applyAction(0);
    expect(t.returns()).toEqual([0, 0]);
    expect(expectedReturns(g, uniformPolicy)).toEqual([-0.5, 0.5]);
    expect(s.observation(0).log.map((e) => e.kind)).toContain('odd-chip');
  });
});
