/**
 * E0207: no deal may take more cards than its source pile holds.
 * - Along the steps that always run (written directly in the phases, in order), pile sizes are
 *   exact, so a deal that needs more cards than are left there is an error.
 * - Any deal anywhere (in a branch, loop, option, prize or sub-phase) that needs more cards than
 *   the whole deck holds can never be performed. Deals that merely may run short at run time
 *   deal what is left, as the rulebook says.
 */
import { error, type Diagnostic, type RelatedLocation } from '../../diagnostics/diagnostic.js';
import type { PileRef } from '../../ir/schema.js';
import { topLevelSteps, type Check } from './check.js';
import { visitSteps } from '../../ir/walk.js';
import { allBlocks } from '../../ir/facts.js';

function key(p: PileRef): string {
  return p.kind === 'deck' ? 'deck' : p.kind === 'hand' ? `hand:${p.seat}` : `pile:${p.name}`;
}

function describe(p: PileRef, seats: readonly string[]): string {
  return p.kind === 'deck' ? 'the deck' : p.kind === 'hand' ? `${seats[p.seat]}'s hand` : `pile '${p.name}'`;
}

export const checkDealSize: Check = ({ ir, spanOf }) => {
  const out: Diagnostic[] = [];
  const size = new Map<string, number>([['deck', ir.deck.ranks.length * ir.deck.suits.length * ir.deck.copies]]);
  const total = size.get('deck')!;
  const reported = new Set<object>();
  // Piles a reported deal already overdrew: their later sizes follow from that mistake, so later
  // deals from them are not reported again (one mistake, one diagnostic).
  const overdrawn = new Set<string>();
  // The earlier steps that changed each pile's size: the notes of an overdraw (any may be the mistake).
  const deckNotes: RelatedLocation[] = [
    { range: spanOf(ir.deck.ranks), message: 'the ranks' },
    { range: spanOf(ir.deck.suits), message: 'the suits' },
    ...(ir.deck.copies > 1 ? [{ range: spanOf(ir.deck), message: 'the copies' }] : []),
  ];
  const history = new Map<string, RelatedLocation[]>([['deck', [...deckNotes]]]);
  const note = (p: PileRef, step: object, message: string) => {
    const list = history.get(key(p)) ?? [];
    list.push({ range: spanOf(step), message });
    history.set(key(p), list);
  };
  for (const { step } of topLevelSteps(ir)) {
    if (step.kind !== 'deal' || step.to.kind === 'winner') continue;
    const have = size.get(key(step.from)) ?? 0;
    const targets: PileRef[] = step.to.kind === 'each' ? ir.seats.map((_, seat): PileRef => ({ kind: 'hand', seat })) : [step.to];
    const need = step.count * targets.length;
    if (need > have && !overdrawn.has(key(step.from))) {
      reported.add(step);
      overdrawn.add(key(step.from));
      const what =
        step.to.kind === 'each' ? `${step.count} card${step.count === 1 ? '' : 's'} to each seat (${need} cards)` : `${need} card${need === 1 ? '' : 's'}`;
      out.push(
        error(
          'E0207',
          `this deal takes ${what} from ${describe(step.from, ir.seats)}, which holds ${have} at this point`,
          spanOf(step),
          `the deck has ${ir.deck.ranks.length} ranks × ${ir.deck.suits.length} suits × ${ir.deck.copies} copies`,
          [...(history.get(key(step.from)) ?? [])],
        ),
      );
    }
    note(step.from, step, `an earlier deal from ${describe(step.from, ir.seats)}`);
    for (const t of targets) note(t, step, `an earlier deal to ${describe(t, ir.seats)}`);
    let left = have;
    for (const t of targets) {
      const moved = Math.min(step.count, left);
      left -= moved;
      size.set(key(t), (size.get(key(t)) ?? 0) + moved);
    }
    size.set(key(step.from), left);
  }
  for (const phase of allBlocks(ir))
    visitSteps(phase.steps, (step) => {
      if (step.kind !== 'deal' || reported.has(step)) return;
      const need = step.count * (step.to.kind === 'each' ? ir.seats.length : 1);
      if (need > total) out.push(error('E0207', `this deal takes ${need} cards but the whole deck has ${total}`, spanOf(step), undefined, deckNotes));
    });
  return out;
};
