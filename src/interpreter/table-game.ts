/**
 * The table engine's compiled game: the game that makes states (`TableGame`, see
 * `table-state.ts`) of a table program (`TableProgram`, see `table-program.ts`). The poker
 * kernel and duplicate chance stay two-seat: `playoutKernel()` is null here.
 */
import { rulesetHash } from '../ir/hash.js';
import { isTableGame } from '../ir/facts.js';
import type { GameIR } from '../ir/schema.js';
import type { FastPlayoutGame, HandJudge, HandJudgingGame, PlayoutKernel, TableOptions } from './api.js';
import { ProgramError } from './program.js';
import { checkTableOptions } from './table.js';
import { TableState } from './table-state.js';
import { TableProgram } from './table-program.js';

export { TableProgram, type TableStep } from './table-program.js';

/** A table game: a factory of hands (`TableState`) with the button and stacks of each hand. */
export class TableGame implements HandJudgingGame, FastPlayoutGame {
  readonly numSeats: number;
  readonly rulesetHash: string;
  readonly program: TableProgram;

  constructor(readonly ir: GameIR) {
    this.program = new TableProgram(ir);
    this.numSeats = this.program.n;
    this.rulesetHash = rulesetHash(ir);
  }

  /**
   * A new hand at its first node: the button on `options.button` (games with a button; default
   * seat 0), the starting stacks `options.stacks` (default the declared ones).
   * @throws RangeError when the options are invalid (see `checkTableOptions`)
   */
  newInitialState(options?: TableOptions): TableState {
    const t = checkTableOptions(this.numSeats, this.ir.stacks, options, this.program.hasButton);
    const state = new TableState(this.program, t.button, t.stacks ?? this.ir.stacks);
    state.begin();
    return state;
  }

  /** The showdown as a judge of hands (card ids, the deck, the board pile, a comparison of two hands). */
  handJudge(): HandJudge {
    const p = this.program;
    return {
      cardId: (name) => p.cardNames.indexOf(name),
      deck: Array.from(p.initialDeck),
      boardPile: p.boardPile >= 0 ? p.pileNames[p.boardPile] : null,
      compare: (mine, theirs, board) => p.compare(mine, theirs, board),
    };
  }

  /** The poker kernel is two-seat: a table game has none. */
  playoutKernel(): PlayoutKernel | null {
    return null;
  }
}

/**
 * Compile a table game.
 * @throws ProgramError when the IR is not a table game or holds a step the table engine does not
 *   play (the compiler's E0252 rules both out)
 */
export function compileTableGame(ir: GameIR): TableGame {
  if (!isTableGame(ir)) throw new ProgramError(`'${ir.name}' is a two-seat game without a button: compileGame plays it`);
  return new TableGame(ir);
}
