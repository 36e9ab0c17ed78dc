/**
 * The reply grammar shared by people (`gbgc play`) and models (the turn prompt): one reply names
 * one entry of the legal menu, never a position in it.
 *
 * - JSON: `{"action": "<name>"}` for a named action (`{"action": "call"}`,
 *   `{"action": "K of hearts"}`), `{"action": "<word>", "amount": <N>}` for an amount of a range
 *   (`{"action": "bet", "amount": 3}`), N a JSON whole number. No other keys.
 * - Plain text, the same thing without the JSON: `call`, `K of hearts`, `bet 3`.
 *
 * Names are matched ignoring case and surrounding spaces. A number alone is refused (it could be
 * read as a menu position or as an amount), as is an amount for a named action, a range word
 * without an amount, and an amount outside its range. The grammar is documented in
 * docs/rulebook.md ("Turn prompts") and stated in every turn prompt.
 */
import type { Action, MenuItem } from '../interpreter/api.js';
import { amountAction, menuEntries, type MenuEntry } from './menu.js';

/** A parsed reply: the chosen action, or why the reply names no legal action. */
export type ReplyResult = { ok: true; action: Action } | { ok: false; message: string };

/** The JSON reply choosing a named action: `{"action": "call"}`. */
export function jsonReply(name: string): string {
  return `{"action": ${JSON.stringify(name)}}`;
}

/** The JSON reply choosing amount `n` of a range: `{"action": "bet", "amount": 3}`. */
export function jsonAmountReply(word: string, n: number): string {
  return `{"action": ${JSON.stringify(word)}, "amount": ${n}}`;
}

const fail = (message: string): ReplyResult => ({ ok: false, message });

function names(entries: readonly MenuEntry[]): string {
  return entries.map((e) => (e.amounts ? `${e.word} N (N from ${e.amounts[0]} to ${e.amounts[e.amounts.length - 1]})` : e.word)).join(', ');
}

/** Resolve a name and an optional amount against the menu's entries. */
function resolve(entries: readonly MenuEntry[], name: string, amount: number | null): ReplyResult {
  const want = name.trim().toLowerCase();
  const entry = entries.find((e) => e.word.toLowerCase() === want);
  if (!entry) return fail(`'${name.trim()}' is not a legal action here; legal: ${names(entries)}`);
  if (!entry.amounts) {
    if (amount !== null) return fail(`'${entry.word}' takes no amount`);
    return { ok: true, action: entry.items[0].action };
  }
  const lo = entry.amounts[0];
  const hi = entry.amounts[entry.amounts.length - 1];
  if (amount === null) return fail(`'${entry.word}' needs an amount from ${lo} to ${hi}, e.g. '${entry.word} ${lo}'`);
  const action = amountAction(entry, amount);
  return action === null ? fail(`${entry.word} ${amount} is not legal: the amount must be a whole number from ${lo} to ${hi}`) : { ok: true, action };
}

/**
 * Parse a reply against the legal menu (see the module comment for the grammar).
 * @param text the whole reply (one JSON object, or plain text), surrounding spaces ignored
 * @returns the action, or a message saying what is wrong and what is legal
 */
export function parseReply(text: string, menu: readonly MenuItem[]): ReplyResult {
  const entries = menuEntries(menu);
  const t = text.trim();
  if (t === '') return fail(`empty reply; legal: ${names(entries)}`);
  if (t.startsWith('{')) {
    let value: unknown;
    try {
      value = JSON.parse(t);
    } catch {
      return fail('the reply starts with { but is not valid JSON');
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return fail('the reply must be one JSON object');
    const o = value as Record<string, unknown>;
    const extra = Object.keys(o).filter((k) => k !== 'action' && k !== 'amount');
    if (extra.length > 0) return fail(`unknown key ${JSON.stringify(extra[0])}: a reply has "action" and, for an amount, "amount"`);
    if (typeof o.action !== 'string') return fail('"action" must be a string naming an action, e.g. {"action": "call"}');
    if (o.amount !== undefined && (typeof o.amount !== 'number' || !Number.isSafeInteger(o.amount)))
      return fail('"amount" must be a whole number, e.g. {"action": "bet", "amount": 3}');
    return resolve(entries, o.action, (o.amount as number | undefined) ?? null);
  }
  if (/^\d+$/.test(t)) return fail(`a number alone names no action; write the action's name (with its amount, e.g. 'bet ${t}'); legal: ${names(entries)}`);
  const byName = entries.find((e) => !e.amounts && e.word.toLowerCase() === t.toLowerCase());
  if (byName) return { ok: true, action: byName.items[0].action };
  const m = /^(.*?)\s+(\d+)$/.exec(t);
  return m ? resolve(entries, m[1], Number(m[2])) : resolve(entries, t, null);
}
