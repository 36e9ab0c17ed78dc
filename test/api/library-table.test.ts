/**
 * The library on a three-seat table (examples/league-holdem.gbg): `loadGame` gives the table
 * engine's game (it used to fail inside the two-seat machine), its states play by label, give each
 * seat's turn prompt with the table's numbers, and end with zero-sum returns.
 */
import { describe, expect, it } from 'vitest';
import { loadGame } from '../../src/index.js';

describe('the library at a table', () => {
  it("loads the league's table and plays a hand by labels", () => {
    const g = loadGame('examples/league-holdem.gbg');
    expect(g.numSeats).toBe(3);
    expect(g.seatNames).toEqual(['A', 'B', 'C']);
    const s = g.newInitialState({ button: 2 });
    while (s.isChanceNode()) s.applyAction(s.chanceOutcomes()[0][0]);
    // Button C: A posts the small blind, B the big blind, C acts first.
    expect(s.currentPlayer()).toBe(2);
    expect(s.turnPrompt(2)).toContain('- **Button:** C; **small blind:** A; **big blind:** B');
    expect(s.legalActionLabels().slice(0, 3)).toEqual(['fold', 'call', 'raise 200']);
    s.applyLabel('raise 300');
    s.applyLabel('fold');
    s.applyLabel('fold');
    expect(s.isTerminal()).toBe(true);
    // C wins the blinds: 50 from A, 100 from B.
    expect(s.returns()).toEqual([-50, -100, 150]);
  });
});
