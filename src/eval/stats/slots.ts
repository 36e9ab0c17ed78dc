/**
 * Slot rows, the estimators' only input, and their reduction to clusters.
 *
 * Terms follow GENSTRAT v2 §5: a *slot* is one match (game, two participants, seat assignment,
 * run id); a *run* is the two seat-swapped slots of one matchup sharing a play seed; a *cluster* is
 * (game, unordered participant pair, run) (§6).
 *
 * The bootstrap resamples *blocks*: all clusters of one (game, play seed), i.e. every slot dealt the
 * same chance draws. §6 and App. N index the resampling unit by (game seed, run id) as the key of one
 * paired play seed. Under play-seed scheme 1 (per matchup) a block is exactly one cluster; under
 * scheme 2 (shared by every matchup of a game) it is every pair's cluster of one (game, run), whose
 * margins are correlated through the shared deal. A slot without a play seed is its cluster's own
 * block.
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
  /**
   * Bootstrap blocks (the resampling units): the cluster indices of each (game, play seed), in
   * ascending order; blocks ordered by their first cluster. With one play seed per cluster (scheme 1)
   * blocks[k] = [k].
   */
  blocks: number[][];
  /** Block indices per game. */
  blocksByGame: number[][];
  /** The block of each cluster. */
  blockOf: Int32Array;
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
  const byKey = new Map<string, number>();
  const clusters: Cluster[] = [];
  /** Per kept slot: its cluster index and its deal key (game and play seed, or its cluster's key). */
  const clusterOf = new Int32Array(n);
  const dealKeys: string[] = [];
  kept.forEach((r, k) => {
    g[k] = gi.get(r.game)!;
    a[k] = mi.get(r.seats[0])!;
    b[k] = mi.get(r.seats[1])!;
    y[k] = slotMargin(r);
    const i = Math.min(a[k], b[k]);
    const j = Math.max(a[k], b[k]);
    const key = `${g[k]}\u0000${i}\u0000${j}\u0000${typeof r.run}:${r.run}`;
    let ck = byKey.get(key);
    if (ck === undefined) {
      byKey.set(key, (ck = clusters.length));
      clusters.push({ game: g[k], i, j, n: 0, sum: 0, sumSeat: 0, sumSq: 0 });
    }
    const c = clusters[ck];
    clusterOf[k] = ck;
    dealKeys.push(r.playSeed != null && r.playSeed !== '' ? `${g[k]}\u0000seed\u0000${String(r.playSeed)}` : key);
    c.n++;
    c.sum += a[k] === i ? y[k] : -y[k];
    c.sumSeat += y[k];
    c.sumSq += y[k] * y[k];
  });
  const clustersByGame: number[][] = gs.map(() => []);
  clusters.forEach((c, k) => clustersByGame[c.game].push(k));
  const { blocks, blocksByGame, blockOf } = dealBlocks(clusters, clusterOf, dealKeys, gs.length);
  return { models: ms, games: gs, g, a, b, y, clusters, clustersByGame, blocks, blocksByGame, blockOf, selfPlay };
}

/**
 * Group clusters into blocks: clusters joined by a shared deal key (game, play seed) fall in one
 * block (union–find, so a cluster whose slots carry two play seeds joins both deals' blocks).
 */
function dealBlocks(
  clusters: readonly Cluster[],
  clusterOf: Int32Array,
  dealKeys: readonly string[],
  games: number,
): { blocks: number[][]; blocksByGame: number[][]; blockOf: Int32Array } {
  const parent = Int32Array.from(clusters, (_, k) => k);
  const find = (x: number): number => (parent[x] === x ? x : (parent[x] = find(parent[x])));
  const firstOfDeal = new Map<string, number>();
  dealKeys.forEach((d, s) => {
    const k = clusterOf[s];
    const f = firstOfDeal.get(d);
    if (f === undefined) firstOfDeal.set(d, k);
    else {
      const [x, y] = [find(f), find(k)];
      if (x !== y) parent[Math.max(x, y)] = Math.min(x, y);
    }
  });
  const blockOfRoot = new Map<number, number>();
  const blocks: number[][] = [];
  const blockOf = new Int32Array(clusters.length);
  clusters.forEach((_, k) => {
    const root = find(k);
    let b = blockOfRoot.get(root);
    if (b === undefined) (blockOfRoot.set(root, (b = blocks.length)), blocks.push([]));
    blocks[b].push(k);
    blockOf[k] = b;
  });
  const blocksByGame: number[][] = Array.from({ length: games }, () => []);
  blocks.forEach((ks, b) => blocksByGame[clusters[ks[0]].game].push(b));
  return { blocks, blocksByGame, blockOf };
}

/**
 * The bootstrap blocks restricted to the clusters `which` (each block keeps its clusters in
 * `which`; blocks with none are dropped), in the order of their first cluster in `which`. Without
 * `which`, all blocks. Under scheme 1 the k-th block is [which[k]].
 */
export function blocksWithin(p: Prepared, which?: readonly number[]): number[][] {
  if (!which) return p.blocks;
  const keep = new Set(which);
  const seen = new Set<number>();
  const out: number[][] = [];
  for (const k of which) {
    const b = p.blockOf[k];
    if (seen.has(b)) continue;
    seen.add(b);
    out.push(p.blocks[b].filter((c) => keep.has(c)));
  }
  return out;
}

/**
 * Bootstrap blocks holding each participant (`perModel[m]`) and holding a cluster of each pair
 * (`perPair[i·M + j]`, i < j): the resampling units behind an interval, printed beside it.
 */
export function blockCounts(p: Prepared): { perModel: number[]; perPair: Float64Array } {
  const M = p.models.length;
  const perModel = new Array<number>(M).fill(0);
  const perPair = new Float64Array(M * M);
  for (const ks of p.blocks) {
    const seen = new Set<number>();
    const pairs = new Set<number>();
    for (const k of ks) {
      const c = p.clusters[k];
      seen.add(c.i).add(c.j);
      pairs.add(c.i * M + c.j);
    }
    for (const m of seen) perModel[m]++;
    for (const k of pairs) perPair[k]++;
  }
  return { perModel, perPair };
}
