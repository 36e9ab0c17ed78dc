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
  type BtTies,
  type CompositeComplexity,
  type PairCounting,
  type LeaveOneGameOut,
  type PairwiseMatrix,
} from './robustness.js';
import { axisMatrix, capabilityProfiles, type CapabilityProfiles } from './profiles.js';
import { localJaggedness, type Jaggedness } from './jaggedness.js';
import { rankStability, type RankStability } from './rank-stability.js';
import { blockCounts, prepareSlots, type AxisRow, type SlotRow } from './slots.js';
import { reasoningAblation, type Ablation } from './ablation.js';
import { pairDifferences, type Differences } from './differences.js';
import {
  cmplx,
  clusterRefits,
  jaggednessSubsets,
  rulebookLengthControl,
  type ClusterRefit,
  type JaggednessSubsets,
  type RulebookLengthControl,
} from './checks.js';
import {
  compositeV1,
  factorAnalysis,
  jaggednessV1,
  subsetRefits,
  type CompositeV1,
  type FactorAnalysis,
  type JaggednessV1,
  type SubsetRefitSize,
} from './v1-set.js';
import type { FilterSummary } from './filter.js';
import type { TableStats } from './table.js';
import type { DecisionQualitySection } from './decision-quality.js';
import type { RouletteSection } from './roulette.js';

/** Which paper's analysis set and conventions: `v2` (GENSTRAT v2, the default) or `v1` (GENSTRAT v1's estimators added, v1's conventions). */
export type AnalysisSet = 'v2' | 'v1';

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
  /** Clusters (game, pair, run) holding the participant. */
  clusters: number;
  /** Bootstrap blocks (the clusters of one (game, play seed)) holding the participant: the resampling units behind its interval. */
  blocks: number;
  /** Fallback moves / moves (null when moves are not recorded). */
  fallbackMoveRate: number | null;
  /** Share of slots with at least one fallback move of this participant (null when not recorded). */
  fallbackSlotRate: number | null;
}

export interface Estimates {
  format: 'gbgc-estimates/1';
  meta: {
    slots: number;
    selfPlaySlots: number;
    participants: string[];
    games: string[];
    B: number;
    Bsecondary: number;
    seed: number;
    commitment?: string | null;
    engineVersion?: string;
    tournamentEngineVersion?: string | null;
    names: Record<string, string>;
    /** Finished slots left out because their returns were missing or not finite (`--exclude-missing`). */
    excludedMissingReturns?: { count: number; slots: string[] };
    /** What a reader must know before trusting the numbers (also printed by the CLI). */
    warnings?: string[];
    /** α̂'s intervals come from the two-stage bootstrap over games and clusters. */
    resampleGames?: boolean;
    set?: AnalysisSet;
    filter?: FilterSummary | null;
  };
  leaderboard: LeaderboardRow[];
  /** Intervals of α̂_i − α̂_j for every pair (league methodology: a direct interval for a difference). */
  differences?: Differences;
  /** GENSTRAT v2's further checks (§6, §7, App. N, App. O); null parts need axes (or rulebook lengths). */
  checks?: {
    rulebookLength: RulebookLengthControl | null;
    axisClusters: { k: number; label: number[]; refits: ClusterRefit[] } | null;
    jaggednessSubsets: JaggednessSubsets | null;
    cmplx: number[] | null;
  };
  /** GENSTRAT v1's estimators (`--set v1`), else null. */
  v1?: { jaggedness: JaggednessV1 | null; factorAnalysis: FactorAnalysis | null; subsetRefits: SubsetRefitSize[]; composite: CompositeV1 | null } | null;
  bootstrap: { B: number; unidentifiedReplicates: number };
  perGame: { alpha: (number | null)[][]; ci: (Interval | null)[][]; slots: number[][]; sigma: (number | null)[] };
  variance: VarianceDecomposition;
  robustness: {
    bradleyTerry: BradleyTerry;
    leaveOneGameOut: LeaveOneGameOut;
    alphaVsSlots: { slots: number[]; spearman: number | null };
    pairwise: PairwiseMatrix;
    composite:
      | (CompositeComplexity & {
          tertiles: { tertile: number; games: string[]; alpha: (number | null)[] | null; ci: Interval[] | null; spearmanWithOverall: number | null }[];
        })
      | null;
  };
  rankStability: RankStability;
  axes: { names: string[]; constant: string[] } | null;
  profiles: CapabilityProfiles | null;
  jaggedness: Jaggedness | null;
  /** Reasoning ablation Δ (§9), when two settings were named. */
  ablation: Ablation | null;
  /** bb/100 and chips per hand of the store's slots of tables or matches (./table.ts), when it holds any (added by `analyzeStore`). */
  tables?: TableStats | null;
  /** EV loss and agreement against a reference, per participant (./decision-quality.ts), when asked for: beside the results, never combined with them. */
  decisionQuality?: DecisionQualitySection | null;
  /** The roulette exhibition's measures (./roulette.ts), when the store holds a roulette game. */
  roulette?: RouletteSection | null;
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
  /** Analysis set (default `v2`); `v1` adds v1's estimators and switches the conventions below to v1's. */
  set?: AnalysisSet;
  /** Bradley–Terry tie rule (default: `seat1` under v2, `drop` under v1). */
  btTies?: BtTies;
  /** Pairwise counts (default: `ordered` under v2, `unordered` under v1). */
  pairCounting?: PairCounting;
  /** Rulebook length in characters per game (ruleset hash → characters): enables the rulebook-length control. */
  rulebookChars?: Record<string, number>;
  /** What a participant or game filter kept, recorded in `meta.filter`. */
  filter?: FilterSummary | null;
  /** Axis-space clusters of the partition refits (default 6). */
  clusterK?: number;
  /** Random subsets per size of v1's subset refits (default 1,000). */
  subsetDraws?: number;
  /** Slots the reader left out for missing or non-finite returns (recorded and warned about). */
  excludedMissingReturns?: readonly string[];
  /** Participants registered in the store (a registered participant without slots gets a warning). */
  registered?: readonly string[];
  /** α̂'s intervals from the two-stage bootstrap over games, then clusters (see AlphaOptions). */
  resampleGames?: boolean;
}

/**
 * Warnings about the data that the estimates cannot show themselves: slots left out, a bootstrap
 * with a single cluster (zero-width intervals), participants that played no slot against another.
 */
function dataWarnings(p: ReturnType<typeof prepareSlots>, slots: readonly number[], opts: AnalyzeOptions): string[] {
  const w: string[] = [];
  const ex = opts.excludedMissingReturns ?? [];
  if (ex.length > 0)
    w.push(`${ex.length} finished slot(s) with missing or non-finite returns were left out (${ex.slice(0, 5).join(', ')}${ex.length > 5 ? ', …' : ''})`);
  if (p.blocks.length < 2)
    w.push(
      `the slots form ${p.blocks.length} bootstrap block (game, play seed): every bootstrap resample is the data itself, so all intervals have zero width and say nothing about uncertainty`,
    );
  else {
    const single = p.blocksByGame.filter((bs) => bs.length === 1).length;
    if (single > 0) w.push(`${single} game(s) have a single bootstrap block (game, play seed): their per-game intervals have zero width`);
  }
  const unplayed = p.models.filter((_, m) => slots[m] === 0);
  const absent = (opts.registered ?? []).filter((id) => !p.models.includes(id));
  for (const id of [...unplayed, ...absent])
    w.push(
      `participant ${opts.names?.[id] ?? id} played no slot against another participant: it has no α̂, Bradley–Terry score or per-game estimate (null), and the others' sum-to-zero leaves it out`,
    );
  return w;
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
  const fit = fitAlpha(p, { B, seed, resampleGames: opts.resampleGames });
  const pg = fitPerGame(p);
  const reps = stratifiedBootstrap(p, B2, seed);

  // Leaderboard extras: mean margin, slots, fallback rates.
  const margin = new Array<number>(M).fill(0);
  const slots = new Array<number>(M).fill(0);
  const clusterCount = new Array<number>(M).fill(0);
  for (const c of p.clusters) (clusterCount[c.i]++, clusterCount[c.j]++);
  const blockCount = blockCounts(p).perModel;
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
    clusters: clusterCount[m],
    blocks: blockCount[m],
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
  const set = opts.set ?? 'v2';
  const bt = bradleyTerry(p, fit.alpha, { ties: opts.btTies ?? (set === 'v1' ? 'drop' : 'seat1') });
  const logo = leaveOneGameOut(p, fit.alpha);
  const vs = alphaVsSlots(p, fit.alpha);
  const pairwise = pairwiseMatrix(fit, opts.pairCounting ?? (set === 'v1' ? 'unordered' : 'ordered'), p);
  const differences = pairDifferences(p, fit);
  const stability = rankStability(p.models, p.games, fit.alpha, pg.alpha, reps);

  let axesInfo: Estimates['axes'] = null;
  let profiles: CapabilityProfiles | null = null;
  let jag: Jaggedness | null = null;
  let composite: Estimates['robustness']['composite'] = null;
  const checks: NonNullable<Estimates['checks']> = { rulebookLength: null, axisClusters: null, jaggednessSubsets: null, cmplx: null };
  const v1: Estimates['v1'] =
    set === 'v1'
      ? { jaggedness: null, factorAnalysis: null, subsetRefits: subsetRefits(p, fit.alpha, [5, 8, 12, 25], opts.subsetDraws ?? 1000, seed), composite: null }
      : null;
  const warnings = dataWarnings(p, slots, opts);
  if (opts.axes) {
    const ax = axisMatrix(p.games, opts.axes);
    axesInfo = { names: ax.names, constant: ax.constant };
    if (ax.names.length > 0) jag = localJaggedness(fit.alpha, pg.alpha, pg.sigma, ax.raw, reps, opts.K ?? 3, undefined, pg.slots);
    // Profiles and the composite need G ≥ A + 2 games; with fewer only they are left out.
    if (ax.names.length > 0 && G < ax.names.length + 2)
      warnings.push(
        `capability profiles and composite-complexity tertiles need at least ${ax.names.length + 2} games for ${ax.names.length} axes; the slots cover ${G}, so they are left out (jaggedness is kept)`,
      );
    else if (ax.names.length > 0) {
      profiles = capabilityProfiles(p.models, pg.alpha, ax, reps);
      const cc = compositeComplexity(ax.names, profiles.slopes, ax.z);
      const tert = tertileRefits(p, cc.tertile, B2, seed).map((t) => ({
        ...t,
        spearmanWithOverall: t.alpha ? fin(spearman(t.alpha, fit.alpha)) : null,
      }));
      composite = { ...cc, tertiles: tert };
      const chars = opts.rulebookChars;
      if (chars && p.games.every((g) => Number.isFinite(chars[g]) && chars[g] > 0))
        checks.rulebookLength = rulebookLengthControl(
          p.models,
          pg.alpha,
          ax,
          p.games.map((g) => chars[g]),
          reps,
          profiles,
        );
      checks.axisClusters = clusterRefits(p, ax.z, fit.alpha, opts.clusterK ?? 6, B2, seed);
      checks.jaggednessSubsets = jaggednessSubsets(rows, p.models, fit.alpha, ax.raw, p.games, jag!.Jv2, opts.K ?? 3);
      checks.cmplx = cmplx(ax.z);
      if (v1) {
        v1.jaggedness = jaggednessV1(pg.alpha, pg.sigma, ax.z, reps);
        v1.factorAnalysis = factorAnalysis(p.models, p.games, pg.alpha, fit.alpha, { names: ax.names, z: ax.z });
        v1.composite = compositeV1(p, pg.alpha, { names: ax.names, z: ax.z }, B2, seed);
      }
    }
  }
  if (v1 && !v1.factorAnalysis) v1.factorAnalysis = factorAnalysis(p.models, p.games, pg.alpha, fit.alpha);
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
      set,
      filter: opts.filter ?? null,
      ...(opts.excludedMissingReturns?.length
        ? { excludedMissingReturns: { count: opts.excludedMissingReturns.length, slots: [...opts.excludedMissingReturns] } }
        : {}),
      warnings,
      resampleGames: opts.resampleGames ?? false,
    },
    leaderboard,
    differences,
    checks,
    v1,
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
  if (x && typeof x === 'object')
    return Object.fromEntries(
      Object.entries(x)
        .filter(([, v]) => v !== undefined)
        .map(([k, v]) => [k, sanitize(v)]),
    );
  return x;
}
