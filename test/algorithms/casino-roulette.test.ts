// The roulette reference: every bet type's payout, the house edge of every bet, hand-computed target
// probabilities, and the optimal-target policy's success probability against two independent
// dynamic programs written differently (a forward propagation of the bankroll distribution under
// the policy, and a top-down recursion over the deficit to the target).
import { describe, expect, it } from 'vitest';
import {
  betLabel,
  betWins,
  illegalBets,
  RED_NUMBERS,
  ROULETTE_PAYOUTS,
  ROULETTE_POCKETS,
  RouletteTargetReference,
  spinNet,
  type RouletteBet,
  type RouletteBetType,
} from '../../src/algorithms/casino/roulette.js';
import { evLoss } from '../../src/algorithms/ev-loss.js';

const bet = (type: RouletteBetType, selection: string, stake = 10): RouletteBet => ({ type, selection, stake });

describe('roulette: wheel and payouts', () => {
  it('38 pockets, 18 red numbers', () => {
    expect(ROULETTE_POCKETS).toHaveLength(38);
    expect(ROULETTE_POCKETS.slice(0, 3)).toEqual(['0', '00', '1']);
    expect(RED_NUMBERS).toHaveLength(18);
  });

  it('each bet type pays its ruleset payout to one on a win and loses its stake otherwise', () => {
    expect(spinNet([bet('straight_up', '17')], '17')).toBe(350);
    expect(spinNet([bet('straight_up', '17')], '18')).toBe(-10);
    expect(spinNet([bet('straight_up', '0')], '0')).toBe(350);
    expect(spinNet([bet('straight_up', '00')], '00')).toBe(350);
    expect(spinNet([bet('straight_up', '0')], '00')).toBe(-10);
    expect(spinNet([bet('red_black', 'red')], '1')).toBe(10);
    expect(spinNet([bet('red_black', 'black')], '2')).toBe(10);
    expect(spinNet([bet('red_black', 'red')], '2')).toBe(-10);
    expect(spinNet([bet('odd_even', 'odd')], '35')).toBe(10);
    expect(spinNet([bet('odd_even', 'even')], '36')).toBe(10);
    expect(spinNet([bet('low_high', 'low')], '18')).toBe(10);
    expect(spinNet([bet('low_high', 'high')], '19')).toBe(10);
    expect(spinNet([bet('low_high', 'high')], '18')).toBe(-10);
    expect(spinNet([bet('dozen', '1')], '12')).toBe(20);
    expect(spinNet([bet('dozen', '2')], '13')).toBe(20);
    expect(spinNet([bet('dozen', '3')], '36')).toBe(20);
    expect(spinNet([bet('dozen', '3')], '24')).toBe(-10);
    expect(spinNet([bet('column', '1')], '34')).toBe(20);
    expect(spinNet([bet('column', '2')], '35')).toBe(20);
    expect(spinNet([bet('column', '3')], '36')).toBe(20);
    expect(spinNet([bet('column', '3')], '34')).toBe(-10);
    expect(ROULETTE_PAYOUTS).toEqual({ straight_up: 35, red_black: 1, odd_even: 1, low_high: 1, dozen: 2, column: 2 });
  });

  it('0 and 00 lose every outside bet', () => {
    for (const p of ['0', '00'])
      for (const b of [
        bet('red_black', 'red'),
        bet('red_black', 'black'),
        bet('odd_even', 'even'),
        bet('low_high', 'low'),
        bet('dozen', '1'),
        bet('column', '3'),
      ])
        expect(betWins(b, p)).toBe(false);
  });

  it('every bet on every selection wins on its count of pockets and loses 2/38 per chip staked', () => {
    const counts: Record<RouletteBetType, number> = { straight_up: 1, red_black: 18, odd_even: 18, low_high: 18, dozen: 12, column: 12 };
    const sels: Record<RouletteBetType, string[]> = {
      straight_up: [...ROULETTE_POCKETS],
      red_black: ['red', 'black'],
      odd_even: ['odd', 'even'],
      low_high: ['low', 'high'],
      dozen: ['1', '2', '3'],
      column: ['1', '2', '3'],
    };
    for (const type of Object.keys(counts) as RouletteBetType[])
      for (const s of sels[type]) {
        const b = bet(type, s, 1);
        expect(ROULETTE_POCKETS.filter((p) => betWins(b, p))).toHaveLength(counts[type]);
        expect(ROULETTE_POCKETS.reduce((sum, p) => sum + spinNet([b], p), 0)).toBe(-2);
      }
  });

  it('illegal bets are named with the reason', () => {
    expect(illegalBets([], 0)).toBeUndefined();
    expect(illegalBets([bet('red_black', 'red', 100), bet('dozen', '1', 100)], 1000)).toBeUndefined();
    expect(illegalBets([bet('red_black', 'red', 101)], 1000)).toMatch(/from 1 to 100/);
    expect(illegalBets([bet('red_black', 'red', 0)], 1000)).toMatch(/from 1 to 100/);
    expect(illegalBets([bet('red_black', 'red', 100), bet('dozen', '1', 100), bet('straight_up', '7', 1)], 1000)).toMatch(/limit of 200/);
    expect(illegalBets([bet('red_black', 'red', 50)], 40)).toMatch(/bankroll of 40/);
    expect(illegalBets([bet('dozen', '4')], 1000)).toMatch(/selection "4"/);
    expect(illegalBets([{ type: 'split' as RouletteBetType, selection: '1', stake: 1 }], 1000)).toMatch(/unknown bet type/);
    expect(betLabel([])).toBe('skip');
    expect(betLabel([bet('red_black', 'red', 5), bet('dozen', '1', 3)])).toBe('dozen:1:3+red_black:red:5');
  });
});

describe('roulette: the optimal single-bet policy for a target', () => {
  it('hand-computed one-spin cases', () => {
    const one = (target: number): RouletteTargetReference => new RouletteTargetReference({ target, spins: 1 });
    expect(one(1000).successProbability()).toBe(1);
    expect(one(1035).successProbability()).toBeCloseTo(18 / 38, 15); // even money 35 (a straight-up 1 gives only 1/38)
    expect(one(1100).successProbability()).toBeCloseTo(18 / 38, 15);
    expect(one(1200).successProbability()).toBeCloseTo(12 / 38, 15); // a dozen of 100
    expect(one(1201).successProbability()).toBeCloseTo(1 / 38, 15); // straight up ≥ 6
    expect(one(4501).successProbability()).toBe(0); // 100 × 35 = 3,500 at most
    expect(one(1200).policy(1000, 1)).toEqual({ kind: 'dozen_column', stake: 100, bets: [{ type: 'dozen', selection: '1', stake: 100 }] });
    expect(one(1201).policy(1000, 1)).toMatchObject({ kind: 'straight_up', stake: 6 });
    expect(one(1000).policy(1000, 1).kind).toBe('skip');
  });

  it('a hand-computed two-spin case: 1,000 → 1,200 in two spins = 12/38 + 26/38 × 1/38', () => {
    const ref = new RouletteTargetReference({ target: 1200, spins: 2 });
    expect(ref.successProbability()).toBeCloseTo(12 / 38 + (26 / 38) * (1 / 38), 15);
    expect(ref.policy(1000, 2)).toMatchObject({ kind: 'dozen_column', stake: 100 });
    expect(ref.policy(900, 1)).toMatchObject({ kind: 'straight_up', stake: 9 });
  });

  const T = 1500;
  const ref = new RouletteTargetReference({ target: T });

  it('the league session (1,000 → 1,500 in 50 spins): forward propagation of the bankroll distribution under the policy gives the same probability', () => {
    let dist = new Map<number, number>([[1000, 1]]);
    for (let n = 50; n >= 1; n--) {
      const next = new Map<number, number>();
      for (const [b, p] of dist) {
        const a = ref.policy(b, n);
        for (const pocket of ROULETTE_POCKETS) {
          const nb = b + spinNet(a.bets, pocket);
          next.set(nb, (next.get(nb) ?? 0) + p / 38);
        }
      }
      dist = next;
    }
    let reached = 0;
    for (const [b, p] of dist) if (b >= T) reached += p;
    expect(reached).toBeCloseTo(ref.successProbability(), 12);
    // Bold play cannot beat a fair game's bound 1000/1500, and roulette is unfair.
    expect(ref.successProbability()).toBeGreaterThan(0.5);
    expect(ref.successProbability()).toBeLessThan(2 / 3);
  });

  it('the same probability from a top-down recursion over the deficit to the target (written separately)', () => {
    // W(n, d): best probability with n spins left and d chips short of the target (bankroll T − d).
    const memo = new Map<number, number>();
    const classes = [
      [18 / 38, 1],
      [12 / 38, 2],
      [1 / 38, 35],
    ];
    const W = (n: number, d: number): number => {
      if (d <= 0) return 1;
      if (n === 0 || d >= T) return 0; // d = T is a bankroll of 0: nothing left to stake
      const key = n * 100000 + d;
      const m = memo.get(key);
      if (m !== undefined) return m;
      let best = W(n - 1, d);
      const bankroll = T - d;
      for (const [p, k] of classes)
        for (let s = 1; s <= Math.min(100, bankroll); s++) {
          const v = p * W(n - 1, d - k * s) + (1 - p) * W(n - 1, d + s);
          if (v > best) best = v;
        }
      memo.set(key, best);
      return best;
    };
    expect(W(50, T - 1000)).toBeCloseTo(ref.successProbability(), 12);
    expect(W(20, T - 700)).toBeCloseTo(ref.successProbability(700, 20), 12);
  });

  it('the value of bets and the target regret per decision', () => {
    const a = ref.policy(1000, 50);
    expect(ref.betValue(1000, 50, a.bets)).toBeCloseTo(ref.successProbability(), 14);
    expect(ref.targetRegret({ bankroll: 1000, spinsLeft: 50, bets: a.bets })).toBeCloseTo(0, 14);
    const skip = ref.targetRegret({ bankroll: 1000, spinsLeft: 50, bets: [] });
    expect(skip).toBeGreaterThanOrEqual(0);
    expect(skip).toBeCloseTo(ref.successProbability() - ref.successProbability(1000, 49), 14);
    const straight = [bet('straight_up', '7', 1)];
    const regret = ref.targetRegret({ bankroll: 1000, spinsLeft: 50, bets: straight });
    expect(regret).toBeGreaterThan(0);
    const values = ref.actionValues({ bankroll: 1000, spinsLeft: 50, bets: straight })!;
    expect(evLoss(values, betLabel(straight))).toBeCloseTo(regret, 14);
    expect(ref.actionValues({ bankroll: 1000, spinsLeft: 0, bets: [] })).toBeUndefined();
    // A bet on 0 and one on 00 have the same value as any other straight-up bet of the stake.
    expect(ref.betValue(1000, 50, [bet('straight_up', '0', 5)])).toBeCloseTo(ref.betValue(1000, 50, [bet('straight_up', '36', 5)]), 15);
    expect(() => ref.betValue(1000, 50, [bet('red_black', 'red', 150)])).toThrow(/from 1 to 100/);
    expect(() => ref.successProbability(1000, 51)).toThrow(/spinsLeft/);
    expect(() => new RouletteTargetReference({ target: 0 })).toThrow(/target/);
  });
});
