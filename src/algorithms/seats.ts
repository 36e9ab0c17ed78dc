/**
 * The one guard of the tools that are defined for two seats only: exact CFR+, exact values and best
 * responses, the sampled best response, the GENSTRAT axes, the generator and its acceptance filter,
 * the α̂ analysis. Each is a two-player zero-sum construction (one seat's gain is the other's
 * loss); on a game of more seats it refuses with the named code `two-seat-only` (`gbgc explain
 * two-seat-only`), exit 1, rather than computing a number that means something else.
 */
import { DiagnosticError } from '../util/errors.js';

/** A tool defined for two-seat zero-sum games was asked to work on a game of more seats (exit 1). */
export class TwoSeatOnlyError extends DiagnosticError {
  constructor(
    /** What refused, e.g. `exact CFR+`. */
    readonly tool: string,
    /** The seats of the game it was given. */
    readonly numSeats: number,
  ) {
    super(
      'two-seat-only',
      `${tool} is defined for two-seat zero-sum games; this game has ${numSeats} seats ` +
        '(on more seats use `gbgc solve --method mccfr`, `gbgc simulate` or a tournament)',
    );
    this.name = 'TwoSeatOnlyError';
  }
}

/**
 * Refuse a game of more than two seats.
 * @param tool what is refusing, as the user knows it (e.g. `exact CFR+`, `the acceptance filter`)
 * @throws TwoSeatOnlyError when `game.numSeats !== 2`
 */
export function requireTwoSeats(game: { readonly numSeats: number }, tool: string): void {
  if (game.numSeats !== 2) throw new TwoSeatOnlyError(tool, game.numSeats);
}
