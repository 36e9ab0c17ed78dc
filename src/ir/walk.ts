/**
 * Walking the IR's nested step blocks (branch bodies, loop bodies, options, outcomes, prizes).
 * One table per step kind, so a new kind with blocks cannot be forgotten.
 */
import type { Step, StepHandlers } from './schema.js';

const none = (): Step[][] => [];

const BLOCKS: StepHandlers<Step[][]> = {
  shuffle: none,
  deal: none,
  ante: none,
  blinds: none,
  betting: none,
  varbet: none,
  call: none,
  if: (s) => [...s.branches.map((b) => b.steps), s.otherwise],
  triggers: (s) => s.items.map((i) => i.steps),
  repeat: (s) => [s.steps],
  end: none,
  choice: (s) => s.options.map((o) => o.steps),
  wager: none,
  match: none,
  simultaneous: (s) => [...s.outcomes.map((o) => o.steps), s.otherwise],
  auction: (s) => [s.prize],
  peek: none,
  reveal: none,
  swap: none,
  steal: none,
  discard: none,
  pay: none,
  sidebet: none,
  score: none,
  assign: none,
  set: none,
};

/** Whether a choice's option has a cost: a whole number of chips above 0, or an expression (worked out when the choice is offered). */
export function optionHasCost(o: { cost: number | object }): boolean {
  return typeof o.cost === 'object' || o.cost > 0;
}

/** The step blocks nested directly in `step`, in reading order (empty for a simple step). */
export function childBlocks(step: Step): Step[][] {
  return (BLOCKS[step.kind] as (s: Step) => Step[][])(step);
}

/**
 * Visit every step of a block and of the blocks nested in it, depth first in reading order,
 * with its depth (0 = directly in the block). Does not follow `call` into sub-phases.
 */
export function visitSteps(steps: readonly Step[], visit: (step: Step, depth: number) => void, depth = 0): void {
  for (const st of steps) {
    visit(st, depth);
    for (const block of childBlocks(st)) visitSteps(block, visit, depth + 1);
  }
}
