/**
 * The game tree: the whole extensive-form tree of a small game in flat typed arrays, built by one
 * depth-first walk of any {@link Game}, so that exact values, CFR+ and best responses walk it
 * without allocating and without touching the interpreter again; plus the statistics of
 * `gbgc tree --stats`, a random-probe estimate of the tree's size and the node budget.
 *
 * Layout of a {@link GameTree}. Nodes are numbered from 0 (the root). The children of a node are
 * consecutive ids `firstChild[n] .. firstChild[n] + childCount[n] - 1`, in the order of
 * `legalActions()` (decision nodes, ascending action ids) or `chanceOutcomes()` (chance nodes),
 * and every child's id is greater than its parent's. Per-edge data is stored on the child:
 * `action[c]` is the action that leads to `c` and `chanceProb[c]` its probability when the parent
 * is a chance node (1 otherwise). The game is two-seat zero-sum, so terminals store the returns of
 * seat 0 only (chips won; seat 1 wins the negation). Per node: 1 + 1 + 4 + 4 + 4 + 4 + 8 + 8 = 34
 * bytes, plus 4 per decision node in the list of each information state's nodes.
 *
 * Information states are numbered densely per seat: seat 0's are `0 .. infosetsPerSeat[0] - 1`
 * (in order of discovery), seat 1's follow. Each has a slot range `slotStart[i] .. slotStart[i+1] - 1`
 * into per-action arrays (regrets, strategies, policies), one slot per legal action in ascending
 * id order.
 *
 * The walk. For states that rewind, sample chance without allocating and number their
 * information states (the contract's `IndexedState` and `ChanceSamplingState`: the interpreter's)
 * it keeps one state and rewinds it after each child (no copies, no observations), and identifies
 * information states by each seat's {@link InfosetIndexer} (for the interpreter, a trie over the
 * events the seat saw); a node new at a decision is mapped once to its canonical id (an integer,
 * no key string), so information states are exactly the distinct `informationStateKey` values;
 * the key strings are built once at the end. Other `GameState` implementations are walked
 * through `clone()` and `informationStateKey`.
 */
import {
  CHANCE,
  TERMINAL,
  canIndexInfosets,
  canRewind,
  canSampleChance,
  type Action,
  type ChanceSamplingState,
  type Game,
  type GameState,
  type IndexedState,
  type InfosetIndexer,
  type StateMark,
} from '../interpreter/api.js';
import { CompiledGame, TableGame } from '../interpreter/index.js';
import { grownTo } from '../util/arrays.js';
import { UserError } from '../util/errors.js';
import { requireTwoSeats } from './seats.js';
import { hashString, rngFromKeys, type Rng } from '../util/rng.js';

/** `kind[n]` of a terminal node. */
export const NODE_TERMINAL = 0;
/** `kind[n]` of a chance node. */
export const NODE_CHANCE = 1;
/** `kind[n]` of a decision node. */
export const NODE_DECISION = 2;

export interface TreeStats {
  /** Nodes of the tree (every history: decision, chance and terminal). */
  histories: number;
  terminalHistories: number;
  chanceNodes: number;
  decisionNodes: number;
  /** Distinct information states at which each seat acts, one entry per seat. */
  infoStates: number[];
  /** Longest history, in actions (chance outcomes included). */
  maxDepth: number;
}

/** Nodes between two calls of a walk's `stop` ({@link BuildGameTreeOptions}). */
export const STOP_CHECK_NODES = 4096;

/** Thrown when a walk's `stop` asked it to end (a time budget ran out) before the tree was complete. */
export class TreeWalkStopped extends Error {
  constructor(readonly nodes: number) {
    super(`the game tree walk was stopped after ${nodes} nodes`);
    this.name = 'TreeWalkStopped';
  }
}

/** Thrown when the tree has more than the allowed number of histories. */
export class TreeTooLargeError extends Error {
  constructor(readonly maxNodes: number) {
    super(`the game tree has more than ${maxNodes} histories`);
    this.name = 'TreeTooLargeError';
  }
}

/**
 * A game given to a tree walk broke the `Game`/`GameState` contract (`interpreter/api.ts`): a chance
 * node whose outcome probabilities do not sum to 1, a `currentPlayer()` that is not a seat, CHANCE
 * or TERMINAL, or (more than two seats) a terminal whose returns do not sum to 0. For a library
 * user's own `Game` this is bad input (exit 1, the message naming the rule it broke); for gbgc's own
 * compiled games the walks rethrow it as an internal error ({@link contractViolation}).
 */
export class GameContractError extends UserError {
  constructor(
    /** The rule broken, without the preface. */
    readonly detail: string,
  ) {
    super(`the game breaks the Game contract: ${detail}`);
    this.name = 'GameContractError';
  }
}

/** Whether `game` is one of gbgc's own compiled games (the interpreter's, the table engine's, or the library's wrapper of one). */
function isOwnGame(game: unknown): boolean {
  if (game instanceof CompiledGame || game instanceof TableGame) return true;
  const inner = (game as { compiled?: unknown } | null)?.compiled;
  return inner instanceof CompiledGame || inner instanceof TableGame;
}

/**
 * Run a walk of `game`: a {@link GameContractError} stays a user error for a game the user wrote,
 * and becomes an internal error (exit 70: a bug of gbgc's engine) for one of gbgc's compiled games.
 */
function contractViolation<T>(game: unknown, walk: () => T): T {
  try {
    return walk();
  } catch (e) {
    if (e instanceof GameContractError && isOwnGame(game)) throw new Error(`gbgc's compiled game broke the Game contract: ${e.detail}`, { cause: e });
    throw e;
  }
}

/** The tree of a game in array form (see the module comment for the layout). */
export interface GameTree {
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
   * The same seat's previous decision on the path to the information state (at its first visit),
   * as a slot (information state × action), or -1 when it is the seat's first decision. Well
   * defined when the tree has no {@link defect} (perfect recall).
   */
  readonly infosetParentSlot: Int32Array;
  /** `informationStateKey(seat)` of each information state (for saving policies). */
  readonly infosetKey: readonly string[];
  /** Nodes of each information state (CSR): those of i are `infosetNodes[infosetNodeStart[i] .. infosetNodeStart[i+1]-1]`. */
  readonly infosetNodeStart: Int32Array;
  readonly infosetNodes: Int32Array;
  /** The counts of `gbgc tree --stats` (`stats.maxDepth`: edges on the longest root-to-terminal path). */
  readonly stats: TreeStats;
  /**
   * The first finding that rules out the solvers (which need two-seat zero-sum returns, perfect
   * recall and the same legal actions throughout an information state), or undefined.
   */
  readonly defect?: string;
}

/** Options of {@link buildGameTree}. */
export interface BuildGameTreeOptions {
  /** Stop with {@link TreeTooLargeError} once more nodes than this are found (default 5,000,000). */
  maxNodes?: number;
  /** Called every 65,536 nodes with the count so far. */
  onProgress?: (nodes: number) => void;
  /** Asked every {@link STOP_CHECK_NODES} nodes; true ends the walk with {@link TreeWalkStopped} (a caller's time budget). */
  stop?: () => boolean;
}

/** Bytes per node of the arrays of a {@link GameTree}. */
export const BYTES_PER_NODE = 34;

/**
 * An empty array meant for objects or strings, created in V8's general elements kind: an empty
 * literal starts as an array of small integers and changes kind at its first push, which makes
 * the walk's optimised code deoptimise once per such array on every new walk.
 */
function objectArray<T>(): T[] {
  const a = [null as T];
  a.pop();
  return a;
}

/** Growable per-node arrays. */
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
  grow(need: number): void {
    let cap = this.cap * 2;
    while (cap < need) cap *= 2;
    const g = <T extends Uint8Array | Int8Array | Int32Array | Float64Array>(a: T, b: T): T => {
      b.set(a);
      return b;
    };
    this.kind = g(this.kind, new Uint8Array(cap));
    this.player = g(this.player, new Int8Array(cap));
    this.infoset = g(this.infoset, new Int32Array(cap));
    this.firstChild = g(this.firstChild, new Int32Array(cap));
    this.childCount = g(this.childCount, new Int32Array(cap));
    this.action = g(this.action, new Int32Array(cap));
    this.chanceProb = g(this.chanceProb, new Float64Array(cap));
    this.returns0 = g(this.returns0, new Float64Array(cap));
    this.cap = cap;
  }
}

/**
 * Build the whole tree of a game: one walk of every history, then the information states
 * renumbered by seat with their slots, parent slots and node lists. A game the solvers cannot take
 * (not zero-sum, imperfect recall, legal actions that differ within an information state) is
 * still built, with the first such finding in `defect` ({@link buildTree} refuses it).
 * @throws TreeTooLargeError when the tree has more than `maxNodes` nodes.
 * @throws TreeWalkStopped when `options.stop` returned true.
 * @throws GameContractError (a UserError) when a chance node's probabilities do not sum to 1 or
 *   `currentPlayer()` is not a seat, CHANCE or TERMINAL, for a game the user wrote; Error for the
 *   same in one of gbgc's compiled games (an engine bug).
 */
export function buildGameTree(game: { newInitialState(): GameState }, options: BuildGameTreeOptions = {}): GameTree {
  return contractViolation(game, () => {
    const walk = new TreeWalk(game.newInitialState(), options.maxNodes ?? 5_000_000, false, options.onProgress, options.stop);
    walk.run();
    return walk.tree();
  });
}

class TreeWalk {
  private readonly maxNodes: number;
  private readonly store: NodeStore | null;
  private readonly onProgress?: (nodes: number) => void;
  private readonly stop?: () => boolean;
  private n = 0;
  private maxDepth = 0;
  private terminals = 0;
  private chances = 0;
  private decisions = 0;
  private defect: string | undefined;
  // Information states.
  private readonly perSeat: [number, number] = [0, 0];
  private readonly isSeat: number[] = [];
  /** Keys of the information states met by the copying walk (the undo walk's are read from `isCanon`, see `keyOf`). */
  private readonly isKey: string[] = objectArray();
  /** For the undo walk: the canonical id ({@link InfosetIndexer.canonicalOf}) of each information state. */
  private readonly isCanon: number[] = [];
  private readonly isActionStart: number[] = [0];
  private readonly isActions: number[] = [];
  private readonly isLabels: string[] = objectArray();
  private readonly isParent: number[] = [];
  private readonly isParentAction: number[] = [];
  private readonly byKey: [Map<string, number>, Map<string, number>] = [new Map(), new Map()];
  // The undo walk over a state that rewinds and numbers its information states.
  private readonly fast: (IndexedState & ChanceSamplingState) | null;
  private readonly indexers: [InfosetIndexer, InfosetIndexer] | null;
  /** Per seat: indexer node → information state + 1 (0: not yet known). */
  private trieInfoset: [Int32Array, Int32Array] = [new Int32Array(1024), new Int32Array(1024)];
  private readonly marks: StateMark[] = objectArray();
  /**
   * Per seat (4 ints from `4 × seat`), on the path to the node being expanded: the seat's indexer
   * node, the number of events it covers, and the seat's last decision (information state, or -1
   * before its first, and the index of the action taken there).
   */
  private readonly seatPath = Int32Array.of(0, 0, -1, 0, 0, 0, -1, 0);
  /** Per seat: canonical id → information state + 1 (0: not yet known). */
  private canonInfoset: [Int32Array, Int32Array] = [new Int32Array(1024), new Int32Array(1024)];
  /** Per depth: the outcomes and probabilities of the chance node there (reused). */
  private readonly outcomeScratch: Int32Array[] = objectArray();
  private readonly probScratch: Float64Array[] = objectArray();

  /** With `countOnly`, no per-node arrays and no key strings are kept: only {@link stats}. */
  constructor(
    private readonly root: GameState,
    maxNodes: number,
    countOnly: boolean,
    onProgress?: (nodes: number) => void,
    stop?: () => boolean,
  ) {
    this.maxNodes = maxNodes;
    this.stop = stop;
    this.store = countOnly ? null : new NodeStore(Math.min(this.maxNodes, 1 << 14));
    this.onProgress = onProgress;
    this.fast = canIndexInfosets(root) && canSampleChance(root) ? root : null;
    this.indexers = this.fast ? [this.fast.infosetIndexer(0), this.fast.infosetIndexer(1)] : null;
  }

  run(): void {
    this.reserve(1);
    const s = this.store;
    if (s) {
      s.action[0] = -1;
      s.chanceProb[0] = 1;
    }
    if (this.fast) this.expandFast(this.fast, 0, 0);
    else this.expandGeneric(this.root, 0, 0, -1, 0, -1, 0);
  }

  /** Reserve `k` consecutive node ids; returns the first. */
  private reserve(k: number): number {
    const first = this.n;
    if (first + k > this.maxNodes) throw new TreeTooLargeError(this.maxNodes);
    this.n = first + k;
    const s = this.store;
    if (s && this.n > s.cap) s.grow(this.n);
    if (this.onProgress && first >> 16 !== this.n >> 16) this.onProgress(this.n);
    if (this.stop && Math.floor(first / STOP_CHECK_NODES) !== Math.floor(this.n / STOP_CHECK_NODES) && this.stop()) throw new TreeWalkStopped(this.n);
    return first;
  }

  private terminal(state: GameState, node: number): void {
    const r = state.returns();
    this.terminalWith(node, r[0], r[1]);
  }

  /** Count a terminal with returns (r0, r1) chips, note a non-zero-sum defect, and store it. */
  private terminalWith(node: number, r0: number, r1: number): void {
    this.terminals++;
    if (this.defect === undefined && Math.abs(r0 + r1) > 1e-9) this.defect = `the game is not zero-sum: a terminal has returns [${r0}, ${r1}]`;
    const s = this.store;
    if (s) {
      s.kind[node] = NODE_TERMINAL;
      s.player[node] = -1;
      s.infoset[node] = -1;
      s.firstChild[node] = -1;
      s.childCount[node] = 0;
      s.returns0[node] = r0;
    }
  }

  /** Reserve and describe a chance node's children; returns their outcomes. */
  private chance(state: GameState, node: number): { first: number; outcomes: readonly (readonly [Action, number])[] } {
    this.chances++;
    const outcomes = state.chanceOutcomes();
    let total = 0;
    for (let i = 0; i < outcomes.length; i++) total += outcomes[i][1];
    if (outcomes.length === 0 || Math.abs(total - 1) > 1e-9)
      throw new GameContractError(`a chance node's outcome probabilities sum to ${Number(total.toPrecision(12))}, not 1`);
    const first = this.reserve(outcomes.length);
    const s = this.store;
    if (s) {
      s.kind[node] = NODE_CHANCE;
      s.player[node] = -1;
      s.infoset[node] = -1;
      s.firstChild[node] = first;
      s.childCount[node] = outcomes.length;
      for (let i = 0; i < outcomes.length; i++) {
        s.action[first + i] = outcomes[i][0];
        s.chanceProb[first + i] = outcomes[i][1];
      }
    }
    return { first, outcomes };
  }

  /** {@link terminal} for the undo walk (returns read without allocation). */
  private terminalFast(st: IndexedState, node: number): void {
    this.terminalWith(node, st.stackChange(0), st.stackChange(1));
  }

  /** {@link chance} from outcomes already listed in arrays (`k` of them). */
  private chanceFrom(node: number, outcomes: Int32Array, probs: Float64Array, k: number): number {
    this.chances++;
    let total = 0;
    for (let i = 0; i < k; i++) total += probs[i];
    if (k === 0 || Math.abs(total - 1) > 1e-9)
      throw new GameContractError(`a chance node's outcome probabilities sum to ${Number(total.toPrecision(12))}, not 1`);
    const first = this.reserve(k);
    const s = this.store;
    if (s) {
      s.kind[node] = NODE_CHANCE;
      s.player[node] = -1;
      s.infoset[node] = -1;
      s.firstChild[node] = first;
      s.childCount[node] = k;
      for (let i = 0; i < k; i++) {
        s.action[first + i] = outcomes[i];
        s.chanceProb[first + i] = probs[i];
      }
    }
    return first;
  }

  /**
   * The information state of `seat` at `state` by its key (interned), checked against its
   * legal actions and the seat's previous decision; new ones are recorded.
   */
  private infosetOf(state: GameState, seat: number, legal: readonly Action[], parent: number, parentAction: number): number {
    const key = state.informationStateKey(seat);
    let id = this.byKey[seat].get(key);
    if (id === undefined) {
      id = this.newInfoset(state, seat, legal, parent, parentAction, key, -1);
      this.byKey[seat].set(key, id);
      return id;
    }
    this.checkInfoset(id, seat, legal, parent, parentAction);
    return id;
  }

  /** Record a new information state (`key`, or its canonical id `canon` for the undo walk); returns its id. */
  private newInfoset(state: GameState, seat: number, legal: readonly Action[], parent: number, parentAction: number, key: string, canon: number): number {
    const id = this.isSeat.length;
    this.perSeat[seat]++;
    this.isSeat.push(seat);
    this.isKey.push(key);
    this.isCanon.push(canon);
    for (let i = 0; i < legal.length; i++) {
      this.isActions.push(legal[i]);
      this.isLabels.push(state.actionToString(seat, legal[i]));
    }
    this.isActionStart.push(this.isActions.length);
    this.isParent.push(parent);
    this.isParentAction.push(parentAction);
    return id;
  }

  /** The key of information state `id`. */
  private keyOf(id: number): string {
    return this.isCanon[id] < 0 ? this.isKey[id] : this.indexers![this.isSeat[id]].key(this.isCanon[id]);
  }

  /** Record a defect when a known information state shows other legal actions or another past. */
  private checkInfoset(id: number, seat: number, legal: readonly Action[], parent: number, parentAction: number): void {
    if (this.defect !== undefined) return;
    const s = this.isActionStart[id];
    const e = this.isActionStart[id + 1];
    let same = e - s === legal.length;
    for (let i = 0; same && i < legal.length; i++) same = this.isActions[s + i] === legal[i];
    if (!same) {
      const key = this.keyOf(id);
      this.defect =
        `information state '${key}' of seat ${seat} has legal actions [${this.isActions.slice(s, e).join(', ')}] ` +
        `at one state and [${legal.join(', ')}] at another`;
    } else if (this.isParent[id] !== parent || this.isParentAction[id] !== parentAction) {
      this.defect = `seat ${seat} does not recall its own earlier decisions at information state '${this.keyOf(id)}' (imperfect recall); exact solving needs perfect recall`;
    }
  }

  private decision(node: number, seat: number, legal: readonly Action[], id: number): number {
    this.decisions++;
    if (legal.length === 0 && this.defect === undefined) this.defect = 'a decision node has no legal actions';
    const first = this.reserve(legal.length);
    const s = this.store;
    if (s) {
      s.kind[node] = NODE_DECISION;
      s.player[node] = seat;
      s.infoset[node] = id;
      s.firstChild[node] = first;
      s.childCount[node] = legal.length;
      for (let i = 0; i < legal.length; i++) {
        s.action[first + i] = legal[i];
        s.chanceProb[first + i] = 1;
      }
    }
    return first;
  }

  /**
   * The undo walk from `node` at `depth`. What each seat knows on the path is in
   * {@link seatPath}, set before each child and restored after the last.
   */
  private expandFast(st: IndexedState & ChanceSamplingState, node: number, depth: number): void {
    if (depth > this.maxDepth) this.maxDepth = depth;
    const cp = st.currentPlayer();
    if (cp === TERMINAL) return this.terminalFast(st, node);
    if (depth >= this.marks.length) {
      this.marks.push(st.newMark());
      this.outcomeScratch.push(new Int32Array(st.maxChanceOutcomes()));
      this.probScratch.push(new Float64Array(st.maxChanceOutcomes()));
    }
    const mark = this.marks[depth];
    const count = st.historyLength();
    if (cp === CHANCE) {
      st.saveTo(mark);
      const outcomes = this.outcomeScratch[depth];
      const probs = this.probScratch[depth];
      const k = st.chanceOutcomesInto(outcomes, probs);
      const first = this.chanceFrom(node, outcomes, probs, k);
      for (let i = 0; i < k; i++) {
        if (i > 0) st.rewind(mark);
        st.applyAction(outcomes[i]);
        this.expandFast(st, first + i, depth + 1);
      }
      return;
    }
    if (cp !== 0 && cp !== 1) throw new GameContractError(`currentPlayer() returned ${cp}, not a seat, CHANCE or TERMINAL`);
    const legal = st.legalActions();
    // Advance the acting seat's indexer node to this state; a new node is mapped to its canonical id once.
    const indexer = this.indexers![cp];
    const sp = this.seatPath;
    const b = cp * 4;
    const tPrev = sp[b];
    const uPrev = sp[b + 1];
    const parent = sp[b + 2];
    const parentAction = sp[b + 3];
    const t = indexer.advance(tPrev, uPrev);
    let map = this.trieInfoset[cp];
    if (t >= map.length) this.trieInfoset[cp] = map = grownTo(map, t);
    let id = map[t] - 1;
    if (id < 0) {
      // A new node: its canonical id may still be an information state met before.
      const c = indexer.canonicalOf(t);
      let byCanon = this.canonInfoset[cp];
      if (c >= byCanon.length) this.canonInfoset[cp] = byCanon = grownTo(byCanon, c);
      id = byCanon[c] - 1;
      if (id < 0) {
        id = this.newInfoset(st, cp, legal, parent, parentAction, '', c);
        byCanon[c] = id + 1;
      } else if (this.defect === undefined) this.checkInfoset(id, cp, legal, parent, parentAction);
      map[t] = id + 1;
    } else if (this.defect === undefined) this.checkInfoset(id, cp, legal, parent, parentAction);
    st.saveTo(mark);
    const first = this.decision(node, cp, legal, id);
    sp[b] = t;
    sp[b + 1] = count;
    sp[b + 2] = id;
    for (let i = 0; i < legal.length; i++) {
      if (i > 0) st.rewind(mark);
      st.applyAction(legal[i]);
      sp[b + 3] = i;
      this.expandFast(st, first + i, depth + 1);
    }
    sp[b] = tPrev;
    sp[b + 1] = uPrev;
    sp[b + 2] = parent;
    sp[b + 3] = parentAction;
  }

  /** The copying walk for any `GameState`. */
  private expandGeneric(st: GameState, node: number, depth: number, p0: number, a0: number, p1: number, a1: number): void {
    if (depth > this.maxDepth) this.maxDepth = depth;
    const cp = st.currentPlayer();
    if (cp === TERMINAL) return this.terminal(st, node);
    if (cp === CHANCE) {
      const { first, outcomes } = this.chance(st, node);
      for (let i = 0; i < outcomes.length; i++) {
        const child = i === outcomes.length - 1 ? st : st.clone();
        child.applyAction(outcomes[i][0]);
        this.expandGeneric(child, first + i, depth + 1, p0, a0, p1, a1);
      }
      return;
    }
    if (cp !== 0 && cp !== 1) throw new GameContractError(`currentPlayer() returned ${cp}, not a seat, CHANCE or TERMINAL`);
    const legal = st.legalActions();
    const id = this.infosetOf(st, cp, legal, cp === 0 ? p0 : p1, cp === 0 ? a0 : a1);
    const first = this.decision(node, cp, legal, id);
    for (let i = 0; i < legal.length; i++) {
      const child = i === legal.length - 1 ? st : st.clone();
      child.applyAction(legal[i]);
      if (cp === 0) this.expandGeneric(child, first + i, depth + 1, id, i, p1, a1);
      else this.expandGeneric(child, first + i, depth + 1, p0, a0, id, i);
    }
  }

  stats(): TreeStats {
    return {
      histories: this.n,
      terminalHistories: this.terminals,
      chanceNodes: this.chances,
      decisionNodes: this.decisions,
      infoStates: [this.perSeat[0], this.perSeat[1]],
      maxDepth: this.maxDepth,
    };
  }

  /**
   * The tree after {@link run}: information states renumbered by seat (seat 0's first, in order
   * of discovery) with their slots, keys and node lists; the node arrays are the walk's own.
   */
  tree(): GameTree {
    const s = this.store;
    if (!s) throw new Error('tree() of a count-only walk');
    const n = this.n;
    const cut = <T extends Uint8Array | Int8Array | Int32Array | Float64Array>(a: T): T => (a.length === n ? a : (a.slice(0, n) as T));
    const isSeat = this.isSeat;
    const actionStart = this.isActionStart;
    const numInfosets = isSeat.length;
    const newId = new Int32Array(numInfosets);
    const perSeat: [number, number] = [this.perSeat[0], this.perSeat[1]];
    const next = [0, perSeat[0]];
    for (let i = 0; i < numInfosets; i++) newId[i] = next[isSeat[i]]++;
    const order = new Int32Array(numInfosets);
    for (let i = 0; i < numInfosets; i++) order[newId[i]] = i;
    const slotStart = new Int32Array(numInfosets + 1);
    for (let j = 0; j < numInfosets; j++) {
      const i = order[j];
      slotStart[j + 1] = slotStart[j] + actionStart[i + 1] - actionStart[i];
    }
    const numSlots = slotStart[numInfosets];
    const slotAction = new Int32Array(numSlots);
    const slotLabel: string[] = new Array(numSlots);
    const infosetSeat = new Uint8Array(numInfosets);
    const infosetParentSlot = new Int32Array(numInfosets);
    const infosetKey: string[] = new Array(numInfosets);
    for (let j = 0; j < numInfosets; j++) {
      const i = order[j];
      infosetSeat[j] = isSeat[i];
      infosetKey[j] = this.keyOf(i);
      const p = this.isParent[i];
      infosetParentSlot[j] = p < 0 ? -1 : slotStart[newId[p]] + this.isParentAction[i];
      for (let k = actionStart[i], t = slotStart[j]; k < actionStart[i + 1]; k++, t++) {
        slotAction[t] = this.isActions[k];
        slotLabel[t] = this.isLabels[k];
      }
    }
    // Node lists per information state (counting sort over the nodes).
    const infoset = cut(s.infoset);
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
      kind: cut(s.kind),
      player: cut(s.player),
      infoset,
      firstChild: cut(s.firstChild),
      childCount: cut(s.childCount),
      action: cut(s.action),
      chanceProb: cut(s.chanceProb),
      returns0: cut(s.returns0),
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
      stats: this.stats(),
      defect: this.defect,
    };
  }
}

/**
 * Enumerate the whole tree and count it (the statistics of `gbgc tree --stats`), for any number of
 * seats (two seats: the walk of the solvers' tree; more: {@link countAnySeats}).
 * @param maxNodes stop with {@link TreeTooLargeError} once more histories than this are found
 * @param onProgress called every 65,536 histories with the count so far
 * @throws GameContractError when a terminal's returns do not sum to 0 on more than two seats (chips
 *   not conserved), a chance node's probabilities do not sum to 1 or `currentPlayer()` is not a
 *   seat, for a game the user wrote; Error for the same in one of gbgc's compiled games (an engine bug)
 */
export function treeStats(game: { newInitialState(): GameState }, maxNodes = 5_000_000, onProgress?: (histories: number) => void): TreeStats {
  return contractViolation(game, () => {
    const root = game.newInitialState();
    const seats = root.returns().length;
    if (seats !== 2) return countAnySeats(root, seats, maxNodes, onProgress);
    const walk = new TreeWalk(root, maxNodes, true, onProgress);
    walk.run();
    return walk.stats();
  });
}

/**
 * The statistics of {@link treeStats} for a game of any number of seats, by one walk that counts
 * the nodes and interns each seat's information-state keys (rewinding states that can, else
 * copying), checking at every terminal that the seats' returns sum to 0 (chips are conserved).
 */
function countAnySeats(root: GameState, seats: number, maxNodes: number, onProgress?: (histories: number) => void): TreeStats {
  const keys = Array.from({ length: seats }, () => new Set<string>());
  const marks: StateMark[] = [];
  const rewinding = canRewind(root) ? root : null;
  let histories = 1;
  let terminals = 0;
  let chanceNodes = 0;
  let decisionNodes = 0;
  let maxDepth = 0;
  const reserve = (k: number): void => {
    if (histories + k > maxNodes) throw new TreeTooLargeError(maxNodes);
    if (onProgress && histories >> 16 !== (histories + k) >> 16) onProgress(histories + k);
    histories += k;
  };
  const visit = (st: GameState, depth: number): void => {
    if (depth > maxDepth) maxDepth = depth;
    const cp = st.currentPlayer();
    if (cp === TERMINAL) {
      terminals++;
      const r = st.returns();
      if (r.reduce((a, b) => a + b, 0) !== 0) throw new GameContractError(`a terminal's returns [${r.join(', ')}] do not sum to 0: chips are not conserved`);
      return;
    }
    let actions: readonly Action[];
    if (cp === CHANCE) {
      chanceNodes++;
      actions = st.chanceOutcomes().map(([a]) => a);
    } else {
      if (cp < 0 || cp >= seats) throw new GameContractError(`currentPlayer() returned ${cp}, not a seat, CHANCE or TERMINAL`);
      decisionNodes++;
      keys[cp].add(st.informationStateKey(cp));
      actions = st.legalActions();
    }
    reserve(actions.length);
    if (rewinding && st === rewinding) {
      if (depth >= marks.length) marks.push(rewinding.newMark());
      const mark = marks[depth];
      rewinding.saveTo(mark);
      for (let i = 0; i < actions.length; i++) {
        if (i > 0) rewinding.rewind(mark);
        rewinding.applyAction(actions[i]);
        visit(rewinding, depth + 1);
      }
      rewinding.rewind(mark);
      return;
    }
    for (let i = 0; i < actions.length; i++) {
      const child = st.clone();
      child.applyAction(actions[i]);
      visit(child, depth + 1);
    }
  };
  visit(root, 0);
  return { histories, terminalHistories: terminals, chanceNodes, decisionNodes, infoStates: keys.map((k) => k.size), maxDepth };
}

/** A random-probe estimate of a tree's size (see {@link estimateTreeSize}). */
export interface TreeSizeEstimate {
  /** Estimated number of nodes (histories): the mean of the probes' estimates. */
  histories: number;
  /** Standard error of that mean (sample standard deviation of the probes / √probes). */
  standardError: number;
  /** Probes run. */
  probes: number;
  /** Longest probe, in actions. */
  maxDepthSeen: number;
}

/**
 * Knuth's estimator of the size of a tree (D. E. Knuth, "Estimating the efficiency of backtrack
 * programs", Math. Comp. 29, 1975): walk from the root choosing each child uniformly at random;
 * with b_0, b_1, … the numbers of children met on the path, X = 1 + b_0 + b_0·b_1 + … is an
 * unbiased estimate of the number of nodes. The mean of `probes` independent walks is returned
 * with its standard error. The estimator is unbiased but heavy-tailed on unbalanced trees (a
 * rare deep branch is usually missed, so a few hundred probes tend to underestimate): callers
 * compare it with a budget with a safety factor and still enforce the budget while enumerating.
 * @param rng uniform numbers in [0, 1) (the estimate is a pure function of the stream)
 */
export function estimateTreeSize(game: { newInitialState(): GameState }, rng: Rng, probes = 256): TreeSizeEstimate {
  let sum = 0;
  let sumSq = 0;
  let maxDepthSeen = 0;
  for (let k = 0; k < probes; k++) {
    const st = game.newInitialState();
    let x = 1;
    let weight = 1;
    let depth = 0;
    for (;;) {
      const cp = st.currentPlayer();
      if (cp === TERMINAL) break;
      const actions = st.legalActions();
      const b = actions.length;
      if (b === 0) break;
      weight *= b;
      x += weight;
      st.applyAction(actions[Math.min(b - 1, Math.floor(rng() * b))]);
      depth++;
    }
    if (depth > maxDepthSeen) maxDepthSeen = depth;
    sum += x;
    sumSq += x * x;
  }
  const mean = sum / probes;
  const variance = probes > 1 ? Math.max(0, (sumSq - probes * mean * mean) / (probes - 1)) : 0;
  return { histories: mean, standardError: Math.sqrt(variance / probes), probes, maxDepthSeen };
}

/** What {@link countWithinBudget} found: the exact statistics, or a refusal with the estimate. */
export type BudgetedCount =
  | { readonly kind: 'count'; readonly stats: TreeStats; readonly estimate: TreeSizeEstimate }
  | {
      readonly kind: 'refused';
      /** `estimate`: refused from the estimate alone; `enumeration`: the walk passed the budget. */
      readonly when: 'estimate' | 'enumeration';
      readonly estimate: TreeSizeEstimate;
      readonly maxNodes: number;
    };

/**
 * Estimate the tree's size ({@link estimateTreeSize}, `probes` paths), refuse at once when the
 * estimate exceeds `maxNodes`, else count the tree, refusing if it passes `maxNodes` after all.
 * The time is bounded by the probes plus `maxNodes` nodes of the walk.
 */
export function countWithinBudget(
  game: { newInitialState(): GameState },
  maxNodes: number,
  rng: Rng,
  probes = 1000,
  onProgress?: (histories: number) => void,
): BudgetedCount {
  const estimate = estimateTreeSize(game, rng, probes);
  if (estimate.histories > maxNodes) return { kind: 'refused', when: 'estimate', estimate, maxNodes };
  try {
    return { kind: 'count', stats: treeStats(game, maxNodes, onProgress), estimate };
  } catch (e) {
    if (e instanceof TreeTooLargeError) return { kind: 'refused', when: 'enumeration', estimate, maxNodes };
    throw e;
  }
}

/** Default `--max-nodes` budget: large enough for Leduc-sized games, small enough for memory. */
export const DEFAULT_MAX_NODES = 2_000_000;

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
  /** As {@link BuildGameTreeOptions}: asked every {@link STOP_CHECK_NODES} nodes, true ends the walk with {@link TreeWalkStopped}. */
  stop?: () => boolean;
}

/**
 * Build the tree of a game for the solvers ({@link buildGameTree}) within a node budget, refusing
 * a game they cannot take.
 * @throws TwoSeatOnlyError when the game has more than two seats (the solvers are two-seat zero-sum).
 * @throws TreeBudgetError when the size estimate is clearly above `maxNodes`, or the walk passes it.
 * @throws TreeWalkStopped when `options.stop` returned true.
 * @throws UserError when the game is not zero-sum at a terminal, when two states of one
 *   information state have different legal actions, or when a seat forgets its own earlier
 *   decisions (imperfect recall) — the solvers assume perfect recall.
 * @throws GameContractError when the game breaks the contract (see {@link buildGameTree}); Error
 *   for the same in one of gbgc's compiled games (an engine bug).
 */
export function buildTree(game: Game, options: BuildTreeOptions = {}): GameTree {
  requireTwoSeats(game, 'the exact game tree (CFR+, exact values and best responses)');
  const maxNodes = options.maxNodes ?? DEFAULT_MAX_NODES;
  if (options.estimateFirst !== false) {
    const estimate = estimateAboveBudget(game, maxNodes);
    if (estimate) throw new TreeBudgetError(maxNodes, estimate);
  }
  let g: GameTree;
  try {
    g = buildGameTree(game, { maxNodes, stop: options.stop });
  } catch (e) {
    if (e instanceof TreeTooLargeError) throw new TreeBudgetError(maxNodes);
    throw e;
  }
  if (g.defect !== undefined) throw new UserError(g.defect);
  return g;
}

/**
 * Bytes of the tree's arrays per node: the per-node arrays plus the node lists, slots and
 * parent slots of the information states (the key strings and labels are not counted).
 */
export function treeBytesPerNode(tree: GameTree): number {
  const arrays = [
    tree.kind,
    tree.player,
    tree.infoset,
    tree.firstChild,
    tree.childCount,
    tree.action,
    tree.chanceProb,
    tree.returns0,
    tree.infosetSeat,
    tree.slotStart,
    tree.slotAction,
    tree.infosetParentSlot,
    tree.infosetNodeStart,
    tree.infosetNodes,
  ];
  let bytes = 0;
  for (const a of arrays) bytes += a.byteLength;
  return bytes / tree.numNodes;
}
