/**
 * Showdown metrics (see `ShowdownSchema` in the IR).
 *
 * - high-card: rank values sorted highest first, compared lexicographically; a hand that runs
 *   out first loses, two exhausted hands tie, so an empty hand loses to any non-empty one.
 * - pair-with-board (Leduc hold'em, OpenSpiel `leduc_poker`): a hand holding a card of the same
 *   rank as a board card beats one that does not; both or neither: high-card on the hands.
 */

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
