/**
 * The compiled step program: a flat array of fixed-width instructions plus the constant tables
 * the interpreter needs (names, pile visibility, rank values).
 *
 * Control flow is explicit: phases run in order as a straight line of instructions; `JUMP`
 * moves the program counter, `CALL` pushes a return address on the state's frame stack and
 * `RET` pops it (sub-phases). The state's program counter is the only cursor, so a state is
 * copied by copying its arrays (no closures or generators to clone).
 */

/** Ints per instruction: `code[pc * INSTR_WIDTH]` is the opcode, the rest are operands. */
export const INSTR_WIDTH = 8;

/**
 * Opcodes. Operands (after the opcode, in order):
 * - `HALT`: none. Ends the game (terminal node).
 * - `PHASE` phaseIndex: announces that a phase begins (a public event).
 * - `SHUFFLE` pile: marks a pile shuffled; its later draws are chance nodes.
 * - `DEAL` fromPile, toPile (-1: each seat), count, faceUp (0/1): deals one card at a time.
 * - `ANTE` amount, payerMask (bit s: seat s pays).
 * - `BETTING` betSize, raiseCap, firstSeat: a fixed-limit betting round.
 * - `SHOWDOWN`: reveals the hands, awards the pot (an odd chip of a split pot is a chance node).
 * - `JUMP` target: continue at instruction `target`.
 * - `CALL` target: push the next instruction's index, continue at `target`.
 * - `RET`: pop a return address and continue there.
 */
export const OP = {
  HALT: 0,
  PHASE: 1,
  SHUFFLE: 2,
  DEAL: 3,
  ANTE: 4,
  BETTING: 5,
  SHOWDOWN: 6,
  JUMP: 7,
  CALL: 8,
  RET: 9,
} as const;
export type OpCode = (typeof OP)[keyof typeof OP];

/** Pile indices: the deck is 0, the seats' hands 1 and 2, named piles from 3 on. */
export const DECK_PILE = 0;
/** Pile index of a seat's hand. */
export function handPile(seat: number): number {
  return 1 + seat;
}

/** Most cards a deck may have (piles store card types and lengths as bytes). */
export const MAX_CARDS = 255;
/** Most piles a game may have, the deck and both hands included (a 31-bit shuffled mask). */
export const MAX_PILES = 31;

/** Showdown metrics as numbers. */
export const METRIC = { HIGH_CARD: 0, PAIR_WITH_BOARD: 1 } as const;

/** A compiled game: instructions and constant tables. Immutable after compilation. */
export interface Program {
  /** `INSTR_WIDTH` ints per instruction. */
  readonly code: Int32Array;
  readonly numInstructions: number;
  /** Deepest sub-phase nesting the program can reach (size of the frame stack). */
  readonly maxFrames: number;
  /** Length of a state's register array: the registers, then the frame stack. */
  readonly registerCount: number;
  /** Length of a state's pile array: one length per pile, then `pileCapacity` slots per pile. */
  readonly pileBytes: number;
  readonly seatNames: readonly [string, string];
  readonly phaseNames: readonly string[];
  /** Display names of the piles by index (`deck`, the hands, then named piles). */
  readonly pileNames: readonly string[];
  /** Per pile: 1 when the cards in it are seen by both seats (a public pile). */
  readonly pilePublic: Uint8Array;
  /** Per pile: the seat that owns it (a hand), or -1. */
  readonly pileOwner: Int8Array;
  /** Most cards a pile can hold (every card of the deck, at most {@link MAX_CARDS}). */
  readonly pileCapacity: number;
  /** The deck in canonical order, top first. */
  readonly initialDeck: Uint16Array;
  readonly numCardTypes: number;
  /** Per card type: its name `"{rank} of {suit}"`. */
  readonly cardNames: readonly string[];
  /** Per card type: the rank index. */
  readonly cardRank: Int32Array;
  /** Per card type: the rank's value (used by the showdown metrics). */
  readonly cardValue: Int32Array;
  /** Starting stacks in chips. */
  readonly startStacks: readonly [number, number];
  /** `METRIC.*`. */
  readonly metric: number;
  /** Board pile of `pair-with-board`, or -1. */
  readonly boardPile: number;
}

/** Thrown when an IR cannot be compiled (a name that does not resolve, an impossible operand). */
export class ProgramError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ProgramError';
  }
}
