/**
 * View-model builders, one per IR step kind. The builder table is a mapped type over the step
 * kinds, so adding a step kind to `src/ir/schema.ts` fails to compile here until the kind gets a
 * view (and `test/render/partials.test.ts` fails until it gets its partial files). Steps that
 * hold blocks build the views of their inner steps with the same table.
 */
import type { Step, StepKind, StepOf } from '../../ir/schema.js';
import { optionHasCost } from '../../ir/walk.js';
import { IR_JSON_SCHEMA } from '../../ir/validate-ir.generated.js';
import { escapeMarkdown } from '../markdown.js';
import { percent } from '../words.js';
import { CHANGE_WORDS } from './analysis.js';
import { publicTrace, type SeatInRules } from '../../ir/facts.js';
import { bettingCourses } from './betting.js';
import type { ViewContext } from './context.js';
import { dispatchStep } from './dispatch.js';
import { exprViewBuilders } from './expr.js';
import type { InferenceView, StepView, StepViewByKind } from './step-types.js';

export { dispatchStep };

/** Betting rounds with a raise cap up to this list every way the round can go. */
export const MAX_LISTED_RAISE_CAP = 3;

/** Builders with their precise result types; assignable to `StepHandlers<StepView>`. */
export type StepViewBuilders = { [K in StepKind]: (step: StepOf<K>) => StepViewByKind[K] };

/** Every step kind of the IR schema, read from the schema itself (for checks that need the list at run time). */
export const STEP_KINDS: readonly StepKind[] = (IR_JSON_SCHEMA['$defs'] as Record<string, { anyOf: { properties: { kind: { const: string } } }[] }>)[
  'Step'
]!.anyOf.map((s) => s.properties.kind.const as StepKind);

/** The builders for one game. */
export function stepViewBuilders(ctx: ViewContext): StepViewBuilders {
  const expr = exprViewBuilders(ctx);
  const other = (s: SeatInRules) => (typeof s === 'number' ? ctx.seat(s === 0 ? 1 : 0) : 'the next seats clockwise');
  const block = (steps: readonly Step[]): StepView[] => steps.map((s) => stepView(builders, s));
  const scoresCounted = ctx.ir.showdown.metric === 'sum-of-ranks';
  // A table of three or more seats: betting rounds are worded for every seat still in the hand.
  const many = ctx.ir.seats.length > 2;

  /** What the alternatives of a private check reveal through public effects. */
  const inference = (alternatives: readonly (readonly Step[])[]): InferenceView => {
    const traces = alternatives.map((b) => publicTrace(ctx.ir, b));
    const through = new Set<string>();
    for (const t of traces) for (const c of t.changes) through.add(c);
    return {
      inferable: new Set(traces.map((t) => t.signature)).size > 1,
      through: Object.keys(CHANGE_WORDS)
        .filter((c) => through.has(c))
        .map((c) => CHANGE_WORDS[c]),
    };
  };

  const builders: StepViewBuilders = {
    shuffle: (step) => ({ kind: 'shuffle', partial: 'steps/shuffle', summary: 'summaries/shuffle', pile: ctx.pileLabel(step.pile) }),
    deal: (step) => {
      const toEach = step.to.kind === 'each';
      const toPile = step.to.kind === 'pile' ? step.to.name : null;
      const pilePublic = toPile !== null && ctx.pileIsPublic(toPile);
      const to = step.to.kind === 'each' ? 'each seat' : step.to.kind === 'winner' ? "the winner's hand" : ctx.pileLabel(step.to);
      return {
        kind: 'deal',
        partial: 'steps/deal',
        summary: 'summaries/deal',
        count: step.count,
        from: ctx.pileLabel(step.from),
        toEach,
        seats: [...ctx.seats],
        to,
        toSeat: step.to.kind === 'hand' ? ctx.seat(step.to.seat) : step.to.kind === 'winner' ? 'the winner' : null,
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
    blinds: (step) => ({
      kind: 'blinds',
      partial: 'steps/blinds',
      summary: 'summaries/blinds',
      small: ctx.seat(step.small),
      smallAmount: step.smallAmount,
      big: ctx.seat(step.big),
      bigAmount: step.bigAmount,
      byButton: typeof step.small !== 'number',
    }),
    betting: (step) => ({
      kind: 'betting',
      partial: 'steps/betting',
      summary: 'summaries/betting',
      betSize: typeof step.betSize === 'number' ? step.betSize : null,
      betExpr: typeof step.betSize === 'object' ? expr.int(step.betSize) : null,
      raiseCap: step.raiseCap,
      first: ctx.seat(step.firstSeat),
      second: other(step.firstSeat),
      canRaise: step.raiseCap > 1,
      many,
      maxPerSeat: typeof step.betSize === 'number' ? step.betSize * step.raiseCap : null,
      // The list of every course is short only for small caps (9 courses at cap 2); larger caps are described by the rules alone.
      // A bet size from an expression has no chip figures to list.
      courses:
        typeof step.betSize === 'number' && step.raiseCap <= MAX_LISTED_RAISE_CAP
          ? typeof step.firstSeat === 'number' && !many
            ? bettingCourses(ctx.seats, step.firstSeat as 0 | 1, step.betSize, step.raiseCap)
            : []
          : [],
    }),
    varbet: (step) => ({
      kind: 'varbet',
      partial: 'steps/varbet',
      summary: 'summaries/varbet',
      first: ctx.seat(step.firstSeat),
      second: other(step.firstSeat),
      max: step.max === 'stack' ? null : step.max,
      fallbackBet: step.fallbackBet,
      raises: step.raises ?? null,
      minBet: step.minBet ?? 1,
      many,
    }),
    call: (step) => ({ kind: 'call', partial: 'steps/call', summary: 'summaries/call', phase: ctx.phaseName(step.phase) }),
    if: (step) => ({
      kind: 'if',
      partial: 'steps/if',
      summary: 'summaries/if',
      branches: step.branches.map((b, i) => ({ cond: expr.cond(b.cond), public: b.check === 'public', steps: block(b.steps), first: i === 0 })),
      otherwise: block(step.otherwise),
      inference: step.branches.some((b) => b.check === 'private') ? inference([...step.branches.map((b) => b.steps), step.otherwise]) : null,
    }),
    triggers: (step) => ({
      kind: 'triggers',
      partial: 'steps/triggers',
      summary: 'summaries/triggers',
      items: step.items.map((item, i) => ({
        number: i + 1,
        cond: expr.cond(item.cond),
        public: item.check === 'public',
        steps: block(item.steps),
        inference: item.check === 'private' ? inference([item.steps, []]) : null,
      })),
    }),
    repeat: (step) => ({
      kind: 'repeat',
      partial: 'steps/repeat',
      summary: 'summaries/repeat',
      max: step.max,
      counter: ctx.variable(step.counter),
      until: step.until ? expr.cond(step.until) : null,
      steps: block(step.steps),
    }),
    end: (step) => ({
      kind: 'end',
      partial: 'steps/end',
      summary: 'summaries/end',
      winner: step.winner === null ? null : ctx.seat(step.winner),
      loser: step.winner === null ? null : other(step.winner),
      reason: escapeMarkdown(step.reason),
    }),
    choice: (step) => {
      const options = step.options.map((o) => {
        const certain = optionHasCost(o) && o.costChance >= 1;
        const chance = optionHasCost(o) && o.costChance > 0 && o.costChance < 1 ? percent(o.costChance) : null;
        const costExpr = typeof o.cost === 'object' && (certain || chance) ? expr.int(o.cost) : null;
        return {
          name: escapeMarkdown(o.name),
          cost: typeof o.cost === 'number' && (certain || chance) ? o.cost : 0,
          costExpr,
          certain,
          chance,
          steps: block(o.steps),
        };
      });
      return {
        kind: 'choice',
        partial: 'steps/choice',
        summary: 'summaries/choice',
        seat: ctx.seat(step.seat),
        opponent: other(step.seat),
        public: step.announce === 'public',
        options,
        names: options.map((o) => `**${o.name}**`),
        anyCertainCost: options.some((o) => o.certain),
        anyChanceCost: options.some((o) => o.chance !== null),
        anyCostExpr: options.some((o) => o.costExpr !== null),
      };
    },
    wager: (step) => ({
      kind: 'wager',
      partial: 'steps/wager',
      summary: 'summaries/wager',
      seat: ctx.seat(step.seat),
      opponent: other(step.seat),
      min: step.min,
      max: typeof step.max === 'number' ? step.max : null,
      maxExpr: typeof step.max === 'object' ? expr.int(step.max) : null,
    }),
    match: (step) => ({ kind: 'match', partial: 'steps/match', summary: 'summaries/match', seat: ctx.seat(step.seat) }),
    simultaneous: (step) => {
      const listed = new Set(step.outcomes.map((o) => `${o.first}/${o.second}`));
      const rest = step.options.flatMap((a) => step.options.map((b) => `${a}/${b}`)).filter((p) => !listed.has(p));
      return {
        kind: 'simultaneous',
        partial: 'steps/simultaneous',
        summary: 'summaries/simultaneous',
        firstSeat: ctx.seats[0],
        secondSeat: ctx.seats[1],
        options: step.options.map(escapeMarkdown),
        outcomes: step.outcomes.map((o) => ({ first: escapeMarkdown(o.first), second: escapeMarkdown(o.second), steps: block(o.steps) })),
        otherwise: rest.length > 0 ? { pairs: rest.map(escapeMarkdown), steps: block(step.otherwise) } : null,
      };
    },
    auction: (step) => {
      const deal = step.prize.find((s) => s.kind === 'deal');
      return {
        kind: 'auction',
        partial: 'steps/auction',
        summary: 'summaries/auction',
        firstSeat: ctx.seats[0],
        secondSeat: ctx.seats[1],
        min: step.min,
        max: step.max,
        payToPot: step.payTo === 'pot',
        prize: block(step.prize),
        cancel: deal ? { count: deal.to.kind === 'each' ? 2 * deal.count : deal.count, from: ctx.pileLabel(deal.from) } : null,
      };
    },
    peek: (step) => ({
      kind: 'peek',
      partial: 'steps/peek',
      summary: 'summaries/peek',
      seat: ctx.actor(step.seat),
      target: ctx.seat(step.target),
      random: step.pick === 'random',
      occurrence: step.visibility === 'occurrence',
    }),
    reveal: (step) => ({ kind: 'reveal', partial: 'steps/reveal', summary: 'summaries/reveal', seat: ctx.seat(step.seat), hand: step.what === 'hand' }),
    swap: (step) => ({
      kind: 'swap',
      partial: 'steps/swap',
      summary: 'summaries/swap',
      first: ctx.seat(step.first),
      second: ctx.seat(step.second),
      public: step.visibility === 'public',
    }),
    steal: (step) => ({
      kind: 'steal',
      partial: 'steps/steal',
      summary: 'summaries/steal',
      seat: ctx.actor(step.seat),
      from: ctx.seat(step.from),
      public: step.visibility === 'public',
    }),
    discard: (step) => ({
      kind: 'discard',
      partial: 'steps/discard',
      summary: 'summaries/discard',
      seat: ctx.seat(step.seat),
      count: step.count,
      random: step.pick === 'random',
      to: step.to === null ? null : ctx.pileLabel(step.to),
      faceUp: step.faceUp,
    }),
    pay: (step) => ({
      kind: 'pay',
      partial: 'steps/pay',
      summary: 'summaries/pay',
      from: ctx.party(step.from),
      to: ctx.party(step.to),
      amount: typeof step.amount === 'number' ? step.amount : null,
      amountExpr: typeof step.amount === 'object' ? expr.int(step.amount) : null,
      fromPot: step.from.kind === 'pot',
      toPot: step.to.kind === 'pot',
    }),
    sidebet: (step) => ({
      kind: 'sidebet',
      partial: 'steps/sidebet',
      summary: 'summaries/sidebet',
      seat: ctx.seat(step.seat),
      opponent: other(step.seat),
      amount: step.amount,
      cond: expr.cond(step.cond),
    }),
    score: (step) => ({
      kind: 'score',
      partial: 'steps/score',
      summary: 'summaries/score',
      seat: ctx.seat(step.seat),
      points: Math.abs(step.delta),
      up: step.delta >= 0,
      counted: scoresCounted,
    }),
    assign: (step) => ({
      kind: 'assign',
      partial: 'steps/assign',
      summary: 'summaries/assign',
      position: ctx.position(step.position),
      public: ctx.positionIsPublic(step.position),
      criterion: step.criterion.kind,
      seat: step.criterion.kind === 'seat' ? ctx.seat(step.criterion.seat) : null,
    }),
    set: (step) => ({ kind: 'set', partial: 'steps/set', summary: 'summaries/set', variable: ctx.variable(step.variable), value: expr.int(step.value) }),
  };
  return builders;
}

/** The view of one step. */
export function stepView(builders: StepViewBuilders, step: Step): StepView {
  return dispatchStep<StepView>(builders, step);
}
