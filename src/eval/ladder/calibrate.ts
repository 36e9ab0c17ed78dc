/**
 * Calibrating a ladder from duel figures (pure): choose the chain of levels Lv0 (random) < Lv1 <
 * … < LvK from candidate agents (BotzoneBench §4.4: Lv0 plays a random legal move; each higher
 * level shows clear superiority over the one below, its win rate typically 70–90 %).
 *
 * The criteria (our games are chip games; see docs/ladder.md):
 * - **separates**: level k+1 against level k wins chips with a 95 % interval above 0 (chips won per game)
 *   (lower end > 0 chips/game) *and* a run win rate whose 95 % Wilson interval excludes 50 %;
 * - **beats every lower level**: its win rate against each of Lv0 … Lv(k−1) exceeds 50 % (the
 *   rating's advance rule), so a level placed as a participant climbs to its own rung;
 * - among the chains meeting both, the longest (at most K levels above Lv0) is kept; ties go to
 *   the chain with more steps inside the 70–90 % win-rate band, then to the chain whose candidate
 *   indices are lexicographically first (so the choice is deterministic).
 * Candidates on no kept chain are dropped, with the reason.
 */
import type { DuelFigures } from './stats.js';

/** The paper's preferred win-rate band between adjacent levels (BotzoneBench §4.4). */
export const WIN_RATE_BAND: readonly [number, number] = [0.7, 0.9];

/** Figures of candidate `upper` against candidate `lower` (from `upper`'s side). */
export type FiguresOf = (upper: number, lower: number) => DuelFigures;

/** Whether `f` (upper against lower) separates the two levels. */
export function separates(f: DuelFigures): boolean {
  return f.meanReturnCI[0] > 0 && f.winRateCI[0] > 0.5;
}

/** Whether a win rate lies in {@link WIN_RATE_BAND}. */
export function inBand(winRate: number): boolean {
  return winRate >= WIN_RATE_BAND[0] && winRate <= WIN_RATE_BAND[1];
}

/** A chosen chain. */
export interface Calibration {
  /** Candidate indices of Lv0, Lv1, …; Lv0 is candidate 0. */
  chain: number[];
  /** Steps of the chain inside the band. */
  inBandSteps: number;
  /** Why each candidate not on the chain was dropped, by candidate index. */
  dropped: Map<number, string>;
}

/**
 * The best chain over `n` candidates (candidate 0 is Lv0) with at most `maxLevels` levels above
 * Lv0; see the module comment for the order. Exhaustive search: fine for the dozen candidates a
 * game has.
 * @throws RangeError when `n` < 1 or `maxLevels` < 0
 */
export function calibrate(n: number, figures: FiguresOf, maxLevels: number): Calibration {
  if (n < 1) throw new RangeError('no candidates');
  if (maxLevels < 0) throw new RangeError('maxLevels must be ≥ 0');
  let best: number[] = [0];
  let bestBand = 0;
  const better = (chain: number[], band: number): boolean => {
    if (chain.length !== best.length) return chain.length > best.length;
    if (band !== bestBand) return band > bestBand;
    for (let i = 0; i < chain.length; i++) if (chain[i] !== best[i]) return chain[i] < best[i];
    return false;
  };
  const extend = (chain: number[], band: number): void => {
    if (better(chain, band)) {
      best = chain.slice();
      bestBand = band;
    }
    if (chain.length - 1 >= maxLevels) return;
    const top = chain[chain.length - 1];
    for (let c = 1; c < n; c++) {
      if (chain.includes(c)) continue;
      const f = figures(c, top);
      if (!separates(f)) continue;
      if (!chain.slice(0, -1).every((l) => figures(c, l).winRate > 0.5)) continue;
      chain.push(c);
      extend(chain, band + (inBand(f.winRate) ? 1 : 0));
      chain.pop();
    }
  };
  extend([0], 0);
  const dropped = new Map<number, string>();
  for (let c = 1; c < n; c++) {
    if (best.includes(c)) continue;
    // The reason: against the level it would sit above (the highest kept level it separates from), or the lowest.
    let reason = `no chain of ${best.length - 1} levels keeps it`;
    let k = -1;
    for (let i = best.length - 1; i >= 0; i--) if (separates(figures(c, best[i]))) { k = i; break; }
    if (k < 0) {
      const f = figures(c, best[0]);
      reason = `does not separate from Lv0 (chips won ${f.meanReturn.toFixed(3)} ± ${(f.meanReturnCI[1] - f.meanReturn).toFixed(3)}, win rate ${(100 * f.winRate).toFixed(1)} %)`;
    } else if (k === best.length - 1) {
      const j = best.slice(0, -1).findIndex((l) => !(figures(c, l).winRate > 0.5));
      reason = j >= 0 ? `separates from the top level Lv${k} but does not beat Lv${j} (win rate ${(100 * figures(c, best[j]).winRate).toFixed(1)} %)` : best.length - 1 >= maxLevels
            ? `separates from the top level Lv${k} but the ladder is at its level limit`
            : `separates from the top level Lv${k}; a chain as long without it has more steps in the 70–90 % band or comes first`;
    }
    else {
      const f = figures(c, best[k + 1]);
      reason = `separates from Lv${k} but not from Lv${k + 1}: its chips won against Lv${k + 1} are ${f.meanReturn.toFixed(3)} ± ${(f.meanReturnCI[1] - f.meanReturn).toFixed(3)} chips/game, win rate ${(100 * f.winRate).toFixed(1)} %`;
    }
    dropped.set(c, reason);
  }
  return { chain: best, inBandSteps: bestBand, dropped };
}

/** The figures from the other side (B against A). */
export function mirror(f: DuelFigures): DuelFigures {
  return {
    runs: f.runs,
    meanReturn: -f.meanReturn,
    pairedSE: f.pairedSE,
    meanReturnCI: [-f.meanReturnCI[1], -f.meanReturnCI[0]],
    wins: f.losses,
    losses: f.wins,
    draws: f.draws,
    winRate: 1 - f.winRate,
    winRateCI: [1 - f.winRateCI[1], 1 - f.winRateCI[0]],
  };
}
