/**
 * File-system helpers shared by every stage.
 */
import { appendFileSync, existsSync, readdirSync, realpathSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { UserError } from './errors.js';

const REASONS: Record<string, string> = {
  ENOENT: 'no such file or folder',
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  EROFS: 'read-only file system',
  ENOSPC: 'no space left on the device',
  EISDIR: 'is a folder',
  ENOTDIR: 'a part of the path is not a folder',
  ENAMETOOLONG: 'the name is too long',
  EXDEV: 'cannot replace a file on another device',
};

/** One line for a write that failed: the user's path and why, never a temporary file's name. */
function writeError(path: string, e: unknown): UserError {
  const code = (e as NodeJS.ErrnoException).code ?? '';
  return new UserError(`cannot write ${path}: ${REASONS[code] ?? (e as Error).message.replace(/,? ?'[^']*\.gbgc-tmp-[^']*'/g, '')}`);
}

/**
 * Append `text` to the file at `path` (created when absent; its folder must exist). Appending ''
 * checks before any work that an output can be written.
 * @throws UserError naming `path` and why (missing folder, permissions, full or read-only disk, …)
 */
export function appendText(path: string, text: string): void {
  try {
    appendFileSync(path, text);
  } catch (e) {
    const dir = dirname(path);
    if ((e as NodeJS.ErrnoException).code === 'ENOENT' && !existsSync(dir)) throw new UserError(`cannot write ${path}: the folder ${dir} does not exist`);
    throw writeError(path, e);
  }
}

/**
 * Write a file atomically: write a temporary sibling, then rename it over the target, so a
 * reader never sees a half-written file and an interrupted write leaves the old file intact.
 * Creates no folders: the target's folder must exist. A target that exists and is not a regular
 * file (a terminal, a pipe, `/dev/stdout`) is written in place.
 * @throws UserError naming `path` (never the temporary file) when the folder is missing, the
 *   target is a folder, or the write fails (permissions, read-only or full file system, …)
 */
export function writeFileAtomic(path: string, data: string | Uint8Array): void {
  const dir = dirname(path);
  let target: ReturnType<typeof statSync> | undefined;
  try {
    target = statSync(path);
  } catch {
    target = undefined;
  }
  if (target?.isDirectory()) throw new UserError(`cannot write ${path}: it is a folder`);
  if (target && !target.isFile()) {
    try {
      writeFileSync(path, data);
      return;
    } catch (e) {
      throw writeError(path, e);
    }
  }
  let folder: ReturnType<typeof statSync> | undefined;
  try {
    folder = statSync(dir);
  } catch {
    folder = undefined;
  }
  if (!folder) throw new UserError(`cannot write ${path}: the folder ${dir} does not exist`);
  if (!folder.isDirectory()) throw new UserError(`cannot write ${path}: ${dir} is not a folder`);
  const tmp = join(dir, `.gbgc-tmp-${process.pid}-${Date.now()}-${basename(path)}`);
  try {
    writeFileSync(tmp, data);
    renameSync(tmp, path);
  } catch (e) {
    rmSync(tmp, { force: true });
    throw writeError(path, e);
  }
}

/** A folder a command writes files into, and which of its names it may write. */
export interface OutputFolder {
  dir: string;
  /** Whether the command may write a file of this name into `dir`. */
  writes: (name: string) => boolean;
}

/** What identifies a file: its real path and its device and inode (a hard link shares them). */
interface FileIdentity {
  real: string;
  dev: number;
  ino: number;
}

function identify(path: string): FileIdentity | undefined {
  try {
    const s = statSync(path);
    if (!s.isFile()) return undefined;
    return { real: realpathSync(path), dev: s.dev, ino: s.ino };
  } catch {
    return undefined;
  }
}

const sameFile = (a: FileIdentity, b: FileIdentity): boolean => a.real === b.real || (a.ino !== 0 && a.dev === b.dev && a.ino === b.ino);

/**
 * Refuse to start a command whose output would overwrite one of its inputs: each output file (or
 * each file an output folder may write) is compared with each input by real path and by device and
 * inode, so a symbolic link or a hard link to an input is caught too. Outputs and inputs that do not
 * exist, or are not regular files (standard input `-`, `/dev/stdout`, a pipe), cannot clash.
 * Call it before reading or computing anything, so a refused run costs nothing.
 * @param outputs paths (or folders) the command will write; `undefined`/`null` entries are skipped
 * @param inputs paths the command reads; `undefined`/`null` entries are skipped
 * @throws UserError (exit 1), one line naming both paths, on the first clash
 */
export function refuseOutputOverInput(
  outputs: ReadonlyArray<string | OutputFolder | null | undefined>,
  inputs: ReadonlyArray<string | null | undefined>,
): void {
  const ins = inputs.flatMap((p) => {
    if (p === null || p === undefined || p === '-') return [];
    const id = identify(p);
    return id ? [{ path: p, id }] : [];
  });
  if (ins.length === 0) return;
  const check = (out: string): void => {
    const id = identify(out);
    if (!id) return;
    const hit = ins.find((i) => sameFile(i.id, id));
    if (!hit) return;
    const how = hit.id.real === id.real ? (resolve(out) === resolve(hit.path) ? '' : ' (the same file by another path)') : ' (a hard link to it)';
    throw new UserError(`refusing to write ${out}: it is the input ${hit.path}${how}; choose another output path`);
  };
  for (const o of outputs) {
    if (o === null || o === undefined) continue;
    if (typeof o === 'string') {
      if (o !== '-') check(o);
      continue;
    }
    let names: string[];
    try {
      names = readdirSync(o.dir);
    } catch {
      continue;
    }
    for (const n of names) if (o.writes(n)) check(join(o.dir, n));
  }
}
