/**
 * gbgc as a library: the package entry (`import { loadGame } from 'gbgc'`).
 *
 * The surface is small on purpose; see `docs/api.md` for a walk-through.
 * - {@link loadGame}: a `.gbg` path or source → a {@link LabeledGame} (throws {@link GameLoadError}
 *   with the diagnostics when it does not compile).
 * - `game.newInitialState()` → a {@link LabeledState}: the OpenSpiel-style API plus
 *   `legalActionLabels()`, `applyLabel('raise')`, `chanceOutcomeByLabel('K of hearts')`,
 *   `observation(seat)`, `turnPrompt(seat)`.
 * - {@link renderRulebook}, {@link sample}, {@link solve}, {@link simulate} (a Promise), and the
 *   {@link Player} interface `simulate`'s agents implement.
 * - The bots as agents ({@link randomAgent} (L0), {@link l1Agent}, {@link cfrAgent},
 *   {@link heuristicAgent}, or {@link createAgent} by kind name) and {@link playMatch}, a duplicate
 *   match (a Promise) as `gbgc match` plays it.
 * A wrong argument (a string where an agent goes, a game that is not loaded, runs that are not a
 * whole number) is a `TypeError` naming the argument and what it takes.
 */
import type { GameIR } from './ir/schema.js';
import type { Game } from './interpreter/api.js';
import { simulate as simulateCompiled, type SimulateOptions, type SimulationReport } from './algorithms/simulate.js';
import { renderRulebook as renderIR, type RenderFormat } from './render/rulebook.js';
import { solve as solveGame, type SolveOptions, type SolveResult } from './algorithms/solve.js';
import { LabeledGame } from './lib/game.js';
import { simulationPlayer, type AgentKind } from './lib/agents.js';
import type { Player } from './interpreter/api.js';
import type { Agent } from './eval/agents/agent.js';

export { loadGame, LabeledGame, LabeledState, GameLoadError, IllegalLabelError } from './lib/game.js';
export { CHANCE, TERMINAL, IllegalActionError } from './interpreter/api.js';
export type { Action, ChanceOutcome, Game, GameState, MenuItem, Observation, ObservedEvent, PlayerId, Player, TableOptions } from './interpreter/api.js';
export type { Rng } from './util/rng.js';
export { rngFromKeys } from './util/rng.js';
export { UserError, UsageError } from './util/errors.js';
export { GameContractError } from './algorithms/tree.js';
export type { Diagnostic } from './diagnostics/diagnostic.js';
export type { GameIR } from './ir/schema.js';
export type { RenderFormat } from './render/rulebook.js';
export type { SolveOptions, SolveResult } from './algorithms/solve.js';
export type { SimulateOptions, SimulationReport } from './algorithms/simulate.js';
export { sample, type SampledGame } from './sampler/sample.js';
export {
  AGENT_KINDS,
  randomAgent,
  l1Agent,
  cfrAgent,
  heuristicAgent,
  createAgent,
  playMatch,
  type AgentKind,
  type CfrParams,
  type MatchResult,
  type PlayMatchOptions,
} from './lib/agents.js';
export type { Agent, AgentView, AgentMove, Decision } from './eval/agents/agent.js';
export type { L1Params } from './eval/agents/l1.js';
export type { HeuristicParams } from './eval/agents/heuristic.js';
export type { MatchSummary, RunResult } from './eval/match/match.js';

/**
 * The complete rulebook of a game (Overview, Visibility, Sequence of Play, Phase Details, Showdown).
 * @param game a loaded game or its IR
 * @param format `md` (Markdown, default) or `txt`
 */
export function renderRulebook(game: LabeledGame | Game | GameIR, format: RenderFormat = 'md'): string {
  const ir = 'irVersion' in game ? game : game.ir;
  return renderIR(ir, format);
}

/**
 * Solve a game exactly with CFR+ (game value per seat and exploitability, chips/game).
 * @throws TreeBudgetError (a UserError) when the game tree exceeds `options.maxNodes`
 */
export function solve(game: LabeledGame | Game, options: SolveOptions = {}): SolveResult {
  return solveGame(game instanceof LabeledGame ? game.compiled : game, options);
}

/** Options of {@link simulate}: as the interpreter's, with agents given as players, library agents or kind names. */
export interface LibrarySimulateOptions extends Omit<SimulateOptions, 'agents'> {
  /** The agent of each seat, seat 0 first: a {@link Player}, an agent of this library (randomAgent, cfrAgent(game), …) or a kind name ('random', 'l1', 'cfr', 'heuristic'). */
  agents: readonly (Player | Agent | AgentKind)[];
}

/**
 * Play `options.episodes` episodes between agents, one per seat (seat 0 first), and summarise returns
 * (chips won per game ± standard error), moves per seat and phase firing rates. Asynchronous:
 * returns a Promise. Deterministic for a seed.
 * @throws TypeError (the promise rejects) naming a wrong argument; RangeError for episodes < 1
 */
export async function simulate(game: LabeledGame, options: LibrarySimulateOptions): Promise<SimulationReport> {
  if (!(game instanceof LabeledGame))
    throw new TypeError(`simulate: the game must be a loaded game (loadGame(path)), got ${game === null ? 'null' : typeof game}`);
  if (!options || typeof options !== 'object') throw new TypeError('simulate: options must be an object { episodes, seed, agents }');
  const seats = game.numSeats;
  if (!Array.isArray(options.agents) || options.agents.length !== seats)
    throw new TypeError(`simulate: options.agents must be a list of ${seats === 2 ? 'two' : seats} agents, seat 0 first`);
  const agents: Player[] = [];
  for (let i = 0; i < seats; i++) agents.push(await simulationPlayer(options.agents[i], game, `simulate: options.agents[${i}]`));
  if (!Number.isInteger(options.seed)) throw new TypeError(`simulate: options.seed must be a whole number, got ${String(options.seed)}`);
  return simulateCompiled(game.compiled, { ...options, agents });
}
