/**
 * A compiled game: the IR, its ruleset hash and the step program, as a factory of states; and,
 * as optional capabilities of the contract (`api.ts`), a judge of hands by its showdown, duplicate
 * chance from a play seed, and the poker kernel for uniform-random playouts.
 */
import { rulesetHash } from '../ir/hash.js';
import type { GameIR } from '../ir/schema.js';
import type { ChanceSource, DuplicateChanceGame, FastPlayoutGame, HandJudge, HandJudgingGame, PlayoutKernel } from './api.js';
import { compileProgram } from './compile.js';
import { DuplicateChance } from './duplicate.js';
import { handJudge } from './judge.js';
import { pokerKernel } from './poker-kernel.js';
import type { Program } from './program.js';
import { InterpreterState } from './state.js';

export class CompiledGame implements HandJudgingGame, DuplicateChanceGame, FastPlayoutGame {
  readonly numSeats = 2 as const;
  readonly rulesetHash: string;
  /** The initial state, run once; new states are copies of it. */
  private readonly initial: InterpreterState;

  constructor(
    readonly ir: GameIR,
    readonly program: Program,
  ) {
    this.rulesetHash = rulesetHash(ir);
    this.initial = InterpreterState.initial(program);
  }

  newInitialState(): InterpreterState {
    return this.initial.clone();
  }

  /** Reset `state` (a state of this game) to the initial state in place, without allocating (see `InterpreterState.resetFrom`). */
  resetToInitial(state: InterpreterState): void {
    state.resetFrom(this.initial);
  }

  /** The game's showdown as a judge of hands (card ids, the deck, the board pile, a comparison of hands). */
  handJudge(): HandJudge {
    return handJudge(this.program);
  }

  /** Duplicate chance for one episode under the play seed `keys` (see `duplicate.ts`). */
  duplicateChance(keys: readonly number[], record = false): ChanceSource {
    return new DuplicateChance(this.program, keys, record);
  }

  /** The poker kernel of the program (built once), or null when the program leaves the poker subset (see `poker-kernel.ts`). */
  playoutKernel(): PlayoutKernel | null {
    return pokerKernel(this.program);
  }
}

/**
 * Compile a game's IR once into a step program.
 * @throws ProgramError when the IR names a pile that does not exist (the parser's checks
 *   normally rule this out).
 */
export function compileGame(ir: GameIR): CompiledGame {
  return new CompiledGame(ir, compileProgram(ir));
}
