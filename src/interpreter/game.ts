/**
 * Each seat's information-state key of the empty history for a hand started from `stacks`: `'0'`
 * and `'1'` when they are the game's `declared` stacks (so every key of a game played from its
 * declared stacks is unchanged), else the seat followed by the starting stacks, e.g. `'0@9,11'`
 * (a seat's key then tells apart hands started from different stacks, as `stacks: carry` needs).
 */
export function keyRoots(declared: readonly number[], stacks: readonly number[]): [string, string] {
  if (stacks.every((x, s) => x === declared[s])) return ['0', '1'];
  const tail = `@${stacks.join(',')}`;
  return [`0${tail}`, `1${tail}`];
}

/**
 * The key `key` would have in a hand started from the declared stacks: `key` without the starting
 * stacks {@link keyRoots} put after its seat (`'0@9,11/…'` → `'0/…'`); other keys unchanged. A
 * policy solved for the declared stacks is looked up with it in a hand started from other stacks.
 */
export function declaredStacksKey(key: string): string {
  return key.replace(/^(\d)@[\d,]+/, '$1');
}

/**
 * A compiled game: the IR, its ruleset hash and the step program, as a factory of states; and,
 * as optional capabilities of the contract (`api.ts`), a judge of hands by its showdown, duplicate
 * chance from a play seed, and the playout kernels for L0 playouts.
 */
import { rulesetHash } from '../ir/hash.js';
import type { GameIR } from '../ir/schema.js';
import { isTableGame } from '../ir/facts.js';
import { UsageError } from '../util/errors.js';
import type { ChanceSource, DuplicateChanceGame, FastPlayoutGame, HandJudge, HandJudgingGame, PlayoutKernel, TableOptions } from './api.js';
import { compileProgram } from './compile.js';
import { COMPILE_AFTER, TieredCode } from './compiled-run.js';
import { DuplicateChance } from './duplicate.js';
import type { InstructionCounts } from './instruction-counts.js';
import { handJudge } from './judge.js';
import { MachineKernel } from './machine-kernel.js';
import { pokerKernel } from './poker-kernel.js';
import { ProgramError, programRecord, type Program } from './program.js';
import { InterpreterState } from './state.js';
import { checkTableOptions } from './table.js';
import { compileTableGame, type TableGame } from './table-game.js';

export class CompiledGame implements HandJudgingGame, DuplicateChanceGame, FastPlayoutGame {
  readonly numSeats: number;
  /** The ruleset hash, computed on first use (the acceptance filter compiles every candidate and never asks for it). */
  private hash: string | null = null;
  /** The initial state, run once; new states are copies of it. */
  private readonly initial: InterpreterState;
  /** The initial state of the last other starting stacks asked for (a match carrying stacks asks for the same ones until a hand moves chips). */
  private other: { stacks: readonly number[]; initial: InterpreterState } | null = null;
  /** The machine kernel of a program outside the poker subset (built on first use). */
  private machineKernel: MachineKernel | null = null;

  readonly program: Program;

  /** @param backend `compiled`: run the program with its generated run loop (see {@link EngineOptions}) */
  constructor(
    readonly ir: GameIR,
    program: Program,
    backend: EngineBackend = 'interpreter',
    compileAfter = COMPILE_AFTER,
  ) {
    this.numSeats = program.startStacks.length;
    this.program = backend === 'compiled' ? programRecord({ ...program, runner: new TieredCode(program, this.rulesetHash, compileAfter) }) : program;
    this.initial = InterpreterState.initial(this.program);
  }

  /** The ruleset hash of the game's IR (`ir/hash.ts`). */
  get rulesetHash(): string {
    return (this.hash ??= rulesetHash(this.ir));
  }

  /**
   * A new hand at its first node, with the table `options` (see `TableOptions`): other starting
   * stacks run the same rules from those stacks (`returns()` are measured from them), and every
   * information-state key of the hand names them (see {@link keyRoots}); in a game with a shoe,
   * the hand starts from the cards `options.shoe` holds, or from a new shoe when fewer than the cut
   * remain.
   * @throws RangeError when the options are invalid (see `checkTableOptions`; a shoe given to a
   *   game without one, or holding cards the deck does not have that many of)
   */
  newInitialState(options?: TableOptions): InterpreterState {
    if (options === undefined) return this.initial.clone();
    const table = checkTableOptions(this.numSeats, this.program.startStacks, options, false, this.program.unlimitedSeat, this.program.shoeCut > 0);
    const shoe = options.shoe === undefined ? null : this.carriedShoe(options.shoe);
    if (table.stacks === null) return shoe === null ? this.initial.clone() : InterpreterState.initial(this.program, shoe);
    const stacks = table.stacks;
    if (this.other === null || this.other.stacks.some((s, i) => s !== stacks[i]))
      this.other = {
        stacks,
        initial: InterpreterState.initial(
          programRecord({ ...this.program, startStacks: stacks as [number, number], keyRoots: keyRoots(this.program.startStacks, stacks) }),
        ),
      };
    return shoe === null ? this.other.initial.clone() : InterpreterState.initial(this.other.initial.program, shoe);
  }

  /**
   * The cards a hand starts from when `shoe` is carried into it: `shoe` itself, or null (a new
   * shoe) when it holds fewer cards than the cut.
   * @throws RangeError when `shoe` is not a list of card ids the deck holds (each at most as many times as the deck has it)
   */
  private carriedShoe(shoe: readonly number[]): Uint16Array | null {
    const p = this.program;
    if (!Array.isArray(shoe)) throw new RangeError(`table options: shoe must be a list of card ids, got ${typeof shoe}`);
    const left = new Int32Array(p.numCardTypes);
    for (const t of p.initialDeck) left[t]++;
    for (const t of shoe as unknown[]) {
      if (typeof t !== 'number' || !Number.isInteger(t) || t < 0 || t >= p.numCardTypes)
        throw new RangeError(`table options: a shoe holds card ids 0..${p.numCardTypes - 1}, got ${String(t)}`);
      if (--left[t] < 0)
        throw new RangeError(`table options: the shoe holds more cards '${p.cardNames[t]}' than the deck (${p.initialDeck.filter((x) => x === t).length})`);
    }
    return shoe.length < p.shoeCut ? null : Uint16Array.from(shoe);
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

  /**
   * The game's L0 playout kernel: the poker kernel of the program (`poker-kernel.ts`, built once)
   * when the program is in the poker subset, else the machine kernel (`machine-kernel.ts`), which
   * plays any two-seat program.
   */
  playoutKernel(): PlayoutKernel {
    return pokerKernel(this.program) ?? (this.machineKernel ??= this.newMachineKernel());
  }

  /**
   * A machine kernel of its own (`machine-kernel.ts`) for any program of this game, poker or not:
   * whole L0 episodes whose variables can be read at the end (the acceptance filter's probes).
   */
  newMachineKernel(): MachineKernel {
    return new MachineKernel(this.initial, this.initial.clone());
  }
}

/** How the two-seat machine runs a program: `compiled`, generated JavaScript per ruleset (`compiled-run.ts`); `interpreter`, the reference loop (`run.ts`). Both play the same game, state for state. */
export type EngineBackend = 'compiled' | 'interpreter';

/** Options of {@link compileGame}. */
export interface EngineOptions {
  /** Default: {@link defaultBackend}. */
  backend?: EngineBackend;
  /**
   * On the compiled backend: run calls (a few per episode) interpreted before the program's code
   * is generated and compiled, so that games played briefly do not pay for compiling (default
   * {@link COMPILE_AFTER}; 0: compile at once). See `compiled-run.ts`.
   */
  compileAfter?: number;
  /**
   * Count the control instructions the game's machines run (`instruction-counts.ts`; the
   * acceptance filter's figures). Sized and filled with the program's `if` instructions here; the
   * run that builds the initial state counts as episode 0. Every machine of the game counts,
   * look-ahead play included (`costs.ts`, for observations), so give counts only to a game that
   * plays nothing else. Interpreter backend only.
   */
  counts?: InstructionCounts;
}

/** The backend {@link compileGame} uses when neither an option nor `GBGC_ENGINE` names one. */
export const DEFAULT_BACKEND: EngineBackend = 'interpreter';

/**
 * The backend {@link compileGame} uses when no option names one: the environment variable
 * `GBGC_ENGINE` (`compiled` or `interpreter`; worker threads inherit it), else {@link DEFAULT_BACKEND}.
 * @throws UsageError when `GBGC_ENGINE` names no backend
 */
export function defaultBackend(): EngineBackend {
  const v = process.env.GBGC_ENGINE;
  if (v === undefined || v === '') return DEFAULT_BACKEND;
  if (v === 'compiled' || v === 'interpreter') return v;
  throw new UsageError(`GBGC_ENGINE=${v}: the two-seat engine's backends are 'compiled' and 'interpreter'`);
}

/**
 * Compile a game's IR once into a step program, run by the backend `opts.backend`.
 * @throws ProgramError when the IR names a pile that does not exist (the parser's checks
 *   normally rule this out).
 */
export function compileGame(ir: GameIR, opts: EngineOptions = {}): CompiledGame {
  if (isTableGame(ir))
    throw new ProgramError(
      `'${ir.name}' is a table game (${ir.seats.length} seats${ir.button ? ', a button' : ''}): the two-seat machine does not play it (compileAnyGame or compileTableGame do)`,
    );
  const counts = opts.counts;
  if (counts === undefined) return new CompiledGame(ir, compileProgram(ir), opts.backend ?? defaultBackend(), opts.compileAfter);
  if ((opts.backend ?? defaultBackend()) !== 'interpreter') throw new RangeError('compileGame: instruction counts need the interpreter backend');
  const program = compileProgram(ir, counts.ifOf);
  counts.attach(program);
  return new CompiledGame(ir, programRecord({ ...program, counts }), 'interpreter');
}

/**
 * Compile any game with the engine that plays it: a table game (3 to 6 seats, or a button) with
 * the table engine (`table-game.ts`), any other with the two-seat machine ({@link compileGame}).
 * @throws ProgramError as those do
 */
export function compileAnyGame(ir: GameIR, opts: EngineOptions = {}): CompiledGame | TableGame {
  return isTableGame(ir) ? compileTableGame(ir) : compileGame(ir, opts);
}
