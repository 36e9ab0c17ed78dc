/**
 * W0103: two `pay` steps in a row with the same payer and payee (write one payment of the sum).
 */
import { warning, type Diagnostic } from '../../diagnostics/diagnostic.js';
import type { Step } from '../../ir/schema.js';
import { childBlocks } from '../../ir/walk.js';
import type { Check } from './check.js';
import { allBlocks } from '../../ir/facts.js';

export const checkBackToBackPayments: Check = ({ ir, spanOf }) => {
  const out: Diagnostic[] = [];
  const block = (steps: readonly Step[]) => {
    for (let i = 1; i < steps.length; i++) {
      const a = steps[i - 1]!;
      const b = steps[i]!;
      if (a.kind === 'pay' && b.kind === 'pay' && JSON.stringify(a.from) === JSON.stringify(b.from) && JSON.stringify(a.to) === JSON.stringify(b.to))
        out.push(
          warning(
            'W0103',
            'this payment follows another from the same payer to the same payee',
            spanOf(b),
            typeof a.amount === 'number' && typeof b.amount === 'number' ? `write one payment of ${a.amount + b.amount}` : 'write one payment',
          ),
        );
    }
    for (const st of steps) for (const c of childBlocks(st)) block(c);
  };
  for (const p of allBlocks(ir)) block(p.steps);
  return out;
};
