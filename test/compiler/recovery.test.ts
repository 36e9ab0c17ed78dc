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
  "a rank value changed to another rank's (poker-hand): one error, the first rank as a note": [
    "g.gbg:5:7: error[E0245]: rank 'A' has the value 12 of another rank: a poker-hand showdown needs distinct rank values",
    "  |",
    "5 |       A = 12; suits hearts; copies 1",
    "  |       ^^^^^^",
    "  = note: line 4: rank 'Q' has the value 12",
    "",
    "g.gbg: 1 error",
    ""
  ],
  "a rank renamed to another rank's name: the duplicate, the first as a note": [
    "g.gbg:6:7: error[E0204]: duplicate rank 'J'",
    "  |",
    "6 |       J = 13",
    "  |       ^",
    "  = note: line 4: the first 'J'",
    "",
    "g.gbg: 1 error",
    ""
  ],
  "a pile renamed to a seat's name: one error, the old name's uses in its help": [
    "g.gbg:5:8: error[E0204]: duplicate name 'Bob': a seat already has it",
    "  |",
    "5 |   pile Bob public",
    "  |        ^^^",
    "  = help: 'board' is used on line 8 but declared nowhere: is this the declaration of 'board'?",
    "  = note: line 2: the first 'Bob'",
    "",
    "g.gbg: 1 error",
    ""
  ],
  "an option renamed to the other option's name: one error, at the duplicate": [
    "g.gbg:8:21: error[E0222]: duplicate option 'Hold'",
    "  |",
    "8 |       options Hold, Hold",
    "  |                     ^^^^",
    "  = help: the outcomes name an option 'Fold' that is not declared: is this option meant to be 'Fold'?",
    "  = note: line 8: the first 'Hold'",
    "",
    "g.gbg: 1 error",
    ""
  ],
  "a seat renamed: its uses as a seat and as a pile are one error": [
    "g.gbg:6:15: error[E0202]: unknown pile 'Alice'",
    "  |",
    "6 |     deal 1 to Alice face down",
    "  |               ^^^^^",
    "  = help: piles here: deck, Carol, Bob (declare one with `pile Alice public`); also used on line 10",
    "",
    "g.gbg: 1 error",
    ""
  ],
  "a stack too small for the antes: one error at the ante, the stack as a note": [
    "g.gbg:6:5: error[E0210]: each seat must ante 1 chips in total but starts with 0",
    "  |",
    "6 |     ante 1 each",
    "  |     ^^^^^^^^^^^",
    "  = note: line 3: the starting stacks",
    "",
    "g.gbg: 1 error",
    ""
  ],
  "a deal that empties the deck: one error at the next deal, the deck and earlier deals as notes": [
    "g.gbg:7:5: error[E0207]: this deal takes 1 card to each seat (2 cards) from the deck, which holds 1 at this point",
    "  |",
    "7 |     deal 1 to each face down",
    "  |     ^^^^^^^^^^^^^^^^^^^^^^^^",
    "  = help: the deck has 3 ranks × 1 suits × 1 copies",
    "  = note: line 4: the ranks",
    "  = note: line 4: the suits",
    "  = note: line 6: an earlier deal from the deck",
    "",
    "g.gbg: 1 error",
    ""
  ],
  "fallback bet in fixed betting without bet: one error": [
    "g.gbg:7:21: error[E0230]: `fallback bet` does not apply to fixed betting: write `bet N` (the bet size)",
    "  |",
    "7 |     betting fixed { fallback bet 1; raises at most 1; first Alice }",
    "  |                     ^^^^^^^^^^^^^^",
    "",
    "g.gbg: 1 error",
    ""
  ],
  "bet SEAT next to a second bet in variable betting: one error, at the seat": [
    "g.gbg:8:11: error[E0248]: the smallest bet of variable betting must be a whole number, not an expression",
    "  |",
    "8 |       bet Alice",
    "  |           ^^^^^",
    "  = help: expressions are allowed in `pay`, in the bet size of fixed betting, as the largest wager and as an option cost",
    "",
    "g.gbg: 1 error",
    ""
  ],
  "bet SEAT in variable betting without a raise rule: one error": [
    "g.gbg:8:7: error[E0230]: `bet N` (the smallest bet) applies to variable betting with `raises no-limit` or `raises pot-limit`",
    "  |",
    "8 |       bet Bob",
    "  |       ^^^^^^^",
    "",
    "g.gbg: 1 error",
    ""
  ],
  "a comparison of two seat names: one error, at the first": [
    "g.gbg:7:8: error[E0219]: unknown variable 'Alice'",
    "  |",
    "7 |     if Alice != Bob public {",
    "  |        ^^^^^",
    "  = help: declare it with `var Alice = 0`",
    "",
    "g.gbg: 1 error",
    ""
  ],
  "a sub-phase renamed to a phase's name: one error, at the duplicate": [
    "g.gbg:12:12: error[E0204]: duplicate phase 'Bet'",
    "   |",
    "12 |   subphase Bet {",
    "   |            ^^^",
    "   = help: 'Extra' is used on line 7 but declared nowhere: is this the declaration of 'Extra'?",
    "   = note: line 9: the first 'Bet'",
    "",
    "g.gbg: 1 error",
    ""
  ],
  "max N in fixed betting without bet: one error": [
    "g.gbg:8:7: error[E0230]: `max` does not apply to fixed betting: write `bet N` (the bet size)",
    "  |",
    "8 |       max 1",
    "  |       ^^^^^",
    "",
    "g.gbg: 1 error",
    ""
  ],
  "a declaration starting on the line where a wrong one ends: one error": [
    "g.gbg:12:3: error[E0214]: `pair-with-board` needs the board: write `using NAME`",
    "   |",
    "12 |   showdown pair-with-board players board",
    "   |   ^^^^^^^^^^^^^^^^^^^^^^^^",
    "   = help: e.g. `using board`",
    "",
    "g.gbg: 1 error",
    ""
  ],
  "ranks given twice (a comma replaced by ranks): one error, the later ranks still declared": [
    "g.gbg:4:31: error[E0205]: `ranks` is given twice in the deck",
    "  |",
    "4 |   deck { ranks J = 11, Q = 12 ranks K = 13; suits hearts; copies 1 }",
    "  |                               ^^^^^^^^^^^^",
    "  = note: line 4: the first `ranks`",
    "",
    "g.gbg: 1 error",
    ""
  ],
  "betting variable with the settings of fixed betting: one error, at the round": [
    "g.gbg:7:5: error[E0230]: this round has `bet N` and `raises at most N`, the settings of fixed betting: write `betting fixed`, or give variable betting `raises no-limit`, `raises pot-limit` or `fallback bet N`",
    "  |",
    "7 |     betting variable {",
    "  |     ^^^^^^^^^^^^^^^^^^",
    "",
    "g.gbg: 1 error",
    ""
  ],
  "a bad character inside a condition: one error, the character": [
    "g.gbg:7:14: error[E0101]: unexpected character '.'",
    "  |",
    "7 |     if stack1.5 > 2 public {",
    "  |              ^",
    "",
    "g.gbg: 1 error",
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
