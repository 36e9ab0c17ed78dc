/**
 * Display names: how a name from a game (phase, sub-phase, variable, position) is written for
 * people, the same in rulebooks, turn prompts, event texts and the terminal.
 */

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
