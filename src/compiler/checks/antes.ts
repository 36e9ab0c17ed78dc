/**
 * E0210: each seat's starting stack must cover the antes it always pays (those written directly
 * in the phases; antes inside branches or sub-phases are clamped to the stack at run time).
 */
import { error, type Diagnostic } from '../../diagnostics/diagnostic.js';
import { topLevelSteps, type Check } from './check.js';

export const checkAntes: Check = ({ ir, spanOf }) => {
  const out: Diagnostic[] = [];
  const paid = [0, 0];
  for (const { step } of topLevelSteps(ir)) {
    if (step.kind !== 'ante') continue;
    for (const seat of step.payers) {
      paid[seat]! += step.amount;
      if (paid[seat]! > ir.stacks[seat]) {
        out.push(error('E0210', `${ir.seats[seat]} must ante ${paid[seat]} chips in total but starts with ${ir.stacks[seat]}`, spanOf(step)));
      }
    }
  }
  return out;
};
