/**
 * The compact game tree: the whole extensive-form tree of a small game, built once from any
 * {@link Game} through the `GameState` API, stored in typed arrays so the solvers walk it without
 * allocating and without touching the interpreter again.
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
import { CHANCE, TERMINAL, type Action, type Game, type GameState } from '../../interpreter/api.js';
import { UserError } from '../../util/errors.js';

/** `kind[n]` of a terminal node. */
export const NODE_TERMINAL = 0;
/** `kind[n]` of a chance node. */
export const NODE_CHANCE = 1;
/** `kind[n]` of a decision node. */
export const NODE_DECISION = 2;

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

/** Thrown when the tree has more nodes than the `--max-nodes` budget allows (exit code 1). */
export class TreeBudgetError extends UserError {
  constructor(readonly maxNodes: number) {
    super(
      `the game tree has more than ${maxNodes.toLocaleString('en-US')} nodes (the --max-nodes budget); ` +
        'exact solving is for small games — `gbgc solve --max-nodes N` can raise it if memory allows, ' +
        'and `--save policy.json` keeps the result for `--policy` in simulate and play',
    );
    this.name = 'TreeBudgetError';
  }
}

/** Options of {@link buildTree}. */
export interface BuildTreeOptions {
  /** Node budget (default {@link DEFAULT_MAX_NODES}). */
  maxNodes?: number;
}

/** Growable typed arrays used while building. */
class NodeStore {
  cap: number;
  n = 0;
  kind: Uint8Array;
  player: Int8Array;
  infoset: Int32Array;
  firstChild: Int32Array;
  childCount: Int32Array;
  action: Int32Array;
  chanceProb: Float64Array;
  returns0: Float64Array;
  constructor(cap: number) {
    this.cap = cap;
    this.kind = new Uint8Array(cap);
    this.player = new Int8Array(cap);
    this.infoset = new Int32Array(cap);
    this.firstChild = new Int32Array(cap);
    this.childCount = new Int32Array(cap);
    this.action = new Int32Array(cap);
    this.chanceProb = new Float64Array(cap);
    this.returns0 = new Float64Array(cap);
  }
  /** Reserve `k` consecutive node ids; returns the first. */
  reserve(k: number, maxNodes: number): number {
    if (this.n + k > maxNodes) throw new TreeBudgetError(maxNodes);
    while (this.n + k > this.cap) this.grow(Math.min(maxNodes, this.cap * 2));
    const first = this.n;
    this.n += k;
    return first;
  }
  private grow(cap: number): void {
    const g = <T extends Uint8Array | Int8Array | Int32Array | Float64Array>(a: T, make: (c: number) => T): T => {
      const b = make(cap);
      b.set(a);
      return b;
    };
    this.kind = g(this.kind, (c) => new Uint8Array(c));
    this.player = g(this.player, (c) => new Int8Array(c));
    this.infoset = g(this.infoset, (c) => new Int32Array(c));
    this.firstChild = g(this.firstChild, (c) => new Int32Array(c));
    this.childCount = g(this.childCount, (c) => new Int32Array(c));
    this.action = g(this.action, (c) => new Int32Array(c));
    this.chanceProb = g(this.chanceProb, (c) => new Float64Array(c));
    this.returns0 = g(this.returns0, (c) => new Float64Array(c));
    this.cap = cap;
  }
}

/** An information state while building, before renumbering by seat. */
interface InfosetDraft {
  seat: number;
  key: string;
  actions: Action[];
  labels: string[];
  /** Parent slot as (draft id, action index), or null for the seat's first decision. */
  parent: readonly [number, number] | null;
  nodes: number[];
}

/**
 * Build the compact tree of a game by walking every history from `game.newInitialState()`.
 *
 * Uses only `currentPlayer`, `legalActions`, `chanceOutcomes`, `applyAction`, `clone`, `returns`,
 * `informationStateKey` and `actionToString`.
 * @throws TreeBudgetError when the tree has more than `maxNodes` nodes.
 * @throws UserError when the game is not two-seat zero-sum at a terminal, when two states of one
 *   information state have different legal actions, or when a seat forgets its own earlier
 *   decisions (imperfect recall) — the solvers assume perfect recall.
 * @throws Error when a chance node's probabilities do not sum to 1 (an interpreter bug).
 */
export function buildTree(game: Game, options: BuildTreeOptions = {}): CompactTree {
  const maxNodes = options.maxNodes ?? DEFAULT_MAX_NODES;
  const store = new NodeStore(Math.min(maxNodes, 1024));
  const drafts: InfosetDraft[] = [];
  const ids: [Map<string, number>, Map<string, number>] = [new Map(), new Map()];
  let maxDepth = 0;
  // lastSlot[seat] is the seat's latest decision on the current path, as (draft id, action index).
  const expand = (
    state: GameState,
    node: number,
    depth: number,
    last0: readonly [number, number] | null,
    last1: readonly [number, number] | null,
  ): void => {
    if (depth > maxDepth) maxDepth = depth;
    const cp = state.currentPlayer();
    store.player[node] = -1;
    store.infoset[node] = -1;
    if (cp === TERMINAL) {
      const r = state.returns();
      if (Math.abs(r[0] + r[1]) > 1e-9) {
        throw new UserError(`the game is not zero-sum: a terminal has returns [${r[0]}, ${r[1]}]`);
      }
      store.kind[node] = NODE_TERMINAL;
      store.firstChild[node] = -1;
      store.childCount[node] = 0;
      store.returns0[node] = r[0];
      return;
    }
    if (cp === CHANCE) {
      const outcomes = state.chanceOutcomes();
      let total = 0;
      for (const [, p] of outcomes) total += p;
      if (outcomes.length === 0 || Math.abs(total - 1) > 1e-9) {
        throw new Error(`chance node with outcome probabilities summing to ${total}, not 1`);
      }
      const first = store.reserve(outcomes.length, maxNodes);
      store.kind[node] = NODE_CHANCE;
      store.firstChild[node] = first;
      store.childCount[node] = outcomes.length;
      for (let i = 0; i < outcomes.length; i++) {
        const [a, p] = outcomes[i];
        store.action[first + i] = a;
        store.chanceProb[first + i] = p;
        const child = i === outcomes.length - 1 ? state : state.clone();
        child.applyAction(a);
        expand(child, first + i, depth + 1, last0, last1);
      }
      return;
    }
    if (cp !== 0 && cp !== 1) throw new Error(`currentPlayer() returned ${cp}, not a seat, CHANCE or TERMINAL`);
    const legal = state.legalActions();
    if (legal.length === 0) throw new UserError('a decision node has no legal actions');
    const key = state.informationStateKey(cp);
    const last = cp === 0 ? last0 : last1;
    let id = ids[cp].get(key);
    if (id === undefined) {
      id = drafts.length;
      ids[cp].set(key, id);
      drafts.push({
        seat: cp,
        key,
        actions: legal.slice(),
        labels: legal.map((a) => state.actionToString(cp, a)),
        parent: last,
        nodes: [],
      });
    } else {
      const d = drafts[id];
      if (d.actions.length !== legal.length || d.actions.some((a, i) => a !== legal[i])) {
        throw new UserError(
          `information state '${key}' of seat ${cp} has legal actions [${d.actions.join(', ')}] ` +
            `at one state and [${legal.join(', ')}] at another`,
        );
      }
      const same = d.parent === null ? last === null : last !== null && last[0] === d.parent[0] && last[1] === d.parent[1];
      if (!same) {
        throw new UserError(
          `seat ${cp} does not recall its own earlier decisions at information state '${key}' ` +
            '(imperfect recall); exact solving needs perfect recall',
        );
      }
    }
    drafts[id].nodes.push(node);
    const first = store.reserve(legal.length, maxNodes);
    store.kind[node] = NODE_DECISION;
    store.player[node] = cp;
    store.infoset[node] = id;
    store.firstChild[node] = first;
    store.childCount[node] = legal.length;
    for (let i = 0; i < legal.length; i++) {
      store.action[first + i] = legal[i];
      store.chanceProb[first + i] = 1;
      const child = i === legal.length - 1 ? state : state.clone();
      child.applyAction(legal[i]);
      const here = [id, i] as const;
      expand(child, first + i, depth + 1, cp === 0 ? here : last0, cp === 1 ? here : last1);
    }
  };
  const root = store.reserve(1, maxNodes);
  store.action[root] = -1;
  store.chanceProb[root] = 1;
  expand(game.newInitialState(), root, 0, null, null);
  return finish(store, drafts, maxDepth);
}

/** Renumber information states by seat and freeze the arrays. */
function finish(store: NodeStore, drafts: InfosetDraft[], maxDepth: number): CompactTree {
  const order = [...drafts.keys()].sort((a, b) => drafts[a].seat - drafts[b].seat || a - b);
  const newId = new Int32Array(drafts.length);
  order.forEach((old, i) => (newId[old] = i));
  const numInfosets = drafts.length;
  const slotStart = new Int32Array(numInfosets + 1);
  for (let i = 0; i < numInfosets; i++) slotStart[i + 1] = slotStart[i] + drafts[order[i]].actions.length;
  const numSlots = slotStart[numInfosets];
  const slotAction = new Int32Array(numSlots);
  const slotLabel: string[] = new Array(numSlots);
  const infosetSeat = new Uint8Array(numInfosets);
  const infosetParentSlot = new Int32Array(numInfosets);
  const infosetKey: string[] = new Array(numInfosets);
  const infosetNodeStart = new Int32Array(numInfosets + 1);
  let nodeTotal = 0;
  for (const d of drafts) nodeTotal += d.nodes.length;
  const infosetNodes = new Int32Array(nodeTotal);
  const perSeat: [number, number] = [0, 0];
  for (let i = 0; i < numInfosets; i++) {
    const d = drafts[order[i]];
    perSeat[d.seat]++;
    infosetSeat[i] = d.seat;
    infosetKey[i] = d.key;
    infosetParentSlot[i] = d.parent === null ? -1 : slotStart[newId[d.parent[0]]] + d.parent[1];
    for (let a = 0; a < d.actions.length; a++) {
      slotAction[slotStart[i] + a] = d.actions[a];
      slotLabel[slotStart[i] + a] = d.labels[a];
    }
    infosetNodeStart[i + 1] = infosetNodeStart[i] + d.nodes.length;
    infosetNodes.set(d.nodes, infosetNodeStart[i]);
  }
  const n = store.n;
  const infoset = store.infoset.slice(0, n);
  for (let v = 0; v < n; v++) if (infoset[v] >= 0) infoset[v] = newId[infoset[v]];
  return {
    numNodes: n,
    kind: store.kind.slice(0, n),
    player: store.player.slice(0, n),
    infoset,
    firstChild: store.firstChild.slice(0, n),
    childCount: store.childCount.slice(0, n),
    action: store.action.slice(0, n),
    chanceProb: store.chanceProb.slice(0, n),
    returns0: store.returns0.slice(0, n),
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
    maxDepth,
  };
}
