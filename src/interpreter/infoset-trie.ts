/**
 * Information-state ids without strings, for tree walks: a trie over the events a seat sees. Two
 * histories reach the same trie node exactly when the seat saw the same sequence of events with
 * the same visible fields, so a trie node is never coarser than the information-state key (which
 * is built from the same events and fields, `events.ts`). It may be finer when the key merges
 * histories (e.g. cards dealt together keyed as a multiset): callers map trie nodes to
 * information states through the key, computed once per trie node.
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
  private child(p: number, head: number, a: number, b: number, c: number): number {
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

  /**
   * The information-state key (`InterpreterState.informationStateKey(seat)`) of a history that
   * reached trie node `node` of `seat`'s trie, built from the trie's edges (the events the seat
   * saw, with the fields it saw) instead of the event log. Keys are memoised per node in `memo`;
   * a node may be memoised only when no deal step is under way there (the cards of a deal step
   * are keyed as one sorted group), which holds at every decision node.
   */
  keyOf(node: number, seat: number, memo: Map<number, string>): string {
    const known = memo.get(node);
    if (known !== undefined) return known;
    const keys = this.keys;
    // Edges from the nearest memoised node (or the root) down to `node`.
    const path: number[] = [];
    let u = node;
    let key = '';
    for (;;) {
      if (u === 0) {
        key = seat === 0 ? '0' : '1';
        break;
      }
      const m = memo.get(u);
      if (m !== undefined) {
        key = m;
        break;
      }
      path.push(u);
      u = keys[(u - 1) * W];
    }
    // Tokens joined once (one flat string) rather than appended one by one.
    const parts: string[] = [];
    for (let j = path.length - 1; j >= 0; j--) {
      const o = (path[j] - 1) * W;
      const head = keys[o + 1];
      const kind = head & 0xff;
      const evSeat = ((head >> 8) & 0xf) - 1;
      const content = (head & (1 << 12)) !== 0;
      if (kind === EV.DEAL && keys[o + 4] & DEAL_FIRST) {
        // One deal step is one event whose cards form a multiset: its tokens go in sorted order.
        const tokens = [dealTokenOf(keys[o + 2], keys[o + 3], keys[o + 4], content)];
        while (j > 0) {
          const q = (path[j - 1] - 1) * W;
          if ((keys[q + 1] & 0xff) !== EV.DEAL || keys[q + 4] >> 8 !== 0) break;
          tokens.push(dealTokenOf(keys[q + 2], keys[q + 3], keys[q + 4], (keys[q + 1] & (1 << 12)) !== 0));
          j--;
        }
        tokens.sort();
        parts.push(tokens.join(''));
        continue;
      }
      parts.push(keyTokenOf(kind, evSeat, keys[o + 2], keys[o + 3], keys[o + 4], content));
    }
    key += parts.join('');
    memo.set(node, key);
    return key;
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
