/**
 * Per-game rank stability against a noise-only null (GENSTRAT v2 §6, App. P).
 *
 * For game g and each pair i < j of participants identified on g, a *reversal* is
 * sign(α̂_{i,g} − α̂_{j,g}) ≠ sign(α̂_i − α̂_j) (a zero difference is no reversal). Under the null that
 * the true per-game gap equals the overall gap and only sampling noise moves it,
 *
 *   P_rev(i,j,g) = Φ(−|α̂_i − α̂_j| / SE_pair(g)),
 *
 * with SE_pair(g) the SD over bootstrap replicates of α̂*_{i,g} − α̂*_{j,g}. E_g = Σ P_rev,
 * V_g = Σ P_rev(1 − P_rev), z_g = (N_obs − E_g)/√V_g and the one-sided p̂_g = 1 − Φ(z_g); q-values by
 * Benjamini–Hochberg across games. Per candidate reversal cell (pair, game), a one-sided bootstrap
 * p-value (share of replicates where the reversal does not hold, computed as (k + 1)/(B + 1)) with BH
 * across candidates.
 */
import { benjaminiHochberg, kendallTau, normCdf, sampleSd } from './dist.js';
import type { StratifiedReplicate } from './per-game.js';

export interface GameStability {
  game: string;
  /** Kendall τ-b of the per-game order against the overall order. */
  tau: number;
  observed: number;
  expected: number;
  variance: number;
  z: number;
  p: number;
  q: number;
  pairs: number;
}

export interface RankStability {
  perGame: GameStability[];
  meanObserved: number;
  meanExpected: number;
  /** Games with q < 0.05 and q < 0.10. */
  significant05: number;
  significant10: number;
  /** Candidate reversal cells with their bootstrap p and BH q. */
  cells: { game: string; winner: string; loser: string; p: number; q: number }[];
}

export function rankStability(
  models: readonly string[],
  games: readonly string[],
  alpha: readonly number[],
  alphaMG: number[][],
  reps: readonly StratifiedReplicate[],
): RankStability {
  const M = models.length;
  const G = games.length;
  const perGame: GameStability[] = [];
  const cells: { game: string; winner: string; loser: string; p: number; q: number }[] = [];
  for (let g = 0; g < G; g++) {
    const present = Array.from({ length: M }, (_, m) => m).filter((m) => Number.isFinite(alphaMG[m][g]) && Number.isFinite(alpha[m]));
    let obs = 0;
    let E = 0;
    let V = 0;
    let pairs = 0;
    for (let x = 0; x < present.length; x++)
      for (let w = x + 1; w < present.length; w++) {
        const i = present[x];
        const j = present[w];
        const d = alpha[i] - alpha[j];
        const dg = alphaMG[i][g] - alphaMG[j][g];
        const diffs = reps.map((r) => r.alphaGame[i * G + g] - r.alphaGame[j * G + g]);
        const se = sampleSd(diffs);
        pairs++;
        const rev = d * dg < 0;
        if (rev) {
          obs++;
          // i beats j on g although overall j is ahead (or the reverse): winner is the one ahead on g.
          const winner = dg > 0 ? i : j;
          const loser = dg > 0 ? j : i;
          const holds = diffs.filter((x) => Number.isFinite(x) && x * dg > 0).length;
          const fin = diffs.filter(Number.isFinite).length;
          cells.push({ game: games[g], winner: models[winner], loser: models[loser], p: (fin - holds + 1) / (fin + 1), q: NaN });
        }
        const pr = se > 0 ? normCdf(-Math.abs(d) / se) : d === 0 ? 0.5 : 0;
        E += pr;
        V += pr * (1 - pr);
      }
    const z = V > 0 ? (obs - E) / Math.sqrt(V) : obs > E ? Infinity : 0;
    const tau = kendallTau(
      present.map((m) => alphaMG[m][g]),
      present.map((m) => alpha[m]),
    );
    perGame.push({ game: games[g], tau, observed: obs, expected: E, variance: V, z, p: 1 - normCdf(z), q: NaN, pairs });
  }
  const q = benjaminiHochberg(perGame.map((r) => r.p));
  perGame.forEach((r, k) => (r.q = q[k]));
  const qc = benjaminiHochberg(cells.map((c) => c.p));
  cells.forEach((c, k) => (c.q = qc[k]));
  const mean = (xs: number[]): number => (xs.length ? xs.reduce((s, x) => s + x, 0) / xs.length : NaN);
  return {
    perGame,
    meanObserved: mean(perGame.map((r) => r.observed)),
    meanExpected: mean(perGame.map((r) => r.expected)),
    significant05: perGame.filter((r) => r.q < 0.05).length,
    significant10: perGame.filter((r) => r.q < 0.1).length,
    cells,
  };
}
