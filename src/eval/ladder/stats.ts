/**
 * Figures of a ladder duel, from A's side: the chips A wins per game (paired) and the run win rate.
 *
 * A *run* is a duplicate pair of slots (seats swapped, the same chance draws; BotzoneBench §4.1).
 * Its result for A is A's net chips over the two slots; the run is won, lost or drawn by the sign
 * of that net. The win rate excludes draws, as BotzoneBench §4.5 does (wins / (wins + losses)).
 */

/** One run's returns for A: `[A in seat 0, A in seat 1]`, chips. */
export type RunReturns = readonly [number, number];

/** A duel's figures from A's side. */
export interface DuelFigures {
  runs: number;
  /** Mean chips won by A per game (over both slots of every run). */
  meanReturn: number;
  /** Paired standard error of `meanReturn`: sample SD of the per-run means ÷ √runs. */
  pairedSE: number;
  /** 95 % interval of `meanReturn`: meanReturn ± 1.96 paired SE, chips/game. */
  meanReturnCI: [number, number];
  wins: number;
  losses: number;
  draws: number;
  /** wins / (wins + losses); 0.5 when every run is drawn. */
  winRate: number;
  /** 95 % Wilson score interval of the win rate over the decisive runs ([0, 1] when there are none). */
  winRateCI: [number, number];
}

/** z of a two-sided 95 % interval. */
export const Z95 = 1.959963984540054;

/**
 * Wilson score interval of a binomial proportion (Wilson 1927), `z` standard normal quantile.
 * @returns [0, 1] when `n` is 0
 */
export function wilson(successes: number, n: number, z = Z95): [number, number] {
  if (n === 0) return [0, 1];
  const p = successes / n;
  const z2 = z * z;
  const den = 1 + z2 / n;
  const centre = (p + z2 / (2 * n)) / den;
  const half = (z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / den;
  return [Math.max(0, centre - half), Math.min(1, centre + half)];
}

/**
 * The figures of a duel from its runs.
 * @throws RangeError for no runs
 */
export function duelFigures(runs: readonly RunReturns[]): DuelFigures {
  const n = runs.length;
  if (n === 0) throw new RangeError('no runs');
  let wins = 0;
  let losses = 0;
  let sum = 0;
  const perRun = runs.map(([x, y]) => {
    const net = x + y;
    if (net > 0) wins++;
    else if (net < 0) losses++;
    sum += net / 2;
    return net / 2;
  });
  const margin = sum / n;
  const sd = n < 2 ? 0 : Math.sqrt(perRun.reduce((s, v) => s + (v - margin) ** 2, 0) / (n - 1));
  const pairedSE = sd / Math.sqrt(n);
  const decisive = wins + losses;
  return {
    runs: n,
    meanReturn: margin,
    pairedSE,
    meanReturnCI: [margin - Z95 * pairedSE, margin + Z95 * pairedSE],
    wins,
    losses,
    draws: n - decisive,
    winRate: decisive === 0 ? 0.5 : wins / decisive,
    winRateCI: wilson(wins, decisive),
  };
}
