/**
 * Reading and compiling `.gbg` files for commands.
 */
import { readFileSync } from 'node:fs';
import { compileSource, type CompileResult } from '../compiler/index.js';
import { formatDiagnostics } from '../diagnostics/format.js';
import type { GameIR } from '../ir/schema.js';
import { UserError } from './errors.js';

/** Read a file as UTF-8 text. @throws UserError when it cannot be read. */
export function readSource(path: string): string {
  try {
    const buf = readFileSync(path);
    return new TextDecoder('utf-8', { fatal: false }).decode(buf);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a directory' : code === 'EACCES' ? 'permission denied' : (e as Error).message;
    throw new UserError(`cannot read ${path}: ${why}`);
  }
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
