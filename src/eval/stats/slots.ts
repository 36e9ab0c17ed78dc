/**
 * Slot rows, the estimators' only input, and their reduction to clusters.
 *
 * Terms follow GENSTRAT v2 §5: a *slot* is one match (game, two participants, seat assignment,
 * run id); a *run* is the two seat-swapped slots of one matchup sharing a play seed; the bootstrap
 * *cluster* is (game, unordered participant pair, run) (§6).
 */
import { UserError } from '../../util/errors.js';

/** One finished slot, in the shape every estimator reads. */
export interface SlotRow {
  /** The game: its ruleset hash (or any stable game id). */
  game: string;
  /** Run id within the matchup; the two seat-swapped slots of one run share it. */
  run: string | number;
  /** Slot id (optional; only carried through for tracing). */
  slot?: string;
  /** Participant ids in seat order [seat 0 ("Alice"), seat 1 ("Bob")]. */
  seats: [string, string];
  /** Chips won per seat at the end of the match (net of the starting stack). */
  returns: [number, number];
  /** Moves per seat decided by the fallback (optional). */
  fallbackMoves?: [number, number];
  /** Moves per seat (optional). */
  moves?: [number, number];
  /** Play seed of the run (optional; the reasoning ablation matches sibling slots on it). */
  playSeed?: string | number;
}

/** A game's axis values, as `gbgc axes` writes them (one JSON line per game). */
export interface AxisRow {
  game: string;
  axes: Record<string, number>;
}

/**
 * The signed chip margin of a slot: seat 0's chips minus seat 1's chips (GENSTRAT v2 §6: Alice
 * chips minus Bob chips; v1 §6: winning 3 chips is a margin of 6). Chips.
 */
export const slotMargin = (r: SlotRow): number => r.returns[0] - r.returns[1];

/** Cluster sufficient statistics, oriented from the lower-indexed participant `i` (i < j). */
export interface Cluster {
  game: number;
  i: number;
  j: number;
  /** Slots in the cluster (2 for a complete run). */
  n: number;
  /** Σ margin of i over j (i's chips minus j's chips). */
  sum: number;
  /** Σ seat-0 margin y_s (for the per-game stakes scale σ_g). */
  sumSeat: number;
  /** Σ y_s². */
  sumSq: number;
}

/** Slot rows indexed for the estimators. */
export interface Prepared {
  /** Participant ids, sorted. */
  models: string[];
  /** Game ids, sorted. */
  games: string[];
  /** Per slot (self-play excluded): game index, seat-0 and seat-1 participant indices, margin y. */
  g: Int32Array;
  a: Int32Array;
  b: Int32Array;
  y: Float64Array;
  clusters: Cluster[];
  /** Cluster indices per game. */
  clustersByGame: number[][];
  /** Self-play slots (same participant in both seats), which carry no information on α. */
  selfPlay: number;
}

/**
 * Check and index slot rows.
 * @throws UserError for a row with a missing field, non-finite returns, or when fewer than two
 *   participants appear.
 */
export function prepareSlots(rows: readonly SlotRow[], models?: readonly string[]): Prepared {
  rows.forEach((r, k) => {
    const where = `slot row ${k + 1}${r && typeof r.slot === 'string' ? ` (${r.slot})` : ''}`;
    if (!r || typeof r.game !== 'string' || r.game === '') throw new UserError(`${where}: missing game`);
    if (typeof r.run !== 'string' && typeof r.run !== 'number') throw new UserError(`${where}: missing run`);
    if (!Array.isArray(r.seats) || r.seats.length !== 2 || r.seats.some((s) => typeof s !== 'string' || s === ''))
      throw new UserError(`${where}: seats must be two participant ids`);
    if (!Array.isArray(r.returns) || r.returns.length !== 2 || r.returns.some((x) => typeof x !== 'number' || !Number.isFinite(x)))
      throw new UserError(`${where}: returns must be two finite numbers (chips)`);
  });
  const ms = models ? [...models] : [...new Set(rows.flatMap((r) => r.seats))].sort();
  const gs = [...new Set(rows.map((r) => r.game))].sort();
  if (ms.length < 2) throw new UserError(`the slots name ${ms.length} participant(s); strength estimates need at least two`);
  const mi = new Map(ms.map((m, i) => [m, i]));
  const gi = new Map(gs.map((g, i) => [g, i]));
  const kept = rows.filter((r) => r.seats[0] !== r.seats[1] && mi.has(r.seats[0]) && mi.has(r.seats[1]));
  const selfPlay = rows.filter((r) => r.seats[0] === r.seats[1]).length;
  const n = kept.length;
  const g = new Int32Array(n);
  const a = new Int32Array(n);
  const b = new Int32Array(n);
  const y = new Float64Array(n);
  const byKey = new Map<string, Cluster>();
  const clusters: Cluster[] = [];
  kept.forEach((r, k) => {
    g[k] = gi.get(r.game)!;
    a[k] = mi.get(r.seats[0])!;
    b[k] = mi.get(r.seats[1])!;
    y[k] = slotMargin(r);
    const i = Math.min(a[k], b[k]);
    const j = Math.max(a[k], b[k]);
    const key = `${g[k]}\u0000${i}\u0000${j}\u0000${typeof r.run}:${r.run}`;
    let c = byKey.get(key);
    if (!c) {
      c = { game: g[k], i, j, n: 0, sum: 0, sumSeat: 0, sumSq: 0 };
      byKey.set(key, c);
      clusters.push(c);
    }
    c.n++;
    c.sum += a[k] === i ? y[k] : -y[k];
    c.sumSeat += y[k];
    c.sumSq += y[k] * y[k];
  });
  const clustersByGame: number[][] = gs.map(() => []);
  clusters.forEach((c, k) => clustersByGame[c.game].push(k));
  return { models: ms, games: gs, g, a, b, y, clusters, clustersByGame, selfPlay };
}
