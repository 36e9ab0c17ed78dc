/**
 * The turn prompt: the message an agent (an LLM or a person) receives at each turn, rendered by
 * the `prompt` template. It is a pure function of the seat's `Observation`, so it can never say
 * more than the seat may know: own hand, public cards, public numbers (stacks, pot, deck and hand
 * sizes, counters, scores), positions as far as the seat is told, the events the seat has seen,
 * and its decision with the legal menu.
 *
 * Replies follow the grammar of `reply.ts` (`{"action": "call"}`, `{"action": "bet", "amount": 3}`,
 * or the same as plain text), which the prompt states. Amount decisions (the interpreter labels
 * them `bet 3`, `bid 2`, `card 2`) are shown as one range entry instead of one line per amount.
 * Each entry states what it costs the seat, as measured by the interpreter (`MenuItem.cost`).
 */
import type { Observation } from '../interpreter/api.js';
import { renderEngine } from './engine.js';
import { escapeMarkdown, markdownToText } from './markdown.js';
import { tidy, type RenderFormat } from './rulebook.js';
import { costWords, menuEntries } from './menu.js';
import { jsonAmountReply, jsonReply } from './reply.js';
import { englishList, humanize } from './words.js';

/** One entry of the menu: a named action, or a range of amounts sharing one word. */
export interface PromptOptionView {
  /** The action's name, or the range's word (`bet`, `bid`, `card`); Markdown-escaped. */
  label: string;
  /** The JSON reply choosing it, e.g. `{"action": "call"}`; for a range, the reply for its example amount. */
  reply: string;
  /** The plain-text reply choosing it (`call`; for a range, `bet 4`). */
  text: string;
  /** What it costs the seat in words (`costs you 1 chip`), from the measured costs; null when not worked out. */
  cost: string | null;
  /** For a range: the smallest and largest amount and an example amount (the middle of the range). */
  range: { min: number; max: number; example: number } | null;
}

/** One seat as the prompt lists it. */
export interface PromptSeatView {
  name: string;
  /** Seat number from 1, clockwise. */
  number: number;
  /** This is the prompt's seat. */
  you: boolean;
  stack: number;
  /** The seat is a house with an unlimited bank (`stack` is then bookkeeping, shown as "an unlimited bank"). */
  unlimited: boolean;
  handSize: number;
  /** Tables: `folded`, `all-in`, or null (still in with chips behind); null in two-seat games. */
  status: 'folded' | 'all-in' | null;
  /** Tables: chips put in during the betting round under way; null in two-seat games. */
  roundBet: number | null;
  /** Tables: the positions the seat holds this hand (`button`, `small blind`, `big blind`). */
  roles: string[];
}

/** The prompt's view model. Names are Markdown-escaped; amounts are chips. */
export interface PromptView {
  you: string;
  yourNumber: number;
  /** Two seats: the other seat's name and number; null at a table of three or more. */
  opponent: string | null;
  opponentNumber: number | null;
  /** Every other seat, clockwise from the seat after yours. */
  opponents: { name: string; number: number }[];
  /** The opponents in words: `**A** (seat 1) and **C** (seat 3)`. */
  opponentsText: string;
  /** Number of seats at the table. */
  numSeats: number;
  phase: string;
  hand: string[];
  /** Your cards dealt face up (the other seats see them); empty when none. */
  yourFaceUp: string[];
  /** Each other seat's face-up cards (you see them), only seats that have some. */
  othersFaceUp: { name: string; cards: string[] }[];
  publicPiles: { name: string; cards: string[] }[];
  deckSize: number;
  seats: PromptSeatView[];
  pot: number;
  /** Counters (`«bet round»`) and their values. */
  counters: { name: string; value: number }[];
  /** Positions, each as the seat knows it: `Leader: Bob holds it`. */
  positions: { name: string; text: string }[];
  /** Score per seat, when the game keeps scores. */
  scores: { name: string; score: number }[];
  log: string[];
  /**
   * Tables: the button and blinds (seat names, null when none), the highest bet of the round, and
   * for the seat to act the chips to call and the raise-to range. Null in two-seat games.
   */
  table: {
    button: string | null;
    smallBlind: string | null;
    bigBlind: string | null;
    currentBet: number;
    toCall: number;
    raiseTo: { min: number; max: number } | null;
  } | null;
  decision: {
    prompt: string;
    options: PromptOptionView[];
    /** Some entry is a range of amounts. */
    hasRange: boolean;
    /** The plain-text reply for the first range's example amount (`bet 4`), when there is a range. */
    textExample: string | null;
  } | null;
  terminal: boolean;
  /** Chips won (positive) or lost (negative) per seat, at the end. */
  results: { name: string; won: number }[];
}

function decisionView(d: NonNullable<Observation['decision']>): NonNullable<PromptView['decision']> {
  const options: PromptOptionView[] = menuEntries(d.menu).map((e) => {
    const cost = costWords(e);
    if (!e.amounts) return { label: escapeMarkdown(e.word), reply: jsonReply(e.word), text: e.word, cost, range: null };
    const min = e.amounts[0];
    const max = e.amounts[e.amounts.length - 1];
    const example = min + Math.floor((max - min) / 2);
    return { label: escapeMarkdown(e.word), reply: jsonAmountReply(e.word, example), text: `${e.word} ${example}`, cost, range: { min, max, example } };
  });
  const firstRange = options.find((o) => o.range !== null);
  return { prompt: escapeMarkdown(d.prompt), options, hasRange: firstRange !== undefined, textExample: firstRange ? firstRange.text : null };
}

/**
 * Build the prompt's view model from an observation (nothing else). Any number of seats: at a
 * table (`obs.table`) every seat is listed with its stack, hand size, face-up cards, chips bet
 * this round and whether it folded or is all-in, with the button and blinds by seat name.
 * @throws TypeError when the observation's seat is not one of its seats
 */
export function buildPromptView(obs: Observation): PromptView {
  const n = obs.seatNames.length;
  if (!Number.isInteger(obs.seat) || obs.seat < 0 || obs.seat >= n)
    throw new TypeError(`render: observation seat must be a seat from 0 to ${n - 1}, got ${String(obs.seat)}`);
  const names = obs.seatNames.map(escapeMarkdown);
  const me = obs.seat;
  const others = Array.from({ length: n - 1 }, (_, i) => (me + 1 + i) % n);
  const all = Array.from({ length: n }, (_, s) => s);
  const t = obs.table;
  const nameOf = (s: number | null): string | null => (s === null ? null : names[s]);
  const roles = (s: number): string[] =>
    t ? [t.button === s ? 'button' : null, t.smallBlind === s ? 'small blind' : null, t.bigBlind === s ? 'big blind' : null].filter((r) => r !== null) : [];
  const otherWords = n === 2 ? names[others[0]] : others.map((s) => names[s]).join(' or ');
  return {
    you: names[me],
    yourNumber: me + 1,
    opponent: n === 2 ? names[others[0]] : null,
    opponentNumber: n === 2 ? others[0] + 1 : null,
    opponents: others.map((s) => ({ name: names[s], number: s + 1 })),
    opponentsText: englishList(others.map((s) => `**${names[s]}** (seat ${s + 1})`)),
    numSeats: n,
    phase: escapeMarkdown(humanize(obs.phase)),
    hand: obs.hand.map(escapeMarkdown),
    yourFaceUp: (obs.faceUp?.[me] ?? []).map(escapeMarkdown),
    othersFaceUp: others.map((s) => ({ name: names[s], cards: (obs.faceUp?.[s] ?? []).map(escapeMarkdown) })).filter((x) => x.cards.length > 0),
    publicPiles: Object.entries(obs.publicPiles).map(([name, cards]) => ({ name: escapeMarkdown(name), cards: cards.map(escapeMarkdown) })),
    deckSize: obs.deckSize,
    seats: all.map((s) => ({
      name: names[s],
      number: s + 1,
      you: s === me,
      stack: obs.stacks[s],
      unlimited: obs.house?.unlimited === true && obs.house.seat === s,
      handSize: obs.handSizes[s],
      status: t?.folded[s] ? 'folded' : t?.allIn[s] ? 'all-in' : null,
      roundBet: t ? t.roundBets[s] : null,
      roles: roles(s),
    })),
    pot: obs.pot,
    counters: Object.entries(obs.variables ?? {}).map(([name, value]) => ({ name: `«${escapeMarkdown(humanize(name))}»`, value })),
    positions: (obs.positions ?? []).map((p) => {
      const name = escapeMarkdown(humanize(p.name));
      const mine = p.holder === obs.seatNames[me];
      const text = p.hidden
        ? mine
          ? `you hold it (a hidden position: ${n === 2 ? 'your opponent is' : 'the other seats are'} not told)`
          : `you do not hold it (a hidden position: whether ${otherWords} holds it is not told)`
        : p.holder === null
          ? 'nobody holds it'
          : mine
            ? 'you hold it'
            : `${escapeMarkdown(p.holder)} holds it`;
      return { name, text };
    }),
    scores: obs.scores ? all.map((s) => ({ name: names[s], score: obs.scores![s] })) : [],
    log: obs.log.map((e) => escapeMarkdown(e.text)),
    table: t
      ? {
          button: nameOf(t.button),
          smallBlind: nameOf(t.smallBlind),
          bigBlind: nameOf(t.bigBlind),
          currentBet: t.currentBet,
          toCall: t.toCall,
          raiseTo: t.raiseTo ? { min: t.raiseTo[0], max: t.raiseTo[1] } : null,
        }
      : null,
    decision: obs.decision ? decisionView(obs.decision) : null,
    terminal: obs.terminal,
    results: obs.returns ? all.map((s) => ({ name: names[s], won: obs.returns![s] })) : [],
  };
}

/**
 * Render the turn prompt of a seat.
 * @param obs the seat's observation (`state.observation(seat)`)
 * @param format `md` (default) or `txt` (Markdown markup removed)
 * @returns the prompt text, ending with one newline
 */
export function renderTurnPrompt(obs: Observation, format: RenderFormat = 'md'): string {
  const md = tidy(renderEngine().render('prompt', buildPromptView(obs)));
  return format === 'txt' ? tidy(markdownToText(md)) : md;
}
