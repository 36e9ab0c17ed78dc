/**
 * Brittleness axis (GENSTRAT v2 Appendix C, "Brittleness (log10)"):
 *   brittleness = log10( Σ_dt w_dt · |β̂_dt| / σ_U ),
 * β̂_dt the OLS slope of the per-trial payoff change ΔU on the indicator "dt was the perturbed
 * decision type", over {@link BRITTLENESS_TRIALS} trials. In a trial, 3 % of the focal seat's L1
 * policy mass at one decision type moves to a uniformly random other action; the opponent is held
 * at {@link BRITTLENESS_OPPONENTS} Dirichlet(1)-random behaviour strategies (the same ten in every
 * trial), with {@link BRITTLENESS_PLAYOUTS} playouts each. Averaged over the two focal seats.
 *
 * L1 is a best response to L0 fitted on its own episodes (the budget's `l1Episodes`, 1,500: L0
 * against L0 on streams of their own, {@link fitL1}): by backward induction over the focal seat's
 * information states (the axes' I_p) on those episodes, Q(I, a) = the mean over visits of I where
 * a was taken of V(the seat's next information state in the episode), or of the final returns U
 * when none follows, and V(I) = max_a Q(I, a); L1 plays argmax_a Q(I, a) (ties: lowest id) at the
 * states the episodes reached, L0 elsewhere. Exact mode fits it on the exact L0 log.
 *
 * Choices (docs/axes.md):
 * - The perturbed decision type of each trial is drawn uniformly from the focal seat's decision
 *   types (seeded). ΔU is the mean over the ten opponents of the expected change of the focal
 *   returns; sampled, each playout of L1 branches at the perturbed decision type into the L1
 *   action and a uniformly drawn other action on common random numbers (first-order estimate,
 *   see `branchedDelta`); exact mode compares exact expectations by tree walk.
 * - With an intercept, the OLS slope is mean ΔU of the trials that perturbed dt minus mean ΔU of
 *   the others; a dt never perturbed contributes 0; if every trial perturbed the same dt the slope
 *   is its mean ΔU.
 * - A Dirichlet opponent draws, per information state (the axes' I_p), exponentials from a stream
 *   keyed by (seed, focal seat, opponent, hash of the state) and normalises them (uniform on the
 *   simplex).
 * - w_dt is dt's share of the focal seat's decision visits in the L0 log; σ_U the SD of the focal
 *   seat's returns there. A zero sum is reported as {@link BRITTLENESS_FLOOR}.
 */
import { canRewind, CHANCE, type Action, type Game, type GameState, type RewindableState, type StateMark } from '../../interpreter/api.js';
import { sampleChanceOutcome } from '../../interpreter/chance.js';
import { l0Distribution } from '../../algorithms/l0.js';
import { rngFromKeys, type Rng } from '../../util/rng.js';
import { dirichletPoints, episodeStates, pickIndex, type Policy } from './policies.js';
import type { AxisBudget } from './budget.js';
import { decisionType, sampleL0KeyedEpisodes, type EpisodeLog, type KeyedLog } from './episodes.js';
import { axisInfoKey, axisInfoKeyAt } from './infostate.js';

/** Stream key of L1's own episodes (episode e: `rngFromKeys(seed, L1_STREAM, e)`). */
export const L1_STREAM = 0x11;
import { TIE_TOLERANCE } from './info-sensitivity.js';

export const BRITTLENESS_TRIALS = 20;
export const BRITTLENESS_OPPONENTS = 10;
export const BRITTLENESS_PLAYOUTS = 15;
export const BRITTLENESS_MASS = 0.03;
/** log10 of the smallest reported value (a game where no perturbation moves the payoff). */
export const BRITTLENESS_FLOOR = -6;

type Pol = Policy;
const infoKey = axisInfoKey;
const pick = pickIndex;
/**
 * A policy of the sampled playouts, given the decision's I_p (`key`, built once per decision by
 * the playout loop, which also needs the decision type): probabilities over `legal`, a new array.
 */
type KeyedPol = (s: GameState, seat: number, legal: readonly Action[], key: string) => number[];
/** A Dirichlet(1) opponent on the stream keys `keys` (uncached: most of its states are met once per opponent, policies.ts). */
const dirichletOpponent = (keys: readonly number[]): KeyedPol => {
  const point = dirichletPoints(keys);
  return (_s, _seat, legal, key) => point(key, legal.length);
};
/** `pol` with the key read from the state (exact mode's tree walk). */
const unkeyed =
  (pol: KeyedPol): Pol =>
  (s, seat, legal) =>
    pol(s, seat, legal, infoKey(s, seat, legal));

/**
 * L1, the best response to L0 fitted on `log` for `focal` (see the file comment): the action L1
 * plays at each information state (the axes' I_p, as `DecisionRecord.info`) the log reached.
 */
export function fitL1(log: KeyedLog, focal: number): Map<string, Action> {
  const seqs = log.episodes.filter((e) => e.weight > 0).map((e) => ({ w: e.weight, u: e.returns[focal], ds: e.decisions.filter((d) => d.seat === focal) }));
  // Information states and (state, action) cells numbered in order of first appearance (the order
  // of the sweeps' maps), so that a sweep is a pass over arrays.
  const infoId = new Map<string, number>();
  const infos: string[] = [];
  const cellsOf: Map<Action, number>[] = [];
  const decInfo: number[] = [];
  const decCell: number[] = [];
  let nCells = 0;
  for (const { ds } of seqs)
    for (const d of ds) {
      let i = infoId.get(d.info);
      if (i === undefined) {
        infoId.set(d.info, (i = infos.length));
        infos.push(d.info);
        cellsOf.push(new Map());
      }
      let c = cellsOf[i].get(d.action);
      if (c === undefined) cellsOf[i].set(d.action, (c = nCells++));
      decInfo.push(i);
      decCell.push(c);
    }
  const cellIds = cellsOf.map((m) => [...m.values()]);
  const W = new Float64Array(nCells);
  const S = new Float64Array(nCells);
  const maxLen = seqs.reduce((m, q) => Math.max(m, q.ds.length), 0);
  // V(I) of the last sweep (none before the first: every target is then the final returns).
  let v: Float64Array | null = null;
  for (let sweep = 0; sweep <= maxLen; sweep++) {
    W.fill(0);
    S.fill(0);
    let k = 0;
    for (const { w, u, ds } of seqs)
      for (let i = 0; i < ds.length; i++, k++) {
        const target = i + 1 < ds.length && v !== null ? v[decInfo[k + 1]] : u;
        W[decCell[k]] += w;
        S[decCell[k]] += w * target;
      }
    const next = new Float64Array(cellIds.length);
    for (let i = 0; i < cellIds.length; i++) {
      const cs = cellIds[i];
      let m = -Infinity;
      for (let j = 0; j < cs.length; j++) m = Math.max(m, S[cs[j]] / W[cs[j]]);
      next[i] = m;
    }
    const prev = v;
    const same = prev !== null && next.every((x, i) => Math.abs(x - prev[i]) <= 1e-12 * Math.max(1, Math.abs(x)));
    v = next;
    if (same) break;
  }
  const best = new Map<string, Action>();
  // argmaxMean over each state's cells (actions in increasing order, empty cells skipped, ties within TIE_TOLERANCE to the lowest id).
  for (let i = 0; i < infos.length; i++) {
    const actions = [...cellsOf[i].keys()].sort((x, y) => x - y);
    let top = -1;
    let topV = -Infinity;
    for (const a of actions) {
      const c = cellsOf[i].get(a)!;
      if (W[c] === 0) continue;
      const mean = S[c] / W[c];
      if (top < 0 || mean > topV + TIE_TOLERANCE * Math.max(1, Math.abs(topV))) {
        top = a;
        topV = mean;
      }
    }
    best.set(infos[i], top);
  }
  return best;
}

/** Play `s` (mutated) to the end on `rng` (chance and both seats' picks, as `playOut`), each decision's I_p built once. */
function playOutKeyed(s: GameState, pols: readonly [KeyedPol, KeyedPol], rng: Rng): GameState {
  while (!s.isTerminal()) {
    const p = s.currentPlayer();
    if (p === CHANCE) {
      s.applyAction(sampleChanceOutcome(s, rng));
      continue;
    }
    const legal = s.legalActions();
    s.applyAction(legal[pick(pols[p](s, p, legal, infoKey(s, p, legal)), rng())]);
  }
  return s;
}

/**
 * Focal returns of a playout continued from `s` after action `a`, on the stream `keys`: played on
 * `s` itself and rewound to `mark` (a rewindable state), or on a copy of `s`. `s` is left as it was.
 */
function continueFrom(s: GameState, mark: StateMark | null, a: Action, pols: [KeyedPol, KeyedPol], focal: number, keys: number[]): number {
  if (mark !== null) {
    const r = s as RewindableState;
    r.saveTo(mark);
    r.applyAction(a);
    const u = playOutKeyed(r, pols, rngFromKeys(...keys)).returns()[focal];
    r.rewind(mark);
    return u;
  }
  const c = s.clone();
  c.applyAction(a);
  return playOutKeyed(c, pols, rngFromKeys(...keys)).returns()[focal];
}

/** The states of one focal seat's playouts: the initial state of each ({@link episodeStates}) and the mark its branches rewind to (made at the first playout; null when states cannot rewind). */
interface Playouts {
  initial: () => GameState;
  mark?: StateMark | null;
}

/**
 * One playout's estimate of U(perturbed) − U(L1): play L1 against the opponent; at every visit of
 * the perturbed decision type, branch into the L1 action and a uniformly drawn other action, play
 * both continuations on one common stream, and add BRITTLENESS_MASS × p(L1 action) × the
 * difference. Its expectation is the first-order change of the focal returns when 3 % of the L1
 * mass at dt moves to a uniform other action (exact for one visit per episode); far less noisy
 * than comparing a perturbed and an unperturbed playout, where the perturbation fires in ~3 % of
 * visits only.
 */
function branchedDelta(play: Playouts, pols: [KeyedPol, KeyedPol], focal: number, dt: string, keys: number[]): number {
  const rng = rngFromKeys(...keys);
  const s = play.initial();
  // The branches are played on `s` and rewound (no copies) where the state allows it.
  if (play.mark === undefined) play.mark = canRewind(s) ? s.newMark() : null;
  const mark = play.mark;
  let delta = 0;
  let visit = 0;
  while (!s.isTerminal()) {
    const p = s.currentPlayer();
    if (p === CHANCE) {
      s.applyAction(sampleChanceOutcome(s, rng));
      continue;
    }
    const legal = s.legalActions();
    const here = decisionType(s, p, legal);
    const probs = pols[p](s, p, legal, axisInfoKeyAt(s, p, here));
    if (p === focal && legal.length >= 2 && here === dt) {
      const top = probs.indexOf(Math.max(...probs));
      let alt = Math.floor(rng() * (legal.length - 1));
      if (alt >= top) alt++;
      const bk = [...keys, 0x8a, visit++];
      delta += BRITTLENESS_MASS * probs[top] * (continueFrom(s, mark, legal[alt], pols, focal, bk) - continueFrom(s, mark, legal[top], pols, focal, bk));
    }
    s.applyAction(legal[pick(probs, rng())]);
  }
  return delta;
}

function exactValue(game: Game, pols: [Pol, Pol], focal: number): number {
  let v = 0;
  const walk = (s: GameState, reach: number): void => {
    if (s.isTerminal()) {
      v += reach * s.returns()[focal];
      return;
    }
    const p = s.currentPlayer();
    const outs =
      p === CHANCE
        ? s.chanceOutcomes()
        : ((): [Action, number][] => {
            const legal = s.legalActions();
            const pr = pols[p](s, p, legal);
            return legal.map((a, i) => [a, pr[i]]);
          })();
    for (const [a, q] of outs) {
      if (q === 0) continue;
      const c = s.clone();
      c.applyAction(a);
      walk(c, reach * q);
    }
  };
  walk(game.newInitialState(), 1);
  return v;
}

/** Brittleness (log10) with `focal` as the focal seat. */
export function brittlenessForSeat(game: Game, seed: number, exact: boolean, log: EpisodeLog, l1Log: KeyedLog, focal: number): number {
  // Visit weights and σ_U from the L0 log.
  const w = new Map<string, number>();
  let wTotal = 0;
  let n = 0;
  let s1 = 0;
  let s2 = 0;
  for (const e of log.episodes) {
    const u = e.returns[focal];
    n += e.weight;
    s1 += e.weight * u;
    s2 += e.weight * u * u;
    for (const d of e.decisions) {
      if (d.seat !== focal) continue;
      w.set(d.dt, (w.get(d.dt) ?? 0) + e.weight);
      wTotal += e.weight;
    }
  }
  const mean = n > 0 ? s1 / n : 0;
  const sd = n > 0 ? Math.sqrt(Math.max(0, s2 / n - mean * mean)) : 0;
  if (!(sd > 0) || wTotal === 0) return BRITTLENESS_FLOOR;
  const best = fitL1(l1Log, focal);
  const l1K: KeyedPol = (s, _seat, legal, key) => {
    const a = best.get(key);
    const i = a === undefined ? -1 : legal.indexOf(a);
    if (i < 0) return l0Distribution(s, legal);
    const out = new Array<number>(legal.length).fill(0);
    out[i] = 1;
    return out;
  };
  const l1 = unkeyed(l1K);
  const perturbed =
    (dt: string): Pol =>
    (s, seat, legal) => {
      const base = l1(s, seat, legal);
      if (legal.length < 2 || decisionType(s, seat, legal) !== dt) return base;
      // Move 3 % of the mass of the L1 action to the other actions, uniformly.
      const top = base.indexOf(Math.max(...base));
      return base.map((p, k) => (k === top ? p - BRITTLENESS_MASS * p : p + (BRITTLENESS_MASS * base[top]) / (legal.length - 1)));
    };
  const dts = [...w.keys()].sort();
  const trialRng = rngFromKeys(seed, 0xb417, focal);
  const trials: { dt: string; dU: number }[] = [];
  // The ten opponents, held fixed across the trials.
  const opponents = Array.from({ length: BRITTLENESS_OPPONENTS }, (_, o) => dirichletOpponent([seed, 0xd1e, focal, o]));
  const play: Playouts = { initial: episodeStates(game) };
  for (let t = 0; t < BRITTLENESS_TRIALS; t++) {
    const dt = dts[Math.min(dts.length - 1, Math.floor(trialRng() * dts.length))];
    let dU = 0;
    for (let o = 0; o < BRITTLENESS_OPPONENTS; o++) {
      const opp = opponents[o];
      if (exact) {
        const oppU = unkeyed(opp);
        const pa: [Pol, Pol] = focal === 0 ? [perturbed(dt), oppU] : [oppU, perturbed(dt)];
        const pb: [Pol, Pol] = focal === 0 ? [l1, oppU] : [oppU, l1];
        dU += exactValue(game, pa, focal) - exactValue(game, pb, focal);
      } else {
        const pb: [KeyedPol, KeyedPol] = focal === 0 ? [l1K, opp] : [opp, l1K];
        for (let k = 0; k < BRITTLENESS_PLAYOUTS; k++) dU += branchedDelta(play, pb, focal, dt, [seed, 0xb1, focal, t, o, k]) / BRITTLENESS_PLAYOUTS;
      }
    }
    trials.push({ dt, dU: dU / BRITTLENESS_OPPONENTS });
  }
  let sum = 0;
  for (const dt of dts) {
    const inG = trials.filter((t) => t.dt === dt);
    if (inG.length === 0) continue;
    const out = trials.filter((t) => t.dt !== dt);
    const mIn = inG.reduce((a, t) => a + t.dU, 0) / inG.length;
    const mOut = out.length ? out.reduce((a, t) => a + t.dU, 0) / out.length : 0;
    sum += (w.get(dt)! / wTotal) * Math.abs(mIn - mOut);
  }
  const v = sum / sd;
  return v > 0 ? Math.max(BRITTLENESS_FLOOR, Math.log10(v)) : BRITTLENESS_FLOOR;
}

/** The brittleness axis (log10): the mean over the two focal seats. */
export function brittleness(game: Game, budget: AxisBudget, seed: number, exact: boolean, log: EpisodeLog): number {
  const l1Log = exact ? log : sampleL0KeyedEpisodes(game, budget.l1Episodes, seed, L1_STREAM);
  return (brittlenessForSeat(game, seed, exact, log, l1Log, 0) + brittlenessForSeat(game, seed, exact, log, l1Log, 1)) / 2;
}
