import { describe, expect, it } from 'vitest';
import { JOE_KUO, primitivePolynomials, Sobol, SOBOL_MAX_DIMENSION, SOBOL_TABLE_DIMENSION, sobolPoints } from '../../../src/eval/axes/sobol.js';

describe('Sobol sequence (Joe–Kuo new-joe-kuo-6.21201)', () => {
  it('gives the published first points in 3 dimensions', () => {
    // The first ten points of the reference generator in 3 dimensions.
    expect(sobolPoints(3, 10)).toEqual([
      [0, 0, 0],
      [0.5, 0.5, 0.5],
      [0.75, 0.25, 0.25],
      [0.25, 0.75, 0.75],
      [0.375, 0.375, 0.625],
      [0.875, 0.875, 0.125],
      [0.625, 0.125, 0.875],
      [0.125, 0.625, 0.375],
      [0.1875, 0.3125, 0.9375],
      [0.6875, 0.8125, 0.4375],
    ]);
  });

  it('gives dimensions 4 and 5 as derived by hand from their rows (s=3, a=1, m=1,3,1) and (s=3, a=2, m=1,1,1)', () => {
    const pts = sobolPoints(5, 8);
    // d4: V = .5, .75, .125; Gray order flips V1, V2, V1, V3, V1, V2, V1.
    expect(pts.map((p) => p[3])).toEqual([0, 0.5, 0.25, 0.75, 0.875, 0.375, 0.625, 0.125]);
    // d5: V = .5, .25, .125.
    expect(pts.map((p) => p[4])).toEqual([0, 0.5, 0.75, 0.25, 0.375, 0.875, 0.625, 0.125]);
  });

  it('is a (0, m, s)-net in each one-dimensional projection: the first 2^m points hit every dyadic interval once', () => {
    const pts = sobolPoints(600, 64);
    for (let j = 0; j < 600; j++) {
      const cells = new Set(pts.map((p) => Math.floor(p[j] * 64)));
      expect(cells.size).toBe(64);
    }
  });

  it('is a (0, m, 2)-net in dimensions 1–2: every 1/4 × 1/4 box holds exactly one of the first 16 points', () => {
    const pts = sobolPoints(2, 16);
    const boxes = new Set(pts.map((p) => `${Math.floor(p[0] * 4)},${Math.floor(p[1] * 4)}`));
    expect(boxes.size).toBe(16);
  });

  it('the table rows are the primitive polynomials in order (degree, then a), so the generated rows continue them', () => {
    const polys = primitivePolynomials(7);
    // 1 + 1 + 2 + 2 + 6 + 6 + 18 primitive polynomials of degree 1 … 7.
    expect(polys).toHaveLength(36);
    expect(polys.slice(0, JOE_KUO.length)).toEqual(JOE_KUO.map((r) => [r[0], r[1]]));
    expect(SOBOL_TABLE_DIMENSION).toBe(32);
  });

  it('generated dimensions beyond the table do not repeat a table dimension (no two of 600 columns of 512 points are equal)', () => {
    const pts = sobolPoints(600, 512);
    const cols = new Set(Array.from({ length: 600 }, (_, j) => pts.map((p) => p[j]).join()));
    expect(cols.size).toBe(600);
  });

  it('skip continues the same sequence', () => {
    const a = new Sobol(4).skip(5).next();
    expect(a).toEqual(sobolPoints(4, 6)[5]);
  });

  it('rejects dimensions outside the table', () => {
    expect(() => new Sobol(0)).toThrow(RangeError);
    expect(() => new Sobol(SOBOL_MAX_DIMENSION + 1)).toThrow(RangeError);
  });
});
