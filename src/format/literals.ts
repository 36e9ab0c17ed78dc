/**
 * Canonical spelling of literals in formatted `.gbg` source.
 *
 * Numbers keep their value and, for decimals, their digits as written (`complexity 0.70` stays
 * `0.70`); whole numbers lose leading zeros. Strings are re-escaped from their value, so two
 * spellings of the same string (`"\u00e9"`, `"é"`) print the same way and re-parse to the same
 * value, hence the same IR and ruleset hash.
 */
import type { NumberLit, StringLit } from '../parser/ast.js';

/**
 * The canonical text of a number literal: decimals exactly as written, whole numbers without
 * leading zeros (`007` → `7`), a negative sign kept (`-3`). The value never changes.
 */
export function numberText(n: NumberLit): string {
  const m = /^(-?)(\d+)$/.exec(n.text);
  if (!m) return n.text;
  const digits = m[2]!.replace(/^0+(?=\d)/, '');
  return `${m[1] === '-' && digits !== '0' ? '-' : ''}${digits}`;
}

/**
 * Characters written as `\uXXXX` besides what JSON escapes: DEL and the C1 controls, the Unicode
 * line and paragraph separators, the byte-order mark and U+FFFD (the parser rejects a file that
 * contains U+FFFD as not being text).
 */
const EXTRA_ESCAPES = /[\u007f-\u009f\u2028\u2029\ufeff\ufffd]/g;

/**
 * The canonical text of a string literal: its value in double quotes with JSON escapes (`\"`,
 * `\\`, `\n`, `\t`, `\u0001`, …) plus {@link EXTRA_ESCAPES}. Reading it back gives the same value.
 */
export function stringText(s: StringLit): string {
  return quote(s.value);
}

/** `value` as a canonical `.gbg` string literal (see {@link stringText}). */
export function quote(value: string): string {
  return JSON.stringify(value).replace(EXTRA_ESCAPES, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
