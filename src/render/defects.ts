/**
 * Defects that must never reach a rendered rulebook or prompt: JavaScript values printed as text
 * (`undefined`, `null`, `NaN`, `Infinity`, `[object Object]`) and raw Handlebars markers.
 */

const DEFECTS: readonly [RegExp, string][] = [
  [/\bundefined\b/, "'undefined'"],
  [/\bnull\b/, "'null'"],
  [/\bNaN\b/, "'NaN'"],
  [/\bInfinity\b/, "'Infinity'"],
  [/\[object \w+\]/, "'[object …]'"],
  [/\{\{|\}\}/, 'a raw template marker'],
];

/**
 * The defects found in `text`, each as a short description with its line number (1-based);
 * empty when the text is clean. A pattern that occurs in `authored` (the game's own names and
 * strings, e.g. a game called "NaN poker") is not a defect and is not checked.
 */
export function renderDefects(text: string, authored = ''): string[] {
  const out: string[] = [];
  const checks = DEFECTS.filter(([re]) => !re.test(authored));
  const lines = text.split('\n');
  lines.forEach((line, i) => {
    for (const [re, what] of checks) if (re.test(line)) out.push(`${what} on line ${i + 1}: ${line.trim().slice(0, 80)}`);
  });
  return out;
}
