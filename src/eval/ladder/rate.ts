/**
 * The (level, progress) rating (BotzoneBench §4.5), pure over duel figures.
 *
 * Climbing from Lv0, the participant advances past a level when its win rate per game against
 * the level's bots (wins / (wins + losses), draws excluded, all the level's bots pooled) is at
 * least 50 % (§4.5: "a bot advances if it achieves at least 50 % overall win rate against all
 * baselines at its current level"). Its level is the first level it does not advance past; its
 * progress is twice its win rate against that level (the share of the gap to the next level it has
 * closed). A participant that advances past the top level is *topped*: level = the top level,
 * progress = twice its win rate there (≥ 100 %). Cost: one duel per bot of each level climbed.
 *
 * A level's own bot wins exactly as many games against itself as it loses when its play is
 * deterministic (each duplicate run mirrors), so it advances past its own level (50 % ≥ 50 %) and
 * is placed one level up unless it also reaches 50 % there.
 */
import type { DuelFigures } from './stats.js';

/** Win rate the participant must reach to advance past a level (BotzoneBench §4.5: at least 50 %). */
export const ADVANCE_WIN_RATE = 0.5;

/** A rating. */
export interface Rating {
  /** The level reached. */
  level: number;
  /** 2 × win rate against that level, in [0, 2]. */
  progress: number;
  /** 95 % interval of the progress (2 × the Wilson interval of the win rate). */
  progressCI: [number, number];
  /** The participant advanced past every level. */
  topped: boolean;
  /** Duels played, one per level climbed. */
  duels: number;
}

/**
 * Climb a ladder of `levels` levels (Lv0 … Lv(levels−1)).
 * @param duel plays the participant against level k and returns its figures (from its side)
 * @returns the rating and the figures of each level climbed, in order
 * @throws RangeError when the ladder has no level
 */
export async function climb(levels: number, duel: (level: number) => Promise<DuelFigures>): Promise<{ rating: Rating; steps: DuelFigures[] }> {
  if (levels < 1) throw new RangeError('the ladder has no level');
  const steps: DuelFigures[] = [];
  for (let k = 0; k < levels; k++) {
    const f = await duel(k);
    steps.push(f);
    if (!(f.winRate >= ADVANCE_WIN_RATE) || k === levels - 1) {
      return {
        rating: {
          level: k,
          progress: 2 * f.winRate,
          progressCI: [2 * f.winRateCI[0], 2 * f.winRateCI[1]],
          topped: f.winRate >= ADVANCE_WIN_RATE,
          duels: steps.length,
        },
        steps,
      };
    }
  }
  throw new Error('unreachable');
}

/** `Lv2 (68 %)`, `Lv5 (topped, 112 %)`. */
export function formatRating(r: Rating): string {
  return `Lv${r.level} (${r.topped ? 'topped, ' : ''}${Math.round(100 * r.progress)} %)`;
}
