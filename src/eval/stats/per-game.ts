/**
 * Per-game strength α̂_{m,g} (GENSTRAT v2 §6 "Per-game strength estimate", App. G): the paired-comparison
 * model refit on each game's slots alone, sum-to-zero over the participants present on that game,
 *
 *   y_s = α_{i(s),g} − α_{j(s),g} + ε_s,   Σ_{m present on g} α_{m,g} = 0.
 *
 * A cell is null when the participant did not play the game, or when the game's comparison graph is
 * not connected (not identified).
 *
 * The game-stratified paired-cluster bootstrap ({@link stratifiedBootstrap}) resamples, within each
 * game, its blocks (the clusters (pair, run) dealt one play seed, ./slots.ts) with replacement, so
 * every game keeps its block count; each
 * replicate refits the global α̂, every α̂_{m,g}, and the stakes scale σ_g. Capability profiles (§7),
 * J_m (§8, App. N) and the rank-stability test (App. P) all read the same replicates (B = 500).
 */
import { rngFromKeys } from '../../util/rng.js';
import { addCluster, emptyTotals, fitFromTotals, totalsOf } from './alpha.js';
import type { Prepared } from './slots.js';

/** The (model × game) matrix of α̂_{m,g}, chips/game; NaN where not identified. */
export interface PerGameFit {
  /** alpha[m][g]. */
  alpha: number[][];
  /** Slots per cell (participant m's slots on game g). */
  slots: number[][];
  /** Stakes scale σ_g: sample SD of all signed margins y_s on game g (chips). */
  sigma: number[];
}

/** Per-game α̂ for every game (point estimates). */
export function fitPerGame(p: Prepared): PerGameFit {
  const M = p.models.length;
  const G = p.games.length;
  const alpha = Array.from({ length: M }, () => new Array<number>(G).fill(NaN));
  const slots = Array.from({ length: M }, () => new Array<number>(G).fill(0));
  for (let g = 0; g < G; g++) {
    const t = totalsOf(p, p.clustersByGame[g]);
    const a = fitFromTotals(t);
    if (a) for (let m = 0; m < M; m++) alpha[m][g] = a[m];
  }
  for (const c of p.clusters) ((slots[c.i][c.game] += c.n), (slots[c.j][c.game] += c.n));
  return { alpha, slots, sigma: stakes(p, null) };
}

/** σ_g from clusters (weights w per cluster; null = weight 1 each). */
function stakes(p: Prepared, w: Float64Array | null): number[] {
  return p.clustersByGame.map((ks) => {
    let n = 0;
    let s = 0;
    let s2 = 0;
    for (const k of ks) {
      const c = p.clusters[k];
      const wk = w ? w[k] : 1;
      n += wk * c.n;
      s += wk * c.sumSeat;
      s2 += wk * c.sumSq;
    }
    return n < 2 ? NaN : Math.sqrt(Math.max(0, (s2 - (s * s) / n) / (n - 1)));
  });
}

/** One replicate of the game-stratified bootstrap. */
export interface StratifiedReplicate {
  /** Global α̂ (length M; NaN if not identified). */
  alpha: Float64Array;
  /** α̂_{m,g} as alphaGame[m·G + g]. */
  alphaGame: Float64Array;
  /** σ_g. */
  sigma: number[];
}

/**
 * B replicates of the game-stratified paired-cluster bootstrap; replicate r draws from
 * rngFromKeys(seed, 2, r).
 */
export function stratifiedBootstrap(p: Prepared, B = 500, seed = 1): StratifiedReplicate[] {
  const M = p.models.length;
  const G = p.games.length;
  const out: StratifiedReplicate[] = [];
  const w = new Float64Array(p.clusters.length);
  for (let r = 0; r < B; r++) {
    const rng = rngFromKeys(seed, 2, r);
    w.fill(0);
    for (const bs of p.blocksByGame) for (let k = 0; k < bs.length; k++) for (const c of p.blocks[bs[Math.floor(rng() * bs.length)]]) w[c]++;
    const all = emptyTotals(M);
    const alphaGame = new Float64Array(M * G).fill(NaN);
    for (let g = 0; g < G; g++) {
      const t = emptyTotals(M);
      for (const k of p.clustersByGame[g]) if (w[k] > 0) (addCluster(t, p.clusters[k], w[k]), addCluster(all, p.clusters[k], w[k]));
      const a = fitFromTotals(t);
      if (a) for (let m = 0; m < M; m++) alphaGame[m * G + g] = a[m];
    }
    out.push({ alpha: fitFromTotals(all) ?? new Float64Array(M).fill(NaN), alphaGame, sigma: stakes(p, w) });
  }
  return out;
}
