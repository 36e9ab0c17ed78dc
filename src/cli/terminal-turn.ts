/**
 * A person's turn at the terminal, shared by `gbgc play` and `gbgc match` with a human seat: what
 * the seat sees before it decides (cards, piles, stacks, pot, the menu with costs) and how a typed
 * reply is read.
 */
import type { MenuItem, Observation } from '../interpreter/api.js';
import { costWords, menuEntries } from '../render/menu.js';
import { parseReply, type ReplyResult } from '../render/reply.js';

/**
 * A person's reply at the terminal: the reply grammar of `render/reply.ts` (shared with models),
 * plus two conveniences for typing: a number alone when the menu has exactly one range of amounts
 * (`7` for `bet 7`), and a unique prefix of an action's name, any case (`c` for `call` when no
 * other action starts with `c`). An ambiguous prefix is refused, naming the actions it matches.
 */
export function parsePlayReply(text: string, menu: readonly MenuItem[]): ReplyResult {
  const t = text.trim();
  const entries = menuEntries(menu);
  if (t.startsWith('{')) return parseReply(t, menu);
  const ranges = entries.filter((e) => e.amounts);
  if (/^\d+$/.test(t) && ranges.length === 1) return parseReply(`${ranges[0].word} ${t}`, menu);
  const m = /^(.*?)(?:\s+(\d+))?$/.exec(t)!;
  const name = m[1].toLowerCase();
  if (name === '' || entries.some((e) => e.word.toLowerCase() === name)) return parseReply(t, menu);
  const matches = entries.filter((e) => e.word.toLowerCase().startsWith(name));
  if (matches.length > 1) return { ok: false, message: `'${m[1]}' could be ${matches.map((e) => e.word).join(' or ')}; type more of the name` };
  if (matches.length === 1) return parseReply(m[2] === undefined ? matches[0].word : `${matches[0].word} ${m[2]}`, menu);
  return parseReply(t, menu);
}

/** What a seat has learned by peeking (events of kind `peek` that showed it a card), one line each; kept in its state summary. */
export function peekKnowledge(obs: Observation): string[] {
  return obs.log.filter((e) => e.kind === 'peek' && e.seat === obs.seat && e.cards && e.cards.length > 0).map((e) => e.text);
}

/** What the seat sees before it decides: its cards, public piles, stacks, pot, and the menu with what each entry costs. */
export function describeTurn(obs: Observation): string {
  const lines = [`Your hand: ${obs.hand.length ? obs.hand.join(', ') : '(empty)'}`];
  const n = obs.seatNames.length;
  if (obs.faceUp)
    obs.faceUp.forEach((cards, s) => {
      if (cards.length)
        lines.push(
          `${s === obs.seat ? `Your face-up cards (${n === 2 ? 'your opponent sees' : 'every seat sees'} them)` : `${obs.seatNames[s]}'s face-up cards`}: ${cards.join(', ')}`,
        );
    });
  for (const [pile, cards] of Object.entries(obs.publicPiles))
    lines.push(`${pile[0].toUpperCase()}${pile.slice(1)}: ${cards.length ? cards.join(', ') : '(empty)'}`);
  const peeks = peekKnowledge(obs);
  if (peeks.length) lines.push(`What you learned by peeking: ${peeks.join(' ')}`);
  const t = obs.table;
  if (t) {
    // A table: who holds the button and posted the blinds, and each seat's stack, bet this round and status.
    const role = (s: number | null, what: string) => (s === null ? [] : [`${what} ${obs.seatNames[s]}`]);
    const roles = [...role(t.button, 'button'), ...role(t.smallBlind, 'small blind'), ...role(t.bigBlind, 'big blind')];
    if (roles.length) lines.push(`${roles.join('; ')}`);
    const seat = (name: string, i: number) =>
      `${name}${i === obs.seat ? ' (you)' : ''} ${obs.stacks[i]}${t.roundBets[i] ? `, bet ${t.roundBets[i]}` : ''}${t.folded[i] ? ', folded' : t.allIn[i] ? ', all-in' : ''}`;
    lines.push(`Stacks: ${obs.seatNames.map(seat).join('; ')}; pot ${obs.pot}`);
  } else lines.push(`Stacks: ${obs.seatNames.map((s, i) => `${s} ${obs.stacks[i]}`).join(', ')}; pot ${obs.pot}`);
  if (obs.decision) {
    lines.push(obs.decision.prompt);
    for (const e of menuEntries(obs.decision.menu)) {
      const cost = costWords(e);
      const name = e.amounts
        ? `${e.word} N, N from ${e.amounts[0]} to ${e.amounts[e.amounts.length - 1]}${menuEntries(obs.decision.menu).filter((x) => x.amounts).length === 1 ? ' (or just the number)' : ''}`
        : e.word;
      lines.push(`  - ${name}${cost ? ` (${cost})` : ''}`);
    }
  }
  return `${lines.join('\n')}\n`;
}
