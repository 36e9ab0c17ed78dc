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
 *   continues the global pass when there is none. The modal share is weighted
 *   ({@link opponentWeights}): an unstable global opponent's share of the simplex is split evenly
 *   between it and the points around it, so the concentrated pass refines the global pass's
 *   estimate of the share of the simplex where the modal best response holds (the fast tier's
 *   64 opponents are the precise tier's first 64, evaluated on the first 1,000 of its episodes).
 * - Each seat is the focal seat in turn; the two scores are averaged.
 */
import { rngFromKeys } from '../../util/rng.js';
import type { AxisBudget } from './budget.js';
import type { EpisodeLog } from './episodes.js';
import { TIE_TOLERANCE } from './info-sensitivity.js';
import { Sobol, SOBOL_MAX_DIMENSION } from './sobol.js';

/** Map K − 1 numbers in [0, 1) to a point of the (K−1)-simplex (spacings of the sorted numbers). */
export function toSimplex(u: readonly number[]): number[] {
  const s = [0, ...[...u].sort((a, b) => a - b), 1];
  const out: number[] = [];
  for (let i = 1; i < s.length; i++) out.push(s[i] - s[i - 1]);
  return out;
}

/**
 * The L0 log indexed for one focal seat: opponent information states, focal decision types and
 * (dt, action) cells as small integers, so that reweighting the log for one opponent is a pass
 * over flat arrays.
 */
export interface Indexed {
  /** Per opponent information state (sorted by key): number of move kinds, offset of its mass vector. */
  kinds: Int32Array;
  massOffset: Int32Array;
  massLength: number;
  /** Per episode: weight, focal returns, ranges into the decision arrays. */
  weight: Float64Array;
  ret: Float64Array;
  oppStart: Int32Array;
  focStart: Int32Array;
  /** Opponent decisions: information-state id, kinds legal here, position of the taken kind. */
  oppInfo: Int32Array;
  oppKinds: Int32Array;
  oppPos: Int32Array;
  /** Focal decisions: (dt, action) cell id. */
  focCell: Int32Array;
  /** Cells: decision type id and action; cells of one dt are contiguous, by action id. */
  cellDt: Int32Array;
  cellAction: Int32Array;
  /** Per focal dt: visit share w_dt and its cell range. */
  dtShare: Float64Array;
  dtStart: Int32Array;
}

export function indexLog(log: EpisodeLog, focal: number): Indexed | undefined {
  const oppK = new Map<string, number>();
  const dtW = new Map<string, number>();
  const cells = new Map<string, Set<number>>();
  let wTotal = 0;
  let nOpp = 0;
  let nFoc = 0;
  for (const e of log.episodes)
    for (const d of e.decisions) {
      if (d.seat === focal) {
        dtW.set(d.dt, (dtW.get(d.dt) ?? 0) + e.weight);
        wTotal += e.weight;
        let c = cells.get(d.dt);
        if (!c) cells.set(d.dt, (c = new Set()));
        c.add(d.action);
        nFoc++;
      } else {
        oppK.set(d.info, Math.max(oppK.get(d.info) ?? 0, d.kinds));
        nOpp++;
      }
    }
  if (wTotal === 0) return undefined;
  const infos = [...oppK.keys()].sort();
  const infoId = new Map(infos.map((k, i) => [k, i]));
  const kinds = Int32Array.from(infos, (k) => oppK.get(k)!);
  const massOffset = new Int32Array(infos.length);
  let massLength = 0;
  infos.forEach((_, i) => ((massOffset[i] = massLength), (massLength += kinds[i])));
  const dts = [...dtW.keys()].sort();
  const cellId = new Map<string, number>();
  const cellDt: number[] = [];
  const cellAction: number[] = [];
  const dtStart = new Int32Array(dts.length + 1);
  dts.forEach((dt, i) => {
    dtStart[i] = cellDt.length;
    for (const a of [...cells.get(dt)!].sort((x, y) => x - y)) {
      cellId.set(`${dt}\u0000${a}`, cellDt.length);
      cellDt.push(i);
      cellAction.push(a);
    }
  });
  dtStart[dts.length] = cellDt.length;
  const E = log.episodes.length;
  const ix: Indexed = {
    kinds,
    massOffset,
    massLength,
    weight: new Float64Array(E),
    ret: new Float64Array(E),
    oppStart: new Int32Array(E + 1),
    focStart: new Int32Array(E + 1),
    oppInfo: new Int32Array(nOpp),
    oppKinds: new Int32Array(nOpp),
    oppPos: new Int32Array(nOpp),
    focCell: new Int32Array(nFoc),
    cellDt: Int32Array.from(cellDt),
    cellAction: Int32Array.from(cellAction),
    dtShare: Float64Array.from(dts, (dt) => dtW.get(dt)! / wTotal),
    dtStart,
  };
  let o = 0;
  let f = 0;
  log.episodes.forEach((e, i) => {
    ix.weight[i] = e.weight;
    ix.ret[i] = e.returns[focal];
    ix.oppStart[i] = o;
    ix.focStart[i] = f;
    for (const d of e.decisions) {
      if (d.seat === focal) ix.focCell[f++] = cellId.get(`${d.dt}\u0000${d.action}`)!;
      else {
        ix.oppInfo[o] = infoId.get(d.info)!;
        ix.oppKinds[o] = d.kinds;
        ix.oppPos[o++] = d.kindPos;
      }
    }
  });
  ix.oppStart[E] = o;
  ix.focStart[E] = f;
  return ix;
}

/**
 * argmax_a E[U | dt, a] of the focal seat (L0) for every focal dt when the opponent plays the kind
 * masses `mass` (per information state, at `massOffset`), by reweighting the L0 log: each episode's
 * weight is multiplied by the likelihood ratio π/L0 of the opponent's actions, K · m(kind) / Σ m
 * per decision (amounts within a kind are uniform under both and cancel). Sampled log: a
 * self-normalised importance-sampling estimate; exact log: the exact values. −1 for a dt whose
 * cells all have weight 0. Ties within {@link TIE_TOLERANCE} go to the lowest action id.
 */
export function argmaxes(ix: Indexed, mass: Float64Array, sw: Float64Array, ss: Float64Array): Int32Array {
  sw.fill(0);
  ss.fill(0);
  const E = ix.weight.length;
  for (let e = 0; e < E; e++) {
    let w = ix.weight[e];
    for (let j = ix.oppStart[e]; j < ix.oppStart[e + 1]; j++) {
      const off = ix.massOffset[ix.oppInfo[j]];
      const K = ix.oppKinds[j];
      const len = ix.kinds[ix.oppInfo[j]];
      let total = 0;
      for (let i = 0; i < K; i++) total += mass[off + Math.min(i, len - 1)];
      if (total > 0) w *= (K * mass[off + Math.min(ix.oppPos[j], len - 1)]) / total;
    }
    if (w === 0) continue;
    const u = ix.ret[e];
    for (let j = ix.focStart[e]; j < ix.focStart[e + 1]; j++) {
      sw[ix.focCell[j]] += w;
      ss[ix.focCell[j]] += w * u;
    }
  }
  const D = ix.dtShare.length;
  const out = new Int32Array(D);
  for (let d = 0; d < D; d++) {
    let best = -1;
    let bestV = -Infinity;
    for (let c = ix.dtStart[d]; c < ix.dtStart[d + 1]; c++) {
      if (sw[c] === 0) continue;
      const v = ss[c] / sw[c];
      if (best < 0 || v > bestV + TIE_TOLERANCE * Math.max(1, Math.abs(bestV))) {
        best = ix.cellAction[c];
        bestV = v;
      }
    }
    out[d] = best;
  }
  return out;
}

/** Opponent-modelling score with `focal` as the focal seat. */
export function opponentModellingForSeat(budget: AxisBudget, seed: number, log: EpisodeLog, focal: number): number {
  const ix = indexLog(log, focal);
  if (!ix) return 0;
  const nInfo = ix.kinds.length;
  let dims = 0;
  for (let i = 0; i < nInfo; i++) dims += Math.max(0, ix.kinds[i] - 1);
  const shiftRng = rngFromKeys(seed, 0x50b01, focal);
  const shift = Array.from({ length: dims }, () => shiftRng());
  const sobol = new Sobol(Math.max(1, Math.min(SOBOL_MAX_DIMENSION, dims)));
  const rawPoint = (): number[] => {
    const x = sobol.next();
    return shift.map((c, j) => (x[j % x.length] + c) % 1);
  };
  const mass = new Float64Array(ix.massLength);
  const sw = new Float64Array(ix.cellDt.length);
  const ss = new Float64Array(ix.cellDt.length);
  const evaluate = (pt: readonly number[]): Int32Array => {
    let j = 0;
    for (let i = 0; i < nInfo; i++) {
      const k = ix.kinds[i];
      mass.set(toSimplex(pt.slice(j, j + k - 1)), ix.massOffset[i]);
      j += k - 1;
    }
    return argmaxes(ix, mass, sw, ss);
  };
  const D = ix.dtShare.length;
  const points: number[][] = [];
  const results: Int32Array[] = [];
  for (let i = 0; i < budget.sobolGlobal; i++) {
    const pt = rawPoint();
    points.push(pt);
    results.push(evaluate(pt));
  }
  /** Weight of each opponent in `results`: its share of the simplex (see {@link opponentWeights}). */
  let weights = results.map(() => 1);
  /** The modal argmax at dt `d` and its weighted share among the opponents with an argmax there. */
  const modal = (d: number): [number, number] => {
    const counts = new Map<number, number>();
    let n = 0;
    results.forEach((r, i) => {
      if (r[d] < 0) return;
      counts.set(r[d], (counts.get(r[d]) ?? 0) + weights[i]);
      n += weights[i];
    });
    let best = -1;
    let bc = 0;
    for (const [a, c] of [...counts].sort((x, y) => x[0] - y[0])) if (c > bc * (1 + 1e-12)) [best, bc] = [a, c];
    return [best, n > 0 ? bc / n : 1];
  };
  if (budget.sobolConcentrated > 0) {
    const modalAt = Array.from({ length: D }, (_, d) => modal(d)[0]);
    const unstable = points.map((_, i) => i).filter((i) => modalAt.some((m, d) => results[i][d] !== m));
    const parent: number[] = [];
    for (let i = 0; i < budget.sobolConcentrated; i++) {
      const raw = rawPoint();
      const g = unstable.length === 0 ? -1 : unstable[i % unstable.length];
      const pt = g < 0 ? raw : points[g].map((c, j) => {
        const x = c + (raw[j] - 0.5) / 4;
        return x < 0 ? -x : x >= 1 ? 2 - x - 1e-12 : x;
      });
      parent.push(g);
      results.push(evaluate(pt));
    }
    weights = opponentWeights(budget.sobolGlobal, parent);
  }
  let score = 0;
  for (let d = 0; d < D; d++) score += ix.dtShare[d] * (1 - modal(d)[1]);
  return score;
}

/**
 * Weights of the global-pass opponents followed by the concentrated ones (`parent[i]`: the index
 * of the global opponent the i-th concentrated point was placed around, −1 when it continues the
 * global pass). Each global opponent stands for an equal share of the simplex; the concentrated
 * pass refines the share of an unstable opponent by splitting it evenly between that opponent and
 * the points placed around it (stratified sampling, the global opponent's neighbourhood as the
 * stratum). A continuation point is one more global point (weight 1). So the modal share still
 * estimates the share of the whole simplex, which the global pass alone (the fast tier) estimates
 * too: the concentrated pass refines it where the best response changes instead of measuring
 * another mix of opponents.
 */
export function opponentWeights(global: number, parent: readonly number[]): number[] {
  const children = new Array<number>(global).fill(0);
  for (const g of parent) if (g >= 0) children[g]++;
  return [...children.map((c) => 1 / (c + 1)), ...parent.map((g) => (g < 0 ? 1 : 1 / (children[g] + 1)))];
}

/** The opponent-modelling axis: the mean over the two focal seats. Bounded in [0, 1]. */
export function opponentModelling(budget: AxisBudget, seed: number, log: EpisodeLog): number {
  return (opponentModellingForSeat(budget, seed, log, 0) + opponentModellingForSeat(budget, seed, log, 1)) / 2;
}
