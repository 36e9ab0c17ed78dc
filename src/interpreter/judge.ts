/**
 * A compiled game's showdown as a judge of hands (`HandJudge` of `api.ts`), for agents that
 * estimate hand strength from what they see: card ids by name, the initial deck, the board pile
 * and a comparison of two hands by the game's showdown metric (`showdown.ts`).
 */
import type { HandJudge } from './api.js';
import { METRIC, type Program } from './program.js';
import { bestPokerHand, compareHighCard, pairsBoard, sumOfRanks } from './showdown.js';

/** The judge of hands of `program`'s showdown. */
export function handJudge(program: Program): HandJudge {
  const rank = (t: number): number => program.cardRank[t];
  const value = (t: number): number => program.cardValue[t];
  return {
    cardId: (name) => program.cardNames.indexOf(name),
    deck: Array.from(program.initialDeck),
    boardPile: program.boardPile >= 0 ? program.pileNames[program.boardPile] : null,
    compare(mine, theirs, board, myScore, theirScore) {
      if (program.metric === METRIC.SUM_OF_RANKS) return sumOfRanks(program, mine, myScore) - sumOfRanks(program, theirs, theirScore);
      if (program.metric === METRIC.POKER_HAND) return bestPokerHand(program, mine, board).value - bestPokerHand(program, theirs, board).value;
      if (program.metric === METRIC.PAIR_WITH_BOARD) {
        const br = board.map(rank);
        const d = Number(pairsBoard(mine.map(rank), br)) - Number(pairsBoard(theirs.map(rank), br));
        if (d !== 0) return d;
      }
      return compareHighCard(mine.map(value), theirs.map(value));
    },
  };
}
