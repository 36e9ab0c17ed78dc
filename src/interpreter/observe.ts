/**
 * What a seat sees: its observation, built by replaying the events it saw (the event log is the
 * only source; cards appear only from events whose content the seat sees), plus the decision it
 * faces with its legal menu.
 */
import type { MenuItem, Observation, ObservedEvent } from './api.js';
import { bettingMenu } from './betting.js';
import { actionCost, COST_CAUSES } from './costs.js';
import { DECISIONS } from './decisions.js';
import { BOTH, EV, MOVE, NODE, PAY_REASON, R, SKIP, unpackHandCards } from './layout.js';
import { HAND_CATEGORIES } from './poker-hand.js';
import { DECK_PILE, INSTR_WIDTH, OP, handPile, type Program } from './program.js';
import type { MachineState } from './machine.js';
import { humanize } from '../util/names.js';
import { SHOWDOWN_REASON, sumOfRanksParts, type SumOfRanksParts } from './showdown.js';
import { pokerShowdownReason, type LoggedHand } from './poker-reason.js';
import { formatChips as chips } from '../util/format.js';

/** A variable as the rulebook shows it: `«bet round»`. */
const variable = (name: string): string => `«${humanize(name)}»`;

/** Mutable replay state of one seat's view. */
interface View {
  p: Program;
  seat: number;
  stacks: [number, number];
  pot: number;
  phase: string;
  deckSize: number;
  handSizes: [number, number];
  hand: string[];
  publicPiles: Record<string, string[]>;
  /** Per seat: the cards of its hand that were dealt face up (both seats see them). */
  faceUp: [string[], string[]];
  variables: number[];
  holders: (string | null)[];
  scores: [number, number];
  ended: boolean;
  log: ObservedEvent[];
}

function removeName(list: string[], name: string): void {
  const i = list.indexOf(name);
  if (i >= 0) list.splice(i, 1);
}

/** A seat's name, or `the pot` for -1. */
function party(p: Program, s: number): string {
  return s < 0 ? 'the pot' : p.seatNames[s];
}

/** A card moved (dealt, stolen, swapped, discarded): update sizes, the hand and public piles; describe it. */
function cardMove(v: View, owner: number, to: number, card: string | null, c: number, open: boolean): ObservedEvent {
  const { p, seat } = v;
  const from = c & 0xff;
  const reason = (c >> 8) & 0xf;
  if (from === DECK_PILE) v.deckSize--;
  if (to === DECK_PILE) v.deckSize++;
  if (from === handPile(0) || from === handPile(1)) v.handSizes[from - 1]--;
  if (to === handPile(0) || to === handPile(1)) v.handSizes[to - 1]++;
  if (card !== null) {
    if (from === handPile(0) || from === handPile(1)) removeName(v.faceUp[from - 1], card);
    if (open && (to === handPile(0) || to === handPile(1))) v.faceUp[to - 1].push(card);
    if (from === handPile(seat)) removeName(v.hand, card);
    else if (v.publicPiles[p.pileNames[from]]) removeName(v.publicPiles[p.pileNames[from]], card);
    if (to === handPile(seat)) v.hand.push(card);
    else if (v.publicPiles[p.pileNames[to]]) v.publicPiles[p.pileNames[to]].push(card);
  }
  const giver = p.pileOwner[from];
  const e: ObservedEvent = { kind: 'deal', text: '' };
  if (card !== null) e.cards = [card];
  else e.hiddenCount = 1;
  const what = card ?? 'a card';
  switch (reason) {
    case MOVE.STEAL:
      e.kind = 'steal';
      e.seat = owner;
      e.text = `${p.seatNames[owner]} steals ${what} from ${p.seatNames[giver]}.`;
      break;
    case MOVE.SWAP:
      e.kind = 'swap';
      e.seat = owner;
      e.text = `Swap: ${p.seatNames[giver]} gives ${what} to ${p.seatNames[owner]}.`;
      break;
    case MOVE.DISCARD: {
      e.kind = 'discard';
      e.seat = giver;
      const dest = to === p.outPile ? 'out of the game' : `to the ${p.pileNames[to]}`;
      e.text = card !== null ? `${p.seatNames[giver]} discards ${card} ${dest}.` : `${p.seatNames[giver]} discards a card face down ${dest}.`;
      break;
    }
    default: {
      if (owner >= 0) e.seat = owner;
      const target = owner >= 0 ? `${p.seatNames[owner]} is dealt` : `Dealt to the ${p.pileNames[to]}:`;
      const face = open && owner >= 0 ? (owner === seat ? ', face up (your opponent sees it too)' : ', face up') : '';
      e.text = card !== null ? `${target} ${card}${face}.` : `${target} a card, face down.`;
    }
  }
  return e;
}

/** The card types each seat revealed at the showdown whose result is event `i`. */
function revealedBefore(state: MachineState, i: number): [number[], number[]] {
  const log = state.log;
  const hands: [number[], number[]] = [[], []];
  for (let j = i - 1; j >= 0 && log.kind(j) !== EV.SHOWDOWN; j--) if (log.kind(j) === EV.REVEAL) hands[log.seat(j)].unshift(log.b(j));
  return hands;
}

/** The two best poker hands a showdown logged before its result (event `i`), or null when it logged none. */
function loggedHands(state: MachineState, i: number): [LoggedHand, LoggedHand] | null {
  const p = state.program;
  const log = state.log;
  const out: (LoggedHand | null)[] = [null, null];
  for (let j = i - 1; j >= 0 && log.kind(j) !== EV.SHOWDOWN; j--) {
    if (log.kind(j) !== EV.HAND) continue;
    const types = unpackHandCards(log.b(j), log.c(j));
    out[log.seat(j)] = {
      category: HAND_CATEGORIES[log.a(j)],
      ranks: types.map((t) => p.pokerRank[t]),
      rankNames: types.map((t) => p.rankNames[p.cardRank[t]]),
    };
  }
  return out[0] && out[1] ? [out[0], out[1]] : null;
}

/** `J 1 + Q 2 + pair of J 3 + score −1 = 5`: a sum-of-ranks total in words. */
function partsWords(p: Program, parts: SumOfRanksParts): string {
  const terms = parts.cards.map((c) => `${p.rankNames[c.rank]} ${c.value}`);
  for (const b of parts.bonuses) {
    if (b.pair !== 0) terms.push(`pair of ${p.rankNames[b.rank]} ${b.pair}`);
    if (b.each !== 0) terms.push(`${b.count}× ${p.rankNames[b.rank]} bonus ${b.each}`);
  }
  if (parts.score !== 0) terms.push(`score ${parts.score}`);
  return `${terms.length ? terms.join(' + ') : 'no cards'} = ${parts.total}`;
}

/**
 * Why the showdown whose result is event `i` went as it did, in words: the reason the showdown
 * logged with its result (see `SHOWDOWN_REASON`) applied to the revealed hands.
 */
function showdownReason(state: MachineState, i: number, scores: [number, number]): string | undefined {
  const p = state.program;
  const log = state.log;
  const winner = log.seat(i);
  const reason = log.a(i);
  const names = p.seatNames;
  const logged = loggedHands(state, i);
  if (logged) return pokerShowdownReason(logged, winner, names);
  const hands = revealedBefore(state, i);
  if (reason === SHOWDOWN_REASON.TOTALS) {
    const parts = [0, 1].map((s) => sumOfRanksParts(p, hands[s], scores[s]));
    const each = [0, 1].map((s) => `${names[s]} ${partsWords(p, parts[s])}`).join('; ');
    return winner < 0 ? `equal totals: ${each}` : `${names[winner]} has the higher total: ${each}`;
  }
  if (reason === SHOWDOWN_REASON.PAIRS_BOARD) return `${names[winner]} pairs the board (${p.rankNames[log.b(i)]})`;
  if (reason !== SHOWDOWN_REASON.HIGH_CARD) return undefined;
  const pairCase = log.c(i) === 1 ? 'neither hand pairs the board; ' : log.c(i) === 2 ? 'both hands pair the board; ' : '';
  const k = log.b(i);
  const sorted = hands.map((h) => [...h].sort((x, y) => p.cardValue[y] - p.cardValue[x]));
  if (winner < 0) return `${pairCase}the hands are equal by high card`;
  const loser = 1 - winner;
  if (k >= sorted[loser].length)
    return `${pairCase}${names[loser]}'s hand runs out of cards first (${sorted[winner]
      .slice(0, k + 1)
      .map((t) => p.rankNames[p.cardRank[t]])
      .join(', ')} against ${sorted[loser].length ? sorted[loser].map((t) => p.rankNames[p.cardRank[t]]).join(', ') : 'no cards'})`;
  const rank = (s: number): string => p.rankNames[p.cardRank[sorted[s][k]]];
  return `${pairCase}${names[winner]}'s ${rank(winner)} beats ${names[loser]}'s ${rank(loser)}${k > 0 ? ` (the ${k} higher card${k === 1 ? '' : 's'} tie)` : ''}`;
}

/** Replay one event the seat sees into the view. */
function replay(v: View, state: MachineState, i: number): void {
  const events = state.log;
  const p = v.p;
  const names = p.seatNames;
  const s = events.seat(i);
  const a = events.a(i);
  const b = events.b(i);
  const c = events.c(i);
  const content = (events.contentSeenBy(i) & (1 << v.seat)) !== 0;
  const who = names[s] ?? '';
  const move = (seat: number, amount: number): void => {
    v.stacks[seat] -= amount;
    v.pot += amount;
  };
  const push = (e: ObservedEvent): void => void v.log.push(e);
  switch (events.kind(i)) {
    case EV.PHASE:
      v.phase = p.phaseNames[a];
      return push({ kind: 'phase', text: `Phase ${humanize(v.phase)} begins.` });
    case EV.SUBPHASE:
      return push({ kind: 'subphase', text: `Sub-phase ${humanize(p.subphaseNames[a])} begins.` });
    case EV.SHUFFLE:
      return push({ kind: 'shuffle', text: `The ${p.pileNames[a]} is shuffled.` });
    case EV.DEAL:
      return push(cardMove(v, s, a, content ? p.cardNames[b] : null, c, events.contentSeenBy(i) === BOTH && ((c >> 8) & 0xf) === 0));
    case EV.ANTE:
      move(s, a);
      return push({ kind: 'ante', seat: s, amount: a, text: `${who} antes ${chips(a)}.` });
    case EV.BLIND:
      move(s, a);
      return push({ kind: 'blind', seat: s, amount: a, text: `${who} posts the ${b ? 'big' : 'small'} blind: ${chips(a)}.` });
    case EV.FOLD:
      return push({ kind: 'fold', seat: s, text: `${who} folds.` });
    case EV.CHECK:
      return push({ kind: 'check', seat: s, text: `${who} checks.` });
    case EV.CALL:
      move(s, a);
      return push({ kind: 'call', seat: s, amount: a, text: `${who} calls, putting ${chips(a)} in the pot.` });
    case EV.BET:
      move(s, a);
      return push({ kind: 'bet', seat: s, amount: a, text: `${who} bets ${chips(a)}.` });
    case EV.RAISE:
      move(s, a);
      return push({ kind: 'raise', seat: s, amount: a, text: `${who} raises, putting ${chips(a)} in the pot.` });
    case EV.REFUND:
      move(s, -a);
      return push({ kind: 'refund', seat: s, amount: a, text: `${chips(a)} that could not be matched go back to ${who}.` });
    case EV.COND:
      return push({ kind: 'check-result', text: `Check: ${p.condText[a]} — ${b ? 'yes' : 'no'}.` });
    case EV.ROUND: {
      const loop = p.loops[a];
      v.variables[loop.variable] = b;
      return push({ kind: 'round', text: `Round ${b + 1} of at most ${loop.max} begins (${variable(p.variableNames[loop.variable])} = ${b}).` });
    }
    case EV.LOOP_END: {
      const loop = p.loops[a];
      v.variables[loop.variable] = b;
      return push({ kind: 'loop-end', text: `The rounds stop after ${b} (${variable(p.variableNames[loop.variable])} = ${b}).` });
    }
    case EV.ASK:
      return;
    case EV.CHOSE: {
      const option = p.choices[a].options[b].name;
      const secret = p.choices[a].announced ? '' : ' in secret';
      return push(
        content
          ? { kind: 'choice', seat: s, text: `${who} chooses ${option}${secret}.` }
          : { kind: 'choice', seat: s, text: `${who} makes a choice in secret.` },
      );
    }
    case EV.COST: {
      const text =
        b === 0
          ? `${who}'s cost of ${chips(c)} is not due.`
          : b === 1
            ? `${who}'s cost of ${chips(c)} is due.`
            : `${who}'s cost of ${chips(c)} is due but ${who} cannot pay it: the option does nothing.`;
      return push({ kind: 'cost', seat: s, amount: c, text });
    }
    case EV.TRANSFER: {
      if (s >= 0) v.stacks[s] -= a;
      else v.pot -= a;
      if (b >= 0) v.stacks[b] += a;
      else v.pot += a;
      const payer = party(p, s);
      const payee = party(p, b);
      const texts: Record<number, string> = {
        [PAY_REASON.PAY]: s < 0 ? `${payee} takes ${chips(a)} from the pot.` : `${payer} pays ${chips(a)} to ${payee}.`,
        [PAY_REASON.COST]: `${payer} pays ${chips(a)} to the pot for the chosen option.`,
        [PAY_REASON.SIDEBET]: `${payer} pays ${payee} ${chips(a)} for the side bet.`,
        [PAY_REASON.AUCTION]: `${payer} pays the winning bid of ${chips(a)} to ${payee}.`,
      };
      const e: ObservedEvent = { kind: 'pay', amount: a, text: texts[c] ?? `${payer} pays ${chips(a)} to ${payee}.` };
      if (s >= 0) e.seat = s;
      return push(e);
    }
    case EV.WAGER:
      move(s, a);
      return push({ kind: 'wager', seat: s, amount: a, text: `${who} wagers ${chips(a)}.` });
    case EV.MATCH:
      move(s, a);
      return push({ kind: 'match', seat: s, amount: a, text: `${who} matches the wager, putting ${chips(a)} in the pot.` });
    case EV.PICK: {
      const option = p.simultaneous[a].options[b];
      return push(
        content ? { kind: 'pick', seat: s, text: `${who} picks ${option} in secret.` } : { kind: 'pick', seat: s, text: `${who} has picked in secret.` },
      );
    }
    case EV.PICKS: {
      const o = p.simultaneous[a].options;
      return push({ kind: 'picks', text: `The picks are revealed: ${names[0]} ${o[b]}, ${names[1]} ${o[c]}.` });
    }
    case EV.BID:
      return push(
        content
          ? { kind: 'bid', seat: s, amount: b, text: `${who} bids ${chips(b)} in secret.` }
          : { kind: 'bid', seat: s, text: `${who} has placed a sealed bid.` },
      );
    case EV.BIDS:
      return push({ kind: 'bids', text: `The bids are revealed: ${names[0]} ${chips(b)}, ${names[1]} ${chips(c)}.` });
    case EV.COIN:
      return push({ kind: 'coin', seat: s, text: `The bids tie: a coin flip gives the auction to ${who}.` });
    case EV.AUCTION: {
      const text =
        b === 1
          ? 'Both bids are 0: nobody wins the auction.'
          : b === 2
            ? `${who} wins the auction, but its prize cannot be given: the auction is cancelled and nothing is paid.`
            : `${who} wins the auction at ${chips(c)}.`;
      const e: ObservedEvent = { kind: 'auction', text };
      if (s >= 0) e.seat = s;
      if (b === 0) e.amount = c;
      return push(e);
    }
    case EV.PEEK: {
      const target = names[a];
      let text: string;
      const e: ObservedEvent = { kind: 'peek', seat: s, text: '' };
      if (!content) text = `${who} peeks at a card in ${target}'s hand.`;
      else if (b < 0) text = `${who} looks into ${target}'s hand: it is empty.`;
      else {
        e.cards = [p.cardNames[b]];
        text = `${who} peeks at ${c >= 0 ? `card ${c + 1} of` : 'a random card in'} ${target}'s hand: ${p.cardNames[b]}.`;
      }
      e.text = text;
      return push(e);
    }
    case EV.SHOW:
      return push(
        b < 0
          ? { kind: 'show', seat: s, text: `${who} reveals a hand with no cards.` }
          : { kind: 'show', seat: s, cards: [p.cardNames[b]], text: `${who} reveals ${p.cardNames[b]}.` },
      );
    case EV.SIDEBET: {
      const bet = p.sidebets[a];
      return push({
        kind: 'sidebet',
        seat: s,
        amount: bet.amount,
        text: `${who} ${b ? 'accepts' : 'declines'} a side bet of ${chips(bet.amount)} on "${p.condText[bet.cond]}".`,
      });
    }
    case EV.SETTLE: {
      const bet = p.sidebets[a];
      return push({ kind: 'settle', seat: s, text: `${who}'s side bet on "${p.condText[bet.cond]}": ${b ? 'it holds' : 'it does not hold'}.` });
    }
    case EV.SCORE:
      v.scores[s] += a;
      return push({ kind: 'score', seat: s, amount: a, text: `${who}'s score ${a >= 0 ? 'goes up' : 'goes down'} by ${Math.abs(a)} (now ${v.scores[s]}).` });
    case EV.ASSIGN: {
      const pos = humanize(p.positions[a].name);
      v.holders[a] = s >= 0 ? who : null;
      return push(
        s >= 0 ? { kind: 'assign', seat: s, text: `${who} takes the position ${pos}.` } : { kind: 'assign', text: `Nobody takes the position ${pos} (a tie).` },
      );
    }
    case EV.ASSIGN_HIDDEN: {
      const pos = humanize(p.positions[a].name);
      v.holders[a] = b ? who : null;
      return push({ kind: 'assign', seat: s, text: b ? `${who} holds the hidden position ${pos}.` : `${who} does not hold the hidden position ${pos}.` });
    }
    case EV.SET:
      v.variables[a] = b;
      return push({ kind: 'set', text: `${variable(p.variableNames[a])} is now ${b}.` });
    case EV.SKIP: {
      const texts: Record<number, string> = {
        [SKIP.WAGER]:
          b === 1 ? `The largest wager for ${who} is below the smallest this time: no wager.` : `${who} cannot afford the smallest wager: no wager.`,
        [SKIP.CHOICE]: `${who} cannot afford any option: the choice is skipped.`,
        [SKIP.SWAP]: 'A hand is empty: no swap.',
        [SKIP.STEAL]: `Nothing to steal: no card moves.`,
        [SKIP.MATCH]: `There is no wager for ${who} to match.`,
        [SKIP.DEAL]: `The ${p.pileNames[c]} is empty: ${b} card${b === 1 ? '' : 's'} not dealt.`,
        [SKIP.ALL_IN]: `${who} has no chips left (all-in): no betting in this round.`,
        [SKIP.WAGER_UNANSWERED]: `${names[1 - s] ?? 'The opponent'} has no chips left to answer a wager: ${who} makes no wager.`,
      };
      const e: ObservedEvent = { kind: 'skip', text: texts[a] ?? 'A step has no effect.' };
      if (s >= 0) e.seat = s;
      return push(e);
    }
    case EV.SHOWDOWN:
      v.phase = 'Showdown';
      return push({ kind: 'showdown', text: 'Showdown: the hands are revealed.' });
    case EV.REVEAL: {
      const card = p.cardNames[b];
      return push({ kind: 'reveal', seat: s, cards: [card], text: `${who} shows ${card}.` });
    }
    case EV.TOTAL:
      return push({ kind: 'total', seat: s, amount: a, text: `${who}'s total: ${a} points.` });
    case EV.HAND: {
      const cards = unpackHandCards(b, c).map((t) => p.cardNames[t]);
      const category = HAND_CATEGORIES[a];
      return push({
        kind: 'hand',
        seat: s,
        category,
        cards,
        text: `${who} has ${/^(straight|flush|full)/.test(category) ? `a ${category}` : category}: ${cards.join(', ')}.`,
      });
    }
    case EV.RESULT: {
      const e: ObservedEvent =
        s >= 0 ? { kind: 'result', seat: s, text: `${who} wins the showdown.` } : { kind: 'result', text: 'The showdown is a tie: the pot is split.' };
      const why = showdownReason(state, i, [v.scores[0], v.scores[1]]);
      if (why !== undefined) e.reason = why;
      return push(e);
    }
    case EV.SPLIT:
      return push({ kind: 'split', text: 'The pot is split between the seats.' });
    case EV.ODD_CHIP:
      move(s, -a);
      return push({ kind: 'odd-chip', seat: s, amount: a, text: `${who} receives the odd chip.` });
    case EV.WIN:
      move(s, -a);
      return push({ kind: 'win', seat: s, amount: a, text: `${who} takes ${chips(a)} from the pot.` });
    case EV.END:
      v.phase = 'End';
      v.ended = true;
      return push({ kind: 'end', text: a === 0 ? 'The game ends after a fold.' : a === 2 ? `The game ends: ${p.reasons[b]}.` : 'The game is over.' });
  }
}

/** The decision `seat` faces now, or null. */
function decisionOf(state: MachineState, seat: number, phase: string): Observation['decision'] {
  if (state.r[R.NODE] !== NODE.DECISION || state.r[R.ACTOR] !== seat) return null;
  const names = state.program.seatNames;
  if (state.inFixedBetting()) {
    const menu: MenuItem[] = bettingMenu(state.r, state.betSize(), state.raiseCap());
    const need = menu.find((m) => m.label === 'call')?.cost;
    measureCosts(state, menu);
    const facing = need === undefined ? 'no bet to call' : `facing a bet, ${chips(need)} to call`;
    const fallback = state.op() === OP.VARBET ? `a seat has no chips, so variable betting falls back to fixed bets; ` : '';
    return { prompt: `${names[seat]} to act in ${humanize(phase)} (${fallback}${facing}; bets are ${chips(state.betSize())}).`, menu };
  }
  const d = DECISIONS[state.op()]!;
  const menu = d.legal(state).map((action): MenuItem => ({ action, label: d.label(state, action) }));
  measureCosts(state, menu);
  return { prompt: d.prompt(state), menu };
}

/** Set each menu entry's cost to the chips it moves when played out (see `costs.ts`), replacing any declared cost. */
function measureCosts(state: MachineState, menu: MenuItem[]): void {
  for (const item of menu) {
    delete item.cost;
    const { range: c, causes } = actionCost(state, item.action);
    if (c[0] === c[1]) item.cost = c[0];
    else {
      item.costRange = [c[0], c[1]];
      item.costDependsOn = COST_CAUSES.filter((k) => causes.has(k));
    }
  }
}

/** Build a seat's observation by replaying the events it sees. */
export function buildObservation(state: MachineState, seat: number): Observation {
  const p: Program = state.program;
  const events = state.log;
  const bit = 1 << seat;
  const publicPiles: Record<string, string[]> = {};
  for (let i = 3; i < p.pileNames.length; i++) if (p.pilePublic[i]) publicPiles[p.pileNames[i]] = [];
  const v: View = {
    p,
    seat,
    stacks: [p.startStacks[0], p.startStacks[1]],
    pot: 0,
    phase: 'Setup',
    deckSize: p.initialDeck.length,
    handSizes: [0, 0],
    hand: [],
    publicPiles,
    faceUp: [[], []],
    variables: [...p.variableInitial],
    holders: p.positions.map(() => null),
    scores: [0, 0],
    ended: false,
    log: [],
  };
  for (let i = 0; i < events.count; i++) if (events.seenBy(i) & bit) replay(v, state, i);
  // The decision's menu costs are measured by playing each entry out (the costly part of an
  // observation): worked out when first read, on a copy of the state as it is now.
  const snapshot = state.r[R.NODE] === NODE.DECISION && state.r[R.ACTOR] === seat ? state.clone() : null;
  let decision: Observation['decision'] | undefined = snapshot ? undefined : null;
  const phase = v.phase;
  const obs: Observation = {
    seat,
    seatNames: [p.seatNames[0], p.seatNames[1]],
    phase: v.phase,
    hand: v.hand,
    publicPiles,
    handSizes: v.handSizes,
    deckSize: v.deckSize,
    stacks: v.stacks,
    pot: v.pot,
    log: v.log,
    get decision() {
      if (decision === undefined) decision = decisionOf(snapshot!, seat, phase);
      return decision;
    },
    set decision(d) {
      decision = d;
    },
    terminal: v.ended,
    returns: v.ended ? [v.stacks[0] - p.startStacks[0], v.stacks[1] - p.startStacks[1]] : null,
  };
  if (p.variableNames.length > 0) obs.variables = Object.fromEntries(p.variableNames.map((n, i) => [n, v.variables[i]]));
  if (p.positions.length > 0) obs.positions = p.positions.map((pos, i) => ({ name: pos.name, hidden: pos.hidden, holder: v.holders[i] }));
  if (hasScores(p)) obs.scores = v.scores;
  if (p.houseSeat >= 0) obs.house = { seat: p.houseSeat, unlimited: p.unlimitedSeat === p.houseSeat };
  if (v.faceUp[0].length + v.faceUp[1].length > 0) obs.faceUp = v.faceUp;
  return obs;
}

/** Per program: whether it has a `score` step (only then do observations carry scores). */
const scoreSteps = new WeakMap<Program, boolean>();

function hasScores(p: Program): boolean {
  let has = scoreSteps.get(p);
  if (has === undefined) {
    has = false;
    for (let pc = 0; pc * INSTR_WIDTH < p.code.length && !has; pc++) has = p.code[pc * INSTR_WIDTH] === OP.SCORE;
    scoreSteps.set(p, has);
  }
  return has;
}
