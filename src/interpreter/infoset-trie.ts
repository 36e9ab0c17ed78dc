/**
 * Information-state ids without strings, for tree walks (the contract's `InfosetIndexer`, offered
 * by `InterpreterState.infosetIndexer`): a trie over the events a seat sees. Two
 * histories reach the same trie node exactly when the seat saw the same sequence of events with
 * the same visible fields, so a trie node is never coarser than the information-state key (which
 * is built from the same events and fields, `interpreter/events.ts`). It may be finer when the key merges
 * histories (e.g. cards dealt together keyed as a multiset): callers map trie nodes to
 * information states through the key, as a node of a {@link KeyTrie} found once per trie node
 * ({@link EventTrie.canonicalOf}).
 *
 * Storage: one open-addressing hash table over edges `(parent node, event token) → child node`,
 * held in typed arrays (no per-node allocation). Node 0 is the empty history.
 */
import { grownTo } from '../util/arrays.js';
import type { InfosetIndexer } from './api.js';
import type { EventLog } from './eventlog.js';
import { keyTokenFields, keyTokenOf } from './events.js';
import { DEAL_FIRST, EV } from './layout.js';

/** Ints per edge: parent, head (kind, seat, content flag), a, b, c. */
const W = 5;

/**
 * Edges `(parent, head, a, b, c) → child` of a trie, children numbered 1, 2, … in order of
 * creation: each child's edge stored by id, and an open-addressing hash table of ids (linear
 * probing, at most half full). Kept small (28 bytes per child of capacity): on a busy machine
 * the walk's time goes mostly to cache misses in these tables.
 */
class EdgeTable {
  /** Per child id (from 1): its edge, W ints at `(id - 1) * W`. */
  edges: Int32Array;
  /** Hash slots: a child id, or 0 for an empty slot. */
  private slots: Int32Array;
  private mask: number;
  /** Number of children (ids are 1 .. size). */
  size = 0;

  constructor(capacity: number) {
    this.edges = new Int32Array(capacity * W);
    this.slots = new Int32Array(capacity * 2);
    this.mask = capacity * 2 - 1;
  }

  /** The child of `p` along `(head, a, b, c)`, created when new. */
  child(p: number, head: number, a: number, b: number, c: number): number {
    const slots = this.slots;
    const edges = this.edges;
    const mask = this.mask;
    let slot = hash(p, head, a, b, c) & mask;
    for (;;) {
      const e = slots[slot];
      if (e === 0) break;
      const k = (e - 1) * W;
      if (edges[k] === p && edges[k + 1] === head && edges[k + 2] === a && edges[k + 3] === b && edges[k + 4] === c) return e;
      slot = (slot + 1) & mask;
    }
    if ((this.size + 1) * W > edges.length) {
      this.grow();
      return this.child(p, head, a, b, c);
    }
    const id = ++this.size;
    slots[slot] = id;
    const k = (id - 1) * W;
    edges[k] = p;
    edges[k + 1] = head;
    edges[k + 2] = a;
    edges[k + 3] = b;
    edges[k + 4] = c;
    return id;
  }

  /** Double the capacity, re-inserting every edge. */
  private grow(): void {
    const cap = (this.edges.length / W) * 2;
    const edges = new Int32Array(cap * W);
    edges.set(this.edges);
    this.edges = edges;
    const slots = new Int32Array(cap * 2);
    const mask = cap * 2 - 1;
    // One call per edge to a small function that is hot from the start (a grow runs only a few
    // times per walk, too few for its own loop to be optimised early).
    for (let id = 1; id <= this.size; id++) reinsert(slots, mask, edges, id);
    this.slots = slots;
    this.mask = mask;
  }
}

/** Put child `id` (its edge read from `edges`) into the first free slot of its probe sequence. */
function reinsert(slots: Int32Array, mask: number, edges: Int32Array, id: number): void {
  const k = (id - 1) * W;
  let slot = hash(edges[k], edges[k + 1], edges[k + 2], edges[k + 3], edges[k + 4]) & mask;
  while (slots[slot] !== 0) slot = (slot + 1) & mask;
  slots[slot] = id;
}

/** A 32-bit hash of an edge (multiply-xorshift rounds). */
function hash(p: number, head: number, a: number, b: number, c: number): number {
  let h = Math.imul(p ^ 0x9e3779b9, 0x85ebca6b) ^ head;
  h = Math.imul(h ^ (h >>> 15), 0xc2b2ae35) ^ a;
  h = Math.imul(h ^ (h >>> 13), 0x27d4eb2f) ^ b;
  h = Math.imul(h ^ (h >>> 16), 0x165667b1) ^ c;
  h = Math.imul(h ^ (h >>> 15), 0x85ebca6b);
  return h ^ (h >>> 13);
}

/** One seat's trie over the events it saw (see the module comment). */
export class EventTrie {
  private readonly table: EdgeTable;
  /** Per trie node: its {@link KeyTrie} node + 1, once known (see {@link canonicalOf}). */
  private canon: Int32Array = new Int32Array(256);
  /** Per trie node: the token id of its incoming edge, once known (see {@link tokenOf}). */
  private edgeToken: Int32Array = new Int32Array(256);
  /** Scratch for {@link canonicalOf}: a path of trie nodes, and one deal step's tokens. */
  private path: number[] = [];
  private group: number[] = [];

  constructor(capacity = 1 << 12) {
    this.table = new EdgeTable(capacity);
  }

  /** Number of trie nodes besides the root (node ids are 1 .. size). */
  get size(): number {
    return this.table.size;
  }

  /**
   * The trie node reached from `node` by the events `[from, to)` of `log` that `seat` sees.
   * A token holds the event's kind, seat and first field; its second and third fields when the
   * seat sees the content (and always a deal's source and a reveal's card, as the key does).
   */
  advance(node: number, log: EventLog, from: number, to: number, seat: number): number {
    const bit = 1 << seat;
    const table = this.table;
    for (let i = from; i < to; i++) {
      if (!(log.seenBy(i) & bit)) continue;
      const kind = log.kind(i);
      const content = (log.contentSeenBy(i) & bit) !== 0;
      const head = kind | ((log.seat(i) + 1) << 8) | (content ? 1 << 12 : 0);
      const b = content || kind === EV.REVEAL ? log.b(i) : 0;
      const c = content || kind === EV.DEAL ? log.c(i) : 0;
      node = table.child(node, head, log.a(i), b, c);
    }
    return node;
  }

  /**
   * The node of `seat`'s {@link KeyTrie} whose key equals the information-state key
   * (`InterpreterState.informationStateKey(seat)`) of a history that reached trie node `node`:
   * the key's tokens are read off the trie's edges (the events the seat saw, with the fields it
   * saw), the cards of one deal step in sorted token order as the key has them. Results are
   * memoised per trie node where no deal step can be under way (its cards are keyed as one
   * sorted group): at `node`, which must be a decision's node, and after every event on the way
   * that is not a card move. The walk up stops at the nearest memoised node, so each trie node
   * is followed in the key trie about once.
   */
  canonicalOf(node: number, keys: KeyTrie): number {
    let memo = this.canon;
    if (node < memo.length && memo[node] !== 0) return memo[node] - 1;
    const ek = this.table.edges;
    // Edges from the nearest memoised node (or the root) down to `node`, deepest first.
    const path = this.path;
    let len = 0;
    let u = node;
    let c = 0;
    for (;;) {
      if (u === 0) break;
      if (u < memo.length && memo[u] !== 0) {
        c = memo[u] - 1;
        break;
      }
      path[len++] = u;
      u = ek[(u - 1) * W];
    }
    for (let j = len - 1; j >= 0; j--) {
      const v = path[j];
      const o = (v - 1) * W;
      if ((ek[o + 1] & 0xff) === EV.DEAL && ek[o + 4] & DEAL_FIRST) {
        // One deal step is one event whose cards form a multiset: its tokens go in sorted order.
        const group = this.group;
        group.length = 0;
        group.push(this.tokenOf(v, keys));
        while (j > 0) {
          const q = (path[j - 1] - 1) * W;
          if ((ek[q + 1] & 0xff) !== EV.DEAL || ek[q + 4] >> 8 !== 0) break;
          group.push(this.tokenOf(path[--j], keys));
        }
        if (group.length > 1) keys.sortTokens(group);
        for (let g = 0; g < group.length; g++) c = keys.child(c, group[g]);
        continue;
      }
      c = keys.child(c, this.tokenOf(v, keys));
      // After an event that is not a card move no deal step is under way: every path through
      // `v` continues from this key-trie node.
      memo = this.memoise(v, c);
    }
    this.memoise(node, c);
    return c;
  }

  /** Record trie node `v`'s key-trie node `c`; returns the (possibly grown) memo. */
  private memoise(v: number, c: number): Int32Array {
    let memo = this.canon;
    if (v >= memo.length) this.canon = memo = grownTo(memo, v);
    memo[v] = c + 1;
    return memo;
  }

  /** Token id (in `keys`) of the edge into trie node `v`, computed once per node. */
  private tokenOf(v: number, keys: KeyTrie): number {
    let memo = this.edgeToken;
    if (v < memo.length && memo[v] !== 0) return memo[v];
    const o = (v - 1) * W;
    const ek = this.table.edges;
    const head = ek[o + 1];
    const id = keys.tokenOf(head & 0xff, ((head >> 8) & 0xf) - 1, ek[o + 2], ek[o + 3], ek[o + 4], (head & (1 << 12)) !== 0);
    if (v >= memo.length) this.edgeToken = memo = grownTo(memo, v);
    memo[v] = id;
    return id;
  }
}

/**
 * The information-state keys of one seat as integers: a trie over key tokens (the `/`-prefixed
 * pieces `interpreter/events.ts` joins into a key). Every token starts with `/` and holds no other `/`, so a
 * key splits into its tokens in exactly one way: two histories have equal keys exactly when they
 * reach the same node here. Tokens are interned (one id per distinct token text, found from the
 * fields the text shows, {@link keyTokenFields}, so a text is made once per distinct token); a
 * node's key string is built only when asked for ({@link key}).
 */
export class KeyTrie {
  private readonly ids = new Map<string, number>();
  /** Token id → text (id 0 unused). */
  private readonly text: string[] = [''];
  private readonly edges = new EdgeTable(1 << 12);
  /** Distinct field tuples of tokens (`keyTokenFields`), and each one's token id + 1. */
  private readonly tuples = new EdgeTable(1 << 8);
  private tupleToken: Int32Array = new Int32Array(1 << 8);
  private readonly fields = new Int32Array(4);
  /** Key strings of nodes built so far (node 0: the root's prefix). */
  private readonly keyMemo: string[];

  /** @param prefix the key of the empty history (`'0'` or `'1'`, the seat). */
  constructor(prefix: string) {
    this.keyMemo = [prefix];
  }

  /** Number of nodes besides the root. */
  get size(): number {
    return this.edges.size;
  }

  /**
   * The token id of an event as seen by the seat: the fields are those of
   * `keyTokenOf(kind, seat, a, b, c, content)`, whose text the id stands for.
   */
  tokenOf(kind: number, seat: number, a: number, b: number, c: number, content: boolean): number {
    const f = this.fields;
    keyTokenFields(kind, seat, a, b, c, content, f);
    const t = this.tuples.child(0, f[0], f[1], f[2], f[3]);
    let memo = this.tupleToken;
    if (t >= memo.length) this.tupleToken = memo = grownTo(memo, t);
    if (memo[t] !== 0) return memo[t] - 1;
    // Equal texts get one id even if their field tuples differ, so ids stand for texts exactly.
    const id = this.tokenId(keyTokenOf(kind, seat, a, b, c, content));
    memo[t] = id + 1;
    return id;
  }

  /** The id of a token's text (1, 2, … in order of first use). */
  private tokenId(text: string): number {
    let id = this.ids.get(text);
    if (id === undefined) {
      id = this.text.length;
      this.text.push(text);
      this.ids.set(text, id);
    }
    return id;
  }

  /** Sort token ids by their texts (the order `Array.prototype.sort` gives the texts). */
  sortTokens(ids: number[]): void {
    const text = this.text;
    ids.sort((x, y) => (text[x] < text[y] ? -1 : text[x] > text[y] ? 1 : 0));
  }

  /** The node reached from `node` by the token `token`, created when new. */
  child(node: number, token: number): number {
    return this.edges.child(node, token, 0, 0, 0);
  }

  /** The key string of `node`: the prefix, then the texts of the tokens on its path. */
  key(node: number): string {
    const memo = this.keyMemo;
    const known = memo[node];
    if (known !== undefined) return known;
    // Up to the nearest node whose key is known, then down, keeping each key on the way.
    const edges = this.edges.edges;
    const path: number[] = [];
    let u = node;
    while (memo[u] === undefined) {
      path.push(u);
      u = edges[(u - 1) * W];
    }
    let k = memo[u];
    for (let j = path.length - 1; j >= 0; j--) {
      k += this.text[edges[(path[j] - 1) * W + 1]];
      memo[path[j]] = k;
    }
    return k;
  }
}

/**
 * One seat's information states along walks of one state rewound in place: an {@link EventTrie}
 * over the state's event log and the {@link KeyTrie} its nodes map to.
 */
export class SeatInfosetIndexer implements InfosetIndexer {
  private readonly trie = new EventTrie();
  private readonly keys: KeyTrie;

  constructor(
    private readonly state: { readonly log: EventLog },
    private readonly seat: number,
    /** The seat's key of the empty history (`InterpreterState.informationStateKey` at the root). */
    root: string = String(seat),
  ) {
    this.keys = new KeyTrie(root);
  }

  advance(node: number, from: number): number {
    const log = this.state.log;
    return this.trie.advance(node, log, from, log.count, this.seat);
  }

  canonicalOf(node: number): number {
    return this.trie.canonicalOf(node, this.keys);
  }

  key(canonical: number): string {
    return this.keys.key(canonical);
  }
}
