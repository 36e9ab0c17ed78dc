/**
 * The shoe check. E0256: in a game with a shoe (`shoe cut N`) the deck is shuffled only when a new
 * shoe starts, so a `shuffle deck` step, which would shuffle the cards left every hand, is refused.
 * (The cut's range and the two-seat engine are checked when lowering, with the same code.)
 */
import { error, type Diagnostic } from '../../diagnostics/diagnostic.js';
import { allSteps } from '../../ir/facts.js';
import type { Check } from './check.js';

export const checkShoe: Check = ({ ir, spanOf }) => {
  if (!ir.shoe) return [];
  const out: Diagnostic[] = [];
  for (const step of allSteps(ir))
    if (step.kind === 'shuffle' && step.pile.kind === 'deck')
      out.push(
        error(
          'E0256',
          `the deck is a shoe (\`shoe cut ${ir.shoe.cut}\`): it is shuffled only when a new shoe starts, and a hand draws the cards the last one left in their order`,
          spanOf(step),
          'remove `shuffle deck`: draws from a shoe are already random',
        ),
      );
  return out;
};
