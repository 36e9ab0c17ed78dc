/**
 * Table chat as a seat reads it: the shapes of a hand's chat (the messages delivered so far, the
 * limits and what the seat may still send) and the turn prompt's chat section, with the reply's
 * `message` field. Only seats that read and write chat (LLM players) get it; rule-based bots
 * neither read nor write it. The match loop (`src/eval/match/chat.ts`) enforces the limits.
 */
import type { ChatRules } from '../ir/schema.js';

/** One message delivered to every seat at the table. */
export interface ChatLine {
  /** The seat that sent it, or null for a scripted message (of the table, or of a scripted seat). */
  seat: number | null;
  /** The scripted seat that said it (`chat "…" from Name`), absent for the table's and the seats' messages. */
  from?: string;
  /** The phase (street) it was sent in, or null for a table message delivered when the hand began. */
  phase: string | null;
  text: string;
}

/** What a deciding seat knows of the hand's chat. */
export interface ChatView {
  rules: ChatRules;
  /** Messages delivered this hand, oldest first (scripted table messages first). */
  log: readonly ChatLine[];
  /** Messages the seat may still send in this phase and in this hand (null: no such limit). */
  remaining: { phase: number | null; hand: number | null };
}

/** How many characters a message holds: Unicode code points (an emoji is one). */
export function chatLength(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}

/**
 * The turn prompt's chat section (Markdown): the limits, the messages so far with who sent them, and
 * how to send one with the move (a `message` field in the reply's JSON object).
 * @param seatNames the seats' names, seat 0 first
 */
export function renderChatSection(chat: ChatView, seatNames: readonly string[]): string {
  const r = chat.rules;
  const limits = [
    ...(r.perPhase === null ? [] : [`${r.perPhase} per seat per betting phase`]),
    ...(r.perHand === null ? [] : [`${r.perHand} per seat per hand`]),
    `at most ${r.maxChars} characters each`,
  ].join(', ');
  const lines = [
    '## Table chat',
    '',
    `Messages are delivered to every seat at the table and start afresh each hand (${limits}).`,
    '',
    ...(chat.log.length === 0
      ? ['No messages yet this hand.']
      : chat.log.map(
          (m) =>
            `- ${m.seat === null ? (m.from ? `**${m.from}** (a scripted seat)` : '**Table**') : `**${seatNames[m.seat] ?? `seat ${m.seat + 1}`}** (seat ${m.seat + 1})`}${m.phase ? ` during ${m.phase}` : ''}: ${JSON.stringify(m.text)}`,
        )),
    '',
  ];
  const left = Math.min(chat.remaining.phase ?? Infinity, chat.remaining.hand ?? Infinity);
  lines.push(
    left > 0
      ? `You may add a message to your move: put a "message" field in your JSON reply, for example \`{"action": "call", "message": "Nice hand."}\`. A message is optional; one over the limits is refused and not delivered.`
      : 'You may not send another message now (the limit is reached); reply with your action only.',
  );
  return lines.join('\n');
}
