/**
 * W0106 (no hidden information at any decision) at a table of three seats: every seat's cards
 * count, not only the first two seats'. A face-down card of the third seat is hidden from the two
 * others, so the game has hidden information; with every card face up it has none.
 */
import { describe, expect, it } from 'vitest';
import { compileSource } from '../../src/compiler/index.js';

/** A three-seat table dealing A, B and C one card each, `faceDownSeat` face down (the others face up); null: all face up. */
function table(faceDownSeat: string | null): string {
  const deal = ['A', 'B', 'C'].map((s) => `    deal 1 to ${s} ${s === faceDownSeat ? 'face down' : 'face up'}`).join('\n');
  return `game "W0106 at a table" {
  players A, B, C
  stack 10 each
  button
  deck { ranks 2 = 2, 3 = 3, 4 = 4, 5 = 5; suits x, y }
  phase Deal {
    shuffle deck
    blinds 1, 2
${deal}
  }
  phase Bet { betting fixed { bet 2; raises at most 1; first left of big-blind } }
  showdown high-card
}
`;
}

const codes = (src: string): string[] => compileSource(src).diagnostics.map((d) => d.code);

describe('W0106 looks at every seat', () => {
  it('every card face up: no hidden information, W0106', () => {
    const r = compileSource(table(null));
    expect(r.ir).not.toBeNull();
    expect(codes(table(null))).toContain('W0106');
  });

  it.each(['A', 'B', 'C'])('one face-down card held by %s: hidden from the other seats, no W0106', (seat) => {
    const r = compileSource(table(seat));
    expect(r.ir).not.toBeNull();
    expect(codes(table(seat))).not.toContain('W0106');
  });
});
