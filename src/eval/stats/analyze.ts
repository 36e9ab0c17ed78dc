/**
 * Every estimate of GENSTRAT v2 §6–§8 from one set of slot rows (and optionally the games' axes),
 * as one plain JSON-ready object (`Estimates`, schema in ./schema.ts).
 */
import { fitAlpha } from './alpha.js';
import { percentileInterval, spearman, type Interval } from './dist.js';
import { fitPerGame, stratifiedBootstrap } from './per-game.js';
import { varianceDecomposition, type VarianceDecomposition } from './variance.js';
import {
  alphaVsSlots,
  bradleyTerry,
  compositeComplexity,
  leaveOneGameOut,
  pairwiseMatrix,
  tertileRefits,
  type BradleyTerry,
  type CompositeComplexity,
  type LeaveOneGameOut,
  type PairwiseMatrix,
} from './robustness.js';
import { axisMatrix, capabilityProfiles, type CapabilityProfiles } from './profiles.js';
import { localJaggedness, type Jaggedness } from './jaggedness.js';
import { rankStability, type RankStability } from './rank-stability.js';
import { prepareSlots, type AxisRow, type SlotRow } from './slots.js';
import { reasoningAblation, type Ablation } from './ablation.js';

export interface LeaderboardRow {
  rank: number;
  /** Participant id. */
  participant: string;
  /** Display name (the id when no name is known; the id's first 8 characters are appended when names repeat). */
  name: string;
  alpha: number;
  ci: Interval;
  se: number;
  /** Mean margin of the participant in its slots: its chips minus the opponent's, chips/game (twice the chips it wins per game). */
  meanMargin: number;
  slots: number;
  /** Fallback moves / moves (null when moves are not recorded). */
  fallbackMoveRate: number | null;
  /** Share of slots with at least one fallback move of this participant (null when not recorded). */
  fallbackSlotRate: number | null;
}

export interface Estimates {
  format: 'gbgc-estimates/1';
  meta: { slots: number; selfPlaySlots: number; participants: string[]; games: string[]; B: number; Bsecondary: number; seed: number; commitment?: string | null; engineVersion?: string; tournamentEngineVersion?: string | null; names: Record<string, string> };
  leaderboard: LeaderboardRow[];
  bootstrap: { B: number; unidentifiedReplicates: number };
  perGame: { alpha: (number | null)[][]; ci: (Interval | null)[][]; slots: number[][]; sigma: (number | null)[] };
  variance: VarianceDecomposition;
  robustness: {
    bradleyTerry: BradleyTerry;
    leaveOneGameOut: LeaveOneGameOut;
    alphaVsSlots: { slots: number[]; spearman: number | null };
    pairwise: PairwiseMatrix;
    composite: (CompositeComplexity & { tertiles: { tertile: number; games: string[]; alpha: (number | null)[] | null; ci: Interval[] | null; spearmanWithOverall: number | null }[] }) | null;
  };
  rankStability: RankStability;
  axes: { names: string[]; constant: string[] } | null;
  profiles: CapabilityProfiles | null;
  jaggedness: Jaggedness | null;
  /** Reasoning ablation Δ (§9), when two settings were named. */
  ablation: Ablation | null;
}

export interface AnalyzeOptions {
  /** Bootstrap resamples of α̂ and the variance decomposition (default 2,000). */
  B?: number;
  /** Resamples of the per-game, profile, jaggedness and tertile bootstraps (default 500). */
  Bsecondary?: number;
  seed?: number;
  axes?: readonly AxisRow[];
  /** Jaggedness neighbourhood size (default 3). */
  K?: number;
  commitment?: string | null;
  engineVersion?: string;
  /** Participants [low, high] for the reasoning ablation, optionally with the anchors. */
  ablation?: { low: string; high: string; anchors?: string[] };
  /** Participant id → display name. */
  names?: Record<string, string>;
  /** Engine version that played the tournament (from the store), when known. */
  tournamentEngineVersion?: string | null;
}

/** Display names for participant ids: the given name, made unique by a short id where names repeat. */
export function displayNames(ids: readonly string[], names: Record<string, string> = {}): Record<string, string> {
  const base = ids.map((id) => names[id] ?? id);
  const count = new Map<string, number>();
  for (const b of base) count.set(b, (count.get(b) ?? 0) + 1);
  return Object.fromEntries(ids.map((id, k) => [id, (count.get(base[k]) ?? 0) > 1 && base[k] !== id ? `${base[k]} (${id.slice(0, 8)})` : base[k]]));
}

/** JSON has no NaN/Infinity: non-finite numbers become null. */
const fin = (x: number): number | null => (Number.isFinite(x) ? x : null);

/** Run every estimator. @throws UserError on bad slot or axis rows, or unidentified strengths. */
export function analyze(rows: readonly SlotRow[], opts: AnalyzeOptions = {}): Estimates {
  const B = opts.B ?? 2000;
  const B2 = opts.Bsecondary ?? 500;
  const seed = opts.seed ?? 1;
  const p = prepareSlots(rows);
  const M = p.models.length;
  const G = p.games.length;
  const fit = fitAlpha(p, { B, seed });
  const pg = fitPerGame(p);
  const reps = stratifiedBootstrap(p, B2, seed);

  // Leaderboard extras: mean margin, slots, fallback rates.
  const margin = new Array<number>(M).fill(0);
  const slots = new Array<number>(M).fill(0);
  const fbMoves = new Array<number>(M).fill(0);
  const moves = new Array<number>(M).fill(0);
  const fbSlots = new Array<number>(M).fill(0);
  const recorded = new Array<number>(M).fill(0);
  const idx = new Map(p.models.map((m, i) => [m, i]));
  for (const r of rows) {
    if (r.seats[0] === r.seats[1]) continue;
    for (const s of [0, 1] as const) {
      const m = idx.get(r.seats[s])!;
      slots[m]++;
      margin[m] += r.returns[s] - r.returns[1 - s];
      if (r.fallbackMoves && r.moves) {
        recorded[m]++;
        fbMoves[m] += r.fallbackMoves[s];
        moves[m] += r.moves[s];
        if (r.fallbackMoves[s] > 0) fbSlots[m]++;
      }
    }
  }
  const order = p.models.map((_, m) => m).sort((a, b) => fit.alpha[b] - fit.alpha[a]);
  const names = displayNames(p.models, opts.names);
  const leaderboard: LeaderboardRow[] = order.map((m, k) => ({
    rank: k + 1,
    participant: p.models[m],
    name: names[p.models[m]],
    alpha: fit.alpha[m],
    ci: fit.ci[m],
    se: fit.se[m],
    meanMargin: margin[m] / slots[m],
    slots: slots[m],
    fallbackMoveRate: recorded[m] > 0 && moves[m] > 0 ? fbMoves[m] / moves[m] : null,
    fallbackSlotRate: recorded[m] > 0 ? fbSlots[m] / recorded[m] : null,
  }));

  const cellCi = p.models.map((_, m) =>
    p.games.map((_, g) => {
      if (!Number.isFinite(pg.alpha[m][g])) return null;
      const c = percentileInterval(reps.map((r) => r.alphaGame[m * G + g]));
      return Number.isFinite(c.lo) ? c : null;
    }),
  );
  const variance = varianceDecomposition(p, pg.alpha, B, seed);
  const bt = bradleyTerry(p, fit.alpha);
  const logo = leaveOneGameOut(p, fit.alpha);
  const vs = alphaVsSlots(p, fit.alpha);
  const pairwise = pairwiseMatrix(fit);
  const stability = rankStability(p.models, p.games, fit.alpha, pg.alpha, reps);

  let axesInfo: Estimates['axes'] = null;
  let profiles: CapabilityProfiles | null = null;
  let jag: Jaggedness | null = null;
  let composite: Estimates['robustness']['composite'] = null;
  if (opts.axes) {
    const ax = axisMatrix(p.games, opts.axes);
    axesInfo = { names: ax.names, constant: ax.constant };
    if (ax.names.length > 0) {
      profiles = capabilityProfiles(p.models, pg.alpha, ax, reps);
      jag = localJaggedness(fit.alpha, pg.alpha, pg.sigma, ax.raw, reps, opts.K ?? 3);
      const cc = compositeComplexity(ax.names, profiles.slopes, ax.z);
      const tert = tertileRefits(p, cc.tertile, B2, seed).map((t) => ({
        ...t,
        spearmanWithOverall: t.alpha ? fin(spearman(t.alpha, fit.alpha)) : null,
      }));
      composite = { ...cc, tertiles: tert };
    }
  }
  return sanitize({
    format: 'gbgc-estimates/1',
    meta: {
      slots: p.y.length + p.selfPlay,
      selfPlaySlots: p.selfPlay,
      participants: p.models,
      games: p.games,
      B,
      Bsecondary: B2,
      seed,
      commitment: opts.commitment ?? null,
      engineVersion: opts.engineVersion,
      tournamentEngineVersion: opts.tournamentEngineVersion ?? null,
      names,
    },
    leaderboard,
    bootstrap: { B, unidentifiedReplicates: fit.unidentifiedReplicates },
    perGame: { alpha: pg.alpha, ci: cellCi, slots: pg.slots, sigma: pg.sigma },
    variance,
    robustness: { bradleyTerry: bt, leaveOneGameOut: logo, alphaVsSlots: vs, pairwise, composite },
    rankStability: stability,
    axes: axesInfo,
    profiles,
    jaggedness: jag,
    ablation: opts.ablation ? reasoningAblation(rows, opts.ablation.low, opts.ablation.high, { anchors: opts.ablation.anchors, B, seed }) : null,
  }) as Estimates;
}

/** Deep copy with non-finite numbers as null and typed arrays as plain arrays. */
function sanitize(x: unknown): unknown {
  if (typeof x === 'number') return fin(x);
  if (Array.isArray(x)) return x.map(sanitize);
  if (ArrayBuffer.isView(x)) return Array.from(x as unknown as ArrayLike<number>, (v) => fin(v));
  if (x && typeof x === 'object') return Object.fromEntries(Object.entries(x).filter(([, v]) => v !== undefined).map(([k, v]) => [k, sanitize(v)]));
  return x;
}
