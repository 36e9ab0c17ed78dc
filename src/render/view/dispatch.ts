/**
 * Dispatch on a step's kind through a `StepHandlers` table (one handler per kind, so a missing
 * kind is a compile error where the table is written).
 */
import type { Step, StepHandlers } from '../../ir/schema.js';

/** Call the handler for `step`'s kind. */
export function dispatchStep<R>(handlers: StepHandlers<R>, step: Step): R {
  return (handlers[step.kind] as (s: Step) => R)(step);
}
