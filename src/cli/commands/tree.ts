/**
 * `gbgc tree FILE --stats [--max-nodes N] [--json]`: estimate the tree's size by random probes,
 * refuse at once when the estimate exceeds the budget, else enumerate the whole game tree.
 */
import type { RegisterCommand } from './index.js';
import { loadAnyGame } from '../load.js';
import { UserError, parseIntOption } from '../errors.js';
import { countWithinBudget, type BudgetedCount, type TreeSizeEstimate, type TreeStats } from '../../algorithms/tree.js';
import { rngFromKeys } from '../../util/rng.js';

/**
 * Default `--max-nodes` of `gbgc tree`: enumeration of at most a million histories keeps the
 * command within seconds even on a busy machine (bench/tree.ts times every sampled game).
 */
export const TREE_DEFAULT_MAX_NODES = 1_000_000;
/** Random probes of the size estimate (Knuth's estimator; a few milliseconds). */
export const TREE_ESTIMATE_PROBES = 1000;

/** The estimate in words: `9,457 ± 120 histories (Knuth's estimator over 1,000 random paths)`. */
export function describeEstimate(e: TreeSizeEstimate): string {
  const n = (x: number): string => Math.round(x).toLocaleString('en-US');
  return `${n(e.histories)} ± ${n(e.standardError)} histories (Knuth's estimator over ${n(e.probes)} random paths, ± one standard error)`;
}
import { startProgress } from '../progress.js';

/** The human-readable statistics. */
export function formatTreeStats(name: string, s: TreeStats, seats: readonly string[]): string {
  const n = (x: number): string => x.toLocaleString('en-US');
  return [
    `${name}: game tree`,
    `  histories            ${n(s.histories)} (${n(s.decisionNodes)} decision, ${n(s.chanceNodes)} chance, ${n(s.terminalHistories)} terminal)`,
    `  information states   ${n(s.infoStates.reduce((a, b) => a + b, 0))} (${seats.map((seat, i) => `${seat} ${n(s.infoStates[i])}`).join(', ')})`,
    `  maximum depth        ${s.maxDepth} actions (chance outcomes included)`,
    '',
  ].join('\n');
}

/** Why a tree was refused, with its size estimate. */
export function refusalMessage(r: Extract<BudgetedCount, { kind: 'refused' }>): string {
  const budget = r.maxNodes.toLocaleString('en-US');
  return r.when === 'estimate'
    ? `the game tree has an estimated ${describeEstimate(r.estimate)}, more than --max-nodes ${budget}; raise --max-nodes to enumerate it anyway`
    : `the game tree has more than ${budget} histories (estimated ${describeEstimate(r.estimate)}); raise --max-nodes to enumerate it anyway`;
}

export const registerTree: RegisterCommand = (cmd, ctx) =>
  cmd
    .argument('<file>', '.gbg file')
    .option('--stats', 'print the tree statistics (the default and only report)')
    .option('--max-nodes <n>', 'refuse trees with more histories than this', String(TREE_DEFAULT_MAX_NODES))
    .option('--json', 'print the statistics as JSON')
    .addHelpText(
      'after',
      '\nInformation states are counted where a seat acts, as OpenSpiel counts them (Kuhn: 6 per seat,\n' +
        "Leduc hold'em: 468 per seat). JSON fields: histories, terminalHistories, chanceNodes, decisionNodes,\n" +
        'infoStates (one per seat, seat 0 first), maxDepth. On more than two seats every terminal is checked to\n' +
        'conserve chips (the returns sum to 0).\n\n' +
        `The size is first estimated from ${TREE_ESTIMATE_PROBES.toLocaleString('en-US')} random root-to-leaf paths (Knuth's estimator,\n` +
        'seeded by the ruleset hash); when the estimate exceeds --max-nodes the command stops at once with it\n' +
        '(exit 1). Otherwise the tree is enumerated, and still refused once it passes --max-nodes.\n\n' +
        'Example:\n  gbgc tree examples/leduc.gbg --stats',
    )
    .action((file: string, opts: { maxNodes: string; json?: boolean }) => {
      const maxNodes = parseIntOption('--max-nodes', opts.maxNodes, 1, 1_000_000_000);
      const { ir, rulesetHash, game } = loadAnyGame(file);
      const progress = startProgress(ctx.io, maxNodes, 'tree [{bar}] {value} histories (limit {total})');
      let r: BudgetedCount;
      try {
        r = countWithinBudget(game, maxNodes, rngFromKeys(parseInt(rulesetHash.slice(0, 8), 16)), TREE_ESTIMATE_PROBES, (h) => progress.update(h));
      } finally {
        progress.stop();
      }
      if (r.kind === 'refused') throw new UserError(`${file}: ${refusalMessage(r)}`);
      const stats = r.stats;
      ctx.io.stdout(opts.json ? `${JSON.stringify(stats, null, 2)}\n` : formatTreeStats(ir.name, stats, ir.seats));
    });
