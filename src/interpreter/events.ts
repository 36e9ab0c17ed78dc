/**
 * What a seat sees: information-state keys and observations, both derived from the event log
 * only. An event is skipped for a seat whose bit is not in its `SEEN` mask; its card is shown
 * only to seats in its `CONTENT` mask (others learn that a card moved, not which).
 */
import type { MenuItem, Observation, ObservedEvent } from './api.js';
import { bettingMenu } from './betting.js';
import type { EventLog } from './eventlog.js';
import { EV, NODE, R } from './layout.js';
import { DECK_PILE, handPile, type Program } from './program.js';
import type { InterpreterState } from './state.js';

/**
 * Append the key tokens of events `[from, to)` that `seat` sees to `key`. A token names the
 * event kind, its seat and amounts, and a card only when the seat sees the card, so two
 * histories get equal keys exactly when the seat saw the same events (OpenSpiel's
 * information-state string, in a compact form).
 */
export function appendKeyTokens(key: string, log: EventLog, from: number, to: number, seat: number): string {
  const bit = 1 << seat;
  for (let i = from; i < to; i++) {
    if (!(log.seenBy(i) & bit)) continue;
    const kind = log.kind(i);
    const s = log.seat(i);
    const a = log.a(i);
    switch (kind) {
      case EV.PHASE:
        key += `/P${a}`;
        break;
      case EV.SHUFFLE:
        key += `/S${a}`;
        break;
      case EV.DEAL:
        key += log.contentSeenBy(i) & bit ? `/D${log.c(i)}>${a}:${log.b(i)}` : `/D${log.c(i)}>${a}`;
        break;
      case EV.REVEAL:
        key += `/V${s}:${log.b(i)}`;
        break;
      default:
        key += `/${kind}.${s}.${a}`;
    }
  }
  return key;
}

const chips = (n: number): string => `${n} chip${n === 1 ? '' : 's'}`;

/** Build a seat's observation by replaying the events it sees. */
export function buildObservation(state: InterpreterState, seat: number): Observation {
  const p: Program = state.program;
  const events = state.log;
  const n = events.count;
  const bit = 1 << seat;
  const names = p.seatNames;
  const stacks: [number, number] = [p.startStacks[0], p.startStacks[1]];
  let pot = 0;
  let phase = 'Setup';
  let deckSize = p.initialDeck.length;
  let ended = false;
  const handSizes: [number, number] = [0, 0];
  const hand: string[] = [];
  const publicPiles: Record<string, string[]> = {};
  for (let i = 3; i < p.pileNames.length; i++) if (p.pilePublic[i]) publicPiles[p.pileNames[i]] = [];
  const log: ObservedEvent[] = [];
  const move = (s: number, amount: number): void => {
    stacks[s] -= amount;
    pot += amount;
  };
  for (let i = 0; i < n; i++) {
    if (!(events.seenBy(i) & bit)) continue;
    const s = events.seat(i);
    const a = events.a(i);
    const who = names[s] ?? '';
    switch (events.kind(i)) {
      case EV.PHASE:
        phase = p.phaseNames[a];
        log.push({ kind: 'phase', text: `Phase ${phase} begins.` });
        break;
      case EV.SHUFFLE:
        log.push({ kind: 'shuffle', text: `The ${p.pileNames[a]} is shuffled.` });
        break;
      case EV.DEAL: {
        const from = events.c(i);
        const seen = (events.contentSeenBy(i) & bit) !== 0;
        const card = p.cardNames[events.b(i)];
        if (from === DECK_PILE) deckSize--;
        if (from === handPile(0) || from === handPile(1)) handSizes[from - 1]--;
        if (a === handPile(0) || a === handPile(1)) handSizes[a - 1]++;
        if (seen) {
          if (from === handPile(seat)) removeName(hand, card);
          else if (publicPiles[p.pileNames[from]]) removeName(publicPiles[p.pileNames[from]], card);
          if (a === handPile(seat)) hand.push(card);
          else if (publicPiles[p.pileNames[a]]) publicPiles[p.pileNames[a]].push(card);
        }
        const target = s >= 0 ? `${who} is dealt` : `Dealt to the ${p.pileNames[a]}:`;
        const e: ObservedEvent = { kind: 'deal', text: '' };
        if (s >= 0) e.seat = s;
        if (seen) e.cards = [card];
        else e.hiddenCount = 1;
        e.text = seen ? `${target} ${card}.` : `${target} a card, face down.`;
        log.push(e);
        break;
      }
      case EV.ANTE:
        move(s, a);
        log.push({ kind: 'ante', seat: s, amount: a, text: `${who} antes ${chips(a)}.` });
        break;
      case EV.FOLD:
        log.push({ kind: 'fold', seat: s, text: `${who} folds.` });
        break;
      case EV.CHECK:
        log.push({ kind: 'check', seat: s, text: `${who} checks.` });
        break;
      case EV.CALL:
        move(s, a);
        log.push({ kind: 'call', seat: s, amount: a, text: `${who} calls, putting ${chips(a)} in the pot.` });
        break;
      case EV.BET:
        move(s, a);
        log.push({ kind: 'bet', seat: s, amount: a, text: `${who} bets ${chips(a)}.` });
        break;
      case EV.RAISE:
        move(s, a);
        log.push({ kind: 'raise', seat: s, amount: a, text: `${who} raises, putting ${chips(a)} in the pot.` });
        break;
      case EV.REFUND:
        move(s, -a);
        log.push({ kind: 'refund', seat: s, amount: a, text: `${chips(a)} that could not be called go back to ${who}.` });
        break;
      case EV.SHOWDOWN:
        phase = 'Showdown';
        log.push({ kind: 'showdown', text: 'Showdown: the hands are revealed.' });
        break;
      case EV.REVEAL: {
        const card = p.cardNames[events.b(i)];
        log.push({ kind: 'reveal', seat: s, cards: [card], text: `${who} shows ${card}.` });
        break;
      }
      case EV.RESULT:
        log.push(s >= 0 ? { kind: 'result', seat: s, text: `${who} wins the showdown.` } : { kind: 'result', text: 'The showdown is a tie: the pot is split.' });
        break;
      case EV.ODD_CHIP:
        move(s, -a);
        log.push({ kind: 'odd-chip', seat: s, amount: a, text: `${who} receives the odd chip.` });
        break;
      case EV.WIN:
        move(s, -a);
        log.push({ kind: 'win', seat: s, amount: a, text: `${who} takes ${chips(a)} from the pot.` });
        break;
      case EV.END:
        phase = 'End';
        ended = true;
        log.push({ kind: 'end', text: a === 0 ? 'The game ends after a fold.' : 'The game is over.' });
        break;
    }
  }
  let decision: Observation['decision'] = null;
  if (state.r[R.NODE] === NODE.DECISION && state.r[R.ACTOR] === seat) {
    const menu: MenuItem[] = bettingMenu(state.r, state.betSize(), state.raiseCap());
    const need = menu.find((m) => m.label === 'call')?.cost;
    const facing = need === undefined ? 'no bet to call' : `facing a bet, ${chips(need)} to call`;
    decision = { prompt: `${names[seat]} to act in ${phase} (${facing}; bets are ${chips(state.betSize())}).`, menu };
  }
  return {
    seat,
    seatNames: [names[0], names[1]],
    phase,
    hand,
    publicPiles,
    handSizes,
    deckSize,
    stacks,
    pot,
    log,
    decision,
    terminal: ended,
    returns: ended ? [stacks[0] - p.startStacks[0], stacks[1] - p.startStacks[1]] : null,
  };
}

function removeName(list: string[], name: string): void {
  const i = list.indexOf(name);
  if (i >= 0) list.splice(i, 1);
}
