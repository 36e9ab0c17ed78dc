/**
 * Figures of a ladder duel, from A's side: the chips A wins per game (paired by run) and the win
 * rate per game.
 *
 * A *run* is a duplicate pair of slots (seats swapped, the same chance draws; BotzoneBench §4.1);
 * each slot is one *game*. The win rate counts games as BotzoneBench §4.5 does: a game is won, lost
 * or drawn by the sign of A's chips in it, and win rate = wins / (wins + losses), draws excluded.
 * The chips won are averaged per run, so their standard error is the paired one. The run-level
 * counts (the sign of A's net over a run's two slots) are kept beside them for reference.
 */

/** One run's returns for A: `[A in seat 0, A in seat 1]`, chips. */
export type RunReturns = readonly [number, number];

/** A duel's figures from A's side. */
export interface DuelFigures {
  runs: number;
  /** Games (slots) played: 2 × runs. */
  games?: number;
  /** Mean chips won by A per game (over both slots of every run). */
  meanReturn: number;
  /** Paired standard error of `meanReturn`: sample SD of the per-run means ÷ √runs. */
  pairedSE: number;
  /** 95 % interval of `meanReturn`: meanReturn ± 1.96 paired SE, chips/game. */
  meanReturnCI: [number, number];
  /** Games won, lost and drawn by A (the sign of A's chips in the game). */
  wins: number;
  losses: number;
  draws: number;
  /** wins / (wins + losses) over games; 0.5 when every game is drawn. */
  winRate: number;
  /** 95 % Wilson score interval of the win rate over the decisive games ([0, 1] when there are none). */
  winRateCI: [number, number];
  /** Runs won, lost and drawn by the sign of A's net chips over the run's two games, and wins / (wins + losses) of runs. */
  runWins?: number;
  runLosses?: number;
  runDraws?: number;
  runWinRate?: number;
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
  let runWins = 0;
  let runLosses = 0;
  let sum = 0;
  const perRun = runs.map(([x, y]) => {
    for (const g of [x, y]) {
      if (g > 0) wins++;
      else if (g < 0) losses++;
    }
    const net = x + y;
    if (net > 0) runWins++;
    else if (net < 0) runLosses++;
    sum += net / 2;
    return net / 2;
  });
  const meanReturn = sum / n;
  const sd = n < 2 ? 0 : Math.sqrt(perRun.reduce((s, v) => s + (v - meanReturn) ** 2, 0) / (n - 1));
  const pairedSE = sd / Math.sqrt(n);
  const decisive = wins + losses;
  return {
    runs: n,
    games: 2 * n,
    meanReturn,
    pairedSE,
    meanReturnCI: [meanReturn - Z95 * pairedSE, meanReturn + Z95 * pairedSE],
    wins,
    losses,
    draws: 2 * n - decisive,
    winRate: decisive === 0 ? 0.5 : wins / decisive,
    winRateCI: wilson(wins, decisive),
    runWins,
    runLosses,
    runDraws: n - runWins - runLosses,
    runWinRate: runWins + runLosses === 0 ? 0.5 : runWins / (runWins + runLosses),
  };
}

/**
 * The figures of several duels pooled, as against a level of several bots (BotzoneBench §4.5: the
 * win rate against all the baselines of a level): games won and lost summed, the Wilson interval of
 * the pooled win rate, the chips won averaged over all runs with the paired SE of that mean.
 * @throws RangeError for no figures
 */
export function poolFigures(fs: readonly DuelFigures[]): DuelFigures {
  if (fs.length === 0) throw new RangeError('no figures');
  if (fs.length === 1) return fs[0];
  const runs = fs.reduce((s, f) => s + f.runs, 0);
  const meanReturn = fs.reduce((s, f) => s + f.meanReturn * f.runs, 0) / runs;
  const pairedSE = Math.sqrt(fs.reduce((s, f) => s + (f.pairedSE * f.runs) ** 2, 0)) / runs;
  const sum = (k: 'wins' | 'losses' | 'draws' | 'runWins' | 'runLosses' | 'runDraws') => fs.reduce((s, f) => s + (f[k] ?? 0), 0);
  const wins = sum('wins');
  const losses = sum('losses');
  const rw = sum('runWins');
  const rl = sum('runLosses');
  return {
    runs,
    games: fs.reduce((s, f) => s + (f.games ?? 2 * f.runs), 0),
    meanReturn,
    pairedSE,
    meanReturnCI: [meanReturn - Z95 * pairedSE, meanReturn + Z95 * pairedSE],
    wins,
    losses,
    draws: sum('draws'),
    winRate: wins + losses === 0 ? 0.5 : wins / (wins + losses),
    winRateCI: wilson(wins, wins + losses),
    runWins: rw,
    runLosses: rl,
    runDraws: sum('runDraws'),
    runWinRate: rw + rl === 0 ? 0.5 : rw / (rw + rl),
  };
}
