/**
 * W0104: a condition that reads a quantity the game never changes: a score when no `score` step
 * exists, a variable no `set` step (or loop) changes, a position no step assigns.
 */
import { warning, type Diagnostic } from '../../diagnostics/diagnostic.js';
import { visitSteps } from '../../ir/walk.js';
import type { Check } from './check.js';
import { allBlocks, allSteps, atomsOf, conditionsOf, intsOf } from '../../ir/facts.js';

export const checkConstantConditions: Check = ({ ir, spanOf }) => {
  const out: Diagnostic[] = [];
  let scores = false;
  const setVars = new Set<string>();
  const assigned = new Set<string>();
  for (const p of allBlocks(ir))
    visitSteps(p.steps, (st) => {
      if (st.kind === 'score' && st.delta !== 0) scores = true;
      else if (st.kind === 'set') setVars.add(st.variable);
      else if (st.kind === 'repeat') setVars.add(st.counter);
      else if (st.kind === 'assign') assigned.add(st.position);
    });
  const initial = new Map(ir.variables.map((v) => [v.name, v.initial]));
  for (const { cond, step } of conditionsOf(allSteps(ir))) {
    const never: string[] = [];
    for (const e of intsOf(cond)) {
      if (e.kind === 'score' && !scores) never.push('the scores (no step changes a score)');
      if (e.kind === 'var' && !setVars.has(e.name)) never.push(`'${e.name}' (always ${initial.get(e.name) ?? 0})`);
    }
    for (const a of atomsOf(cond)) if (a.kind === 'holds' && !assigned.has(a.position)) never.push(`position ${a.position} (nobody is ever given it)`);
    if (never.length > 0) out.push(warning('W0104', `this condition reads ${[...new Set(never)].join(' and ')}, which the game never changes`, spanOf(step)));
  }
  return out;
};
