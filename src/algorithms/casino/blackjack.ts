/**
 * The blackjack reference: exact expected values of stand, hit, double and split for one seat
 * against the house's fixed dealer policy, for an infinite deck or a finite shoe (composition-
 * dependent: every card the player holds or has seen, and the dealer's up card, is removed from the
 * shoe), and from them the optimal play of each decision, the basic-strategy table and the house
 * edge. No engine: the rules are parameters ({@link BlackjackRules}), by default the league's
 * ruleset (LLM game league methodology, blackjack ruleset: six decks, dealer stands on soft 17,
 * 3:2, peek, double on any first two cards, double after split, up to four hands, no resplitting
 * of aces, one card to each split ace, no surrender, no insurance).
 *
 * Cards are ranks 1..10: 1 is the ace, 10 every ten-valued card (10, J, Q, K). Values are in units
 * of the initial bet, from the player's side (a win of the initial bet is +1).
 *
 * What is exact and what is not:
 * - stand, hit and double of one hand are exact for the shoe: each card the player draws is removed,
 *   the dealer's draws are conditioned on the cards out, and with the peek rule every probability
 *   (the player's draws too) is conditioned on the dealer not holding a blackjack;
 * - a split is valued the way published combinatorial tables value it: each split hand is played
 *   optimally with the pair cards already out of the shoe, counting how many pair cards resplits
 *   removed but not the other cards drawn to the other hands (the approximation behind the Wizard of
 *   Odds' Appendix 9 tables); in an infinite deck this is exact.
 */
import type { DecisionReference } from '../ev-loss.js';

/** A rank: 1 (ace) to 10 (every ten-valued card). */
export type BlackjackRank = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10;

/** The rules the reference values; {@link LEAGUE_BLACKJACK_RULES} are the league's. */
export interface BlackjackRules {
  /** Decks in the shoe (52 cards each); ignored for an infinite deck. */
  decks: number;
  /** Whether the dealer hits soft 17 (false: the dealer stands on every 17). */
  hitSoft17: boolean;
  /** What a player's blackjack pays per unit bet (3:2 is 1.5). */
  blackjackPays: number;
  /**
   * Whether the dealer, showing an ace or a ten, checks for blackjack before the player acts (a
   * dealer blackjack then takes only the initial bet); false is the no-hole-card rule, where a
   * dealer blackjack takes every double and split bet too.
   */
  dealerPeeks: boolean;
  /** Whether the player may double after a split. */
  doubleAfterSplit: boolean;
  /** The most hands splits may make (4: split and resplit up to four hands; 1: no split). */
  maxHands: number;
  /** Whether split aces may be split again. */
  resplitAces: boolean;
  /** Whether each split ace gets exactly one card (no hit, double or split on it). */
  splitAcesOneCard: boolean;
}

/** The league's blackjack ruleset (llm-game-league methodology): 6 decks, S17, 3:2, peek, DOA, DAS, 4 hands, no RSA, one card to split aces. */
export const LEAGUE_BLACKJACK_RULES: Readonly<BlackjackRules> = Object.freeze({
  decks: 6,
  hitSoft17: false,
  blackjackPays: 1.5,
  dealerPeeks: true,
  doubleAfterSplit: true,
  maxHands: 4,
  resplitAces: false,
  splitAcesOneCard: true,
});

/** The decisions of blackjack under these rules (no surrender, no insurance). */
export type BlackjackAction = 'stand' | 'hit' | 'double' | 'split';

/** The dealer's final outcome: probabilities of 17, 18, 19, 20, 21 (not a blackjack), blackjack and bust. */
export interface DealerDistribution {
  17: number;
  18: number;
  19: number;
  20: number;
  21: number;
  blackjack: number;
  bust: number;
}

/** One decision of the player, as the player sees it. */
export interface BlackjackDecision {
  /** The cards of the hand to act on, in the order received (ranks 1..10). */
  hand: readonly number[];
  /** The dealer's up card. */
  dealerUp: number;
  /** Hands the player holds this round (1 before any split; a split makes 2, a resplit 3, ...). */
  handsInPlay?: number;
  /** Whether this hand comes from a split (no blackjack; doubling only with double after split). */
  fromSplit?: boolean;
  /**
   * Other cards of this round the player has seen and the shoe no longer holds (the other split
   * hands' cards, the pair card that went to the other hand), for the composition-dependent shoe.
   */
  seen?: readonly number[];
}

/** The values of the initial two-card hand `first, second` against an up card. */
export interface InitialHandValues {
  /** The player's two cards and the dealer's up card. */
  cards: [number, number];
  dealerUp: number;
  /** Whether the two cards are a blackjack (no decision: paid or pushed at once). */
  natural: boolean;
  /** Probability that the dealer holds a blackjack given the three cards seen. */
  dealerBlackjack: number;
  /**
   * Each legal action's expected value, conditioned on the dealer not holding a blackjack when the
   * dealer peeks (the player decides after the peek); empty for a natural.
   */
  values: Partial<Record<BlackjackAction, number>>;
  /** The action of highest value (undefined for a natural). */
  best?: BlackjackAction;
  /** The round's expected value before the peek, with the best action: the contribution to the house edge. */
  roundValue: number;
}

/** The house edge of optimal composition-dependent play off the top of a full shoe. */
export interface HouseEdge {
  /** −(expected value per initial bet), a fraction (0.004 is 0.4%). */
  houseEdge: number;
  /** Expected value per initial bet (= −houseEdge). */
  expectedValue: number;
  /** Probability of a player blackjack. */
  playerBlackjack: number;
}

/**
 * The values behind a {@link BasicStrategyChart}: per row and up card (2..10, then A), each legal
 * action's expected value per initial bet (after the dealer's peek), averaged over the row's
 * two-card compositions weighted by their deal probabilities given the up card (one composition for
 * a soft row or a pair).
 */
export interface BasicStrategyValues {
  upCards: number[];
  hard: Record<string, Partial<Record<BlackjackAction, number>>[]>;
  soft: Record<string, Partial<Record<BlackjackAction, number>>[]>;
  pairs: Record<string, Partial<Record<BlackjackAction, number>>[]>;
}

/** A basic-strategy chart: for each row and up card (2..10, then A) the letter of the best action. */
export interface BasicStrategyChart {
  /** Up cards in column order: 2, 3, ..., 10, 1 (ace). */
  upCards: number[];
  /** Hard totals 5..19 of two different-rank non-ace cards (pairs have their own rows). */
  hard: Record<string, string[]>;
  /** Soft totals A,2..A,9. */
  soft: Record<string, string[]>;
  /** Pairs 2,2 .. 10,10 and A,A. */
  pairs: Record<string, string[]>;
}

const LETTER: Record<BlackjackAction, string> = { stand: 'S', hit: 'H', double: 'D', split: 'P' };
const ACTION_ORDER: BlackjackAction[] = ['stand', 'hit', 'double', 'split'];
const INFINITE_Q = [0, 1 / 13, 1 / 13, 1 / 13, 1 / 13, 1 / 13, 1 / 13, 1 / 13, 1 / 13, 1 / 13, 4 / 13];
// Dealer buckets: 0..4 = 17..21, 5 = blackjack, 6 = bust.
const BJ = 5;
const BUST = 6;
const RADIX = 32;
const POW: number[] = Array.from({ length: 11 }, (_, r) => (r === 0 ? 0 : RADIX ** (r - 1)));

function checkRank(x: number, what: string): BlackjackRank {
  if (!Number.isInteger(x) || x < 1 || x > 10) throw new RangeError(`${what} must be a rank 1..10 (1 = ace, 10 = any ten-valued card), got ${x}`);
  return x as BlackjackRank;
}

/** Hard total and whether an ace is held → the hand's total and whether it is soft. */
function best(hard: number, ace: boolean): [number, boolean] {
  return ace && hard + 10 <= 21 ? [hard + 10, true] : [hard, false];
}

/**
 * The dealer's drawing graph for one up card: every multiset of cards drawn (hole card first) after
 * which the dealer must still draw, in order of the number of cards, with the state or final
 * bucket each rank leads to. It does not depend on the shoe, so one forward pass of probabilities
 * over it gives the final distribution for any composition.
 */
class DealerGraph {
  /** Per state: cards drawn, and the counts drawn by rank (10 per state, rank r at index 10s + r − 1). */
  private readonly drawnCount: number[] = [];
  private readonly drawn: number[] = [];
  /** Per state and rank (10s + r − 1): the next state (≥ 0) or −1 − bucket. */
  private readonly next: number[] = [];
  private readonly prob: Float64Array;

  constructor(up: BlackjackRank, hitSoft17: boolean) {
    const index = new Map<number, number>();
    const outcome = (hard: number, ace: boolean): number => {
      if (hard > 21) return -1 - BUST;
      const [t, soft] = best(hard, ace);
      return t >= 17 && !(t === 17 && soft && hitSoft17) ? -1 - (t - 17) : 0;
    };
    // State 0: nothing drawn yet (the hole card comes next).
    const keys = [0];
    index.set(0, 0);
    this.drawnCount.push(0);
    for (let r = 1; r <= 10; r++) this.drawn.push(0);
    for (let s = 0; s < keys.length; s++) {
      let hard = up;
      let ace = up === 1;
      for (let r = 1; r <= 10; r++) {
        const k = this.drawn[10 * s + r - 1];
        hard += k * r;
        if (k > 0 && r === 1) ace = true;
      }
      for (let r = 1; r <= 10; r++) {
        if (s === 0 && ((up === 1 && r === 10) || (up === 10 && r === 1))) {
          this.next.push(-1 - BJ);
          continue;
        }
        const o = outcome(hard + r, ace || r === 1);
        if (o < 0) {
          this.next.push(o);
          continue;
        }
        const key = keys[s] + POW[r];
        let t = index.get(key);
        if (t === undefined) {
          t = keys.length;
          index.set(key, t);
          keys.push(key);
          this.drawnCount.push(this.drawnCount[s] + 1);
          for (let q = 1; q <= 10; q++) this.drawn.push(this.drawn[10 * s + q - 1] + (q === r ? 1 : 0));
        }
        this.next.push(t);
      }
    }
    this.prob = new Float64Array(keys.length);
  }

  /**
   * The final distribution (7 buckets) for a shoe of `counts[r]` cards by rank (`n` in all; the up
   * card already out), or fixed probabilities `counts[r]` when `infinite`. With `excluded` ≠ 0 the
   * hole card is conditioned not to be that rank (the peek).
   */
  forward(counts: Float64Array, n: number, excluded: number, infinite: boolean): Float64Array {
    const out = new Float64Array(7);
    const prob = this.prob;
    prob.fill(0);
    prob[0] = 1;
    const states = prob.length;
    for (let s = 0; s < states; s++) {
      const ps = prob[s];
      if (ps === 0) continue;
      const base = 10 * s;
      let mass = infinite ? 1 : n - this.drawnCount[s];
      if (s === 0 && excluded !== 0) mass -= counts[excluded];
      for (let r = 1; r <= 10; r++) {
        if (s === 0 && r === excluded) continue;
        const avail = infinite ? counts[r] : counts[r] - this.drawn[base + r - 1];
        if (avail <= 0) continue;
        const p = (ps * avail) / mass;
        const t = this.next[base + r - 1];
        if (t >= 0) prob[t] += p;
        else out[-1 - t] += p;
      }
    }
    return out;
  }
}

/** Options of {@link BlackjackReference}. */
export interface BlackjackReferenceOptions {
  /** Rules (by default the league's); a partial object overrides only the fields it names. */
  rules?: Partial<BlackjackRules>;
  /**
   * The deck: `'shoe'` (default) is `rules.decks` full decks, composition-dependent; `'infinite'`
   * draws every rank with a fixed probability (1/13, tens 4/13); an array of 10 counts (aces, 2s, ...,
   * tens) is any other shoe composition, for example what is left of a shoe mid-way.
   */
  deck?: 'shoe' | 'infinite' | readonly number[];
}

interface UpCache {
  dealer: Map<number, Float64Array>;
  stand: Map<number, Float64Array>;
  hit: Map<number, Float64Array>;
  double: Map<number, Float64Array>;
}

/**
 * The blackjack reference for one ruleset and deck: dealer distributions, action values of any
 * decision, the initial hands' values, the house edge and the basic-strategy chart. Results are
 * cached, so a reference answers many decisions quickly; it is not safe to share one between
 * different shoes (make one per composition).
 */
export class BlackjackReference implements DecisionReference<BlackjackDecision> {
  /** What this reference is: deck, dealer rule and peek, e.g. `blackjack-6deck-s17-peek`. */
  readonly name: string;
  readonly rules: Readonly<BlackjackRules>;
  readonly infinite: boolean;
  /** The full shoe before the round: counts by rank (index 1..10; index 0 unused). Empty for infinite. */
  readonly shoe: readonly number[];
  private readonly base: Int32Array;
  private readonly caches = new Map<number, UpCache>();
  /** Cards removed for the current computation (index 1..10) and their key. */
  private readonly rm = new Int32Array(11);
  private rmKey = 0;
  private up: BlackjackRank = 2;
  private cache!: UpCache;
  private readonly graphs = new Map<number, DealerGraph>();
  private readonly scratch = new Float64Array(11);

  constructor(options: BlackjackReferenceOptions = {}) {
    const rules = { ...LEAGUE_BLACKJACK_RULES, ...options.rules };
    if (!Number.isInteger(rules.decks) || rules.decks < 1) throw new RangeError(`decks must be a positive integer, got ${rules.decks}`);
    if (!Number.isInteger(rules.maxHands) || rules.maxHands < 1) throw new RangeError(`maxHands must be a positive integer, got ${rules.maxHands}`);
    if (!(rules.blackjackPays >= 0)) throw new RangeError(`blackjackPays must be a non-negative number, got ${rules.blackjackPays}`);
    this.rules = Object.freeze(rules);
    const deck = options.deck ?? 'shoe';
    this.infinite = deck === 'infinite';
    this.base = new Int32Array(11);
    if (deck === 'shoe') for (let r = 1; r <= 10; r++) this.base[r] = (r === 10 ? 16 : 4) * rules.decks;
    else if (deck !== 'infinite') {
      if (deck.length !== 10 || deck.some((n) => !Number.isInteger(n) || n < 0))
        throw new RangeError('deck counts must be 10 non-negative integers: aces, 2s, ..., 9s, ten-valued cards');
      for (let r = 1; r <= 10; r++) this.base[r] = deck[r - 1];
      if (deck.reduce((a, b) => a + b, 0) < 12) throw new RangeError('the shoe must hold at least 12 cards to value a round');
    }
    this.shoe = this.infinite ? [] : Array.from(this.base);
    const deckName = this.infinite ? 'infinite' : deck === 'shoe' ? `${rules.decks}deck` : 'custom';
    this.name = `blackjack-${deckName}-${rules.hitSoft17 ? 'h17' : 's17'}-${rules.dealerPeeks ? 'peek' : 'nopeek'}`;
  }

  // ---- shoe state -----------------------------------------------------------------------------

  private setUp(up: BlackjackRank): void {
    this.up = up;
    let c = this.caches.get(up);
    if (!c) {
      c = { dealer: new Map(), stand: new Map(), hit: new Map(), double: new Map() };
      this.caches.set(up, c);
    }
    this.cache = c;
  }

  private take(r: number): void {
    if (this.infinite) return;
    if (this.base[r] - this.rm[r] - (r === this.up ? 1 : 0) <= 0) throw new RangeError(`the shoe holds no more cards of rank ${r}`);
    if (this.rm[r] >= RADIX - 1) throw new RangeError(`more than ${RADIX - 2} cards of rank ${r} out: pass what is left of the shoe as deck counts instead`);
    this.rm[r]++;
    this.rmKey += POW[r];
  }

  private give(r: number): void {
    if (this.infinite) return;
    this.rm[r]--;
    this.rmKey -= POW[r];
  }

  private resetRemoved(): void {
    this.rm.fill(0);
    this.rmKey = 0;
  }

  /** Cards left of rank r, and in all, with the removed cards and the up card out. */
  private left(out: Float64Array): number {
    let n = 0;
    for (let r = 1; r <= 10; r++) {
      const k = this.base[r] - this.rm[r] - (r === this.up ? 1 : 0);
      out[r] = k;
      n += k;
    }
    return n;
  }

  /** The rank the peek excludes from the hole card (10 under an ace, ace under a ten), or 0. */
  private peekExcluded(): number {
    if (!this.rules.dealerPeeks) return 0;
    return this.up === 1 ? 10 : this.up === 10 ? 1 : 0;
  }

  /**
   * Probabilities of the player's next card given the cards out and, under the peek rule, given
   * that the hole card (still in the unknown part of the shoe) is not the excluded rank:
   * P(X) = n_X/(N−1), P(r ≠ X) = n_r (N − n_X − 1)/((N − 1)(N − n_X)).
   */
  private drawProbs(out: Float64Array): void {
    if (this.infinite) {
      for (let r = 1; r <= 10; r++) out[r] = INFINITE_Q[r];
      return;
    }
    const n = this.left(out);
    const x = this.peekExcluded();
    if (x === 0) {
      for (let r = 1; r <= 10; r++) out[r] /= n;
      return;
    }
    const nx = out[x];
    for (let r = 1; r <= 10; r++) out[r] = r === x ? nx / (n - 1) : (out[r] * (n - nx - 1)) / ((n - 1) * (n - nx));
  }

  // ---- the dealer -----------------------------------------------------------------------------

  /** The dealer's final distribution (7 buckets) with the current removal; conditioned on no blackjack under the peek rule. */
  private dealer(): Float64Array {
    const key = this.infinite ? 0 : this.rmKey;
    const hit = this.cache.dealer.get(key);
    if (hit) return hit;
    const counts = this.scratch;
    let n = 1;
    if (this.infinite) for (let r = 1; r <= 10; r++) counts[r] = INFINITE_Q[r];
    else n = this.left(counts);
    const out = this.dealerGraph(this.up).forward(counts, n, this.peekExcluded(), this.infinite);
    this.cache.dealer.set(key, out);
    return out;
  }

  private dealerGraph(up: BlackjackRank): DealerGraph {
    let g = this.graphs.get(up);
    if (!g) {
      g = new DealerGraph(up, this.rules.hitSoft17);
      this.graphs.set(up, g);
    }
    return g;
  }

  // ---- the player -----------------------------------------------------------------------------

  private slot(map: Map<number, Float64Array>): Float64Array {
    const key = this.infinite ? 0 : this.rmKey;
    let s = map.get(key);
    if (!s) {
      s = new Float64Array(64).fill(Number.NaN);
      map.set(key, s);
    }
    return s;
  }

  /** The value of a hand of `hard` total (ace held: `ace`) in `map` under the current removal, computed once. */
  private memo(map: Map<number, Float64Array>, hard: number, ace: boolean, compute: () => number): number {
    const s = this.slot(map);
    const i = hard * 2 + (ace ? 1 : 0);
    if (Number.isNaN(s[i])) s[i] = compute();
    return s[i];
  }

  /** Σ over the player's next card r of P(r) · f(r) ({@link drawProbs}), each f(r) evaluated with r taken from the shoe. */
  private overNextCard(f: (r: number) => number): number {
    const p = new Float64Array(11);
    this.drawProbs(p);
    let v = 0;
    for (let r = 1; r <= 10; r++) {
      if (p[r] === 0) continue;
      this.take(r);
      v += p[r] * f(r);
      this.give(r);
    }
    return v;
  }

  /** Stand on a hand of `hard` total (ace held: `ace`) that is not a blackjack. */
  private standValue(hard: number, ace: boolean): number {
    if (hard > 21) return -1;
    return this.memo(this.cache.stand, hard, ace, () => {
      const d = this.dealer();
      const [t] = best(hard, ace);
      let v = d[BUST] - d[BJ];
      for (let b = 0; b < 5; b++) {
        const dt = 17 + b;
        if (dt < t) v += d[b];
        else if (dt > t) v -= d[b];
      }
      return v;
    });
  }

  /** Hit once and then play on optimally (stand or hit). */
  private hitValue(hard: number, ace: boolean): number {
    return this.memo(this.cache.hit, hard, ace, () =>
      this.overNextCard((r) => {
        const h = hard + r;
        if (h > 21) return -1;
        const a = ace || r === 1;
        const [t] = best(h, a);
        return t === 21 ? this.standValue(h, a) : Math.max(this.standValue(h, a), this.hitValue(h, a));
      }),
    );
  }

  /** Double: twice the bet, exactly one more card, then stand. */
  private doubleValue(hard: number, ace: boolean): number {
    return this.memo(this.cache.double, hard, ace, () => 2 * this.overNextCard((r) => this.standValue(hard + r, ace || r === 1)));
  }

  /** The best of stand, hit and (if allowed) double for a hand with the current removal. */
  private playValue(hard: number, ace: boolean, mayDouble: boolean): number {
    const st = this.standValue(hard, ace);
    if (best(hard, ace)[0] === 21) return st;
    const v = Math.max(st, this.hitValue(hard, ace));
    return mayDouble ? Math.max(v, this.doubleValue(hard, ace)) : v;
  }

  /**
   * The value of splitting a pair of `pair` with `hands` hands already in play after the split
   * (2 for a first split) and `pairOut` cards of the pair's rank out of the shoe (the removal holds
   * the rest of what is seen). A dynamic program over (hands waiting for a second card, hands in
   * play, pair cards out): each waiting hand draws; a pair card is resplit when allowed and better,
   * else the hand is played as a pair; another card gives a two-card hand played optimally.
   */
  private splitValue(pair: BlackjackRank, hands: number): number {
    const rules = this.rules;
    const oneCard = pair === 1 && rules.splitAcesOneCard;
    const mayResplit = (h: number): boolean => h < rules.maxHands && (pair !== 1 || rules.resplitAces);
    // Removal state: the current removal holds the pair cards already out (the two split cards).
    const extra = new Map<number, { pPair: number; nonPair: number; pairHand: number }>();
    const at = (j: number): { pPair: number; nonPair: number; pairHand: number } => {
      let e = extra.get(j);
      if (e) return e;
      // j extra pair cards beyond those already in the removal.
      for (let k = 0; k < j; k++) this.take(pair);
      const p = new Float64Array(11);
      this.drawProbs(p);
      let nonPair = 0;
      for (let x = 1; x <= 10; x++) {
        if (x === pair || p[x] === 0) continue;
        this.take(x);
        const hard = pair + x;
        const ace = pair === 1 || x === 1;
        nonPair += p[x] * (oneCard ? this.standValue(hard, ace) : this.playValue(hard, ace, rules.doubleAfterSplit));
        this.give(x);
      }
      let pairHand = 0;
      if (p[pair] > 0) {
        this.take(pair);
        pairHand = oneCard ? this.standValue(2 * pair, pair === 1) : this.playValue(2 * pair, pair === 1, rules.doubleAfterSplit);
        this.give(pair);
      }
      for (let k = 0; k < j; k++) this.give(pair);
      e = { pPair: p[pair], nonPair: p[pair] < 1 ? nonPair / (1 - p[pair]) : 0, pairHand };
      extra.set(j, e);
      return e;
    };
    const memo = new Map<string, number>();
    const value = (waiting: number, inPlay: number, j: number): number => {
      if (waiting === 0) return 0;
      const key = `${waiting},${inPlay},${j}`;
      const m = memo.get(key);
      if (m !== undefined) return m;
      const e = at(j);
      let v = (1 - e.pPair) * (e.nonPair + value(waiting - 1, inPlay, j));
      if (e.pPair > 0) {
        const keep = e.pairHand + value(waiting - 1, inPlay, j + 1);
        v += e.pPair * (mayResplit(inPlay) && !oneCard ? Math.max(keep, value(waiting + 1, inPlay + 1, j + 1)) : keep);
      }
      memo.set(key, v);
      return v;
    };
    return value(2, hands, 0);
  }

  // ---- public surface -------------------------------------------------------------------------

  /**
   * The dealer's final distribution for an up card with some cards out of the shoe (the player's
   * cards and any others seen; the up card itself is taken out here). Under the peek rule with an
   * ace or ten up it is conditioned on no blackjack (blackjack = 0); otherwise it includes the
   * blackjack probability.
   * @throws RangeError on a rank outside 1..10 or more cards out than the shoe holds.
   */
  dealerDistribution(dealerUp: number, removed: readonly number[] = []): DealerDistribution {
    this.setUp(checkRank(dealerUp, 'the dealer up card'));
    this.resetRemoved();
    for (const c of removed) this.take(checkRank(c, 'a removed card'));
    const d = this.dealer();
    this.resetRemoved();
    return { 17: d[0], 18: d[1], 19: d[2], 20: d[3], 21: d[4], blackjack: d[BJ], bust: d[BUST] };
  }

  /**
   * The expected value of each legal action at a decision, in initial-bet units of this hand, as the
   * player sees it: after the peek (conditioned on no dealer blackjack when the dealer peeks),
   * with the hand's cards, the up card and `seen` out of the shoe. Undefined when the hand has no
   * decision: fewer than two cards, a blackjack, a bust, or a split ace that got its one card (and
   * may not be resplit).
   * @throws RangeError on a card outside 1..10 or more cards than the shoe holds.
   */
  actionValues(decision: BlackjackDecision): Map<BlackjackAction, number> | undefined {
    const { hand } = decision;
    const up = checkRank(decision.dealerUp, 'the dealer up card');
    const cards = hand.map((c) => checkRank(c, 'a hand card'));
    const seen = (decision.seen ?? []).map((c) => checkRank(c, 'a seen card'));
    const inPlay = decision.handsInPlay ?? 1;
    if (!Number.isInteger(inPlay) || inPlay < 1 || inPlay > this.rules.maxHands)
      throw new RangeError(`handsInPlay must be an integer 1..${this.rules.maxHands}, got ${decision.handsInPlay}`);
    const fromSplit = decision.fromSplit ?? inPlay > 1;
    if (cards.length < 2) return undefined;
    const hard = cards.reduce((a, b) => a + b, 0);
    const ace = cards.includes(1);
    const two = cards.length === 2;
    if (hard > 21 || (two && !fromSplit && best(hard, ace)[0] === 21)) return undefined;
    const pair = two && cards[0] === cards[1];
    const maySplit = pair && inPlay < this.rules.maxHands && (!fromSplit || cards[0] !== 1 || this.rules.resplitAces);
    const oneCardAce = fromSplit && cards[0] === 1 && this.rules.splitAcesOneCard;
    if (oneCardAce && !maySplit) return undefined;
    this.setUp(up);
    this.resetRemoved();
    try {
      for (const c of [...cards, ...seen]) this.take(c);
      const out = new Map<BlackjackAction, number>();
      out.set('stand', this.standValue(hard, ace));
      if (!oneCardAce) {
        out.set('hit', this.hitValue(hard, ace));
        if (two && (!fromSplit || this.rules.doubleAfterSplit)) out.set('double', this.doubleValue(hard, ace));
      }
      // Both pair cards are out of the shoe (they are the hand); the split hands start from one each.
      if (maySplit) out.set('split', this.splitValue(cards[0], inPlay + 1));
      return out;
    } finally {
      this.resetRemoved();
    }
  }

  /**
   * The initial two-card hand `first, second` against `dealerUp`: each action's value after the
   * peek, the best action, the dealer's blackjack probability and the round's value before the peek.
   * @throws RangeError on a card outside 1..10.
   */
  initialHand(first: number, second: number, dealerUp: number): InitialHandValues {
    const a = checkRank(first, 'the first card');
    const b = checkRank(second, 'the second card');
    const up = checkRank(dealerUp, 'the dealer up card');
    const natural = (a === 1 && b === 10) || (a === 10 && b === 1);
    this.setUp(up);
    this.resetRemoved();
    this.take(a);
    this.take(b);
    let dealerBlackjack = 0;
    if (up === 1 || up === 10) {
      const p = new Float64Array(11);
      if (this.infinite) dealerBlackjack = INFINITE_Q[up === 1 ? 10 : 1];
      else {
        const n = this.left(p);
        dealerBlackjack = p[up === 1 ? 10 : 1] / n;
      }
    }
    this.resetRemoved();
    const pays = this.rules.blackjackPays;
    if (natural) {
      return { cards: [a, b], dealerUp: up, natural, dealerBlackjack, values: {}, roundValue: (1 - dealerBlackjack) * pays };
    }
    const values = Object.fromEntries(this.actionValues({ hand: [a, b], dealerUp: up }) ?? []) as Partial<Record<BlackjackAction, number>>;
    let bestAction: BlackjackAction = 'stand';
    for (const act of ACTION_ORDER) if (values[act] !== undefined && values[act] > values[bestAction]!) bestAction = act;
    const v = values[bestAction]!;
    // With the peek the decision values are conditioned on no dealer blackjack, which takes the initial bet.
    const roundValue = this.rules.dealerPeeks ? -dealerBlackjack + (1 - dealerBlackjack) * v : v;
    return { cards: [a, b], dealerUp: up, natural, dealerBlackjack, values, best: bestAction, roundValue };
  }

  /**
   * The house edge of optimal composition-dependent play of every initial hand off the top of the
   * shoe: −Σ P(first card, up card, second card) × round value over all deals (drawn without
   * replacement from the shoe, or independently for an infinite deck).
   */
  houseEdge(): HouseEdge {
    const counts = this.infinite ? INFINITE_Q.map((q) => q * 13) : Array.from(this.base);
    const total = counts.reduce((x, y) => x + y, 0);
    let ev = 0;
    let bj = 0;
    const round = new Map<string, number>();
    for (let a = 1; a <= 10; a++) {
      const pa = counts[a] / total;
      if (pa === 0) continue;
      for (let u = 1; u <= 10; u++) {
        const cu = this.infinite ? counts[u] : counts[u] - (u === a ? 1 : 0);
        const pu = cu / (this.infinite ? total : total - 1);
        if (pu <= 0) continue;
        for (let b = 1; b <= 10; b++) {
          const cb = this.infinite ? counts[b] : counts[b] - (b === a ? 1 : 0) - (b === u ? 1 : 0);
          const pb = cb / (this.infinite ? total : total - 2);
          if (pb <= 0) continue;
          const key = `${Math.min(a, b)},${Math.max(a, b)},${u}`;
          let v = round.get(key);
          if (v === undefined) {
            v = this.initialHand(Math.min(a, b), Math.max(a, b), u).roundValue;
            round.set(key, v);
          }
          const p = pa * pu * pb;
          ev += p * v;
          if ((a === 1 && b === 10) || (a === 10 && b === 1)) bj += p;
        }
      }
    }
    return { houseEdge: -ev, expectedValue: ev, playerBlackjack: bj };
  }

  /**
   * The values behind the basic-strategy chart: for each two-card total (hard 5..19, soft A,2..A,9)
   * and pair, and each up card (2..10, then the ace), each legal action's value weighted over the
   * two-card compositions of that total (their deal probabilities off the top of the shoe): the
   * weighted mean of the compositions' expected values per initial bet. Rows without a split
   * leave it out. A player of basic strategy takes the legal action of highest value in its row:
   * double where the chart says D, or the better of stand and hit when it may not double.
   */
  basicStrategyValues(): BasicStrategyValues {
    const upCards = [2, 3, 4, 5, 6, 7, 8, 9, 10, 1];
    const counts = Array.from(this.base);
    const weight = (a: number, b: number, u: number): number => {
      if (this.infinite) return (a === b ? 1 : 2) * INFINITE_Q[a] * INFINITE_Q[b];
      const left = (r: number, out: number[]): number => counts[r] - out.filter((x) => x === r).length;
      return (a === b ? 1 : 2) * left(a, [u]) * left(b, [u, a]);
    };
    const row = (pairs: [number, number][], noSplit: boolean): Partial<Record<BlackjackAction, number>>[] =>
      upCards.map((u) => {
        const sum: Partial<Record<BlackjackAction, number>> = {};
        let total = 0;
        for (const [a, b] of pairs) {
          const w = weight(a, b, u);
          if (w <= 0) continue;
          total += w;
          for (const [act, v] of Object.entries(this.initialHand(a, b, u).values) as [BlackjackAction, number][]) {
            if (noSplit && act === 'split') continue;
            sum[act] = (sum[act] ?? 0) + w * v;
          }
        }
        // The weighted mean: each action's expected value per initial bet over the row's compositions.
        for (const act of Object.keys(sum) as BlackjackAction[]) sum[act]! /= total;
        return sum;
      });
    const hard: BasicStrategyValues['hard'] = {};
    for (let t = 5; t <= 20; t++) {
      const pairs: [number, number][] = [];
      for (let a = 2; a <= 10; a++) for (let b = a + 1; b <= 10; b++) if (a + b === t) pairs.push([a, b]);
      if (pairs.length > 0) hard[String(t)] = row(pairs, true);
    }
    const soft: BasicStrategyValues['soft'] = {};
    for (let x = 2; x <= 9; x++) soft[`A,${x}`] = row([[1, x]], true);
    const pairRows: BasicStrategyValues['pairs'] = {};
    for (const r of [2, 3, 4, 5, 6, 7, 8, 9, 10, 1]) pairRows[r === 1 ? 'A,A' : `${r},${r}`] = row([[r, r]], false);
    return { upCards, hard, soft, pairs: pairRows };
  }

  /**
   * The basic-strategy chart: for each two-card total (hard 5..19, soft A,2..A,9) and pair, the
   * action of highest value weighted over the two-card compositions of that total (their deal
   * probabilities), for each up card ({@link basicStrategyValues}). Letters: S stand, H hit, D double, P split.
   */
  basicStrategy(): BasicStrategyChart {
    const values = this.basicStrategyValues();
    const letters = (rows: Record<string, Partial<Record<BlackjackAction, number>>[]>): Record<string, string[]> =>
      Object.fromEntries(Object.entries(rows).map(([k, cells]) => [k, cells.map((v) => LETTER[bestOf(v)])]));
    return { upCards: values.upCards, hard: letters(values.hard), soft: letters(values.soft), pairs: letters(values.pairs) };
  }
}

/** The action of highest value among those present (stand first on ties, in the order stand, hit, double, split). */
export function bestOf(values: Partial<Record<BlackjackAction, number>>): BlackjackAction {
  let bestAct: BlackjackAction = 'stand';
  for (const act of ACTION_ORDER) if (values[act] !== undefined && (values[bestAct] === undefined || values[act] > values[bestAct]!)) bestAct = act;
  return bestAct;
}
