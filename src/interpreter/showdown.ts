/**
 * The showdown: side bets are settled, the hands are revealed, the metric (see `ShowdownSchema`
 * in the IR) picks the winner, and the pot is awarded (a tie splits it; an odd chip goes to a
 * seat drawn by a chance node).
 *
 * - high-card: rank values sorted highest first, compared lexicographically; a hand that runs
 *   out first loses, two exhausted hands tie, so an empty hand loses to any non-empty one (the
 *   seed rulebook's "Showdown" section).
 * - pair-with-board (Leduc hold'em, OpenSpiel `leduc_poker`): a hand holding a card of the same
 *   rank as a board card beats one that does not; both or neither: high-card on the hands.
 * - poker-hand: each seat's best five-card poker hand of its hand and the board (standard
 *   categories, `poker-hand.ts`); a `HAND` event per seat states the category and the cards.
 * - sum-of-ranks (GENSTRAT paper, "A concrete game"): the sum of the hand's rank values, plus
 *   `pair` points when the hand holds two or more cards of the rank, plus `each` points per
 *   card of the rank, plus the seat's score adjustments; the higher total wins.
 */
import type { Machine } from './machine.js';
import { BOTH, EV, PAY_REASON, R, packHandCards } from './layout.js';
import { HAND_CATEGORIES, evaluateHand } from './poker-hand.js';
import { METRIC, handPile, type Program } from './program.js';

/**
 * Compare two hands by high card.
 * @param a rank values of seat 0's hand, any order
 * @param b rank values of seat 1's hand
 * @returns > 0 when `a` wins, < 0 when `b` wins, 0 on a tie
 */
export function compareHighCard(a: readonly number[], b: readonly number[]): number {
  const x = [...a].sort((p, q) => q - p);
  const y = [...b].sort((p, q) => q - p);
  for (let i = 0; ; i++) {
    if (i >= x.length || i >= y.length) return x.length - y.length;
    if (x[i] !== y[i]) return x[i] - y[i];
  }
}

/**
 * Whether a hand pairs the board.
 * @param handRanks rank indices of the hand's cards
 * @param boardRanks rank indices of the board's cards
 */
export function pairsBoard(handRanks: readonly number[], boardRanks: readonly number[]): boolean {
  return handRanks.some((r) => boardRanks.includes(r));
}

/**
 * Why a showdown went the way it did, logged with its result (`EV.RESULT`'s `a`; `b` and `c` as
 * listed) so that what players are told is the evaluation itself, not a second derivation.
 * - HIGH_CARD: `b` the position (0 = highest card) where the sorted hands first differ, or the
 *   length of the shorter hand when one runs out; `c` for pair-with-board: 1 neither hand pairs
 *   the board, 2 both do (0 for the high-card metric).
 * - PAIRS_BOARD: the winner pairs the board and the loser does not; `b` the paired rank index.
 * - TOTALS: the sum-of-ranks totals differ or tie (see {@link sumOfRanksParts} for the breakdown).
 */
export const SHOWDOWN_REASON = { HIGH_CARD: 1, PAIRS_BOARD: 2, TOTALS: 3 } as const;

/** The parts of a sum-of-ranks total, in points (GENSTRAT paper, "A concrete game"). */
export interface SumOfRanksParts {
  /** Per card of the hand, in hand order: its rank index and rank value. */
  cards: { rank: number; value: number }[];
  /** Per rank with a bonus: the `pair` points (held two or more times) and the `each` points times the count. */
  bonuses: { rank: number; count: number; pair: number; each: number }[];
  /** The seat's score adjustments. */
  score: number;
  /** The total: card values + bonuses + score. */
  total: number;
}

/**
 * The sum-of-ranks total of a hand with its parts; the showdown's own evaluation.
 * @param cards card types of the hand
 * @param score the seat's score adjustments
 */
export function sumOfRanksParts(p: Program, cards: readonly number[], score: number): SumOfRanksParts {
  const counts = new Int32Array(p.rankNames.length);
  let total = score;
  const out: SumOfRanksParts = { cards: [], bonuses: [], score, total: 0 };
  for (const t of cards) {
    total += p.cardValue[t];
    counts[p.cardRank[t]]++;
    out.cards.push({ rank: p.cardRank[t], value: p.cardValue[t] });
  }
  for (let rank = 0; rank < counts.length; rank++) {
    const pair = counts[rank] >= 2 ? p.pairPoints[rank] : 0;
    const each = p.eachPoints[rank] * counts[rank];
    total += pair + each;
    if (pair !== 0 || each !== 0) out.bonuses.push({ rank, count: counts[rank], pair, each });
  }
  out.total = total;
  return out;
}

/**
 * The sum-of-ranks total of a hand, in points.
 * @param cards card types of the hand
 * @param score the seat's score adjustments
 */
export function sumOfRanks(p: Program, cards: readonly number[], score: number): number {
  const n = p.rankNames.length;
  if (rankCounts.length < n) rankCounts = new Int32Array(n);
  const counts = rankCounts;
  let total = score;
  for (let i = 0; i < cards.length; i++) {
    const t = cards[i];
    total += p.cardValue[t];
    counts[p.cardRank[t]]++;
  }
  for (let rank = 0; rank < n; rank++) {
    const c = counts[rank];
    if (c === 0) continue;
    total += (c >= 2 ? p.pairPoints[rank] : 0) + p.eachPoints[rank] * c;
    counts[rank] = 0;
  }
  return total;
}

/** {@link sumOfRanks}'s count per rank, all 0 between calls (grown to the largest game's ranks). */
let rankCounts = new Int32Array(16);

/**
 * Settle the accepted side bets in the order they were accepted: when its condition holds the
 * opponent pays the seat, else the seat pays the opponent, clamped to the payer's stack.
 */
function settleSideBets(s: Machine): void {
  const p = s.program;
  const log = s.log;
  const n = log.count;
  for (let i = 0; i < n; i++) {
    if (log.kind(i) !== EV.SIDEBET || log.b(i) !== 1) continue;
    const bet = p.sidebets[log.a(i)];
    const held = p.conds[bet.cond](s);
    log.push(EV.SETTLE, bet.seat, log.a(i), held ? 1 : 0, 0, BOTH, BOTH);
    const payer = held ? 1 - bet.seat : bet.seat;
    s.transfer(payer, 1 - payer, Math.min(bet.amount, s.r[R.STACK + payer]), PAY_REASON.SIDEBET);
  }
}

/** Scratch arrays of the seats' card values, sorted highest first (single-threaded, never held across calls). */
const sorted = [new Int32Array(256), new Int32Array(256)];

/** The rank index of the first card of `seat`'s hand whose rank is on `board`, or -1 (without allocating). */
function handBoardPair(s: Machine, seat: number, board: number): number {
  const p = s.program;
  const hand = handPile(seat);
  for (let i = 0; i < s.piles[hand]; i++) {
    const rank = p.cardRank[s.cardAt(hand, i)];
    for (let j = 0; j < s.piles[board]; j++) if (p.cardRank[s.cardAt(board, j)] === rank) return rank;
  }
  return -1;
}

/** The position where the last {@link compareHands} was decided (see `SHOWDOWN_REASON.HIGH_CARD`). */
let decidingIndex = 0;

/** {@link compareHighCard} on the seats' hands, reading the piles into scratch arrays. */
function compareHands(s: Machine): number {
  const p = s.program;
  const len0 = sortHand(s, p, 0);
  const len1 = sortHand(s, p, 1);
  const x = sorted[0];
  const y = sorted[1];
  for (let i = 0; ; i++) {
    decidingIndex = i;
    if (i >= len0 || i >= len1) return len0 - len1;
    if (x[i] !== y[i]) return x[i] - y[i];
  }
}

/**
 * A seat's best poker hand from its cards and the board's (see `poker-hand.ts`).
 * @param hand card types of the seat's hand
 * @param board card types of the board (empty without one)
 * @returns the category's index in `HAND_CATEGORIES`, the card types of the best hand (most
 *   significant first) and its comparable value (higher is better)
 */
export function bestPokerHand(p: Program, hand: readonly number[], board: readonly number[]): { category: number; types: number[]; value: number } {
  const rules = p.poker;
  if (!rules) throw new Error('bestPokerHand: the game has no poker-hand showdown');
  const cards = [...hand, ...board].map((type) => ({ rank: p.pokerRank[type], suit: p.cardSuit[type], type }));
  const best = evaluateHand(cards, rules);
  return { category: HAND_CATEGORIES.indexOf(best.category), types: best.cards.map((c) => (c as (typeof cards)[number]).type), value: best.value };
}

/** Read `seat`'s card values into `sorted[seat]`, highest first; returns the hand's size. */
function sortHand(s: Machine, p: Program, seat: number): number {
  const pile = handPile(seat);
  const n = s.piles[pile];
  const out = sorted[seat];
  for (let i = 0; i < n; i++) {
    // Insertion sort, highest first (hands are small).
    const v = p.cardValue[s.cardAt(pile, i)];
    let j = i;
    while (j > 0 && out[j - 1] < v) {
      out[j] = out[j - 1];
      j--;
    }
    out[j] = v;
  }
  return n;
}

/** Run the showdown. @returns true when it stops at the odd-chip chance node. */
export function showdown(s: Machine): boolean {
  const p = s.program;
  s.log.push(EV.SHOWDOWN, -1, 0, 0, 0, BOTH, BOTH);
  if (p.sidebets.length > 0) settleSideBets(s);
  for (let seat = 0; seat < 2; seat++) {
    const pile = handPile(seat);
    for (let i = 0; i < s.piles[pile]; i++) s.log.push(EV.REVEAL, seat, 0, s.cardAt(pile, i), 0, BOTH, BOTH);
  }
  let cmp = 0;
  let reason: number = SHOWDOWN_REASON.HIGH_CARD;
  let detail = 0;
  let pairCase = 0;
  if (p.metric === METRIC.SUM_OF_RANKS) {
    reason = SHOWDOWN_REASON.TOTALS;
    const scores = s.scores();
    const totals = [sumOfRanks(p, s.pileCards(handPile(0)), scores[0]), sumOfRanks(p, s.pileCards(handPile(1)), scores[1])];
    for (let seat = 0; seat < 2; seat++) s.log.push(EV.TOTAL, seat, totals[seat], 0, 0, BOTH, BOTH);
    cmp = totals[0] - totals[1];
  } else if (p.metric === METRIC.POKER_HAND) {
    const values = [0, 0];
    for (let seat = 0; seat < 2; seat++) {
      const best = bestPokerHand(p, s.pileCards(handPile(seat)), p.boardPile >= 0 ? s.pileCards(p.boardPile) : []);
      const [b, c] = packHandCards(best.types);
      s.log.push(EV.HAND, seat, best.category, b, c, BOTH, BOTH);
      values[seat] = best.value;
    }
    cmp = Math.sign(values[0] - values[1]);
  } else {
    if (p.metric === METRIC.PAIR_WITH_BOARD) {
      const pairs = [handBoardPair(s, 0, p.boardPile), handBoardPair(s, 1, p.boardPile)];
      cmp = Number(pairs[0] >= 0) - Number(pairs[1] >= 0);
      if (cmp !== 0) {
        reason = SHOWDOWN_REASON.PAIRS_BOARD;
        detail = pairs[cmp > 0 ? 0 : 1];
      } else pairCase = pairs[0] >= 0 ? 2 : 1;
    }
    if (cmp === 0) {
      cmp = compareHands(s);
      detail = decidingIndex;
    }
  }
  if (cmp !== 0) {
    const winner = cmp > 0 ? 0 : 1;
    s.log.push(EV.RESULT, winner, reason, detail, pairCase, BOTH, BOTH);
    s.award(winner, s.r[R.POT]);
    return false;
  }
  s.log.push(EV.RESULT, -1, reason, detail, pairCase, BOTH, BOTH);
  return s.splitPot();
}
