/**
 * Reading and compiling `.gbg` files for commands.
 */
import { readTextCapped } from '../util/json.js';
import { compileSource, type CompileResult } from '../compiler/index.js';
import { formatDiagnostics } from '../diagnostics/format.js';
import type { GameIR } from '../ir/schema.js';
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

/** Compile a file; the result carries the diagnostics (never throws on bad source). */
export function compileFile(path: string): CompileResult & { source: string } {
  const source = readSource(path);
  return { ...compileSource(source), source };
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

/**
 * Load and compile a game for a command.
 * @throws UserError when the file cannot be read; CompileError (a UserError) with the formatted
 *         diagnostics when it does not compile.
 */
export function loadGame(path: string): { ir: GameIR; rulesetHash: string; source: string } {
  const r = compileFile(path);
  if (!r.ir || !r.rulesetHash) throw new CompileError(path, formatDiagnostics(path, r.source, r.diagnostics));
  return { ir: r.ir, rulesetHash: r.rulesetHash, source: r.source };
}
