/**
 * Errors the CLI reports without a stack trace.
 */

import { UsageError } from '../util/errors.js';

export { UserError, UsageError } from '../util/errors.js';

/**
 * Parse a whole number option.
 * @throws UsageError when `text` is not an integer within [min, max].
 */
export function parseIntOption(name: string, text: string, min = Number.MIN_SAFE_INTEGER, max = Number.MAX_SAFE_INTEGER): number {
  if (!/^-?\d+$/.test(text.trim())) throw new UsageError(`${name} must be a whole number, got '${text}'`);
  const n = Number(text);
  if (n < min || n > max) throw new UsageError(`${name} must be between ${min} and ${max}, got ${n}`);
  return n;
}

/**
 * Parse a real number option.
 * @throws UsageError when `text` is not a finite number within [min, max].
 */
export function parseNumberOption(name: string, text: string, min = -Infinity, max = Infinity): number {
  const n = Number(text);
  if (text.trim() === '' || !Number.isFinite(n)) throw new UsageError(`${name} must be a number, got '${text}'`);
  if (n < min || n > max) throw new UsageError(`${name} must be between ${min} and ${max}, got ${n}`);
  return n;
}
