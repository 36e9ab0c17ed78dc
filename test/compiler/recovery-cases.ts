/**
 * The mistakes of issue 20 ("one mistake, one diagnostic, at the right place"), each as an edit of
 * a valid Kuhn-like game; `test/compiler/recovery.test.ts` holds the exact text `check` prints.
 */

/**
 * A valid game whose `phase Setup` holds `steps`; `edit` rewrites the whole text (to put the
 * mistake outside the phase).
 */
export function game(steps: string, edit: (s: string) => string = (s) => s): string {
  return edit(`game "K" {
  players Alice, Bob
  stack 10 each
  deck { ranks J = 11, Q = 12, K = 13; suits hearts; copies 1 }
  phase Setup {
${steps}
  }
  phase Bet {
    betting fixed { bet 1; raises at most 1; first Alice }
  }
  showdown high-card
}
`);
}

export interface RecoveryCase {
  name: string;
  steps: string;
  edit?: (s: string) => string;
}

export const CASES: RecoveryCase[] = [
  { name: 'raise at most 2 (a misspelt setting inside a betting block)', steps: '    deal 1 to each face down\n    betting fixed { bet 1; raise at most 2 }' },
  { name: 'if pot > 1 { without public or private', steps: '    deal 1 to each face down\n    if pot > 1 {\n      ante 1 each\n    }' },
  {
    name: 'winner pays Bob (a seat where pot or opponent belongs)',
    steps: '    deal 1 to each face down\n    auction sealed {\n      bids 0..4\n      tie coinflip\n      winner pays Bob\n      prize { ante 1 each }\n    }',
  },
  { name: 'phase Set-up (a hyphen in a name)', steps: '    deal 1 to each face down', edit: (s) => s.replace('phase Setup', 'phase Set-up') },
  { name: 'showdown inside a phase', steps: '    deal 1 to each face down\n    showdown high-card' },
  {
    name: 'showdown highcard (one error, and the metric suggested)',
    steps: '    deal 1 to each face down',
    edit: (s) => s.replace('showdown high-card', 'showdown highcard'),
  },
  {
    name: 'raises at most n (one error, and no keyword suggested for a number)',
    steps: '    deal 1 to each face down\n    betting fixed { bet 1; raises at most n; first Alice }',
  },
  {
    name: 'bet n (a bet size may be an expression: one error, the unknown variable)',
    steps: '    deal 1 to each face down\n    betting fixed { bet n; first Alice }',
  },
  { name: 'deal 1 to each facedown expects face down', steps: '    deal 1 to each facedown' },
  {
    name: 'players Alice Bob expects a comma between seat names',
    steps: '    deal 1 to each face down',
    edit: (s) => s.replace('players Alice, Bob', 'players Alice Bob'),
  },
  { name: 'copies 400 is reported at the number of copies', steps: '    deal 1 to each face down', edit: (s) => s.replace('copies 1 }', 'copies 400 }') },
  {
    name: 'bids 4..0 is reported once, at the range',
    steps: '    deal 1 to each face down\n    auction sealed {\n      bids 4..0\n      tie coinflip\n      winner pays pot\n      prize { ante 1 each }\n    }',
  },
  { name: 'a missing each is reported on its own line', steps: '    ante 1\n    deal 1 to each face down' },
  {
    name: 'a deleted } is reported where the text stops making sense',
    steps: '    deal 1 to each face down',
    edit: (s) => s.replace('face down\n  }\n', 'face down\n\n'),
  },
  // Found by bench/mutants.ts: one-token mutants of the examples that gave two errors or one away from the change.
  {
    name: "a rank value changed to another rank's (poker-hand): one error, the first rank as a note",
    steps: '    deal 1 to each face down',
    edit: (s) =>
      s
        .replace('ranks J = 11, Q = 12, K = 13; suits hearts; copies 1 }', 'ranks J = 11, Q = 12, K = 13\n    ranks Q = 12\n  }')
        .replace('ranks Q = 12\n', '')
        .replace('K = 13\n', 'K = 13,\n      A = 12; suits hearts; copies 1\n')
        .replace('showdown high-card', 'showdown poker-hand'),
  },
  {
    name: "a rank renamed to another rank's name: the duplicate, the first as a note",
    steps: '    deal 1 to each face down',
    edit: (s) => s.replace('ranks J = 11, Q = 12, K = 13; suits hearts; copies 1 }', 'ranks J = 11,\n      Q = 12,\n      J = 13\n    suits hearts\n  }'),
  },
  {
    name: "a pile renamed to a seat's name: one error, the old name's uses in its help",
    steps: '    deal 1 to each face down\n    deal 1 to board face up',
    edit: (s) => s.replace('  phase Setup', '  pile Bob public\n  phase Setup'),
  },
  {
    name: "an option renamed to the other option's name: one error, at the duplicate",
    steps:
      '    deal 1 to each face down\n    simultaneous {\n      options Hold, Hold\n      outcome Hold/Fold { ante 1 each }\n      outcome Fold/Hold { ante 1 each }\n    }',
  },
  {
    name: "a sub-phase renamed to a phase's name: one error, at the duplicate",
    steps: '    deal 1 to each face down\n    call Extra',
    edit: (s) => s.replace('  showdown high-card', '  subphase Bet {\n    ante 1 each\n  }\n  showdown high-card'),
  },
  {
    name: 'a seat renamed: its uses as a seat and as a pile are one error',
    steps: '    deal 1 to Alice face down\n    deal 1 to Bob face down',
    edit: (s) => s.replace('players Alice, Bob', 'players Carol, Bob'),
  },
  {
    name: 'a stack too small for the antes: one error at the ante, the stack as a note',
    steps: '    ante 1 each\n    deal 1 to each face down',
    edit: (s) => s.replace('stack 10 each', 'stack 0 each'),
  },
  {
    name: 'a deal that empties the deck: one error at the next deal, the deck and earlier deals as notes',
    steps: '    deal 2 to Alice face down\n    deal 1 to each face down',
  },
  {
    name: 'fallback bet in fixed betting without bet: one error',
    steps: '    deal 1 to each face down\n    betting fixed { fallback bet 1; raises at most 1; first Alice }',
  },
  {
    name: 'bet SEAT next to a second bet in variable betting: one error, at the seat',
    steps: '    deal 1 to each face down\n    betting variable {\n      bet Alice\n      raises no-limit\n      bet 2\n    }',
  },
  {
    name: 'bet SEAT in variable betting without a raise rule: one error',
    steps: '    deal 1 to each face down\n    betting variable {\n      bet Bob\n      max 4\n      fallback bet 1\n    }',
  },
  {
    name: 'a comparison of two seat names: one error, at the first',
    steps: '    deal 1 to each face down\n    if Alice != Bob public {\n      ante 1 each\n    }',
  },
  {
    name: 'max N in fixed betting without bet: one error',
    steps: '    deal 1 to each face down\n    betting fixed {\n      max 1\n      raises at most 1\n    }',
  },
  {
    name: 'a declaration starting on the line where a wrong one ends: one error',
    steps: '    deal 1 to each face down',
    edit: (s) => s.replace('  showdown high-card', '  pile board public\n  showdown pair-with-board players board'),
  },
  {
    name: 'ranks given twice (a comma replaced by ranks): one error, the later ranks still declared',
    steps: '    deal 1 to each face down\n    if hand(Alice) has K public {\n      ante 1 each\n    }',
    edit: (s) => s.replace('Q = 12, K = 13', 'Q = 12 ranks K = 13'),
  },
  {
    name: 'betting variable with the settings of fixed betting: one error, at the round',
    steps: '    deal 1 to each face down\n    betting variable {\n      bet 4\n      raises at most 3\n    }',
  },
  {
    name: 'a bad character inside a condition: one error, the character',
    steps: '    deal 1 to each face down\n    if stack1.5 > 2 public {\n      ante 1 each\n    }',
  },
  {
    name: 'two mistakes in two phases give two errors',
    steps: '    deal 1 to each face down\n    betting fixed { bet 1; raise at most 2 }',
    edit: (s) => s.replace('first Alice }', 'frist Alice }'),
  },
];
