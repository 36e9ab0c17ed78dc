/**
 * Small English helpers shared by the view-model builders and the Handlebars helpers.
 * Every function rejects values that would print as `NaN`, `undefined` or `[object Object]`,
 * so a bad view model fails loudly instead of leaking into a rulebook.
 */
import { formatChips } from '../util/format.js';

/** Assert a whole number (chips, counts). @throws TypeError otherwise. */
export function wholeNumber(n: unknown, what = 'value'): number {
  if (typeof n !== 'number' || !Number.isInteger(n)) throw new TypeError(`render: ${what} must be a whole number, got ${String(n)}`);
  return n;
}

/** `1 chip`, `2 chips`, `0 chips`. @throws TypeError when `n` is not a whole number. */
export function chips(n: unknown): string {
  return formatChips(wholeNumber(n, 'chip amount'));
}

/** `n` followed by the singular or plural noun: `plural(1, 'card')` is `1 card`, `plural(3, 'card')` is `3 cards`. */
export function plural(n: unknown, singular: string, pluralForm = `${singular}s`): string {
  const k = wholeNumber(n, `count of ${singular}`);
  return `${k} ${k === 1 ? singular : pluralForm}`;
}

/** English list: `A`, `A and B`, `A, B and C`; `none` for an empty list. @throws TypeError on a non-string item. */
export function englishList(items: readonly unknown[], conjunction = 'and', empty = 'none'): string {
  const words = items.map((x) => {
    if (typeof x !== 'string' && typeof x !== 'number') throw new TypeError(`render: list item must be text, got ${String(x)}`);
    return String(x);
  });
  if (words.length === 0) return empty;
  if (words.length === 1) return words[0];
  return `${words.slice(0, -1).join(', ')} ${conjunction} ${words[words.length - 1]}`;
}

/** The card name used everywhere (rulebook, interpreter observations, prompts): `K of hearts`. */
export function cardName(rank: string, suit: string): string {
  return `${rank} of ${suit}`;
}

export { humanize } from '../util/names.js';

/** `a K`, `an A`, `an 8`: the indefinite article for a rank or word, by how it is spoken. */
export function withArticle(word: string): string {
  const spokenVowel = /^[AEFHILMNORSX]$|^[aeiou]|^8|^11$|^18$|^[AEIOU][a-z]/;
  return `${spokenVowel.test(word) ? 'an' : 'a'} ${word}`;
}

/** A probability as a percentage for reading: `0.5` → `50%`, `0.125` → `12.5%`. @throws TypeError outside [0, 1]. */
export function percent(p: unknown): string {
  if (typeof p !== 'number' || !(p >= 0 && p <= 1)) throw new TypeError(`render: probability must be in [0, 1], got ${String(p)}`);
  return `${Number((p * 100).toFixed(2))}%`;
}
