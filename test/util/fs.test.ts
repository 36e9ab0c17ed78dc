/**
 * writeFileAtomic: atomic replacement, and one clear line naming the user's path for every way a
 * write can fail (no temporary names, no folders created).
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync, chmodSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { writeFileAtomic } from '../../src/util/fs.js';
import { UserError } from '../../src/util/errors.js';
import { runCli } from '../cli/run-cli.js';

const dir = mkdtempSync(join(tmpdir(), 'gbgc-fs-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const failure = (path: string): string => {
  try {
    writeFileAtomic(path, 'x');
  } catch (e) {
    expect(e).toBeInstanceOf(UserError);
    return (e as Error).message;
  }
  throw new Error(`writing ${path} did not fail`);
};

describe('writeFileAtomic', () => {
  it('replaces a file and leaves no temporary file behind', () => {
    const f = join(dir, 'a.txt');
    writeFileSync(f, 'old');
    writeFileAtomic(f, 'new');
    expect(readFileSync(f, 'utf8')).toBe('new');
    expect(readdirSync(dir).filter((n) => n.includes('gbgc-tmp'))).toEqual([]);
  });

  it('names the path and the reason, and creates no folders', () => {
    expect(failure(join(dir, 'no/such/dir/x.md'))).toBe(`cannot write ${join(dir, 'no/such/dir/x.md')}: the folder ${join(dir, 'no/such/dir')} does not exist`);
    expect(existsSync(join(dir, 'no'))).toBe(false);
    mkdirSync(join(dir, 'sub'));
    expect(failure(join(dir, 'sub'))).toBe(`cannot write ${join(dir, 'sub')}: it is a folder`);
    writeFileSync(join(dir, 'plain'), '');
    expect(failure(join(dir, 'plain/x.md'))).toBe(`cannot write ${join(dir, 'plain/x.md')}: ${join(dir, 'plain')} is not a folder`);
    const msg = failure('/proc/x.md');
    expect(msg.startsWith('cannot write /proc/x.md: ')).toBe(true);
    expect(msg).not.toContain('gbgc-tmp');
  });

  it('refuses a read-only folder with the user’s path only', () => {
    if (process.getuid?.() === 0) {
      // root ignores permission bits; a read-only file system stands in for the case.
      expect(failure('/proc/sys/x.md')).not.toContain('gbgc-tmp');
      return;
    }
    mkdirSync(join(dir, 'ro'));
    chmodSync(join(dir, 'ro'), 0o500);
    expect(failure(join(dir, 'ro/x.md'))).toBe(`cannot write ${join(dir, 'ro/x.md')}: permission denied`);
  });

  it('gives commands one error line and exit 1', async () => {
    const r = await runCli(['render', 'examples/kuhn.gbg', '-o', join(dir, 'missing/rules.md')]);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(`gbgc: error: cannot write ${join(dir, 'missing/rules.md')}: the folder ${join(dir, 'missing')} does not exist\n`);
    const d = await runCli(['compile', 'examples/kuhn.gbg', '-o', dir]);
    expect(d.code).toBe(1);
    expect(d.stderr).toBe(`gbgc: error: cannot write ${dir}: it is a folder\n`);
  });
});
