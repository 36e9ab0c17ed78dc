/**
 * Direct intervals for the difference of two participants' strengths, α̂_i − α̂_j, as the league
 * methodology asks before any claim that two participants differ (a rank or two separate intervals
 * do not establish it). Each interval is the percentile 95 % interval of α̂*_i − α̂*_j over the same
 * paired-cluster bootstrap replicates as α̂ (GENSTRAT v2 §6: clusters (game, unordered pair, run)),
 * so the two strengths' dependence is kept. Sample sizes, cluster counts and block counts (the
 * resampling units, ./slots.ts) are reported beside it.
 */
import { percentileInterval, sampleSd, type Interval } from './dist.js';
import type { AlphaFit } from './alpha.js';
import { blockCounts, type Prepared } from './slots.js';

/** One pair's difference. */
export interface PairDifference {
  /** Participant ids, i ranked above j by α̂. */
  i: string;
  j: string;
  /** α̂_i − α̂_j, chips/game (≥ 0). */
  diff: number;
  ci: Interval;
  se: number;
  /** Whether the interval excludes 0 (the data support "i is stronger than j" at 95 %). */
  excludesZero: boolean;
  /** Slots of i, of j, and head-to-head; bootstrap clusters holding i or j, and head-to-head. */
  slotsI: number;
  slotsJ: number;
  slotsBetween: number;
  clustersI: number;
  clustersJ: number;
  clustersBetween: number;
  /** Bootstrap blocks (clusters dealt one play seed: the resampling units) holding i, j, and a cluster of the two. */
  blocksI: number;
  blocksJ: number;
  blocksBetween: number;
}

export interface Differences {
  /** Every pair of participants, in leaderboard order (i above j). */
  pairs: PairDifference[];
  /** Pairs whose interval excludes 0. */
  separated: number;
  /** Replicates used, slots and clusters of the whole fit. */
  B: number;
  slots: number;
  clusters: number;
  /** Bootstrap blocks of the whole fit. */
  blocks: number;
}

/** Difference intervals of every pair of participants from the α̂ fit and its replicates. */
export function pairDifferences(p: Prepared, fit: AlphaFit): Differences {
  const M = p.models.length;
  const slots = new Array<number>(M).fill(0);
  const cl = new Array<number>(M).fill(0);
  const between = new Float64Array(M * M);
  const clBetween = new Float64Array(M * M);
  for (const c of p.clusters) {
    slots[c.i] += c.n;
    slots[c.j] += c.n;
    cl[c.i]++;
    cl[c.j]++;
    between[c.i * M + c.j] += c.n;
    clBetween[c.i * M + c.j]++;
  }
  const bl = blockCounts(p);
  const order = p.models.map((_, m) => m).sort((a, b) => fit.alpha[b] - fit.alpha[a]);
  const pairs: PairDifference[] = [];
  for (let x = 0; x < M; x++)
    for (let y = x + 1; y < M; y++) {
      const i = order[x];
      const j = order[y];
      const reps = fit.replicates.map((r) => r[i] - r[j]);
      const ci = percentileInterval(reps);
      const k = Math.min(i, j) * M + Math.max(i, j);
      pairs.push({
        i: p.models[i],
        j: p.models[j],
        diff: fit.alpha[i] - fit.alpha[j],
        ci,
        se: sampleSd(reps),
        excludesZero: ci.lo > 0 || ci.hi < 0,
        slotsI: slots[i],
        slotsJ: slots[j],
        slotsBetween: between[k],
        clustersI: cl[i],
        clustersJ: cl[j],
        clustersBetween: clBetween[k],
        blocksI: bl.perModel[i],
        blocksJ: bl.perModel[j],
        blocksBetween: bl.perPair[k],
      });
    }
  return {
    pairs,
    separated: pairs.filter((d) => d.excludesZero).length,
    B: fit.replicates.length,
    slots: p.y.length,
    clusters: p.clusters.length,
    blocks: p.blocks.length,
  };
}
