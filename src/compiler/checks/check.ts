/**
 * A semantic check over the lowered IR. Checks run after names are resolved; each reports
 * diagnostics pointing at source spans through the lowering's span map.
 */
import type { Diagnostic } from '../../diagnostics/diagnostic.js';
import type { GameIR, Phase, Step } from '../../ir/schema.js';
import type { Span } from '../../parser/ast.js';

export interface CheckContext {
  ir: GameIR;
  /** Source span of an IR object (phase or step); the game's span when unknown. */
  spanOf(node: object): Span;
}

export type Check = (ctx: CheckContext) => Diagnostic[];

/**
 * The steps that always run, in play order, if the game lasts: the steps written directly in
 * the phases (not inside a condition, loop, option, or sub-phase).
 */
export function* topLevelSteps(ir: GameIR): Generator<{ phase: Phase; step: Step }> {
  for (const phase of ir.phases) for (const step of phase.steps) yield { phase, step };
}
