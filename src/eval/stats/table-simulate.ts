/**
 * Planted truths for the table statistics (./table.ts): hand records of n-seat tables drawn from a
 * model with known per-participant win rates, and the coverage of the block-bootstrap intervals
 * over many such tables (what `test/stats/table.test.ts` checks at a small size and
 * `bench/table-coverage.ts` at full size).
 *
 * The model, for a block b at table T (participants, one per seat), seat permutation π and hand h,
 * the participant p in position q wins, in big blinds,
 *
 *   c / bb = (s_p − s̄_T)/100 + u_{b,p} + L_{b,π,h,q} + e_{b,π,h,p}
 *
 * with s_p the planted skill in bb/100 and s̄_T its mean over the table; u_{b,p} the participant's
 * per-block effect (normal, sd `blockSd`, centred over the table: a whole block's form); L the card
 * luck of position q in hand h (a pot of size `luckScale`·Exp(1) won by one position uniformly at
 * random and paid equally by all: heavy-tailed and zero-sum), dealt once per block when `duplicate`
 * (every permutation sees the same deck sequence, so each participant meets each position's cards
 * equally often and the luck cancels within a block) and afresh per match otherwise; and e a
 * per-hand noise (normal, sd `handSd`, centred over the table). Every hand is zero-sum.
 *
 * The estimand is the conditional one (the blocks as designed): participant p's planted bb/100 is
 * the mean of (s_p − s̄_T) over its seat-hands; a pair's is the difference of the two.
 */
import { rngFromKeys, type Rng } from '../../util/rng.js';
import { tableStats, type HandRow, type TableInterval } from './table.js';

/** A planted-truth design. */
export interface PlantedTableDesign {
  /** Planted skill per participant, bb/100. */
  skill: readonly number[];
  /** Tables: the participants (indices into `skill`, distinct) of each block in turn; block b plays tables[b mod length]. */
  tables: readonly (readonly number[])[];
  blocks: number;
  handsPerMatch: number;
  /** Big blind, chips. */
  bigBlind: number;
  /** Sd of a participant's per-block effect, bb per hand. */
  blockSd: number;
  /** Sd of the per-hand noise, bb. */
  handSd: number;
  /** Mean pot of the card luck, bb. */
  luckScale: number;
  /** One deck sequence per block for every permutation (default true), else one per match. */
  duplicate?: boolean;
}

/**
 * The league's table as a planted design: three participants of planted 30 / 0 / −30 bb/100 at one
 * table, `blocks` blocks of one deck sequence under the six seat permutations, 6 hands per match,
 * big blind 100, per-block effect sd 0.3 bb a hand, hand noise sd 1 bb, card luck a pot of mean 3 bb
 * (the settings of bench/table-coverage.ts and its small-size tests).
 */
export function leagueTableDesign(blocks: number): PlantedTableDesign {
  return { skill: [30, 0, -30], tables: [[0, 1, 2]], blocks, handsPerMatch: 6, bigBlind: 100, blockSd: 0.3, handSd: 1, luckScale: 3 };
}

/**
 * A panel as a planted design: five participants (40, 10, 0, −20, −30 bb/100) at four tables of
 * three in turn, two of them never seated together, fresh decks per match, 40 blocks; the other
 * settings as {@link leagueTableDesign}.
 */
export function panelTableDesign(): PlantedTableDesign {
  return {
    ...leagueTableDesign(40),
    skill: [40, 10, 0, -20, -30],
    tables: [
      [0, 2, 3],
      [1, 2, 4],
      [0, 3, 4],
      [1, 3, 4],
    ],
    duplicate: false,
  };
}

/** Every permutation of 0 … n − 1, in lexicographic order. */
export function permutations(n: number): number[][] {
  const out: number[][] = [];
  const rec = (prefix: number[], rest: number[]): void => {
    if (rest.length === 0) return void out.push(prefix);
    rest.forEach((x, k) => rec([...prefix, x], [...rest.slice(0, k), ...rest.slice(k + 1)]));
  };
  rec(
    [],
    Array.from({ length: n }, (_, k) => k),
  );
  return out;
}

function normal(rng: Rng): number {
  const u = 1 - rng();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rng());
}

const centred = (xs: number[]): number[] => {
  const m = xs.reduce((s, x) => s + x, 0) / xs.length;
  return xs.map((x) => x - m);
};

/** Card luck of one hand: position → bb won (zero-sum). */
function luck(rng: Rng, n: number, scale: number): number[] {
  const pot = -scale * Math.log(1 - rng());
  const w = Math.floor(rng() * n);
  return Array.from({ length: n }, (_, q) => (q === w ? pot : 0) - pot / n);
}

/** Hand records of one planted table, with the planted bb/100 of each participant (NaN for one that never plays). */
export function plantedTableHands(d: PlantedTableDesign, seed: number): { records: HandRow[]; truth: number[] } {
  const rng = rngFromKeys(seed, 7);
  const records: HandRow[] = [];
  const P = d.skill.length;
  const truthSum = new Float64Array(P);
  const truthN = new Float64Array(P);
  for (let b = 0; b < d.blocks; b++) {
    const table = d.tables[b % d.tables.length];
    const n = table.length;
    const sbar = table.reduce((s, p) => s + d.skill[p], 0) / n;
    const u = centred(table.map(() => d.blockSd * normal(rng)));
    const deck = (): number[][] => Array.from({ length: d.handsPerMatch }, () => luck(rng, n, d.luckScale));
    const shared = d.duplicate === false ? null : deck();
    permutations(n).forEach((perm, k) => {
      // perm[q] = the table member (index into `table`) sitting in position q.
      const L = shared ?? deck();
      for (let h = 0; h < d.handsPerMatch; h++) {
        const e = centred(table.map(() => d.handSd * normal(rng)));
        for (let q = 0; q < n; q++) {
          const t = perm[q];
          const p = table[t];
          const edge = (d.skill[p] - sbar) / 100;
          records.push({
            block: `b${b}`,
            match: `m${k}`,
            hand: h,
            participant: `p${p}`,
            seat: q,
            chipsWon: d.bigBlind * (edge + u[t] + L[h][q] + e[t]),
            bigBlind: d.bigBlind,
          });
          truthSum[p] += 100 * edge;
          truthN[p]++;
        }
      }
    });
  }
  return { records, truth: Array.from(truthSum, (s, p) => s / truthN[p]) };
}

/** Coverage of the planted truths by the intervals over `replications` tables. */
export interface TableCoverage {
  replications: number;
  /** Participant intervals checked, how many cover the planted bb/100, and the share. */
  intervals: number;
  covered: number;
  coverage: number;
  /** Pairwise-difference intervals checked, how many cover the planted difference, and the share. */
  differenceIntervals: number;
  differenceCovered: number;
  differenceCoverage: number;
  /** Mean width of the participants' intervals, bb/100. */
  meanWidth: number;
  B: number;
}

/**
 * Coverage of the planted bb/100 and pairwise differences by {@link tableStats}'s intervals.
 * Replication k draws its table from seed `seed + k` and bootstraps with seed `seed + k` too.
 */
export function tableCoverage(d: PlantedTableDesign, replications: number, B: number, seed: number, interval: TableInterval = 'percentile'): TableCoverage {
  let intervals = 0;
  let covered = 0;
  let dIntervals = 0;
  let dCovered = 0;
  let width = 0;
  for (let k = 0; k < replications; k++) {
    const { records, truth } = plantedTableHands(d, seed + k);
    const t = tableStats(records, { B, seed: seed + k, interval });
    const truthOf = (id: string): number => truth[Number(id.slice(1))];
    for (const r of t.rows) {
      if (!r.bb100Ci) continue;
      intervals++;
      width += r.bb100Ci.hi - r.bb100Ci.lo;
      const x = truthOf(r.participant);
      if (r.bb100Ci.lo <= x && x <= r.bb100Ci.hi) covered++;
    }
    for (const p of t.differences) {
      if (!p.ci) continue;
      dIntervals++;
      const x = truthOf(p.i) - truthOf(p.j);
      if (p.ci.lo <= x && x <= p.ci.hi) dCovered++;
    }
  }
  return {
    replications,
    intervals,
    covered,
    coverage: covered / intervals,
    differenceIntervals: dIntervals,
    differenceCovered: dCovered,
    differenceCoverage: dCovered / dIntervals,
    meanWidth: width / intervals,
    B,
  };
}
