/**
 * Solvers: the compact tree, CFR+, best response, exploitability and saved policies for small
 * games; Monte Carlo CFR with sampled best responses for games of any size.
 */
export * from './tree.js';
export * from './policy.js';
export * from './cfr-plus.js';
export * from './best-response.js';
export * from './policy-file.js';
export * from './solve.js';
export * from './mccfr.js';
export * from './sampled-br.js';
export * from './mccfr-run.js';
