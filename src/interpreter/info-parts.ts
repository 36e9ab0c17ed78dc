/**
 * The fields of a seat's information state read from the event log (`InfoStateParts` of
 * `api.ts`): its hand, the path of player actions it saw, the other signals it saw and the roles
 * it knows. Coarsened keys (e.g. the complexity axes' I_p, GENSTRAT v2 Appendix C) are built from
 * them outside the engine, without reading registers or events.
 */
import type { InfoStateParts } from './api.js';
import { DEAL_FIRST, EV } from './layout.js';
import { pileBase, type Machine } from './machine.js';
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

/** Written by {@link flatten}, so that its read of a character is not dropped as unused. */
let _flattenSink = 0;

/**
 * `s` made flat in place. V8 keeps a string built by concatenation as a tree of its pieces
 * (`path + ' ' + token`, event after event, is a tree as deep as the events are many), and every
 * key built from it walks the whole tree again when it is first hashed or read; reading a
 * character of the tree makes V8 copy it into one flat string in place, once, so later keys
 * copy it in one piece (fast tier of the axes: about 9 % of its CPU, docs/performance.md).
 */
function flatten(s: string): string {
  _flattenSink ^= s.charCodeAt(0) | 0;
  return s;
}

/**
 * What {@link infoStateParts} has read of one seat's events so far: the path and signals joined,
 * the roles by position and their text, up to event `upTo`. Immutable: a state and its copies share
 * it, and reading more events makes a new one (so a state never pays for events it read before).
 */
export interface PartsMemo {
  readonly upTo: number;
  readonly path: string;
  readonly signals: string;
  /** Holder text by position index (holes for positions without one). */
  readonly roles: readonly string[];
  readonly rolesText: string;
}

/** The memo of a seat that has read no event. */
export const EMPTY_PARTS: PartsMemo = { upTo: 0, path: '', signals: '', roles: [], rolesText: '' };

/**
 * The memo of `seat` extended over the events `memo.upTo` … the log's end. The events of a log
 * never change once pushed, so the fields of the events before `upTo` are those `memo` holds; the
 * caller drops a memo whenever its log is cut or replaced (`InterpreterState`).
 */
export function extendParts(m: Machine, seat: number, memo: PartsMemo): PartsMemo {
  const log = m.log;
  const n = log.count;
  if (memo.upTo === n) return memo;
  const bit = 1 << seat;
  const own = handPile(seat);
  let path = memo.path;
  let signals = memo.signals;
  let roles: string[] | null = null;
  for (let i = memo.upTo; i < n; i++) {
    if (!(log.seenBy(i) & bit)) continue;
    const kind = log.kind(i);
    const role = ROLE[kind];
    if (role & SKIP) continue;
    const s = log.seat(i);
    const seen = (log.contentSeenBy(i) & bit) !== 0;
    let token: string;
    if (role & ACTION) {
      if (kind === EV.PICKS || kind === EV.BIDS) token = `${kind}.${log.b(i)}.${log.c(i)}`;
      else token = role & OPTION && seen ? `${kind}.${s}.${log.b(i)}` : `${kind}.${s}`;
      path = path === '' ? token : `${path} ${token}`;
      continue;
    }
    if (kind === EV.ASSIGN || kind === EV.ASSIGN_HIDDEN) {
      roles ??= memo.roles.slice();
      roles[log.a(i)] = kind === EV.ASSIGN ? String(s) : log.b(i) ? 'me' : 'not-me';
      continue;
    }
    if (kind === EV.DEAL) {
      const to = log.a(i);
      // A card into the seat's own hand is in the hand; a card it does not see says nothing but
      // where it went (the opponent's hand size, private).
      if (to === own || !seen) continue;
      token = `D${log.c(i) & ~DEAL_FIRST & 0xff}>${to}:${log.b(i)}`;
    } else token = seen ? `${kind}.${s}.${log.a(i)}.${log.b(i)}.${log.c(i)}` : `${kind}.${s}.${log.a(i)}`;
    signals = signals === '' ? token : `${signals} ${token}`;
  }
  if (path !== memo.path) flatten(path);
  if (signals !== memo.signals) flatten(signals);
  if (!roles) return { upTo: n, path, signals, roles: memo.roles, rolesText: memo.rolesText };
  const text: string[] = [];
  roles.forEach((v, k) => text.push(`${k}=${v}`));
  return { upTo: n, path, signals, roles, rolesText: text.join(',') };
}

/** A seat's hand as text (the sorted card ids), with the cards it was read from, in pile order. Immutable. */
export interface HandMemo {
  readonly cards: readonly number[];
  readonly text: string;
}

/** The memo of an empty hand. */
export const EMPTY_HAND: HandMemo = { cards: [], text: '' };

/** `memo` when `seat`'s hand at `m` still holds its cards in its order, else the memo of the hand now. */
export function handMemo(m: Machine, seat: number, memo: HandMemo): HandMemo {
  const pile = handPile(seat);
  const base = pileBase(m.program, pile);
  const n = m.piles[pile];
  const old = memo.cards;
  if (old.length === n) {
    let i = 0;
    while (i < n && m.piles[base + i] === old[i]) i++;
    if (i === n) return memo;
  }
  const cards = m.pileCards(pile);
  return { cards, text: sortedText(cards) };
}

/** The card ids of `cards` in increasing order joined by commas (`cards.slice().sort((a, b) => a - b).join(',')`, for the few cards of a hand). */
function sortedText(cards: readonly number[]): string {
  const n = cards.length;
  if (n === 0) return '';
  const sorted = cards.slice();
  for (let i = 1; i < n; i++) {
    const x = sorted[i];
    let j = i - 1;
    while (j >= 0 && sorted[j] > x) {
      sorted[j + 1] = sorted[j];
      j--;
    }
    sorted[j + 1] = x;
  }
  let text = String(sorted[0]);
  for (let i = 1; i < n; i++) text += `,${sorted[i]}`;
  return flatten(text);
}

/** The fields of `seat`'s information state at `m` (see `InfoStateParts`), from its memos brought up to date. */
export function partsFromMemo(m: Machine, memo: PartsMemo, hand: HandMemo): InfoStateParts {
  const p = m.program;
  return { hand: hand.text, path: memo.path, signals: memo.signals, roles: memo.rolesText, chipsInPlay: p.startStacks[0] + p.startStacks[1] };
}

/** The fields of `seat`'s information state at `m` (see `InfoStateParts`), read from the whole log. */
export function infoStateParts(m: Machine, seat: number): InfoStateParts {
  return partsFromMemo(m, extendParts(m, seat, EMPTY_PARTS), handMemo(m, seat, EMPTY_HAND));
}
