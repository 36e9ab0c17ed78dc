/**
 * `renderRulebook(ir)`: the complete natural-language rulebook of a game, built from its IR
 * through the view model (`view/rulebook.ts`) and the Handlebars templates.
 */
import type { GameIR } from '../ir/schema.js';
import { renderEngine } from './engine.js';
import { renderDefects } from './defects.js';
import { markdownToText } from './markdown.js';
import { buildRulebookView } from './view/rulebook.js';

/** Output format: Markdown (`md`) or plain text with the Markdown markup removed (`txt`). */
export type RenderFormat = 'md' | 'txt';

/** The formats `gbgc render --format` accepts. */
export const RENDER_FORMATS: readonly RenderFormat[] = ['md', 'txt'];

/**
 * Render the rulebook of a game.
 * Sections, in order: Overview, Visibility, Sequence of Play, Phase Details, Showdown.
 * @param ir a validated IR (see `validateIR`)
 * @returns the rulebook text, ending with one newline
 * @throws Error when the output would contain `undefined`, `NaN`, `[object Object]` or a raw
 *   template marker (an internal error of the renderer, never expected), or when the IR is invalid
 */
export function renderRulebook(ir: GameIR, format: RenderFormat = 'md'): string {
  const md = tidy(renderEngine().render('rulebook', buildRulebookView(ir)));
  const text = format === 'txt' ? tidy(markdownToText(md)) : md;
  const defects = renderDefects(text, JSON.stringify(ir));
  if (defects.length > 0) throw new Error(`render: rulebook of '${ir.name}' has defects: ${defects.join('; ')}`);
  return text;
}

/** Collapse runs of blank lines, drop trailing spaces, end with exactly one newline. */
export function tidy(text: string): string {
  return `${text
    .split('\n')
    .map((l) => l.trimEnd())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()}\n`;
}
