/**
 * The six complexity axes of GENSTRAT v2 (Appendix C) as one record per game: each axis a pure
 * function of (game, budget, seed). Exact mode replaces the L0 sample by the exact L0 history
 * distribution (trees that fit).
 */
import type { Game } from '../../interpreter/api.js';
import { BUDGETS, type AxisBudget } from './budget.js';
import { exactL0Episodes, sampleL0Episodes, type EpisodeLog } from './episodes.js';
import { brittleness } from './brittleness.js';
import { infoSensitivity } from './info-sensitivity.js';
import { opponentModelling, opponentModellingReweighted } from './opponent-modelling.js';
import { risk, type RiskWeights } from './risk.js';
import { stateSpace } from './state-space.js';
import { temporalDepth } from './temporal-depth.js';
import { requireTwoSeats } from '../../algorithms/seats.js';

import { computeAxesV1, AXES_V1 } from './v1.js';

export { BUDGETS, type AxisBudget } from './budget.js';
export { computeAxesV1, AXES_V1, V1_BUDGETS, type AxesV1 } from './v1.js';

/** An axis set: GENSTRAT v2 (six axes) or v1 (five axes). */
export type AxisSet = 'v1' | 'v2';

/** The axis names of a set, in report order. */
export function axisNames(set: AxisSet): readonly string[] {
  return set === 'v1' ? AXES_V1 : AXES_V2;
}

/** The v2 axes of one game. */
export interface AxesV2 {
  state_space: number;
  temporal_depth: number;
  info_sensitivity: number;
  opponent_modelling: number;
  risk: number;
  brittleness: number;
}

/** Names of the v2 axes in report order. */
export const AXES_V2 = ['state_space', 'temporal_depth', 'info_sensitivity', 'opponent_modelling', 'risk', 'brittleness'] as const;

/** Options of {@link computeAxesV2}. */
export interface AxesOptions {
  tier: 'fast' | 'precise';
  seed: number;
  /** Exact L0 values instead of samples. @throws UserError (from the tree walk) when the tree is too large. */
  exact?: boolean;
  /**
   * Estimator of E[U | dt, a, π] in opponent modelling: `playouts` (default, the paper's 32
   * playouts per opponent) or `reweight` (importance reweighting of the L0 log; docs/axes.md).
   */
  omEstimator?: 'playouts' | 'reweight';
  /** Risk's w_I: visit fraction among the qualifying states (`qualifying`, default) or share of all the seat's visits (`all-visits`; risk.ts). */
  riskWeights?: RiskWeights;
}

/** The L0 episode log the axes read: sampled at the tier's budget, or exact. */
export function l0Log(game: Game, budget: AxisBudget, seed: number, exact: boolean): EpisodeLog {
  return exact ? exactL0Episodes(game, budget.l0Episodes) : sampleL0Episodes(game, budget.l0Episodes, seed);
}

/** Compute the v2 axes of `game`. Deterministic for (game, tier, seed, exact). */
export function computeAxesV2(game: Game, opts: AxesOptions): AxesV2 {
  requireTwoSeats(game, 'the GENSTRAT v2 axes');
  const budget = BUDGETS[opts.tier];
  const log = l0Log(game, budget, opts.seed, !!opts.exact);
  return {
    state_space: stateSpace(log),
    temporal_depth: temporalDepth(log),
    info_sensitivity: infoSensitivity(log),
    opponent_modelling: opts.omEstimator === 'reweight' ? opponentModellingReweighted(budget, opts.seed, log) : opponentModelling(game, budget, opts.seed, log),
    risk: risk(log, opts.riskWeights),
    brittleness: brittleness(game, budget, opts.seed, !!opts.exact, log),
  };
}

/**
 * The axes of `set` for `game` as a record of numbers keyed by {@link axisNames}. Deterministic for
 * (game, set, tier, seed, exact). @throws UserError when `exact` and the tree is too large;
 * TwoSeatOnlyError when the game has more than two seats
 */
export function computeAxes(game: Game, set: AxisSet, opts: AxesOptions): Record<string, number> {
  return set === 'v1' ? { ...computeAxesV1(game, opts) } : { ...computeAxesV2(game, opts) };
}
