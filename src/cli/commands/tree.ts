/**
 * `gbgc tree FILE --stats [--max-nodes N] [--json]`: enumerate the whole game tree.
 */
import type { RegisterCommand } from './index.js';
import { loadGame } from '../load.js';
import { UserError, parseIntOption } from '../errors.js';
import { compileGame } from '../../interpreter/game.js';
import { TreeTooLargeError, treeStats, type TreeStats } from '../../interpreter/tree.js';
import { startProgress } from './progress-bar.js';

/** The human-readable statistics. */
export function formatTreeStats(name: string, s: TreeStats, seats: readonly [string, string]): string {
  const n = (x: number): string => x.toLocaleString('en-US');
  return [
    `${name}: game tree`,
    `  histories            ${n(s.histories)} (${n(s.decisionNodes)} decision, ${n(s.chanceNodes)} chance, ${n(s.terminalHistories)} terminal)`,
    `  information states   ${n(s.infoStates[0] + s.infoStates[1])} (${seats[0]} ${n(s.infoStates[0])}, ${seats[1]} ${n(s.infoStates[1])})`,
    `  maximum depth        ${s.maxDepth} actions (chance outcomes included)`,
    '',
  ].join('\n');
}

export const registerTree: RegisterCommand = (program, ctx) =>
  program
    .command('tree')
    .description('enumerate the whole game tree: histories, information states per seat, maximum depth')
    .argument('<file>', '.gbg file')
    .option('--stats', 'print the tree statistics (the default and only report)')
    .option('--max-nodes <n>', 'refuse trees with more histories than this', '5000000')
    .option('--json', 'print the statistics as JSON')
    .addHelpText(
      'after',
      '\nInformation states are counted where a seat acts, as OpenSpiel counts them (Kuhn: 6 per seat,\n' +
        "Leduc hold'em: 468 per seat). JSON fields: histories, terminalHistories, chanceNodes, decisionNodes,\n" +
        'infoStates [seat 0, seat 1], maxDepth.\n\nExample:\n  gbgc tree examples/leduc.gbg --stats',
    )
    .action((file: string, opts: { maxNodes: string; json?: boolean }) => {
      const maxNodes = parseIntOption('--max-nodes', opts.maxNodes, 1, 1_000_000_000);
      const { ir } = loadGame(file);
      const game = compileGame(ir);
      const progress = startProgress(ctx.io, maxNodes, 'tree [{bar}] {value} histories (limit {total})');
      let stats: TreeStats;
      try {
        stats = treeStats(game, maxNodes, (h) => progress.update(h));
      } catch (e) {
        if (e instanceof TreeTooLargeError)
          throw new UserError(`${file}: the game tree has more than ${maxNodes.toLocaleString('en-US')} histories; raise --max-nodes to enumerate it anyway`);
        throw e;
      } finally {
        progress.stop();
      }
      ctx.io.stdout(opts.json ? `${JSON.stringify(stats, null, 2)}\n` : formatTreeStats(ir.name, stats, ir.seats));
    });
