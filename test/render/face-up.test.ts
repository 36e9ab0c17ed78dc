/**
 * Issue 10, item 8: cards dealt face up into a hand are in the state summary of the turn prompt
 * and of `gbgc play`, the log says "face up", and a seat's own face-up cards are marked as seen by
 * its opponent. A face-down deal to a public pile is refused (E0244, in the diagnostics goldens).
 */
import { describe, expect, it } from 'vitest';
import { compileSource } from '../../src/compiler/index.js';
import { CHANCE, compileGame } from '../../src/interpreter/index.js';
import { renderTurnPrompt } from '../../src/render/prompt.js';
import { describeTurn } from '../../src/cli/terminal-turn.js';

const SOURCE = `game "Open card" {
  players Alice, Bob
  stack 10 each
  deck { ranks J = 11, Q = 12, K = 13; suits hearts }
  phase Setup {
    shuffle deck
    deal 1 to Alice face down
    deal 1 to Bob face up
    ante 1 each
  }
  phase Betting {
    betting fixed { bet 1; raises at most 1; first Alice }
  }
  showdown high-card
}
`;

describe('face-up cards in a hand', () => {
  const ir = compileSource(SOURCE).ir!;
  const s = compileGame(ir).newInitialState();
  s.applyAction(s.chanceOutcomes().find(([a]) => s.actionToString(CHANCE, a) === 'J of hearts')![0]);
  s.applyAction(s.chanceOutcomes().find(([a]) => s.actionToString(CHANCE, a) === 'K of hearts')![0]);
  it('the opponent sees them in its summary and log; the holder sees them marked as visible', () => {
    expect(s.currentPlayer()).toBe(0);
    const alice = renderTurnPrompt(s.observation(0));
    expect(alice).toContain("- **Bob's face-up cards (you see them):** K of hearts");
    expect(alice).toContain('Bob is dealt K of hearts, face up.');
    const bob = renderTurnPrompt(s.observation(1));
    expect(bob).toContain('- **Your face-up cards (your opponent sees them):** K of hearts');
    expect(bob).toContain('Bob is dealt K of hearts, face up (your opponent sees it too).');
    expect(bob).not.toContain('J of hearts');
    expect(describeTurn(s.observation(0))).toContain("Bob's face-up cards: K of hearts");
  });
});
