/**
 * Information-state ids without strings, for tree walks: a trie over the events a seat sees. Two
 * histories reach the same trie node exactly when the seat saw the same sequence of events with
 * the same visible fields, so a trie node is never coarser than the information-state key (which
 * is built from the same events and fields, `events.ts`). It may be finer when the key merges
 * histories (e.g. cards dealt together keyed as a multiset): callers map trie nodes to
 * information states through the key, as a node of a {@link KeyTrie} found once per trie node
 * ({@link EventTrie.canonicalOf}).
 *
 * Storage: one open-addressing hash table over edges `(parent node, event token) → child node`,
 * held in typed arrays (no per-node allocation). Node 0 is the empty history.
 */
import type { EventLog } from './eventlog.js';
import { dealTokenOf, keyTokenOf } from './events.js';
import { DEAL_FIRST, EV } from './layout.js';

/** Ints per edge: parent, head (kind, seat, content flag), a, b, c. */
const W = 5;

export class EventTrie {
  private keys: Int32Array;
  private table: Int32Array;
  private mask: number;
  /** Number of trie nodes besides the root (node ids are 1 .. size). */
  size = 0;
  /** Per trie node: its {@link KeyTrie} node + 1, once known (see {@link canonicalOf}). */
  private canon: Int32Array = new Int32Array(256);
  /** Per trie node: the token id of its incoming edge, once known (see {@link tokenOf}). */
  private edgeToken: Int32Array = new Int32Array(256);
  /** Scratch for {@link canonicalOf}: a path of trie nodes, and one deal step's tokens. */
  private path: number[] = [];
  private group: number[] = [];

  constructor(capacity = 1 << 12) {
    this.keys = new Int32Array(capacity * W);
    this.table = new Int32Array(capacity * 2);
    this.mask = capacity * 2 - 1;
  }

  /**
   * The trie node reached from `node` by the events `[from, to)` of `log` that `seat` sees.
   * A token holds the event's kind, seat and first field; its second and third fields when the
   * seat sees the content (and always a deal's source and a reveal's card, as the key does).
   */
  advance(node: number, log: EventLog, from: number, to: number, seat: number): number {
    const bit = 1 << seat;
    for (let i = from; i < to; i++) {
      if (!(log.seenBy(i) & bit)) continue;
      const kind = log.kind(i);
      const content = (log.contentSeenBy(i) & bit) !== 0;
      const head = kind | ((log.seat(i) + 1) << 8) | (content ? 1 << 12 : 0);
      const b = content || kind === EV.REVEAL ? log.b(i) : 0;
      const c = content || kind === EV.DEAL ? log.c(i) : 0;
      node = this.child(node, head, log.a(i), b, c);
    }
    return node;
  }

  /** The child of `p` along the token `(head, a, b, c)`, created when new. */
  child(p: number, head: number, a: number, b: number, c: number): number {
    let h = Math.imul(p ^ 0x9e3779b9, 0x85ebca6b) ^ head;
    h = Math.imul(h ^ (h >>> 15), 0xc2b2ae35) ^ a;
    h = Math.imul(h ^ (h >>> 13), 0x27d4eb2f) ^ b;
    h = Math.imul(h ^ (h >>> 16), 0x165667b1) ^ c;
    h = Math.imul(h ^ (h >>> 15), 0x85ebca6b);
    h ^= h >>> 13;
    const keys = this.keys;
    let slot = h & this.mask;
    for (;;) {
      const e = this.table[slot];
      if (e === 0) break;
      const o = (e - 1) * W;
      if (keys[o] === p && keys[o + 1] === head && keys[o + 2] === a && keys[o + 3] === b && keys[o + 4] === c) return e;
      slot = (slot + 1) & this.mask;
    }
    if ((this.size + 1) * W > keys.length) {
      this.grow();
      return this.child(p, head, a, b, c);
    }
    const id = ++this.size;
    const o = (id - 1) * W;
    keys[o] = p;
    keys[o + 1] = head;
    keys[o + 2] = a;
    keys[o + 3] = b;
    keys[o + 4] = c;
    this.table[slot] = id;
    return id;
  }

  /** The parent of trie node `node` (1 .. size). */
  parentOf(node: number): number {
    return this.keys[(node - 1) * W];
  }

  /** The `head` of the edge into trie node `node` (1 .. size), as given to {@link child}. */
  headOf(node: number): number {
    return this.keys[(node - 1) * W + 1];
  }

  /**
   * The node of `seat`'s {@link KeyTrie} whose key equals the information-state key
   * (`InterpreterState.informationStateKey(seat)`) of a history that reached trie node `node`:
   * the key's tokens are read off the trie's edges (the events the seat saw, with the fields it
   * saw), the cards of one deal step in sorted token order as the key has them. Results are
   * memoised per trie node; a node may be memoised only when no deal step is under way there (the
   * cards of a deal step are keyed as one sorted group), which holds at every decision node.
   */
  canonicalOf(node: number, keys: KeyTrie): number {
    let memo = this.canon;
    if (node < memo.length && memo[node] !== 0) return memo[node] - 1;
    const ek = this.keys;
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
    if (v >= memo.length) {
      const bigger = new Int32Array(Math.max(v + 1, memo.length * 2));
      bigger.set(memo);
      this.canon = memo = bigger;
    }
    memo[v] = c + 1;
    return memo;
  }

  /** Token id (in `keys`) of the edge into trie node `v`, computed once per node. */
  private tokenOf(v: number, keys: KeyTrie): number {
    let memo = this.edgeToken;
    if (v < memo.length && memo[v] !== 0) return memo[v];
    const o = (v - 1) * W;
    const ek = this.keys;
    const head = ek[o + 1];
    const kind = head & 0xff;
    const content = (head & (1 << 12)) !== 0;
    const text = kind === EV.DEAL ? dealTokenOf(ek[o + 2], ek[o + 3], ek[o + 4], content) : keyTokenOf(kind, ((head >> 8) & 0xf) - 1, ek[o + 2], ek[o + 3], ek[o + 4], content);
    const id = keys.tokenId(text);
    if (v >= memo.length) {
      const bigger = new Int32Array(Math.max(v + 1, memo.length * 2));
      bigger.set(memo);
      this.edgeToken = memo = bigger;
    }
    memo[v] = id;
    return id;
  }

  private grow(): void {
    const cap = (this.keys.length / W) * 2;
    const keys = new Int32Array(cap * W);
    keys.set(this.keys);
    this.keys = keys;
    this.table = new Int32Array(cap * 2);
    this.mask = cap * 2 - 1;
    const n = this.size;
    this.size = 0;
    for (let id = 1; id <= n; id++) {
      const o = (id - 1) * W;
      this.size = id - 1;
      this.child(keys[o], keys[o + 1], keys[o + 2], keys[o + 3], keys[o + 4]);
    }
    this.size = n;
  }
}

/**
 * The information-state keys of one seat as integers: a trie over key tokens (the `/`-prefixed
 * pieces `events.ts` joins into a key). Every token starts with `/` and holds no other `/`, so a
 * key splits into its tokens in exactly one way: two histories have equal keys exactly when they
 * reach the same node here. Tokens are interned (one id per distinct token text); a node's key
 * string is built only when asked for ({@link key}).
 */
export class KeyTrie {
  private readonly ids = new Map<string, number>();
  /** Token id → text (id 0 unused). */
  private readonly text: string[] = [''];
  private readonly edges = new EventTrie(1 << 10);
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

  /** The id of a token's text (1, 2, … in order of first use). */
  tokenId(text: string): number {
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
    const edges = this.edges;
    const path: number[] = [];
    let u = node;
    while (memo[u] === undefined) {
      path.push(u);
      u = edges.parentOf(u);
    }
    let k = memo[u];
    for (let j = path.length - 1; j >= 0; j--) {
      k += this.text[edges.headOf(path[j])];
      memo[path[j]] = k;
    }
    return k;
  }
}
