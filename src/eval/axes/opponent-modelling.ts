/**
 * Opponent-modelling axis (GENSTRAT v2 Appendix C, "Opponent modeling"):
 *   opp_mod = Σ_dt w_dt · (1 − modal_share_π[ argmax_a E[U | dt, a, π] ]),
 * for the focal seat's decision types dt (w_dt: dt's share of the focal seat's decision visits in
 * the L0 log), over opponent policies π spread over the strategy simplex by a Sobol sequence;
 * modal_share is the share of opponents whose argmax action at dt is the most common one.
 *
 * Choices (docs/axes.md):
 * - The focal seat plays L0; U is its final returns. E[U | dt, a, π] is estimated from the tier's
 *   L0 episode log by importance reweighting: each episode gets the likelihood ratio of the
 *   opponent's actions under π and under L0 (the product over its decisions of
 *   K · π(kind) , K the number of move kinds; amounts within a kind are uniform under both, so they
 *   cancel), and the mean over the focal seat's visits of dt where it took a is the weighted mean
 *   of U. Every opponent is evaluated on the same episodes (common random numbers), so sampling
 *   noise moves the argmaxes of all opponents together instead of flipping each one independently
 *   (the upward bias of separate 32-playout estimates per opponent). On the exact log (weights are
 *   L0 probabilities) the same reweighting gives the exact values. The argmax is over the actions
 *   with positive weight; ties go to the lowest id.
 * - A Sobol point becomes a behaviour strategy of the opponent: each opponent information state
 *   of the L0 log (in sorted order) with K move kinds takes K − 1 coordinates, mapped to a point of
 *   the (K−1)-simplex by the spacings of the sorted coordinates (uniform on the simplex for
 *   uniform input); amounts within a kind are uniform as in L0; states the log never reached play
 *   L0. (Opponents that ignore their cards, one mixture per decision type, would make every
 *   card game's best response against them card-blind and the axis near zero.) Coordinate j uses
 *   Sobol dimension j mod 32 with a Cranley–Patterson shift drawn from the seed (randomised QMC:
 *   deterministic for a seed).
 * - The global pass takes the first `sobolGlobal` points; the concentrated pass (precise tier) takes
 *   the next `sobolConcentrated` points, each squeezed into a box of side 1/4 around one of the
 *   global-pass opponents whose argmax differed from the modal one at some dt (in turn), or
 *   continues the global pass when there is none.
 * - Each seat is the focal seat in turn; the two scores are averaged.
 */
import type { Game } from '../../interpreter/api.js';
import { rngFromKeys } from '../../util/rng.js';
import type { AxisBudget } from './budget.js';
import type { EpisodeLog } from './episodes.js';
import { argmaxMean } from './info-sensitivity.js';
import { Sobol, SOBOL_MAX_DIMENSION } from './sobol.js';

type Means = Map<string, Map<number, { w: number; s: number }>>;

/** An opponent policy: probability of each move kind (in first-appearance order) by information state. */
export type KindPolicy = Map<string, number[]>;

/** Map K − 1 numbers in [0, 1) to a point of the (K−1)-simplex (spacings of the sorted numbers). */
export function toSimplex(u: readonly number[]): number[] {
  const s = [0, ...[...u].sort((a, b) => a - b), 1];
  const out: number[] = [];
  for (let i = 1; i < s.length; i++) out.push(s[i] - s[i - 1]);
  return out;
}

/**
 * Likelihood ratio π(a | I) / L0(a | I) of one opponent decision: the kind's mass under π
 * (renormalised over the K kinds legal here) times K. 1 at states π does not cover (L0 there).
 */
function ratio(pol: KindPolicy, info: string, kinds: number, kindPos: number): number {
  const kp = pol.get(info);
  if (!kp) return 1;
  const at = (i: number) => kp[Math.min(i, kp.length - 1)] ?? 0;
  let total = 0;
  for (let i = 0; i < kinds; i++) total += at(i);
  return total > 0 ? (kinds * at(kindPos)) / total : 1;
}

/**
 * E[U | dt, a] of the focal seat (L0) when the opponent plays `pol`, by reweighting the L0 log
 * (sampled: a self-normalised importance-sampling estimate; exact log: the exact value).
 */
export function reweightedMeans(log: EpisodeLog, focal: number, pol: KindPolicy): Means {
  const m: Means = new Map();
  for (const e of log.episodes) {
    let w = e.weight;
    for (const d of e.decisions) if (d.seat !== focal) w *= ratio(pol, d.info, d.kinds, d.kindPos);
    if (w === 0) continue;
    const u = e.returns[focal];
    for (const d of e.decisions) {
      if (d.seat !== focal) continue;
      let x = m.get(d.dt);
      if (!x) m.set(d.dt, (x = new Map()));
      const y = x.get(d.action);
      if (y) {
        y.w += w;
        y.s += w * u;
      } else x.set(d.action, { w, s: w * u });
    }
  }
  return m;
}

/** Opponent-modelling score with `focal` as the focal seat. */
export function opponentModellingForSeat(_game: Game, budget: AxisBudget, seed: number, _exact: boolean, log: EpisodeLog, focal: number): number {
  // Focal visit weights and the opponent's decision types with their kind counts.
  const w = new Map<string, number>();
  let wTotal = 0;
  const oppKinds = new Map<string, number>();
  for (const e of log.episodes)
    for (const d of e.decisions) {
      if (d.seat === focal) {
        w.set(d.dt, (w.get(d.dt) ?? 0) + e.weight);
        wTotal += e.weight;
      } else oppKinds.set(d.info, Math.max(oppKinds.get(d.info) ?? 0, d.kinds));
    }
  if (wTotal === 0) return 0;
  const dts = [...oppKinds.keys()].sort();
  const dims = dts.reduce((t, dt) => t + Math.max(0, oppKinds.get(dt)! - 1), 0);
  const shiftRng = rngFromKeys(seed, 0x50b01, focal);
  const shift = Array.from({ length: dims }, () => shiftRng());
  const sobol = new Sobol(Math.max(1, Math.min(SOBOL_MAX_DIMENSION, dims)));
  const rawPoint = (): number[] => {
    const x = sobol.next();
    return shift.map((c, j) => (x[j % x.length] + c) % 1);
  };
  const toPolicy = (pt: readonly number[]): KindPolicy => {
    const pol: KindPolicy = new Map();
    let j = 0;
    for (const dt of dts) {
      const k = oppKinds.get(dt)!;
      pol.set(dt, toSimplex(pt.slice(j, j + k - 1)));
      j += k - 1;
    }
    return pol;
  };
  const argmaxes = (pt: readonly number[]): Map<string, number> => {
    const means = reweightedMeans(log, focal, toPolicy(pt));
    const out = new Map<string, number>();
    for (const [dt, m] of means) out.set(dt, argmaxMean(m, m.keys()));
    return out;
  };
  const points: number[][] = [];
  const results: Map<string, number>[] = [];
  for (let i = 0; i < budget.sobolGlobal; i++) {
    const pt = rawPoint();
    points.push(pt);
    results.push(argmaxes(pt));
  }
  const modal = (rs: Map<string, number>[], dt: string): [number, number] => {
    const counts = new Map<number, number>();
    let n = 0;
    for (const r of rs) {
      const a = r.get(dt);
      if (a === undefined || a < 0) continue;
      counts.set(a, (counts.get(a) ?? 0) + 1);
      n++;
    }
    let best = -1;
    let bc = 0;
    for (const [a, c] of [...counts].sort((x, y) => x[0] - y[0])) if (c > bc) [best, bc] = [a, c];
    return [best, n > 0 ? bc / n : 1];
  };
  if (budget.sobolConcentrated > 0) {
    const modalAt = new Map(dts.length || w.size ? [...w.keys()].map((dt) => [dt, modal(results, dt)[0]] as const) : []);
    const unstable = points.filter((_, i) => [...results[i]].some(([dt, a]) => modalAt.get(dt) !== a));
    for (let i = 0; i < budget.sobolConcentrated; i++) {
      const raw = rawPoint();
      const pt = unstable.length === 0 ? raw : unstable[i % unstable.length].map((c, j) => {
        const x = c + (raw[j] - 0.5) / 4;
        return x < 0 ? -x : x >= 1 ? 2 - x - 1e-12 : x;
      });
      results.push(argmaxes(pt));
    }
  }
  let score = 0;
  for (const [dt, wd] of w) score += (wd / wTotal) * (1 - modal(results, dt)[1]);
  return score;
}

/** The opponent-modelling axis: the mean over the two focal seats. Bounded in [0, 1]. */
export function opponentModelling(game: Game, budget: AxisBudget, seed: number, exact: boolean, log: EpisodeLog): number {
  return (opponentModellingForSeat(game, budget, seed, exact, log, 0) + opponentModellingForSeat(game, budget, seed, exact, log, 1)) / 2;
}
