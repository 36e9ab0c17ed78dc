/**
 * A pool does not depend on how it was built: the same settings give byte-identical files with one
 * worker or several, and after an interruption; the accepted game is the draw the filter judged.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildPool, candidateSeed, filterOptions, poolSlots, readIndex, sample, sampleAccepted, sortIndex, type PoolOptions } from '../../src/sampler/index.js';

const dir = mkdtempSync(join(tmpdir(), 'gbgc-pool-workers-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Every file of a pool directory and its bytes. */
const files = (out: string): Record<string, string> =>
  Object.fromEntries(
    readdirSync(out)
      .sort()
      .map((f) => [f, readFileSync(join(out, f), 'utf8')]),
  );

const settings = (out: string, workers: number): PoolOptions => ({
  count: 5,
  complexity: [0, 1],
  seed: 11,
  out,
  workers,
  filter: filterOptions('v2', {}, 600),
  maxTries: 100,
});

describe('pool output and the number of workers', () => {
  it('one, two and three workers write byte-identical pools, the index in slot order', async () => {
    const one = await buildPool(settings(join(dir, 'w1'), 1));
    const two = await buildPool(settings(join(dir, 'w2'), 2));
    const three = await buildPool(settings(join(dir, 'w3'), 3));
    for (const s of [one, two, three]) expect(s).toMatchObject({ built: 5, failed: [] });
    const a = files(join(dir, 'w1'));
    expect(Object.keys(a)).toEqual(['game-0.gbg', 'game-1.gbg', 'game-2.gbg', 'game-3.gbg', 'game-4.gbg', 'index.jsonl', 'pool.json']);
    expect(files(join(dir, 'w2'))).toEqual(a);
    expect(files(join(dir, 'w3'))).toEqual(a);
    expect(readIndex(join(dir, 'w1', 'index.jsonl')).map((e) => e.slot)).toEqual([0, 1, 2, 3, 4]);
    expect(one.tries).toBe(two.tries);
  });

  it('a pool resumed after an interruption is byte-identical to one built in one go', async () => {
    const out = join(dir, 'resumed');
    await buildPool({ ...settings(out, 2), count: 5 });
    const index = join(out, 'index.jsonl');
    // Keep slots 3 and 1, in arrival order and not sorted, as an interrupted run leaves them.
    const lines = readFileSync(index, 'utf8').trim().split('\n');
    writeFileSync(index, `${lines[3]}\n${lines[1]}\n${lines[0]!.slice(0, 15)}`);
    const again = await buildPool(settings(out, 2));
    expect(again).toMatchObject({ resumed: 2, built: 3 });
    expect(files(out)).toEqual(files(join(dir, 'w1')));
  });

  it('sortIndex puts lines in slot order and leaves a sorted index as it is', () => {
    const path = join(dir, 'index.jsonl');
    const line = (slot: number) => JSON.stringify({ slot, file: `game-${slot}.gbg`, seed: slot, complexity: 0, rulesetHash: 'h', tries: 1, acceptance: {} });
    writeFileSync(path, `${line(2)}\n${line(0)}\n${line(1)}\n`);
    sortIndex(path);
    expect(readFileSync(path, 'utf8')).toBe(`${line(0)}\n${line(1)}\n${line(2)}\n`);
    sortIndex(path);
    expect(readFileSync(path, 'utf8')).toBe(`${line(0)}\n${line(1)}\n${line(2)}\n`);
  });
});

describe('the accepted game is the judged draw', () => {
  it('equals sample() of the accepted candidate, also when earlier candidates were rejected', async () => {
    // Without repairs, seed 1 at c = 0.7 of the paper builder is rejected (a private step that hides nothing) and a later candidate passes.
    const r = await sampleAccepted(1, 0.7, { filter: filterOptions('v2', {}, 300), maxTries: 50, repair: false, builder: 'paper' });
    expect(r.tries).toBeGreaterThan(1);
    expect(r.game.seed).toBe(candidateSeed(1, r.tries - 1));
    const direct = await sample(r.game.seed, 0.7, { repair: false, builder: 'paper' });
    expect(r.game.source).toBe(direct.source);
    expect(r.game.rulesetHash).toBe(direct.rulesetHash);
    const slot = poolSlots(11, 5, [0, 1])[4]!;
    const s = await sampleAccepted(slot.seed, slot.complexity, { filter: filterOptions('v2', {}, 600), maxTries: 100 });
    expect(s.game.source).toBe((await sample(s.game.seed, slot.complexity)).source);
  });
});
