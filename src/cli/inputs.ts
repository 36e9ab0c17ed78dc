/**
 * File arguments of commands: `-` for standard input, folders expanded to the `.gbg` files they
 * hold, and the line endings `gbgc fmt` keeps.
 */
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { CliIO } from './io.js';
import { readSource, compileOrThrow, MAX_SOURCE_BYTES } from './load.js';
import { UsageError, UserError } from './errors.js';
import type { GameIR } from '../ir/schema.js';

/** The name diagnostics give standard input. */
export const STDIN_NAME = '<stdin>';

/** One input of a command: the name it is reported under and where its text comes from. */
export interface InputFile {
  /** `<stdin>` for `-`, else the path as given (or found in a folder). */
  name: string;
  /** The path to read, or null for standard input. */
  path: string | null;
}

/** Read the whole of a stream as UTF-8 text. */
export async function readStream(stream: NodeJS.ReadableStream, maxBytes = MAX_SOURCE_BYTES): Promise<string> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const c of stream as AsyncIterable<Buffer | string>) {
    const b = typeof c === 'string' ? Buffer.from(c) : c;
    total += b.length;
    if (total > maxBytes) throw new UserError(`${STDIN_NAME}: more than the ${maxBytes / 2 ** 20} MiB gbgc reads for a .gbg source`);
    chunks.push(b);
  }
  return new TextDecoder('utf-8', { fatal: false }).decode(Buffer.concat(chunks));
}

/** The `.gbg` files under `dir`, recursively (folders whose name starts with `.` and `node_modules` skipped), sorted by path. */
export function gbgFilesIn(dir: string): string[] {
  const found: string[] = [];
  const walk = (d: string): void => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      if (e.isDirectory()) {
        if (!e.name.startsWith('.') && e.name !== 'node_modules') walk(join(d, e.name));
      } else if (e.name.endsWith('.gbg')) found.push(join(d, e.name));
    }
  };
  walk(dir);
  return found.sort();
}

/**
 * Expand file arguments: `-` is standard input (at most once); a folder stands for every `.gbg`
 * file inside it, recursively, in sorted order; anything else is kept as a path (a missing file
 * is reported when it is read).
 * @throws UsageError when `-` is given twice, or a folder holds no `.gbg` file.
 */
export function expandInputs(args: readonly string[]): InputFile[] {
  const out: InputFile[] = [];
  let stdin = false;
  for (const a of args) {
    if (a === '-') {
      if (stdin) throw new UsageError("'-' (standard input) can be given only once");
      stdin = true;
      out.push({ name: STDIN_NAME, path: null });
      continue;
    }
    let isDir = false;
    try {
      isDir = statSync(a).isDirectory();
    } catch {
      isDir = false;
    }
    if (!isDir) {
      out.push({ name: a, path: a });
      continue;
    }
    const files = gbgFilesIn(a);
    if (files.length === 0) throw new UsageError(`the folder ${a} holds no .gbg file`);
    for (const f of files) out.push({ name: f, path: f });
  }
  return out;
}

/** Read one input's text. @throws UserError when a file cannot be read. */
export async function readInput(io: CliIO, input: InputFile): Promise<string> {
  return input.path === null ? readStream(io.stdin) : readSource(input.path);
}

/**
 * Load and compile the game of one file argument (`-` reads standard input).
 * @throws UserError when the file cannot be read; CompileError with the formatted diagnostics
 *   (naming the file `<stdin>` for `-`) when it does not compile.
 */
export async function loadGameArg(io: CliIO, arg: string): Promise<{ ir: GameIR; rulesetHash: string; source: string; name: string }> {
  const input: InputFile = arg === '-' ? { name: STDIN_NAME, path: null } : { name: arg, path: arg };
  return { ...compileOrThrow(input.name, await readInput(io, input)), name: input.name };
}

/** `--end-of-line` of `gbgc fmt`, as Prettier's option: `auto` keeps the file's own. */
export type EndOfLine = 'lf' | 'crlf' | 'auto';

/** Parse `--end-of-line`. @throws UsageError for anything but lf, crlf or auto. */
export function parseEndOfLine(text: string): EndOfLine {
  const t = text.trim().toLowerCase();
  if (t !== 'lf' && t !== 'crlf' && t !== 'auto') throw new UsageError(`--end-of-line must be one of lf, crlf, auto, got '${text}'`);
  return t;
}

/**
 * Give `formatted` (LF line endings) the line endings asked for: with `auto`, those of the
 * file's first line ending, as Prettier does (LF when the file has none).
 */
export function applyEndOfLine(formatted: string, original: string, eol: EndOfLine): string {
  const first = original.indexOf('\n');
  const want = eol === 'auto' ? (first > 0 && original[first - 1] === '\r' ? 'crlf' : 'lf') : eol;
  const lf = formatted.replace(/\r\n/g, '\n');
  return want === 'crlf' ? lf.replace(/\n/g, '\r\n') : lf;
}
