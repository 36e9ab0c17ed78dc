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
 * - A Sobol opponent is a full behaviour strategy: at every information state (the axes' I_p,
 *   `infostate.ts`) it meets, with K move kinds, it plays the point of the (K−1)-simplex given by
 *   K − 1 coordinates of its own (mapped by the spacings of the sorted coordinates, uniform on the
 *   simplex for uniform input); amounts within a kind are uniform as in L0. The coordinates:
 *   - the Sobol states, the opponent information states of the L0 log's first
 *     {@link OM_SOBOL_EPISODES} episodes (the whole log in exact mode) in sorted key order, take
 *     consecutive Sobol dimensions, K − 1 each (no dimension is shared by two states: `sobol.ts`
 *     generates direction numbers beyond its table), randomised by a Cranley–Patterson shift drawn
 *     from the seed, while the {@link SOBOL_MAX_DIMENSION} dimensions last;
 *   - every other state (met in the playouts, in the rest of the log, or past the last dimension)
 *     takes K − 1 uniform coordinates from the stream keyed by (seed, {@link OM_STATE_STREAM},
 *     focal seat, opponent number, two 32-bit hashes of the state's key): a scrambled coordinate
 *     per (opponent, information state), so no two states share one.
 *   The Sobol states are fixed by the first 1,000 episodes, which are the same at both tiers, so
 *   the fast tier's 64 opponents are the precise tier's global pass, state for state.
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
import { l0Distribution, l0Pick, legalActionKinds } from '../../algorithms/l0.js';
import { episodeStates, pickIndex } from './policies.js';
import { axisInfoKey } from './infostate.js';
import { decisionType, exactEpisodes } from './episodes.js';
import { foldKey, hashKeys, KeyedStream, mix32, rngFromKeys } from '../../util/rng.js';
import { BUDGETS, type AxisBudget } from './budget.js';
import type { EpisodeLog } from './episodes.js';
import { TIE_TOLERANCE } from './info-sensitivity.js';
import { Sobol, SOBOL_MAX_DIMENSION } from './sobol.js';

/** Playout episodes per opponent (v2 Appendix C). */
export const OM_PLAYOUTS = 32;
/** Episodes of the L0 log whose opponent information states take Sobol dimensions (the fast tier's log, a prefix of the precise tier's). */
export const OM_SOBOL_EPISODES = BUDGETS.fast.l0Episodes;
/** Stream key of the coordinates of the states outside the Sobol states. */
export const OM_STATE_STREAM = 0x0e;
/** Side of the box around a global-pass opponent in which the concentrated pass places its points. */
const BOX = 1 / 4;

/** Two 32-bit hashes of an information state's key (together a 64-bit key for its coordinate stream). */
export function keyHashes(key: string): [number, number] {
  // hashString(key) and hashString(`\u0000${key}`) in one pass (FNV-1a, the second started on the character 0).
  let a = 0x811c9dc5;
  let b = Math.imul(0x811c9dc5, 0x01000193);
  for (let i = 0; i < key.length; i++) {
    const c = key.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x01000193);
  }
  return [mix32(a), mix32(b)];
}

/** Coordinate `raw` squeezed into the box of side {@link BOX} around `c`, reflected at 0 and 1. */
function squeeze(c: number, raw: number): number {
  const x = c + (raw - 0.5) * BOX;
  return x < 0 ? -x : x >= 1 ? 2 - x - 1e-12 : x;
}

/** One Sobol opponent: its number, and for a concentrated opponent the global-pass opponent it is placed around. */
export interface Opponent {
  n: number;
  parent?: number;
}

/**
 * The (K−1)-simplex point of `opp` at a state outside the Sobol states (K = `kinds`, key hashes `h`,
 * {@link keyHashes}): `toSimplex` of the K − 1 coordinates in [0, 1) of the stream
 * `rngFromKeys(seed, OM_STATE_STREAM, focal, opp.n, h[0], h[1])`, for a concentrated opponent each
 * squeezed into the box around the same coordinate of its parent's stream.
 */
export function offSobolPoint(seed: number, focal: number, opp: Opponent, h: readonly [number, number], kinds: number): number[] {
  return offSobolPoints(seed, focal, opp)(h, kinds);
}

/**
 * {@link offSobolPoint} of `opp` as a function of (h, kinds): the streams' common keys
 * (seed, {@link OM_STATE_STREAM}, focal seat, opponent) hashed once, one generator restarted per
 * point.
 */
function offSobolPoints(seed: number, focal: number, opp: Opponent): (h: readonly [number, number], kinds: number) => number[] {
  const own = hashKeys([seed, OM_STATE_STREAM, focal, opp.n]);
  const parent = opp.parent === undefined ? 0 : hashKeys([seed, OM_STATE_STREAM, focal, opp.parent]);
  const stream = new KeyedStream();
  const coordinates = (prefix: number, h: readonly [number, number], count: number): number[] => {
    stream.restartFromHash(foldKey(foldKey(prefix, h[0]), h[1]));
    const out = new Array<number>(count);
    for (let i = 0; i < count; i++) out[i] = stream.next();
    return out;
  };
  return (h, kinds) => {
    const raw = coordinates(own, h, kinds - 1);
    if (opp.parent === undefined) return toSimplex(raw);
    const c = coordinates(parent, h, kinds - 1);
    return toSimplex(raw.map((x, j) => squeeze(c[j], x)));
  };
}

/** Map K − 1 numbers in [0, 1) to a point of the (K−1)-simplex (spacings of the sorted numbers). */
export function toSimplex(u: readonly number[]): number[] {
  const s = [0, ...[...u].sort((a, b) => a - b), 1];
  const out: number[] = [];
  for (let i = 1; i < s.length; i++) out.push(s[i] - s[i - 1]);
  return out;
}

/**
 * {@link toSimplex} of `u[from]` … `u[from + n − 1]`, written to `out` from `at` (the same numbers;
 * one and two coordinates, the common cases, without copies).
 */
export function simplexInto(u: readonly number[], from: number, n: number, out: Float64Array, at: number): void {
  if (n === 0) out[at] = 1;
  else if (n === 1) {
    out[at] = u[from];
    out[at + 1] = 1 - u[from];
  } else if (n === 2) {
    const lo = Math.min(u[from], u[from + 1]);
    const hi = Math.max(u[from], u[from + 1]);
    out[at] = lo;
    out[at + 1] = hi - lo;
    out[at + 2] = 1 - hi;
  } else out.set(toSimplex(u.slice(from, from + n)), at);
}

/**
 * The opponent's information states of an L0 log for one focal seat: the Sobol states first (the
 * states of the first {@link OM_SOBOL_EPISODES} episodes, the whole log in exact mode, in key
 * order), then the log's other states in key order; each with its number of move kinds (the most
 * seen) and the offset of its kind masses in a mass vector.
 */
export interface OpponentStates {
  keys: string[];
  infoId: Map<string, number>;
  kinds: Int32Array;
  massOffset: Int32Array;
  massLength: number;
  /** The first `sobolStates` states take Sobol dimensions (K − 1 each, `dims` in all, at most {@link SOBOL_MAX_DIMENSION}). */
  sobolStates: number;
  dims: number;
}

export function opponentStates(log: EpisodeLog, focal: number): OpponentStates {
  const oppK = new Map<string, number>();
  const early = new Set<string>();
  const nEarly = log.mode === 'exact' ? log.episodes.length : OM_SOBOL_EPISODES;
  log.episodes.forEach((e, i) => {
    for (const d of e.decisions)
      if (d.seat !== focal) {
        oppK.set(d.info, Math.max(oppK.get(d.info) ?? 0, d.kinds));
        if (i < nEarly) early.add(d.info);
      }
  });
  const first = [...early].sort();
  let dims = 0;
  let sobolStates = 0;
  for (const k of first) {
    const need = Math.max(0, oppK.get(k)! - 1);
    if (dims + need > SOBOL_MAX_DIMENSION) break;
    dims += need;
    sobolStates++;
  }
  const keys = [...first, ...[...oppK.keys()].filter((k) => !early.has(k)).sort()];
  const kinds = Int32Array.from(keys, (k) => oppK.get(k)!);
  const massOffset = new Int32Array(keys.length);
  let massLength = 0;
  keys.forEach((_, i) => ((massOffset[i] = massLength), (massLength += kinds[i])));
  return { keys, infoId: new Map(keys.map((k, i) => [k, i])), kinds, massOffset, massLength, sobolStates, dims };
}

/** The focal seat's decision types (sorted) and their shares w_dt of its decision visits; undefined when it never decides. */
export function focalDts(log: EpisodeLog, focal: number): { dts: string[]; dtShare: Float64Array } | undefined {
  const dtW = new Map<string, number>();
  let wTotal = 0;
  for (const e of log.episodes)
    for (const d of e.decisions)
      if (d.seat === focal) {
        dtW.set(d.dt, (dtW.get(d.dt) ?? 0) + e.weight);
        wTotal += e.weight;
      }
  if (wTotal === 0) return undefined;
  const dts = [...dtW.keys()].sort();
  return { dts, dtShare: Float64Array.from(dts, (dt) => dtW.get(dt)! / wTotal) };
}

/**
 * The L0 log indexed for one focal seat: opponent information states ({@link opponentStates}),
 * focal decision types and (dt, action) cells as small integers, so that reweighting the log for
 * one opponent is a pass over flat arrays.
 */
export interface Indexed {
  states: OpponentStates;
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
  const foc = focalDts(log, focal);
  if (!foc) return undefined;
  const states = opponentStates(log, focal);
  const cells = new Map<string, Set<number>>();
  let nOpp = 0;
  let nFoc = 0;
  for (const e of log.episodes)
    for (const d of e.decisions) {
      if (d.seat === focal) {
        let c = cells.get(d.dt);
        if (!c) cells.set(d.dt, (c = new Set()));
        c.add(d.action);
        nFoc++;
      } else nOpp++;
    }
  const cellId = new Map<string, number>();
  const cellDt: number[] = [];
  const cellAction: number[] = [];
  const dtStart = new Int32Array(foc.dts.length + 1);
  foc.dts.forEach((dt, i) => {
    dtStart[i] = cellDt.length;
    for (const a of [...cells.get(dt)!].sort((x, y) => x - y)) {
      cellId.set(`${dt}\u0000${a}`, cellDt.length);
      cellDt.push(i);
      cellAction.push(a);
    }
  });
  dtStart[foc.dts.length] = cellDt.length;
  const E = log.episodes.length;
  const ix: Indexed = {
    states,
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
    dtShare: foc.dtShare,
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
        ix.oppInfo[o] = states.infoId.get(d.info)!;
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
 * masses `mass` (per information state of `ix.states`, at its mass offset), by reweighting the L0
 * log: each episode's weight is multiplied by the likelihood ratio π/L0 of the opponent's actions,
 * K · m(kind) / Σ m per decision (amounts within a kind are uniform under both and cancel). Sampled
 * log: a self-normalised importance-sampling estimate; exact log: the exact values. −1 for a dt
 * whose cells all have weight 0. Ties within {@link TIE_TOLERANCE} go to the lowest action id.
 */
export function argmaxes(ix: Indexed, mass: Float64Array, sw: Float64Array, ss: Float64Array): Int32Array {
  sw.fill(0);
  ss.fill(0);
  const E = ix.weight.length;
  const { massOffset, kinds } = ix.states;
  for (let e = 0; e < E; e++) {
    let w = ix.weight[e];
    for (let j = ix.oppStart[e]; j < ix.oppStart[e + 1]; j++) {
      const off = massOffset[ix.oppInfo[j]];
      const K = ix.oppKinds[j];
      const len = kinds[ix.oppInfo[j]];
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

/** A behaviour strategy of the opponent: the probabilities of `legal` at `s`. */
export type OpponentPolicy = (s: GameState, seat: number, legal: readonly Action[]) => number[];

/**
 * The behaviour strategy of opponent `opp`: at a Sobol state, kind i (in order of first appearance
 * among the legal actions) has mass[off + min(i, K − 1)]; at any other state the kind masses are
 * {@link offSobolPoint} (drawn once per state and opponent); renormalised over the kinds present
 * and split uniformly over each kind's actions.
 */
export function opponentPolicy(states: OpponentStates, mass: Float64Array, seed: number, focal: number, opp: Opponent): OpponentPolicy {
  const drawn = new Map<string, number[]>();
  const point = offSobolPoints(seed, focal, opp);
  // Per call: the kinds in order of first appearance, their sizes, each action's kind position, the kind masses.
  const order: number[] = [];
  const size: number[] = [];
  const at: number[] = [];
  const m: number[] = [];
  return (s, seat, legal) => {
    const key = axisInfoKey(s, seat, legal);
    const ks = legalActionKinds(s, legal);
    const n = ks.length;
    order.length = 0;
    size.length = 0;
    at.length = n;
    for (let i = 0; i < n; i++) {
      const k = ks[i];
      let j = 0;
      while (j < order.length && order[j] !== k) j++;
      if (j === order.length) {
        order.push(k);
        size.push(0);
      }
      size[j]++;
      at[i] = j;
    }
    const K = order.length;
    const id = states.infoId.get(key);
    m.length = K;
    if (id !== undefined && id < states.sobolStates) {
      const off = states.massOffset[id];
      const len = states.kinds[id];
      for (let j = 0; j < K; j++) m[j] = mass[off + Math.min(j, len - 1)];
    } else {
      let p = drawn.get(key);
      if (!p) {
        drawn.set(key, (p = point(keyHashes(key), id === undefined ? K : states.kinds[id])));
      }
      for (let j = 0; j < K; j++) m[j] = p[Math.min(j, p.length - 1)];
    }
    let total = 0;
    for (let j = 0; j < K; j++) total += m[j];
    if (!(total > 0)) return l0Distribution(s, legal);
    const out = new Array<number>(n);
    for (let i = 0; i < n; i++) out[i] = m[at[i]] / total / size[at[i]];
    return out;
  };
}

export type Cells = Map<string, Map<Action, { w: number; s: number }>>;
const addCell = (cells: Cells, dt: string, a: Action, w: number, u: number): void => {
  let m = cells.get(dt);
  if (!m) cells.set(dt, (m = new Map()));
  const x = m.get(a);
  if (x) {
    x.w += w;
    x.s += w * u;
  } else m.set(a, { w, s: w * u });
};

/** E[U | dt, a, π] cells of the focal seat (L0) against `opp`: `playouts` playouts (the axis: {@link OM_PLAYOUTS}), or the exact tree walk. */
export function focalCells(game: Game, opp: OpponentPolicy, focal: number, seed: number, exact: boolean, playouts = OM_PLAYOUTS): Cells {
  const cells: Cells = new Map();
  if (exact) {
    const elog = exactEpisodes(game, 1, (s, p, legal) => (p === focal ? l0Distribution(s, legal) : opp(s, p, legal)));
    for (const e of elog.episodes) for (const d of e.decisions) if (d.seat === focal) addCell(cells, d.dt, d.action, e.weight, e.returns[focal]);
    return cells;
  }
  const initial = episodeStates(game);
  for (let k = 0; k < playouts; k++) {
    const chance = rngFromKeys(seed, 0x0c, focal, k);
    const mine = rngFromKeys(seed, 0x0f, focal, k);
    const theirs = rngFromKeys(seed, 0x0a, focal, k);
    const s = initial();
    const path: [string, Action][] = [];
    while (!s.isTerminal()) {
      const p = s.currentPlayer();
      if (p === CHANCE) {
        s.applyAction(sampleChanceOutcome(s, chance));
        continue;
      }
      const legal = s.legalActions();
      if (p === focal) {
        const a = l0Pick(s, mine(), legal);
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
export function cellArgmaxes(cells: Cells, dts: readonly string[]): Int32Array {
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
 * The Sobol opponents of a tier for one focal seat, evaluated by `evaluate` (the kind masses at the
 * Sobol states, and the opponent for its coordinates elsewhere → argmax per dt), and the score
 * Σ_dt w_dt (1 − modal share). Shared by the playout and reweighting estimators.
 */
function sobolScore(
  budget: AxisBudget,
  seed: number,
  focal: number,
  states: OpponentStates,
  dtShare: Float64Array,
  evaluate: (mass: Float64Array, opp: Opponent) => Int32Array,
): number {
  const { kinds, massOffset, sobolStates, dims } = states;
  const shiftRng = rngFromKeys(seed, 0x50b01, focal);
  const shift = Array.from({ length: dims }, () => shiftRng());
  const sobol = new Sobol(Math.max(1, dims));
  const rawPoint = (): number[] => {
    const x = sobol.next();
    return shift.map((c, j) => (x[j] + c) % 1);
  };
  const mass = new Float64Array(states.massLength);
  const run = (pt: readonly number[], opp: Opponent): Int32Array => {
    let j = 0;
    for (let i = 0; i < sobolStates; i++) {
      const k = kinds[i];
      simplexInto(pt, j, k - 1, mass, massOffset[i]);
      j += k - 1;
    }
    return evaluate(mass, opp);
  };
  const D = dtShare.length;
  const points: number[][] = [];
  const results: Int32Array[] = [];
  for (let i = 0; i < budget.sobolGlobal; i++) {
    const pt = rawPoint();
    points.push(pt);
    results.push(run(pt, { n: i }));
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
      const opp: Opponent = g < 0 ? { n: budget.sobolGlobal + i } : { n: budget.sobolGlobal + i, parent: g };
      results.push(run(g < 0 ? raw : points[g].map((c, j) => squeeze(c, raw[j])), opp));
    }
  }
  let score = 0;
  for (let d = 0; d < D; d++) score += dtShare[d] * (1 - modal(d)[1]);
  return score;
}

/** Opponent-modelling score with `focal` as the focal seat (playouts, or exact tree walks). */
export function opponentModellingForSeat(game: Game, budget: AxisBudget, seed: number, log: EpisodeLog, focal: number, exact = log.mode === 'exact'): number {
  const foc = focalDts(log, focal);
  if (!foc) return 0;
  const states = opponentStates(log, focal);
  return sobolScore(budget, seed, focal, states, foc.dtShare, (mass, opp) =>
    cellArgmaxes(focalCells(game, opponentPolicy(states, mass, seed, focal, opp), focal, seed, exact), foc.dts),
  );
}

/** The reweighting estimator's score with `focal` as the focal seat (option `reweight`). */
export function opponentModellingReweightedForSeat(budget: AxisBudget, seed: number, log: EpisodeLog, focal: number): number {
  const ix = indexLog(log, focal);
  if (!ix) return 0;
  const { states } = ix;
  const sw = new Float64Array(ix.cellDt.length);
  const ss = new Float64Array(ix.cellDt.length);
  const hashes = states.keys.map((k, i) => (i < states.sobolStates ? null : keyHashes(k)));
  return sobolScore(budget, seed, focal, states, ix.dtShare, (mass, opp) => {
    // The log's states outside the Sobol states: the opponent's own coordinates there.
    for (let i = states.sobolStates; i < states.keys.length; i++) mass.set(offSobolPoint(seed, focal, opp, hashes[i]!, states.kinds[i]), states.massOffset[i]);
    return argmaxes(ix, mass, sw, ss);
  });
}

/** The reweighting variant of the axis (option `reweight`): the mean over the two focal seats. */
export function opponentModellingReweighted(budget: AxisBudget, seed: number, log: EpisodeLog): number {
  return (opponentModellingReweightedForSeat(budget, seed, log, 0) + opponentModellingReweightedForSeat(budget, seed, log, 1)) / 2;
}

/** The opponent-modelling axis: the mean over the two focal seats. Bounded in [0, 1]. */
export function opponentModelling(game: Game, budget: AxisBudget, seed: number, log: EpisodeLog): number {
  return (opponentModellingForSeat(game, budget, seed, log, 0) + opponentModellingForSeat(game, budget, seed, log, 1)) / 2;
}
