/**
 * File-system helpers shared by every stage.
 */
import { renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
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
