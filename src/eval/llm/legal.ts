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
 * Resolve a candidate against the legal menu.
 * @param rng the agent's own stream, used only when an amount must be drawn
 */
export function resolveCandidate(c: Candidate, menu: readonly MenuItem[], rng: Rng): LegalResult {
  if (menu.length === 0) return { ok: false, problem: 'there is no legal action' };
  const value = typeof c.action === 'string' && c.amount !== undefined && !/\d/.test(c.action) ? `${c.action.trim()} ${c.amount}` : c.action;
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

/** The frozen fallback: a uniformly random legal action from the agent's own stream (GENSTRAT v2 Appendix F). */
export function fallbackAction(menu: readonly MenuItem[], rng: Rng): { action: Action; label: string } {
  const m = menu[Math.min(menu.length - 1, Math.floor(rng() * menu.length))];
  return { action: m.action, label: m.label };
}
