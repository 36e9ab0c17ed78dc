/**
 * Every course of a fixed-limit betting round, for the rulebook's worked list.
 *
 * Semantics (the IR's `betting` step, as in OpenSpiel's `kuhn_poker` / `leduc_poker`): the seat
 * to act checks or bets when not facing a bet, and folds, calls or raises when facing one; a bet
 * or raise adds `betSize` chips above the opponent's contribution for the round; at most
 * `raiseCap` bets and raises happen per round (the opening bet counts); the round ends at a fold
 * or when both seats have acted and their contributions are equal. Stacks are assumed to cover
 * every bet (the rulebook says when they do).
 */
import type { BettingCourseView, BettingMoveView } from './types.js';

interface RoundState {
  contrib: [number, number];
  toAct: 0 | 1;
  bets: number;
  acted: [boolean, boolean];
  moves: BettingMoveView[];
}

/**
 * All action sequences of one betting round, in the order check/bet before fold/call/raise.
 * @param seats seat names (index = seat)
 * @param first the seat that acts first
 * @param betSize chips per bet or raise (≥ 1)
 * @param raiseCap bets plus raises allowed in the round (≥ 1)
 * @returns one course per complete sequence; `2 × raiseCap + 1 + …` grows linearly with the cap.
 */
export function bettingCourses(seats: readonly [string, string] | readonly string[], first: 0 | 1, betSize: number, raiseCap: number): BettingCourseView[] {
  const out: BettingCourseView[] = [];
  const walk = (s: RoundState): void => {
    const me = s.toAct;
    const opp = (1 - me) as 0 | 1;
    const facing = s.contrib[opp] > s.contrib[me];
    const next = (contrib: [number, number], bets: number, move: BettingMoveView): RoundState => {
      const acted: [boolean, boolean] = [s.acted[0], s.acted[1]];
      acted[me] = true;
      return { contrib, toAct: opp, bets, acted, moves: [...s.moves, move] };
    };
    const ended = (t: RoundState) => t.acted[0] && t.acted[1] && t.contrib[0] === t.contrib[1];
    const go = (t: RoundState) => (ended(t) ? out.push({ moves: t.moves, foldWinner: null, eachPutIn: t.contrib[0] }) : walk(t));
    if (!facing) {
      go(next(s.contrib, s.bets, { seat: seats[me], verb: 'checks', chips: 0, toMatch: 0 }));
      if (s.bets < raiseCap) {
        const c: [number, number] = [s.contrib[0], s.contrib[1]];
        c[me] = s.contrib[opp] + betSize;
        go(next(c, s.bets + 1, { seat: seats[me], verb: 'bets', chips: betSize, toMatch: 0 }));
      }
      return;
    }
    const toMatch = s.contrib[opp] - s.contrib[me];
    out.push({ moves: [...s.moves, { seat: seats[me], verb: 'folds', chips: 0, toMatch: 0 }], foldWinner: seats[opp], eachPutIn: 0 });
    const called: [number, number] = [s.contrib[0], s.contrib[1]];
    called[me] = s.contrib[opp];
    go(next(called, s.bets, { seat: seats[me], verb: 'calls', chips: toMatch, toMatch: 0 }));
    if (s.bets < raiseCap) {
      const raised: [number, number] = [s.contrib[0], s.contrib[1]];
      raised[me] = s.contrib[opp] + betSize;
      go(next(raised, s.bets + 1, { seat: seats[me], verb: 'raises', chips: toMatch + betSize, toMatch }));
    }
  };
  walk({ contrib: [0, 0], toAct: first, bets: 0, acted: [false, false], moves: [] });
  return out;
}
