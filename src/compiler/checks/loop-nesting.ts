/**
 * E0242: loops inside loops (also through the sub-phases they call) multiply their rounds; along
 * any chain of nested loops the product of their bounds is at most {@link MAX_NESTED_ROUNDS}, so
 * every episode ends after a bounded number of steps.
 */
import { error, type Diagnostic } from '../../diagnostics/diagnostic.js';
import type { Step } from '../../ir/schema.js';
import { childBlocks } from '../../ir/walk.js';
import { subphaseMap } from '../../ir/facts.js';
import type { Check } from './check.js';

export const MAX_NESTED_ROUNDS = 10_000;

export const checkLoopNesting: Check = ({ ir, spanOf }) => {
  const out: Diagnostic[] = [];
  const subs = subphaseMap(ir);
  const memo = new Map<string, number>();
  const onPath = new Set<string>();
  /** Largest product of loop bounds along a nesting chain inside `steps` (1 without loops); reports where the limit is passed. */
  const worst = (steps: readonly Step[], outer: number): number => {
    let best = 1;
    for (const st of steps) {
      let inner = 1;
      if (st.kind === 'call') inner = sub(st.phase);
      else for (const block of childBlocks(st)) inner = Math.max(inner, worst(block, st.kind === 'repeat' ? outer * st.max : outer));
      const here = st.kind === 'repeat' ? st.max * inner : inner;
      // Reported at the outermost loop of the chain (of its phase or sub-phase).
      if (st.kind === 'repeat' && outer === 1 && here > MAX_NESTED_ROUNDS) {
        out.push(
          error(
            'E0242',
            `these nested loops can run ${here.toLocaleString('en-US')} rounds in all; nested loops may run at most ${MAX_NESTED_ROUNDS.toLocaleString('en-US')}`,
            spanOf(st),
            'lower a loop bound',
          ),
        );
      }
      best = Math.max(best, here);
    }
    return best;
  };
  const sub = (name: string): number => {
    if (memo.has(name)) return memo.get(name)!;
    if (onPath.has(name) || !subs.has(name)) return 1; // recursion (E0224) or unknown (E0203) is reported elsewhere
    onPath.add(name);
    const n = Math.min(worst(subs.get(name)!, 1), Number.MAX_SAFE_INTEGER);
    onPath.delete(name);
    memo.set(name, n);
    return n;
  };
  for (const p of ir.phases) worst(p.steps, 1);
  return out;
};
