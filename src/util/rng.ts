/**
 * Random numbers every stage shares: the `Rng` type and a cheap seeded generator whose streams are
 * derived from integers (a seed, an episode, a stream index) without building strings.
 *
 * The generator is sfc32 (Chris Doty-Humphrey's Small Fast Counting generator, 128-bit state, as in
 * PractRand), seeded through splitmix32 finalizers so that nearby integer keys give unrelated
 * streams. It is not cryptographic; it is fast, passes PractRand to large sizes and is fully
 * reproducible across platforms (32-bit integer arithmetic only).
 */

/** A source of uniform random numbers in [0, 1), e.g. a seeded generator. */
export type Rng = () => number;

/** splitmix32's finalizer: a bijective avalanche mix of a 32-bit integer. */
export function mix32(x: number): number {
  x = (x + 0x9e3779b9) | 0;
  x = Math.imul(x ^ (x >>> 16), 0x85ebca6b);
  x = Math.imul(x ^ (x >>> 13), 0xc2b2ae35);
  return (x ^ (x >>> 16)) >>> 0;
}

/**
 * Fold integer keys into one 32-bit value. Each key may be any safe integer (negative included);
 * its low and high 32-bit halves both enter the hash, so `keys` up to 2^53 stay distinct.
 */
export function hashKeys(keys: readonly number[]): number {
  let h = 0x243f6a88;
  for (const k of keys) h = foldKey(h, k);
  return h;
}

/**
 * `hashKeys([...keys, k])` from `h = hashKeys(keys)`: one more key folded in, its low then its
 * high 32-bit half (the step {@link hashKeys} takes per key; streams whose keys share a prefix hash
 * it once).
 */
export function foldKey(h: number, k: number): number {
  h = mix32(h ^ (k | 0));
  return mix32(h ^ (Math.floor(k / 4294967296) | 0));
}

/** A 32-bit hash of a string (FNV-1a, then mixed), for turning names or hashes into keys. */
export function hashString(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return mix32(h);
}

/**
 * One sfc32 generator whose stream can be restarted in place: `next` draws the next number of the
 * stream; `restart(k0, k1)` makes `next` continue as `rngFromKeys(k0, k1)` would from its start,
 * without allocating (for loops that need a fresh stream per episode).
 */
export class KeyedStream {
  private a = 0;
  private b = 0;
  private c = 0;
  private d = 1;
  /** The stream as an {@link Rng} (bound to this object; pass it around freely). */
  readonly next: Rng;

  constructor() {
    // Assigned here rather than as a class field: a field's arrow function is named after the
    // field, and tools that keep function names (esbuild's keepNames, which tsx uses) then
    // redefine that name on every new stream, which costs more than the stream's whole seeding.
    this.next = () => {
      const t = (((this.a + this.b) | 0) + this.d) | 0;
      this.d = (this.d + 1) | 0;
      const b = this.b;
      this.a = b ^ (b >>> 9);
      this.b = (this.c + (this.c << 3)) | 0;
      const c = (this.c << 21) | (this.c >>> 11);
      this.c = (c + t) | 0;
      return (t >>> 0) / 4294967296;
    };
  }

  /** Restart from the 32-bit hash of the keys (see {@link hashKeys}). */
  restartFromHash(h: number): void {
    let a = mix32(h ^ 0x1);
    let b = mix32(h ^ 0x2);
    let c = mix32(h ^ 0x3);
    let d = 1; // the counter
    // Warm up as sfc32's reference seeding does (the same steps as `next`, on locals).
    for (let i = 0; i < 12; i++) {
      const t = (((a + b) | 0) + d) | 0;
      d = (d + 1) | 0;
      a = b ^ (b >>> 9);
      b = (c + (c << 3)) | 0;
      c = (((c << 21) | (c >>> 11)) + t) | 0;
    }
    this.a = a;
    this.b = b;
    this.c = c;
    this.d = d;
  }

  /** The hash of `k0` last folded by {@link restart}, and that key (a run restarts with one `k0` many times). */
  private k0Hash = 0;
  private k0Last = NaN;

  /** Restart as the stream `rngFromKeys(k0, k1)`. */
  restart(k0: number, k1: number): void {
    let h: number;
    if (k0 === this.k0Last) h = this.k0Hash;
    else {
      h = 0x243f6a88;
      h = mix32(h ^ (k0 | 0));
      h = mix32(h ^ (Math.floor(k0 / 4294967296) | 0));
      this.k0Hash = h;
      this.k0Last = k0;
    }
    h = mix32(h ^ (k1 | 0));
    h = mix32(h ^ (Math.floor(k1 / 4294967296) | 0));
    this.restartFromHash(h);
  }
}

/**
 * A stream of uniform numbers in [0, 1) (multiples of 2^-32), a pure function of `keys`:
 * the same keys always give the same numbers; different keys give independent-looking streams.
 * @example rngFromKeys(seed, episode) // the stream of one episode
 */
export function rngFromKeys(...keys: number[]): Rng {
  const s = new KeyedStream();
  s.restartFromHash(hashKeys(keys));
  return s.next;
}
