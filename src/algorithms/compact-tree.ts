/**
 * The compact game tree: the whole extensive-form tree of a small game, built once from any
 * {@link Game} (see `buildGameTree` in `tree.ts`), stored in typed arrays so the
 * solvers walk it without allocating and without touching the interpreter again.
 *
 * Layout. Nodes are numbered from 0 (the root). The children of a node are consecutive ids
 * `firstChild[n] .. firstChild[n] + childCount[n] - 1`, in the order of `legalActions()` (decision
 * nodes, ascending action ids) or `chanceOutcomes()` (chance nodes), and every child's id is
 * greater than its parent's. Per-edge data is stored on the child: `action[c]` is the action that
 * leads to `c` and `chanceProb[c]` its probability when the parent is a chance node (1 otherwise).
 * The game is two-seat zero-sum, so terminals store the returns of seat 0 only (chips won; seat 1
 * wins the negation).
 *
 * Information states are numbered densely per seat: seat 0's are `0 .. infosetsPerSeat[0] - 1`,
 * seat 1's follow. Each has a slot range `slotStart[i] .. slotStart[i+1] - 1` into per-action
 * arrays (regrets, strategies, policies), one slot per legal action in ascending id order.
 */
import type { Game } from '../interpreter/api.js';
import { buildGameTree, estimateTreeSize, TreeTooLargeError, type GameTree, type TreeSizeEstimate } from './tree.js';
import { UserError } from '../util/errors.js';
import { hashString, rngFromKeys } from '../util/rng.js';

export { NODE_CHANCE, NODE_DECISION, NODE_TERMINAL } from './tree.js';

/** Default `--max-nodes` budget: large enough for Leduc-sized games, small enough for memory. */
export const DEFAULT_MAX_NODES = 2_000_000;

/** The tree of a game in array form (see the module comment for the layout). */
export interface CompactTree {
  /** Number of nodes (histories), terminals and chance nodes included. */
  readonly numNodes: number;
  /** {@link NODE_TERMINAL}, {@link NODE_CHANCE} or {@link NODE_DECISION}, per node. */
  readonly kind: Uint8Array;
  /** Seat to move at decision nodes (0 or 1); -1 at chance and terminal nodes. */
  readonly player: Int8Array;
  /** Information-state id at decision nodes; -1 elsewhere. */
  readonly infoset: Int32Array;
  /** Id of the first child (children are consecutive); -1 at terminals. */
  readonly firstChild: Int32Array;
  /** Number of children (0 at terminals). */
  readonly childCount: Int32Array;
  /** The action (or chance outcome) leading from the parent to the node; -1 at the root. */
  readonly action: Int32Array;
  /** Probability of the edge into the node when the parent is a chance node, else 1. */
  readonly chanceProb: Float64Array;
  /** Returns of seat 0 at terminals, in chips (seat 1's are the negation); 0 elsewhere. */
  readonly returns0: Float64Array;
  /** Number of information states, both seats. */
  readonly numInfosets: number;
  /** Information states per seat: seat 0's ids come first, then seat 1's. */
  readonly infosetsPerSeat: readonly [number, number];
  /** Seat owning each information state. */
  readonly infosetSeat: Uint8Array;
  /** Slot ranges, length `numInfosets + 1`: information state i owns slots `slotStart[i] .. slotStart[i+1]-1`. */
  readonly slotStart: Int32Array;
  /** Total number of slots (sum of legal-action counts over information states). */
  readonly numSlots: number;
  /** Action id of each slot. */
  readonly slotAction: Int32Array;
  /** `actionToString` label of each slot, e.g. `fold`, `call`, `raise`. */
  readonly slotLabel: readonly string[];
  /**
   * The same seat's previous decision on the path to the information state, as a slot
   * (information state × action), or -1 when it is the seat's first decision. Well defined
   * because the tree builder checks perfect recall.
   */
  readonly infosetParentSlot: Int32Array;
  /** `informationStateKey(seat)` of each information state (for saving policies). */
  readonly infosetKey: readonly string[];
  /** Nodes of each information state (CSR): those of i are `infosetNodes[infosetNodeStart[i] .. infosetNodeStart[i+1]-1]`. */
  readonly infosetNodeStart: Int32Array;
  readonly infosetNodes: Int32Array;
  /** Number of edges on the longest root-to-terminal path. */
  readonly maxDepth: number;
}

/** Random paths of the size estimate made before a tree is built (Knuth's estimator; milliseconds to a few seconds). */
export const ESTIMATE_PROBES = 1000;

/**
 * Thrown when the tree has more nodes than the node budget allows (exit code 1): refused from the
 * size estimate before any node is built, or when the walk passed the budget. The message names
 * no command-line flag: each caller adds what its user can do (`gbgc solve` names `--method mccfr`).
 */
export class TreeBudgetError extends UserError {
  constructor(
    readonly maxNodes: number,
    /** The size estimate, when the refusal came from it. */
    readonly estimate?: TreeSizeEstimate,
  ) {
    const n = (x: number): string => Math.round(x).toLocaleString('en-US');
    super(
      estimate
        ? `the game tree has an estimated ${n(estimate.histories)} ± ${n(estimate.standardError)} histories (Knuth's estimator over ${n(estimate.probes)} random paths), more than the node budget of ${n(maxNodes)}`
        : `the game tree has more than ${n(maxNodes)} nodes (the node budget)`,
    );
    this.name = 'TreeBudgetError';
  }
}

/**
 * The size estimate of a game's tree when it is clearly above `maxNodes` (its estimate less two
 * standard errors exceeds the budget), else undefined. Seeded by the ruleset hash, so the answer
 * is the same on every run. Knuth's estimator is unbiased but tends to miss rare deep branches, so
 * an estimate below the budget proves nothing: the walk still enforces it.
 */
export function estimateAboveBudget(game: Game, maxNodes: number, probes = ESTIMATE_PROBES): TreeSizeEstimate | undefined {
  const e = estimateTreeSize(game, rngFromKeys(hashString(game.rulesetHash ?? '')), probes);
  return e.histories - 2 * e.standardError > maxNodes ? e : undefined;
}

/** Options of {@link buildTree}. */
export interface BuildTreeOptions {
  /** Node budget (default {@link DEFAULT_MAX_NODES}). */
  maxNodes?: number;
  /** Refuse from the size estimate before building (default true; see {@link estimateAboveBudget}). */
  estimateFirst?: boolean;
}

/**
 * Build the compact tree of a game: one walk of every history ({@link buildGameTree}: an undo walk
 * with information-state ids from a trie over seen events for the interpreter's states, copies
 * and `informationStateKey` for other `GameState`s), then information states renumbered by seat
 * with their slots, parent slots and node lists.
 * @throws TreeBudgetError when the size estimate is clearly above `maxNodes`, or the walk passes it.
 * @throws UserError when the game is not two-seat zero-sum at a terminal, when two states of one
 *   information state have different legal actions, or when a seat forgets its own earlier
 *   decisions (imperfect recall) — the solvers assume perfect recall.
 * @throws Error when a chance node's probabilities do not sum to 1 (an interpreter bug).
 */
export function buildTree(game: Game, options: BuildTreeOptions = {}): CompactTree {
  const maxNodes = options.maxNodes ?? DEFAULT_MAX_NODES;
  if (options.estimateFirst !== false) {
    const estimate = estimateAboveBudget(game, maxNodes);
    if (estimate) throw new TreeBudgetError(maxNodes, estimate);
  }
  let g: GameTree;
  try {
    g = buildGameTree(game, { maxNodes });
  } catch (e) {
    if (e instanceof TreeTooLargeError) throw new TreeBudgetError(maxNodes);
    throw e;
  }
  if (g.defect !== undefined) throw new UserError(g.defect);
  return fromGameTree(g);
}

/** Renumber information states by seat (seat 0's first, in order of discovery) and add slots. */
function fromGameTree(g: GameTree): CompactTree {
  const is = g.infosets;
  const numInfosets = is.count;
  const newId = new Int32Array(numInfosets);
  const perSeat: [number, number] = [0, 0];
  for (let i = 0; i < numInfosets; i++) perSeat[is.seat[i]]++;
  const next = [0, perSeat[0]];
  for (let i = 0; i < numInfosets; i++) newId[i] = next[is.seat[i]]++;
  const order = new Int32Array(numInfosets);
  for (let i = 0; i < numInfosets; i++) order[newId[i]] = i;
  const slotStart = new Int32Array(numInfosets + 1);
  for (let j = 0; j < numInfosets; j++) {
    const i = order[j];
    slotStart[j + 1] = slotStart[j] + is.actionStart[i + 1] - is.actionStart[i];
  }
  const numSlots = slotStart[numInfosets];
  const slotAction = new Int32Array(numSlots);
  const slotLabel: string[] = new Array(numSlots);
  const infosetSeat = new Uint8Array(numInfosets);
  const infosetParentSlot = new Int32Array(numInfosets);
  const infosetKey: string[] = new Array(numInfosets);
  for (let j = 0; j < numInfosets; j++) {
    const i = order[j];
    infosetSeat[j] = is.seat[i];
    infosetKey[j] = is.key[i];
    const p = is.parent[i];
    infosetParentSlot[j] = p < 0 ? -1 : slotStart[newId[p]] + is.parentAction[i];
    for (let k = is.actionStart[i], s = slotStart[j]; k < is.actionStart[i + 1]; k++, s++) {
      slotAction[s] = is.actions[k];
      slotLabel[s] = is.labels[k];
    }
  }
  // Node lists per information state (counting sort over the nodes).
  const n = g.numNodes;
  const infoset = g.infoset;
  const infosetNodeStart = new Int32Array(numInfosets + 1);
  for (let v = 0; v < n; v++) {
    const i = infoset[v];
    if (i >= 0) {
      const j = newId[i];
      infoset[v] = j;
      infosetNodeStart[j + 1]++;
    }
  }
  for (let j = 0; j < numInfosets; j++) infosetNodeStart[j + 1] += infosetNodeStart[j];
  const infosetNodes = new Int32Array(infosetNodeStart[numInfosets]);
  const fill = infosetNodeStart.slice(0, numInfosets);
  for (let v = 0; v < n; v++) if (infoset[v] >= 0) infosetNodes[fill[infoset[v]]++] = v;
  return {
    numNodes: n,
    kind: g.kind,
    player: g.player,
    infoset,
    firstChild: g.firstChild,
    childCount: g.childCount,
    action: g.action,
    chanceProb: g.chanceProb,
    returns0: g.returns0,
    numInfosets,
    infosetsPerSeat: perSeat,
    infosetSeat,
    slotStart,
    numSlots,
    slotAction,
    slotLabel,
    infosetParentSlot,
    infosetKey,
    infosetNodeStart,
    infosetNodes,
    maxDepth: g.stats.maxDepth,
  };
}

/**
 * Bytes of the compact tree's arrays per node: the per-node arrays plus the node lists, slots and
 * parent slots of the information states (the key strings and labels are not counted).
 */
export function treeBytesPerNode(tree: CompactTree): number {
  const arrays = [
    tree.kind, tree.player, tree.infoset, tree.firstChild, tree.childCount, tree.action, tree.chanceProb, tree.returns0,
    tree.infosetSeat, tree.slotStart, tree.slotAction, tree.infosetParentSlot, tree.infosetNodeStart, tree.infosetNodes,
  ];
  let bytes = 0;
  for (const a of arrays) bytes += a.byteLength;
  return bytes / tree.numNodes;
}
