import { compileSource } from '/work/wt/recovery/src/compiler/index.js';
import { formatDiagnostics } from '/work/wt/recovery/src/diagnostics/format.js';
const base = (body: string, decl = '') => `game "K" {
  players Alice, Bob
  stack 10 each
  deck { ranks J = 11, Q = 12, K = 13; suits hearts; copies 1 }
${decl}  phase Setup {
${body}
  }
  phase Bet {
    betting fixed { bet 1; raises at most 1; first Alice }
  }
  showdown high-card
}
`;
const cases: [string, string][] = [
  ['raise at most', base('    betting fixed { bet 1; raise at most 2 }')],
  ['if without public', base('    var2\n    if pot > 1 {\n      ante 1 each\n    }').replace('    var2\n','')],
  ['winner pays Bob', base('    auction sealed {\n      bids 0..4\n      tie coinflip\n      winner pays Bob\n      prize { ante 1 each }\n    }')],
  ['phase Set-up', base('    shuffle deck').replace('phase Setup', 'phase Set-up')],
  ['showdown in phase', base('    shuffle deck\n    showdown high-card')],
  ['showdown highcard', base('    shuffle deck').replace('showdown high-card', 'showdown highcard')],
  ['bet n', base('    betting fixed { bet n; first Alice }')],
  ['facedown', base('    deal 1 to each facedown')],
  ['players Alice Bob', base('    shuffle deck').replace('players Alice, Bob', 'players Alice Bob')],
  ['copies 100', base('    shuffle deck').replace('copies 1 }', 'copies 100\n  }')],
  ['bids 4..0', base('    auction sealed {\n      bids 4..0\n      tie coinflip\n      winner pays pot\n      prize { ante 1 each }\n    }')],
  ['missing each', base('    ante 1\n    shuffle deck')],
];
const only = process.argv[2];
for (const [n, s] of cases) { if (only && !n.includes(only)) continue; console.log('=== ' + n); console.log(formatDiagnostics('g.gbg', s, compileSource(s).diagnostics) || '(none)'); }
