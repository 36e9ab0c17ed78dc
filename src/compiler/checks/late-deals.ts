/**
 * W0107: cards dealt after the last decision. A deal that no decision can follow changes nothing
 * anyone decides. Deals inside a decision (an auction's prize, a chosen option, an outcome of a
 * simultaneous round) are what the decision is about and are not reported. Not reported in a game
 * with a house (`house SEAT`): there the cards after the last decision (the spin, the dealer's draws)
 * settle the bets, which is what the player decided on.
 */
import { warning, type Diagnostic } from '../../diagnostics/diagnostic.js';
import type { Step } from '../../ir/schema.js';
import type { Check } from './check.js';
import { hasDecision, isDecision, subphaseMap } from '../../ir/facts.js';
import { childBlocks } from '../../ir/walk.js';

export const checkLateDeals: Check = ({ ir, spanOf }) => {
  if (ir.house) return [];
  const subs = subphaseMap(ir);
  const decides = decisionSteps(subs);
  if (!ir.phases.some((p) => p.steps.some(decides))) return [];
  // For each sub-phase: whether some call site may be followed by a decision.
  const early = new Map<string, boolean>(ir.subphases.map((p) => [p.name, false]));
  const late: Step[] = [];
  let changed = false;
  const scan = (steps: readonly Step[], later: boolean, report: boolean) => {
    let after = later;
    for (let i = steps.length - 1; i >= 0; i--) {
      const st = steps[i]!;
      if (st.kind === 'deal' && !after && report) late.push(st);
      else if (st.kind === 'call') {
        if (after && early.get(st.phase) === false) {
          early.set(st.phase, true);
          changed = true;
        }
      } else if (!isDecision(st)) {
        const inner = st.kind === 'repeat' ? after || st.steps.some(decides) : after;
        for (const b of childBlocks(st)) scan(b, inner, report);
      }
      if (decides(st)) after = true;
    }
  };
  const scanAll = (report: boolean) => {
    let later = false;
    for (let i = ir.phases.length - 1; i >= 0; i--) {
      scan(ir.phases[i]!.steps, later, report);
      if (ir.phases[i]!.steps.some(decides)) later = true;
    }
    for (const p of ir.subphases) scan(p.steps, early.get(p.name)!, report);
  };
  // Call sites first (to a fixed point), then the deals.
  for (let pass = 0; pass <= ir.subphases.length; pass++) {
    changed = false;
    scanAll(false);
    if (!changed) break;
  }
  scanAll(true);
  return late.map((st): Diagnostic =>
    warning(
      'W0107',
      'these cards are dealt after the last decision of the game: they change nothing anyone decides',
      spanOf(st),
      'deal them before a decision, or remove the deal',
    ),
  );
};

/**
 * Whether a step is or holds a decision, the sub-phases it calls included (`hasDecision([step])`),
 * each step and sub-phase worked out once (the check asks it of every step at every depth).
 */
function decisionSteps(subs: Map<string, Step[]>): (st: Step) => boolean {
  const bySub = new Map<string, boolean>();
  const byStep = new Map<Step, boolean>();
  const decides = (st: Step): boolean => {
    let v = byStep.get(st);
    if (v === undefined) {
      if (st.kind === 'call') {
        v = bySub.get(st.phase) ?? hasDecision([st], subs);
        bySub.set(st.phase, v);
      } else v = isDecision(st) || childBlocks(st).some((b) => b.some(decides));
      byStep.set(st, v);
    }
    return v;
  };
  return decides;
}
