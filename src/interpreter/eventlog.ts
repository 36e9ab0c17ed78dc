/**
 * The event log: append-only, stored in chunks of {@link CHUNK_EVENTS} events of
 * {@link EV_WIDTH} ints (`[header, a, b, c]`, header = kind | (seat + 1) << 8 | seenBy << 12 |
 * contentSeenBy << 14, seat masks with bit s for seat s). A copy shares every full chunk with
 * the original (they are never written again) and copies only the last, partly filled one, so
 * copying a state costs the same however long its history is.
 */

/** Ints per event. */
export const EV_WIDTH = 4;
/** Events per chunk (a chunk is 64 bytes, small enough for V8 to allocate it on the JS heap). */
export const CHUNK_EVENTS = 4;
const CHUNK_INTS = EV_WIDTH * CHUNK_EVENTS;

export class EventLog {
  private constructor(
    private chunks: Int32Array[],
    /** Number of events. */
    public count: number,
  ) {}

  static empty(): EventLog {
    return new EventLog([], 0);
  }

  /** An independent copy (full chunks shared, the partial last chunk copied). */
  copy(): EventLog {
    const chunks = this.chunks.slice(0, (this.count + 3) >> 2);
    const last = this.count >> 2;
    if (this.count & 3) chunks[last] = this.chunks[last].slice();
    return new EventLog(chunks, this.count);
  }

  /**
   * Drop the events from `count` on (for a tree walk rewinding its state; see
   * `InterpreterState.rewind`). The chunks past `count` are kept and written again by later
   * pushes, so a walk allocates no chunk twice; this is safe because the walk takes no copy between
   * saving and rewinding and only rewinds to sizes it saved after its root (chunks shared with
   * copies are never written).
   */
  truncate(count: number): void {
    this.count = count;
  }

  /** Append one event. `seat` is -1 when none; `seen`/`content`: seat masks. */
  push(kind: number, seat: number, a: number, b: number, c: number, seen: number, content: number): void {
    const i = this.count;
    let chunk: Int32Array;
    if ((i & 3) === 0 && this.chunks.length === i >> 2) this.chunks.push((chunk = new Int32Array(CHUNK_INTS)));
    else chunk = this.chunks[i >> 2];
    const o = (i & 3) * EV_WIDTH;
    chunk[o] = kind | ((seat + 1) << 8) | (seen << 12) | (content << 14);
    chunk[o + 1] = a;
    chunk[o + 2] = b;
    chunk[o + 3] = c;
    this.count = i + 1;
  }

  private header(i: number): number {
    return this.chunks[i >> 2][(i & 3) * EV_WIDTH];
  }

  /** Event kind (`EV.*`) of event `i`. */
  kind(i: number): number {
    return this.header(i) & 0xff;
  }
  /** The event's seat, or -1. */
  seat(i: number): number {
    return ((this.header(i) >> 8) & 0xf) - 1;
  }
  /** Seats that see that the event happened (bitmask). */
  seenBy(i: number): number {
    return (this.header(i) >> 12) & 3;
  }
  /** Seats that see the event's content, e.g. which card was dealt (bitmask). */
  contentSeenBy(i: number): number {
    return (this.header(i) >> 14) & 3;
  }
  a(i: number): number {
    return this.chunks[i >> 2][(i & 3) * EV_WIDTH + 1];
  }
  b(i: number): number {
    return this.chunks[i >> 2][(i & 3) * EV_WIDTH + 2];
  }
  c(i: number): number {
    return this.chunks[i >> 2][(i & 3) * EV_WIDTH + 3];
  }

  /** All events as plain rows `[kind, seat, a, b, c, seenBy, contentSeenBy]` (for tests and debugging). */
  rows(): number[][] {
    const out: number[][] = [];
    for (let i = 0; i < this.count; i++) out.push([this.kind(i), this.seat(i), this.a(i), this.b(i), this.c(i), this.seenBy(i), this.contentSeenBy(i)]);
    return out;
  }
}
