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
 * - sum-of-ranks (GENSTRAT paper, "A concrete game"): the sum of the hand's rank values, plus
 *   `pair` points when the hand holds two or more cards of the rank, plus `each` points per
 *   card of the rank, plus the seat's score adjustments; the higher total wins.
 */
import type { InterpreterState } from './state.js';
import { BOTH, EV, PAY_REASON, R } from './layout.js';
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
 * The sum-of-ranks total of a hand, in points.
 * @param cards card types of the hand
 * @param score the seat's score adjustments
 */
export function sumOfRanks(p: Program, cards: readonly number[], score: number): number {
  const counts = new Int32Array(p.rankNames.length);
  let total = score;
  for (const t of cards) {
    total += p.cardValue[t];
    counts[p.cardRank[t]]++;
  }
  for (let rank = 0; rank < counts.length; rank++) {
    if (counts[rank] >= 2) total += p.pairPoints[rank];
    total += p.eachPoints[rank] * counts[rank];
  }
  return total;
}

/**
 * Settle the accepted side bets in the order they were accepted: when its condition holds the
 * opponent pays the seat, else the seat pays the opponent, clamped to the payer's stack.
 */
function settleSideBets(s: InterpreterState): void {
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

/** Whether any card of `seat`'s hand has the rank of a card in `board` (without allocating). */
function handPairsBoard(s: InterpreterState, seat: number, board: number): boolean {
  const p = s.program;
  const hand = handPile(seat);
  for (let i = 0; i < s.piles[hand]; i++) {
    const rank = p.cardRank[s.cardAt(hand, i)];
    for (let j = 0; j < s.piles[board]; j++) if (p.cardRank[s.cardAt(board, j)] === rank) return true;
  }
  return false;
}

/** {@link compareHighCard} on the seats' hands, reading the piles into scratch arrays. */
function compareHands(s: InterpreterState): number {
  const p = s.program;
  const len0 = sortHand(s, p, 0);
  const len1 = sortHand(s, p, 1);
  const x = sorted[0];
  const y = sorted[1];
  for (let i = 0; ; i++) {
    if (i >= len0 || i >= len1) return len0 - len1;
    if (x[i] !== y[i]) return x[i] - y[i];
  }
}

/** Read `seat`'s card values into `sorted[seat]`, highest first; returns the hand's size. */
function sortHand(s: InterpreterState, p: Program, seat: number): number {
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
export function showdown(s: InterpreterState): boolean {
  const p = s.program;
  s.log.push(EV.SHOWDOWN, -1, 0, 0, 0, BOTH, BOTH);
  if (p.sidebets.length > 0) settleSideBets(s);
  for (let seat = 0; seat < 2; seat++) {
    const pile = handPile(seat);
    for (let i = 0; i < s.piles[pile]; i++) s.log.push(EV.REVEAL, seat, 0, s.cardAt(pile, i), 0, BOTH, BOTH);
  }
  let cmp = 0;
  if (p.metric === METRIC.SUM_OF_RANKS) {
    const scores = s.scores();
    const totals = [sumOfRanks(p, s.pileCards(handPile(0)), scores[0]), sumOfRanks(p, s.pileCards(handPile(1)), scores[1])];
    for (let seat = 0; seat < 2; seat++) s.log.push(EV.TOTAL, seat, totals[seat], 0, 0, BOTH, BOTH);
    cmp = totals[0] - totals[1];
  } else {
    if (p.metric === METRIC.PAIR_WITH_BOARD) cmp = Number(handPairsBoard(s, 0, p.boardPile)) - Number(handPairsBoard(s, 1, p.boardPile));
    if (cmp === 0) cmp = compareHands(s);
  }
  if (cmp !== 0) {
    const winner = cmp > 0 ? 0 : 1;
    s.log.push(EV.RESULT, winner, 0, 0, 0, BOTH, BOTH);
    s.award(winner, s.r[R.POT]);
    return false;
  }
  s.log.push(EV.RESULT, -1, 0, 0, 0, BOTH, BOTH);
  return s.splitPot();
}
