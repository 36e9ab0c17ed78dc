/**
 * E0227: an auction's prize must do something.
 */
import { error, type Diagnostic } from '../../diagnostics/diagnostic.js';
import type { Check } from './check.js';
import { visitSteps } from '../../ir/walk.js';
import { allBlocks } from '../../ir/facts.js';

export const checkAuctionPrize: Check = ({ ir, spanOf }) => {
  const out: Diagnostic[] = [];
  for (const p of allBlocks(ir))
    visitSteps(p.steps, (st) => {
      if (st.kind === 'auction' && st.prize.length === 0) out.push(error('E0227', "this auction's prize is empty", spanOf(st)));
    });
  return out;
};
