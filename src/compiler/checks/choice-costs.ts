/**
 * Option costs written as expressions (`option peek cost 2 * round { … }`):
 *
 * - E0249: a cost may not read a seat's cards (`highest(Alice)`). The cost is worked out when
 *   the choice is offered, the options offered depend on it (an option the seat cannot afford is
 *   not offered, and a choice with none is skipped, which both seats are told), and the chips it
 *   moves show in the public stacks, even after a private choice or a chance cost. A cost from a
 *   seat's cards would therefore tell the opponent about them (and a cost from the opponent's
 *   cards would tell the chooser). Every other number a cost may read (variables, loop counters,
 *   `pot`, stacks, hand and pile sizes, scores, the cards of public piles) is public, so a cost
 *   that passes this check reveals nothing either seat does not already see.
 * - E0223: as for whole-number costs, a choice needs an option that may be free: when every
 *   option has a certain cost that is at least 1 wherever the choice is offered (its compile-time
 *   interval, `src/ir/bounds.ts`), a seat could be left without a choice.
 */
import { error, type Diagnostic } from '../../diagnostics/diagnostic.js';
import type { IntExpr, StepOf } from '../../ir/schema.js';
import { visitSteps } from '../../ir/walk.js';
import { boundsContext, intInterval, type BoundsContext } from '../../ir/bounds.js';
import type { Check } from './check.js';
import { allBlocks } from '../../ir/facts.js';

/** The `highest(SEAT)` and `total(SEAT)` nodes of an expression (reads of a seat's hand), left to right. */
function handReads(e: IntExpr): Extract<IntExpr, { kind: 'highest' | 'total' }>[] {
  if (e.kind === 'highest' || e.kind === 'total') return [e];
  if (e.kind === 'add' || e.kind === 'sub' || e.kind === 'mul') return [...handReads(e.left), ...handReads(e.right)];
  return [];
}

export const checkChoiceCosts: Check = ({ ir, spanOf }) => {
  const out: Diagnostic[] = [];
  let bounds: BoundsContext | undefined;
  const smallest = (cost: number | IntExpr): number => (typeof cost === 'number' ? cost : intInterval(cost, bounds ?? (bounds = boundsContext(ir)))[0]);
  for (const p of allBlocks(ir))
    visitSteps(p.steps, (st) => {
      if (st.kind !== 'choice') return;
      const c = st as StepOf<'choice'>;
      for (const o of c.options) {
        if (typeof o.cost === 'number') continue;
        for (const read of handReads(o.cost)) {
          const whose = read.seat.kind === 'seat' ? `${ir.seats[read.seat.seat]}'s` : read.seat.kind === 'winner' ? "the auction winner's" : "a seat's";
          out.push(
            error(
              'E0249',
              `the cost of option '${o.name}' cannot read ${whose} cards: the options offered and the chips paid are seen by both seats, so the cost would tell what the cards are`,
              spanOf(read),
              'write the cost from public numbers: variables, loop counters, `pot`, `stack(SEAT)`, `handsize(SEAT)`, `score(SEAT)`, `size(PILE)`, `highest(PILE)` of a public pile',
            ),
          );
        }
      }
      if (!c.options.some((o) => typeof o.cost !== 'number')) return; // whole-number costs: checked when lowering
      if (c.options.every((o) => o.costChance >= 1 && smallest(o.cost) >= 1))
        out.push(
          error(
            'E0223',
            'every option has a certain cost of at least 1 chip: a seat that cannot pay any of them would have no choice; make one option free',
            spanOf(st),
          ),
        );
    });
  return out;
};
