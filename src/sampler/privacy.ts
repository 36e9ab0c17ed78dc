/**
 * A repair of visibility (GENSTRAT v1 §3, "structural checks and repairs"): a private check,
 * event or choice whose privacy would hide nothing — its condition reads only public numbers, or
 * one alternative has public effects no other has (W0105) — is made public. A pure function of
 * the drawn steps; it draws nothing.
 */
import type { GameIR, Step } from '../ir/schema.js';
import { childBlocks } from '../ir/walk.js';
import { publicSignature, subphaseMap } from '../compiler/checks/analysis.js';
import { giveaways, publicCondition } from '../compiler/checks/private-hides-nothing.js';

/**
 * Make public, in place, every private step that hides nothing.
 * @returns how many steps were made public
 */
export function publicizeGiveaways(ir: GameIR): number {
  const subs = subphaseMap(ir);
  const sig = (steps: Step[]) => publicSignature(steps, subs);
  let n = 0;
  const walk = (steps: Step[]) => {
    for (const st of steps) {
      for (const block of childBlocks(st)) walk(block);
      if (st.kind === 'if' && st.branches.some((b) => b.check === 'private')) {
        const alts = [...st.branches.map((b) => sig(b.steps)), sig(st.otherwise)];
        if (st.branches.some((b) => b.check === 'private' && publicCondition(b.cond, ir)) || giveaways(alts).length > 0) {
          for (const b of st.branches) b.check = 'public';
          n++;
        }
      } else if (st.kind === 'triggers') {
        for (const item of st.items)
          if (item.check === 'private' && (publicCondition(item.cond, ir) || sig(item.steps) !== '')) {
            item.check = 'public';
            n++;
          }
      } else if (st.kind === 'choice' && st.announce === 'private') {
        if (giveaways(st.options.map((o) => `${JSON.stringify(o.cost)}@${o.costChance};${sig(o.steps)}`)).length > 0) {
          st.announce = 'public';
          n++;
        }
      }
    }
  };
  for (const p of [...ir.phases, ...ir.subphases]) walk(p.steps);
  return n;
}
