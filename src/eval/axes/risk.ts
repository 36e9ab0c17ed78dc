/**
 * Risk axis (GENSTRAT v2 Appendix C, "Risk"):
 *   risk = Σ_I w_I · (EV(a*_I) − EV(a_safe,I)) / σ_U,
 * over the focal seat's visited information states I, coarsened as the paper's footnote says to
 * (dt, hand, action path, chip bin) (`riskInfo`, `infostate.ts`), with at least
 * {@link RISK_MIN_VISITS} visits and at least two actions each taken at least
 * {@link RISK_MIN_ACTION_VISITS} times: the paper's counts, stated for its 3,000-episode precise
 * tier ({@link RISK_EPISODES}); a log of n episodes scales them to counts of its own episodes,
 * × n / 3,000 (the fast tier's 1,000 episodes: 20/3 visits and 5/3 per action), so both tiers
 * admit the states that reach the same share of the episodes. w_I is I's visit fraction among the
 * states the sum runs over (those meeting the thresholds), so risk is the visit-weighted mean of
 * the normalised gap over them (v2 §3.1: the gap weighted by visits, taken at each decision); a* the
 * action with the highest mean final returns U, a_safe the action with the highest 10th
 * percentile of U, σ_U the standard deviation of U over the L0 episodes. Averaged over the two
 * seats; values below 0.01 are reported as 0.
 *
 * Option `weights` ({@link RiskWeights}): `qualifying` (default, above) or `all-visits`, which reads
 * w_I as I's share of all the seat's decision visits, so the weights of the states that meet the
 * thresholds sum to their share of play and states left out by the thresholds count as a gap of 0.
 * The two agree when every state qualifies (Kuhn) and differ when the thresholds leave out much of
 * play (docs/axes.md, "Measurements").
 *
 * Choices (docs/axes.md): the 10th percentile is the lower empirical quantile (the smallest u whose
 * cumulative weight reaches 10 %); a_safe ties go to the higher EV, then the lowest action id; only
 * actions meeting the visit threshold compete. In exact mode the counts are expected counts
 * (probability × 3,000, the same share of the episodes as a sampled log of any size).
 */
import type { EpisodeLog } from './episodes.js';
import { TIE_TOLERANCE } from './info-sensitivity.js';

/** Visits an information state needs (a count in the tier's own episodes). */
export const RISK_MIN_VISITS = 20;
/** Visits each of two compared actions needs. */
export const RISK_MIN_ACTION_VISITS = 5;
/** The episode count the two thresholds are stated for (the paper's precise tier). */
export const RISK_EPISODES = 3000;
export const RISK_QUANTILE = 0.1;
export const RISK_FLOOR = 0.01;

/** How w_I is normalised: over the visits of the states that meet the thresholds (`qualifying`, default) or over all the seat's decision visits (`all-visits`). */
export type RiskWeights = 'qualifying' | 'all-visits';
/** The values of {@link RiskWeights}, default first. */
export const RISK_WEIGHTS: readonly RiskWeights[] = ['qualifying', 'all-visits'];

/**
 * Visit thresholds as counts in the log's own episodes (an exact log: expected counts in its
 * `nominal` episodes), for a bench's alternative scalings of the fast tier (`bench/risk-tiers.ts`);
 * without them the paper's counts at 3,000 episodes are scaled to the log's size.
 */
export interface RiskThresholds {
  /** Visits an information state needs. */
  visits: number;
  /** Visits each of two compared actions needs. */
  actionVisits: number;
}

/** Lower weighted quantile of (value, weight) pairs. */
export function weightedQuantile(pairs: [number, number][], q: number): number {
  const sorted = pairs.slice().sort((a, b) => a[0] - b[0]);
  const total = sorted.reduce((s, p) => s + p[1], 0);
  let c = 0;
  for (const [v, w] of sorted) {
    c += w;
    if (c >= q * total * (1 - 1e-12)) return v;
  }
  return sorted[sorted.length - 1][0];
}

/**
 * Risk with `seat` as the focal seat, before the floor. `thresholds`: counts in the log's own
 * episodes instead of the paper's counts scaled to the log ({@link RiskThresholds}).
 */
export function riskForSeat(log: EpisodeLog, seat: number, weights: RiskWeights = 'qualifying', thresholds?: RiskThresholds): number {
  let w = 0;
  let s = 0;
  let s2 = 0;
  let visitsTotal = 0;
  const byInfo = new Map<string, Map<number, [number, number][]>>();
  for (const e of log.episodes) {
    if (e.weight === 0) continue;
    const u = e.returns[seat];
    w += e.weight;
    s += e.weight * u;
    s2 += e.weight * u * u;
    for (const d of e.decisions) {
      if (d.seat !== seat) continue;
      visitsTotal += e.weight;
      let m = byInfo.get(d.riskInfo);
      if (!m) byInfo.set(d.riskInfo, (m = new Map()));
      let l = m.get(d.action);
      if (!l) m.set(d.action, (l = []));
      l.push([u, e.weight]);
    }
  }
  if (w === 0) return 0;
  // Visits per RISK_EPISODES episodes (exact log: probabilities × RISK_EPISODES); the paper's
  // counts at 3,000 episodes are these at any log size.
  const scale = (thresholds ? log.nominal : RISK_EPISODES) / w;
  const minVisits = thresholds ? thresholds.visits : RISK_MIN_VISITS;
  const minActionVisits = thresholds ? thresholds.actionVisits : RISK_MIN_ACTION_VISITS;
  const mean = s / w;
  const sd = Math.sqrt(Math.max(0, s2 / w - mean * mean));
  if (!(sd > 0)) return 0;
  let risk = 0;
  let qualifyingVisits = 0;
  for (const m of byInfo.values()) {
    let visits = 0;
    const eligible: { a: number; ev: number; q: number }[] = [];
    for (const [a, l] of m) {
      const wa = l.reduce((t, p) => t + p[1], 0);
      visits += wa;
      if (wa * scale < minActionVisits - 1e-9) continue;
      eligible.push({ a, ev: l.reduce((t, p) => t + p[0] * p[1], 0) / wa, q: weightedQuantile(l, RISK_QUANTILE) });
    }
    if (visits * scale < minVisits - 1e-9 || eligible.length < 2) continue;
    qualifyingVisits += visits;
    eligible.sort((x, y) => x.a - y.a);
    const tol = (x: number) => TIE_TOLERANCE * Math.max(1, Math.abs(x));
    let best = eligible[0];
    let safe = eligible[0];
    for (const c of eligible.slice(1)) {
      if (c.ev > best.ev + tol(best.ev)) best = c;
      if (c.q > safe.q + tol(safe.q) || (Math.abs(c.q - safe.q) <= tol(safe.q) && c.ev > safe.ev + tol(safe.ev))) safe = c;
    }
    risk += (visits / visitsTotal) * ((best.ev - safe.ev) / sd);
  }
  return weights === 'qualifying' ? (qualifyingVisits > 0 ? (risk * visitsTotal) / qualifyingVisits : 0) : risk;
}

/** The risk axis: the mean over the two seats, 0 when below {@link RISK_FLOOR}. `thresholds`: see {@link riskForSeat}. */
export function risk(log: EpisodeLog, weights: RiskWeights = 'qualifying', thresholds?: RiskThresholds): number {
  const r = (riskForSeat(log, 0, weights, thresholds) + riskForSeat(log, 1, weights, thresholds)) / 2;
  return r < RISK_FLOOR ? 0 : r;
}
