/**
 * One step's rulebook sentence, on its own (for editor hovers): the same partial and view model the
 * rulebook uses for the step, so the hover says exactly what the rulebook says.
 */
import type { GameIR, Step } from '../ir/schema.js';
import { renderEngine } from './engine.js';
import { tidy } from './rulebook.js';
import { viewContext } from './view/context.js';
import { stepView, stepViewBuilders } from './view/steps.js';

/**
 * The Markdown the rulebook prints for `step` (a step of `ir`; nested blocks included).
 * @throws Error when `step` does not belong to a valid IR (an internal error).
 */
export function renderStepSentence(ir: GameIR, step: Step): string {
  const view = stepView(stepViewBuilders(viewContext(ir)), step);
  // The root carries the seat count, as the rulebook's does: its `seats` phrases and table wording read it.
  return tidy(renderEngine().render(view.partial, { ...view, numSeats: ir.seats.length })).trim();
}
