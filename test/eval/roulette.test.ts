/**
 * examples/roulette.gbg, the league's roulette exhibition as a game against the house: every bet
 * type's payout against hand-computed values and against the reference's `spinNet` on all 38
 * pockets, the stake limits refused with their reasons, a random bettor's sessions (matches of 50
 * spins with carried stacks) losing 2/38 per chip staked within 3 standard errors, and the
 * optimal-target policy of `src/algorithms/casino` played on the .gbg reaching its target with the
 * reference's probability (exactly, by a dynamic program over the game's own payouts, and by
 * simulated sessions within 3 standard errors).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compileSource } from '../../src/compiler/index.js';
import { CHANCE, IllegalActionError, type GameState } from '../../src/interpreter/api.js';
import { compileGame } from '../../src/interpreter/game.js';
import { ROULETTE_POCKETS, RouletteTargetReference, spinNet, type RouletteBet, type RouletteBetType } from '../../src/algorithms/casino/roulette.js';
import { randomAgent } from '../../src/eval/agents/random.js';
import { playSlotNow, type SlotOutcome } from '../../src/eval/match/play.js';
import { parseReply } from '../../src/render/reply.js';
import { rngFromKeys } from '../../src/util/rng.js';
import { simulate } from '../../src/algorithms/simulate.js';
import { l0Player } from '../../src/algorithms/l0.js';
import { formatSimulation } from '../../src/cli/commands/simulate.js';

const compiled = compileSource(readFileSync('examples/roulette.gbg', 'utf8'));
const game = compileGame(compiled.ir!);

/** The option of the .gbg that places a reference bet. */
function optionOf(bet: Pick<RouletteBet, 'type' | 'selection'>): string {
  const byType: Record<RouletteBetType, string> = {
    straight_up: `straight${bet.selection}`,
    red_black: bet.selection,
    odd_even: bet.selection,
    low_high: bet.selection,
    dozen: `dozen${bet.selection}`,
    column: `column${bet.selection}`,
  };
  return byType[bet.type];
}

/** Every bet the league allows, stake left out. */
const ALL_BETS: Omit<RouletteBet, 'stake'>[] = [
  ...ROULETTE_POCKETS.map((p) => ({ type: 'straight_up' as const, selection: p })),
  ...(['red', 'black'] as const).map((s) => ({ type: 'red_black' as const, selection: s })),
  ...(['odd', 'even'] as const).map((s) => ({ type: 'odd_even' as const, selection: s })),
  ...(['low', 'high'] as const).map((s) => ({ type: 'low_high' as const, selection: s })),
  ...['1', '2', '3'].map((s) => ({ type: 'dozen' as const, selection: s })),
  ...['1', '2', '3'].map((s) => ({ type: 'column' as const, selection: s })),
];

/** Apply the legal action whose label is `label` (a chance outcome's card name at a chance node). */
function pick(s: GameState, label: string): void {
  const p = s.currentPlayer();
  const actions = p === CHANCE ? s.chanceOutcomes().map(([a]) => a) : s.legalActions();
  const a = actions.find((x) => s.actionToString(p, x) === label);
  if (a === undefined) throw new Error(`no action '${label}' here; legal: ${actions.map((x) => s.actionToString(p, x)).join(', ')}`);
  s.applyAction(a);
}

/** Place `bets` (option, stake), then spin `pocket`: the player's return. */
function spin(bets: [string, number][], pocket: string, stack?: number): number {
  const s = stack === undefined ? game.newInitialState() : game.newInitialState({ stacks: [stack, 1] });
  for (const [option, stake] of bets) {
    pick(s, option);
    pick(s, `bet ${stake}`);
  }
  if (s.currentPlayer() !== CHANCE) pick(s, 'done');
  pick(s, `${pocket} of pocket`);
  expect(s.isTerminal()).toBe(true);
  return s.returns()[0];
}

describe('examples/roulette.gbg compiles to a game against the house', () => {
  it('has no diagnostics, an unlimited house in seat 2 and the player’s 1,000 chips', () => {
    expect(compiled.diagnostics).toEqual([]);
    expect(compiled.ir!.house).toEqual({ seat: 1, bank: 'unlimited' });
    expect(compiled.ir!.stacks).toEqual([1000, 0]);
    expect(compiled.ir!.deck.ranks.map((r) => r.name)).toEqual(ROULETTE_POCKETS);
  });

  it('spins the wheel uniformly over the 38 pockets', () => {
    const s = game.newInitialState();
    pick(s, 'done');
    const outcomes = s.chanceOutcomes();
    expect(outcomes.map(([a]) => s.actionToString(CHANCE, a))).toEqual(ROULETTE_POCKETS.map((p) => `${p} of pocket`));
    for (const [, p] of outcomes) expect(p).toBeCloseTo(1 / 38, 15);
  });
});

describe('payouts', () => {
  it('pays each bet type as hand-computed: straight up 35:1, even money 1:1, dozen and column 2:1; 0 and 00 lose outside bets', () => {
    const cases: [string, number, string, number][] = [
      ['straight17', 5, '17', 175],
      ['straight17', 5, '18', -5],
      ['straight0', 10, '0', 350],
      ['straight0', 10, '00', -10],
      ['straight00', 3, '00', 105],
      ['red', 10, '1', 10],
      ['red', 10, '2', -10],
      ['black', 10, '2', 10],
      ['red', 10, '0', -10],
      ['black', 10, '00', -10],
      ['odd', 7, '35', 7],
      ['odd', 7, '0', -7],
      ['even', 7, '36', 7],
      ['even', 7, '00', -7],
      ['low', 20, '18', 20],
      ['low', 20, '19', -20],
      ['low', 20, '0', -20],
      ['high', 20, '19', 20],
      ['high', 20, '00', -20],
      ['dozen1', 30, '12', 60],
      ['dozen2', 30, '13', 60],
      ['dozen3', 30, '24', -30],
      ['dozen3', 30, '0', -30],
      ['column1', 40, '34', 80],
      ['column2', 40, '35', 80],
      ['column3', 40, '36', 80],
      ['column3', 40, '00', -40],
    ];
    for (const [option, stake, pocket, net] of cases) expect([option, stake, pocket, spin([[option, stake]], pocket)]).toEqual([option, stake, pocket, net]);
  });

  it('pays every one of the 50 bets on every one of the 38 pockets as the reference’s spinNet does', () => {
    for (const bet of ALL_BETS)
      for (const pocket of ROULETTE_POCKETS) {
        const got = spin([[optionOf(bet), 3]], pocket);
        if (got !== spinNet([{ ...bet, stake: 3 }], pocket))
          expect({ bet, pocket, got }).toEqual({ bet, pocket, want: spinNet([{ ...bet, stake: 3 }], pocket) });
      }
  });

  it('settles several bets of one spin together, and a skipped spin moves nothing', () => {
    // 17 is black, odd, low, in the second dozen and the second column.
    expect(
      spin(
        [
          ['red', 10],
          ['straight17', 5],
          ['odd', 100],
          ['dozen2', 50],
        ],
        '17',
      ),
    ).toBe(-10 + 175 + 100 + 100);
    expect(
      spin(
        [
          ['red', 100],
          ['red', 100],
        ],
        '3',
      ),
    ).toBe(200);
    for (const pocket of ['0', '00', '7']) expect(spin([], pocket)).toBe(0);
  });
});

describe('limits', () => {
  /** The state after `bets` were placed (at the next choice, or the spin). */
  function after(bets: [string, number][], stack?: number): GameState {
    const s = stack === undefined ? game.newInitialState() : game.newInitialState({ stacks: [stack, 1] });
    for (const [option, stake] of bets) {
      pick(s, option);
      pick(s, `bet ${stake}`);
    }
    return s;
  }
  const stakeMenu = (s: GameState) => s.observation(0).decision!.menu;

  it('offers stakes of 1 to 100 per bet, and refuses 0, 101 and 150 with the reason', () => {
    const s = after([]);
    pick(s, 'red');
    expect(s.legalActions()).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
    for (const reply of ['bet 101', 'bet 150', 'bet 0'])
      expect(parseReply(reply, stakeMenu(s))).toEqual({ ok: false, message: `${reply} is not legal: the amount must be a whole number from 1 to 100` });
    expect(() => s.applyAction(101)).toThrow(IllegalActionError);
  });

  it('keeps a spin’s stakes to 200 in all: after 150 a bet is 1 to 50, after 200 the wheel spins', () => {
    const s = after([
      ['red', 100],
      ['black', 50],
    ]);
    pick(s, 'straight7');
    expect(s.legalActions()).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(parseReply('bet 51', stakeMenu(s))).toEqual({ ok: false, message: 'bet 51 is not legal: the amount must be a whole number from 1 to 50' });
    pick(s, 'bet 50');
    expect(s.currentPlayer()).toBe(CHANCE);
    expect(s.chips().pot).toBe(200);
  });

  it('never stakes more than the bankroll: with 30 chips a bet is 1 to 30, and a broke player bets no more', () => {
    const s = after([], 30);
    pick(s, 'high');
    expect(s.legalActions()).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    pick(s, 'bet 30');
    expect(s.currentPlayer()).toBe(CHANCE);
    expect(spin([['high', 30]], '20', 30)).toBe(30);
  });

  it('gbgc simulate reports returns for the player only, and names the house', async () => {
    const r = await simulate(game, { episodes: 20, seed: 3, agents: [l0Player, l0Player] });
    const text = formatSimulation(r, compiled.ir!.seats, compiled.ir!.house?.seat);
    expect(text).toContain('House: the house');
    expect(text).toMatch(/mean returns {6}Player [-+]\d+\.\d{4} ± \d+\.\d{4} {2}\(chips\/game ± 1 standard error; players only\)\n/);
    expect(text).not.toMatch(/House [-+]\d/);
    expect(r.meanReturns[1]).toBe(-r.meanReturns[0]);
  });

  it('shows the house’s bank as unlimited, not as a number of chips', () => {
    const obs = game.newInitialState().observation(0);
    expect(obs.house).toEqual({ seat: 1, unlimited: true });
  });
});

/** Net and chips staked per session (a match of 50 spins, stacks carried) of the random bettor (L0: a uniform option, then a uniform stake). */
function randomSessions(n: number, seed: number): { net: number[]; staked: number[] } {
  const net: number[] = [];
  const staked: number[] = [];
  for (let i = 0; i < n; i++) {
    const o = playSlotNow(game, [randomAgent, randomAgent], seed + i, 0, { format: { hands: 50, stacks: 'carry' } }) as SlotOutcome;
    net.push(o.returns[0]);
    let s = 0;
    for (const m of o.records) if (m.seat === 0 && m.label.startsWith('bet ')) s += Number(m.label.slice(4));
    staked.push(s);
    // The house never decides, and the chips the player won are the house's loss.
    expect(o.moves[1]).toBe(0);
    expect(o.returns[1]).toBe(-o.returns[0]);
  }
  return { net, staked };
}

/**
 * The ratio estimator R = Σ net / Σ staked over sessions (the unit: a session) and its standard
 * error by the delta method, √(Σ (net_i − R·staked_i)² / (n (n − 1))) / mean(staked).
 */
export function perUnitStaked(net: readonly number[], staked: readonly number[]): { ratio: number; se: number } {
  const n = net.length;
  const sn = net.reduce((a, b) => a + b, 0);
  const ss = staked.reduce((a, b) => a + b, 0);
  const ratio = sn / ss;
  let q = 0;
  for (let i = 0; i < n; i++) q += (net[i] - ratio * staked[i]) ** 2;
  return { ratio, se: Math.sqrt(q / (n * (n - 1))) / (ss / n) };
}

describe('a random bettor’s sessions', () => {
  it('the delta-method standard error of a ratio, on a hand-computed case', () => {
    // R = 0 / 6; residuals 1, −1, 0: √(2 / 6) / 2.
    expect(perUnitStaked([1, -1, 0], [2, 2, 2])).toEqual({ ratio: 0, se: Math.sqrt(2 / 6) / 2 });
  });

  it('lose 2/38 per chip staked within 3 standard errors (300 sessions of 50 spins; bench/roulette-sessions.ts runs 10^5)', () => {
    const { net, staked } = randomSessions(300, 1);
    const { ratio, se } = perUnitStaked(net, staked);
    expect(Math.abs(ratio - -2 / 38)).toBeLessThan(3 * se);
    // The sessions are matches: bankrolls carry, and a broke player's session ends early.
    expect(staked.every((x) => x > 0)).toBe(true);
  });
});

describe('the optimal-target policy played on the .gbg', () => {
  const target = 1200;
  const ref = new RouletteTargetReference({ target });

  /** The .gbg's return of one bet of the reference's class and stake, per pocket, with the .gbg's chance probability. */
  const outcomes = new Map<string, [number, number][]>();
  function gbgSpin(bet: RouletteBet): [number, number][] {
    const key = `${bet.type}:${bet.selection}:${bet.stake}`;
    let out = outcomes.get(key);
    if (!out) {
      const s = game.newInitialState();
      pick(s, optionOf(bet));
      pick(s, `bet ${bet.stake}`);
      if (s.currentPlayer() !== CHANCE) pick(s, 'done');
      out = s.chanceOutcomes().map(([a, p]) => {
        const t = s.clone();
        t.applyAction(a);
        return [p, t.returns()[0]];
      });
      outcomes.set(key, out);
    }
    return out;
  }

  it('reaches 1,200 from 1,000 in 50 spins with exactly the reference’s probability (a dynamic program over the game’s own payouts)', () => {
    // W(n, b): the probability that the reference's actions, settled by the .gbg, reach the target.
    let w = new Float64Array(target + 1);
    w[target] = 1;
    for (let n = 1; n <= 50; n++) {
      const next = new Float64Array(target + 1);
      next[target] = 1;
      for (let b = 0; b < target; b++) {
        const a = ref.policy(b, n);
        if (a.bets.length === 0) next[b] = w[b];
        else for (const [p, r] of gbgSpin(a.bets[0])) next[b] += p * w[Math.min(target, b + r)];
      }
      w = next;
    }
    expect(ref.successProbability()).toBeCloseTo(0.81222, 5);
    expect(Math.abs(w[1000] - ref.successProbability())).toBeLessThan(1e-12);
  });

  it('simulated sessions on the .gbg (stacks carried from spin to spin) reach it within 3 standard errors', () => {
    const sessions = 1500;
    const rng = rngFromKeys(2026, 12);
    let reached = 0;
    for (let i = 0; i < sessions; i++) {
      let bankroll = 1000;
      for (let n = 50; n > 0 && bankroll > 0 && bankroll < target; n--) {
        const s = game.newInitialState({ stacks: [bankroll, 1] });
        const a = ref.policy(bankroll, n);
        for (const bet of a.bets) {
          pick(s, optionOf(bet));
          pick(s, `bet ${bet.stake}`);
        }
        if (s.currentPlayer() !== CHANCE) pick(s, 'done');
        const u = rng();
        let acc = 0;
        const outs = s.chanceOutcomes();
        let chosen = outs[outs.length - 1][0];
        for (const [o, p] of outs)
          if (u < (acc += p)) {
            chosen = o;
            break;
          }
        s.applyAction(chosen);
        bankroll += s.returns()[0];
      }
      if (bankroll >= target) reached++;
    }
    const p = ref.successProbability();
    const se = Math.sqrt((p * (1 - p)) / sessions);
    expect(Math.abs(reached / sessions - p)).toBeLessThan(3 * se);
  });
});
