/**
 * Robustness checks of the leaderboard (GENSTRAT v2 §6 "Robustness checks", App. H, App. I, App. J):
 * win-only Bradley–Terry, leave-one-game-out Kendall τ, α̂ against slots per participant, the
 * pairwise margin matrix with paired-cluster bootstrap intervals, the composite complexity (PC1 of the
 * model × axis slope matrix) and per-tertile refits.
 */
import { Matrix, SingularValueDecomposition } from 'ml-matrix';
import { fitAlpha, fitFromTotals, totalsOf, type AlphaFit } from './alpha.js';
import { kendallTau, percentileInterval, spearman, type Interval } from './dist.js';
import type { Prepared } from './slots.js';

/**
 * How a tie (margin 0) enters the win-only Bradley–Terry fit:
 * - `seat1`: GENSTRAT v2 App. H's indicator 1[edge > 0] on the slot's edge (seat 0's chips minus
 *   seat 1's): a tie is a loss of seat 0, i.e. a win of seat 1 (the default);
 * - `drop`: GENSTRAT v1 App. E.1: tied slots are left out;
 * - `half`: a tie counts half a win to each side, with a prior of 0.1 tied game per pair that met
 *   always added (gbgc's earlier rule; it does not favour a seat).
 */
export type BtTies = 'seat1' | 'drop' | 'half';

/** Win-only Bradley–Terry scores. */
export interface BradleyTerry {
  /** How ties were counted. */
  ties: BtTies;
  /** log-strength θ_m, centred to Σθ = 0 (P(i beats j) = 1/(1 + e^{θ_j − θ_i})). */
  score: number[];
  /** Wins (under the tie rule) and games counted per participant, without the prior. */
  wins: number[];
  games: number[];
  /** Tied slots (margin 0) among the slots. */
  tiedSlots: number;
  /** Tied games added per pair that met to keep the scores finite (0 when the maximum-likelihood scores exist). */
  prior: number;
  /** Kendall τ-b between the BT and α̂ orders. */
  tauWithAlpha: number;
  iterations: number;
}

/** Whether the directed graph "i won at least once against j" is strongly connected (the BT maximum-likelihood scores then exist; Hunter 2004, assumption 1). */
function winsStronglyConnected(w: Float64Array, M: number, present: readonly number[]): boolean {
  const reach = new Uint8Array(M * M);
  for (let i = 0; i < M; i++) for (let j = 0; j < M; j++) if (i === j || w[i * M + j] > 0) reach[i * M + j] = 1;
  for (let k = 0; k < M; k++) for (let i = 0; i < M; i++) if (reach[i * M + k]) for (let j = 0; j < M; j++) if (reach[k * M + j]) reach[i * M + j] = 1;
  return present.every((i) => present.every((j) => reach[i * M + j] === 1));
}

/**
 * Bradley–Terry (1952) on the win indicator (GENSTRAT v2 §6, App. H; v1 App. E.1), fitted by
 * Hunter's (2004) MM iteration. Ties follow `ties` ({@link BtTies}; default `seat1`, v2's
 * 1[edge > 0]). When the maximum-likelihood scores do not exist (a group of participants never beat
 * the rest), a prior of 0.1 tied game per pair that met (half a win each way) keeps them finite and
 * is reported as `prior`.
 */
export function bradleyTerry(p: Prepared, alpha: readonly number[], opts: { ties?: BtTies; maxIter?: number } = {}): BradleyTerry {
  const ties = opts.ties ?? 'seat1';
  const maxIter = opts.maxIter ?? 10_000;
  const M = p.models.length;
  const w = new Float64Array(M * M); // w[i*M+j]: wins of i over j
  const n = new Float64Array(M * M);
  let tiedSlots = 0;
  for (let s = 0; s < p.y.length; s++) {
    const i = p.a[s];
    const j = p.b[s];
    if (p.y[s] === 0) {
      tiedSlots++;
      if (ties === 'drop') continue;
    }
    const v = p.y[s] > 0 ? 1 : p.y[s] < 0 ? 0 : ties === 'half' ? 0.5 : 0;
    w[i * M + j] += v;
    w[j * M + i] += 1 - v;
    n[i * M + j]++;
    n[j * M + i]++;
  }
  const sum = (a: Float64Array, i: number): number => {
    let s = 0;
    for (let j = 0; j < M; j++) s += a[i * M + j];
    return s;
  };
  const wins = Array.from({ length: M }, (_, i) => sum(w, i));
  const games = Array.from({ length: M }, (_, i) => sum(n, i));
  const present = games.map((g, i) => (g > 0 ? i : -1)).filter((i) => i >= 0);
  const prior = ties === 'half' || !winsStronglyConnected(w, M, present) ? 0.1 : 0;
  if (prior > 0)
    for (let i = 0; i < M; i++) for (let j = 0; j < M; j++) if (i !== j && n[i * M + j] > 0) ((w[i * M + j] += prior / 2), (n[i * M + j] += prior));
  const W = Array.from({ length: M }, (_, i) => sum(w, i));
  // A participant without a (non-self-play) slot has no score (null) and takes no part in the
  // normalisation, so it cannot shift the others.
  const played = games.map((g) => g > 0);
  let pi = new Float64Array(M).fill(1);
  let it = 0;
  for (; it < maxIter; it++) {
    const next = new Float64Array(M);
    for (let i = 0; i < M; i++) {
      let den = 0;
      for (let j = 0; j < M; j++) if (j !== i && n[i * M + j] > 0) den += n[i * M + j] / (pi[i] + pi[j]);
      next[i] = den > 0 ? W[i] / den : pi[i];
    }
    const gm = Math.exp(next.reduce((s, x, i) => s + (played[i] ? Math.log(x) : 0), 0) / present.length);
    let delta = 0;
    for (let i = 0; i < M; i++) ((next[i] /= gm), (delta = Math.max(delta, Math.abs(Math.log(next[i] / pi[i])))));
    pi = next;
    if (delta < 1e-10) break;
  }
  const score = [...pi].map((x, i) => (played[i] ? Math.log(x) : NaN));
  return { ties, score, wins, games, tiedSlots, prior, tauWithAlpha: kendallTau(score, alpha), iterations: it + 1 };
}

/** Leave-one-game-out refits (App. H). */
export interface LeaveOneGameOut {
  /** Per dropped game: Kendall τ-b of the refit against the full α̂ (null if not identified). */
  perGame: { game: string; tau: number | null; sameOrder: boolean | null }[];
  meanTau: number;
  minTau: number;
  /** Refits whose order equals the full order exactly. */
  sameOrder: number;
}

export function leaveOneGameOut(p: Prepared, alpha: readonly number[]): LeaveOneGameOut {
  const order = (a: ArrayLike<number>): string =>
    Array.from(a, (_, i) => i)
      .filter((i) => Number.isFinite(a[i]))
      .sort((x, y) => a[y] - a[x])
      .join(',');
  const full = order(alpha);
  const perGame = p.games.map((game, g) => {
    const keep = p.clusters.map((_, k) => k).filter((k) => p.clusters[k].game !== g);
    const a = keep.length ? fitFromTotals(totalsOf(p, keep)) : null;
    if (!a || a.some((x, m) => !Number.isFinite(x) && Number.isFinite(alpha[m]))) return { game, tau: null, sameOrder: null };
    return { game, tau: kendallTau(a, alpha), sameOrder: order(a) === full };
  });
  const taus = perGame.map((r) => r.tau).filter((t): t is number => t !== null && Number.isFinite(t));
  return {
    perGame,
    meanTau: taus.length ? taus.reduce((s, x) => s + x, 0) / taus.length : NaN,
    minTau: taus.length ? Math.min(...taus) : NaN,
    sameOrder: perGame.filter((r) => r.sameOrder).length,
  };
}

/** α̂ against the number of slots per participant (App. H). */
export function alphaVsSlots(p: Prepared, alpha: readonly number[]): { slots: number[]; spearman: number } {
  const slots = new Array<number>(p.models.length).fill(0);
  for (let s = 0; s < p.y.length; s++) (slots[p.a[s]]++, slots[p.b[s]]++);
  return { slots, spearman: spearman(slots, alpha) };
}

/**
 * How the pairwise matrix's significant entries and sign reversals are counted: `ordered` counts
 * every off-diagonal entry (row, column) — a 9-participant round robin has 72, as GENSTRAT v2 §6 and
 * App. J count them ("2 of 72 reverse", "58 of 72 significant"; each pair counts twice); `unordered`
 * counts each pair once (v1 App. E.1: "of the 47 model pairs that met, 41 …").
 */
export type PairCounting = 'ordered' | 'unordered';

/** Pairwise mean margin matrix, row − column (App. J). */
export interface PairwiseMatrix {
  /** mean[i][j]: mean chip margin of i over j across their slots (null if they never met). */
  mean: (number | null)[][];
  slots: number[][];
  /** Bootstrap clusters (game, pair, run) between i and j. */
  clusters: number[][];
  ci: (Interval | null)[][];
  /** How the counts below are taken. */
  counting: PairCounting;
  /** Entries counted: met off-diagonal entries (ordered) or met pairs (unordered). */
  entries: number;
  /** Entries whose interval excludes 0. */
  significant: number;
  /** Entries whose mean margin has the opposite sign to α̂_row − α̂_column. */
  signReversals: number;
}

/** The pairwise matrix from the α̂ fit's totals and its bootstrap replicates (same clusters, same B). */
export function pairwiseMatrix(fit: AlphaFit, counting: PairCounting = 'ordered', p?: Prepared): PairwiseMatrix {
  const M = fit.models.length;
  const t = fit.totals;
  const mean: (number | null)[][] = [];
  const slots: number[][] = [];
  const ci: (Interval | null)[][] = [];
  const clusters: number[][] = Array.from({ length: M }, () => new Array<number>(M).fill(0));
  if (p) for (const c of p.clusters) (clusters[c.i][c.j]++, clusters[c.j][c.i]++);
  let entries = 0;
  let significant = 0;
  let signReversals = 0;
  for (let i = 0; i < M; i++) {
    mean.push([]);
    slots.push([]);
    ci.push([]);
    for (let j = 0; j < M; j++) {
      const k = Math.min(i, j) * M + Math.max(i, j);
      const n = i === j ? 0 : t.n[k];
      slots[i].push(n);
      if (n === 0) {
        mean[i].push(null);
        ci[i].push(null);
        continue;
      }
      const v = (i < j ? 1 : -1) * (t.s[k] / n);
      mean[i].push(v);
      const c = percentileInterval(fit.pairReplicates.map((r) => r[i * M + j]));
      ci[i].push(c);
      if (counting === 'unordered' && i > j) continue;
      entries++;
      if (c.lo > 0 || c.hi < 0) significant++;
      if (v * (fit.alpha[i] - fit.alpha[j]) < 0) signReversals++;
    }
  }
  return { mean, slots, clusters, ci, counting, entries, significant, signReversals };
}

/** Composite complexity (App. I): PC1 weights over the axes and each game's score. */
export interface CompositeComplexity {
  axes: string[];
  /** Unit PC1 weight vector of the column-centred model × axis slope matrix, signed so Σw > 0. */
  weights: number[];
  /** Share of the slope matrix's variance on PC1. */
  explained: number;
  /** Per game: z(g) · w. */
  score: number[];
  /** Tertile (0 low, 1 medium, 2 high) per game. */
  tertile: number[];
}

/**
 * PC1 of the centred slope matrix via SVD (ml-matrix), projection of each game's z-scored axes, and
 * the split into tertiles of sizes ⌊n/3⌋, ⌊(n − ⌊n/3⌋)/2⌋ and the rest in ascending score (50 games →
 * 16, 17, 17 as in App. I). Models with a non-finite slope row are left out of the PCA.
 */
export function compositeComplexity(axes: string[], slopes: number[][], z: number[][]): CompositeComplexity {
  const rows = slopes.filter((r) => r.every(Number.isFinite));
  const A = axes.length;
  const means = axes.map((_, a) => rows.reduce((s, r) => s + r[a], 0) / rows.length);
  const X = new Matrix(rows.map((r) => r.map((x, a) => x - means[a])));
  const svd = new SingularValueDecomposition(X, { computeLeftSingularVectors: false, autoTranspose: true });
  let w = svd.rightSingularVectors.getColumn(0);
  if (w.reduce((s, x) => s + x, 0) < 0) w = w.map((x) => -x);
  const sv = svd.diagonal;
  const total = sv.reduce((s, x) => s + x * x, 0);
  const score = z.map((zg) => zg.reduce((s, x, a) => s + x * w[a], 0));
  const order = score.map((_, g) => g).sort((a, b) => score[a] - score[b] || a - b);
  const n = order.length;
  const n1 = Math.floor(n / 3);
  const n2 = Math.floor((n - n1) / 2);
  const tertile = new Array<number>(n).fill(0);
  order.forEach((g, r) => (tertile[g] = r < n1 ? 0 : r < n1 + n2 ? 1 : 2));
  return { axes, weights: w.slice(0, A), explained: total > 0 ? (sv[0] * sv[0]) / total : NaN, score, tertile };
}

/** α̂ refit within each composite-complexity tertile (App. I), B = 500 by default. */
export function tertileRefits(
  p: Prepared,
  tertile: readonly number[],
  B = 500,
  seed = 1,
): { tertile: number; games: string[]; alpha: number[] | null; ci: Interval[] | null; spearmanWithOverall: number | null }[] {
  return [0, 1, 2].map((t) => {
    const gs = new Set(tertile.flatMap((x, g) => (x === t ? [g] : [])));
    const ks = p.clusters.flatMap((c, k) => (gs.has(c.game) ? [k] : []));
    const games = p.games.filter((_, g) => gs.has(g));
    try {
      const fit = fitAlpha(p, { B, seed: seed * 31 + t + 1, clusters: ks });
      return { tertile: t, games, alpha: fit.alpha, ci: fit.ci, spearmanWithOverall: null };
    } catch {
      return { tertile: t, games, alpha: null, ci: null, spearmanWithOverall: null };
    }
  });
}
