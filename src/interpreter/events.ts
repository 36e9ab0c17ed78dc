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
    const a = log.a(i);
    switch (kind) {
      case EV.PHASE:
        key += `/P${a}`;
        break;
      case EV.SHUFFLE:
        key += `/S${a}`;
        break;
      case EV.DEAL:
        key += dealToken(log, i, bit);
        break;
      case EV.REVEAL:
        key += `/V${log.seat(i)}:${log.b(i)}`;
        break;
      default:
        key += `/${kind}.${log.seat(i)}.${a}`;
        if (kind > LAST_POKER_EVENT && log.contentSeenBy(i) & bit) key += `.${log.b(i)}.${log.c(i)}`;
    }
  }
  return key;
}

/** Key token of a card move: source pile and reason, destination, and the card when the seat sees it. */
function dealToken(log: EventLog, i: number, bit: number): string {
  const c = log.c(i) & ~DEAL_FIRST;
  return log.contentSeenBy(i) & bit ? `/D${c}>${log.a(i)}:${log.b(i)}` : `/D${c}>${log.a(i)}`;
}
