/**
 * Algorithms over the engine's game/state API (`interpreter/api.ts`): the game tree (building
 * within a node budget, statistics, size estimates), exact expected returns, Monte Carlo
 * simulation with L0 (through the engine's playout kernel where the game offers one); and the solvers: CFR+, best response, exploitability
 * and saved policies over the game tree for small games, Monte Carlo CFR with sampled best
 * responses for games of any size.
 */
export { expectedReturns, uniformPolicy, type Policy } from './exact.js';
export * from './tree.js';
export { simulate, playEpisode, type SimulationReport, type SimulateOptions } from './simulate.js';
export { l0Player, l0Sample, l0Pick, l0PickFromKinds, l0Distribution, legalActionKinds } from './l0.js';
export * from './policy.js';
export * from './cfr-plus.js';
export * from './best-response.js';
export * from './policy-file.js';
export * from './solve.js';
export * from './mccfr.js';
export * from './sampled-br.js';
export * from './mccfr-run.js';
export * from './ev-loss.js';
export * from './casino/blackjack.js';
export * from './casino/roulette.js';
export * from './tree-decision-reference.js';
