/**
 * The compiled step program: a flat array of fixed-width instructions plus the constant tables
 * the interpreter needs (names, pile visibility, rank values, option tables, compiled
 * expressions).
 *
 * Control flow is explicit: phases run in order as a straight line of instructions; conditions
 * and loops are conditional jumps (`IF`, `LOOP_TEST`), `JUMP` moves the program counter, `CALL`
 * pushes a return address on the state's frame stack and `RET` pops it (sub-phases). The
 * state's program counter is the only cursor, so a state is copied by copying its arrays (no
 * closures or generators to clone; the expression closures live in the program).
 */
import type { PokerRules } from './poker-hand.js';

/** Ints per instruction: `code[pc * INSTR_WIDTH]` is the opcode, the rest are operands. */
export const INSTR_WIDTH = 8;

/**
 * Opcodes. Operands (after the opcode, in order). A seat operand is 0 or 1; `-1` stands for the
 * winner of the auction whose prize is being played where the IR allows `winner`.
 * - `HALT`: none. Ends the game after the showdown (terminal node).
 * - `PHASE` phaseIndex: announces that a phase begins (a public event).
 * - `SHUFFLE` pile: marks a pile shuffled; its later draws are chance nodes.
 * - `DEAL` fromPile, toPile (-1: each seat; -2: the auction winner), count, faceUp (0/1).
 * - `ANTE` amount, payerMask (bit s: seat s pays).
 * - `BETTING` betSize, raiseCap, firstSeat, betExpr: a fixed-limit betting round (betExpr > 0: the bet size is
 *   `ints[betExpr - 1]` worked out when the round opens, kept in the extended register `BET_SIZE`; else `betSize`).
 * - `SHOWDOWN`: settles side bets, reveals the hands, awards the pot (odd chip: a chance node).
 * - `JUMP` target. `CALL` target, subphase, logged (0/1). `RET`.
 * - `IF` cond, elseTarget, public (0/1): continue when `conds[cond]` holds, else jump.
 * - `LOOP_INIT` loop; `LOOP_TEST` loop, endTarget; `LOOP_NEXT` loop, testTarget.
 * - `END` winner (-1: none), reason index.
 * - `VARBET` fallbackBet, 1, firstSeat, max (-1: the stack), raises ({@link RAISES}), minBet.
 * - `BLINDS` smallSeat, smallAmount, bigSeat, bigAmount: live blinds for the next betting round.
 * - `CHOICE` choice index. `SIMUL` round index. `AUCTION` auction index. `SIDEBET` side-bet index.
 * - `WAGER` seat, min, max (-1: the stack). `MATCH` seat.
 * - `PEEK` peeker, target, chosen (0/1), occurrence (0/1).
 * - `REVEAL` seat, random (0: the whole hand).
 * - `SWAP` first, second, public (0/1). `STEAL` thief, victim, public (0/1).
 * - `DISCARD` seat, count, chosen (0/1), toPile, faceUp (0/1).
 * - `PAY` amount (-1: all), from, to, amountExpr: parties 0/1 (seats), 2 (pot), 3 (auction winner); amountExpr > 0: the amount is `ints[amountExpr - 1]` worked out when the step runs (0 or less: nothing).
 * - `SCORE` seat, delta. `ASSIGN` position, criterion ({@link CRITERION}), seat. `SET` variable, int expression.
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
  IF: 10,
  LOOP_INIT: 11,
  LOOP_TEST: 12,
  LOOP_NEXT: 13,
  END: 14,
  VARBET: 15,
  CHOICE: 16,
  WAGER: 17,
  MATCH: 18,
  SIMUL: 19,
  AUCTION: 20,
  PEEK: 21,
  REVEAL: 22,
  SWAP: 23,
  STEAL: 24,
  DISCARD: 25,
  PAY: 26,
  SIDEBET: 27,
  SCORE: 28,
  ASSIGN: 29,
  SET: 30,
  BLINDS: 31,
} as const;

/** Raise rules of a `VARBET` round: none (one bet, then fold or call), no-limit, pot-limit. */
export const RAISES = { NONE: 0, NO_LIMIT: 1, POT_LIMIT: 2 } as const;
export type OpCode = (typeof OP)[keyof typeof OP];

/** `PAY` parties. */
export const PARTY = { POT: 2, WINNER: 3 } as const;

/** `ASSIGN` criteria. */
export const CRITERION = { HIGHEST: 0, LOWEST: 1, CHIP_LEADER: 2, SEAT: 3 } as const;

/** Pile indices: the deck is 0, the seats' hands 1 and 2, named piles from 3 on, then the out-of-play pile. */
export const DECK_PILE = 0;
/** Pile index of a seat's hand. */
export function handPile(seat: number): number {
  return 1 + seat;
}

/** Most cards a deck may have: piles store card types and lengths as 16-bit numbers when the deck has more than {@link MAX_BYTE_CARDS}. */
export const MAX_CARDS = 1040;
/** Most cards a deck may have for piles of bytes (the compact layout every deck up to this size uses). */
export const MAX_BYTE_CARDS = 255;

/** A state's piles: bytes for decks of at most {@link MAX_BYTE_CARDS} cards, 16-bit numbers for larger ones (a six-deck shoe). */
export type PileArray = Uint8Array | Uint16Array;

/** New zeroed piles for a program (see {@link PileArray}). */
export function newPiles(p: { readonly pileCapacity: number }, length: number): PileArray {
  return p.pileCapacity > MAX_BYTE_CARDS ? new Uint16Array(length) : new Uint8Array(length);
}
/** Most piles a game may have, the deck, both hands and the out-of-play pile included (a 31-bit shuffled mask). */
export const MAX_PILES = 31;

/** Showdown metrics as numbers. */
export const METRIC = { HIGH_CARD: 0, PAIR_WITH_BOARD: 1, SUM_OF_RANKS: 2, POKER_HAND: 3 } as const;

/** What compiled expressions read: the state's registers and piles. */
export interface Memory {
  readonly r: Int32Array;
  readonly piles: PileArray;
}
/** A compiled integer expression; `q` is the seat bound by an `any`/`each` quantifier (-1: none). */
export type IntFn = (m: Memory, q: number) => number;
/** A compiled condition. */
export type BoolFn = (m: Memory) => boolean;

/** A `choice` step: its options and where their steps start. */
export interface ChoiceTable {
  seat: number;
  /** Whether the chosen option is announced to both seats. */
  announced: boolean;
  /**
   * `cost`: chips paid to the pot (0: free); `costExpr` > 0: the cost is `ints[costExpr - 1]`
   * instead, worked out when the choice is offered (0 or less: free; see `optionCost`).
   */
  options: { name: string; cost: number; costExpr: number; costChance: number; start: number }[];
  /** Instruction after the choice. */
  end: number;
}

/** A `simultaneous` step: option names and the instruction each pair (first × n + second) jumps to. */
export interface SimultaneousTable {
  options: string[];
  targets: Int32Array;
}

/** A sealed-bid `auction` step. */
export interface AuctionTable {
  min: number;
  max: number;
  payTo: 'pot' | 'opponent';
  /** Source pile and cards needed by the prize's first deal (cancellation test), or -1 / 0. */
  prizePile: number;
  prizeCards: number;
  /** Instruction after the prize. */
  end: number;
}

/** A `repeat` loop. */
export interface LoopTable {
  /** Register of the counter variable. */
  counter: number;
  /** Index of the counter variable. */
  variable: number;
  max: number;
  /** Index into `conds` of the early-exit condition, or -1. */
  until: number;
}

/** A compiled game: instructions and constant tables. Immutable after compilation. */
export interface Program {
  /** `INSTR_WIDTH` ints per instruction. */
  readonly code: Int32Array;
  readonly numInstructions: number;
  /** Deepest sub-phase nesting the program can reach (size of the frame stack). */
  readonly maxFrames: number;
  /** Length of a state's register array: the registers, the frame stack, the extended registers, variables, positions. */
  readonly registerCount: number;
  /** Index of the extended registers `X.*` in `r`, or -1 when the game needs none (poker steps only). */
  readonly ext: number;
  /** Index of the first variable's register (`ext + X.COUNT`). */
  readonly varBase: number;
  /** Index of the first position's register (its holder, or -1). */
  readonly posBase: number;
  /** Length of a state's pile array: one length per pile, then `pileCapacity` slots per pile. */
  readonly pileBytes: number;
  readonly seatNames: readonly [string, string];
  readonly phaseNames: readonly string[];
  readonly subphaseNames: readonly string[];
  /** Display names of the piles by index (`deck`, the hands, named piles, `out of play`). */
  readonly pileNames: readonly string[];
  /** Per pile: 1 when the cards in it are seen by both seats (a public pile). */
  readonly pilePublic: Uint8Array;
  /** Per pile: the seat that owns it (a hand), or -1. */
  readonly pileOwner: Int8Array;
  /** The pile of cards discarded out of the game (hidden). */
  readonly outPile: number;
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
  readonly rankNames: readonly string[];
  /** Starting stacks in chips. */
  readonly startStacks: readonly [number, number];
  /**
   * Per seat, the information-state key of the empty history: absent, `'0'` and `'1'` (the
   * declared stacks); a hand started from other stacks has them in it (see `keyRoots`).
   */
  readonly keyRoots?: readonly [string, string];
  /** The seat of an unlimited house (`house … bank unlimited`), whose start stack is {@link UNLIMITED_BANK}; -1 for none. */
  readonly unlimitedSeat: number;
  /** The seat of the house (`house SEAT`), -1 for none. */
  readonly houseSeat: number;
  /**
   * The cut of the shoe (`shoe cut N`), 0 for none: the deck is then shuffled from the start of
   * every hand (draws from it are chance nodes), a hand may start from the cards a previous hand
   * left (`TableOptions.shoe`), and a new shoe replaces them when fewer than the cut remain.
   */
  readonly shoeCut: number;
  /** `METRIC.*`. */
  readonly metric: number;
  /** Board pile of `pair-with-board` or `poker-hand`, or -1. */
  readonly boardPile: number;
  /** Per card type: its rank's position in the deck's rank order by value, lowest 0 (`poker-hand`). */
  readonly pokerRank: Int32Array;
  /** Per card type: its suit index. */
  readonly cardSuit: Int32Array;
  /** Rules of the `poker-hand` showdown, or null for another metric. */
  readonly poker: PokerRules | null;
  /** Sum-of-ranks rules per rank index: points for holding two or more, points per card. */
  readonly pairPoints: Int32Array;
  readonly eachPoints: Int32Array;
  /** Variables: names and starting values. */
  readonly variableNames: readonly string[];
  readonly variableInitial: readonly number[];
  /** Positions: names and whether they are hidden. */
  readonly positions: readonly { name: string; hidden: boolean }[];
  /** Compiled conditions, and their text (for check events and prompts). */
  readonly conds: readonly BoolFn[];
  readonly condText: readonly string[];
  /** Compiled integer expressions (`SET`). */
  readonly ints: readonly IntFn[];
  readonly loops: readonly LoopTable[];
  readonly choices: readonly ChoiceTable[];
  readonly simultaneous: readonly SimultaneousTable[];
  readonly auctions: readonly AuctionTable[];
  readonly sidebets: readonly { seat: number; amount: number; cond: number }[];
  /** Reasons of `end` steps. */
  readonly reasons: readonly string[];
  /**
   * Per instruction: 1 when it runs in a private context (a branch of a private check, an option
   * of a private choice, or a sub-phase called from one), where a seat cannot always tell from
   * the events it saw which decision it faces; its decisions then log an `ASK` event to the
   * acting seat.
   */
  readonly privateAt: Uint8Array;
  /** Per instruction: the phase (index) or sub-phase (phaseNames.length + index) it belongs to. */
  readonly blockOf: Int16Array;
  /**
   * The compiling backend's code for this program (`compiled-run.ts`: its generated run loop and
   * the decisions it applies and lists itself, called with the machine), or null to interpret the
   * code (`run.ts`). Typed loosely because this module sits below the machine.
   */
  readonly runner: {
    run(m: never): void;
    decide(m: never, a: number): boolean;
    legal(m: never): number[] | null;
    deal(m: never, a: number): boolean;
    sample(m: never, u: number): number;
  } | null;
  /**
   * Counts of the control instructions run (the acceptance filter's `InstructionCounts` of
   * `instruction-counts.ts`, seen structurally: that module reads programs), or null: nothing counted.
   */
  readonly counts: {
    enter(pc: number): void;
    check(pc: number, held: boolean): void;
  } | null;
}

/** Every field of a {@link Program}, in the order {@link programRecord} writes them. */
const PROGRAM_KEYS = [
  'code',
  'numInstructions',
  'maxFrames',
  'registerCount',
  'ext',
  'varBase',
  'posBase',
  'pileBytes',
  'seatNames',
  'phaseNames',
  'subphaseNames',
  'pileNames',
  'pilePublic',
  'pileOwner',
  'outPile',
  'pileCapacity',
  'initialDeck',
  'numCardTypes',
  'cardNames',
  'cardRank',
  'cardValue',
  'rankNames',
  'startStacks',
  'keyRoots',
  'unlimitedSeat',
  'houseSeat',
  'shoeCut',
  'metric',
  'boardPile',
  'pokerRank',
  'cardSuit',
  'poker',
  'pairPoints',
  'eachPoints',
  'variableNames',
  'variableInitial',
  'positions',
  'conds',
  'condText',
  'ints',
  'loops',
  'choices',
  'simultaneous',
  'auctions',
  'sidebets',
  'reasons',
  'privateAt',
  'blockOf',
  'runner',
  'counts',
] as const satisfies readonly (keyof Program)[];

/** Compile-time check that {@link PROGRAM_KEYS} lists every field of `Program` (this type is `true` only then). */
export type ProgramKeysComplete = Exclude<keyof Program, (typeof PROGRAM_KEYS)[number]> extends never ? true : never;

/** Programs built by {@link programRecord}: one class, fields written in one order. */
class ProgramRecord {
  constructor(fields: Program) {
    const self = this as unknown as Record<string, unknown>;
    for (const k of PROGRAM_KEYS) self[k] = fields[k];
  }
}

/**
 * A program object of the one shape every program shares: the fields of `fields` written in a
 * fixed order into an instance of one class. Programs built as object literals with spreads got a
 * hidden class of their own per game (52 maps over 60 generated games), so every machine
 * function reading `m.program` turned polymorphic, then megamorphic, and deoptimised ("wrong map")
 * game after game; with one shape they stay monomorphic (see docs/performance.md).
 */
export function programRecord(fields: Program): Program {
  return new ProgramRecord(fields) as unknown as Program;
}

/** Name of the phase or sub-phase an instruction belongs to. */
export function blockName(p: Program, pc: number): string {
  const b = p.blockOf[pc];
  return b < p.phaseNames.length ? p.phaseNames[b] : p.subphaseNames[b - p.phaseNames.length];
}

/** Thrown when an IR cannot be compiled (a name that does not resolve, an impossible operand). */
export class ProgramError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ProgramError';
  }
}

/**
 * The chips an unlimited house (`house … bank unlimited`) starts a hand with: more than any hand
 * can take from it (a hand moves at most a few million chips: numbers are at most 1,000,000, E0240),
 * so payments from it are never clamped, and small enough that its stack stays a 32-bit register.
 */
export const UNLIMITED_BANK = 1_000_000_000;
