/**
 * gbgc as a library: the package entry (`import { loadGame } from 'gbgc'`).
 *
 * The surface is small on purpose; see `docs/api.md` for a walk-through.
 * - {@link loadGame}: a `.gbg` path or source → a {@link LabeledGame} (throws {@link GameLoadError}
 *   with the diagnostics when it does not compile).
 * - `game.newInitialState()` → a {@link LabeledState}: the OpenSpiel-style API plus
 *   `legalActionLabels()`, `applyLabel('raise')`, `chanceOutcomeByLabel('K of hearts')`,
 *   `observation(seat)`, `turnPrompt(seat)`.
 * - {@link renderRulebook}, {@link sample}, {@link solve}, {@link simulate}, and the {@link Player}
 *   interface agents implement.
 */
import type { GameIR } from './ir/schema.js';
import type { Game } from './interpreter/api.js';
import { simulate as simulateCompiled, type SimulateOptions, type SimulationReport } from './interpreter/simulate.js';
import { renderRulebook as renderIR, type RenderFormat } from './render/rulebook.js';
import { solve as solveGame, type SolveOptions, type SolveResult } from './eval/solvers/solve.js';
import { LabeledGame } from './lib/game.js';

export { loadGame, LabeledGame, LabeledState, GameLoadError, IllegalLabelError } from './lib/game.js';
export { CHANCE, TERMINAL, IllegalActionError } from './interpreter/api.js';
export type { Action, ChanceOutcome, Game, GameState, MenuItem, Observation, ObservedEvent, PlayerId, Player } from './interpreter/api.js';
export type { Rng } from './util/rng.js';
export { rngFromKeys } from './util/rng.js';
export { UserError, UsageError } from './util/errors.js';
export type { Diagnostic } from './diagnostics/diagnostic.js';
export type { GameIR } from './ir/schema.js';
export type { RenderFormat } from './render/rulebook.js';
export type { SolveOptions, SolveResult } from './eval/solvers/solve.js';
export type { SimulateOptions, SimulationReport } from './interpreter/simulate.js';
export { sample, type SampledGame } from './sampler/sample.js';

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

/**
 * Play `options.episodes` episodes between two players (seat 0 first) and summarise returns
 * (chips/game ± standard error), moves per seat and phase firing rates. Deterministic for a seed.
 */
export function simulate(game: LabeledGame, options: SimulateOptions): Promise<SimulationReport> {
  return simulateCompiled(game.compiled, options);
}
