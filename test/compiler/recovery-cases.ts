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
  { name: 'showdown highcard (one error, and the metric suggested)', steps: '    deal 1 to each face down', edit: (s) => s.replace('showdown high-card', 'showdown highcard') },
  { name: 'raises at most n (one error, and no keyword suggested for a number)', steps: '    deal 1 to each face down\n    betting fixed { bet 1; raises at most n; first Alice }' },
  { name: 'bet n (a bet size may be an expression: one error, the unknown variable)', steps: '    deal 1 to each face down\n    betting fixed { bet n; first Alice }' },
  { name: 'deal 1 to each facedown expects face down', steps: '    deal 1 to each facedown' },
  { name: 'players Alice Bob expects a comma between seat names', steps: '    deal 1 to each face down', edit: (s) => s.replace('players Alice, Bob', 'players Alice Bob') },
  { name: 'copies 100 is reported at the number of copies', steps: '    deal 1 to each face down', edit: (s) => s.replace('copies 1 }', 'copies 100 }') },
  {
    name: 'bids 4..0 is reported once, at the range',
    steps: '    deal 1 to each face down\n    auction sealed {\n      bids 4..0\n      tie coinflip\n      winner pays pot\n      prize { ante 1 each }\n    }',
  },
  { name: 'a missing each is reported on its own line', steps: '    ante 1\n    deal 1 to each face down' },
  { name: 'a deleted } is reported where the text stops making sense', steps: '    deal 1 to each face down', edit: (s) => s.replace('face down\n  }\n', 'face down\n\n') },
  { name: 'two mistakes in two phases give two errors', steps: '    deal 1 to each face down\n    betting fixed { bet 1; raise at most 2 }', edit: (s) => s.replace('first Alice }', 'frist Alice }') },
];
