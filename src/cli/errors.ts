/**
 * Errors the CLI reports without a stack trace.
 */

import { UsageError } from '../util/errors.js';

export { DiagnosticError, UserError, UsageError } from '../util/errors.js';

/** The largest count of runs, episodes or iterations any command accepts. */
export const MAX_COUNT = 1_000_000_000;

/** The largest seed of a run, a match or a bootstrap: seeds are 32-bit keys of the generator (`src/util/rng.ts`). */
export const MAX_RUN_SEED = 2 ** 32 - 1;

/** "from 1 to 10", "at least 1", "greater than 0", "at most 5" or "" for the bounds of an option. */
function rangeWords(min: number, max: number, minExclusive = false): string {
  const lo = Number.isFinite(min) && min > Number.MIN_SAFE_INTEGER;
  const hi = Number.isFinite(max) && max < Number.MAX_SAFE_INTEGER;
  if (lo && hi && !minExclusive) return ` from ${min} to ${max}`;
  if (lo && hi) return ` greater than ${min} and at most ${max}`;
  if (lo) return minExclusive ? ` greater than ${min}` : ` at least ${min}`;
  if (hi) return ` at most ${max}`;
  return '';
}

/**
 * Parse a whole number option (a count, an index, a seed). Every command validates the same
 * option the same way through this function, and a bad value (not a number, a fraction, or out
 * of range) always gets one message: "NAME must be a whole number from MIN to MAX, got 'TEXT'".
 * @throws UsageError when `text` is not an integer within [min, max].
 */
export function parseIntOption(name: string, text: string, min = Number.MIN_SAFE_INTEGER, max = Number.MAX_SAFE_INTEGER): number {
  const t = text.trim();
  const n = Number(t);
  if (!/^[-+]?\d+$/.test(t) || n < min || n > max) throw new UsageError(`${name} must be a whole number${rangeWords(min, max)}, got '${text}'`);
  return n;
}

/**
 * Parse a seed option: a whole number from 0 to `max` (default {@link MAX_RUN_SEED}, the
 * generator's 32-bit key space; the game generator's seeds stop at its own `MAX_SEED`).
 * @throws UsageError otherwise
 */
export function parseSeedOption(text: string, name = '--seed', max = MAX_RUN_SEED): number {
  return parseIntOption(name, text, 0, max);
}

/**
 * Parse a real number option. A bad value (not a number, infinite, or out of range) always gets
 * one message: "NAME must be a number from MIN to MAX, got 'TEXT'" (or "greater than MIN" with
 * `minExclusive`, "at least MIN" without a maximum).
 * @throws UsageError when `text` is not a finite number within the bounds.
 */
export function parseNumberOption(name: string, text: string, min = -Infinity, max = Infinity, minExclusive = false): number {
  const n = Number(text);
  const bad = text.trim() === '' || !Number.isFinite(n) || n < min || n > max || (minExclusive && n === min);
  if (bad) throw new UsageError(`${name} must be a number${rangeWords(min, max, minExclusive)}, got '${text}'`);
  return n;
}

/**
 * Parse a probability or a fraction: a number from 0 to 1.
 * @throws UsageError otherwise
 */
export function parseProbabilityOption(name: string, text: string): number {
  return parseNumberOption(name, text, 0, 1);
}

/**
 * Parse a positive amount (a target exploitability in chips/game, a time in seconds): finite and
 * greater than 0.
 * @throws UsageError otherwise
 */
export function parsePositiveOption(name: string, text: string): number {
  return parseNumberOption(name, text, 0, Infinity, true);
}
