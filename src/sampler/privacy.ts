/**
 * A repair of visibility (GENSTRAT v1 §3, "structural checks and repairs"): a private check,
 * event or choice whose privacy would hide nothing — its condition reads only public numbers, or
 * one alternative has public effects no other has (W0105) — is made public. A pure function of
 * the drawn steps; it draws nothing.
 */
import type { GameIR, Step } from '../ir/schema.js';
import { childBlocks } from '../ir/walk.js';
import { allBlocks, giveawaysOf, subphaseMap } from '../ir/facts.js';

/**
 * Make public, in place, every private step that hides nothing (`giveawaysOf`, the facts W0105
 * reports). Nested blocks are repaired before the step that holds them, whose public signature
 * they are part of.
 * @returns how many steps were made public (an `if` or a choice counts once, each event once)
 */
export function publicizeGiveaways(ir: GameIR): number {
  const subs = subphaseMap(ir);
  let n = 0;
  const walk = (steps: Step[]) => {
    for (const st of steps) {
      for (const block of childBlocks(st)) walk(block);
      const found = giveawaysOf(st, ir, subs);
      if (found.length === 0) continue;
      if (st.kind === 'if') for (const b of st.branches) b.check = 'public';
      else if (st.kind === 'choice') st.announce = 'public';
      else if (st.kind === 'triggers') for (const g of found) if (g.kind === 'event') st.items[g.item]!.check = 'public';
      n += st.kind === 'triggers' ? found.length : 1;
    }
  };
  for (const p of allBlocks(ir)) walk(p.steps);
  return n;
}
