/**
 * The one formatting module for chips and signed numbers: exact strings for hand-picked values,
 * both minus conventions, and the dash for a missing estimate.
 */
import { describe, expect, it } from 'vitest';
import { formatChips, formatEstimate, formatSigned } from '../../src/util/format.js';

describe('formatChips', () => {
  it('writes the noun in the singular only for one chip', () => {
    expect(formatChips(0)).toBe('0 chips');
    expect(formatChips(1)).toBe('1 chip');
    expect(formatChips(2)).toBe('2 chips');
    expect(formatChips(100)).toBe('100 chips');
  });
});

describe('formatSigned', () => {
  it('writes an explicit sign, the typographic minus by default', () => {
    expect(formatSigned(1 / 18, 4)).toBe('+0.0556');
    expect(formatSigned(-1 / 18, 4)).toBe('−0.0556');
    expect(formatSigned(-0.085606, 6)).toBe('−0.085606');
    expect(formatSigned(0, 2)).toBe('+0.00');
    expect(formatSigned(-0, 2)).toBe('+0.00');
  });

  it('writes the ASCII minus when asked, as x.toFixed would', () => {
    for (const x of [-1 / 18, -2.5, -1e-7, 3.25, 0]) {
      const plain = x >= 0 ? `+${x.toFixed(4)}` : x.toFixed(4);
      expect(formatSigned(x, 4, '-')).toBe(plain);
    }
    expect(formatSigned(-12.345, 1, '-')).toBe('-12.3');
  });
});

describe('formatEstimate', () => {
  it('writes an em dash for a missing or non-finite estimate', () => {
    expect(formatEstimate(null)).toBe('—');
    expect(formatEstimate(undefined)).toBe('—');
    expect(formatEstimate(Number.NaN)).toBe('—');
    expect(formatEstimate(0.5)).toBe('+0.500');
    expect(formatEstimate(-0.5, 2, '-')).toBe('-0.50');
  });
});
