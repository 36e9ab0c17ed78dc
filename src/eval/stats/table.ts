/**
 * Statistics for tables (games of n seats, matches of many hands): bb/100 and chips per hand per
 * participant, with block-bootstrap 95 % intervals, sample sizes and block counts, and direct
 * intervals for every pairwise difference (the LLM league methodology's hold'em reporting).
 *
 * The league reports hold'em results "in bb per 100 hands" with "block-bootstrap 95 % intervals",
 * "the block is the statistical unit" (a block: one seeded deck sequence played under every seat
 * permutation, each permutation one match), shows "sample size and block count beside a result",
 * and asks for "a direct interval for their pairwise difference" before two participants are said
 * to differ (methodology, the paragraphs on hold'em blocks, reporting and intervals). It states
 * neither the number of resamples nor the interval type; gbgc uses what its α̂ uses (GENSTRAT v2
 * §6): B = 2,000 resamples and percentile intervals, and a fixed seed (default 1).
 *
 * Estimators, for participant p with seat-hands h ∈ H_p (one record per seat per hand), chips won
 * c_h and big blind bb_h:
 *
 *   bb/100_p        = 100 · (1/|H_p|) Σ_{h∈H_p} c_h / bb_h
 *   chips/hand_p    =       (1/|H_p|) Σ_{h∈H_p} c_h
 *   Δ_pq            = bb/100_p − bb/100_q
 *
 * (with one big blind: bb/100 = 100 × mean chips won per hand / big blind). A participant seated
 * twice at one table counts each of its seats' hands.
 *
 * Block bootstrap: with K blocks in the data, replicate r draws K blocks with replacement from the
 * stream `rngFromKeys(seed, TABLE_STREAM, r)` and recomputes every estimator on the drawn blocks
 * (ratio of the drawn sums: a block's hands enter together). Percentile interval: the 2.5 % and
 * 97.5 % quantiles of the replicates. Every participant and every pairwise difference is computed
 * on the same replicates, so a difference keeps the pairing of participants who share blocks
 * (the duplicate deal's luck cancels in it). A replicate that draws none of a participant's blocks
 * gives it no value (counted in `missingReplicates`, left out of its quantiles). An interval is
 * given only where the sample permits: a participant (or pair) seen in fewer than two blocks has
 * none (null), and says so in the warnings.
 *
 * A named variant, `interval: 'expanded'` (`--table-interval expanded`): Hesterberg's expanded
 * percentile interval (Hesterberg 2015, "What teachers should know about the bootstrap", §4.1): the
 * replicates' quantiles at α'/2 and 1 − α'/2 with Φ⁻¹(α'/2) = √(n/(n − 1)) · t_{n−1}(α/2), n the
 * blocks of the participant (of the pair: the fewer), which undoes the percentile interval's
 * narrowness with few resampling units (coverage measured in docs/statistics.md, "Tables").
 */
import { UserError } from '../../util/errors.js';
import { rngFromKeys } from '../../util/rng.js';
import { normCdf, percentileInterval, sampleSd, studentTInv, type Interval } from './dist.js';

/** One seat's result in one hand: the estimators' only input (see ./from-store.ts for the store's hands). */
export interface HandRow {
  /** The statistical unit: the block (one deck sequence under every seat permutation) the hand belongs to. */
  block: string;
  /** The match (one seat permutation of the block) the hand belongs to, when known: for counting hands. */
  match?: string;
  /** Index of the hand in its match (from 0), when known: for counting hands. */
  hand?: number;
  /** Participant id in this seat. */
  participant: string;
  /** Seat index (0 … n − 1). */
  seat: number;
  /** Chips won by the seat in this hand (final stack − starting stack of the hand); negative for a loss. */
  chipsWon: number;
  /** The big blind of the hand, chips (> 0); null for a game without blinds (then bb/100 is not defined and only chips per hand are given). */
  bigBlind: number | null;
  /** The hand was played against a house (`house SEAT`): its players' chips do not sum to zero (the house's seat has no row). */
  againstHouse?: boolean;
}

/** One participant's row of the table section. */
export interface TableRow {
  rank: number;
  participant: string;
  /** Display name (the id when none is known). */
  name: string;
  /** bb won per 100 hands. */
  bb100: number;
  /** Percentile 95 % block-bootstrap interval of bb/100; null with fewer than two blocks. */
  bb100Ci: Interval | null;
  /** Bootstrap standard error of bb/100 (NaN → null in JSON). */
  bb100Se: number;
  /** Mean chips won per hand. */
  chipsPerHand: number;
  chipsPerHandCi: Interval | null;
  /** Seat-hands played (records). */
  hands: number;
  /** Blocks holding at least one of its hands. */
  blocks: number;
  /** Matches holding at least one of its hands (records with a `match`), else null. */
  matches: number | null;
  /** Replicates that drew none of its blocks (no value). */
  missingReplicates: number;
}

/** The direct interval of one pairwise difference. */
export interface TablePairDifference {
  /** Participant ids, i ranked above j (by bb/100; by chips per hand when some bb/100 is undefined). */
  i: string;
  j: string;
  /** bb/100_i − bb/100_j. */
  diff: number;
  ci: Interval | null;
  se: number;
  /** Whether the interval excludes 0 (the data support "i wins more than j" at 95 %). */
  excludesZero: boolean;
  /** The same in chips per hand: chips/hand_i − chips/hand_j, its interval, and whether it excludes 0. */
  diffChips: number;
  ciChips: Interval | null;
  excludesZeroChips: boolean;
  /** Blocks holding both (where the difference is paired). */
  blocksBetween: number;
  /** Hands of each. */
  handsI: number;
  handsJ: number;
}

/** The table section of the estimates. */
export interface TableStats {
  rows: TableRow[];
  differences: TablePairDifference[];
  /** Pairs whose bb/100 interval excludes 0 (chips per hand when some bb/100 is undefined). */
  separated: number;
  /** Seat-hand records read. */
  records: number;
  /** Distinct hands (block, match, hand) when every record names its match and hand, else null. */
  hands: number | null;
  /** Blocks (the resampling units). */
  blocks: number;
  /** Distinct matches when every record names its match, else null. */
  matches: number | null;
  /** Seats per hand (most seats seen in one hand), when hands are known. */
  seats: number | null;
  B: number;
  seed: number;
  level: number;
  interval: TableInterval;
  /** What a reader must know (few blocks, hands that are not zero-sum, …). */
  warnings: string[];
}

/** Options of {@link tableStats}. */
export interface TableStatsOptions {
  /** Bootstrap resamples (default {@link TABLE_DEFAULT_B}; 0 for the point estimates only). */
  B?: number;
  /** Seed of the bootstrap streams (default 1). */
  seed?: number;
  /** Interval level (default 0.95). */
  level?: number;
  /** Interval type (default `percentile`; `expanded`: the expanded percentile interval, see the module comment). */
  interval?: TableInterval;
  /** Participant id → display name. */
  names?: Record<string, string>;
}

/** The interval types of the table statistics. */
export type TableInterval = 'percentile' | 'expanded';

/**
 * The level at which the replicates' quantiles are read for a nominal `level` from `n` resampling
 * units: `level` itself for the percentile interval; for the expanded one, 1 − α' with
 * Φ⁻¹(α'/2) = √(n/(n − 1)) · t_{n−1}(α/2).
 */
export function replicateLevel(type: TableInterval, level: number, n: number): number {
  if (type === 'percentile' || n < 2) return level;
  const a = (1 - level) / 2;
  return 1 - 2 * normCdf(Math.sqrt(n / (n - 1)) * studentTInv(a, n - 1));
}

/** Bootstrap resamples by default (as α̂, GENSTRAT v2 §6). */
export const TABLE_DEFAULT_B = 2000;
/** Second key of the bootstrap streams (`rngFromKeys(seed, TABLE_STREAM, r)`), apart from α̂'s stream 1. */
export const TABLE_STREAM = 31;

/** Per-block sums of the participants present: participant index, seat-hands, Σ c/bb, Σ c. */
interface BlockSums {
  who: Int32Array;
  n: Float64Array;
  bb: Float64Array;
  chips: Float64Array;
}

/** Check the records' fields. @throws UserError naming the first bad record */
export function validateHandRows(records: readonly HandRow[]): void {
  if (records.length === 0) throw new UserError('no hand records to analyse');
  records.forEach((r, k) => {
    const where = `hand record ${k}`;
    if (typeof r.block !== 'string' || r.block === '') throw new UserError(`${where}: block must be a non-empty string`);
    if (typeof r.participant !== 'string' || r.participant === '') throw new UserError(`${where}: participant must be a non-empty string`);
    if (!Number.isInteger(r.seat) || r.seat < 0) throw new UserError(`${where}: seat must be a non-negative integer, got ${r.seat}`);
    if (!Number.isFinite(r.chipsWon)) throw new UserError(`${where}: chips won must be a finite number, got ${r.chipsWon}`);
    if (r.bigBlind !== null && !(Number.isFinite(r.bigBlind) && r.bigBlind > 0))
      throw new UserError(`${where}: big blind must be a positive number (or null for a game without blinds), got ${r.bigBlind}`);
  });
}

/**
 * Hands whose seats' chips do not sum to zero, and the most seats seen in one hand (records naming
 * their match and hand only). @returns null when some record does not name its match and hand
 */
function handFacts(records: readonly HandRow[]): { hands: number; seats: number; notZeroSum: string[]; repeatedSeats: string[] } | null {
  if (!records.every((r) => r.match !== undefined && r.hand !== undefined)) return null;
  const byHand = new Map<string, { sum: number; seats: Set<number>; repeated: boolean; house: boolean }>();
  for (const r of records) {
    const key = `${r.block}\u0000${r.match}\u0000${r.hand}`;
    let h = byHand.get(key);
    if (!h) byHand.set(key, (h = { sum: 0, seats: new Set(), repeated: false, house: false }));
    h.sum += r.chipsWon;
    if (r.againstHouse) h.house = true;
    if (h.seats.has(r.seat)) h.repeated = true;
    h.seats.add(r.seat);
  }
  const notZeroSum: string[] = [];
  const repeatedSeats: string[] = [];
  let seats = 0;
  for (const [key, h] of byHand) {
    const label = key.split('\u0000').join(' / ');
    if (!h.house && Math.abs(h.sum) > 1e-9 * (1 + Math.abs(h.sum))) notZeroSum.push(label);
    if (h.repeated) repeatedSeats.push(label);
    seats = Math.max(seats, h.seats.size);
  }
  return { hands: byHand.size, seats, notZeroSum, repeatedSeats };
}

const few = (xs: readonly string[]): string => `${xs.slice(0, 3).join(', ')}${xs.length > 3 ? `, … ${xs.length - 3} more` : ''}`;

/**
 * bb/100 and chips per hand per participant with block-bootstrap intervals, and every pairwise
 * difference (see the module comment for the formulas, the bootstrap and the interval).
 * @param records one per seat per hand
 * @returns rows ranked by bb/100 (highest first), differences in that order (i above j)
 * @throws UserError for no records or a malformed record, or when a hand lists one seat twice
 */
export function tableStats(records: readonly HandRow[], opts: TableStatsOptions = {}): TableStats {
  validateHandRows(records);
  const B = opts.B ?? TABLE_DEFAULT_B;
  const seed = opts.seed ?? 1;
  const level = opts.level ?? 0.95;
  const type = opts.interval ?? 'percentile';
  if (!(Number.isInteger(B) && B >= 0)) throw new UserError(`the number of bootstrap resamples must be a non-negative integer, got ${B}`);
  const facts = handFacts(records);
  if (facts && facts.repeatedSeats.length > 0)
    throw new UserError(`${facts.repeatedSeats.length} hand(s) list one seat twice (${few(facts.repeatedSeats)}): each seat of a hand is one record`);

  const ids = [...new Set(records.map((r) => r.participant))].sort();
  const M = ids.length;
  const index = new Map(ids.map((id, m) => [id, m]));
  const blockIds: string[] = [];
  const blockIndex = new Map<string, number>();
  const acc: Map<number, { n: number; bb: number; chips: number }>[] = [];
  const matchesOf = ids.map(() => new Set<string>());
  const withMatch = records.every((r) => r.match !== undefined);
  for (const r of records) {
    let b = blockIndex.get(r.block);
    if (b === undefined) {
      blockIndex.set(r.block, (b = blockIds.length));
      blockIds.push(r.block);
      acc.push(new Map());
    }
    const m = index.get(r.participant)!;
    let a = acc[b].get(m);
    if (!a) acc[b].set(m, (a = { n: 0, bb: 0, chips: 0 }));
    a.n++;
    // A hand without a big blind makes the participant's bb/100 undefined (NaN, shown as null).
    a.bb += r.bigBlind === null ? NaN : r.chipsWon / r.bigBlind;
    a.chips += r.chipsWon;
    if (withMatch) matchesOf[m].add(`${r.block}\u0000${r.match}`);
  }
  const K = blockIds.length;
  const blocks: BlockSums[] = acc.map((mp) => {
    const who = Int32Array.from(mp.keys());
    return {
      who,
      n: Float64Array.from(who, (m) => mp.get(m)!.n),
      bb: Float64Array.from(who, (m) => mp.get(m)!.bb),
      chips: Float64Array.from(who, (m) => mp.get(m)!.chips),
    };
  });

  // Point estimates and counts.
  const n = new Float64Array(M);
  const sBb = new Float64Array(M);
  const sChips = new Float64Array(M);
  const blocksOf = new Float64Array(M);
  const between = new Float64Array(M * M);
  for (const bl of blocks) {
    for (let k = 0; k < bl.who.length; k++) {
      const m = bl.who[k];
      n[m] += bl.n[k];
      sBb[m] += bl.bb[k];
      sChips[m] += bl.chips[k];
      blocksOf[m]++;
      for (let l = k + 1; l < bl.who.length; l++) {
        const o = bl.who[l];
        between[Math.min(m, o) * M + Math.max(m, o)]++;
      }
    }
  }
  const bb100 = Array.from(n, (x, m) => (100 * sBb[m]) / x);
  const cph = Array.from(n, (x, m) => sChips[m] / x);

  // Block bootstrap: replicate r's bb/100 and chips/hand of each participant (NaN when none of its blocks was drawn).
  const repBb = Array.from({ length: M }, () => new Float64Array(B));
  const repCh = Array.from({ length: M }, () => new Float64Array(B));
  const rn = new Float64Array(M);
  const rb = new Float64Array(M);
  const rc = new Float64Array(M);
  for (let r = 0; r < B; r++) {
    const rng = rngFromKeys(seed, TABLE_STREAM, r);
    rn.fill(0);
    rb.fill(0);
    rc.fill(0);
    for (let k = 0; k < K; k++) {
      const bl = blocks[Math.floor(rng() * K)];
      for (let x = 0; x < bl.who.length; x++) {
        const m = bl.who[x];
        rn[m] += bl.n[x];
        rb[m] += bl.bb[x];
        rc[m] += bl.chips[x];
      }
    }
    for (let m = 0; m < M; m++) {
      repBb[m][r] = rn[m] > 0 ? (100 * rb[m]) / rn[m] : NaN;
      repCh[m][r] = rn[m] > 0 ? rc[m] / rn[m] : NaN;
    }
  }
  const ci = (point: number, reps: Float64Array, blocksSeen: number): Interval | null => {
    if (blocksSeen < 2 || B < 2 || !Number.isFinite(point)) return null;
    const c = percentileInterval(reps, replicateLevel(type, level, blocksSeen));
    return Number.isFinite(c.lo) && Number.isFinite(c.hi) ? c : null;
  };
  const missing = (reps: Float64Array): number => reps.reduce((s, x) => s + (Number.isNaN(x) ? 1 : 0), 0);

  // Ranked by bb/100, or by chips per hand when some bb/100 is undefined.
  const key = bb100.every(Number.isFinite) ? bb100 : cph;
  const order = ids.map((_, m) => m).sort((a, b) => key[b] - key[a] || (ids[a] < ids[b] ? -1 : 1));
  const names = opts.names ?? {};
  const rows: TableRow[] = order.map((m, k) => ({
    rank: k + 1,
    participant: ids[m],
    name: names[ids[m]] ?? ids[m],
    bb100: bb100[m],
    bb100Ci: ci(bb100[m], repBb[m], blocksOf[m]),
    bb100Se: sampleSd(repBb[m]),
    chipsPerHand: cph[m],
    chipsPerHandCi: ci(cph[m], repCh[m], blocksOf[m]),
    hands: n[m],
    blocks: blocksOf[m],
    matches: withMatch ? matchesOf[m].size : null,
    missingReplicates: B === 0 ? 0 : missing(repBb[m]),
  }));

  const differences: TablePairDifference[] = [];
  for (let x = 0; x < M; x++)
    for (let y = x + 1; y < M; y++) {
      const i = order[x];
      const j = order[y];
      const d = new Float64Array(B);
      const dc = new Float64Array(B);
      for (let r = 0; r < B; r++) ((d[r] = repBb[i][r] - repBb[j][r]), (dc[r] = repCh[i][r] - repCh[j][r]));
      const seen = Math.min(blocksOf[i], blocksOf[j]);
      const c = ci(bb100[i] - bb100[j], d, seen);
      const cc = ci(cph[i] - cph[j], dc, seen);
      differences.push({
        i: ids[i],
        j: ids[j],
        diff: bb100[i] - bb100[j],
        ci: c,
        se: sampleSd(d),
        excludesZero: c !== null && (c.lo > 0 || c.hi < 0),
        diffChips: cph[i] - cph[j],
        ciChips: cc,
        excludesZeroChips: cc !== null && (cc.lo > 0 || cc.hi < 0),
        blocksBetween: between[Math.min(i, j) * M + Math.max(i, j)],
        handsI: n[i],
        handsJ: n[j],
      });
    }

  const warnings: string[] = [];
  if (K < 2)
    warnings.push(
      `the hands form ${K} block: the block is the statistical unit, so no interval can be given (every bootstrap resample would be the data itself)`,
    );
  else {
    const thin = rows.filter((r) => r.blocks < 2).map((r) => r.name);
    if (thin.length > 0) warnings.push(`${thin.length} participant(s) played in a single block (${few(thin)}): no interval for them or their differences`);
    if (K < 20 && type === 'percentile')
      warnings.push(
        `only ${K} blocks: with few blocks a percentile bootstrap interval is too narrow (about 90 % coverage at 10 blocks, docs/statistics.md); the expanded percentile interval (--table-interval expanded) corrects it`,
      );
  }
  const noBlind = records.filter((r) => r.bigBlind === null).length;
  if (noBlind > 0)
    warnings.push(
      `${noBlind} seat-hand(s) come from a game without a big blind: bb/100 is not defined for the participants who played them (null); chips per hand are given`,
    );
  if (facts && facts.notZeroSum.length > 0)
    warnings.push(`${facts.notZeroSum.length} hand(s) whose seats' chips do not sum to zero (${few(facts.notZeroSum)}): a rake or a missing seat record`);
  return {
    rows,
    differences,
    separated: differences.filter((d) => (key === bb100 ? d.excludesZero : d.excludesZeroChips)).length,
    records: records.length,
    hands: facts ? facts.hands : null,
    blocks: K,
    matches: withMatch ? new Set(records.map((r) => `${r.block}\u0000${r.match}`)).size : null,
    seats: facts ? facts.seats : null,
    B,
    seed,
    level,
    interval: type,
    warnings,
  };
}
