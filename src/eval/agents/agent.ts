/**
 * The agent interface of the evaluation stack: one `act(view)` for every kind of player (bots,
 * people, LLMs), over a *view* of the decision that renders the expensive parts (observation,
 * turn prompt, rulebook) only when the agent reads them.
 */
import type { Action, Game, GameState, MenuItem, Observation } from '../../interpreter/api.js';
import type { Rng } from '../../util/rng.js';
import type { ChatView } from '../../render/chat.js';

export type { Rng } from '../../util/rng.js';

/**
 * What a seat may use to decide. Every field is what the seat is entitled to know; the getters
 * compute on first read and cache, so a bot that reads only `legal` and `infoKey` pays nothing for
 * the prompt or the rulebook.
 */
export interface AgentView {
  /** The deciding seat (0 or 1). */
  readonly seat: number;
  /** The game (its IR and ruleset hash; the rules are public). */
  readonly game: Game;
  /** Decisions already taken in this slot by both seats (0-based index of this decision). */
  readonly ply: number;
  /** Legal actions, ascending. */
  readonly legal: readonly Action[];
  /** `actionToString` of each legal action (parallel to `legal`). */
  readonly labels: readonly string[];
  /** Move kind of each legal action (parallel to `legal`; see `legalActionKinds` in `src/algorithms/l0.ts`). */
  readonly kinds: readonly number[];
  /** The seat's information-state key. */
  readonly infoKey: string;
  /** The seat's observation (hand, public piles, stacks, pot, visible log, decision). */
  readonly observation: Observation;
  /** The legal menu with labels and costs (from the observation). */
  readonly menu: readonly MenuItem[];
  /** The per-turn observation prompt an LLM player receives (Markdown). */
  readonly prompt: string;
  /** The game's rulebook (Markdown), rendered once per game. */
  readonly rulebook: string;
  /** The agent's own random stream for this slot (separate from chance; see duplicate play). */
  readonly rng: Rng;
  /** The slot being played, when the runner names it (LLM players key their response cache by it). */
  readonly slotId?: string;
  /** The hand's table chat, for an agent that reads it ({@link Agent.chat}) in a game that declares chat; else absent. */
  readonly chat?: ChatView;
}

/** An agent's reply with what the run store records besides the action. */
export interface AgentMove {
  action: Action;
  /** Why the action is a fallback (e.g. `unparseable reply`), or absent/null when it is not one. */
  fallback?: string | null;
  /**
   * Extra per-move fields stored as JSON in the `moves.extra` column (LLM players: tokens,
   * cost, raw reply, attempts, …). Must be JSON-serializable; never credentials.
   */
  extra?: Record<string, unknown>;
  /** A table message sent with the move (games that declare chat; the match loop accepts or refuses it and records it with the move). */
  message?: string;
}

/** What `act` returns: an action, or an action with its record. */
export type Decision = Action | AgentMove;

/**
 * A player of the evaluation stack.
 *
 * `act` must return (or resolve to) one of `view.legal`. Bots that need only the state's public
 * API may also implement `actFast`, a synchronous path the match runner uses instead of building a
 * view; it must choose exactly as `act` would with the same rng.
 */
export interface Agent {
  /** The agent kind, e.g. `random`, `cfr` (also its display name). */
  readonly name: string;
  act(view: AgentView): Decision | Promise<Decision>;
  /** Synchronous fast path: reads only `legalActions`, `actionToString`, `informationStateKey(seat)` and `observation(seat)`. */
  actFast?(state: GameState, seat: number, rng: Rng): Action;
  /** The agent reads and writes table chat (LLM players); rule-based bots neither read nor write it. */
  readonly chat?: boolean;
  /** How the agent plays this game, recorded with each slot (e.g. the l1 agent's method). */
  readonly notes?: Record<string, unknown>;
}

/** The action of a decision. */
export function decisionAction(d: Decision): Action {
  return typeof d === 'number' ? d : d.action;
}
