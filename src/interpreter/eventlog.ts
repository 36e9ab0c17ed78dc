/**
 * The event log: append-only, stored in chunks of {@link CHUNK_EVENTS} events of
 * {@link EV_WIDTH} ints (`[header, a, b, c]`, header = kind | (seat + 1) << 8 | seenBy << 12 |
 * contentSeenBy << 14, seat masks with bit s for seat s). A copy shares every full chunk with
 * the original (they are never written again) and copies only the last, partly filled one, so
 * copying a state costs the same however long its history is.
 *
 * A log in tally mode ({@link EventLog.tally}) keeps only what a simulation reads of an episode:
 * which phases were entered, whether the showdown began, and the side-bet answers the showdown
 * settles (`showdown.ts` reads them back); every other event is dropped as it is pushed.
 */
import { EV } from './layout.js';

/** Ints per event. */
export const EV_WIDTH = 4;
/** Events per chunk (a chunk is 64 bytes, small enough for V8 to allocate it on the JS heap). */
export const CHUNK_EVENTS = 4;
const CHUNK_INTS = EV_WIDTH * CHUNK_EVENTS;

export class EventLog {
  /**
   * Buffers this log owns, by chunk index: chunk k of this log is `own[k]` unless it is borrowed
   * (a full chunk of the log it was copied or reset from). Kept across resets for reuse.
   */
  private own: Int32Array[] = [];
  /** Whether a copy borrows this log's chunks (then none of its buffers may be reused). */
  private lent = false;
  /** Tally mode: per phase index, the episode ({@link EventLog.epoch}) that last entered it; null for a full log. */
  private stamps: Int32Array | null = null;
  /** Tally mode: per phase index, episodes that entered it since the counts were last taken. */
  private entered: Float64Array | null = null;
  /** Tally mode: the number of the episode under way. */
  private epoch = 0;
  /** Tally mode: whether a `SHOWDOWN` event was pushed in the episode under way. */
  showdownSeen = false;

  private constructor(
    /** Chunk k holds events 4k … 4k + 3; entries at and beyond ⌈count / 4⌉ are stale. */
    private chunks: Int32Array[],
    /** Number of events. */
    public count: number,
  ) {}

  static empty(): EventLog {
    return new EventLog([], 0);
  }

  /**
   * An empty log in tally mode, for one episode after another: the first `PHASE` event of an
   * episode naming phase p counts 1 in `entered[p]`, a `SHOWDOWN` event sets
   * {@link EventLog.showdownSeen}, a `SIDEBET` event is kept (the showdown reads the answers
   * back); every other event is dropped. Start each episode with {@link EventLog.restartTally}.
   * @param entered one entry per phase, added to by the log (the caller takes and clears the counts)
   */
  static tally(entered: Float64Array): EventLog {
    const log = new EventLog([], 0);
    log.stamps = new Int32Array(entered.length);
    log.entered = entered;
    return log;
  }

  /**
   * Start a new episode on a log in tally mode: no events, no showdown, and the phases `before`
   * (entered before the episode's first node, already counted by the caller) marked entered.
   */
  restartTally(before: readonly number[]): void {
    const stamps = this.stamps!;
    if (this.epoch === 0x7fffffff) {
      // Stamps are 32-bit: start the numbering again.
      stamps.fill(0);
      this.epoch = 0;
    }
    const epoch = ++this.epoch;
    for (let i = 0; i < before.length; i++) stamps[before[i]] = epoch;
    this.showdownSeen = false;
    this.truncate(0);
  }

  /** Whether the log is in tally mode ({@link EventLog.tally}): it keeps no event but `SIDEBET`, so who sees a dealt card need not be worked out. */
  get tallying(): boolean {
    return this.stamps !== null;
  }

  /** In tally mode: whether the episode under way entered phase `p`. */
  tallied(p: number): boolean {
    return this.stamps![p] === this.epoch;
  }

  /** An independent copy (full chunks shared, the partial last chunk copied). */
  copy(): EventLog {
    const last = this.count >> 2;
    const chunks = this.chunks.slice(0, (this.count + 3) >> 2);
    const out = new EventLog(chunks, this.count);
    if (this.count & 3) out.own[last] = chunks[last] = this.chunks[last].slice();
    this.lent = true;
    return out;
  }

  /**
   * Make this log equal to `src` (as {@link EventLog.copy} would), reusing this log's own buffers
   * when no copy borrows them: playing many episodes from one initial state then allocates
   * nothing once the first episodes have run.
   */
  resetFrom(src: EventLog): void {
    if (this.lent) {
      this.own = [];
      this.lent = false;
    }
    const chunks = this.chunks;
    const full = src.count >> 2;
    for (let k = 0; k < full; k++) chunks[k] = src.chunks[k];
    if (src.count & 3) {
      const c = (this.own[full] ??= new Int32Array(CHUNK_INTS));
      const from = src.chunks[full];
      for (let j = 0; j < CHUNK_INTS; j++) c[j] = from[j];
      chunks[full] = c;
    }
    this.count = src.count;
  }

  /**
   * Drop the events from `count` on (for a tree walk rewinding its state; see
   * `InterpreterState.rewind`). The chunks past `count` are kept and written again by later
   * pushes, so a walk allocates no chunk twice; this is safe because the walk takes no copy between
   * saving and rewinding and only rewinds to sizes it saved after its root (chunks shared with
   * copies are never written).
   */
  truncate(count: number): void {
    if (this.lent) {
      // A copy may share chunks this log owns: never write into one again. Full chunks below the
      // cut are never written; the chunk holding the cut is copied; later chunks are new.
      const k = count >> 2;
      this.own.length = Math.min(this.own.length, k);
      if (count & 3) this.own[k] = this.chunks[k] = this.chunks[k].slice();
    }
    this.count = count;
  }

  /** Append one event. `seat` is -1 when none; `seen`/`content`: seat masks. */
  push(kind: number, seat: number, a: number, b: number, c: number, seen: number, content: number): void {
    const stamps = this.stamps;
    if (stamps !== null && kind !== EV.SIDEBET) {
      if (kind === EV.PHASE) {
        if (stamps[a] !== this.epoch) {
          stamps[a] = this.epoch;
          this.entered![a]++;
        }
      } else if (kind === EV.SHOWDOWN) this.showdownSeen = true;
      return;
    }
    const i = this.count;
    const k = i >> 2;
    let chunk: Int32Array;
    if ((i & 3) === 0) this.chunks[k] = chunk = this.own[k] ??= new Int32Array(CHUNK_INTS);
    else chunk = this.chunks[k];
    const o = (i & 3) * EV_WIDTH;
    chunk[o] = kind | ((seat + 1) << 8) | (seen << 12) | (content << 14);
    chunk[o + 1] = a;
    chunk[o + 2] = b;
    chunk[o + 3] = c;
    this.count = i + 1;
  }

  /**
   * One pass over the log for per-episode tallies: sets `marks[a] = 1` for every event of kind
   * `markKind` (its `a` field indexes `marks`) and tells whether any event has kind `flagKind`.
   */
  scan(markKind: number, marks: Uint8Array, flagKind: number): boolean {
    const chunks = this.chunks;
    const n = this.count;
    let flag = false;
    for (let i = 0; i < n; i++) {
      const c = chunks[i >> 2];
      const o = (i & 3) * EV_WIDTH;
      const kind = c[o] & 0xff;
      if (kind === markKind) marks[c[o + 1]] = 1;
      else if (kind === flagKind) flag = true;
    }
    return flag;
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
