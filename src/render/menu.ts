/**
 * A decision's legal menu as people and models read it: named actions, and ranges of amounts
 * that share one word (the interpreter labels amounts `bet 3`, `bid 2`, `card 2`: one word and a
 * whole number), each with what it costs the seat. Used by the turn prompt, `gbgc play` and the
 * reply parser (`reply.ts`), so all three describe and accept the same entries.
 */
import type { Action, MenuItem } from '../interpreter/api.js';
import { COST_CAUSES, type CostCause } from '../interpreter/costs.js';
import { formatChips as chipWord } from '../util/format.js';

/** One entry of a menu: a named action (`amounts` null) or a range of amounts of one word. */
export interface MenuEntry {
  /** The action's name (`call`, `K of hearts`), or the range's word (`bet`, `bid`, `card`). */
  word: string;
  /** The interpreter's menu items behind the entry (one for a named action; one per amount for a range). */
  items: MenuItem[];
  /** For a range: the amounts, ascending and consecutive, `items[i]` being amount `amounts[i]`. */
  amounts: number[] | null;
}

/** `bet 3` → `["bet", 3]`; labels that are not one word and a whole number → null. */
export function amountLabel(label: string): [string, number] | null {
  const m = /^([A-Za-z]+) (\d+)$/.exec(label);
  return m ? [m[1], Number(m[2])] : null;
}

/**
 * Group a menu into entries: every `word n` label is an amount of the range `word` (consecutive
 * amounts of one word form one entry; a lone amount is a range of one); other labels are named actions.
 */
export function menuEntries(menu: readonly MenuItem[]): MenuEntry[] {
  const out: MenuEntry[] = [];
  for (const m of menu) {
    const amount = amountLabel(m.label);
    const last = out[out.length - 1];
    if (amount && last?.amounts && last.word === amount[0] && last.amounts[last.amounts.length - 1] + 1 === amount[1]) {
      last.items.push(m);
      last.amounts.push(amount[1]);
    } else out.push({ word: amount ? amount[0] : m.label, items: [m], amounts: amount ? [amount[1]] : null });
  }
  return out;
}

/** The action of amount `n` of a range entry, or null when `n` is not one of its amounts. */
export function amountAction(entry: MenuEntry, n: number): Action | null {
  const i = entry.amounts?.indexOf(n) ?? -1;
  return i >= 0 ? entry.items[i].action : null;
}

/** `[min, max]` chips an item may cost, or null when unknown. */
function itemRange(m: MenuItem): [number, number] | null {
  if (m.cost !== undefined) return [m.cost, m.cost];
  return m.costRange ?? null;
}

/** Words for a cost range: `costs no chips`, `costs you 2 chips`, `gives you 1 chip`, `costs you between 0 and 3 chips, depending on …`. */
function rangeWords(lo: number, hi: number, depends: string): string {
  if (lo === hi) return lo === 0 ? 'costs no chips' : lo > 0 ? `costs you ${chipWord(lo)}` : `gives you ${chipWord(-lo)}`;
  if (lo >= 0) return `costs you between ${lo} and ${chipWord(hi)}, depending on ${depends}`;
  const signed = (n: number): string => (n > 0 ? `+${n}` : `${n}`);
  return `changes your stack by between ${signed(-hi)} and ${signed(-lo)} chips, depending on ${depends}`;
}

/** Words for what a cost range depends on (`MenuItem.costDependsOn`). */
const CAUSE_WORDS: Record<CostCause, string> = {
  chance: 'chance',
  'opponent-choice': 'your opponent’s simultaneous choice',
  'opponent-cards': 'your opponent’s cards',
  unexplored: 'how play goes on',
};

/** What the items' cost ranges depend on, in words: `chance`, `chance or your opponent’s cards`, … */
function dependsWords(items: readonly MenuItem[]): string {
  const causes = new Set(items.flatMap((m) => m.costDependsOn ?? []));
  const words = COST_CAUSES.filter((k) => causes.has(k)).map((k) => CAUSE_WORDS[k]);
  if (words.length === 0) return CAUSE_WORDS.unexplored;
  return words.length === 1 ? words[0] : `${words.slice(0, -1).join(', ')} or ${words[words.length - 1]}`;
}

/**
 * What an entry costs the seat, in words (no Markdown): for a named action, its measured cost or
 * cost range; for a range of amounts, `costs you N chips` when each amount costs itself,
 * `costs you N − k chips` when each costs itself less the k chips already put in (a raise to a total), a fixed
 * cost when all cost the same, else the range over all amounts. Null when some cost is unknown.
 */
export function costWords(entry: MenuEntry): string | null {
  const ranges = entry.items.map(itemRange);
  if (ranges.some((r) => r === null)) return null;
  const rs = ranges as [number, number][];
  const next = dependsWords(entry.items);
  if (!entry.amounts) return rangeWords(rs[0][0], rs[0][1], next);
  const amounts = entry.amounts;
  if (rs.every(([lo, hi], i) => lo === hi && lo === amounts[i])) return 'costs you N chips';
  // A bet or raise to a total N when the seat has already put k chips into the round: each costs N − k.
  const k = amounts[0] - rs[0][0];
  if ((entry.word === 'raise' || entry.word === 'bet') && k > 0 && rs.every(([lo, hi], i) => lo === hi && lo === amounts[i] - k))
    return `costs you N − ${k} chips, as you have already put in ${chipWord(k)}`;
  if (rs.every(([lo, hi]) => lo === rs[0][0] && hi === rs[0][1])) return rangeWords(rs[0][0], rs[0][1], next);
  if (rs.every(([lo, hi], i) => lo === rs[0][0] && hi === amounts[i] && lo >= 0 && lo < hi))
    return `costs you between ${rs[0][0]} and N chips, depending on ${next}`;
  const lo = Math.min(...rs.map((r) => r[0]));
  const hi = Math.max(...rs.map((r) => r[1]));
  return rangeWords(lo, hi, `N and ${next}`);
}
