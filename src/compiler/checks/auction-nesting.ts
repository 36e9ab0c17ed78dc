/**
 * E0243: an auction's prize may not hold another auction (one auction winner is bound at a time:
 * `winner` inside a nested prize would be ambiguous, and the interpreter keeps one winner).
 */
import { error, type Diagnostic } from '../../diagnostics/diagnostic.js';
import type { Check } from './check.js';
import { visitSteps } from '../../ir/walk.js';
import { allBlocks } from '../../ir/facts.js';

export const checkAuctionNesting: Check = ({ ir, spanOf }) => {
  const out: Diagnostic[] = [];
  for (const p of allBlocks(ir))
    visitSteps(p.steps, (st) => {
      if (st.kind !== 'auction') return;
      visitSteps(st.prize, (inner) => {
        if (inner.kind === 'auction')
          out.push(
            error(
              'E0243',
              "an auction cannot be held inside another auction's prize",
              spanOf(inner),
              'hold it after the first auction, or in a sub-phase called outside the prize',
            ),
          );
      });
    });
  return out;
};
