/**
 * IR → step program. Each IR step becomes one instruction; each phase starts with a `PHASE`
 * instruction; the program ends with `SHOWDOWN` and `HALT`. The step compiler is a
 * `StepHandlers` table, so a new step kind in the IR is a compile error here until handled.
 */
import type { GameIR, PileRef, Step, StepHandlers } from '../ir/schema.js';
import { canonicalDeck, cardName, numCardTypes, rankOf } from './cards.js';
import { R } from './layout.js';
import { DECK_PILE, INSTR_WIDTH, MAX_CARDS, MAX_PILES, METRIC, OP, ProgramError, handPile, type OpCode, type Program } from './program.js';

/** A program's constant tables (everything but the code). */
export type ProgramTables = Omit<Program, 'code' | 'numInstructions' | 'maxFrames' | 'registerCount' | 'pileBytes'>;

/**
 * Builds instruction arrays: `emit` appends an instruction and returns its index; `patch`
 * rewrites an operand (for forward jumps). Used by the compiler and by tests that assemble
 * control flow by hand.
 */
export class Assembler {
  private readonly words: number[] = [];

  /** Index the next emitted instruction will get. */
  get here(): number {
    return this.words.length / INSTR_WIDTH;
  }

  emit(op: OpCode, ...operands: number[]): number {
    if (operands.length >= INSTR_WIDTH) throw new ProgramError(`too many operands for opcode ${op}`);
    const at = this.here;
    this.words.push(op, ...operands);
    for (let i = operands.length + 1; i < INSTR_WIDTH; i++) this.words.push(0);
    return at;
  }

  /** Set operand `index` (0-based, after the opcode) of instruction `at`. */
  patch(at: number, index: number, value: number): void {
    this.words[at * INSTR_WIDTH + 1 + index] = value;
  }

  /** The finished program. `maxFrames`: deepest sub-phase nesting (frame stack size). */
  finish(tables: ProgramTables, maxFrames = 0): Program {
    const registerCount = R.FRAMES + maxFrames;
    const pileBytes = tables.pileNames.length * (1 + tables.pileCapacity);
    return { ...tables, code: Int32Array.from(this.words), numInstructions: this.here, maxFrames, registerCount, pileBytes };
  }
}

/**
 * The constant tables of a game: pile indices and visibility, card names and values, stacks,
 * the showdown metric.
 * @throws ProgramError when the showdown's board pile does not exist, the deck has more than
 *   {@link MAX_CARDS} cards or the game more than {@link MAX_PILES} piles.
 */
export function programTables(ir: GameIR): ProgramTables {
  const nTypes = numCardTypes(ir.deck);
  if (nTypes * ir.deck.copies > MAX_CARDS) throw new ProgramError(`the deck has ${nTypes * ir.deck.copies} cards; the interpreter handles at most ${MAX_CARDS}`);
  if (ir.piles.length + 3 > MAX_PILES) throw new ProgramError(`the game has ${ir.piles.length + 3} piles; the interpreter handles at most ${MAX_PILES}`);
  const cardNames: string[] = [];
  const cardRank = new Int32Array(nTypes);
  const cardValue = new Int32Array(nTypes);
  for (let t = 0; t < nTypes; t++) {
    cardNames.push(cardName(ir.deck, t));
    cardRank[t] = rankOf(ir.deck, t);
    cardValue[t] = ir.deck.ranks[cardRank[t]].value;
  }
  const pileNames = ['deck', `${ir.seats[0]}'s hand`, `${ir.seats[1]}'s hand`, ...ir.piles.map((p) => p.name)];
  const pilePublic = Uint8Array.from(pileNames.map((_, i) => (i >= 3 && ir.piles[i - 3].visibility === 'public' ? 1 : 0)));
  const pileOwner = Int8Array.from(pileNames.map((_, i) => (i === 1 ? 0 : i === 2 ? 1 : -1)));
  let boardPile = -1;
  if (ir.showdown.metric === 'pair-with-board') {
    const name = ir.showdown.board;
    boardPile = ir.piles.findIndex((p) => p.name === name) + 3;
    if (name === undefined || boardPile < 3) throw new ProgramError(`showdown pair-with-board: no pile named '${name ?? ''}'`);
  }
  const initialDeck = canonicalDeck(ir.deck);
  return {
    seatNames: [ir.seats[0], ir.seats[1]],
    phaseNames: ir.phases.map((p) => p.name),
    pileNames,
    pilePublic,
    pileOwner,
    pileCapacity: initialDeck.length,
    initialDeck,
    numCardTypes: nTypes,
    cardNames,
    cardRank,
    cardValue,
    startStacks: [ir.stacks[0], ir.stacks[1]],
    metric: ir.showdown.metric === 'high-card' ? METRIC.HIGH_CARD : METRIC.PAIR_WITH_BOARD,
    boardPile,
  };
}

/** Call the handler of a step's kind. */
function dispatch<R>(handlers: StepHandlers<R>, step: Step): R {
  return (handlers[step.kind] as (s: Step) => R)(step);
}

/**
 * Compile a game's IR into a step program.
 * @throws ProgramError on a pile name that does not resolve or a deal from a pile into itself.
 */
export function compileProgram(ir: GameIR): Program {
  const tables = programTables(ir);
  const pile = (ref: PileRef): number => {
    if (ref.kind === 'deck') return DECK_PILE;
    if (ref.kind === 'hand') return handPile(ref.seat);
    const i = ir.piles.findIndex((p) => p.name === ref.name);
    if (i < 0) throw new ProgramError(`no pile named '${ref.name}'`);
    return 3 + i;
  };
  const asm = new Assembler();
  const handlers: StepHandlers<void> = {
    shuffle: (s) => void asm.emit(OP.SHUFFLE, pile(s.pile)),
    deal: (s) => {
      const from = pile(s.from);
      const to = s.to.kind === 'each' ? -1 : pile(s.to);
      if (from === to || (to === -1 && (from === handPile(0) || from === handPile(1))))
        throw new ProgramError(`deal from ${tables.pileNames[from]} into the same pile`);
      asm.emit(OP.DEAL, from, to, s.count, s.faceUp ? 1 : 0);
    },
    ante: (s) => void asm.emit(OP.ANTE, s.amount, s.payers.reduce((m, seat) => m | (1 << seat), 0)),
    betting: (s) => void asm.emit(OP.BETTING, s.betSize, s.raiseCap, s.firstSeat),
  };
  ir.phases.forEach((phase, i) => {
    asm.emit(OP.PHASE, i);
    for (const step of phase.steps) dispatch(handlers, step);
  });
  asm.emit(OP.SHOWDOWN);
  asm.emit(OP.HALT);
  return asm.finish(tables, 0);
}
