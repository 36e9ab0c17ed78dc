/**
 * Layout of an interpreter state: register indices, node kinds, event kinds.
 *
 * A state is two small typed arrays and an event log:
 * - `r` (Int32Array): the registers below, then the frame stack (return addresses);
 * - `piles` (Uint8Array): each pile's length, then each pile's card types, `pileCapacity` slots
 *   per pile, top first;
 * - the event log (`EventLog`): chunks of 4 events, full chunks shared between copies.
 * Both arrays are kept small on purpose: V8 allocates typed arrays of at most 64 bytes on the
 * JavaScript heap, which makes `clone()` about as cheap as copying a few numbers.
 */

/** Register indices into `r`. */
export const R = {
  /** Program counter (instruction index). */
  PC: 0,
  /** What the state waits for: one of `NODE.*`. */
  NODE: 1,
  /** Seat to act at a decision node. */
  ACTOR: 2,
  /** Chips in the pot. */
  POT: 3,
  /** Chips in seat 0's stack; seat 1's is `STACK + 1`. */
  STACK: 4,
  /** Step-local progress of the current instruction (cards dealt so far; 1 = under way). */
  STEP: 6,
  /** Chips seat 0 put in during the current betting round; seat 1's is `CONTRIB + 1`. */
  CONTRIB: 7,
  /** Bets and raises made in the current betting round. */
  BETS: 9,
  /** Bit s set: seat s has acted in the current betting round. */
  ACTED: 10,
  /** Decisions taken by seat 0; seat 1's is `MOVES + 1`. */
  MOVES: 11,
  /** Bit p set: pile p has been shuffled (its draws are chance nodes). */
  SHUFFLED: 13,
  /** Frame stack pointer (number of pending sub-phase returns). */
  SP: 14,
  /** First slot of the frame stack; `Program.maxFrames` slots follow. */
  FRAMES: 15,
} as const;

/** What a state waits for. */
export const NODE = {
  /** Deterministic instructions still to run (never visible from outside). */
  RUNNING: 0,
  /** A seat's decision (betting). */
  DECISION: 1,
  /** A card dealt from a shuffled pile: outcomes are the card types left. */
  CHANCE_CARD: 2,
  /** The odd chip of a split pot: outcome = the seat that receives it. */
  CHANCE_ODD_CHIP: 3,
  TERMINAL: 4,
} as const;

/** Both seats, as a seat bitmask (bit s: seat s). */
export const BOTH = 3;

/**
 * Event kinds and the meaning of their fields. Chip events move `a` chips between `seat`'s stack
 * and the pot, so stacks and pot can be rebuilt from the log.
 */
export const EV = {
  /** A phase begins: a = phase index. */
  PHASE: 1,
  /** A pile is shuffled: a = pile. */
  SHUFFLE: 2,
  /** A card moves: seat = owner of the destination (or -1), a = destination pile, b = card type (content), c = source pile. */
  DEAL: 3,
  /** seat pays a chips into the pot. */
  ANTE: 4,
  FOLD: 5,
  CHECK: 6,
  /** seat pays a chips into the pot to match. */
  CALL: 7,
  /** seat pays a chips into the pot, opening the betting. */
  BET: 8,
  /** seat pays a chips into the pot, raising. */
  RAISE: 9,
  /** a uncalled chips go back from the pot to seat (the caller was all-in). */
  REFUND: 10,
  /** The showdown begins. */
  SHOWDOWN: 11,
  /** seat shows card b. */
  REVEAL: 12,
  /** The showdown's winner: seat, or -1 for a tie. */
  RESULT: 13,
  /** seat receives the odd chip (a = 1) of a split pot. */
  ODD_CHIP: 14,
  /** seat takes a chips from the pot. */
  WIN: 15,
  /** The game ends: a = 0 after a fold, 1 after the showdown. */
  END: 16,
} as const;
