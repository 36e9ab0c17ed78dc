/**
 * W0105: a private check or choice that hides nothing: its condition reads only public numbers,
 * or one of its alternatives (branch, `else`, not running, option) has public effects unlike
 * every other's, so it gives itself away the moment it runs.
 */
import { warning, type Diagnostic } from '../../diagnostics/diagnostic.js';
import { visitSteps } from '../../ir/walk.js';
import type { Check } from './check.js';
import { allBlocks, giveawaysOf, subphaseMap } from '../../ir/facts.js';

export const checkPrivateHidesNothing: Check = ({ ir, spanOf }) => {
  const out: Diagnostic[] = [];
  const subs = subphaseMap(ir);
  for (const p of allBlocks(ir))
    visitSteps(p.steps, (st) => {
      for (const g of giveawaysOf(st, ir, subs)) {
        if (g.kind === 'if' && g.publicCondition) {
          out.push(warning('W0105', 'this private check reads only public numbers: both seats can tell whether it holds', spanOf(st), 'make the check public'));
        } else if (g.kind === 'if' && st.kind === 'if') {
          const which =
            g.alternative! < st.branches.length ? `branch ${g.alternative! + 1}` : st.otherwise.length ? 'the else block' : 'not running any branch';
          out.push(
            warning(
              'W0105',
              `this private check gives itself away: ${which} has public effects no other branch has`,
              spanOf(st),
              'make the check public, or give the branches the same public effects',
            ),
          );
        } else if (g.kind === 'event') {
          if (g.publicCondition)
            out.push(
              warning('W0105', 'this private event reads only public numbers: both seats can tell whether it holds', spanOf(st), 'make the check public'),
            );
          else out.push(warning('W0105', 'this private event gives itself away: its steps have public effects', spanOf(st), 'make the check public'));
        } else if (g.kind === 'choice' && st.kind === 'choice') {
          out.push(
            warning(
              'W0105',
              `this private choice gives itself away: option '${st.options[g.option]!.name}' has a cost or public effects no other option has`,
              spanOf(st),
              'make the choice public, or give the options the same costs and public effects',
            ),
          );
        }
      }
    });
  return out;
};
