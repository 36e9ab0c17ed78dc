/**
 * Reachability over the call graph of sub-phases: W0001 (a sub-phase no phase calls, directly
 * or through other sub-phases), E0224 (a sub-phase that calls itself: unbounded recursion) and
 * W0002 (a step after an `end` in the same block).
 */
import { error, warning, type Diagnostic } from '../../diagnostics/diagnostic.js';
import type { Step } from '../../ir/schema.js';
import type { Check } from './check.js';
import { childBlocks, visitSteps } from '../../ir/walk.js';
import { allBlocks } from '../../ir/facts.js';

function callees(steps: Step[]): string[] {
  const out: string[] = [];
  visitSteps(steps, (st) => {
    if (st.kind === 'call') out.push(st.phase);
  });
  return out;
}

export const checkReachability: Check = ({ ir, spanOf }) => {
  const out: Diagnostic[] = [];
  const subs = new Map(ir.subphases.map((p) => [p.name, p]));
  const reached = new Set<string>();
  const stack = ir.phases.flatMap((p) => callees(p.steps));
  while (stack.length > 0) {
    const name = stack.pop()!;
    if (reached.has(name)) continue;
    reached.add(name);
    stack.push(...callees(subs.get(name)?.steps ?? []));
  }
  for (const p of ir.subphases) if (!reached.has(p.name)) out.push(warning('W0001', `sub-phase '${p.name}' is never called from any phase`, spanOf(p)));

  // Cycles: depth-first search with colours.
  const colour = new Map<string, 1 | 2>();
  const reportedCycle = new Set<string>();
  const dfs = (name: string, path: string[]) => {
    colour.set(name, 1);
    for (const next of callees(subs.get(name)?.steps ?? [])) {
      if (colour.get(next) === 1 && !reportedCycle.has(next)) {
        reportedCycle.add(next);
        const cycle = [...path.slice(path.indexOf(next)), next];
        out.push(error('E0224', `sub-phase '${next}' calls itself (${cycle.join(' → ')})`, spanOf(subs.get(next)!)));
      } else if (!colour.has(next)) dfs(next, [...path, next]);
    }
    colour.set(name, 2);
  };
  for (const p of ir.subphases) if (!colour.has(p.name)) dfs(p.name, [p.name]);

  // Steps after an `end` in the same block.
  const afterEnd = (steps: Step[]) => {
    const i = steps.findIndex((s) => s.kind === 'end');
    if (i >= 0 && i < steps.length - 1) out.push(warning('W0002', 'this step comes after `end` in the same block and never runs', spanOf(steps[i + 1]!)));
    for (const st of steps) for (const block of childBlocks(st)) afterEnd(block);
  };
  for (const p of allBlocks(ir)) afterEnd(p.steps);
  return out;
};
