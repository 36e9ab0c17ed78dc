/**
 * Growing typed arrays.
 */

/** `a`, or a copy of it at least twice as long and long enough to hold index `i` (zeros beyond `a`). */
export function grownTo(a: Int32Array, i: number): Int32Array {
  const bigger = new Int32Array(Math.max(i + 1, a.length * 2));
  bigger.set(a);
  return bigger;
}
