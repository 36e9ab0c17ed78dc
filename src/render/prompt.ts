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
import { humanize } from './words.js';

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

/** The prompt's view model. Names are Markdown-escaped; amounts are chips. */
export interface PromptView {
  you: string;
  yourNumber: number;
  opponent: string;
  opponentNumber: number;
  phase: string;
  hand: string[];
  /** Your cards dealt face up (your opponent sees them), and the opponent's face-up cards; empty when none. */
  yourFaceUp: string[];
  opponentFaceUp: string[];
  publicPiles: { name: string; cards: string[] }[];
  deckSize: number;
  seats: { name: string; number: number; stack: number; handSize: number }[];
  pot: number;
  /** Counters (`«bet round»`) and their values. */
  counters: { name: string; value: number }[];
  /** Positions, each as the seat knows it: `Leader: Bob holds it`. */
  positions: { name: string; text: string }[];
  /** Score per seat, when the game keeps scores. */
  scores: { name: string; score: number }[];
  log: string[];
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
 * Build the prompt's view model from an observation (nothing else).
 * @throws TypeError when the observation's seat is not 0 or 1
 */
export function buildPromptView(obs: Observation): PromptView {
  if (obs.seat !== 0 && obs.seat !== 1) throw new TypeError(`render: observation seat must be 0 or 1, got ${String(obs.seat)}`);
  const names = obs.seatNames.map(escapeMarkdown);
  const me = obs.seat;
  const opp = 1 - me;
  return {
    you: names[me],
    yourNumber: me + 1,
    opponent: names[opp],
    opponentNumber: opp + 1,
    phase: escapeMarkdown(humanize(obs.phase)),
    hand: obs.hand.map(escapeMarkdown),
    yourFaceUp: (obs.faceUp?.[me] ?? []).map(escapeMarkdown),
    opponentFaceUp: (obs.faceUp?.[opp] ?? []).map(escapeMarkdown),
    publicPiles: Object.entries(obs.publicPiles).map(([name, cards]) => ({ name: escapeMarkdown(name), cards: cards.map(escapeMarkdown) })),
    deckSize: obs.deckSize,
    seats: [0, 1].map((s) => ({ name: names[s], number: s + 1, stack: obs.stacks[s], handSize: obs.handSizes[s] })),
    pot: obs.pot,
    counters: Object.entries(obs.variables ?? {}).map(([name, value]) => ({ name: `«${escapeMarkdown(humanize(name))}»`, value })),
    positions: (obs.positions ?? []).map((p) => {
      const name = escapeMarkdown(humanize(p.name));
      const mine = p.holder === obs.seatNames[me];
      const text = p.hidden
        ? mine
          ? 'you hold it (a hidden position: your opponent is not told)'
          : `you do not hold it (a hidden position: whether ${names[opp]} holds it is not told)`
        : p.holder === null
          ? 'nobody holds it'
          : mine
            ? 'you hold it'
            : `${escapeMarkdown(p.holder)} holds it`;
      return { name, text };
    }),
    scores: obs.scores ? [0, 1].map((s) => ({ name: names[s], score: obs.scores![s] })) : [],
    log: obs.log.map((e) => escapeMarkdown(e.text)),
    decision: obs.decision ? decisionView(obs.decision) : null,
    terminal: obs.terminal,
    results: obs.returns ? [0, 1].map((s) => ({ name: names[s], won: obs.returns![s] })) : [],
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
