/**
 * Brittleness axis (GENSTRAT v2 Appendix C, "Brittleness (log10)"):
 *   brittleness = log10( Σ_dt w_dt · |β̂_dt| / σ_U ),
 * β̂_dt the OLS slope of the per-trial payoff change ΔU on the indicator "dt was the perturbed
 * decision type", over {@link BRITTLENESS_TRIALS} trials. In a trial, 3 % of the focal seat's L1
 * policy mass at one decision type moves to a uniformly random other action; the opponent is each
 * of {@link BRITTLENESS_OPPONENTS} Dirichlet(1)-random behaviour strategies, with
 * {@link BRITTLENESS_PLAYOUTS} playouts each. Averaged over the two focal seats.
 *
 * Choices (docs/axes.md):
 * - L1 is the one-step best response to L0 read off the L0 log: at each information state of the
 *   focal seat, the action with the highest mean final returns among the actions taken at least
 *   {@link BRITTLENESS_L1_MIN_ACTION_VISITS} times per 1,000 episodes (ties: lowest id); L0 where
 *   fewer than two actions meet that. Exact mode reads it off the exact log (probabilities).
 * - The perturbed decision type of each trial is drawn uniformly from the focal seat's decision
 *   types (seeded). ΔU is the mean over opponents of the expected change of the focal returns;
 *   sampled, each playout of L1 branches at the perturbed decision type into the L1 action and a
 *   uniformly drawn other action on common random numbers (first-order estimate, see
 *   `branchedDelta`); exact mode compares exact expectations by tree walk.
 * - With an intercept, the OLS slope is mean ΔU of the trials that perturbed dt minus mean ΔU of
 *   the others; a dt never perturbed contributes 0; if every trial perturbed the same dt the slope
 *   is its mean ΔU.
 * - A Dirichlet opponent draws, per information state, exponentials from a stream keyed by
 *   (seed, trial, opponent, hash of the state) and normalises them (uniform on the simplex).
 * - w_dt is dt's share of the focal seat's decision visits in the L0 log; σ_U the SD of the focal
 *   seat's returns there. A zero sum is reported as {@link BRITTLENESS_FLOOR}.
 */
import { CHANCE, type Action, type Game, type GameState } from '../../interpreter/api.js';
import { sampleChanceOutcome } from '../../interpreter/chance.js';
import { l0Distribution } from '../../interpreter/l0.js';
import { rngFromKeys } from '../../util/rng.js';
import { dirichletPolicy, pickIndex, type Policy } from './policies.js';
import type { AxisBudget } from './budget.js';
import { decisionType, type EpisodeLog } from './episodes.js';
import { argmaxMean } from './info-sensitivity.js';

export const BRITTLENESS_TRIALS = 20;
export const BRITTLENESS_OPPONENTS = 10;
export const BRITTLENESS_PLAYOUTS = 15;
export const BRITTLENESS_MASS = 0.03;
/**
 * L1 takes the best action at an information state only where at least two actions were each
 * taken this many times per 1,000 L0 episodes (a share of the log, the same at every budget);
 * elsewhere it plays L0. An argmax over one or two visits is noise, and it made L1, and so the
 * axis, differ between the tiers.
 */
export const BRITTLENESS_L1_MIN_ACTION_VISITS = 5;
/** log10 of the smallest reported value (a game where no perturbation moves the payoff). */
export const BRITTLENESS_FLOOR = -6;

type Pol = Policy;
const dirichletOpponent = dirichletPolicy;
const pick = pickIndex;

/** Focal returns of a playout continued from a copy of `s` after action `a`, on the stream `keys`. */
function continueFrom(game: Game, s: GameState, a: Action, pols: [Pol, Pol], focal: number, keys: number[]): number {
  const rng = rngFromKeys(...keys);
  const c = s.clone();
  c.applyAction(a);
  while (!c.isTerminal()) {
    const p = c.currentPlayer();
    if (p === CHANCE) {
      c.applyAction(sampleChanceOutcome(c, rng));
      continue;
    }
    const legal = c.legalActions();
    c.applyAction(legal[pick(pols[p](c, p, legal), rng())]);
  }
  return c.returns()[focal];
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
function branchedDelta(game: Game, pols: [Pol, Pol], focal: number, dt: string, keys: number[]): number {
  const rng = rngFromKeys(...keys);
  const s = game.newInitialState();
  let delta = 0;
  let visit = 0;
  while (!s.isTerminal()) {
    const p = s.currentPlayer();
    if (p === CHANCE) {
      s.applyAction(sampleChanceOutcome(s, rng));
      continue;
    }
    const legal = s.legalActions();
    const probs = pols[p](s, p, legal);
    if (p === focal && legal.length >= 2 && decisionType(s, p, legal) === dt) {
      const top = probs.indexOf(Math.max(...probs));
      let alt = Math.floor(rng() * (legal.length - 1));
      if (alt >= top) alt++;
      const bk = [...keys, 0x8a, visit++];
      delta += BRITTLENESS_MASS * probs[top] * (continueFrom(game, s, legal[alt], pols, focal, bk) - continueFrom(game, s, legal[top], pols, focal, bk));
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
    const outs = p === CHANCE ? s.chanceOutcomes() : ((): [Action, number][] => {
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
export function brittlenessForSeat(game: Game, _budget: AxisBudget, seed: number, exact: boolean, log: EpisodeLog, focal: number): number {
  // L1 from the log, visit weights, σ_U.
  const means = new Map<string, Map<number, { w: number; s: number }>>();
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
      let m = means.get(d.info);
      if (!m) means.set(d.info, (m = new Map()));
      const x = m.get(d.action);
      if (x) {
        x.w += e.weight;
        x.s += e.weight * u;
      } else m.set(d.action, { w: e.weight, s: e.weight * u });
    }
  }
  const mean = n > 0 ? s1 / n : 0;
  const sd = n > 0 ? Math.sqrt(Math.max(0, s2 / n - mean * mean)) : 0;
  if (!(sd > 0) || wTotal === 0) return BRITTLENESS_FLOOR;
  const best = new Map<string, number>();
  const minA = BRITTLENESS_L1_MIN_ACTION_VISITS * (n / 1000);
  for (const [info, m] of means) {
    const acts = [...m].filter(([, x]) => x.w >= minA - 1e-9).map(([a]) => a);
    if (acts.length < 2) continue;
    best.set(info, argmaxMean(m, acts));
  }
  const l1: Pol = (s, seat, legal) => {
    const a = best.get(`${seat}|${s.informationStateKey(seat)}`);
    const i = a === undefined ? -1 : legal.indexOf(a);
    if (i < 0) return l0Distribution(s, legal);
    return legal.map((_, k) => (k === i ? 1 : 0));
  };
  const perturbed = (dt: string): Pol => (s, seat, legal) => {
    const base = l1(s, seat, legal);
    if (legal.length < 2 || decisionType(s, seat, legal) !== dt) return base;
    // Move 3 % of the mass of the L1 action to the other actions, uniformly.
    const top = base.indexOf(Math.max(...base));
    return base.map((p, k) => (k === top ? p - BRITTLENESS_MASS * p : p + (BRITTLENESS_MASS * base[top]) / (legal.length - 1)));
  };
  const dts = [...w.keys()].sort();
  const trialRng = rngFromKeys(seed, 0xb417, focal);
  const trials: { dt: string; dU: number }[] = [];
  for (let t = 0; t < BRITTLENESS_TRIALS; t++) {
    const dt = dts[Math.min(dts.length - 1, Math.floor(trialRng() * dts.length))];
    let dU = 0;
    for (let o = 0; o < BRITTLENESS_OPPONENTS; o++) {
      const opp = dirichletOpponent([seed, 0xd1e, focal, t, o]);
      const pa: [Pol, Pol] = focal === 0 ? [perturbed(dt), opp] : [opp, perturbed(dt)];
      const pb: [Pol, Pol] = focal === 0 ? [l1, opp] : [opp, l1];
      if (exact) dU += exactValue(game, pa, focal) - exactValue(game, pb, focal);
      else for (let k = 0; k < BRITTLENESS_PLAYOUTS; k++) dU += branchedDelta(game, pb, focal, dt, [seed, 0xb1, focal, t, o, k]) / BRITTLENESS_PLAYOUTS;
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
  return (brittlenessForSeat(game, budget, seed, exact, log, 0) + brittlenessForSeat(game, budget, seed, exact, log, 1)) / 2;
}
