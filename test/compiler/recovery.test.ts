/**
 * Issue 20, "one mistake, one diagnostic, at the right place": the exact text `check` prints for
 * each mistake of `recovery-cases.ts` (code, line:column, message, excerpt, caret, help).
 */
import { describe, expect, it } from 'vitest';
import { compileSource } from '../../src/compiler/index.js';
import { formatDiagnostics } from '../../src/diagnostics/format.js';
import { CASES, game } from './recovery-cases.js';

export const GOLDEN: Record<string, string[]> = {
  "raise at most 2 (a misspelt setting inside a betting block)": [
    "g.gbg:7:28: error[E0104]: expected a betting setting ('bet', 'raises at most', 'first', 'max', 'fallback bet') or '}', found 'raise'",
    "  |",
    "7 |     betting fixed { bet 1; raise at most 2 }",
    "  |                            ^^^^^",
    "  = help: did you mean 'raises'?",
    "",
    "g.gbg: 1 error",
    ""
  ],
  "if pot > 1 { without public or private": [
    "g.gbg:7:16: error[E0105]: expected 'public' or 'private', found '{'",
    "  |",
    "7 |     if pot > 1 {",
    "  |                ^",
    "",
    "g.gbg: 1 error",
    ""
  ],
  "winner pays Bob (a seat where pot or opponent belongs)": [
    "g.gbg:10:19: error[E0105]: expected 'pot' or 'opponent', found 'Bob'",
    "   |",
    "10 |       winner pays Bob",
    "   |                   ^^^",
    "",
    "g.gbg: 1 error",
    ""
  ],
  "phase Set-up (a hyphen in a name)": [
    "g.gbg:5:12: error[E0104]: expected '{', found '-'",
    "  |",
    "5 |   phase Set-up {",
    "  |            ^",
    "  = help: a name cannot contain '-': use letters, digits and '_' (Set_up)",
    "",
    "g.gbg: 1 error",
    ""
  ],
  "showdown inside a phase": [
    "g.gbg:7:5: error[E0104]: expected a step or '}', found 'showdown'",
    "  |",
    "7 |     showdown high-card",
    "  |     ^^^^^^^^",
    "  = help: 'showdown' starts a declaration of the game, which cannot be inside a phase or sub-phase: if the block should end before it, a '}' is missing",
    "",
    "g.gbg: 1 error",
    ""
  ],
  "showdown highcard (one error, and the metric suggested)": [
    "g.gbg:11:12: error[E0105]: expected 'high-card', 'pair-with-board', 'poker-hand' or 'sum-of-ranks', found 'highcard'",
    "   |",
    "11 |   showdown highcard",
    "   |            ^^^^^^^^",
    "   = help: did you mean 'high-card'?",
    "",
    "g.gbg: 1 error",
    ""
  ],
  "raises at most n (one error, and no keyword suggested for a number)": [
    "g.gbg:7:43: error[E0104]: expected a whole number, found 'n'",
    "  |",
    "7 |     betting fixed { bet 1; raises at most n; first Alice }",
    "  |                                           ^",
    "",
    "g.gbg: 1 error",
    ""
  ],
  "bet n (a bet size may be an expression: one error, the unknown variable)": [
    "g.gbg:7:25: error[E0219]: unknown variable 'n'",
    "  |",
    "7 |     betting fixed { bet n; first Alice }",
    "  |                         ^",
    "  = help: declare it with `var n = 0`",
    "",
    "g.gbg: 1 error",
    ""
  ],
  "deal 1 to each facedown expects face down": [
    "g.gbg:6:20: error[E0105]: expected 'face down', found 'facedown'",
    "  |",
    "6 |     deal 1 to each facedown",
    "  |                    ^^^^^^^^",
    "  = help: did you mean 'face down'?",
    "",
    "g.gbg: 1 error",
    ""
  ],
  "players Alice Bob expects a comma between seat names": [
    "g.gbg:2:17: error[E0105]: expected ',' between seat names, found 'Bob'",
    "  |",
    "2 |   players Alice Bob",
    "  |                 ^^^",
    "",
    "g.gbg: 1 error",
    ""
  ],
  "copies 100 is reported at the number of copies": [
    "g.gbg:4:61: error[E0231]: the deck has 300 cards; the engine holds at most 255",
    "  |",
    "4 |   deck { ranks J = 11, Q = 12, K = 13; suits hearts; copies 100 }",
    "  |                                                             ^^^",
    "",
    "g.gbg: 1 error",
    ""
  ],
  "bids 4..0 is reported once, at the range": [
    "g.gbg:8:12: error[E0225]: the bid range 4..0 is empty",
    "  |",
    "8 |       bids 4..0",
    "  |            ^^^^",
    "",
    "g.gbg: 1 error",
    ""
  ],
  "a missing each is reported on its own line": [
    "g.gbg:6:11: error[E0105]: expected 'each' or 'from', found 'deal'",
    "  |",
    "6 |     ante 1",
    "  |           ^",
    "",
    "g.gbg: 1 error",
    ""
  ],
  "a deleted } is reported where the text stops making sense": [
    "g.gbg:8:3: error[E0104]: expected a step or '}', found 'phase'",
    "  |",
    "8 |   phase Bet {",
    "  |   ^^^^^",
    "  = help: 'phase' starts a declaration of the game, which cannot be inside a phase or sub-phase: if the block should end before it, a '}' is missing",
    "",
    "g.gbg: 1 error",
    ""
  ],
  "two mistakes in two phases give two errors": [
    "g.gbg:7:28: error[E0104]: expected a betting setting ('bet', 'raises at most', 'first', 'max', 'fallback bet') or '}', found 'raise'",
    "  |",
    "7 |     betting fixed { bet 1; raise at most 2 }",
    "  |                            ^^^^^",
    "  = help: did you mean 'raises'?",
    "",
    "g.gbg:10:46: error[E0104]: expected a betting setting ('bet', 'raises at most', 'first', 'max', 'fallback bet') or '}', found 'frist'",
    "   |",
    "10 |     betting fixed { bet 1; raises at most 1; frist Alice }",
    "   |                                              ^^^^^",
    "   = help: did you mean 'first'?",
    "",
    "g.gbg: 2 errors",
    ""
  ],
};

describe('one mistake, one diagnostic, at the right place', () => {
  it('has a golden text for every case', () => {
    expect(Object.keys(GOLDEN).sort()).toEqual(CASES.map((c) => c.name).sort());
  });

  for (const c of CASES) {
    it(c.name, () => {
      const source = game(c.steps, c.edit);
      const r = compileSource(source);
      expect(r.ir).toBeNull();
      expect(formatDiagnostics('g.gbg', source, r.diagnostics)).toBe(GOLDEN[c.name]!.join('\n'));
    });
  }

  it('the game the cases start from is valid', () => {
    const r = compileSource(game('    deal 1 to each face down'));
    expect(r.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(r.ir).not.toBeNull();
  });
});
