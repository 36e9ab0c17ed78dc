/**
 * A deal from an empty deck: the rest of the deal is skipped with a public notice (seed
 * rulebook, Information: skipped draws emit a notice), seen by both seats.
 */
import { describe, expect, it } from 'vitest';
import { compileSource } from '../../src/compiler/index.js';
import { compileGame, CHANCE } from '../../src/interpreter/index.js';

const SRC = `game "Short deck" {
  players Alice, Bob
  stack 10 each
  deck { ranks J = 11, Q = 12, K = 13; suits hearts }
  phase Setup {
    shuffle deck
    ante 1 each
  }
  phase Draws {
    repeat up to 2 rounds as r {
      deal 1 to each face down
    }
  }
  phase Bet {
    betting fixed { bet 1; raises at most 1; first Alice }
  }
  showdown high-card
}
`;

describe('a deal from an empty deck', () => {
  it('deals what is left and tells both seats how many cards were not dealt', () => {
    const r = compileSource(SRC);
    expect(r.ir).not.toBeNull();
    const state = compileGame(r.ir!).newInitialState();
    while (state.currentPlayer() === CHANCE) state.applyAction(state.legalActions()[0]!);
    for (const seat of [0, 1]) {
      const skips = state.observation(seat).log.filter((e) => e.kind === 'skip');
      expect(skips.map((e) => e.text)).toEqual(['The deck is empty: 1 card not dealt.']);
    }
    expect(state.observation(0).log.filter((e) => e.kind === 'deal').length).toBe(3);
  });
});
