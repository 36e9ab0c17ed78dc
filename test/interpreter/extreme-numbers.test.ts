/**
 * No valid program may crash or stall the interpreter (issue 10, item 6): generated programs whose
 * numbers are replaced by extreme ones either fail `check` with a diagnostic, or simulate a few
 * episodes of random play to the end, with every decision's menu within the compile-time bound.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { compileSource } from '../../src/compiler/index.js';
import { compileGame, episodeRng, sampleChanceOutcome, CHANCE } from '../../src/interpreter/index.js';
import { MAX_AMOUNTS } from '../../src/compiler/checks/menu-size.js';
import { arbitraryProgram } from '../support/arbitrary-program.js';

const EXTREME = [0, 1, 999, 1000, 1001, 9999, 10000, 999_999, 1_000_000, 1_000_001, 123_456_789, 1_000_000_000];

/** Replace some whole numbers of a program (not inside strings or names) by extreme values: pick k ≥ EXTREME.length keeps the number. */
function withExtremeNumbers(source: string, picks: readonly number[]): string {
  let i = 0;
  return source.replace(/("(?:[^"\\]|\\.)*")|(?<![A-Za-z_0-9])\d+(?![A-Za-z_0-9%])/g, (m, str: string | undefined) => {
    if (str) return m;
    const k = picks[i++ % picks.length]! % (2 * EXTREME.length);
    return k < EXTREME.length ? String(EXTREME[k]) : m;
  });
}

describe('programs with extreme numbers', () => {
  it('pass check only if they play: 3 random episodes end, every menu has at most MAX_AMOUNTS actions', () => {
    let played = 0;
    fc.assert(
      fc.property(arbitraryProgram({ withComments: false }), fc.array(fc.nat(), { minLength: 1, maxLength: 12 }), ({ source }, picks) => {
        const r = compileSource(withExtremeNumbers(source, picks));
        if (!r.ir) {
          expect(r.diagnostics.length).toBeGreaterThan(0);
          return;
        }
        const game = compileGame(r.ir);
        for (let e = 0; e < 3; e++) {
          const rng = episodeRng(7, e);
          const s = game.newInitialState();
          let steps = 0;
          while (!s.isTerminal()) {
            expect(++steps).toBeLessThan(200_000);
            if (s.currentPlayer() === CHANCE) s.applyAction(sampleChanceOutcome(s, rng));
            else {
              const legal = s.legalActions();
              expect(legal.length).toBeGreaterThan(0);
              expect(legal.length).toBeLessThanOrEqual(MAX_AMOUNTS + 2);
              s.applyAction(legal[Math.floor(rng() * legal.length)]!);
            }
          }
          const [a, b] = s.returns();
          expect(a + b).toBe(0);
        }
        played++;
      }),
      { numRuns: 120, seed: 10 },
    );
    expect(played).toBeGreaterThan(10);
  });
});
