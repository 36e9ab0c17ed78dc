/**
 * View-model builders, one per IR step kind. The builder table is a `StepHandlers` mapped type,
 * so adding a step kind to `src/ir/schema.ts` fails to compile here until the kind gets a view
 * (and `test/render/partials.test.ts` fails until it gets its partial files).
 */
import type { Step, StepHandlers, StepKind, StepOf } from '../../ir/schema.js';
import { StepSchema } from '../../ir/schema.js';
import { bettingCourses } from './betting.js';
import type { ViewContext } from './context.js';
import type { StepView, StepViewByKind } from './types.js';

/** Builders with their precise result types; assignable to `StepHandlers<StepView>`. */
export type StepViewBuilders = { [K in StepKind]: (step: StepOf<K>) => StepViewByKind[K] };

/** Every step kind of the IR schema, read from the schema itself (for checks that need the list at run time). */
export const STEP_KINDS: readonly StepKind[] = StepSchema.anyOf.map((s) => s.properties.kind.const as StepKind);

/** The builders for one game. */
export function stepViewBuilders(ctx: ViewContext): StepViewBuilders {
  return {
    shuffle: (step) => ({ kind: 'shuffle', partial: 'steps/shuffle', summary: 'summaries/shuffle', pile: ctx.pileLabel(step.pile) }),
    deal: (step) => {
      const toEach = step.to.kind === 'each';
      const toPile = step.to.kind === 'pile' ? step.to.name : null;
      const pilePublic = toPile !== null && ctx.pileIsPublic(toPile);
      return {
        kind: 'deal',
        partial: 'steps/deal',
        summary: 'summaries/deal',
        count: step.count,
        from: ctx.pileLabel(step.from),
        toEach,
        seats: [ctx.seats[0], ctx.seats[1]],
        to: step.to.kind === 'each' ? 'each seat' : ctx.pileLabel(step.to),
        toSeat: step.to.kind === 'hand' ? ctx.seat(step.to.seat) : null,
        faceUp: step.faceUp,
        seenByAll: step.faceUp || pilePublic,
        seenByNone: !step.faceUp && toPile !== null && !pilePublic,
      };
    },
    ante: (step) => ({
      kind: 'ante',
      partial: 'steps/ante',
      summary: 'summaries/ante',
      amount: step.amount,
      payers: step.payers.map((s) => ctx.seat(s)),
      both: step.payers.length === 2 && step.payers[0] !== step.payers[1],
    }),
    betting: (step) => ({
      kind: 'betting',
      partial: 'steps/betting',
      summary: 'summaries/betting',
      betSize: step.betSize,
      raiseCap: step.raiseCap,
      first: ctx.seat(step.firstSeat),
      second: ctx.seat(step.firstSeat === 0 ? 1 : 0),
      canRaise: step.raiseCap > 1,
      maxPerSeat: step.betSize * step.raiseCap,
      courses: bettingCourses(ctx.seats, step.firstSeat as 0 | 1, step.betSize, step.raiseCap),
    }),
  };
}

/** Call the handler for `step`'s kind. */
export function dispatchStep<R>(handlers: StepHandlers<R>, step: Step): R {
  return (handlers[step.kind] as (s: Step) => R)(step);
}

/** The view of one step. */
export function stepView(builders: StepViewBuilders, step: Step): StepView {
  const handlers: StepHandlers<StepView> = builders;
  return dispatchStep(handlers, step);
}
