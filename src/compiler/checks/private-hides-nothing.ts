/**
 * W0105: a private check or choice that hides nothing: its condition reads only public numbers,
 * or one of its alternatives (branch, `else`, not running, option) has public effects unlike
 * every other's, so it gives itself away the moment it runs.
 */
import { warning, type Diagnostic } from '../../diagnostics/diagnostic.js';
import type { BoolExpr, GameIR, IntExpr, Step } from '../../ir/schema.js';
import { visitSteps } from '../../ir/walk.js';
import type { Check } from './check.js';
import { allBlocks, atomsOf, intsOf, publicSignature, subphaseMap } from './analysis.js';

/** Whether an integer expression is known to both seats (everything but cards in hands). */
const publicInt = (e: IntExpr): boolean => e.kind !== 'highest';

/** Whether a condition reads only public quantities. */
export function publicCondition(c: BoolExpr, ir: GameIR): boolean {
  const hidden = new Set(ir.positions.filter((p) => p.visibility === 'hidden').map((p) => p.name));
  return intsOf(c).every(publicInt) && atomsOf(c).every((a) => a.kind === 'cmp' || a.kind === 'bool' || (a.kind === 'holds' && !hidden.has(a.position)));
}

/** Indices of alternatives whose public signature no other alternative shares. */
export function giveaways(alternatives: string[]): number[] {
  return alternatives.flatMap((sig, i) => (alternatives.filter((x) => x === sig).length === 1 ? [i] : []));
}

export const checkPrivateHidesNothing: Check = ({ ir, spanOf }) => {
  const out: Diagnostic[] = [];
  const subs = subphaseMap(ir);
  const sig = (steps: Step[]) => publicSignature(steps, subs);
  for (const p of allBlocks(ir))
    visitSteps(p.steps, (st) => {
      if (st.kind === 'if' && st.branches.some((b) => b.check === 'private')) {
        const pub = st.branches.find((b) => b.check === 'private' && publicCondition(b.cond, ir));
        if (pub) {
          out.push(warning('W0105', 'this private check reads only public numbers: both seats can tell whether it holds', spanOf(st), 'make the check public'));
          return;
        }
        const alts = [...st.branches.map((b) => sig(b.steps)), sig(st.otherwise)];
        const g = giveaways(alts);
        if (g.length > 0) {
          const which = g[0]! < st.branches.length ? `branch ${g[0]! + 1}` : st.otherwise.length ? 'the else block' : 'not running any branch';
          out.push(warning('W0105', `this private check gives itself away: ${which} has public effects no other branch has`, spanOf(st), 'make the check public, or give the branches the same public effects'));
        }
      } else if (st.kind === 'triggers') {
        for (const item of st.items) {
          if (item.check !== 'private') continue;
          if (publicCondition(item.cond, ir)) out.push(warning('W0105', 'this private event reads only public numbers: both seats can tell whether it holds', spanOf(st), 'make the check public'));
          else if (sig(item.steps) !== '') out.push(warning('W0105', 'this private event gives itself away: its steps have public effects', spanOf(st), 'make the check public'));
        }
      } else if (st.kind === 'choice' && st.announce === 'private') {
        const alts = st.options.map((o) => `${JSON.stringify(o.cost)}@${o.costChance};${sig(o.steps)}`);
        const g = giveaways(alts);
        if (g.length > 0) out.push(warning('W0105', `this private choice gives itself away: option '${st.options[g[0]!]!.name}' has a cost or public effects no other option has`, spanOf(st), 'make the choice public, or give the options the same costs and public effects'));
      }
    });
  return out;
};
