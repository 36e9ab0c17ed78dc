/**
 * Three fixed baselines for tables of any number of seats, reading only the legal actions and their
 * labels:
 * - `always-fold`: folds whenever fold is on offer, else checks; with neither (a forced call, or a
 *   decision that is not betting) it takes the first legal action. It never puts a chip in the pot
 *   by choice, so it loses exactly the blinds (and antes) it posts, except in the hands it wins
 *   without facing a bet;
 * - `check-fold`: the league's fallback, "check if possible, else fold"; with neither, the first
 *   legal action;
 * - `always-raise`: the smallest bet or raise whenever one is on offer, else checks or calls; with
 *   none of these, the first legal action. It never folds, so every seat at its table faces a bet
 *   in every betting round it opens (a maniac baseline, and the opponent of always-fold's test).
 */
import type { Action, GameState } from '../../interpreter/api.js';
import type { Agent, AgentView, Rng } from './agent.js';
import { bettingOptions, type BettingOptions } from './table.js';

/** Which option a fixed baseline prefers. */
export type FixedRule = 'fold-first' | 'check-first' | 'raise-first';

/** The action of a fixed baseline (see the module comment). */
export function fixedChoice(rule: FixedRule, legal: readonly Action[], o: BettingOptions): Action {
  if (rule === 'raise-first') return o.firstAggressive >= 0 ? legal[o.firstAggressive] : (o.check ?? o.call ?? legal[0]);
  const pick = rule === 'fold-first' ? (o.fold ?? o.check) : (o.check ?? o.fold);
  return pick ?? legal[0];
}

/** A fixed baseline agent. */
export class FixedAgent implements Agent {
  constructor(
    readonly name: string,
    readonly rule: FixedRule,
  ) {}
  actFast(state: GameState, seat: number, _rng: Rng): Action {
    const legal = state.legalActions();
    return fixedChoice(
      this.rule,
      legal,
      bettingOptions(legal, (i) => state.actionToString(seat, legal[i])),
    );
  }
  act(view: AgentView): Action {
    return fixedChoice(
      this.rule,
      view.legal,
      bettingOptions(view.legal, (i) => view.labels[i]),
    );
  }
}

/** The one `always-fold` agent (it has no state). */
export const alwaysFoldAgent = new FixedAgent('always-fold', 'fold-first');
/** The one `check-fold` agent (the league's fallback as a player). */
export const checkFoldAgent = new FixedAgent('check-fold', 'check-first');
/** The one `always-raise` agent. */
export const alwaysRaiseAgent = new FixedAgent('always-raise', 'raise-first');
