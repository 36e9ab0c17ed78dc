/**
 * W0003: state written and never read: a variable a `set` step changes that no expression reads
 * (reading it only to set it again does not count), or a position an `assign` step gives that no
 * condition asks about. Such state changes nothing anyone plays: the step is dead weight, and a
 * hidden position nothing reads is a secret with no consequence.
 */
import { warning, type Diagnostic } from '../../diagnostics/diagnostic.js';
import type { GameIR, Step } from '../../ir/schema.js';
import { visitSteps } from '../../ir/walk.js';
import type { Check } from './check.js';
import { allBlocks } from '../../ir/facts.js';

/** Variables and positions read anywhere in the game (expressions and conditions). */
function reads(ir: GameIR): { vars: Set<string>; positions: Set<string> } {
  const vars = new Set<string>();
  const positions = new Set<string>();
  // `set v = v + 1` reads v only to change it: not a read.
  const walk = (node: unknown, setting: string | null): void => {
    if (Array.isArray(node)) {
      for (const x of node) walk(x, setting);
      return;
    }
    if (node === null || typeof node !== 'object') return;
    const o = node as Record<string, unknown>;
    if (o.kind === 'var' && typeof o.name === 'string' && o.name !== setting) vars.add(o.name);
    else if (o.kind === 'holds' && typeof o.position === 'string') positions.add(o.position);
    if (o.kind === 'set' && typeof o.variable === 'string') {
      walk(o.value, o.variable);
      return;
    }
    for (const v of Object.values(o)) walk(v, setting);
  };
  walk(ir.phases, null);
  walk(ir.subphases, null);
  walk(ir.showdown, null);
  return { vars, positions };
}

export const checkUnreadState: Check = ({ ir, spanOf }) => {
  const firstSet = new Map<string, Step>();
  const firstAssign = new Map<string, Step>();
  for (const p of allBlocks(ir))
    visitSteps(p.steps, (st) => {
      if (st.kind === 'set' && !firstSet.has(st.variable)) firstSet.set(st.variable, st);
      else if (st.kind === 'assign' && !firstAssign.has(st.position)) firstAssign.set(st.position, st);
    });
  if (firstSet.size === 0 && firstAssign.size === 0) return [];
  const read = reads(ir);
  const out: Diagnostic[] = [];
  for (const [name, st] of firstSet)
    if (!read.vars.has(name))
      out.push(
        warning(
          'W0003',
          `the variable '${name}' is set here but nothing reads it: its value changes no play`,
          spanOf(st),
          `read '${name}' in a condition or amount, or remove the variable and its set steps`,
        ),
      );
  const hidden = new Set(ir.positions.filter((p) => p.visibility === 'hidden').map((p) => p.name));
  for (const [name, st] of firstAssign)
    if (!read.positions.has(name))
      out.push(
        warning(
          'W0003',
          `the ${hidden.has(name) ? 'hidden ' : ''}position ${name} is given here but no condition asks who holds it: it changes no play`,
          spanOf(st),
          `test it with 'if <seat> holds ${name}', or remove the position and its assign steps`,
        ),
      );
  return out;
};
