/**
 * Reading and compiling `.gbg` files for commands: the one place a command turns a path into a
 * game (`loadGame` for the IR and ruleset hash, `loadCompiledGame` for a playable game), with the
 * same diagnostics and exit code (1) everywhere.
 */
import { readTextCapped } from '../util/json.js';
import { compileSource } from '../compiler/index.js';
import { formatDiagnostics } from '../diagnostics/format.js';
import type { GameIR } from '../ir/schema.js';
import { isTableGame } from '../ir/facts.js';
import { compileAnyGame, compileGame, type CompiledGame } from '../interpreter/game.js';
import { UserError } from './errors.js';

/** Largest `.gbg` source read: 4 MiB (the bundled games are under 20 KiB). */
export const MAX_SOURCE_BYTES = 4 * 1024 * 1024;

/**
 * Read a `.gbg` file as UTF-8 text, at most {@link MAX_SOURCE_BYTES} (a device such as /dev/zero
 * is refused once it passes the cap).
 * @throws UserError when it cannot be read or is too large.
 */
export function readSource(path: string): string {
  return readTextCapped(path, '.gbg source', MAX_SOURCE_BYTES);
}

/** Thrown when a file does not compile; `message` holds the formatted diagnostics. */
export class CompileError extends UserError {
  constructor(
    readonly path: string,
    readonly formatted: string,
  ) {
    super(formatted.trimEnd());
    this.name = 'CompileError';
  }
}

/** A game read from a file and compiled to its IR. */
export interface LoadedGame {
  ir: GameIR;
  rulesetHash: string;
  /** The file's text as read. */
  source: string;
}

/**
 * Compile `source`, read from `name` (a path, or `<stdin>`).
 * @throws CompileError (a UserError, exit 1) with the formatted diagnostics when it does not compile.
 */
export function compileOrThrow(name: string, source: string): LoadedGame {
  const r = compileSource(source);
  if (!r.ir || !r.rulesetHash) throw new CompileError(name, formatDiagnostics(name, source, r.diagnostics));
  return { ir: r.ir, rulesetHash: r.rulesetHash, source };
}

/**
 * Load and compile a game for a command.
 * @throws UserError when the file cannot be read; CompileError (a UserError) with the formatted
 *         diagnostics when it does not compile.
 */
export function loadGame(path: string): LoadedGame {
  return compileOrThrow(path, readSource(path));
}

/**
 * Load a game and make it playable: {@link loadGame}, then the interpreter's compiled game (the
 * `Game` that agents, solvers and the simulator take). The one load-then-compile of the commands
 * that play, solve or walk a game.
 * @throws UserError when the file cannot be read or holds a table game (3 to 6 seats or a button,
 *         which the table engine plays: `compileAnyGame`); CompileError with the formatted
 *         diagnostics when it does not compile (all exit 1).
 */
export function loadCompiledGame(path: string): LoadedGame & { game: CompiledGame } {
  const loaded = loadGame(path);
  const ir = loaded.ir;
  if (isTableGame(ir))
    throw new UserError(
      `${path}: '${ir.name}' is a table game (${ir.seats.length} seats${ir.button ? ', a button' : ''}), played by the table engine; this command plays two-seat games without a button (see docs/tables.md)`,
    );
  return { ...loaded, game: compileGame(ir) };
}

/**
 * {@link loadCompiledGame} for the commands that take any number of seats (`tree`, `simulate`,
 * `solve`): a two-seat game without a button is the interpreter's compiled game, a table game
 * (3 to 6 seats, or a button) the table engine's.
 * @throws as {@link loadCompiledGame}
 */
export function loadAnyGame(path: string): LoadedGame & { game: ReturnType<typeof compileAnyGame> } {
  const loaded = loadGame(path);
  return { ...loaded, game: compileAnyGame(loaded.ir) };
}
