/**
 * E0210: each seat's starting stack must cover the antes it always pays (those written directly
 * in the phases; antes inside branches or sub-phases are clamped to the stack at run time).
 */
import { error, type Diagnostic } from '../../diagnostics/diagnostic.js';
import { topLevelSteps, type Check } from './check.js';

export const checkAntes: Check = ({ ir, spanOf }) => {
  const out: Diagnostic[] = [];
  const paid = [0, 0];
  const reported = [false, false];
  for (const { step } of topLevelSteps(ir)) {
    if (step.kind !== 'ante') continue;
    // One mistake, one error: the first ante a seat cannot cover, both seats in one message.
    const short: number[] = [];
    for (const seat of step.payers) {
      paid[seat]! += step.amount;
      if (paid[seat]! > ir.stacks[seat]! && !reported[seat]) short.push(seat);
    }
    if (short.length === 0) continue;
    for (const seat of short) reported[seat] = true;
    const [a, b] = short as [number, number | undefined];
    const message =
      b !== undefined && paid[a] === paid[b] && ir.stacks[a] === ir.stacks[b]
        ? `each seat must ante ${paid[a]} chips in total but starts with ${ir.stacks[a]}`
        : short.map((seat) => `${ir.seats[seat]} must ante ${paid[seat]} chips in total but starts with ${ir.stacks[seat]}`).join('; ');
    // The stack is the other half of the clash: either may be the mistake.
    out.push(error('E0210', message, spanOf(step), undefined, [{ range: spanOf(ir.stacks), message: 'the starting stacks' }]));
  }
  return out;
};
