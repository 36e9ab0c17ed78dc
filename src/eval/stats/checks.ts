/**
 * GENSTRAT v2's further robustness checks: the rulebook-length control of the capability profiles
 * (§7), α̂ refit inside six axis-space clusters of the games (§6), J_m on subsets of the
 * participants (App. N "tournament-subset robustness") and App. O's cmplx sorting score.
 */
import { fitAlpha } from './alpha.js';
import { spearman, type Interval } from './dist.js';
import { fitPerGame } from './per-game.js';
import { jaggednessPoint, neighbours } from './jaggedness.js';
import { capabilityProfiles, type AxisMatrix, type CapabilityProfiles } from './profiles.js';
import type { StratifiedReplicate } from './per-game.js';
import { prepareSlots, type Prepared, type SlotRow } from './slots.js';

/** Name of the added regressor of the rulebook-length control. */
export const LENGTH_REGRESSOR = 'rulebook log10 characters';

/** The capability profiles refit with the rulebook length as a regressor (v2 §7). */
export interface RulebookLengthControl {
  /** log10 of each game's rulebook length in characters, in the games' order. */
  log10Chars: number[];
  /** Profiles with the extra regressor (z-scored log10 characters; its slope is chips/game per SD). */
  profiles: CapabilityProfiles;
  /** Per (model, axis): the slope without and with the control. */
  compare: { model: string; axis: string; without: number; with: number; qWithout: number; qWith: number }[];
  /** (model, axis) slopes whose sign differs with the control. */
  signChanges: number;
  /** Slopes that clear BH at the profiles' level without the control but not with it. */
  lostSignificance: number;
  /** Per model: the length slope (chips/game per SD of log10 characters), its interval and BH q (over all slopes with the control). */
  lengthSlope: { model: string; slope: number; ci: Interval; q: number }[];
}

/**
 * The rulebook-length control (GENSTRAT v2 §7, "Robustness to rulebook-based confounds"; v1 App. G):
 * each participant's OLS of α̂_{m,g} on [1, z_a(g), z(log10 chars_g)], with the same game-stratified
 * bootstrap replicates, Student's t p-values and Benjamini–Hochberg q-values as the profiles.
 * @param chars rulebook length in characters per game (the games' order)
 * @returns null when the lengths are all equal (the regressor is constant)
 */
export function rulebookLengthControl(
  models: readonly string[],
  alphaMG: number[][],
  axes: AxisMatrix,
  chars: readonly number[],
  reps: readonly StratifiedReplicate[],
  base: CapabilityProfiles,
): RulebookLengthControl | null {
  const log10Chars = chars.map((c) => Math.log10(c));
  const mean = log10Chars.reduce((s, x) => s + x, 0) / log10Chars.length;
  const sd = Math.sqrt(log10Chars.reduce((s, x) => s + (x - mean) ** 2, 0) / (log10Chars.length - 1));
  if (!(sd > 1e-9 * Math.max(1, Math.abs(mean)))) return null;
  const withLength: AxisMatrix = {
    names: [...axes.names, LENGTH_REGRESSOR],
    z: axes.z.map((r, g) => [...r, (log10Chars[g] - mean) / sd]),
    raw: axes.raw.map((r, g) => [...r, log10Chars[g]]),
    constant: axes.constant,
  };
  const profiles = capabilityProfiles(models, alphaMG, withLength, reps, base.fdrLevel);
  const lvl = base.fdrLevel;
  const compare = base.table.map((t) => {
    const w = profiles.table.find((x) => x.model === t.model && x.axis === t.axis)!;
    return { model: t.model, axis: t.axis, without: t.slope, with: w.slope, qWithout: t.q, qWith: w.q };
  });
  return {
    log10Chars,
    profiles,
    compare,
    signChanges: compare.filter((c) => Number.isFinite(c.without) && Number.isFinite(c.with) && Math.sign(c.without) !== Math.sign(c.with)).length,
    lostSignificance: compare.filter((c) => c.qWithout < lvl && !(c.qWith < lvl)).length,
    lengthSlope: profiles.table.filter((t) => t.axis === LENGTH_REGRESSOR).map((t) => ({ model: t.model, slope: t.slope, ci: t.ci, q: t.q })),
  };
}

/**
 * Ward's (1963) agglomerative clustering of points into `k` clusters: start from singletons and
 * repeatedly merge the two clusters whose merge least increases the within-cluster sum of squares,
 * Δ = (n_a n_b / (n_a + n_b)) ‖c_a − c_b‖² (ties to the pair of lowest indexes). Deterministic.
 * @returns the cluster label of each point, 0 … k−1, numbered by each cluster's first point
 */
export function wardClusters(points: readonly (readonly number[])[], k: number): number[] {
  const n = points.length;
  const members: number[][] = points.map((_, i) => [i]);
  const centre: number[][] = points.map((p) => [...p]);
  const alive = new Set(points.map((_, i) => i));
  while (alive.size > Math.max(1, k)) {
    let best = Infinity;
    let pair: [number, number] = [-1, -1];
    const ids = [...alive].sort((a, b) => a - b);
    for (let x = 0; x < ids.length; x++)
      for (let y = x + 1; y < ids.length; y++) {
        const a = ids[x];
        const b = ids[y];
        const na = members[a].length;
        const nb = members[b].length;
        let d2 = 0;
        for (let c = 0; c < centre[a].length; c++) d2 += (centre[a][c] - centre[b][c]) ** 2;
        const cost = ((na * nb) / (na + nb)) * d2;
        if (cost < best - 1e-12) ((best = cost), (pair = [a, b]));
      }
    const [a, b] = pair;
    const na = members[a].length;
    const nb = members[b].length;
    centre[a] = centre[a].map((v, c) => (v * na + centre[b][c] * nb) / (na + nb));
    members[a] = [...members[a], ...members[b]];
    alive.delete(b);
  }
  const label = new Array<number>(n).fill(0);
  [...alive]
    .map((c) => members[c])
    .sort((p, q) => Math.min(...p) - Math.min(...q))
    .forEach((ms, l) => ms.forEach((i) => (label[i] = l)));
  return label;
}

/** One axis-space cluster's refit. */
export interface ClusterRefit {
  cluster: number;
  games: string[];
  /** α̂ inside the cluster (null when not identified). */
  alpha: number[] | null;
  ci: Interval[] | null;
  /** Spearman ρ of the cluster's α̂ with the overall α̂. */
  spearmanWithOverall: number | null;
  /** Slots and bootstrap clusters (game, pair, run) behind the refit. */
  slots: number;
  clusters: number;
}

/**
 * Axis-space partition refits (GENSTRAT v2 §6 "Robustness checks"): the games are partitioned into
 * `k` clusters (default 6) by Ward's method on their z-scored axes, and α̂ is refit inside each
 * cluster with the paired-cluster bootstrap (B resamples) and compared with the overall α̂ by
 * Spearman ρ. The paper does not name its clustering method; Ward's is deterministic.
 */
export function clusterRefits(
  p: Prepared,
  z: number[][],
  alpha: readonly number[],
  k = 6,
  B = 500,
  seed = 1,
): { k: number; label: number[]; refits: ClusterRefit[] } {
  const kk = Math.min(k, p.games.length);
  const label = wardClusters(z, kk);
  const refits = Array.from({ length: kk }, (_, c): ClusterRefit => {
    const gs = new Set(label.flatMap((l, g) => (l === c ? [g] : [])));
    const ks = p.clusters.flatMap((cl, i) => (gs.has(cl.game) ? [i] : []));
    const slots = ks.reduce((s, i) => s + p.clusters[i].n, 0);
    const games = p.games.filter((_, g) => gs.has(g));
    try {
      const fit = fitAlpha(p, { B, seed: seed * 37 + c + 1, clusters: ks });
      const r = spearman(fit.alpha, alpha);
      return { cluster: c, games, alpha: fit.alpha, ci: fit.ci, spearmanWithOverall: Number.isFinite(r) ? r : null, slots, clusters: ks.length };
    } catch {
      return { cluster: c, games, alpha: null, ci: null, spearmanWithOverall: null, slots, clusters: ks.length };
    }
  });
  return { k: kk, label, refits };
}

/** One subset condition of the J_m robustness check. */
export interface JaggednessSubset {
  /** e.g. `leave out gpt-5`, `drop top three`. */
  condition: string;
  /** Participants left out (ids). */
  dropped: string[];
  /** J_m of every participant (null for those left out or not identified), the participants' order of the analysis. */
  J: (number | null)[];
  /** Spearman ρ of the kept participants' J with their full-pool J (null with fewer than three). */
  spearmanWithFull: number | null;
}

export interface JaggednessSubsets {
  K: number;
  conditions: JaggednessSubset[];
  /** Per participant over the leave-one-out conditions: min and max J and (max − min)/full J. */
  leaveOneOutRange: { participant: string; full: number | null; min: number | null; max: number | null; relativeRange: number | null }[];
}

/**
 * Tournament-subset robustness of J_m (GENSTRAT v2 App. N): J_m (σ_g-studentised, K nearest
 * neighbours) recomputed from the slots without some participants: (i) each participant left out in
 * turn; (ii) the top three by overall α̂ dropped; (iii) the bottom three dropped; (iv) the middle
 * three only (ranks ⌊(M−3)/2⌋+1 … +3). Each subset refits α̂, α̂_{m,g} and σ_g on its own slots.
 * Conditions that leave fewer than two participants, or an unidentified α̂, are skipped.
 */
export function jaggednessSubsets(
  rows: readonly SlotRow[],
  models: readonly string[],
  alpha: readonly number[],
  rawAxes: number[][],
  games: readonly string[],
  fullJ: readonly number[],
  K = 3,
): JaggednessSubsets {
  const M = models.length;
  const order = models.map((_, m) => m).sort((a, b) => alpha[b] - alpha[a]);
  const conds: { condition: string; dropped: number[] }[] = models.map((m, i) => ({ condition: `leave out ${m}`, dropped: [i] }));
  if (M >= 5) {
    conds.push({ condition: 'drop top three', dropped: order.slice(0, 3) });
    conds.push({ condition: 'drop bottom three', dropped: order.slice(M - 3) });
  }
  if (M >= 4) {
    const start = Math.floor((M - 3) / 2);
    const mid = order.slice(start, start + 3);
    conds.push({ condition: 'middle three only', dropped: order.filter((m) => !mid.includes(m)) });
  }
  const nb = neighbours(rawAxes, K);
  const gameIndex = new Map(games.map((g, i) => [g, i]));
  const conditions: JaggednessSubset[] = [];
  for (const c of conds) {
    const keep = models.filter((_, m) => !c.dropped.includes(m));
    if (keep.length < 2) continue;
    const drop = new Set(c.dropped.map((m) => models[m]));
    const sub = rows.filter((r) => !drop.has(r.seats[0]) && !drop.has(r.seats[1]) && r.seats[0] !== r.seats[1]);
    let J: (number | null)[] = models.map(() => null);
    try {
      const p = prepareSlots(sub, keep);
      const fit = fitAlpha(p, { B: 0 });
      const pg = fitPerGame(p);
      // Games of the subset keep their place in the full neighbourhoods; games without slots are skipped.
      const G = games.length;
      const gi = p.games.map((g) => gameIndex.get(g)!);
      const aMG = (m: number, g: number): number => {
        const k = gi.indexOf(g);
        return k < 0 ? NaN : pg.alpha[m][k];
      };
      const sigma = Array.from({ length: G }, (_, g) => {
        const k = gi.indexOf(g);
        return k < 0 ? NaN : pg.sigma[k];
      });
      const Jk = jaggednessPoint(keep.length, G, fit.alpha, aMG, sigma, nb);
      J = models.map((m) => {
        const k = keep.indexOf(m);
        return k < 0 || !Number.isFinite(Jk[k]) ? null : Jk[k];
      });
    } catch {
      continue;
    }
    const kept = models.map((_, m) => m).filter((m) => J[m] !== null && Number.isFinite(fullJ[m]));
    const r =
      kept.length >= 3
        ? spearman(
            kept.map((m) => J[m]!),
            kept.map((m) => fullJ[m]),
          )
        : NaN;
    conditions.push({ condition: c.condition, dropped: c.dropped.map((m) => models[m]), J, spearmanWithFull: Number.isFinite(r) ? r : null });
  }
  const loo = conditions.filter((c) => c.condition.startsWith('leave out '));
  const leaveOneOutRange = models.map((participant, m) => {
    const vals = loo.map((c) => c.J[m]).filter((x): x is number => x !== null);
    const full = Number.isFinite(fullJ[m]) ? fullJ[m] : null;
    if (vals.length === 0) return { participant, full, min: null, max: null, relativeRange: null };
    const min = Math.min(...vals);
    const max = Math.max(...vals);
    return { participant, full, min, max, relativeRange: full ? (max - min) / full : null };
  });
  return { K, conditions, leaveOneOutRange };
}

/**
 * App. O's cmplx: per game, the plain mean of its z-scored axis values (centred at zero over the
 * analysed games). A sorting score, distinct from the PC1 composite of App. I.
 */
export function cmplx(z: readonly (readonly number[])[]): number[] {
  return z.map((r) => r.reduce((s, x) => s + x, 0) / r.length);
}
