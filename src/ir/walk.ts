/**
 * Walking the IR's nested step blocks (branch bodies, loop bodies, options, outcomes, prizes):
 * listing them, visiting every step, and copying a step with its blocks rewritten. One table per
 * step kind, so a new kind with blocks cannot be forgotten.
 */
import type { Step, StepHandlers } from './schema.js';

type BlockMap = (f: (steps: Step[]) => Step[]) => Step;

/** The blocks of a simple step: one shared empty list (frozen; callers only read it). */
const NO_BLOCKS: readonly Step[][] = Object.freeze([]);
const none = (): readonly Step[][] => NO_BLOCKS;

const BLOCKS: StepHandlers<readonly Step[][]> = {
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

const same =
  (s: Step): BlockMap =>
  () =>
    s;

/** For each step kind: the step with its nested blocks replaced by `f` of them, in reading order. */
const MAP_BLOCKS: StepHandlers<BlockMap> = {
  shuffle: same,
  deal: same,
  ante: same,
  blinds: same,
  betting: same,
  varbet: same,
  call: same,
  if: (s) => (f) => ({ ...s, branches: s.branches.map((b) => ({ ...b, steps: f(b.steps) })), otherwise: f(s.otherwise) }),
  triggers: (s) => (f) => ({ ...s, items: s.items.map((i) => ({ ...i, steps: f(i.steps) })) }),
  repeat: (s) => (f) => ({ ...s, steps: f(s.steps) }),
  end: same,
  choice: (s) => (f) => ({ ...s, options: s.options.map((o) => ({ ...o, steps: f(o.steps) })) }),
  wager: same,
  match: same,
  simultaneous: (s) => (f) => ({ ...s, outcomes: s.outcomes.map((o) => ({ ...o, steps: f(o.steps) })), otherwise: f(s.otherwise) }),
  auction: (s) => (f) => ({ ...s, prize: f(s.prize) }),
  peek: same,
  reveal: same,
  swap: same,
  steal: same,
  discard: same,
  pay: same,
  sidebet: same,
  score: same,
  assign: same,
  set: same,
};

/**
 * A copy of `step` whose nested blocks are `f` of its blocks, called in reading order (the
 * blocks of {@link childBlocks}); a simple step is returned as it is. `step` is not changed.
 */
export function mapChildBlocks(step: Step, f: (steps: Step[]) => Step[]): Step {
  return (MAP_BLOCKS[step.kind] as (s: Step) => BlockMap)(step)(f);
}

/** Whether a choice's option has a cost: a whole number of chips above 0, or an expression (worked out when the choice is offered). */
export function optionHasCost(o: { cost: number | object }): boolean {
  return typeof o.cost === 'object' || o.cost > 0;
}

/** The step blocks nested directly in `step`, in reading order (empty for a simple step; not to be changed). */
export function childBlocks(step: Step): readonly Step[][] {
  return (BLOCKS[step.kind] as (s: Step) => readonly Step[][])(step);
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
