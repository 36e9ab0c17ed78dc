// The league's blackjack house edge (6 decks, S17, 3:2, peek, DAS, four hands, no resplitting of
// aces, one card to split aces, no surrender) against the published figure the docs cite
// (docs/references.md, "Validation"): within 0.05 percentage points. A separate file: the full
// six-deck computation takes about 10 s of CPU.
import { describe, expect, it } from 'vitest';
import { BlackjackReference } from '../../src/algorithms/casino/blackjack.js';

describe('blackjack reference: the league house edge', () => {
  it('is 0.4026% and within 0.05 pp of the published 0.44% for 6 decks, S17, DAS, no surrender, peek', () => {
    const ref = new BlackjackReference();
    const he = ref.houseEdge();
    expect(he.houseEdge * 100).toBeCloseTo(0.4026, 4);
    expect(Math.abs(he.houseEdge * 100 - 0.44)).toBeLessThan(0.05);
    // The basic-strategy chart of these rules: the usual multi-deck S17 DAS chart.
    const chart = ref.basicStrategy();
    expect(chart.upCards).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 1]);
    expect(chart.hard['12'].join('')).toBe('HHSSSHHHHH');
    expect(chart.hard['16'].join('')).toBe('SSSSSHHHHH');
    expect(chart.hard['11'].join('')).toBe('DDDDDDDDDH');
    expect(chart.hard['9'].join('')).toBe('HDDDDHHHHH');
    expect(chart.soft['A,7'].join('')).toBe('SDDDDSSHHH');
    expect(chart.soft['A,2'].join('')).toBe('HHHDDHHHHH');
    expect(chart.pairs['9,9'].join('')).toBe('PPPPPSPPSS');
    expect(chart.pairs['4,4'].join('')).toBe('HHHPPHHHHH');
    expect(chart.pairs['A,A'].join('')).toBe('PPPPPPPPPP');
    expect(chart.pairs['10,10'].join('')).toBe('SSSSSSSSSS');
  });
});
