/**
 * Seats with no chips behind (issue 10, item 3), following the poker convention of OpenSpiel's
 * `universal_poker`: a seat with no chips has no betting decisions, a bet or raise is not offered
 * against an opponent who cannot answer it, and play goes on to the next phase or the showdown.
 * Exact tree values are compared with an independent enumeration written directly below.
 */
import { describe, expect, it } from 'vitest';
import type { Step } from '../../src/ir/schema.js';
import { expectedReturns, treeStats, uniformPolicy, type Policy } from '../../src/algorithms/index.js';
import { menu, shuffleAndDeal, texts, tinyGame } from './helpers.js';

/** Kuhn's deck (J, Q, K), one card each, ante, one fixed betting round (Alice first), high card. */
function kuhnLike(stacks: [number, number], ante: number, bet: number, cap: number) {
  const steps: Step[] = [
    ...shuffleAndDeal(1),
    { kind: 'ante', amount: ante, payers: [0, 1] },
    { kind: 'betting', mode: 'fixed', betSize: bet, raiseCap: cap, firstSeat: 0 },
  ];
  return tinyGame(steps, { stacks });
}

/**
 * The same game enumerated directly (no interpreter): every deal of 2 of the 3 cards, then the
 * betting round with the all-in rules, returning the expected returns of seat 0 when both seats
 * pick among their legal actions with `pick` (probabilities over [fold, call, raise] ids).
 */
function directValue(
  stacks: [number, number],
  ante: number,
  bet: number,
  cap: number,
  pick: (legal: number[]) => number[],
): { value: number; terminals: number; decisions: number } {
  let value = 0;
  let terminals = 0;
  let decisions = 0;
  const deals: [number, number][] = [];
  for (let a = 0; a < 3; a++) for (let b = 0; b < 3; b++) if (a !== b) deals.push([a, b]);
  for (const [c0, c1] of deals) {
    const paid = [Math.min(ante, stacks[0]), Math.min(ante, stacks[1])];
    const left = [stacks[0] - paid[0], stacks[1] - paid[1]];
    const settle = (contrib: number[], folder: number): number => {
      // Seat 0's winnings: what seat 1 put in if seat 0 wins, minus what seat 0 put in if it loses.
      const total0 = paid[0] + contrib[0];
      const total1 = paid[1] + contrib[1];
      const winner = folder >= 0 ? 1 - folder : c0 > c1 ? 0 : 1;
      return winner === 0 ? total1 : -total0;
    };
    const walk = (me: number, contrib: number[], stack: number[], bets: number, acted: number, p: number): void => {
      const need = Math.max(0, contrib[1 - me] - contrib[me]);
      const legal: number[] = need > 0 ? [0, 1] : [1];
      if (bets < cap && stack[me] >= need + bet && stack[1 - me] > 0) legal.push(2);
      decisions++;
      const probs = pick(legal);
      legal.forEach((a, i) => {
        if (probs[i] === 0) return;
        const q = p * probs[i]!;
        const c = [...contrib];
        const s = [...stack];
        if (a === 0) {
          terminals++;
          value += q * settle(c, me);
          return;
        }
        if (a === 1) {
          const pay = Math.min(need, s[me]!);
          c[me]! += pay;
          s[me]! -= pay;
          // A short call: the unmatched part goes back to the bettor.
          if (pay < need) c[1 - me] = c[me]!;
        } else {
          c[me]! += need + bet;
          s[me]! -= need + bet;
        }
        const nowActed = acted | (1 << me);
        if (nowActed === 3 && c[0] === c[1]) {
          terminals++;
          value += q * settle(c, -1);
          return;
        }
        walk(1 - me, c, s, a === 2 ? bets + 1 : bets, nowActed, q);
      });
    };
    if (left[0] === 0 || left[1] === 0) {
      terminals++;
      value += settle([0, 0], -1) / deals.length;
    } else walk(0, [0, 0], left, 0, 0, 1 / deals.length);
  }
  return { value, terminals, decisions };
}

const uniformPick = (legal: number[]): number[] => legal.map(() => 1 / legal.length);
/** Always the most aggressive legal action (raise, else call). */
const aggressivePick = (legal: number[]): number[] => legal.map((_, i) => (i === legal.length - 1 ? 1 : 0));
const aggressive: Policy = (_s, _seat, legal) => legal.map((_, i) => (i === legal.length - 1 ? 1 : 0));

describe('all-in seats', () => {
  it('stacks 10 / 1 with an ante of 1: no betting decision at all, straight to the showdown after the antes', () => {
    const game = kuhnLike([10, 1], 1, 1, 1);
    const s = game.newInitialState();
    s.applyAction(0);
    s.applyAction(1);
    expect(s.isTerminal()).toBe(true);
    expect(s.reachedShowdown()).toBe(true);
    expect(texts(s, 0)).toContain('Bob has no chips left (all-in): no betting in this round.');
    expect(s.returns()).toEqual([-1, 1]);
    const stats = treeStats(game);
    expect(stats.decisionNodes).toBe(0);
    expect(stats.infoStates).toEqual([0, 0]);
    expect(stats.terminalHistories).toBe(6);
  });

  it('a short all-in call in fixed betting: Bob (1 chip behind) facing a bet of 2 may fold or call 1, never raise; 1 chip goes back', () => {
    const game = kuhnLike([10, 2], 1, 2, 2);
    const s = game.newInitialState();
    s.applyAction(2); // Alice K
    s.applyAction(0); // Bob J
    s.applyAction(2); // Alice bets 2
    expect(menu(s)).toEqual(['fold', 'call']);
    expect(s.observation(1).decision?.menu.find((m) => m.label === 'call')?.cost).toBe(1);
    s.applyAction(1);
    expect(s.isTerminal()).toBe(true);
    expect(texts(s, 0)).toContain('1 chip that could not be matched go back to Alice.');
    expect(s.returns()).toEqual([2, -2]);
  });

  it('no raise against an opponent who bet its last chip, though the cap and the stack would allow it', () => {
    const game = kuhnLike([3, 10], 1, 2, 3);
    const s = game.newInitialState();
    s.applyAction(0);
    s.applyAction(1);
    expect(menu(s)).toEqual(['check', 'bet']);
    s.applyAction(2); // Alice bets her last 2 chips
    expect(s.chips().stacks[0]).toBe(0);
    expect(menu(s)).toEqual(['fold', 'call']);
  });

  it('no bet is offered to a seat whose opponent went all-in on the ante, in later rounds too', () => {
    const steps: Step[] = [
      ...shuffleAndDeal(1),
      { kind: 'ante', amount: 2, payers: [0, 1] },
      { kind: 'betting', mode: 'fixed', betSize: 1, raiseCap: 1, firstSeat: 0 },
      { kind: 'varbet', firstSeat: 1, max: 'stack', fallbackBet: 1 },
      { kind: 'wager', seat: 0, min: 1, max: 'stack' },
      { kind: 'match', seat: 1 },
    ];
    const s = tinyGame(steps, { stacks: [9, 2] }).newInitialState();
    s.applyAction(0);
    s.applyAction(1);
    expect(s.isTerminal()).toBe(true);
    expect(texts(s, 0).filter((t) => t.includes('no betting in this round'))).toHaveLength(2);
    expect(texts(s, 0)).toContain('Bob has no chips left to answer a wager: Alice makes no wager.');
  });

  it('variable betting with a seat at 0 chips is skipped (no fold/call of a pot it has fully paid)', () => {
    const steps: Step[] = [...shuffleAndDeal(1), { kind: 'ante', amount: 1, payers: [0, 1] }, { kind: 'varbet', firstSeat: 0, max: 'stack', fallbackBet: 1 }];
    const game = tinyGame(steps, { stacks: [10, 1] });
    expect(treeStats(game).decisionNodes).toBe(0);
  });

  for (const [stacks, ante, bet, cap] of [
    [[10, 1], 1, 1, 1],
    [[10, 2], 1, 2, 2],
    [[3, 10], 1, 2, 3],
    [[4, 6], 1, 2, 3],
    [[5, 5], 2, 2, 2],
    [[10, 10], 1, 1, 1],
  ] as [[number, number], number, number, number][]) {
    it(`exact values equal an independent enumeration: stacks ${stacks.join('/')}, ante ${ante}, bet ${bet}, cap ${cap}`, () => {
      const game = kuhnLike(stacks, ante, bet, cap);
      const stats = treeStats(game);
      for (const [policy, pick] of [
        [uniformPolicy, uniformPick],
        [aggressive, aggressivePick],
      ] as [Policy, (l: number[]) => number[]][]) {
        const direct = directValue(stacks, ante, bet, cap, pick);
        const [v0, v1] = expectedReturns(game, policy);
        expect(v0).toBeCloseTo(direct.value, 12);
        expect(v1).toBeCloseTo(-direct.value, 12);
      }
      const all = directValue(stacks, ante, bet, cap, uniformPick);
      expect(stats.terminalHistories).toBe(all.terminals);
      expect(stats.decisionNodes).toBe(all.decisions);
    });
  }

  it('Kuhn (stacks 10) keeps its value under uniform play: the all-in rule changes nothing when stacks cover every bet', () => {
    expect(expectedReturns(kuhnLike([10, 10], 1, 1, 1), uniformPolicy)[0]).toBeCloseTo(directValue([10, 10], 1, 1, 1, uniformPick).value, 12);
  });
});
