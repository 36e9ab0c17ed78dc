/**
 * The roulette reference: the league's American double-zero wheel and bets (LLM game league
 * methodology, roulette ruleset: 38 pockets, straight-up 35:1, red/black, odd/even, low/high 1:1,
 * dozen and column 2:1, 0 and 00 lose every outside bet, stakes 1–100 per bet and at most 200 per
 * spin, bankroll 1,000, 50 spins, skipping allowed), and the target challenge's reference: the
 * optimal single-bet policy that maximises the probability of ending the session with at least a
 * stated bankroll target, by backward induction over (spins left, bankroll), with the value of any
 * legal bet set at any state, so that a participant's target regret per decision is the reference's
 * success probability minus the success probability of the bets chosen (then playing the
 * reference policy).
 */
import type { DecisionReference } from '../ev-loss.js';

/** The bet types of the league's ruleset. */
export type RouletteBetType = 'straight_up' | 'red_black' | 'odd_even' | 'low_high' | 'dozen' | 'column';

/** The 38 pockets of the American wheel, in the ruleset's order. */
export const ROULETTE_POCKETS: readonly string[] = Object.freeze(['0', '00', ...Array.from({ length: 36 }, (_, i) => String(i + 1))]);

/** The red numbers of the ruleset. */
export const RED_NUMBERS: readonly number[] = Object.freeze([1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36]);

/** Payout to one of each bet type. */
export const ROULETTE_PAYOUTS: Readonly<Record<RouletteBetType, number>> = Object.freeze({
  straight_up: 35,
  red_black: 1,
  odd_even: 1,
  low_high: 1,
  dozen: 2,
  column: 2,
});

/**
 * One bet. Selections: straight_up a pocket ('0', '00', '1'..'36'); red_black 'red' | 'black';
 * odd_even 'odd' | 'even'; low_high 'low' (1–18) | 'high' (19–36); dozen '1' (1–12), '2' (13–24),
 * '3' (25–36); column '1' (1, 4, …, 34), '2' (2, 5, …, 35), '3' (3, 6, …, 36).
 */
export interface RouletteBet {
  type: RouletteBetType;
  selection: string;
  /** Chips staked (an integer). */
  stake: number;
}

/** The session's limits and length. */
export interface RouletteLimits {
  bankroll: number;
  spins: number;
  minStake: number;
  maxStake: number;
  maxPerSpin: number;
}

/** The league's roulette session: bankroll 1,000, 50 spins, stakes 1–100 per bet, ≤ 200 per spin. */
export const LEAGUE_ROULETTE_LIMITS: Readonly<RouletteLimits> = Object.freeze({ bankroll: 1000, spins: 50, minStake: 1, maxStake: 100, maxPerSpin: 200 });

const SELECTIONS: Record<RouletteBetType, readonly string[]> = {
  straight_up: ROULETTE_POCKETS,
  red_black: ['red', 'black'],
  odd_even: ['odd', 'even'],
  low_high: ['low', 'high'],
  dozen: ['1', '2', '3'],
  column: ['1', '2', '3'],
};

/** Whether `bet` wins on `pocket` (0 and 00 lose every outside bet). */
export function betWins(bet: Pick<RouletteBet, 'type' | 'selection'>, pocket: string): boolean {
  if (bet.type === 'straight_up') return bet.selection === pocket;
  if (pocket === '0' || pocket === '00') return false;
  const n = Number(pocket);
  switch (bet.type) {
    case 'red_black':
      return RED_NUMBERS.includes(n) === (bet.selection === 'red');
    case 'odd_even':
      return n % 2 === (bet.selection === 'odd' ? 1 : 0);
    case 'low_high':
      return n <= 18 === (bet.selection === 'low');
    case 'dozen':
      return Math.ceil(n / 12) === Number(bet.selection);
    case 'column':
      return ((n - 1) % 3) + 1 === Number(bet.selection);
  }
}

/** Net chips of a set of bets on `pocket`: + stake × payout for each winning bet, − stake for each losing one. */
export function spinNet(bets: readonly RouletteBet[], pocket: string): number {
  let net = 0;
  for (const b of bets) net += betWins(b, pocket) ? b.stake * ROULETTE_PAYOUTS[b.type] : -b.stake;
  return net;
}

/**
 * Why a set of bets is not legal with `bankroll` chips under `limits` (unknown type or selection,
 * a stake outside min..max or not an integer, a total above the spin limit or the bankroll), or
 * undefined when it is legal. No bet at all (a skip) is always legal.
 */
export function illegalBets(bets: readonly RouletteBet[], bankroll: number, limits: Readonly<RouletteLimits> = LEAGUE_ROULETTE_LIMITS): string | undefined {
  let total = 0;
  for (const b of bets) {
    const sel = SELECTIONS[b.type];
    if (!sel) return `unknown bet type "${String(b.type)}" (one of ${Object.keys(SELECTIONS).join(', ')})`;
    if (!sel.includes(b.selection)) return `unknown ${b.type} selection "${b.selection}" (one of ${sel.length > 6 ? "'0', '00', '1'..'36'" : sel.join(', ')})`;
    if (!Number.isInteger(b.stake) || b.stake < limits.minStake || b.stake > limits.maxStake)
      return `a stake must be an integer from ${limits.minStake} to ${limits.maxStake}, got ${b.stake}`;
    total += b.stake;
  }
  if (total > limits.maxPerSpin) return `the stakes total ${total}, above the limit of ${limits.maxPerSpin} per spin`;
  if (total > bankroll) return `the stakes total ${total}, above the bankroll of ${bankroll}`;
  return undefined;
}

/** A canonical label for a set of bets (`skip` for none): `type:selection:stake` joined by `+`, sorted. */
export function betLabel(bets: readonly RouletteBet[]): string {
  if (bets.length === 0) return 'skip';
  return bets
    .map((b) => `${b.type}:${b.selection}:${b.stake}`)
    .sort()
    .join('+');
}

/** The single-bet classes: every even-money bet wins with 18/38, every dozen or column with 12/38. */
export type SingleBetKind = 'even_money' | 'dozen_column' | 'straight_up';

const KINDS: { kind: SingleBetKind; p: number; payout: number; bet: Omit<RouletteBet, 'stake'> }[] = [
  { kind: 'even_money', p: 18 / 38, payout: 1, bet: { type: 'red_black', selection: 'red' } },
  { kind: 'dozen_column', p: 12 / 38, payout: 2, bet: { type: 'dozen', selection: '1' } },
  { kind: 'straight_up', p: 1 / 38, payout: 35, bet: { type: 'straight_up', selection: '17' } },
];

/** The reference's action at a state: skip, or one bet of a class with a stake. */
export interface TargetAction {
  kind: 'skip' | SingleBetKind;
  stake: number;
  /** A concrete bet of that class (red, first dozen, 17): every bet of the class has the same value. */
  bets: RouletteBet[];
}

/** One roulette decision as the target challenge sees it: the bankroll, the spins left (this one included) and the bets chosen. */
export interface RouletteDecision {
  bankroll: number;
  spinsLeft: number;
  bets: readonly RouletteBet[];
}

/** Options of {@link RouletteTargetReference}. */
export interface RouletteTargetOptions extends Partial<RouletteLimits> {
  /** The bankroll to reach (or exceed) at the end of the session. */
  target: number;
}

/**
 * The optimal single-bet policy for a bankroll target. V(n, b) is the highest probability of
 * ending with at least `target` chips from bankroll b with n spins left, betting at most one bet
 * per spin (or skipping): V(0, b) = [b ≥ target], V(n, b) = 1 for b ≥ target (skip the rest),
 * V(n, b) = max(V(n−1, b), max over classes (p, k) and stakes s ≤ min(maxStake, b) of
 * p·V(n−1, b + k·s) + (1 − p)·V(n−1, b − s)). Ties go to skipping, then the class order even
 * money, dozen/column, straight up, then the smaller stake. Because skipping is free, ending with
 * the target and reaching it at some spin have the same optimal probability.
 */
export class RouletteTargetReference implements DecisionReference<RouletteDecision> {
  readonly name: string;
  readonly limits: Readonly<RouletteLimits>;
  readonly target: number;
  /** values[n][b] for b in 0..target (b ≥ target is 1). */
  private readonly values: Float64Array[];
  private readonly choiceKind: Int8Array[];
  private readonly choiceStake: Int32Array[];

  /** @throws RangeError on a target or limit that is not a positive integer, or limits out of order. */
  constructor(options: RouletteTargetOptions) {
    const limits = { ...LEAGUE_ROULETTE_LIMITS, ...options };
    for (const k of ['bankroll', 'spins', 'minStake', 'maxStake', 'maxPerSpin'] as const)
      if (!Number.isInteger(limits[k]) || limits[k] < (k === 'spins' ? 0 : 1)) throw new RangeError(`${k} must be a positive integer, got ${limits[k]}`);
    if (limits.minStake > limits.maxStake) throw new RangeError(`minStake ${limits.minStake} is above maxStake ${limits.maxStake}`);
    if (!Number.isInteger(options.target) || options.target < 1) throw new RangeError(`target must be a positive integer, got ${options.target}`);
    this.target = options.target;
    this.limits = Object.freeze({
      bankroll: limits.bankroll,
      spins: limits.spins,
      minStake: limits.minStake,
      maxStake: limits.maxStake,
      maxPerSpin: limits.maxPerSpin,
    });
    this.name = `roulette-target-${this.target}-from-${limits.bankroll}-${limits.spins}spins`;
    const T = this.target;
    const maxStake = Math.min(limits.maxStake, limits.maxPerSpin);
    this.values = [];
    this.choiceKind = [];
    this.choiceStake = [];
    const v0 = new Float64Array(T + 1);
    v0[T] = 1;
    this.values.push(v0);
    this.choiceKind.push(new Int8Array(T + 1));
    this.choiceStake.push(new Int32Array(T + 1));
    for (let n = 1; n <= limits.spins; n++) {
      const prev = this.values[n - 1];
      const cur = new Float64Array(T + 1);
      const kinds = new Int8Array(T + 1);
      const stakes = new Int32Array(T + 1);
      cur[T] = 1;
      for (let b = 0; b < T; b++) {
        let bestV = prev[b];
        let bestK = 0;
        let bestS = 0;
        const top = Math.min(maxStake, b);
        for (let k = 0; k < KINDS.length; k++) {
          const { p, payout } = KINDS[k];
          for (let s = limits.minStake; s <= top; s++) {
            const win = b + payout * s;
            const v = p * prev[win >= T ? T : win] + (1 - p) * prev[b - s];
            if (v > bestV + 1e-13) {
              bestV = v;
              bestK = k + 1;
              bestS = s;
            }
          }
        }
        cur[b] = bestV;
        kinds[b] = bestK;
        stakes[b] = bestS;
      }
      this.values.push(cur);
      this.choiceKind.push(kinds);
      this.choiceStake.push(stakes);
    }
  }

  private check(bankroll: number, spinsLeft: number): void {
    if (!Number.isInteger(bankroll) || bankroll < 0) throw new RangeError(`bankroll must be a non-negative integer, got ${bankroll}`);
    if (!Number.isInteger(spinsLeft) || spinsLeft < 0 || spinsLeft > this.limits.spins)
      throw new RangeError(`spinsLeft must be an integer from 0 to ${this.limits.spins}, got ${spinsLeft}`);
  }

  private v(spinsLeft: number, bankroll: number): number {
    return bankroll >= this.target ? 1 : this.values[spinsLeft][bankroll];
  }

  /** The reference's probability of ending with at least the target (by default from the session's start). */
  successProbability(bankroll: number = this.limits.bankroll, spinsLeft: number = this.limits.spins): number {
    this.check(bankroll, spinsLeft);
    return this.v(spinsLeft, bankroll);
  }

  /** The reference's action with `bankroll` chips and `spinsLeft` spins left (skip once the target is reached or no spin is left). */
  policy(bankroll: number, spinsLeft: number): TargetAction {
    this.check(bankroll, spinsLeft);
    if (bankroll >= this.target || spinsLeft === 0) return { kind: 'skip', stake: 0, bets: [] };
    const k = this.choiceKind[spinsLeft][bankroll];
    if (k === 0) return { kind: 'skip', stake: 0, bets: [] };
    const stake = this.choiceStake[spinsLeft][bankroll];
    const { kind, bet } = KINDS[k - 1];
    return { kind, stake, bets: [{ ...bet, stake }] };
  }

  /**
   * The probability of reaching the target when `bets` are placed now and the reference policy is
   * followed afterwards: the mean over the 38 pockets of V(spinsLeft − 1, bankroll + net).
   * @throws RangeError when the bets are not legal (see {@link illegalBets}) or no spin is left for non-empty bets.
   */
  betValue(bankroll: number, spinsLeft: number, bets: readonly RouletteBet[]): number {
    this.check(bankroll, spinsLeft);
    const why = illegalBets(bets, bankroll, this.limits);
    if (why) throw new RangeError(why);
    if (spinsLeft === 0) {
      if (bets.length > 0) throw new RangeError('no spin is left to bet on');
      return this.v(0, bankroll);
    }
    let sum = 0;
    for (const pocket of ROULETTE_POCKETS) sum += this.v(spinsLeft - 1, bankroll + spinNet(bets, pocket));
    return sum / ROULETTE_POCKETS.length;
  }

  /**
   * Target regret of one decision: the reference's success probability at the state minus that of
   * the bets chosen. Zero or more for a skip or a single bet; a spin of several bets may beat the
   * single-bet reference, which gives a negative regret.
   */
  targetRegret(decision: RouletteDecision): number {
    return this.successProbability(decision.bankroll, decision.spinsLeft) - this.betValue(decision.bankroll, decision.spinsLeft, decision.bets);
  }

  /**
   * For the EV-loss interface: the value of the reference's action and of the chosen bets, keyed
   * by {@link betLabel}, so that `evLoss(values, betLabel(bets))` is max(0, target regret).
   * Undefined after the last spin (no decision).
   */
  actionValues(decision: RouletteDecision): Map<string, number> | undefined {
    if (decision.spinsLeft === 0) return undefined;
    const ref = this.policy(decision.bankroll, decision.spinsLeft);
    const out = new Map<string, number>();
    out.set(betLabel(ref.bets), this.successProbability(decision.bankroll, decision.spinsLeft));
    out.set(betLabel(decision.bets), this.betValue(decision.bankroll, decision.spinsLeft, decision.bets));
    return out;
  }
}
