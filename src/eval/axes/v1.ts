/**
 * The five complexity axes of GENSTRAT v1 (§3 and Appendix C): state space, temporal contingency,
 * opponent dependence, information and precision. Each is a pure function of (game, tier, seed).
 *
 * Objects (v1 Appendix C, "Objects" and "Population"):
 * - chip lead of seat i: its change in chips minus the opponent's (returns[i] − returns[1−i]);
 * - the population: Dirichlet(1) behaviour strategies (one mixture per information state, drawn
 *   lazily from a stream keyed by (seed, strategy, hash of the state)), ranked by mean chip lead
 *   against L0 (the uniform random policy) over a few deals, half in each seat; the better half is
 *   tier 1. Opponents θ ~ P_Θ (1/3 L0, 2/3 a uniform tier-1 member); the focal seat's own later
 *   play k ~ P_K (1/4 L0, 3/4 tier 1);
 * - STD_g: the standard deviation of the chip lead in deals between two draws from P_Θ (pooled over
 *   the deals of {@link V1Budget.stdDeals} random pairs);
 * - decisions: visits of seat i with two or more legal actions in population self-play (seat i
 *   from P_K, the opponent from P_Θ), each visit counted once, the first {@link V1Budget.decisions};
 * - A(I): the legal actions, with at most six amounts kept per move kind (the four smallest, the
 *   midpoint and the largest);
 * - contexts: every combination of K continuations × Θ opponents × W worlds. A world redraws the
 *   deal consistently with what seat i has seen (see {@link resampleWorld}); every action of A(I)
 *   is replayed once in every context on common random numbers (one stream per context).
 *
 * Axes (per decision, then the mean over decisions, then the mean over the two seats):
 * - temporal: the share of the variance of Q(a, context) in the action × context interaction of
 *   the two-way table (SS_interaction / SS_total; 0 when Q is constant);
 * - opponent dependence: with D(a, θ) = Q̄(a, θ) − mean_a Q̄(a, θ) (Q̄ averaged over continuations
 *   and worlds), the standard deviation over opponents of D, cross-fitted (the covariance over θ of
 *   D from the two halves of the worlds, so noise does not inflate it; negative → 0), root of the
 *   mean over actions, divided by STD_g;
 * - precision: the best action chosen on one half of the worlds, valued on the other: Q̄(a*) minus
 *   the mean of Q̄ over its neighbours (adjacent kept amounts of its kind; every other action for a
 *   categorical choice), both directions averaged, divided by STD_g;
 * - information: two one-step search players (each legal action valued by L0 rollouts to the end
 *   of the deal from sampled worlds; argmax, ties to the first): one samples worlds consistent with
 *   its own cards, the other redraws its own private cards as well. Both play seat i against the
 *   same opponents (P_Θ) on the same cards (separate chance and opponent streams); the difference of
 *   their mean chip leads, divided by STD_g;
 * - state space: log10 of the distinct information states both seats reach in deals where both
 *   move uniformly over every legal action; a state is v1's key (`axisKeyV1`, `infostate.ts`):
 *   the decision, the own hand, the seat's last three decisions, its chips, everything it was
 *   shown (without the opponent's hand size) and the positions.
 *
 * Choices and departures (docs/axes.md): a world keeps the opponent's past
 * actions and redraws only chance outcomes seat i did not see (the posterior of a card-blind
 * opponent), by rejection; temporal uses all three context factors.
 */
import { CHANCE, type Action, type Game, type GameState } from '../../interpreter/api.js';
import { sampleChanceOutcome } from '../../interpreter/chance.js';
import { l0Distribution, legalActionKinds } from '../../algorithms/l0.js';
import { UserError } from '../../util/errors.js';
import { rngFromKeys, type Rng } from '../../util/rng.js';
import { dirichletPolicy, pickIndex as pick, playOut, type Policy } from './policies.js';
import { axisKeyV1 } from './infostate.js';
import { requireTwoSeats } from '../../algorithms/seats.js';

/** The v1 axes of one game. Chip-valued axes are in units of STD_g. */
export interface AxesV1 {
  state_space: number;
  temporal: number;
  opponent_dependence: number;
  information: number;
  precision: number;
}

/** Names of the v1 axes in report order. */
export const AXES_V1 = ['state_space', 'temporal', 'opponent_dependence', 'information', 'precision'] as const;

/** Simulation budget of the v1 axes. */
export interface V1Budget {
  tier: 'fast' | 'precise';
  /** Population size and deals per strategy when ranking it against L0. */
  strategies: number;
  rankDeals: number;
  /** Deals of the STD_g estimate. */
  stdDeals: number;
  /** Decisions per seat. */
  decisions: number;
  /** Contexts per decision: continuations × opponents × worlds (worlds even: two halves). */
  continuations: number;
  opponents: number;
  worlds: number;
  /** Information axis: opponents, deals per opponent, rollouts per action. */
  infoOpponents: number;
  infoDeals: number;
  infoRollouts: number;
  /** State space: uniform-random deals. */
  stateDeals: number;
}

/** v1 Appendix C budgets (`precise`: 200 strategies, 90 decisions, 4 × 9 × 10 contexts, 3,000 deals) and a cheaper `fast` tier. */
export const V1_BUDGETS: Record<'fast' | 'precise', V1Budget> = {
  fast: {
    tier: 'fast',
    strategies: 40,
    rankDeals: 20,
    stdDeals: 400,
    decisions: 30,
    continuations: 2,
    opponents: 6,
    worlds: 6,
    infoOpponents: 4,
    infoDeals: 10,
    infoRollouts: 4,
    stateDeals: 1000,
  },
  precise: {
    tier: 'precise',
    strategies: 200,
    rankDeals: 40,
    stdDeals: 1000,
    decisions: 90,
    continuations: 4,
    opponents: 9,
    worlds: 10,
    infoOpponents: 9,
    infoDeals: 40,
    infoRollouts: 8,
    stateDeals: 3000,
  },
};

export type { Policy } from './policies.js';

const L0: Policy = (s, _seat, legal) => l0Distribution(s, legal);
const UNIFORM: Policy = (_s, _seat, legal) => legal.map(() => 1 / legal.length);

/** Dirichlet(1) behaviour strategy `j`: one uniform point of the simplex per information state. */
export function dirichletStrategy(seed: number, j: number): Policy {
  return dirichletPolicy([seed, 0xd1, j]);
}

const lead = (s: GameState, seat: number): number => {
  const r = s.returns();
  return r[seat] - r[1 - seat];
};

/**
 * A world for seat `seat`: the deal replayed from the root along `history` (every action applied
 * so far, chance outcomes included), each chance outcome redrawn when seat `seat` cannot tell it
 * from the original (its information-state key is the same after either), kept otherwise;
 * `ownCards: false` also redraws outcomes only `seat` sees (private to it: the other seat's key
 * is the same after either). Players' past actions are kept. A replay whose kept outcome or action
 * became illegal, or which ends in another information state of `seat` than the original (with
 * `ownCards`), is rejected and redrawn; after `tries` rejections the original state is returned.
 * @param original the state at the end of `history` (returned as a clone on failure)
 */
export function resampleWorld(game: Game, history: readonly Action[], original: GameState, seat: number, ownCards: boolean, rng: Rng, tries = 20): GameState {
  const target = original.informationStateKey(seat);
  for (let t = 0; t < tries; t++) {
    const s = game.newInitialState();
    let ok = true;
    for (const a of history) {
      if (s.currentPlayer() === CHANCE) {
        const outs = s
          .chanceOutcomes()
          .filter(([, p]) => p > 0)
          .map(([o]) => o);
        const fresh = sampleChanceOutcome(s, rng);
        const legalA = outs.includes(a);
        // Who sees this node: compare the keys after the fresh outcome and after another one
        // (the original when still legal); a deal is seen or not whatever card it brings.
        const other = legalA ? a : outs.find((o) => o !== fresh);
        let redraw = fresh === a || other === undefined;
        if (!redraw) {
          const x = s.clone();
          const y = s.clone();
          x.applyAction(fresh);
          y.applyAction(other!);
          const hiddenFromSeat = x.informationStateKey(seat) === y.informationStateKey(seat);
          const privateToSeat = x.informationStateKey(1 - seat) === y.informationStateKey(1 - seat);
          redraw = hiddenFromSeat || (!ownCards && privateToSeat);
        }
        if (redraw) {
          s.applyAction(fresh);
          continue;
        }
        if (!legalA) {
          ok = false;
          break;
        }
        s.applyAction(a);
      } else {
        if (!s.legalActions().includes(a)) {
          ok = false;
          break;
        }
        s.applyAction(a);
      }
    }
    if (ok && s.currentPlayer() === original.currentPlayer() && (!ownCards || s.informationStateKey(seat) === target)) return s;
  }
  return original.clone();
}

/** A(I): the legal actions with at most six amounts per move kind; and each kept action's neighbours. */
export function actionSet(s: GameState, legal: readonly Action[]): { actions: Action[]; neighbours: number[][] } {
  const kinds = legalActionKinds(s, legal);
  const groups = new Map<number, Action[]>();
  kinds.forEach((k, i) => {
    let g = groups.get(k);
    if (!g) groups.set(k, (g = []));
    g.push(legal[i]);
  });
  const actions: Action[] = [];
  const members: number[][] = [];
  for (const g of groups.values()) {
    const kept = g.length <= 6 ? g : [...new Set([g[0], g[1], g[2], g[3], g[Math.floor((g.length - 1) / 2)], g[g.length - 1]])];
    members.push(kept.map((_, i) => actions.length + i));
    actions.push(...kept);
  }
  const neighbours = actions.map((_, i) => {
    const m = members.find((x) => x.includes(i))!;
    if (m.length === 1) return actions.map((_, j) => j).filter((j) => j !== i);
    const at = m.indexOf(i);
    return [m[at - 1], m[at + 1]].filter((j): j is number => j !== undefined);
  });
  return { actions, neighbours };
}

/** The population: tier 1 (indices of the better half by mean chip lead against L0). */
function population(game: Game, b: V1Budget, seed: number): Policy[] {
  const strategies = Array.from({ length: b.strategies }, (_, j) => dirichletStrategy(seed, j));
  const score = strategies.map((pol, j) => {
    let sum = 0;
    for (let d = 0; d < b.rankDeals; d++) {
      const seat = d % 2;
      const pols: [Policy, Policy] = seat === 0 ? [pol, L0] : [L0, pol];
      sum += lead(playOut(game.newInitialState(), pols, rngFromKeys(seed, 0x9a, j, d)), seat);
    }
    return [sum / b.rankDeals, j] as const;
  });
  score.sort((x, y) => y[0] - x[0] || x[1] - y[1]);
  return score.slice(0, Math.max(1, Math.floor(b.strategies / 2))).map(([, j]) => strategies[j]);
}

const draw = (tier1: Policy[], pL0: number, rng: Rng): Policy => (rng() < pL0 ? L0 : tier1[Math.min(tier1.length - 1, Math.floor(rng() * tier1.length))]);

function sd(xs: readonly number[]): number {
  if (xs.length < 2) return 0;
  const m = xs.reduce((a, b) => a + b, 0) / xs.length;
  return Math.sqrt(xs.reduce((a, b) => a + (b - m) ** 2, 0) / (xs.length - 1));
}

/** One decision of the focal seat: the state, the actions applied to reach it. */
interface Visit {
  state: GameState;
  history: Action[];
}

function collectVisits(game: Game, b: V1Budget, seed: number, tier1: Policy[], seat: number): Visit[] {
  const visits: Visit[] = [];
  for (let d = 0; visits.length < b.decisions && d < b.decisions * 20; d++) {
    const rng = rngFromKeys(seed, 0xdc, seat, d);
    const pols: Policy[] = [];
    pols[seat] = draw(tier1, 1 / 4, rng);
    pols[1 - seat] = draw(tier1, 1 / 3, rng);
    const s = game.newInitialState();
    const history: Action[] = [];
    while (!s.isTerminal() && visits.length < b.decisions) {
      const p = s.currentPlayer();
      let a: Action;
      if (p === CHANCE) a = sampleChanceOutcome(s, rng);
      else {
        const legal = s.legalActions();
        if (p === seat && legal.length >= 2) visits.push({ state: s.clone(), history: history.slice() });
        a = legal[pick(pols[p](s, p, legal), rng())];
      }
      history.push(a);
      s.applyAction(a);
    }
  }
  return visits;
}

/** Per-decision scores of one visit: [temporal share, opponent-dependence SD (chips), precision loss (chips)]. */
function scoreVisit(game: Game, b: V1Budget, seed: number, tier1: Policy[], seat: number, v: Visit, j: number): [number, number, number] {
  const legal = v.state.legalActions();
  const { actions, neighbours } = actionSet(v.state, legal);
  const A = actions.length;
  const K = b.continuations;
  const T = b.opponents;
  const W = b.worlds;
  const ks = Array.from({ length: K }, (_, k) => draw(tier1, 1 / 4, rngFromKeys(seed, 0x32, seat, j, k)));
  const ths = Array.from({ length: T }, (_, t) => draw(tier1, 1 / 3, rngFromKeys(seed, 0x33, seat, j, t)));
  const worlds = Array.from({ length: W }, (_, w) => resampleWorld(game, v.history, v.state, seat, true, rngFromKeys(seed, 0x30, seat, j, w)));
  // Q[a][(k·T + t)·W + w]
  const C = K * T * W;
  const Q = actions.map(() => new Float64Array(C));
  for (let k = 0; k < K; k++)
    for (let t = 0; t < T; t++)
      for (let w = 0; w < W; w++) {
        const pols: Policy[] = [];
        pols[seat] = ks[k];
        pols[1 - seat] = ths[t];
        const c = (k * T + t) * W + w;
        for (let a = 0; a < A; a++) {
          const s = worlds[w].clone();
          s.applyAction(actions[a]);
          Q[a][c] = lead(playOut(s, pols as [Policy, Policy], rngFromKeys(seed, 0x31, seat, j, k, t, w)), seat);
        }
      }
  // Temporal: interaction share of the action × context table.
  let grand = 0;
  const row = new Float64Array(A);
  const col = new Float64Array(C);
  for (let a = 0; a < A; a++)
    for (let c = 0; c < C; c++) {
      row[a] += Q[a][c] / C;
      col[c] += Q[a][c] / A;
      grand += Q[a][c] / (A * C);
    }
  let ssTot = 0;
  let ssInt = 0;
  for (let a = 0; a < A; a++)
    for (let c = 0; c < C; c++) {
      ssTot += (Q[a][c] - grand) ** 2;
      ssInt += (Q[a][c] - row[a] - col[c] + grand) ** 2;
    }
  const temporal = ssTot > 1e-12 * Math.max(1, grand * grand * A * C) ? Math.min(1, ssInt / ssTot) : 0;
  // Means over (continuation, world-half) by opponent, and over contexts by world half.
  const half = (w: number) => (w < W / 2 ? 0 : 1);
  const byTheta = [0, 1].map(() => actions.map(() => new Float64Array(T)));
  const byHalf = [0, 1].map(() => new Float64Array(A));
  const nT = [0, 1].map((h) => K * Array.from({ length: W }, (_, w) => w).filter((w) => half(w) === h).length);
  for (let a = 0; a < A; a++)
    for (let k = 0; k < K; k++)
      for (let t = 0; t < T; t++)
        for (let w = 0; w < W; w++) {
          const q = Q[a][(k * T + t) * W + w];
          byTheta[half(w)][a][t] += q / nT[half(w)];
          byHalf[half(w)][a] += q / (nT[half(w)] * T);
        }
  // Opponent dependence: cross-fitted variance over θ of the action contrasts.
  let cov = 0;
  if (T >= 2) {
    const contrast = (h: number, a: number, t: number) => {
      let m = 0;
      for (let x = 0; x < A; x++) m += byTheta[h][x][t] / A;
      return byTheta[h][a][t] - m;
    };
    for (let a = 0; a < A; a++) {
      const d0 = Array.from({ length: T }, (_, t) => contrast(0, a, t));
      const d1 = Array.from({ length: T }, (_, t) => contrast(1, a, t));
      const m0 = d0.reduce((x, y) => x + y, 0) / T;
      const m1 = d1.reduce((x, y) => x + y, 0) / T;
      let c = 0;
      for (let t = 0; t < T; t++) c += (d0[t] - m0) * (d1[t] - m1);
      cov += c / (T - 1) / A;
    }
  }
  const oppDep = Math.sqrt(Math.max(0, cov));
  // Precision: choose on one half, value on the other, both ways.
  let prec = 0;
  for (const h of [0, 1]) {
    let best = 0;
    for (let a = 1; a < A; a++) if (byHalf[h][a] > byHalf[h][best]) best = a;
    const other = byHalf[1 - h];
    const nb = neighbours[best];
    prec += nb.length ? (other[best] - nb.reduce((x, n) => x + other[n], 0) / nb.length) / 2 : 0;
  }
  return [temporal, oppDep, prec];
}

/**
 * A one-step search player for seat `seat`: at each decision with two or more actions, every kept
 * action is valued by `rollouts` L0-vs-L0 rollouts from sampled worlds (conditioned on its own
 * cards or not; an action a world does not offer is not valued there), and the best mean chip
 * lead is played (ties: the first).
 */
function searchMove(game: Game, s: GameState, history: readonly Action[], seat: number, ownCards: boolean, rollouts: number, keys: number[]): Action {
  const legal = s.legalActions();
  if (legal.length < 2) return legal[0];
  const { actions } = actionSet(s, legal);
  const value = new Float64Array(actions.length);
  const count = new Float64Array(actions.length);
  for (let r = 0; r < rollouts; r++) {
    const world = resampleWorld(game, history, s, seat, ownCards, rngFromKeys(...keys, 0x77, r), 5);
    // A world with other own cards may offer another menu (e.g. which card to discard): an action
    // it does not offer is not valued in it.
    const offered = world.legalActions();
    for (let a = 0; a < actions.length; a++) {
      if (!offered.includes(actions[a])) continue;
      const c = world.clone();
      c.applyAction(actions[a]);
      value[a] += lead(playOut(c, [L0, L0], rngFromKeys(...keys, 0x78, r)), seat);
      count[a]++;
    }
  }
  let best = -1;
  for (let a = 0; a < actions.length; a++) if (count[a] > 0 && (best < 0 || value[a] / count[a] > value[best] / count[best] + 1e-9)) best = a;
  if (best < 0) best = 0;
  return actions[best];
}

/** Mean chip lead of a search player in seat `seat` (chips), over the information axis's deals. */
function searcherLead(game: Game, b: V1Budget, seed: number, tier1: Policy[], seat: number, ownCards: boolean): number {
  let sum = 0;
  for (let o = 0; o < b.infoOpponents; o++) {
    const opp = draw(tier1, 1 / 3, rngFromKeys(seed, 0x1d, seat, o));
    for (let d = 0; d < b.infoDeals; d++) {
      const chance = rngFromKeys(seed, 0x1f, seat, o, d);
      const moves = rngFromKeys(seed, 0x1c, seat, o, d);
      const s = game.newInitialState();
      const history: Action[] = [];
      let step = 0;
      while (!s.isTerminal()) {
        const p = s.currentPlayer();
        let a: Action;
        if (p === CHANCE) a = sampleChanceOutcome(s, chance);
        else if (p === seat) a = searchMove(game, s, history, seat, ownCards, b.infoRollouts, [seed, 0x1e, seat, o, d, step++]);
        else {
          const legal = s.legalActions();
          a = legal[pick(opp(s, p, legal), moves())];
        }
        history.push(a);
        s.applyAction(a);
      }
      sum += lead(s, seat);
    }
  }
  return sum / (b.infoOpponents * b.infoDeals);
}

/** Distinct information states per seat reached in `deals` uniform-random deals (every legal amount equally likely). */
export function v1StateCounts(game: Game, deals: number, seed: number): [number, number] {
  const seen: [Set<string>, Set<string>] = [new Set(), new Set()];
  for (let d = 0; d < deals; d++) {
    const rng = rngFromKeys(seed, 0x55, d);
    const s = game.newInitialState();
    const own: [Action[], Action[]] = [[], []];
    while (!s.isTerminal()) {
      const p = s.currentPlayer();
      if (p === CHANCE) {
        s.applyAction(sampleChanceOutcome(s, rng));
        continue;
      }
      const legal = s.legalActions();
      seen[p].add(axisKeyV1(s, p, legal, own[p]));
      const a = legal[pick(UNIFORM(s, p, legal), rng())];
      own[p].push(a);
      s.applyAction(a);
    }
  }
  return [seen[0].size, seen[1].size];
}

/**
 * Every information state per seat reachable in the tree (the exact form of the state-space count).
 * @throws UserError when the tree has more than `maxNodes` nodes
 */
export function v1StateCountsExact(game: Game, maxNodes = 2_000_000): [number, number] {
  const seen: [Set<string>, Set<string>] = [new Set(), new Set()];
  let nodes = 0;
  const walk = (s: GameState, own: [Action[], Action[]]): void => {
    if (++nodes > maxNodes) throw new UserError(`the game tree has more than ${maxNodes} nodes: too large for --exact`);
    if (s.isTerminal()) return;
    const p = s.currentPlayer();
    if (p === CHANCE) {
      for (const [a, q] of s.chanceOutcomes()) {
        if (q === 0) continue;
        const c = s.clone();
        c.applyAction(a);
        walk(c, own);
      }
      return;
    }
    const legal = s.legalActions();
    seen[p].add(axisKeyV1(s, p, legal, own[p]));
    for (const a of legal) {
      const c = s.clone();
      c.applyAction(a);
      const next: [Action[], Action[]] = [own[0], own[1]];
      next[p] = [...own[p], a];
      walk(c, next);
    }
  };
  walk(game.newInitialState(), [[], []]);
  return [seen[0].size, seen[1].size];
}

/** Options of {@link computeAxesV1}. */
export interface AxesV1Options {
  tier: 'fast' | 'precise';
  seed: number;
  /** State space from the whole tree; the other axes are defined by simulation and stay sampled. @throws UserError when the tree is too large. */
  exact?: boolean;
}

/** Compute the v1 axes of `game`. Deterministic for (game, tier, seed, exact). */
export function computeAxesV1(game: Game, opts: AxesV1Options): AxesV1 {
  requireTwoSeats(game, 'the GENSTRAT v1 axes');
  const b = V1_BUDGETS[opts.tier];
  const seed = opts.seed;
  const [n0, n1] = opts.exact ? v1StateCountsExact(game) : v1StateCounts(game, b.stateDeals, seed);
  const tier1 = population(game, b, seed);
  const leads: number[] = [];
  for (let d = 0; d < b.stdDeals; d++) {
    const rng = rngFromKeys(seed, 0x5d, d);
    const pols: [Policy, Policy] = [draw(tier1, 1 / 3, rng), draw(tier1, 1 / 3, rng)];
    leads.push(lead(playOut(game.newInitialState(), pols, rng), 0));
  }
  const stdG = sd(leads);
  const per = [0, 1].map((seat) => {
    const visits = collectVisits(game, b, seed, tier1, seat);
    const s = visits.map((v, j) => scoreVisit(game, b, seed, tier1, seat, v, j));
    const mean = (k: number) => (s.length ? s.reduce((a, x) => a + x[k], 0) / s.length : 0);
    const info = searcherLead(game, b, seed, tier1, seat, true) - searcherLead(game, b, seed, tier1, seat, false);
    return { temporal: mean(0), opp: mean(1), prec: mean(2), info };
  });
  const avg = (f: (x: (typeof per)[number]) => number) => (f(per[0]) + f(per[1])) / 2;
  const norm = (x: number) => (stdG > 0 ? x / stdG : 0);
  return {
    state_space: n0 + n1 > 0 ? Math.log10(n0 + n1) : 0,
    temporal: avg((x) => x.temporal),
    opponent_dependence: norm(avg((x) => x.opp)),
    information: norm(avg((x) => x.info)),
    precision: norm(avg((x) => x.prec)),
  };
}
