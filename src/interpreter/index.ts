/**
 * The interpreter: compile a game's IR into a step program and play it through an
 * OpenSpiel-style state (see `api.ts`).
 */
export * from './api.js';
export { compileGame, CompiledGame } from './game.js';
export { InterpreterState } from './state.js';
export { ProgramError, type Program } from './program.js';
export { FOLD, CALL, RAISE } from './betting.js';
export { sampleChanceOutcome } from './chance.js';
export { expectedReturns, uniformPolicy, type Policy } from './exact.js';
export { treeStats, TreeTooLargeError, buildGameTree, estimateTreeSize, countWithinBudget, type TreeStats, type GameTree, type TreeSizeEstimate, type BudgetedCount } from './tree.js';
export { simulate, playEpisode, type SimulationReport, type SimulateOptions } from './simulate.js';
export { episodeRng } from './rng.js';
export { l0Player, l0Sample, l0Pick, l0PickFromKinds, l0Distribution, legalActionKinds } from './l0.js';
