/**
 * The house check. E0255: the house (`house SEAT`) makes no decisions; a step that asks it to
 * decide (its choice, wager, side bet, chosen discard or peek, or any betting round, simultaneous
 * round or auction, which every seat plays) is refused at compile time, so a house game is played
 * by its players' decisions and the rules' steps alone.
 */
import { error, type Diagnostic } from '../../diagnostics/diagnostic.js';
import { allSteps, decidingSeats } from '../../ir/facts.js';
import type { Check } from './check.js';

export const checkHouse: Check = ({ ir, spanOf }) => {
  const house = ir.house;
  if (!house) return [];
  const out: Diagnostic[] = [];
  const name = ir.seats[house.seat];
  for (const step of allSteps(ir)) {
    const seats = decidingSeats(step, ir.seats.length);
    if (!seats.some((s) => s === house.seat || s === null)) continue;
    const what = step.kind === 'varbet' || step.kind === 'betting' ? 'a betting round' : step.kind === 'triggers' ? 'events' : `\`${step.kind}\``;
    const why =
      seats.length > 1 ? `every seat decides in ${what}` : seats[0] === null ? `the auction's winner may be ${name}` : `${what} asks ${name} to decide`;
    out.push(
      error(
        'E0255',
        `${name} is the house and makes no decisions: ${why}`,
        spanOf(step),
        "write the house's play as steps (`if`, `repeat … until`, `pay`); see `gbgc explain E0255`",
      ),
    );
  }
  return out;
};
