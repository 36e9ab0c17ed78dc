/**
 * The turn prompt: the message an agent (an LLM or a person) receives at each turn, rendered by
 * the `prompt` template. It is a pure function of the seat's `Observation`, so it can never say
 * more than the seat may know: own hand, public cards, public numbers (stacks, pot, deck and hand
 * sizes, counters, scores), positions as far as the seat is told, the events the seat has seen,
 * and its decision with the legal menu.
 *
 * Replies: one JSON object `{"action": "<label>"}` naming a menu entry. Amount decisions (the
 * interpreter labels them `bet 3`, `bid 2`, `card 2`: one word and a number) are shown as a
 * range instead of one line per amount; when the whole menu is one such range (a wager, a bid,
 * a chosen peek), the reply may also be the bare number, `{"action": 3}`. {@link actionForReply}
 * maps a reply's `action` value back to the action.
 */
import type { Action, MenuItem, Observation } from '../interpreter/api.js';
import { renderEngine } from './engine.js';
import { escapeMarkdown, markdownToText } from './markdown.js';
import { tidy, type RenderFormat } from './rulebook.js';
import { humanize } from './words.js';

/** One entry of the numbered menu: a named action, or a range of amounts sharing one word. */
export interface PromptOptionView {
  number: number;
  /** The option's name (the reply), or the range's word (`bet`, `bid`, `card`). */
  label: string;
  /** JSON of the reply choosing this option, e.g. `{"action": "call"}`; for a range, an example. */
  reply: string;
  /** Chips the option moves from the seat's stack; null when the menu does not say. */
  cost: number | null;
  /**
   * For a range: the smallest and largest amount, whether the amounts are chips, an example
   * amount (the middle of the range) and its two reply forms (`{"action": "bet 4"}`, `{"action": 4}`).
   */
  range: { min: number; max: number; chips: boolean; example: number; numberReply: string } | null;
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
    /** The whole menu is one range of amounts: the reply may be the bare number. */
    amountOnly: boolean;
    /** Some entry is a range of amounts. */
    hasRange: boolean;
  } | null;
  terminal: boolean;
  /** Chips won (positive) or lost (negative) per seat, at the end. */
  results: { name: string; won: number }[];
}

/** The JSON reply that chooses the option named `label`. */
export function replyFor(label: string | number): string {
  return `{"action": ${JSON.stringify(label)}}`;
}

/** `bet 3` → `["bet", 3]`; labels that are not one word and a whole number → null. */
function amountLabel(label: string): [string, number] | null {
  const m = /^([A-Za-z]+) (\d+)$/.exec(label);
  return m ? [m[1], Number(m[2])] : null;
}

/** Range words whose numbers are chips. */
const CHIP_WORDS = new Set(['bet', 'bid', 'raise', 'wager']);

interface MenuGroup {
  label: string;
  items: MenuItem[];
  amounts: number[] | null;
}

/** Group the menu: consecutive `word n` labels with the same word and consecutive numbers form one range. */
function groupMenu(menu: readonly MenuItem[]): MenuGroup[] {
  const out: MenuGroup[] = [];
  for (const m of menu) {
    const amount = amountLabel(m.label);
    const last = out[out.length - 1];
    if (amount && last?.amounts && last.label === amount[0] && last.amounts[last.amounts.length - 1] + 1 === amount[1]) {
      last.items.push(m);
      last.amounts.push(amount[1]);
    } else out.push({ label: amount ? amount[0] : m.label, items: [m], amounts: amount ? [amount[1]] : null });
  }
  // a lone `word n` stays a plain entry: nothing to collapse
  return out.map((g) => (g.amounts && g.amounts.length === 1 ? { label: g.items[0].label, items: g.items, amounts: null } : g));
}

/**
 * The action a reply picks: `value` is the reply's `action` field. A string matches a menu label
 * (case and surrounding spaces ignored); when the whole menu is one range of amounts, a whole
 * number (or its digits as a string) picks that amount. Null when the reply names no legal action.
 */
export function actionForReply(value: unknown, menu: readonly MenuItem[]): Action | null {
  const byLabel = (t: string) => menu.find((m) => m.label.toLowerCase() === t.trim().toLowerCase())?.action ?? null;
  const groups = groupMenu(menu);
  const single = groups.length === 1 && groups[0].amounts ? groups[0] : null;
  if (typeof value === 'number' || (typeof value === 'string' && /^\s*\d+\s*$/.test(value))) {
    if (!single) return typeof value === 'string' ? byLabel(value) : null;
    const n = Number(value);
    return single.amounts!.includes(n) ? single.items[single.amounts!.indexOf(n)].action : null;
  }
  return typeof value === 'string' ? byLabel(value) : null;
}

function decisionView(d: NonNullable<Observation['decision']>): NonNullable<PromptView['decision']> {
  const groups = groupMenu(d.menu);
  const options: PromptOptionView[] = groups.map((g, i) => {
    if (!g.amounts) {
      const m = g.items[0];
      return { number: i + 1, label: escapeMarkdown(m.label), reply: replyFor(m.label), cost: m.cost === undefined ? null : m.cost, range: null };
    }
    const min = g.amounts[0];
    const max = g.amounts[g.amounts.length - 1];
    const example = min + Math.floor((max - min) / 2);
    return {
      number: i + 1,
      label: escapeMarkdown(g.label),
      reply: replyFor(`${g.label} ${example}`),
      cost: null,
      range: { min, max, chips: CHIP_WORDS.has(g.label), example, numberReply: replyFor(example) },
    };
  });
  return {
    prompt: escapeMarkdown(d.prompt),
    options,
    amountOnly: options.length === 1 && options[0].range !== null,
    hasRange: options.some((o) => o.range !== null),
  };
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
