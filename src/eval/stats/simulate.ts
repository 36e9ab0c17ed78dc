/**
 * Planted-truth slot tables for validating the estimators.
 *
 * Truth: strengths α_m (Σ = 0), per-model axis slopes β_{m,a} (Σ_m = 0 per axis), per-(model, game)
 * jaggedness u_{m,g} ~ N(0, (τ_m σ_g)²), so that the per-game strength is
 *
 *   α_{m,g} = α_m + Σ_a β_{m,a} z_a(g) + u_{m,g} − mean_m(…)   (centred over the models on g).
 *
 * Design (the tournament's cluster structure, GENSTRAT v2 §5): for each game, a set of participant
 * pairs (a random cycle through all models, so each has at least two opponents, plus random extra
 * pairs up to `pairsPerGame`), `runs` runs per pair, each run two seat-swapped slots. A run shares a
 * luck term L (the same chance outcomes reach the same seat in both slots), so slot margins are
 *
 *   y = α_{seat0,g} − α_{seat1,g} + s_g + L + e,   L ~ N(0, ρσ_g²), e ~ N(0, (1 − ρ)σ_g²),
 *
 * with s_g a per-game seat effect and σ_g the game's stakes scale. Returns are split zero-sum:
 * returns = [y/2, −y/2].
 *
 * Real schedules are unequal; three options plant that: `runsRange` draws each (pair, game)'s runs
 * uniformly from a range (unequal noise per cell), `coverage` gives each model a weight so that the
 * extra pairs of a game are drawn with probability ∝ w_i·w_j (models with small weights meet fewer
 * opponents and play fewer slots), and `smooth` plants a smooth interaction
 * λ_m σ_g sin(2π(v_m·x_g) + φ_m) over the min-max axes x_g (a jagged surface is `jaggedness`, iid per
 * game). With equal coverage every model's cells carry the same noise, which adds about the same
 * amount to every model's J (v2) and leaves their order to the planted roughness.
 */
import { rngFromKeys } from '../../util/rng.js';
import { normalDraw } from './dist.js';
import type { AxisRow, SlotRow } from './slots.js';

export interface PlantedDesign {
  /** Planted α_m (will be centred). */
  alpha: number[];
  games: number;
  /** Runs per (pair, game). */
  runs: number;
  /** Pairs per game ('all' or a count ≥ number of models). */
  pairsPerGame: number | 'all';
  /** Number of axes. */
  axes: number;
  /** Planted slopes slopes[m][a] (centred over models); default zeros. */
  slopes?: number[][];
  /** Planted jaggedness τ_m (on the σ_g scale); default zeros. */
  jaggedness?: number[];
  /** Stakes scale range [lo, hi] of σ_g (chips); default [4, 12]. */
  stakes?: [number, number];
  /** SD of the per-game seat effect (chips); default 1. */
  seatEffect?: number;
  /** Share of margin variance shared by the two slots of a run (luck); default 0.5. */
  luckShare?: number;
  /** Runs per (pair, game) drawn uniformly from [lo, hi] (overrides `runs`). */
  runsRange?: [number, number];
  /** Per-model coverage weights: extra pairs drawn with probability ∝ w_i·w_j; default equal. */
  coverage?: number[];
  /** Per-model amplitude λ_m (on the σ_g scale) of a smooth interaction over the axes; default zeros. */
  smooth?: number[];
  /**
   * Shared deals (play-seed scheme 2): run r of every pair on a game is dealt the same cards, and
   * each participant's fit to that deal d_{m,g,r} ~ N(0, (δσ_g)²) adds d_{seat0} − d_{seat1} to both
   * slots' margins; δ is this value. Rows then carry the play seed `game#r`. Default: off (each run
   * of each pair its own deal, rows without play seeds).
   */
  sharedDeals?: number;
  seed: number;
}

export interface PlantedTable {
  rows: SlotRow[];
  axes: AxisRow[];
  models: string[];
  games: string[];
  /** Centred planted α_m. */
  alpha: number[];
  /** Planted α_{m,g} (centred over the models present on g; NaN when absent). */
  alphaMG: number[][];
  /** Centred planted slopes. */
  slopes: number[][];
  /** σ_g used. */
  sigma: number[];
  /** Per game, the z-scored axes used for the truth. */
  z: number[][];
}

const centre = (xs: number[]): number[] => {
  const m = xs.reduce((s, x) => s + x, 0) / xs.length;
  return xs.map((x) => x - m);
};

/** Draw one planted slot table (a pure function of the design and its seed). */
export function plantedTable(d: PlantedDesign): PlantedTable {
  const M = d.alpha.length;
  const A = d.axes;
  const rng = rngFromKeys(d.seed, 77);
  const models = Array.from({ length: M }, (_, m) => `m${String(m).padStart(2, '0')}`);
  const games = Array.from({ length: d.games }, (_, g) => `g${String(g).padStart(3, '0')}`);
  const alpha = centre(d.alpha);
  const slopes0 = d.slopes ?? Array.from({ length: M }, () => new Array<number>(A).fill(0));
  const slopes = Array.from({ length: M }, (_, m) => slopes0[m].slice());
  for (let a = 0; a < A; a++) {
    const c = centre(slopes0.map((r) => r[a]));
    c.forEach((v, m) => (slopes[m][a] = v));
  }
  const tau = d.jaggedness ?? new Array<number>(M).fill(0);
  const [slo, shi] = d.stakes ?? [4, 12];
  // Raw axes uniform in [0, 1]; the truth uses their z-scores over the games (as the estimator does).
  const raw = games.map(() => Array.from({ length: A }, () => rng()));
  const z = raw.map((r) => r.slice());
  for (let a = 0; a < A; a++) {
    const col = raw.map((r) => r[a]);
    const mean = col.reduce((s, x) => s + x, 0) / col.length;
    const sd = Math.sqrt(col.reduce((s, x) => s + (x - mean) ** 2, 0) / (col.length - 1));
    z.forEach((r, g) => (r[a] = (raw[g][a] - mean) / sd));
  }
  const sigma = games.map(() => slo + (shi - slo) * rng());
  const seat = games.map(() => (d.seatEffect ?? 1) * normalDraw(rng));
  const rho = d.luckShare ?? 0.5;
  const lambda = d.smooth ?? new Array<number>(M).fill(0);
  // Smooth waves: a random direction of length 1.2 and phase per model (drawn only when planted).
  const wave = Array.from({ length: M }, () =>
    d.smooth ? { v: Array.from({ length: A }, () => normalDraw(rng)), phi: 2 * Math.PI * rng() } : { v: new Array<number>(A).fill(0), phi: 0 },
  );
  for (const w of wave) {
    const n = Math.hypot(...w.v);
    if (n > 0) w.v = w.v.map((x) => (1.2 * x) / n);
  }
  const alphaMG = Array.from({ length: M }, () => new Array<number>(d.games).fill(NaN));
  const rows: SlotRow[] = [];
  const allPairs: [number, number][] = [];
  for (let i = 0; i < M; i++) for (let j = i + 1; j < M; j++) allPairs.push([i, j]);
  for (let g = 0; g < d.games; g++) {
    let pairs: [number, number][];
    if (d.pairsPerGame === 'all' || d.pairsPerGame >= allPairs.length) pairs = allPairs;
    else {
      const perm = Array.from({ length: M }, (_, m) => m);
      for (let k = M - 1; k > 0; k--) {
        const r = Math.floor(rng() * (k + 1));
        [perm[k], perm[r]] = [perm[r], perm[k]];
      }
      const chosen = new Set<string>();
      pairs = [];
      const add = (i: number, j: number): void => {
        const key = `${Math.min(i, j)},${Math.max(i, j)}`;
        if (!chosen.has(key)) (chosen.add(key), pairs.push([Math.min(i, j), Math.max(i, j)]));
      };
      for (let k = 0; k < M; k++) add(perm[k], perm[(k + 1) % M]);
      const w = d.coverage;
      const pw = w ? allPairs.map(([i, j]) => w[i] * w[j]) : null;
      const total = pw ? pw.reduce((s, x) => s + x, 0) : 0;
      while (pairs.length < d.pairsPerGame) {
        let k = Math.floor(rng() * allPairs.length);
        if (pw) {
          let u = rng() * total;
          for (k = 0; k < pw.length - 1 && u >= pw[k]; k++) u -= pw[k];
        }
        const [i, j] = allPairs[k];
        add(i, j);
      }
    }
    const raw_mg = Array.from(
      { length: M },
      (_, m) =>
        alpha[m] +
        slopes[m].reduce((s, b, a) => s + b * z[g][a], 0) +
        tau[m] * sigma[g] * normalDraw(rng) +
        lambda[m] * sigma[g] * Math.sin(2 * Math.PI * raw[g].reduce((s, x, a) => s + x * wave[m].v[a], 0) + wave[m].phi),
    );
    const c = centre(raw_mg);
    c.forEach((v, m) => (alphaMG[m][g] = v));
    const deals: number[][] = [];
    const deal = (r: number): number[] => (deals[r] ??= Array.from({ length: M }, () => d.sharedDeals! * sigma[g] * normalDraw(rng)));
    for (const [i, j] of pairs)
      for (let r = 0, runs = d.runsRange ? d.runsRange[0] + Math.floor(rng() * (d.runsRange[1] - d.runsRange[0] + 1)) : d.runs; r < runs; r++) {
        const luck = Math.sqrt(rho) * sigma[g] * normalDraw(rng);
        const dr = d.sharedDeals ? deal(r) : null;
        for (const [s0, s1] of [
          [i, j],
          [j, i],
        ] as const) {
          const y = alphaMG[s0][g] - alphaMG[s1][g] + seat[g] + luck + Math.sqrt(1 - rho) * sigma[g] * normalDraw(rng) + (dr ? dr[s0] - dr[s1] : 0);
          const row: SlotRow = { game: games[g], run: r, seats: [models[s0], models[s1]], returns: [y / 2, -y / 2] };
          if (dr) row.playSeed = `${games[g]}#${r}`;
          rows.push(row);
        }
      }
  }
  const axes: AxisRow[] = games.map((game, g) => ({ game, axes: Object.fromEntries(raw[g].map((v, a) => [`axis${a + 1}`, v])) }));
  return { rows, axes, models, games, alpha, alphaMG, slopes, sigma, z };
}
