/**
 * The fields of a seat's information state read from the event log (`InfoStateParts` of
 * `api.ts`): its hand, the path of player actions it saw, the other signals it saw and the roles
 * it knows. Coarsened keys (e.g. the complexity axes' I_p, GENSTRAT v2 Appendix C) are built from
 * them outside the engine, without reading registers or events.
 */
import type { InfoStateParts } from './api.js';
import { DEAL_FIRST, EV } from './layout.js';
import type { Machine } from './machine.js';
import { handPile } from './program.js';

/** Events whose chips only move (the chips are public numbers, not signals). */
const CHIP_EVENTS = new Set<number>([EV.ANTE, EV.BLIND, EV.TRANSFER, EV.REFUND, EV.WIN, EV.ODD_CHIP, EV.SPLIT]);
/** Player actions: their kind, seat and option form the action path. */
const ACTIONS = new Set<number>([EV.FOLD, EV.CHECK, EV.CALL, EV.BET, EV.RAISE, EV.CHOSE, EV.WAGER, EV.MATCH, EV.PICK, EV.PICKS, EV.BID, EV.BIDS, EV.SIDEBET]);
/** Actions whose `b` is the option chosen (bet-like actions carry an amount instead, dropped). */
const OPTION_IN_B = new Set<number>([EV.CHOSE, EV.PICK, EV.BID, EV.SIDEBET]);
/** Markers that are not observations (the phase is in the decision site; a decision prompt is the decision itself). */
const SKIPPED = new Set<number>([EV.PHASE, EV.SUBPHASE, EV.SHUFFLE, EV.ASK, EV.SHOWDOWN, EV.END]);

/** What each event kind is to an information state's parts, by kind (one table lookup per event instead of four set lookups). */
const SKIP = 1;
const ACTION = 2;
const OPTION = 4;
const ROLE = ((): Uint8Array => {
  const t = new Uint8Array(256);
  for (const k of [...SKIPPED, ...CHIP_EVENTS]) t[k] |= SKIP;
  for (const k of ACTIONS) t[k] |= ACTION;
  for (const k of OPTION_IN_B) t[k] |= OPTION;
  return t;
})();

/** The fields of `seat`'s information state at `m` (see `InfoStateParts`). */
export function infoStateParts(m: Machine, seat: number): InfoStateParts {
  const p = m.program;
  const log = m.log;
  const bit = 1 << seat;
  const path: string[] = [];
  const signals: string[] = [];
  const roles = new Map<number, string>();
  for (let i = 0; i < log.count; i++) {
    if (!(log.seenBy(i) & bit)) continue;
    const kind = log.kind(i);
    const role = ROLE[kind];
    if (role & SKIP) continue;
    const s = log.seat(i);
    const seen = (log.contentSeenBy(i) & bit) !== 0;
    if (role & ACTION) {
      if (kind === EV.PICKS || kind === EV.BIDS) path.push(`${kind}.${log.b(i)}.${log.c(i)}`);
      else path.push(role & OPTION && seen ? `${kind}.${s}.${log.b(i)}` : `${kind}.${s}`);
      continue;
    }
    if (kind === EV.ASSIGN) {
      roles.set(log.a(i), String(s));
      continue;
    }
    if (kind === EV.ASSIGN_HIDDEN) {
      roles.set(log.a(i), log.b(i) ? 'me' : 'not-me');
      continue;
    }
    if (kind === EV.DEAL) {
      const to = log.a(i);
      // A card into the seat's own hand is in the hand; a card it does not see says nothing but
      // where it went (the opponent's hand size, private).
      if (to === handPile(seat) || !seen) continue;
      signals.push(`D${log.c(i) & ~DEAL_FIRST & 0xff}>${to}:${log.b(i)}`);
      continue;
    }
    signals.push(seen ? `${kind}.${s}.${log.a(i)}.${log.b(i)}.${log.c(i)}` : `${kind}.${s}.${log.a(i)}`);
  }
  return {
    hand: m
      .pileCards(handPile(seat))
      .sort((a, b) => a - b)
      .join(','),
    path: path.join(' '),
    signals: signals.join(' '),
    roles: [...roles]
      .sort((a, b) => a[0] - b[0])
      .map(([k, v]) => `${k}=${v}`)
      .join(','),
    chipsInPlay: p.startStacks[0] + p.startStacks[1],
  };
}
