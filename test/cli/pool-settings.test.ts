/**
 * `gbgc pool` refusing to continue a pool with other settings names each setting that differs
 * and how to go on.
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from './run-cli.js';
import { manifest, settingsMismatchMessage, type PoolOptions } from '../../src/sampler/pool.js';
import { filterFromFlags, type FilterFlags } from '../../src/cli/filter-flags.js';

const dir = mkdtempSync(join(tmpdir(), 'gbgc-pool-settings-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A pool folder whose pool.json says it was built by `gbgc pool -n COUNT -c 0..1 -s 5` (defaults otherwise). */
function poolDir(name: string, count: number): string {
  const out = join(dir, name);
  mkdirSync(out);
  const opts: PoolOptions = {
    count,
    complexity: [0, 1],
    seed: 5,
    out,
    workers: 1,
    filter: filterFromFlags({ filter: 'v2', episodes: '2000' } as FilterFlags),
    maxTries: 100,
    repair: true,
  };
  writeFileSync(join(out, 'pool.json'), `${JSON.stringify(manifest(opts), null, 2)}\n`);
  return out;
}

describe('gbgc pool with changed settings', () => {
  it('a changed --count is named, with the way to continue (exit 1, nothing built)', async () => {
    const out = poolDir('count', 3);
    const r = await runCli(['pool', '--count', '4', '--complexity', '0..1', '--seed', '5', '--out', out]);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      `gbgc: error: ${out} holds a pool built with other settings: --count is 3 in the pool, 4 here. ` +
        `To continue it, rerun with the pool's settings (--count 3), as recorded in ${join(out, 'pool.json')}; for the new settings use another --out directory ` +
        "(a pool's games depend on all its settings: complexities are spread over its count)\n",
    );
    expect(readdirSync(out)).toEqual(['pool.json']);
  });

  it('several settings are all named; filter and repair changes too', async () => {
    const out = poolDir('several', 3);
    const r = await runCli(['pool', '--count', '3', '--complexity', '0.5', '--seed', '6', '--no-repair', '--out', out]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(
      '--complexity is 0..1 in the pool, 0.5 here; --seed is 5 in the pool, 6 here; repairs (--no-repair) is on in the pool, off here.',
    );
    expect(r.stderr).toContain("rerun with the pool's settings (--complexity 0..1 --seed 5)");
  });

  it('a pool from another generator version cannot be continued', () => {
    const found = JSON.stringify({ builderVersion: 1, count: 3 });
    expect(settingsMismatchMessage('p', 'p/pool.json', found, { builderVersion: 2, count: 3 })).toBe(
      'p holds a pool built with other settings: it was built by builderVersion 1, this is coherent (builder version 2). This generator cannot continue it; use another --out directory',
    );
  });

  it('a pool of the other builder names --builder and how to continue it', () => {
    const found = JSON.stringify({ builderVersion: '2', count: 3 });
    const msg = settingsMismatchMessage('p', 'p/pool.json', found, { builderVersion: '3', count: 3 });
    expect(msg).toContain('--builder is coherent (builder version 2) in the pool, paper (builder version 3) here');
    expect(msg).toContain("rerun with the pool's settings (--builder coherent)");
  });
});
