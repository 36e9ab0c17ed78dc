/**
 * Exact expected returns of a profile of policies (any number of seats) by a full walk of the game tree (chance nodes
 * weighted by their exact probabilities). Feasible for small games (Kuhn: 58 histories, Leduc:
 * a few tens of thousands).
 */
import { CHANCE, type Action, type GameState } from '../interpreter/api.js';

/**
 * A policy for every seat: the probability of each legal action at a decision node.
 * @param state the decision node (do not mutate it)
 * @param seat the seat to act
 * @param legal `state.legalActions()`
 * @returns probabilities parallel to `legal`, summing to 1
 */
export type Policy = (state: GameState, seat: number, legal: readonly Action[]) => ArrayLike<number>;

/** Uniform random play: every legal action with probability 1 / (number of legal actions). */
export const uniformPolicy: Policy = (_state, _seat, legal) => new Array<number>(legal.length).fill(1 / legal.length);

/**
 * Expected chips won per seat (one entry per seat, seat 0 first) when every seat follows `policy`
 * from `state` (by default the game's initial state).
 * @throws Error when the policy returns a probability vector of the wrong length.
 */
export function expectedReturns(game: { newInitialState(): GameState }, policy: Policy, state: GameState = game.newInitialState()): number[] {
  const out = state.returns().map(() => 0);
  walk(state, 1, policy, out);
  return out;
}

function walk(state: GameState, reach: number, policy: Policy, out: number[]): void {
  if (state.isTerminal()) {
    const ret = state.returns();
    for (let seat = 0; seat < out.length; seat++) out[seat] += reach * ret[seat];
    return;
  }
  const player = state.currentPlayer();
  if (player === CHANCE) {
    for (const [a, p] of state.chanceOutcomes()) {
      const child = state.clone();
      child.applyAction(a);
      walk(child, reach * p, policy, out);
    }
    return;
  }
  const legal = state.legalActions();
  const probs = policy(state, player, legal);
  if (probs.length !== legal.length) throw new Error(`policy returned ${probs.length} probabilities for ${legal.length} legal actions`);
  for (let i = 0; i < legal.length; i++) {
    if (probs[i] === 0) continue;
    const child = state.clone();
    child.applyAction(legal[i]);
    walk(child, reach * probs[i], policy, out);
  }
}
