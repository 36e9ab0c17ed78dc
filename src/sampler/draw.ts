/**
 * The sampler's random draws: a thin layer over one seedrandom Alea stream, so that every
 * decision of the generator is a named, reproducible draw. Nothing here reads `Math.random`
 * or the clock.
 */
import seedrandom from 'seedrandom';

/** A seeded stream of draws. Every method consumes numbers from the one stream, in call order. */
export class Draw {
  private readonly next: () => number;

  /** @param seedText the string seed of the Alea generator (see `streamSeed` in `sample.ts`). */
  constructor(seedText: string) {
    this.next = seedrandom.alea(seedText);
  }

  /** A uniform number in [0, 1). */
  uniform(): number {
    return this.next();
  }

  /** True with probability `p` (clamped to [0, 1]); always consumes one number. */
  chance(p: number): boolean {
    return this.next() < Math.min(1, Math.max(0, p));
  }

  /** A whole number from `lo` to `hi` inclusive, uniformly. @throws RangeError when hi < lo. */
  int(lo: number, hi: number): number {
    if (hi < lo) throw new RangeError(`empty range ${lo}..${hi}`);
    return lo + Math.min(hi - lo, Math.floor(this.next() * (hi - lo + 1)));
  }

  /** One element of a non-empty list, uniformly. @throws RangeError on an empty list. */
  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError('pick from an empty list');
    return items[this.int(0, items.length - 1)];
  }

  /**
   * One key of `weights`, with probability proportional to its weight (weights ≤ 0 are never
   * drawn). Keys are tried in insertion order, so the draw is reproducible.
   * @throws RangeError when no weight is positive.
   */
  weighted<K extends string>(weights: Readonly<Record<K, number>>): K {
    const entries = (Object.entries(weights) as [K, number][]).filter(([, w]) => w > 0);
    const total = entries.reduce((t, [, w]) => t + w, 0);
    if (total <= 0) throw new RangeError('weighted draw with no positive weight');
    let u = this.next() * total;
    for (const [k, w] of entries) {
      u -= w;
      if (u < 0) return k;
    }
    return entries[entries.length - 1][0];
  }

  /** The number of successes in `n` trials of probability `p`. */
  binomial(n: number, p: number): number {
    let k = 0;
    for (let i = 0; i < n; i++) if (this.chance(p)) k++;
    return k;
  }

  /** `k` distinct elements of `items` in a random order (Fisher–Yates on a copy). */
  sample<T>(items: readonly T[], k: number): T[] {
    const a = [...items];
    for (let i = a.length - 1; i > 0; i--) {
      const j = this.int(0, i);
      [a[i], a[j]] = [a[j], a[i]];
    }
    return a.slice(0, Math.max(0, Math.min(k, a.length)));
  }
}
