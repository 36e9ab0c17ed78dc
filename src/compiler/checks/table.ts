/**
 * The table checks. E0252: a game of 3 to 6 seats, or with a button, is played by the table
 * engine, which runs only the steps of table poker (see the catalogue entry); any other step or
 * showdown is refused here, at compile time, never at play. W0253: a blind larger than the
 * starting stack of a seat that may post it (a warning: the seat posts it all-in).
 */
import { error, warning, type Diagnostic } from '../../diagnostics/diagnostic.js';
import type { Step } from '../../ir/schema.js';
import { isTableGame } from '../../ir/facts.js';
import type { Check } from './check.js';

/** Why a step is not a table step, or null when the table engine plays it. */
function notAtTable(step: Step): string | null {
  switch (step.kind) {
    case 'shuffle':
    case 'deal':
    case 'ante':
    case 'blinds':
      return null;
    case 'betting':
      return typeof step.betSize === 'number' ? null : 'fixed betting with a bet size written as an expression';
    case 'varbet':
      return step.raises ? null : 'variable betting without `raises no-limit` or `raises pot-limit`';
    default:
      return `\`${step.kind === 'triggers' ? 'events' : step.kind === 'simultaneous' ? 'simultaneous' : step.kind}\``;
  }
}

export const checkTable: Check = ({ ir, spanOf }) => {
  const out: Diagnostic[] = [];
  const table = isTableGame(ir);
  const why = ir.seats.length > 2 ? `this game has ${ir.seats.length} seats` : 'this game has a button';
  const blinds: Extract<Step, { kind: 'blinds' }>[] = [];
  for (const phase of ir.phases) {
    // As E0210 for antes: the blinds written directly in the phases (those in branches are clamped to the stack when posted).
    for (const step of phase.steps) if (step.kind === 'blinds') blinds.push(step);
  }
  // One mistake, one error: a refused step's nested blocks are not looked into.
  for (const phase of table ? [...ir.phases, ...ir.subphases] : []) {
    for (const step of phase.steps) {
      const what = notAtTable(step);
      if (what)
        out.push(
          error(
            'E0252',
            `${what} is a two-seat step: ${why}, and the table engine does not play it`,
            spanOf(step),
            'see `gbgc explain E0252` for the steps a table plays',
          ),
        );
    }
  }
  if (table && ir.showdown.metric === 'sum-of-ranks')
    out.push(
      error(
        'E0252',
        `the sum-of-ranks showdown is a two-seat showdown: ${why}`,
        spanOf(ir.showdown),
        'use `showdown high-card`, `pair-with-board` or `poker-hand`',
      ),
    );
  for (const step of blinds) {
    // Named blinds: the two seats named; blinds placed by the button: any seat may post the larger.
    const posts: [number, number][] =
      typeof step.small === 'number' && typeof step.big === 'number'
        ? [
            [step.small, step.smallAmount],
            [step.big, step.bigAmount],
          ]
        : ir.stacks.map((_, seat) => [seat, Math.max(step.smallAmount, step.bigAmount)]);
    const short = posts.find(([seat, amount]) => amount > ir.stacks[seat]!);
    if (!short) continue;
    const [seat, amount] = short;
    const who = typeof step.big === 'number' ? ir.seats[seat] : 'a seat';
    out.push(
      warning(
        'W0253',
        `${who} may post a blind of ${amount} chips but starts with ${ir.stacks[seat]}: the blind is posted all-in`,
        spanOf(step),
        'give every seat that may post the blind a starting stack at least as large',
      ),
    );
  }
  return out;
};
