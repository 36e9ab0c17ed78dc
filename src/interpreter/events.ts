/**
 * Information-state keys, derived from the event log only. An event is skipped for a seat whose
 * bit is not in its `SEEN` mask; its content fields (see `EV` in `layout.ts`) are included only
 * for seats in its `CONTENT` mask (others learn that something happened, not what).
 */
import type { EventLog } from './eventlog.js';
import { DEAL_FIRST, EV } from './layout.js';

/** Event kinds up to here keep their compact key tokens (Kuhn and Leduc keys are stable). */
const LAST_POKER_EVENT = EV.END;

/**
 * Append the key tokens of events `[from, to)` that `seat` sees to `key`. A token names the
 * event kind, its seat and public fields, and its content (a card, an option, a bid) only when
 * the seat sees it, so two histories get equal keys exactly when the seat saw the same events
 * (OpenSpiel's information-state string, in a compact form).
 */
export function appendKeyTokens(key: string, log: EventLog, from: number, to: number, seat: number): string {
  const bit = 1 << seat;
  for (let i = from; i < to; i++) {
    if (!(log.seenBy(i) & bit)) continue;
    if (log.kind(i) === EV.DEAL && log.c(i) & DEAL_FIRST) {
      // One deal step is one event whose cards form a multiset: its tokens go in sorted order.
      const tokens = [dealToken(log, i, bit)];
      while (i + 1 < to && log.kind(i + 1) === EV.DEAL && log.c(i + 1) >> 8 === 0) tokens.push(dealToken(log, ++i, bit));
      tokens.sort();
      key += tokens.join('');
      continue;
    }
    const kind = log.kind(i);
    key += keyTokenOf(kind, log.seat(i), log.a(i), log.b(i), log.c(i), (log.contentSeenBy(i) & bit) !== 0);
  }
  return key;
}

/** Key token of a card move: source pile and reason, destination, and the card when the seat sees it. */
function dealToken(log: EventLog, i: number, bit: number): string {
  return dealTokenOf(log.a(i), log.b(i), log.c(i), (log.contentSeenBy(i) & bit) !== 0);
}

/** {@link dealToken} from the event's fields (`content`: the seat sees the card). */
export function dealTokenOf(a: number, b: number, c: number, content: boolean): string {
  const from = c & ~DEAL_FIRST;
  return content ? `/D${from}>${a}:${b}` : `/D${from}>${a}`;
}

/**
 * The key token of one event from its fields, for a seat that sees it (`content`: the seat also
 * sees its content); a deal step's group of cards is keyed by the caller (see
 * {@link appendKeyTokens}).
 */
export function keyTokenOf(kind: number, seat: number, a: number, b: number, c: number, content: boolean): string {
  switch (kind) {
    case EV.PHASE:
      return `/P${a}`;
    case EV.SHUFFLE:
      return `/S${a}`;
    case EV.DEAL:
      return dealTokenOf(a, b, c, content);
    case EV.REVEAL:
      return `/V${seat}:${b}`;
    default:
      return kind > LAST_POKER_EVENT && content ? `/${kind}.${seat}.${a}.${b}.${c}` : `/${kind}.${seat}.${a}`;
  }
}

/**
 * The fields {@link keyTokenOf} shows for an event, as four ints written to `out`: a form tag
 * (kind, the seat when shown, a content flag when the content is shown) and up to three values.
 * Equal tuples give equal token texts, so a text can be looked up from its tuple without being
 * built (tree walks intern tokens this way; they still map each new tuple to its text).
 */
export function keyTokenFields(kind: number, seat: number, a: number, b: number, c: number, content: boolean, out: Int32Array): void {
  switch (kind) {
    case EV.PHASE:
    case EV.SHUFFLE:
      out[0] = kind;
      out[1] = a;
      out[2] = 0;
      out[3] = 0;
      return;
    case EV.DEAL:
      // dealTokenOf: source and reason, destination, the card when seen.
      out[0] = kind | (content ? 1 << 12 : 0);
      out[1] = a;
      out[2] = content ? b : 0;
      out[3] = c & ~DEAL_FIRST;
      return;
    case EV.REVEAL:
      out[0] = kind | ((seat + 1) << 8);
      out[1] = 0;
      out[2] = b;
      out[3] = 0;
      return;
    default: {
      const full = kind > LAST_POKER_EVENT && content;
      out[0] = kind | ((seat + 1) << 8) | (full ? 1 << 12 : 0);
      out[1] = a;
      out[2] = full ? b : 0;
      out[3] = full ? c : 0;
    }
  }
}
