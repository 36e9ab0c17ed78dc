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
 * empty when the text is clean.
 */
export function renderDefects(text: string): string[] {
  const out: string[] = [];
  const lines = text.split('\n');
  lines.forEach((line, i) => {
    for (const [re, what] of DEFECTS) if (re.test(line)) out.push(`${what} on line ${i + 1}: ${line.trim().slice(0, 80)}`);
  });
  return out;
}
