/**
 * A seeded random player of table hands, shared by the table engine's tests and
 * `bench/table-conservation.ts`: at a decision, a move (fold when facing a bet, check/call, raise
 * when offered) uniformly, then a raise size uniformly in its bounds; chance by the inverse CDF.
 */
import { CHANCE, type TableState } from '../../src/interpreter/index.js';

/** Play `s` to the end; `foldSeat` always folds when it may, else checks. */
export function randomHand(s: TableState, rng: () => number, foldSeat = -1): void {
  while (!s.isTerminal()) {
    const p = s.currentPlayer();
    if (p === CHANCE) {
      s.applyAction(s.sampleChance(rng()));
      continue;
    }
    const moves = s.currentBet > s.round[p] ? [0, 1] : [1];
    if (p === foldSeat) {
      s.applyAction(moves[0]);
      continue;
    }
    const b = s.raiseBounds();
    const k = Math.floor(rng() * (moves.length + (b ? 1 : 0)));
    s.applyAction(k < moves.length ? moves[k] : 1 + b![0] + Math.floor(rng() * (b![1] - b![0] + 1)));
  }
}
