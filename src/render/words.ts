/**
 * Small English helpers shared by the view-model builders and the Handlebars helpers.
 * Every function rejects values that would print as `NaN`, `undefined` or `[object Object]`,
 * so a bad view model fails loudly instead of leaking into a rulebook.
 */

/** Assert a whole number (chips, counts). @throws TypeError otherwise. */
export function wholeNumber(n: unknown, what = 'value'): number {
  if (typeof n !== 'number' || !Number.isInteger(n)) throw new TypeError(`render: ${what} must be a whole number, got ${String(n)}`);
  return n;
}

/** `1 chip`, `2 chips`, `0 chips`. @throws TypeError when `n` is not a whole number. */
export function chips(n: unknown): string {
  const k = wholeNumber(n, 'chip amount');
  return `${k} ${k === 1 ? 'chip' : 'chips'}`;
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

/**
 * A name from the IR (phase, sub-phase, variable, position) as words for reading. The rule, used
 * everywhere: split at each lower-case→upper-case change, between letters and digits, before the
 * last capital of a run of capitals followed by a lower-case letter, and at `_`/`-`; a name that
 * starts with a lower-case letter is lower-cased entirely. `BobFoldOrCall2` → `Bob Fold Or Call 2`,
 * `PostBetting` → `Post Betting`, `betRound` → `bet round`, `Setup` → `Setup`.
 */
export function humanize(name: string): string {
  let out = humanized.get(name);
  if (out === undefined) {
    if (humanized.size >= HUMANIZED_MAX) humanized.clear();
    out = splitName(name);
    humanized.set(name, out);
  }
  return out;
}

/** Memo of {@link humanize} (a pure function of the name; rendering asks for the same names often). */
const humanized = new Map<string, string>();
const HUMANIZED_MAX = 10_000;

function splitName(name: string): string {
  const words = name
    .replace(/[_-]+/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .replace(/([A-Za-z])(\d)/g, '$1 $2')
    .replace(/(\d)([A-Za-z])/g, '$1 $2')
    .split(/\s+/)
    .filter((w) => w !== '');
  if (words.length === 0) return name;
  const lower = /^[a-z]/.test(name);
  return (lower ? words.map((w) => w.toLowerCase()) : words).join(' ');
}

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
