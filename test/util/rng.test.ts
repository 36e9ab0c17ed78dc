/**
 * The integer-keyed sfc32 streams (`src/util/rng.ts`, stream version sfc32-v1): pinned values
 * (any change to the stream must bump the version), the in-place restart equals a fresh stream,
 * and the numbers look uniform and independent across keys.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { KeyedStream, foldKey, hashKeys, rngFromKeys } from '../../src/util/rng.js';
import { RNG_STREAM, episodeRng } from '../../src/interpreter/rng.js';

describe('rngFromKeys (sfc32-v1)', () => {
  it('gives the pinned numbers of stream version sfc32-v1', () => {
    expect(RNG_STREAM).toBe('sfc32-v1');
    const r = rngFromKeys(1, 0);
    expect([r(), r(), r(), r()]).toEqual([0.581454215105623, 0.49957818863913417, 0.9537492129020393, 0.10802243510261178]);
    const q = rngFromKeys(42);
    expect([q(), q()]).toEqual([0.21145440312102437, 0.8843683553859591]);
    const e = episodeRng(1, 0);
    expect(e()).toBe(0.581454215105623);
  });

  it('foldKey(hashKeys(keys), k) is hashKeys([...keys, k]) (large and negative keys too)', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -(2 ** 45), max: 2 ** 45 }), { maxLength: 5 }), fc.integer({ min: -(2 ** 45), max: 2 ** 45 }), (keys, k) => {
        expect(foldKey(hashKeys(keys), k)).toBe(hashKeys([...keys, k]));
      }),
      { numRuns: 200 },
    );
    expect(foldKey(hashKeys([1, 2]), 3)).toBe(hashKeys([1, 2, 3]));
  });

  it('KeyedStream.restart(k0, k1) continues exactly as rngFromKeys(k0, k1), also when k0 repeats (its hash is kept)', () => {
    const s = new KeyedStream();
    fc.assert(
      fc.property(fc.oneof(fc.integer({ min: -(2 ** 40), max: 2 ** 40 }), fc.integer({ min: -2, max: 2 })), fc.nat({ max: 2 ** 45 }), (k0, k1) => {
        s.restart(k0, k1);
        const fresh = rngFromKeys(k0, k1);
        for (let i = 0; i < 20; i++) expect(s.next()).toBe(fresh());
      }),
      { numRuns: 200 },
    );
  });

  it('keys that differ only above 32 bits give different streams', () => {
    expect(hashKeys([1, 2 ** 33])).not.toBe(hashKeys([1, 0]));
    expect(rngFromKeys(5, 2 ** 32)()).not.toBe(rngFromKeys(5, 0)());
  });

  it('draws in [0, 1) with mean 1/2 and variance 1/12 (within 4 standard errors), uncorrelated across episodes', () => {
    const n = 200_000;
    let sum = 0;
    let sumSq = 0;
    const r = rngFromKeys(9);
    for (let i = 0; i < n; i++) {
      const u = r();
      expect(u >= 0 && u < 1).toBe(true);
      sum += u;
      sumSq += u * u;
    }
    expect(Math.abs(sum / n - 0.5)).toBeLessThan(4 * Math.sqrt(1 / 12 / n));
    // Var(U²) = 1/5 − 1/9 = 4/45.
    expect(Math.abs(sumSq / n - 1 / 3)).toBeLessThan(4 * Math.sqrt(4 / 45 / n));
    // First numbers of consecutive episodes' streams: correlation of neighbours ≈ 0 (SE 1/√m).
    const m = 50_000;
    const first = Array.from({ length: m }, (_, i) => rngFromKeys(3, i)());
    let cov = 0;
    for (let i = 1; i < m; i++) cov += (first[i - 1]! - 0.5) * (first[i]! - 0.5);
    const corr = cov / (m - 1) / (1 / 12);
    expect(Math.abs(corr)).toBeLessThan(4 / Math.sqrt(m));
  });
});
