/**
 * What the view-model builders need to know about the whole game while describing one step:
 * Markdown-escaped seat and pile names, humanized phase, variable and position names, rank names,
 * and how to name a pile, a seat reference or a chip party in a sentence.
 */
import type { Actor, GameIR, Party, PileRef, SeatRef } from '../../ir/schema.js';
import { tableSeatWords, type SeatInRules } from '../../ir/facts.js';
import { escapeMarkdown } from '../markdown.js';
import { humanize } from '../words.js';
import type { SeatPhrase } from './expr-types.js';

export interface ViewContext {
  ir: GameIR;
  /** Seat names in seat order, Markdown-escaped (one per seat). */
  seats: string[];
  /** A seat's name, or a table position in words (`the first seat left of the big blind`). */
  seat(s: SeatInRules): string;
  /** `the deck`, `Alice's hand`, `the board`. */
  pileLabel(ref: PileRef): string;
  /** Whether a shared pile is public. @throws Error for an unknown pile (the IR is validated, so this is an internal error). */
  pileIsPublic(name: string): boolean;
  /** A phase or sub-phase name as the rulebook shows it (humanized, escaped): `Bob Fold Or Call 2`. */
  phaseName(name: string): string;
  /** A variable as the rulebook shows it: `«bet round»`. */
  variable(name: string): string;
  /** A position as the rulebook shows it (humanized, escaped). */
  position(name: string): string;
  /** Whether a position is public. @throws Error for an unknown position. */
  positionIsPublic(name: string): boolean;
  /** Rank name of a rank index (escaped). @throws Error for an index outside the deck. */
  rank(index: number): string;
  /** Whether a rank index has the deck's highest value. */
  isTopRank(index: number): boolean;
  /** A seat reference as the subject of a clause. */
  seatRef(ref: SeatRef): SeatPhrase;
  /** A seat that acts (a seat, or the winner of an auction). */
  actor(ref: Actor): string;
  /** A payer or payee: a seat name, `the winner` or `the pot`. */
  party(p: Party): string;
}

/** The phrase of one seat: singular subject, possessive. */
const phrase = (subject: string, possessive: string, quantified: boolean): SeatPhrase => ({ subject, possessive, quantified });

/** Build the context of one game. */
export function viewContext(ir: GameIR): ViewContext {
  const seats = ir.seats.map(escapeMarkdown);
  const pileIsPublic = (name: string): boolean => {
    const pile = ir.piles.find((p) => p.name === name);
    if (!pile) throw new Error(`render: unknown pile '${name}' (the IR should have been validated)`);
    return pile.visibility === 'public';
  };
  const topValue = Math.max(...ir.deck.ranks.map((r) => r.value));
  const pileLabel = (ref: PileRef): string => {
    switch (ref.kind) {
      case 'deck':
        return 'the deck';
      case 'hand':
        return `${seats[ref.seat]}'s hand`;
      case 'pile':
        return `the ${escapeMarkdown(ref.name)}`;
    }
  };
  return {
    ir,
    seats,
    seat: (s) => (typeof s === 'number' ? seats[s] : tableSeatWords(s)),
    pileLabel,
    pileIsPublic,
    phaseName: (name) => escapeMarkdown(humanize(name)),
    variable: (name) => `«${escapeMarkdown(humanize(name))}»`,
    position: (name) => escapeMarkdown(humanize(name)),
    positionIsPublic(name) {
      const p = ir.positions.find((x) => x.name === name);
      if (!p) throw new Error(`render: unknown position '${name}' (the IR should have been validated)`);
      return p.visibility === 'public';
    },
    rank(index) {
      const r = ir.deck.ranks[index];
      if (!r) throw new Error(`render: rank index ${index} is outside the deck (the IR should have been validated)`);
      return escapeMarkdown(r.name);
    },
    isTopRank: (index) => ir.deck.ranks[index]?.value === topValue,
    seatRef(ref) {
      switch (ref.kind) {
        case 'seat':
          return phrase(seats[ref.seat], `${seats[ref.seat]}'s`, false);
        case 'any':
          return phrase('at least one seat', "at least one seat's", true);
        case 'each':
          return phrase('each seat', "each seat's", true);
        case 'winner':
          return phrase('the winner', "the winner's", false);
      }
    },
    actor: (ref) => (ref.kind === 'seat' ? seats[ref.seat] : 'the winner'),
    party: (p) => (p.kind === 'seat' ? seats[p.seat] : p.kind === 'winner' ? 'the winner' : 'the pot'),
  };
}
