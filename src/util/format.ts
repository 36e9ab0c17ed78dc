/**
 * How chip amounts and signed numbers are written for people, the same in every stage: the
 * interpreter's observations and prompts, the rulebook, the terminal lines of the commands and the
 * HTML report. Machine-readable outputs (JSON, CSV, JSON Lines) write plain numbers and never call
 * this module.
 */

/** `1 chip`, `2 chips`, `0 chips`: a whole number of chips with its noun (singular only for 1). */
export function formatChips(n: number): string {
  return `${n} chip${n === 1 ? '' : 's'}`;
}

/**
 * The minus sign of a signed number. `'−'` (U+2212, typographic, the default) is used by the HTML
 * report and by `gbgc solve`; `'-'` (ASCII hyphen-minus) by the terminal lines of `simulate`,
 * `match`, `records`, `ladder`, `analyze` and `study`, whose numbers users and scripts parse
 * (`/[+-]\d\.\d{4}/`).
 */
export type MinusSign = '−' | '-';

/**
 * A number with an explicit sign and `digits` decimals: `+0.0556`, `−0.0556` (or `-0.0556` with
 * `minus: '-'`). Zero (also `-0`) prints with `+`; a negative number that rounds to zero keeps its
 * minus (`−0.0000`).
 */
export function formatSigned(x: number, digits: number, minus: MinusSign = '−'): string {
  return `${x >= 0 ? '+' : minus}${Math.abs(x).toFixed(digits)}`;
}

/**
 * {@link formatSigned} for an estimate that may be missing: `—` (em dash) for `null`, `undefined`
 * or a non-finite number.
 */
export function formatEstimate(x: number | null | undefined, digits = 3, minus: MinusSign = '−'): string {
  return x === null || x === undefined || !Number.isFinite(x) ? '—' : formatSigned(x, digits, minus);
}
