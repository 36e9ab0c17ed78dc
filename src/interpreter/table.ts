/**
 * Table options of one hand (`TableOptions` of the contract): their validation against a game,
 * the one place that says which options the engine accepts and why it refuses the others.
 */
import type { TableOptions } from './api.js';

/** Table options checked against a game: the button seat and the starting stacks, or null for the declared stacks. */
export interface CheckedTable {
  button: number;
  stacks: readonly number[] | null;
}

/**
 * Check `options` for a game of `numSeats` seats whose declared starting stacks are `declared`.
 * @returns the button seat (default 0) and the stacks, or `stacks: null` when they are absent or
 *   equal the declared ones
 * @throws RangeError with the reason: a stacks array whose length is not `numSeats`, a stack that
 *   is not a positive integer, stacks holding more chips in all than the declared ones (the
 *   compiler's checks, such as the size of a bet menu bounded by the stack (E0241), hold for the
 *   chips the game declares; a match that carries stacks over keeps their sum); a button that is not a seat, or a
 *   button on another seat than 0 in a game that declares no button (its seats do not move)
 * @param hasButton whether the game declares a `button` (the button may then be on any seat)
 * @param hasShoe whether the game declares a shoe (`shoe` is refused otherwise; its cards are checked by the game)
 * @param unlimitedSeat the seat of an unlimited house (-1: none): it starts every hand from its
 *   declared (unlimited) bank whatever `stacks` says, and the other stacks may exceed the declared chips
 */
export function checkTableOptions(
  numSeats: number,
  declared: readonly number[],
  options: TableOptions | undefined,
  hasButton = false,
  unlimitedSeat = -1,
  hasShoe = false,
): CheckedTable {
  const button = options?.button ?? 0;
  if (options?.shoe !== undefined && !hasShoe)
    throw new RangeError('table options: this game declares no shoe (`shoe cut N`), so every hand starts from the full deck (got a shoe)');
  if (!Number.isInteger(button) || button < 0 || button >= numSeats)
    throw new RangeError(`table options: button must be a seat 0..${numSeats - 1}, got ${String(button)}`);
  if (button !== 0 && !hasButton)
    throw new RangeError(
      `table options: this game declares no button, so its seats do not move (got button ${button}; declare \`button\` to deal with a moving button)`,
    );
  const stacks = options?.stacks;
  if (stacks === undefined) return { button, stacks: null };
  if (!Array.isArray(stacks) || stacks.length !== numSeats)
    throw new RangeError(
      `table options: stacks must list one starting stack per seat (${numSeats}), got ${Array.isArray(stacks) ? stacks.length : typeof stacks}`,
    );
  stacks.forEach((s: unknown, seat) => {
    if (typeof s !== 'number' || !Number.isInteger(s) || s < 1)
      throw new RangeError(`table options: the starting stack of seat ${seat} must be a positive whole number of chips, got ${String(s)}`);
  });
  // An unlimited house (`house … bank unlimited`) always starts from its unlimited bank, and its
  // players' stacks are not bounded by the declared chips (their winnings come from that bank).
  if (unlimitedSeat >= 0) {
    const given = stacks.map((s, i) => (i === unlimitedSeat ? declared[i] : s));
    return { button, stacks: given.every((s, i) => s === declared[i]) ? null : given };
  }
  const total = stacks.reduce((a, b) => a + b, 0);
  const declaredTotal = declared.reduce((a, b) => a + b, 0);
  if (total > declaredTotal)
    throw new RangeError(
      `table options: the starting stacks hold ${total} chips in all, more than the game declares (${declaredTotal}); the game's checks hold for its declared chips`,
    );
  return { button, stacks: stacks.every((s, i) => s === declared[i]) ? null : stacks.slice() };
}
