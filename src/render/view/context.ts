/**
 * What the view-model builders need to know about the whole game while describing one step:
 * Markdown-escaped seat and pile names and how to name a pile in a sentence.
 */
import type { GameIR, PileRef, Seat } from '../../ir/schema.js';
import { escapeMarkdown } from '../markdown.js';

export interface ViewContext {
  ir: GameIR;
  /** Seat names in seat order, Markdown-escaped. */
  seats: [string, string];
  seat(s: Seat): string;
  /** `the deck`, `Alice's hand`, `the board`. */
  pileLabel(ref: PileRef): string;
  /** Whether a shared pile is public. @throws Error for an unknown pile (the IR is validated, so this is an internal error). */
  pileIsPublic(name: string): boolean;
}

/** Build the context of one game. */
export function viewContext(ir: GameIR): ViewContext {
  const seats: [string, string] = [escapeMarkdown(ir.seats[0]), escapeMarkdown(ir.seats[1])];
  const pileIsPublic = (name: string): boolean => {
    const pile = ir.piles.find((p) => p.name === name);
    if (!pile) throw new Error(`render: unknown pile '${name}' (the IR should have been validated)`);
    return pile.visibility === 'public';
  };
  return {
    ir,
    seats,
    seat: (s) => seats[s],
    pileLabel(ref) {
      switch (ref.kind) {
        case 'deck':
          return 'the deck';
        case 'hand':
          return `${seats[ref.seat]}'s hand`;
        case 'pile':
          return `the ${escapeMarkdown(ref.name)}`;
      }
    },
    pileIsPublic,
  };
}
