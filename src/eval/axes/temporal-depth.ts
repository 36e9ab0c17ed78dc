/**
 * Temporal depth axis (GENSTRAT v2 Appendix C, "Temporal depth"):
 *   temporal_depth = Σ_d f_d · η²_d · r_d,
 * over the decision types d of the focal seat, with
 * - f_d: visits of d per episode,
 * - η²_d: the one-way ANOVA share of the variance of the focal seat's final returns U explained by
 *   the action taken at d, Σ_a n_{a,d} (Ū_{a,d} − Ū_d)² / Σ_visits (U − Ū_d)² (0 when U is constant),
 * - r_d: the mean number of decisions the focal seat still faces after d in the same episode.
 * Each visit of d is one observation (an episode visiting d twice counts twice). The score is
 * computed with each seat as the focal seat and averaged over the two seats (docs/axes.md).
 * Episode weights enter every sum and mean (exact mode: probabilities).
 */
import type { EpisodeLog } from './episodes.js';

interface Acc {
  w: number; // Σ weight of visits
  sumU: number;
  sumU2: number;
  after: number; // Σ weight × decisions after
  byAction: Map<number, { w: number; sumU: number }>;
}

/** Temporal depth with seat `seat` as the focal seat. */
export function temporalDepthForSeat(log: EpisodeLog, seat: number): number {
  const acc = new Map<string, Acc>();
  let totalW = 0;
  for (const e of log.episodes) {
    totalW += e.weight;
    if (e.weight === 0) continue;
    const mine = e.decisions.filter((d) => d.seat === seat);
    const u = e.returns[seat];
    mine.forEach((d, i) => {
      let a = acc.get(d.dt);
      if (!a) acc.set(d.dt, (a = { w: 0, sumU: 0, sumU2: 0, after: 0, byAction: new Map() }));
      a.w += e.weight;
      a.sumU += e.weight * u;
      a.sumU2 += e.weight * u * u;
      a.after += e.weight * (mine.length - 1 - i);
      let b = a.byAction.get(d.action);
      if (!b) a.byAction.set(d.action, (b = { w: 0, sumU: 0 }));
      b.w += e.weight;
      b.sumU += e.weight * u;
    });
  }
  if (totalW === 0) return 0;
  let td = 0;
  for (const a of acc.values()) {
    const mean = a.sumU / a.w;
    const ssTotal = a.sumU2 - a.w * mean * mean;
    if (!(ssTotal > 1e-12 * Math.max(1, a.sumU2))) continue;
    let ssBetween = 0;
    for (const b of a.byAction.values()) ssBetween += b.w * (b.sumU / b.w - mean) ** 2;
    const eta2 = Math.min(1, ssBetween / ssTotal);
    td += (a.w / totalW) * eta2 * (a.after / a.w);
  }
  return td;
}

/** The temporal depth axis: the mean over the two focal seats. */
export function temporalDepth(log: EpisodeLog): number {
  return (temporalDepthForSeat(log, 0) + temporalDepthForSeat(log, 1)) / 2;
}
