/**
 * W0102: a betting round where one seat can never bet: a choice lets a seat wager, but an option
 * that declines (a check) ends the round without offering the other seat a wager.
 */
import { warning, type Diagnostic } from '../../diagnostics/diagnostic.js';
import type { Step } from '../../ir/schema.js';
import { childBlocks, visitSteps } from '../../ir/walk.js';
import type { Check } from './check.js';
import { allBlocks, subphaseMap } from '../../ir/facts.js';

/** Whether the block lets `seat` wager somewhere (following calls). */
function wagers(steps: readonly Step[], seat: number, subs: Map<string, Step[]>, seen = new Set<string>()): boolean {
  let found = false;
  visitSteps(steps, (st) => {
    if ((st.kind === 'wager' && st.seat === seat) || st.kind === 'betting' || st.kind === 'varbet') found = true;
    else if (st.kind === 'call' && !seen.has(st.phase)) {
      seen.add(st.phase);
      if (wagers(subs.get(st.phase) ?? [], seat, subs, seen)) found = true;
    }
  });
  return found;
}

/** Whether the block ends the game (an `end` directly in it). */
const ends = (steps: readonly Step[]): boolean => steps.some((s) => s.kind === 'end');

export const checkOneSeatBetting: Check = ({ ir, spanOf }) => {
  const out: Diagnostic[] = [];
  const subs = subphaseMap(ir);
  // `offered`: seats already offered a wager earlier in this round (their choice's declining option leads here).
  const walk = (steps: readonly Step[], offered: ReadonlySet<number>) => {
    for (const st of steps) {
      if (st.kind !== 'choice') {
        for (const b of childBlocks(st)) walk(b, new Set());
        continue;
      }
      const s = st.seat;
      const betting = st.options.some((o) => o.steps.some((x) => x.kind === 'wager' && x.seat === s));
      if (!betting) {
        for (const o of st.options) walk(o.steps, new Set());
        continue;
      }
      const declines = st.options.filter((o) => !wagers(o.steps, s, subs) && !ends(o.steps) && !wagers(o.steps, 1 - s, subs));
      if (declines.length > 0 && !offered.has(1 - s))
        out.push(
          warning(
            'W0102',
            `${ir.seats[1 - s]} can never bet in this round: after ${ir.seats[s]} picks '${declines[0]!.name}', ${ir.seats[1 - s]} is not offered a wager`,
            spanOf(st),
          ),
        );
      for (const o of st.options) walk(o.steps, wagers(o.steps, s, subs) ? new Set() : new Set([...offered, s]));
    }
  };
  for (const p of allBlocks(ir)) walk(p.steps, new Set());
  return out;
};
