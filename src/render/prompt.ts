/**
 * The turn prompt: the message an agent (an LLM or a person) receives at each turn, rendered by
 * the `prompt` template. It is a pure function of the seat's `Observation`, so it can never say
 * more than the seat may know: own hand, public cards, public numbers (stacks, pot, deck and hand
 * sizes), seat positions, the events the seat has seen, and its decision with the legal menu.
 * The agent replies with one JSON object `{"action": "<option name>"}`.
 */
import type { Observation } from '../interpreter/api.js';
import { renderEngine } from './engine.js';
import { escapeMarkdown, markdownToText } from './markdown.js';
import { tidy, type RenderFormat } from './rulebook.js';

/** One option of the numbered menu. */
export interface PromptOptionView {
  number: number;
  /** The option's name, also what the reply must contain. */
  label: string;
  /** JSON of the reply choosing this option, e.g. `{"action": "call"}`. */
  reply: string;
  /** Chips the option moves from the seat's stack; null when the menu does not say. */
  cost: number | null;
}

/** The prompt's view model. Names are Markdown-escaped; amounts are chips. */
export interface PromptView {
  you: string;
  yourNumber: number;
  opponent: string;
  opponentNumber: number;
  phase: string;
  hand: string[];
  publicPiles: { name: string; cards: string[] }[];
  deckSize: number;
  seats: { name: string; number: number; stack: number; handSize: number }[];
  pot: number;
  log: string[];
  decision: { prompt: string; options: PromptOptionView[] } | null;
  terminal: boolean;
  /** Chips won (positive) or lost (negative) per seat, at the end. */
  results: { name: string; won: number }[];
}

/** The JSON reply that chooses the option named `label`. */
export function replyFor(label: string): string {
  return `{"action": ${JSON.stringify(label)}}`;
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
    phase: escapeMarkdown(obs.phase),
    hand: obs.hand.map(escapeMarkdown),
    publicPiles: Object.entries(obs.publicPiles).map(([name, cards]) => ({ name: escapeMarkdown(name), cards: cards.map(escapeMarkdown) })),
    deckSize: obs.deckSize,
    seats: [0, 1].map((s) => ({ name: names[s], number: s + 1, stack: obs.stacks[s], handSize: obs.handSizes[s] })),
    pot: obs.pot,
    log: obs.log.map((e) => escapeMarkdown(e.text)),
    decision: obs.decision
      ? {
          prompt: escapeMarkdown(obs.decision.prompt),
          options: obs.decision.menu.map((m, i) => ({
            number: i + 1,
            label: escapeMarkdown(m.label),
            reply: replyFor(m.label),
            cost: m.cost === undefined ? null : m.cost,
          })),
        }
      : null,
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
