/**
 * The interpreter: compile a game's IR into a step program and play it through an
 * OpenSpiel-style state (see `api.ts`).
 */
export * from './api.js';
export { compileGame, CompiledGame, compileAnyGame, DEFAULT_BACKEND, defaultBackend, type EngineBackend, type EngineOptions } from './game.js';
export { compileTableGame, TableGame } from './table-game.js';
export { TableState } from './table-state.js';
export { InterpreterState } from './state.js';
export type { MachineKernel } from './machine-kernel.js';
export { ProgramError, type Program } from './program.js';
export { FOLD, CALL, RAISE } from './betting.js';
export { sampleChanceOutcome } from './chance.js';
export { episodeRng } from './rng.js';
export { InstructionCounts } from './instruction-counts.js';
