/**
 * Exact solvers for small games: the compact tree, CFR+, best response, exploitability and saved
 * policies.
 */
export * from './tree.js';
export * from './policy.js';
export * from './cfr-plus.js';
export * from './best-response.js';
export * from './policy-file.js';
export * from './solve.js';
