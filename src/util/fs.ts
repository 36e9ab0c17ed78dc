/**
 * File-system helpers shared by every stage.
 */
import { mkdirSync, renameSync, writeFileSync, rmSync } from 'node:fs';
import { dirname, basename, join } from 'node:path';

/**
 * Write a file atomically: write a temporary sibling, then rename it over the target, so a
 * reader never sees a half-written file and an interrupted write leaves the old file intact.
 */
export function writeFileAtomic(path: string, data: string): void {
  const dir = dirname(path);
  mkdirSync(dir, { recursive: true });
  const tmp = join(dir, `.gbgc-tmp-${process.pid}-${Date.now()}-${basename(path)}`);
  try {
    writeFileSync(tmp, data);
    renameSync(tmp, path);
  } catch (e) {
    rmSync(tmp, { force: true });
    throw e;
  }
}
