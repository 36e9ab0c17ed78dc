/**
 * The Sobol low-discrepancy sequence in base 2 (Sobol 1967), with the direction numbers of Joe and
 * Kuo (2008), table `new-joe-kuo-6.21201` (the first {@link SOBOL_MAX_DIMENSION} dimensions).
 *
 * Points are produced in Gray-code order (Antonov–Saleev), 32 bits per coordinate, starting with
 * the all-zero point, exactly as the authors' reference generator: point n is the XOR of the
 * direction numbers V_k of the bits k of gray(n) = n ⊕ (n >> 1). The first dimension uses
 * m_k = 1 for all k (V_k = 2^(32−k)); dimension j ≥ 2 uses the row (s, a, m_1 … m_s) of the table
 * and the recurrence
 *   V_k = V_{k−s} ⊕ (V_{k−s} >> s) ⊕ ⊕_{i=1}^{s−1} a_i · V_{k−i},
 * where a_1 … a_{s−1} are the bits of `a`, most significant first.
 *
 * Beyond the table (dimension 33 on) the rows are generated: the primitive polynomials over GF(2)
 * in the table's order (by degree, then by `a`), continuing after the last one the table uses
 * (degree 7, a = 42), each with initial m_k drawn as odd numbers below 2^k from the stream
 * `rngFromKeys(SOBOL_EXTRA_SEED, dimension)` (Bratley–Fox's construction with seeded initial
 * numbers; every dimension is a genuine Sobol dimension, none repeats another). At most
 * {@link SOBOL_MAX_DIMENSION} dimensions (primitive polynomials up to degree 18).
 *
 * Used by the opponent-modelling axis (GENSTRAT v2 Appendix C) to spread opponent policies evenly
 * over the strategy simplex: one dimension per coordinate of the opponent's behaviour strategy.
 */
import { rngFromKeys } from '../../util/rng.js';

/** Rows (s, a, m_1 … m_s) of new-joe-kuo-6.21201 for dimensions 2 … 32 (dimension 1 has no row). */
export const JOE_KUO: readonly (readonly number[])[] = [
  [1, 0, 1],
  [2, 1, 1, 3],
  [3, 1, 1, 3, 1],
  [3, 2, 1, 1, 1],
  [4, 1, 1, 1, 3, 3],
  [4, 4, 1, 3, 5, 13],
  [5, 2, 1, 1, 5, 5, 17],
  [5, 4, 1, 1, 5, 5, 5],
  [5, 7, 1, 1, 7, 11, 19],
  [5, 11, 1, 1, 5, 1, 1],
  [5, 13, 1, 1, 1, 3, 11],
  [5, 14, 1, 3, 5, 5, 31],
  [6, 1, 1, 3, 3, 9, 7, 49],
  [6, 13, 1, 1, 1, 15, 21, 21],
  [6, 16, 1, 3, 1, 13, 27, 49],
  [6, 19, 1, 1, 1, 15, 7, 5],
  [6, 22, 1, 3, 1, 15, 13, 25],
  [6, 25, 1, 1, 5, 5, 19, 61],
  [7, 1, 1, 3, 7, 11, 23, 15, 103],
  [7, 4, 1, 3, 7, 13, 13, 15, 69],
  [7, 7, 1, 1, 3, 13, 7, 35, 63],
  [7, 8, 1, 3, 5, 9, 1, 25, 53],
  [7, 14, 1, 3, 1, 13, 9, 35, 107],
  [7, 19, 1, 3, 1, 5, 27, 61, 31],
  [7, 21, 1, 1, 5, 11, 19, 41, 61],
  [7, 28, 1, 3, 5, 3, 3, 13, 69],
  [7, 31, 1, 1, 7, 13, 1, 19, 1],
  [7, 32, 1, 3, 7, 5, 13, 19, 59],
  [7, 37, 1, 1, 3, 9, 25, 29, 41],
  [7, 41, 1, 3, 5, 13, 23, 1, 55],
  [7, 42, 1, 3, 7, 3, 13, 59, 17],
];

/** Dimensions taken from the Joe–Kuo table (dimension 1 and its 31 rows). */
export const SOBOL_TABLE_DIMENSION = JOE_KUO.length + 1;
/** Most dimensions: the table's plus the primitive polynomials of degree up to 18 it does not use. */
export const SOBOL_MAX_DIMENSION = 21_201;
/** Seed of the initial direction numbers m_k of the generated dimensions. */
export const SOBOL_EXTRA_SEED = 0x50b0;
const MAX_DEGREE = 18;

/** a·b mod p over GF(2) (polynomials as bit masks; `top` = 2^s for p of degree s, a of degree below s). */
function mulMod(a: number, b: number, p: number, top: number): number {
  let r = 0;
  while (b) {
    if (b & 1) r ^= a;
    b >>>= 1;
    a <<= 1;
    if (a & top) a ^= p;
  }
  return r;
}

/** x^e mod p over GF(2) (polynomials as bit masks, p of degree s). */
function powMod(e: number, p: number, s: number): number {
  let result = 1;
  let base = 2; // x
  const top = 1 << s;
  while (e > 0) {
    if (e & 1) result = mulMod(result, base, p, top);
    base = mulMod(base, base, p, top);
    e = Math.floor(e / 2);
  }
  return result;
}

/** Prime factors of n. */
function primeFactors(n: number): number[] {
  const out: number[] = [];
  for (let q = 2; q * q <= n; q++)
    if (n % q === 0) {
      out.push(q);
      while (n % q === 0) n /= q;
    }
  if (n > 1) out.push(n);
  return out;
}

/** The prime factors of 2^s − 1, by degree s (made once). */
const orderFactors: number[][] = [];

/** Whether x^s + (a's bits) x^(s−1) … + 1 is primitive over GF(2) (the order of x is 2^s − 1). */
function isPrimitive(s: number, a: number): boolean {
  const p = (1 << s) | (a << 1) | 1;
  const order = 2 ** s - 1;
  // x^(2^s − 1) = 1 ⟺ x^(2^s) = x (x is invertible: p has the constant term 1), by s squarings.
  const top = 1 << s;
  const x = s === 1 ? 2 ^ p : 2; // x mod p
  let y = x;
  for (let i = 0; i < s; i++) y = mulMod(y, y, p, top);
  if (y !== x) return false;
  return (orderFactors[s] ??= primeFactors(order)).every((q) => powMod(order / q, p, s) !== 1);
}

/** The primitive polynomials (s, a) of degree 1 … `maxDegree`, in the table's order (exported for its test). */
export function primitivePolynomials(maxDegree: number): [number, number][] {
  const out: [number, number][] = [];
  for (let s = 1; s <= maxDegree; s++) for (let a = 0; a < 1 << (s - 1); a++) if (isPrimitive(s, a)) out.push([s, a]);
  return out;
}

/** Generated rows (s, a, m_1 … m_s), extended lazily: row i is dimension SOBOL_TABLE_DIMENSION + 1 + i. */
const extraRows: number[][] = [];
let nextPoly: [number, number] = [7, 43];
function extraRow(i: number): readonly number[] {
  while (extraRows.length <= i) {
    let [s, a] = nextPoly;
    for (;;) {
      if (a >= 1 << (s - 1)) {
        s++;
        a = 0;
        if (s > MAX_DEGREE) throw new RangeError(`Sobol dimensions beyond ${SOBOL_MAX_DIMENSION} are not supported`);
      }
      if (isPrimitive(s, a)) break;
      a++;
    }
    nextPoly = [s, a + 1];
    const dim = SOBOL_TABLE_DIMENSION + 1 + extraRows.length;
    const rng = rngFromKeys(SOBOL_EXTRA_SEED, dim);
    const m = Array.from({ length: s }, (_, k) => 2 * Math.floor(rng() * 2 ** k) + 1);
    extraRows.push([s, a, ...m]);
  }
  return extraRows[i];
}

const BITS = 32;

/** {@link directionNumbers} made so far, by dimension (constants: shared by every generator, never written). */
const directionCache: Uint32Array[] = [];

/** Direction numbers V_1 … V_32 (as unsigned 32-bit integers) of dimension `j` (0-based), made once per process. */
function directionNumbers(j: number): Uint32Array {
  return (directionCache[j] ??= makeDirectionNumbers(j));
}

function makeDirectionNumbers(j: number): Uint32Array {
  const v = new Uint32Array(BITS + 1);
  if (j === 0) {
    for (let k = 1; k <= BITS; k++) v[k] = 2 ** (BITS - k);
    return v;
  }
  const row = j < SOBOL_TABLE_DIMENSION ? JOE_KUO[j - 1] : extraRow(j - SOBOL_TABLE_DIMENSION);
  const s = row[0];
  const a = row[1];
  for (let k = 1; k <= s; k++) v[k] = (row[1 + k] * 2 ** (BITS - k)) >>> 0;
  for (let k = s + 1; k <= BITS; k++) {
    let x = (v[k - s] ^ (v[k - s] >>> s)) >>> 0;
    for (let i = 1; i < s; i++) if ((a >>> (s - 1 - i)) & 1) x = (x ^ v[k - i]) >>> 0;
    v[k] = x;
  }
  return v;
}

/**
 * A Sobol sequence generator in `dimension` dimensions.
 * @throws RangeError when `dimension` is not in 1 … {@link SOBOL_MAX_DIMENSION}.
 */
export class Sobol {
  private readonly v: Uint32Array[];
  private readonly x: Uint32Array;
  private n = 0;

  constructor(readonly dimension: number) {
    if (!Number.isInteger(dimension) || dimension < 1 || dimension > SOBOL_MAX_DIMENSION) {
      throw new RangeError(`Sobol dimension must be an integer in 1..${SOBOL_MAX_DIMENSION}, got ${dimension}`);
    }
    this.v = Array.from({ length: dimension }, (_, j) => directionNumbers(j));
    this.x = new Uint32Array(dimension);
  }

  /** The next point, coordinates in [0, 1) (multiples of 2^-32); the first call gives the origin. */
  next(): number[] {
    if (this.n > 0) {
      // The bit that changes between gray(n − 1) and gray(n): the lowest zero bit of n − 1 (1-based).
      let c = 1;
      let m = this.n - 1;
      while (m & 1) {
        m >>>= 1;
        c++;
      }
      if (c > BITS) throw new RangeError('Sobol sequence exhausted (2^32 points)');
      for (let j = 0; j < this.dimension; j++) this.x[j] = (this.x[j] ^ this.v[j][c]) >>> 0;
    }
    this.n++;
    const out = new Array<number>(this.dimension);
    for (let j = 0; j < this.dimension; j++) out[j] = this.x[j] / 4294967296;
    return out;
  }

  /** Skip `count` points. */
  skip(count: number): this {
    for (let i = 0; i < count; i++) this.next();
    return this;
  }
}

/** The first `count` points of the `dimension`-dimensional sequence. */
export function sobolPoints(dimension: number, count: number): number[][] {
  const s = new Sobol(dimension);
  return Array.from({ length: count }, () => s.next());
}
