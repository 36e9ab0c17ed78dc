/**
 * W0101: a simultaneous round whose outcomes (the listed pairs and `otherwise`) all favour the
 * same seat or do nothing: the other seat's pick cannot gain it anything.
 */
import { warning, type Diagnostic } from '../../diagnostics/diagnostic.js';
import { visitSteps } from '../../ir/walk.js';
import type { Check } from './check.js';
import { allBlocks, favoured, subphaseMap } from '../../ir/facts.js';

export const checkOneSidedSimultaneous: Check = ({ ir, spanOf }) => {
  const out: Diagnostic[] = [];
  const subs = subphaseMap(ir);
  for (const p of allBlocks(ir))
    visitSteps(p.steps, (st) => {
      if (st.kind !== 'simultaneous') return;
      const seats = new Set<number>();
      for (const o of st.outcomes) favoured(o.steps, subs, seats);
      favoured(st.otherwise, subs, seats);
      if (seats.size === 1) {
        const [s] = [...seats];
        out.push(
          warning(
            'W0101',
            `every outcome of this simultaneous round favours ${ir.seats[s!]} or does nothing`,
            spanOf(st),
            `${ir.seats[1 - s!]} has nothing to gain from its pick`,
          ),
        );
      }
    });
  return out;
};
