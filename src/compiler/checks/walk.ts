/**
 * Walking the IR's nested step blocks.
 */
import type { Step } from '../../ir/schema.js';

/** The nested step blocks of a step (branches, loop body, options, outcomes, prize). */
export function childBlocks(st: Step): Step[][] {
  switch (st.kind) {
    case 'if':
      return [...st.branches.map((b) => b.steps), st.otherwise];
    case 'triggers':
      return st.items.map((b) => b.steps);
    case 'repeat':
      return [st.steps];
    case 'choice':
      return st.options.map((o) => o.steps);
    case 'simultaneous':
      return [...st.outcomes.map((o) => o.steps), st.otherwise];
    case 'auction':
      return [st.prize];
    default:
      return [];
  }
}

/** Visit every step of a block, depth first, with its depth (0 = directly in a phase). */
export function visitSteps(steps: Step[], visit: (step: Step, depth: number) => void, depth = 0): void {
  for (const st of steps) {
    visit(st, depth);
    for (const block of childBlocks(st)) visitSteps(block, visit, depth + 1);
  }
}
