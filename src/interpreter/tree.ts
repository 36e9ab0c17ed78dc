/**
 * Full enumeration of a game tree: histories, terminal histories, information states per seat
 * (decision nodes only, as OpenSpiel counts them) and the maximum depth.
 */
import { CHANCE, type GameState } from './api.js';

export interface TreeStats {
  /** Nodes of the tree (every history: decision, chance and terminal). */
  histories: number;
  terminalHistories: number;
  chanceNodes: number;
  decisionNodes: number;
  /** Distinct information states at which each seat acts. */
  infoStates: [number, number];
  /** Longest history, in actions (chance outcomes included). */
  maxDepth: number;
}

/** Thrown when the tree has more than the allowed number of histories. */
export class TreeTooLargeError extends Error {
  constructor(readonly maxNodes: number) {
    super(`the game tree has more than ${maxNodes} histories`);
    this.name = 'TreeTooLargeError';
  }
}

/**
 * Enumerate the whole tree depth first.
 * @param maxNodes stop with {@link TreeTooLargeError} once more histories than this are found
 * @param onProgress called every 65,536 histories with the count so far
 */
export function treeStats(game: { newInitialState(): GameState }, maxNodes = 5_000_000, onProgress?: (histories: number) => void): TreeStats {
  const stats: TreeStats = { histories: 0, terminalHistories: 0, chanceNodes: 0, decisionNodes: 0, infoStates: [0, 0], maxDepth: 0 };
  const keys: [Set<string>, Set<string>] = [new Set(), new Set()];
  const visit = (state: GameState, depth: number): void => {
    if (++stats.histories > maxNodes) throw new TreeTooLargeError(maxNodes);
    if (onProgress && (stats.histories & 0xffff) === 0) onProgress(stats.histories);
    if (depth > stats.maxDepth) stats.maxDepth = depth;
    if (state.isTerminal()) {
      stats.terminalHistories++;
      return;
    }
    const player = state.currentPlayer();
    if (player === CHANCE) stats.chanceNodes++;
    else {
      stats.decisionNodes++;
      keys[player].add(state.informationStateKey(player));
    }
    for (const a of state.legalActions()) {
      const child = state.clone();
      child.applyAction(a);
      visit(child, depth + 1);
    }
  };
  visit(game.newInitialState(), 0);
  stats.infoStates = [keys[0].size, keys[1].size];
  return stats;
}
