/**
 * Opponent-modelling axis (GENSTRAT v2 Appendix C, "Opponent modeling"):
 *   opp_mod = Σ_dt w_dt · (1 − modal_share_π[ argmax_a E[U | dt, a, π] ]),
 * for the focal seat's decision types dt (w_dt: dt's share of the focal seat's decision visits in
 * the L0 log), over the tier's opponent policies π (fast: 64; precise: 64 + 256) spread over the
 * strategy simplex by a Sobol sequence; modal_share is the share of the opponents (each counts
 * once) whose argmax action at dt is the most common one. E[U | dt, a, π] is the mean final
 * returns U of the focal seat over its visits of dt where it took a, in
 * {@link OM_PLAYOUTS} playout episodes against π (the focal seat plays L0).
 *
 * Choices (docs/axes.md):
 * - A Sobol point becomes a behaviour strategy of the opponent: each opponent information state
 *   (the axes' I_p, `infostate.ts`) of the L0 log, in sorted order, with K move kinds takes its
 *   own K − 1 Sobol dimensions (no dimension is shared by two states: `sobol.ts` generates
 *   direction numbers beyond its table), mapped to a point of the (K−1)-simplex by the spacings of
 *   the sorted coordinates (uniform on the simplex for uniform input); amounts within a kind are
 *   uniform as in L0; states the log never reached play L0. A Cranley–Patterson shift drawn from
 *   the seed randomises the points (deterministic for a seed).
 * - Playout k against every opponent draws chance from the same stream (common random numbers
 *   across opponents); the argmax ranges over the actions taken at dt in the playouts (ties: the
 *   lowest id); an opponent under whose playouts dt never occurred has no argmax at dt and is left
 *   out of dt's modal share.
 * - The concentrated pass (precise tier) takes the next Sobol points, each squeezed into a box of
 *   side 1/4 around one of the global-pass opponents whose argmax differed from the modal one at
 *   some dt (in turn); with no such opponent it continues the global pass.
 * - Exact mode replaces the playouts by a tree walk per opponent (exact expectations).
 * - Option `reweight` ({@link opponentModellingReweighted}): E[U | dt, a, π] by importance
 *   reweighting of the L0 log instead of playouts (measured against the playouts in docs/axes.md).
 * - Each seat is the focal seat in turn; the two scores are averaged.
 */
import { CHANCE, type Action, type Game, type GameState } from '../../interpreter/api.js';
import { sampleChanceOutcome } from '../../interpreter/chance.js';
import { l0Distribution, l0Sample, legalActionKinds } from '../../algorithms/l0.js';
import { pickIndex } from './policies.js';
import { axisKeys } from './infostate.js';
import { decisionType, exactEpisodes } from './episodes.js';
import { rngFromKeys } from '../../util/rng.js';
import type { AxisBudget } from './budget.js';
import type { EpisodeLog } from './episodes.js';
import { TIE_TOLERANCE } from './info-sensitivity.js';
import { Sobol, SOBOL_MAX_DIMENSION } from './sobol.js';

/** Playout episodes per opponent (v2 Appendix C). */
export const OM_PLAYOUTS = 32;

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

/** The Sobol opponents of one focal seat: the points in order, global pass first. */
interface OpponentSet {
  /** Opponent information states (sorted) with their number of move kinds and mass offset. */
  infoId: Map<string, number>;
  kinds: Int32Array;
  massOffset: Int32Array;
  massLength: number;
  /** Focal decision types (sorted) with their visit shares w_dt in the L0 log. */
  dts: string[];
  dtShare: Float64Array;
}

function opponentSet(log: EpisodeLog, focal: number): OpponentSet | undefined {
  const oppK = new Map<string, number>();
  const dtW = new Map<string, number>();
  let wTotal = 0;
  for (const e of log.episodes)
    for (const d of e.decisions) {
      if (d.seat === focal) {
        dtW.set(d.dt, (dtW.get(d.dt) ?? 0) + e.weight);
        wTotal += e.weight;
      } else oppK.set(d.info, Math.max(oppK.get(d.info) ?? 0, d.kinds));
    }
  if (wTotal === 0) return undefined;
  const infos = [...oppK.keys()].sort();
  const kinds = Int32Array.from(infos, (k) => oppK.get(k)!);
  const massOffset = new Int32Array(infos.length);
  let massLength = 0;
  infos.forEach((_, i) => ((massOffset[i] = massLength), (massLength += kinds[i])));
  const dts = [...dtW.keys()].sort();
  return { infoId: new Map(infos.map((k, i) => [k, i])), kinds, massOffset, massLength, dts, dtShare: Float64Array.from(dts, (dt) => dtW.get(dt)! / wTotal) };
}

/**
 * The opponent's behaviour strategy for kind masses `mass`: at an information state of the set,
 * kind i (in order of first appearance among the legal actions) has mass[off + min(i, K − 1)]
 * (renormalised over the kinds present), split uniformly over the kind's actions; L0 elsewhere.
 */
function massPolicy(set: OpponentSet, mass: Float64Array): (s: GameState, seat: number, legal: readonly Action[]) => number[] {
  return (s, seat, legal) => {
    const id = set.infoId.get(axisKeys(s, seat, legal).info);
    if (id === undefined) return l0Distribution(s, legal);
    const ks = legalActionKinds(s, legal);
    const order: number[] = [];
    const size = new Map<number, number>();
    for (const k of ks) {
      if (!size.has(k)) order.push(k);
      size.set(k, (size.get(k) ?? 0) + 1);
    }
    const off = set.massOffset[id];
    const len = set.kinds[id];
    const m = order.map((_, i) => mass[off + Math.min(i, len - 1)]);
    const total = m.reduce((a, b) => a + b, 0);
    if (!(total > 0)) return l0Distribution(s, legal);
    return ks.map((k) => m[order.indexOf(k)] / total / size.get(k)!);
  };
}

type Cells = Map<string, Map<Action, { w: number; s: number }>>;
const addCell = (cells: Cells, dt: string, a: Action, w: number, u: number): void => {
  let m = cells.get(dt);
  if (!m) cells.set(dt, (m = new Map()));
  const x = m.get(a);
  if (x) {
    x.w += w;
    x.s += w * u;
  } else m.set(a, { w, s: w * u });
};

/** E[U | dt, a, π] cells of the focal seat (L0) against `opp`: {@link OM_PLAYOUTS} playouts, or the exact tree walk. */
function focalCells(game: Game, opp: (s: GameState, seat: number, legal: readonly Action[]) => number[], focal: number, seed: number, exact: boolean): Cells {
  const cells: Cells = new Map();
  if (exact) {
    const elog = exactEpisodes(game, 1, (s, p, legal) => (p === focal ? l0Distribution(s, legal) : opp(s, p, legal)));
    for (const e of elog.episodes) for (const d of e.decisions) if (d.seat === focal) addCell(cells, d.dt, d.action, e.weight, e.returns[focal]);
    return cells;
  }
  for (let k = 0; k < OM_PLAYOUTS; k++) {
    const chance = rngFromKeys(seed, 0x0c, focal, k);
    const mine = rngFromKeys(seed, 0x0f, focal, k);
    const theirs = rngFromKeys(seed, 0x0a, focal, k);
    const s = game.newInitialState();
    const path: [string, Action][] = [];
    while (!s.isTerminal()) {
      const p = s.currentPlayer();
      if (p === CHANCE) {
        s.applyAction(sampleChanceOutcome(s, chance));
        continue;
      }
      const legal = s.legalActions();
      if (p === focal) {
        const a = l0Sample(s, mine);
        path.push([decisionType(s, p, legal), a]);
        s.applyAction(a);
      } else s.applyAction(legal[pickIndex(opp(s, p, legal), theirs())]);
    }
    const u = s.returns()[focal];
    for (const [dt, a] of path) addCell(cells, dt, a, 1, u);
  }
  return cells;
}

/** argmax_a of the cell means at each dt of `dts` (−1 where dt has no cell); ties: lowest id. */
function cellArgmaxes(cells: Cells, dts: readonly string[]): Int32Array {
  return Int32Array.from(dts, (dt) => {
    const m = cells.get(dt);
    if (!m) return -1;
    let best = -1;
    let bestV = -Infinity;
    for (const a of [...m.keys()].sort((x, y) => x - y)) {
      const c = m.get(a)!;
      if (c.w === 0) continue;
      const v = c.s / c.w;
      if (best < 0 || v > bestV + TIE_TOLERANCE * Math.max(1, Math.abs(bestV))) {
        best = a;
        bestV = v;
      }
    }
    return best;
  });
}

/**
 * The Sobol opponents of a tier for one focal seat, evaluated by `evaluate` (mass vector → argmax
 * per dt), and the score Σ_dt w_dt (1 − modal share). Shared by the playout and reweighting
 * estimators.
 */
function sobolScore(
  budget: AxisBudget,
  seed: number,
  focal: number,
  kinds: Int32Array,
  massOffset: Int32Array,
  massLength: number,
  dtShare: Float64Array,
  evaluate: (mass: Float64Array) => Int32Array,
): number {
  const nInfo = kinds.length;
  let dims = 0;
  for (let i = 0; i < nInfo; i++) dims += Math.max(0, kinds[i] - 1);
  const shiftRng = rngFromKeys(seed, 0x50b01, focal);
  const shift = Array.from({ length: dims }, () => shiftRng());
  const sobol = new Sobol(Math.max(1, Math.min(SOBOL_MAX_DIMENSION, dims)));
  const rawPoint = (): number[] => {
    const x = sobol.next();
    return shift.map((c, j) => (x[j % x.length] + c) % 1);
  };
  const mass = new Float64Array(massLength);
  const run = (pt: readonly number[]): Int32Array => {
    let j = 0;
    for (let i = 0; i < nInfo; i++) {
      const k = kinds[i];
      mass.set(toSimplex(pt.slice(j, j + k - 1)), massOffset[i]);
      j += k - 1;
    }
    return evaluate(mass);
  };
  const D = dtShare.length;
  const points: number[][] = [];
  const results: Int32Array[] = [];
  for (let i = 0; i < budget.sobolGlobal; i++) {
    const pt = rawPoint();
    points.push(pt);
    results.push(run(pt));
  }
  /** The modal argmax at dt `d` and its share among the opponents with an argmax there. */
  const modal = (d: number): [number, number] => {
    const counts = new Map<number, number>();
    let n = 0;
    for (const r of results) {
      if (r[d] < 0) continue;
      counts.set(r[d], (counts.get(r[d]) ?? 0) + 1);
      n++;
    }
    let best = -1;
    let bc = 0;
    for (const [a, c] of [...counts].sort((x, y) => x[0] - y[0])) if (c > bc) [best, bc] = [a, c];
    return [best, n > 0 ? bc / n : 1];
  };
  if (budget.sobolConcentrated > 0) {
    const modalAt = Array.from({ length: D }, (_, d) => modal(d)[0]);
    const unstable = points.map((_, i) => i).filter((i) => modalAt.some((m, d) => results[i][d] >= 0 && results[i][d] !== m));
    for (let i = 0; i < budget.sobolConcentrated; i++) {
      const raw = rawPoint();
      const g = unstable.length === 0 ? -1 : unstable[i % unstable.length];
      const pt =
        g < 0
          ? raw
          : points[g].map((c, j) => {
              const x = c + (raw[j] - 0.5) / 4;
              return x < 0 ? -x : x >= 1 ? 2 - x - 1e-12 : x;
            });
      results.push(run(pt));
    }
  }
  let score = 0;
  for (let d = 0; d < D; d++) score += dtShare[d] * (1 - modal(d)[1]);
  return score;
}

/** Opponent-modelling score with `focal` as the focal seat (playouts, or exact tree walks). */
export function opponentModellingForSeat(game: Game, budget: AxisBudget, seed: number, log: EpisodeLog, focal: number, exact = log.mode === 'exact'): number {
  const set = opponentSet(log, focal);
  if (!set) return 0;
  return sobolScore(budget, seed, focal, set.kinds, set.massOffset, set.massLength, set.dtShare, (mass) =>
    cellArgmaxes(focalCells(game, massPolicy(set, mass), focal, seed, exact), set.dts),
  );
}

/** The reweighting estimator's score with `focal` as the focal seat (option `reweight`). */
export function opponentModellingReweightedForSeat(budget: AxisBudget, seed: number, log: EpisodeLog, focal: number): number {
  const ix = indexLog(log, focal);
  if (!ix) return 0;
  const sw = new Float64Array(ix.cellDt.length);
  const ss = new Float64Array(ix.cellDt.length);
  return sobolScore(budget, seed, focal, ix.kinds, ix.massOffset, ix.massLength, ix.dtShare, (mass) => argmaxes(ix, mass, sw, ss));
}

/** The reweighting variant of the axis (option `reweight`): the mean over the two focal seats. */
export function opponentModellingReweighted(budget: AxisBudget, seed: number, log: EpisodeLog): number {
  return (opponentModellingReweightedForSeat(budget, seed, log, 0) + opponentModellingReweightedForSeat(budget, seed, log, 1)) / 2;
}

/** The opponent-modelling axis: the mean over the two focal seats. Bounded in [0, 1]. */
export function opponentModelling(game: Game, budget: AxisBudget, seed: number, log: EpisodeLog): number {
  return (opponentModellingForSeat(game, budget, seed, log, 0) + opponentModellingForSeat(game, budget, seed, log, 1)) / 2;
}
