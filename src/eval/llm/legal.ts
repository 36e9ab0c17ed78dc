/**
 * From a reply's candidate to a legal action. This is the one place that knows the menu's reply
 * forms; it uses the turn prompt's own reply grammar (`parseReply`, the parser people's replies go
 * through too, which the prompt's examples are written for) and adds the seed rulebook's rule for amounts out of range: above the
 * maximum is clamped to the maximum; below the minimum, or a range word without an amount, gets a
 * uniform-random legal amount (GENSTRAT seed rulebook, wager and bid paragraphs).
 */
import type { Action, MenuItem } from '../../interpreter/api.js';
import { parseReply } from '../../render/reply.js';
import type { Rng } from '../../util/rng.js';
import type { Candidate } from './parse.js';
import type { FallbackPolicy } from './types.js';

/** The legal action a candidate resolves to, or the problem to quote in the format-fix re-ask. */
export type LegalResult = { ok: true; action: Action; label: string; amountAdjusted?: 'clamped' | 'random' } | { ok: false; problem: string };

/** Amount entries of the menu by their word: `bet` → [[1, action], [2, action], …] ascending. */
function ranges(menu: readonly MenuItem[]): Map<string, [number, MenuItem][]> {
  const out = new Map<string, [number, MenuItem][]>();
  for (const m of menu) {
    const r = /^([A-Za-z]+) (\d+)$/.exec(m.label);
    if (!r) continue;
    const word = r[1].toLowerCase();
    if (!out.has(word)) out.set(word, []);
    out.get(word)!.push([Number(r[2]), m]);
  }
  for (const list of out.values()) list.sort((a, b) => a[0] - b[0]);
  return out;
}

function found(menu: readonly MenuItem[], action: Action, amountAdjusted?: 'clamped' | 'random'): LegalResult {
  const label = menu.find((m) => m.action === action)?.label ?? String(action);
  return amountAdjusted ? { ok: true, action, label, amountAdjusted } : { ok: true, action, label };
}

/** Short form of the legal menu for messages: `fold, call, bet 1–5`. */
export function menuSummary(menu: readonly MenuItem[]): string {
  const parts: string[] = [];
  const r = ranges(menu);
  const done = new Set<string>();
  for (const m of menu) {
    const w = /^([A-Za-z]+) \d+$/.exec(m.label)?.[1].toLowerCase();
    if (w && r.get(w)!.length > 1) {
      if (done.has(w)) continue;
      done.add(w);
      const list = r.get(w)!;
      parts.push(`${w} ${list[0][0]}–${list[list.length - 1][0]}`);
    } else parts.push(m.label);
  }
  return parts.join(', ');
}

/**
 * `call` when there is nothing to call names the check (a call of zero chips is a check, the
 * poker convention): the menu offers `check` and no `call`. Any other name is returned as it is.
 */
function callAsCheck(name: string, menu: readonly MenuItem[]): string {
  if (name.trim().toLowerCase() !== 'call') return name;
  const has = (w: string) => menu.some((m) => m.label.trim().toLowerCase() === w);
  return has('check') && !has('call') ? 'check' : name;
}

/**
 * Resolve a candidate against the legal menu.
 * @param rng the agent's own stream, used only when an amount must be drawn
 */
export function resolveCandidate(c: Candidate, menu: readonly MenuItem[], rng: Rng): LegalResult {
  if (menu.length === 0) return { ok: false, problem: 'there is no legal action' };
  const named = typeof c.action === 'string' ? callAsCheck(c.action, menu) : c.action;
  const value = typeof named === 'string' && c.amount !== undefined && !/\d/.test(named) ? `${named.trim()} ${c.amount}` : named;
  const direct = typeof value === 'string' ? parseReply(value, menu) : null;
  if (direct?.ok) return found(menu, direct.action);
  const r = ranges(menu);
  let word: string | null = null;
  let amount: number | null = null;
  if (typeof value === 'number') {
    if (r.size === 1 && menu.every((m) => /^[A-Za-z]+ \d+$/.test(m.label))) [word, amount] = [[...r.keys()][0], value];
  } else {
    const m = /^\s*([A-Za-z]+)\s*(-?\d+(?:\.\d+)?)?\s*(?:chips?)?\s*$/.exec(value);
    if (m && r.has(m[1].toLowerCase())) [word, amount] = [m[1].toLowerCase(), m[2] === undefined ? null : Number(m[2])];
  }
  if (word !== null) {
    const list = r.get(word)!;
    const max = list[list.length - 1];
    if (amount !== null && Number.isInteger(amount) && amount > max[0]) return found(menu, max[1].action, 'clamped');
    // below the minimum, fractional or missing: a uniform-random legal amount
    const pick = list[Math.min(list.length - 1, Math.floor(rng() * list.length))];
    return found(menu, pick[1].action, 'random');
  }
  const shown = typeof value === 'number' ? String(value) : `'${value}'`;
  return { ok: false, problem: `${shown} is not a legal action here; the legal actions are: ${menuSummary(menu)}` };
}

/**
 * The frozen fallback: the action played when the model's is unusable, from the agent's own stream.
 * `uniform`: a uniformly random legal action (GENSTRAT v2 Appendix F). `minimum`: the smallest
 * amount of a wager or bid (the lowest `WORD N` entry of the menu), else a random legal action
 * (GENSTRAT v1 §5). `passive`: check, else stand, else an action that puts in no chips (`pass`),
 * else fold, else a random legal action (the league methodology's fallbacks: hold'em's
 * check-else-fold, blackjack's stand, roulette's no bet).
 * One draw of the stream is made whatever the policy, so the stream's later draws do not depend on it.
 */
export function fallbackAction(menu: readonly MenuItem[], rng: Rng, policy: FallbackPolicy = 'uniform'): { action: Action; label: string } {
  const m = menu[Math.min(menu.length - 1, Math.floor(rng() * menu.length))];
  let pick: MenuItem | undefined;
  if (policy === 'minimum') {
    let best: [number, MenuItem] | undefined;
    for (const list of ranges(menu).values()) if (!best || list[0][0] < best[0]) best = list[0];
    pick = best?.[1];
  } else if (policy === 'passive') {
    const word = (x: MenuItem) => x.label.trim().toLowerCase();
    pick =
      menu.find((x) => word(x) === 'check') ??
      menu.find((x) => word(x) === 'stand') ??
      menu.find((x) => x.cost === 0 && word(x) !== 'fold') ??
      menu.find((x) => word(x) === 'fold');
  }
  const chosen = pick ?? m;
  return { action: chosen.action, label: chosen.label };
}

/**
 * The plain-text reply the turn prompt offers (`call`, `raise 12`, `K of hearts`): the whole reply,
 * trimmed of surrounding quotes, backticks and a final full stop, read by the turn prompt's reply
 * grammar (`call` with nothing to call is the check). Null when the reply is not such a line.
 */
export function plainReply(text: string, menu: readonly MenuItem[]): { action: Action; label: string } | null {
  const t = text
    .trim()
    .replace(/^[`'"*]+|[`'"*]+$/g, '')
    .replace(/[.!]$/, '')
    .trim();
  if (t === '' || t.includes('\n') || t.length > 80) return null;
  const r = parseReply(callAsCheck(t, menu), menu);
  return r.ok ? { action: r.action, label: menu.find((m) => m.action === r.action)?.label ?? String(r.action) } : null;
}
