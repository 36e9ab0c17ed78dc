/**
 * Calibrating a ladder from duel figures (pure): choose the levels Lv0 (random) < Lv1 < … < LvK
 * from candidate agents (BotzoneBench §4.4: Lv0 plays a random legal move; each higher level shows
 * clear superiority over the one below, its win rate typically 70–90 %; several bots of diverse
 * methods and comparable strength per level where the pool allows: four, two or one).
 *
 * The criteria (our games are chip games; see docs/ladder.md):
 * - **separates**: a level's bot against the level below wins chips with a 95 % interval above 0
 *   *and* a per-game win rate whose 95 % Wilson interval lies above 50 %;
 * - **beats every lower level**: its win rate against each bot of Lv0 … Lv(k−2) exceeds 50 %, so a
 *   level placed as a participant climbs to its own rung;
 * - the chain of first bots (one per level) is chosen first by the number of steps inside the
 *   70–90 % band (the paper's rule, applied wherever some chain meets it), then by its length (at
 *   most K levels above Lv0), then lexicographically by candidate index (deterministic);
 * - each level above Lv0 then takes up to three more bots of comparable strength (neither separates
 *   from the level's first bot, and its win rate against the level below is within
 *   {@link SIMILAR_WIN_RATE} of the first bot's, inside the band when the first bot's is), each
 *   separating from every bot of the level below and beaten by the first bot of the level above;
 *   candidates of a method (kind) the level lacks come first;
 * - when no level holds a CFR+ bot and a CFR+ candidate separates from every bot of the top level,
 *   the largest such budget becomes a new top level (if the level limit allows).
 * Steps whose pooled win rate (all bots of a level against all bots of the level below) lies outside
 * the band are listed. Candidates on no level are dropped, with the reason.
 */
import { poolFigures, type DuelFigures } from './stats.js';

/** The paper's preferred win-rate band between adjacent levels (BotzoneBench §4.4). */
export const WIN_RATE_BAND: readonly [number, number] = [0.7, 0.9];

/** Most apart (absolute) two bots of a level may be in their win rate against the level below (BotzoneBench §4.4: comparable strength, similar win rates against shared baselines). */
export const SIMILAR_WIN_RATE = 0.1;

/** Most bots on one level (BotzoneBench §4.4: four when the pool is large). */
export const MAX_LEVEL_BOTS = 4;

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

/** A chosen ladder. */
export interface Calibration {
  /** Candidate index of each level's first bot; Lv0 is candidate 0. */
  chain: number[];
  /** Candidate indices of every bot of each level (the first is `chain[k]`). */
  members: number[][];
  /** Steps of the chain of first bots inside the band. */
  inBandSteps: number;
  /** Levels whose pooled win rate against the level below lies outside the band, with that win rate. */
  outOfBand: { level: number; winRate: number }[];
  /** What happened to the CFR+ rung (null when no candidate is CFR+). */
  cfrRung: string | null;
  /** Why each candidate on no level was dropped, by candidate index. */
  dropped: Map<number, string>;
}

/** Options of {@link calibrate}. */
export interface CalibrateOptions {
  /** Method (agent kind) of each candidate; levels prefer bots of methods they lack. */
  kinds?: readonly string[];
  /** Candidates that are CFR+ policies, in ascending budget. */
  cfr?: readonly number[];
  /** Most bots per level (default {@link MAX_LEVEL_BOTS}; 1 for one bot per level). */
  maxBots?: number;
  /** Candidate names for the notes. */
  names?: readonly string[];
}

/**
 * The best ladder over `n` candidates (candidate 0 is Lv0) with at most `maxLevels` levels above
 * Lv0; see the module comment for the order. Exhaustive search over chains: fine for the dozen
 * candidates a game has.
 * @throws RangeError when `n` < 1 or `maxLevels` < 0
 */
export function calibrate(n: number, figures: FiguresOf, maxLevels: number, opts: CalibrateOptions = {}): Calibration {
  if (n < 1) throw new RangeError('no candidates');
  if (maxLevels < 0) throw new RangeError('maxLevels must be ≥ 0');
  const name = (c: number): string => opts.names?.[c] ?? `candidate ${c}`;
  let best: number[] = [0];
  let bestBand = 0;
  const better = (chain: number[], band: number): boolean => {
    if (band !== bestBand) return band > bestBand;
    if (chain.length !== best.length) return chain.length > best.length;
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

  // More bots per level.
  const maxBots = Math.max(1, opts.maxBots ?? MAX_LEVEL_BOTS);
  const members: number[][] = best.map((c) => [c]);
  const used = new Set(best);
  for (let k = 1; k < best.length; k++) {
    const spine = best[k];
    const spineBelow = poolFigures(members[k - 1].map((l) => figures(spine, l))).winRate;
    const similar = (c: number): boolean => {
      const w = poolFigures(members[k - 1].map((l) => figures(c, l))).winRate;
      return Math.abs(w - spineBelow) <= SIMILAR_WIN_RATE && (!inBand(spineBelow) || inBand(w));
    };
    const fits = (c: number): boolean =>
      similar(c) &&
      !separates(figures(c, spine)) &&
      !separates(figures(spine, c)) &&
      members[k - 1].every((l) => separates(figures(c, l))) &&
      members.slice(0, k - 1).every((lv) => lv.every((l) => figures(c, l).winRate > 0.5)) &&
      (k + 1 >= best.length || separates(figures(best[k + 1], c)));
    const pool = Array.from({ length: n }, (_, c) => c).filter((c) => c > 0 && !used.has(c) && fits(c));
    while (members[k].length < maxBots && pool.length > 0) {
      const have = new Set(members[k].map((c) => opts.kinds?.[c]));
      const pick = pool.find((c) => !have.has(opts.kinds?.[c])) ?? pool[0];
      members[k].push(pick);
      used.add(pick);
      pool.splice(pool.indexOf(pick), 1);
    }
  }
  // A CFR+ rung on top when no level holds a CFR+ bot and one separates from every bot of the top level.
  let cfrRung: string | null = null;
  const cfr = opts.cfr ?? [];
  if (cfr.length > 0) {
    const k0 = members.findIndex((lv) => lv.some((c) => cfr.includes(c)));
    if (k0 >= 0) cfrRung = `Lv${k0} holds ${name(members[k0].find((c) => cfr.includes(c))!)}`;
    else {
      const top = members[members.length - 1];
      const fits = cfr.filter(
        (c) => top.every((t) => separates(figures(c, t))) && members.slice(0, -1).every((lv) => lv.every((l) => figures(c, l).winRate > 0.5)),
      );
      if (fits.length === 0) {
        const f = cfr.map((c) => [c, poolFigures(top.map((t) => figures(c, t)))] as const).sort((x, y) => y[1].winRate - x[1].winRate)[0];
        cfrRung = `no CFR+ candidate separates from the top level Lv${members.length - 1} (best: ${name(f[0])}, win rate ${(100 * f[1].winRate).toFixed(1)} %, chips won ${f[1].meanReturn.toFixed(3)} ± ${(f[1].meanReturnCI[1] - f[1].meanReturn).toFixed(3)})`;
      } else if (members.length - 1 >= maxLevels) cfrRung = `${name(fits[fits.length - 1])} separates from the top level, but the ladder is at its level limit`;
      else {
        const c = fits[fits.length - 1];
        best.push(c);
        members.push([c]);
        used.add(c);
        cfrRung = `${name(c)} added as Lv${members.length - 1} (it separates from every bot of Lv${members.length - 2})`;
      }
    }
  }

  const outOfBand: Calibration['outOfBand'] = [];
  for (let k = 1; k < best.length; k++) {
    const f = poolFigures(members[k].flatMap((u) => members[k - 1].map((l) => figures(u, l))));
    if (!inBand(f.winRate)) outOfBand.push({ level: k, winRate: f.winRate });
  }

  const dropped = new Map<number, string>();
  for (let c = 1; c < n; c++) {
    if (used.has(c)) continue;
    // The reason: against the level it would sit above (the highest kept level it separates from), or the lowest.
    let reason = `no chain of ${best.length - 1} levels keeps it`;
    let k = -1;
    for (let i = best.length - 1; i >= 0; i--)
      if (separates(figures(c, best[i]))) {
        k = i;
        break;
      }
    if (k < 0) {
      const f = figures(c, best[0]);
      reason = `does not separate from Lv0 (chips won ${f.meanReturn.toFixed(3)} ± ${(f.meanReturnCI[1] - f.meanReturn).toFixed(3)}, win rate ${(100 * f.winRate).toFixed(1)} %)`;
    } else if (k === best.length - 1) {
      const j = best.slice(0, -1).findIndex((l) => !(figures(c, l).winRate > 0.5));
      reason =
        j >= 0
          ? `separates from the top level Lv${k} but does not beat Lv${j} (win rate ${(100 * figures(c, best[j]).winRate).toFixed(1)} %)`
          : best.length - 1 >= maxLevels
            ? `separates from the top level Lv${k} but the ladder is at its level limit`
            : `separates from the top level Lv${k}; a ladder with it on top has fewer steps in the 70–90 % band or comes later`;
    } else {
      const f = figures(c, best[k + 1]);
      reason = separates(mirror(f))
        ? `separates from Lv${k} but not from Lv${k + 1}: its chips won against Lv${k + 1} are ${f.meanReturn.toFixed(3)} ± ${(f.meanReturnCI[1] - f.meanReturn).toFixed(3)} chips/game, win rate ${(100 * f.winRate).toFixed(1)} %`
        : `separates from Lv${k} and is as strong as Lv${k + 1}'s first bot (chips won ${f.meanReturn.toFixed(3)} ± ${(f.meanReturnCI[1] - f.meanReturn).toFixed(3)}, win rate ${(100 * f.winRate).toFixed(1)} %), but does not separate from every bot of Lv${k}, or Lv${k + 2} does not separate from it, or Lv${k + 1} is full`;
    }
    dropped.set(c, reason);
  }
  return { chain: best, members, inBandSteps: bestBand, outOfBand, cfrRung, dropped };
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
