/**
 * Episode logs for the complexity axes (GENSTRAT v2 Appendix C): every decision of an episode with
 * the deciding seat, its information state, its decision type and the action taken, plus the
 * episode's final returns and a weight.
 *
 * Two sources give the same record shape, so every axis has one estimator for both:
 * - {@link sampleL0Episodes}: `n` L0-vs-L0 episodes, each weight 1, episode `e` drawn from
 *   `rngFromKeys(seed, e)` (deterministic for a seed);
 * - {@link exactL0Episodes}: every terminal history of the tree, weighted by its exact probability
 *   under chance and L0 for both seats (weights sum to 1). An estimator run on it gives the exact
 *   value of the quantity the sampled estimator estimates (the "exact mode").
 */
import { CHANCE, type Action, type Game, type GameState } from '../../interpreter/api.js';
import { sampleChanceOutcome } from '../../interpreter/chance.js';
import { l0Distribution, l0Pick, legalActionKinds } from '../../algorithms/l0.js';
import { UserError } from '../../util/errors.js';
import { rngFromKeys } from '../../util/rng.js';
import { axisInfoKey, axisKeysAt, decisionType } from './infostate.js';
import { episodeStates } from './policies.js';

export { decisionType };

/** One decision of an episode. */
export interface DecisionRecord {
  /** The deciding seat (0 or 1). */
  seat: number;
  /** The seat's information state I_p of v2 Appendix C, prefixed by the seat (`infostate.ts`). */
  info: string;
  /** The risk axis's coarsening of I_p, (dt, hand, action path, chip bin), prefixed by the seat. */
  riskInfo: string;
  /**
   * The decision type dt = (phase, move type, move name) of v2 Appendix C: the phase entered last,
   * the decision instruction under way (one instruction is one move of one type) and, for
   * betting, whether the seat faces a bet (fold/call/raise) or not (check/bet): the two menus are
   * different moves.
   */
  dt: string;
  /** The action taken. */
  action: Action;
  /** The legal actions at the decision. */
  legal: readonly Action[];
  /** Number of distinct L0 move kinds among the legal actions (see `legalActionKinds`). */
  kinds: number;
  /** Position of the taken action's kind among the kinds in order of first appearance (0-based). */
  kindPos: number;
}

/** One episode: its decisions in order, final returns (chips per seat), and its weight. */
export interface Episode {
  decisions: DecisionRecord[];
  returns: number[];
  /** 1 for a sampled episode; the exact probability of the history in an exact log. */
  weight: number;
}

/** A weighted episode log and how it was made. */
export interface EpisodeLog {
  episodes: Episode[];
  /** `sampled` (weights 1) or `exact` (weights are probabilities summing to 1). */
  mode: 'sampled' | 'exact';
  /**
   * The number of episodes the log stands for: the sample size, or (exact) the budget the
   * estimators' visit thresholds are scaled to (expected counts = weight × nominal).
   */
  nominal: number;
}

/** The record of `seat` taking `action` at `state` (its axes' keys, decision type and L0 move kinds). */
export function record(state: GameState, seat: number, action: Action, legal: readonly Action[]): DecisionRecord {
  const ks = legalActionKinds(state, legal);
  const order: number[] = [];
  for (const k of ks) if (!order.includes(k)) order.push(k);
  const kindPos = order.indexOf(ks[legal.indexOf(action)]);
  const dt = decisionType(state, seat, legal);
  const { info, riskInfo } = axisKeysAt(state, seat, dt);
  return { seat, info, riskInfo, dt, action, legal, kinds: order.length, kindPos };
}

/**
 * `n` L0-vs-L0 episodes; episode `e` uses the stream `rngFromKeys(seed, e)` (or, with `stream`,
 * `rngFromKeys(seed, stream, e)`) for chance and both seats. Deterministic for `(game, n, seed, stream)`.
 */
export function sampleL0Episodes(game: Game, n: number, seed: number, stream?: number): EpisodeLog {
  return { episodes: sampleEpisodes(game, n, seed, stream, record), mode: 'sampled', nominal: n };
}

/** One decision of a {@link KeyedLog}: the deciding seat, its I_p (as `DecisionRecord.info`) and the action taken. */
export interface KeyedDecision {
  seat: number;
  info: string;
  action: Action;
}

/** Episodes with their decisions' I_p only (what fitting L1 reads of a log; an {@link EpisodeLog} is one). */
export interface KeyedLog {
  episodes: readonly { decisions: readonly KeyedDecision[]; returns: readonly number[]; weight: number }[];
}

/**
 * {@link sampleL0Episodes} keeping of each decision its seat, I_p and action only: the same
 * episodes (the same numbers drawn in the same order), without the records' other fields.
 */
export function sampleL0KeyedEpisodes(game: Game, n: number, seed: number, stream: number): KeyedLog {
  return { episodes: sampleEpisodes(game, n, seed, stream, (s, p, a, legal) => ({ seat: p, info: axisInfoKey(s, p, legal), action: a })) };
}

/** The L0 episodes of {@link sampleL0Episodes}, each decision kept as `keep` makes it (weights 1). */
function sampleEpisodes<D>(
  game: Game,
  n: number,
  seed: number,
  stream: number | undefined,
  keep: (s: GameState, seat: number, action: Action, legal: readonly Action[]) => D,
): { decisions: D[]; returns: number[]; weight: number }[] {
  const episodes: { decisions: D[]; returns: number[]; weight: number }[] = [];
  const initial = episodeStates(game);
  for (let e = 0; e < n; e++) {
    const rng = stream === undefined ? rngFromKeys(seed, e) : rngFromKeys(seed, stream, e);
    const s = initial();
    const decisions: D[] = [];
    while (!s.isTerminal()) {
      const p = s.currentPlayer();
      if (p === CHANCE) {
        s.applyAction(sampleChanceOutcome(s, rng));
        continue;
      }
      const legal = s.legalActions();
      const a = l0Pick(s, rng(), legal);
      decisions.push(keep(s, p, a, legal));
      s.applyAction(a);
    }
    episodes.push({ decisions, returns: s.returns(), weight: 1 });
  }
  return episodes;
}

/** Default cap on terminal histories of an exact log. */
export const EXACT_MAX_HISTORIES = 200_000;

/** A behaviour strategy for the exact walk: probabilities over `legal` (in its order) for the seat to act. */
export type SeatPolicy = (state: GameState, seat: number, legal: readonly Action[]) => readonly number[];

/**
 * Every terminal history with its exact probability under chance and L0 for both seats.
 * @param nominal the episode budget the visit thresholds are scaled to
 * @throws UserError when the tree has more than `maxHistories` terminal histories (use sampling)
 */
export function exactL0Episodes(game: Game, nominal: number, maxHistories = EXACT_MAX_HISTORIES): EpisodeLog {
  return exactEpisodes(game, nominal, (s, _seat, legal) => l0Distribution(s, legal), maxHistories);
}

/**
 * Every terminal history with its exact probability under chance and `policy` for the seat to
 * act (zero-probability actions are not walked).
 * @throws UserError when the tree has more than `maxHistories` terminal histories
 */
export function exactEpisodes(game: Game, nominal: number, policy: SeatPolicy, maxHistories = EXACT_MAX_HISTORIES): EpisodeLog {
  const episodes: Episode[] = [];
  const path: DecisionRecord[] = [];
  const walk = (s: GameState, reach: number): void => {
    if (s.isTerminal()) {
      if (episodes.length >= maxHistories) throw new UserError(`the game tree has more than ${maxHistories} terminal histories: too large for --exact`);
      episodes.push({ decisions: path.slice(), returns: s.returns(), weight: reach });
      return;
    }
    const p = s.currentPlayer();
    if (p === CHANCE) {
      for (const [a, q] of s.chanceOutcomes()) {
        if (q === 0) continue;
        const c = s.clone();
        c.applyAction(a);
        walk(c, reach * q);
      }
      return;
    }
    const legal = s.legalActions();
    const probs = policy(s, p, legal);
    for (let i = 0; i < legal.length; i++) {
      if (probs[i] === 0) continue;
      path.push(record(s, p, legal[i], legal));
      const c = s.clone();
      c.applyAction(legal[i]);
      walk(c, reach * probs[i]);
      path.pop();
    }
  };
  walk(game.newInitialState(), 1);
  return { episodes, mode: 'exact', nominal };
}
