/**
 * A compiled game: the IR, its ruleset hash and the step program, as a factory of states.
 */
import { rulesetHash } from '../ir/hash.js';
import type { GameIR } from '../ir/schema.js';
import type { Game } from './api.js';
import { compileProgram } from './compile.js';
import type { Program } from './program.js';
import { InterpreterState } from './state.js';

export class CompiledGame implements Game {
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
}

/**
 * Compile a game's IR once into a step program.
 * @throws ProgramError when the IR names a pile that does not exist (the parser's checks
 *   normally rule this out).
 */
export function compileGame(ir: GameIR): CompiledGame {
  return new CompiledGame(ir, compileProgram(ir));
}
