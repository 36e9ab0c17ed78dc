/**
 * Malformed `.gbg` inputs with the diagnostics they must produce: [code, line, column] each,
 * in order. Positions are 1-based.
 */
import type { DiagnosticCode } from '../../src/diagnostics/catalogue.js';

export interface MalformedCase {
  name: string;
  source: string;
  expected: [DiagnosticCode, number, number][];
}

/** A valid Kuhn-like game with `{{…}}` slots, to build cases from. */
const kuhn = (body: string, extra = '') => `game "K" {
  players Alice, Bob
  stack 10 each
  deck { ranks J = 11, Q = 12, K = 13; suits hearts }
${extra}  phase Setup {
${body}
  }
  showdown high-card
}
`;

export const MALFORMED: MalformedCase[] = [
  { name: 'empty file', source: '', expected: [['E0107', 1, 1]] },
  { name: 'only comments', source: '// nothing here\n/* still nothing */\n', expected: [['E0107', 1, 1]] },
  { name: 'binary garbage', source: 'game \u0000\u0001\u0002 "K"', expected: [['E0110', 1, 6]] },
  { name: 'unexpected character', source: kuhn('    shuffle deck @'), expected: [['E0101', 6, 18]] },
  { name: 'unterminated string', source: 'game "Kuhn {\n}\n', expected: [['E0102', 1, 6]] },
  { name: 'unterminated block comment', source: 'game "K" {\n  /* never closed\n', expected: [['E0103', 2, 3]] },
  { name: 'misspelt step keyword', source: kuhn('    shufle deck'), expected: [['E0105', 6, 5]] },
  { name: 'misspelt declaration keyword', source: kuhn('    shuffle deck').replace('players', 'playrs'), expected: [['E0105', 2, 3]] },
  { name: 'missing closing brace of the game', source: kuhn('    shuffle deck').replace(/}\n$/, ''), expected: [['E0104', 8, 21]] },
  { name: 'missing opening brace of a phase', source: kuhn('    shuffle deck').replace('phase Setup {', 'phase Setup'), expected: [['E0104', 5, 14]] },
  { name: 'stray closing brace', source: `${kuhn('    shuffle deck')}}\n`, expected: [['E0106', 10, 1]] },
  { name: 'missing number in a deal', source: kuhn('    deal to each'), expected: [['E0104', 6, 10]] },
  { name: 'decimal where a whole number is needed', source: kuhn('    deal 1.5 to each'), expected: [['E0104', 6, 10]] },
  { name: 'number too large', source: kuhn('    deal 99999999999 to each'), expected: [['E0108', 6, 10]] },
  { name: 'unknown seat as first actor', source: kuhn('    ante 1 each\n    betting fixed { bet 1; first Carol }'), expected: [['E0201', 7, 34]] },
  { name: 'unknown pile in a deal', source: kuhn('    deal 1 to board face up'), expected: [['E0202', 6, 15]] },
  { name: 'duplicate seat name', source: kuhn('    shuffle deck').replace('players Alice, Bob', 'players Alice, Alice'), expected: [['E0204', 2, 18]] },
  { name: 'duplicate phase name', source: kuhn('    shuffle deck', '  phase Setup { ante 1 each }\n'), expected: [['E0204', 6, 9]] },
  { name: 'pile named like a seat', source: kuhn('    shuffle deck', '  pile Bob public\n'), expected: [['E0204', 5, 8]] },
  { name: 'duplicate deck', source: kuhn('    shuffle deck', '  deck { ranks A = 14; suits spades }\n'), expected: [['E0205', 5, 3]] },
  {
    name: 'deal of 7 cards from a 6-card deck',
    source: kuhn('    deal 7 to each').replace('suits hearts', 'suits hearts, spades'),
    expected: [['E0207', 6, 5]],
  },
  { name: 'second deal exhausts the deck', source: kuhn('    deal 1 to each\n    deal 1 to each'), expected: [['E0207', 7, 5]] },
  { name: 'raise cap below 1', source: kuhn('    betting fixed { bet 1; raises at most 0 }'), expected: [['E0209', 6, 43]] },
  { name: 'stack too small for the antes', source: kuhn('    ante 6 each\n    ante 5 each'), expected: [['E0210', 7, 5]] },
  { name: 'seven players', source: kuhn('    shuffle deck').replace('players Alice, Bob', 'players Alice, Bob, C, D, E, F, G'), expected: [['E0211', 2, 35]] },
  { name: 'one player', source: kuhn('    shuffle deck').replace('players Alice, Bob', 'players Alice'), expected: [['E0211', 2, 3]] },
  { name: 'blinds placed by the button in a game without one', source: kuhn('    blinds 1, 2'), expected: [['E0250', 6, 5]] },
  { name: 'odd chip left of a button the game lacks', source: kuhn('    shuffle deck', '  odd chip left of button\n'), expected: [['E0250', 5, 3]] },
  {
    name: 'a two-seat game with a button and named blinds (undefined when Bob holds the button)',
    source: kuhn('    blinds Alice 1, Bob 2', '  button\n'),
    expected: [['E0251', 7, 5]],
  },
  {
    name: 'a two-seat game with a button and a betting round without a first seat',
    source: kuhn('    blinds 1, 2\n    betting fixed { bet 1 }', '  button\n'),
    expected: [['E0251', 8, 5]],
  },
  {
    name: 'a two-seat step at a three-seat table',
    source: kuhn('    wager Alice 1..2').replace('players Alice, Bob', 'players Alice, Bob, Carol'),
    expected: [['E0252', 6, 5]],
  },
  { name: 'zero ante', source: kuhn('    ante 0 each'), expected: [['E0212', 6, 10]] },
  { name: 'betting round without a bet size', source: kuhn('    betting fixed { raises at most 2 }'), expected: [['E0213', 6, 5]] },
  {
    name: 'pair-with-board without a board',
    source: kuhn('    shuffle deck').replace('showdown high-card', 'showdown pair-with-board'),
    expected: [['E0214', 8, 3]],
  },
  { name: 'deal from a pile into itself', source: kuhn('    deal 1 from deck to deck'), expected: [['E0215', 6, 5]] },
  {
    name: 'missing stack and showdown',
    source: kuhn('    shuffle deck').replace('  stack 10 each\n', '').replace('  showdown high-card\n', ''),
    expected: [
      ['E0206', 1, 6],
      ['E0206', 1, 6],
    ],
  },
  { name: 'sub-phase calling itself', source: kuhn('    call Again', '  subphase Again { call Again }\n'), expected: [['E0224', 5, 12]] },
  { name: 'calling a phase', source: kuhn('    call Setup'), expected: [['E0203', 6, 10]] },
  { name: 'unknown sub-phase', source: kuhn('    call Nowhere'), expected: [['E0203', 6, 10]] },
  { name: 'winner outside an auction', source: kuhn('    pay 1 from winner to pot'), expected: [['E0217', 6, 16]] },
  { name: 'two quantifiers in one comparison', source: kuhn('    if stack(any) < stack(each) public { shuffle deck }'), expected: [['E0218', 6, 8]] },
  { name: 'unknown variable', source: kuhn('    set x = 1'), expected: [['E0219', 6, 9]] },
  { name: 'unknown position', source: kuhn('    assign Leader to chip-leader'), expected: [['E0220', 6, 12]] },
  { name: 'unknown rank', source: kuhn('    if hand(Alice) has A public { shuffle deck }'), expected: [['E0221', 6, 24]] },
  { name: 'outcome naming an unknown option', source: kuhn('    simultaneous { options Hold, Parry; outcome Hold/Run { } }'), expected: [['E0222', 6, 54]] },
  { name: 'choice whose options all cost', source: kuhn('    choice Alice public { option a cost 1 { } option b cost 2 { } }'), expected: [['E0223', 6, 5]] },
  {
    name: 'empty bid range',
    source: kuhn('    auction sealed { bids 3..1; tie coinflip; winner pays pot; prize { deal 1 to winner } }'),
    expected: [['E0225', 6, 27]],
  },
  { name: 'chance over 100%', source: kuhn('    choice Alice public { option a cost 1 at 150% { } option b { } }'), expected: [['E0226', 6, 46]] },
  { name: 'empty auction prize', source: kuhn('    auction sealed { bids 0..3; tie coinflip; winner pays pot; prize { } }'), expected: [['E0227', 6, 5]] },
  { name: 'swap with oneself', source: kuhn('    swap random card between Alice and Alice public'), expected: [['E0229', 6, 5]] },
  { name: 'fixed-betting setting in a variable round', source: kuhn('    betting variable { bet 2; fallback bet 1 }'), expected: [['E0230', 6, 24]] },
  {
    name: 'deck larger than the engine holds',
    source: kuhn('    shuffle deck').replace('suits hearts }', 'suits hearts; copies 347 }'),
    expected: [['E0231', 4, 61]],
  },
  { name: 'loop bound too large', source: kuhn('    repeat up to 5000 rounds as r { shuffle deck }'), expected: [['E0232', 6, 5]] },
  { name: 'parentheses nested too deeply', source: kuhn(`    if ${'('.repeat(70)}true${')'.repeat(70)} public { }`), expected: [['E0233', 6, 70]] },
  { name: 'deal from a hand to each seat', source: kuhn('    deal 1 from Bob to each'), expected: [['E0215', 6, 5]] },
  {
    name: 'auction inside an auction prize',
    source: kuhn(
      '    auction sealed { bids 0..2; tie coinflip; winner pays pot; prize { deal 1 to winner; auction sealed { bids 0..2; tie coinflip; winner pays pot; prize { deal 1 to winner } } } }',
    ),
    expected: [['E0243', 6, 90]],
  },
  { name: 'number too large (a stack)', source: kuhn('    shuffle deck').replace('stack 10 each', 'stack 1000001 each'), expected: [['E0240', 3, 9]] },
  {
    name: 'too many bids to choose from',
    source: kuhn('    auction sealed { bids 0..5000; tie coinflip; winner pays pot; prize { deal 1 to winner } }'),
    expected: [['E0241', 6, 5]],
  },
  { name: 'wager up to a huge stack', source: kuhn('    wager Alice 1..stack').replace('stack 10 each', 'stack 600 each'), expected: [['E0241', 6, 5]] },
  {
    name: 'variable bets up to a huge stack',
    source: kuhn('    betting variable { max stack; fallback bet 1; first Alice }').replace('stack 10 each', 'stack 600 each'),
    expected: [['E0241', 6, 5]],
  },
  {
    name: 'nested loops too long',
    source: kuhn('    repeat up to 1000 rounds as a { repeat up to 11 rounds as b { shuffle deck } }'),
    expected: [['E0242', 6, 5]],
  },
  {
    name: 'nested loops through a sub-phase',
    source: kuhn('    repeat up to 200 rounds as a { call S }', '  subphase S { repeat up to 100 rounds as b { shuffle deck } }\n'),
    expected: [['E0242', 7, 5]],
  },
  { name: 'empty game name', source: kuhn('    shuffle deck').replace('game "K"', 'game ""'), expected: [['E0234', 5, 9]] },
  {
    name: 'chain of sub-phases too long',
    source: kuhn('    call S0', Array.from({ length: 70 }, (_, i) => `  subphase S${i} { ${i < 69 ? `call S${i + 1}` : 'shuffle deck'} }\n`).join('')),
    expected: [['E0233', 5, 12]],
  },
  {
    name: 'several errors in one run',
    source: kuhn('    shufle deck\n    deal 1 to each\n    betting fixed { bet 1 raises at most }\n    dael 2 to each'),
    expected: [
      ['E0105', 6, 5],
      ['E0104', 8, 42],
      ['E0105', 9, 5],
    ],
  },
  {
    name: 'several semantic errors in one run',
    source: kuhn('    ante 1 from Carol\n    deal 1 to board\n    betting fixed { bet 0; first Dave }'),
    expected: [
      ['E0201', 6, 17],
      ['E0202', 7, 15],
      ['E0212', 8, 25],
      ['E0201', 8, 34],
    ],
  },
  {
    // error recovery re-entered the step rule and reported 'Bob' and 'check' a second time as unknown words
    name: 'one mistake, one diagnostic: three mistakes give three diagnostics',
    source: kuhn('    if Bob { shuffle deck }\n    ante 1 from\n    deal to each'),
    expected: [
      ['E0105', 6, 8],
      ['E0104', 7, 16],
      ['E0104', 8, 10],
    ],
  },
  { name: 'unknown escape in a string', source: 'game "Kuhn \\q poker" { players Alice, Bob }', expected: [['E0111', 1, 12]] },
  { name: 'line break in the game name', source: 'game "x\\n## Injected section\\n1. fake rule" { players Alice, Bob }', expected: [['E0112', 1, 6]] },
  { name: 'control character written as \\u in an end reason', source: kuhn('    end winner Alice "over\\u0007"'), expected: [['E0112', 6, 22]] },
  { name: 'a tab inside a string', source: 'game "a\tb" { players Alice, Bob }', expected: [['E0112', 1, 6]] },
  // columns count code points: the caret after an astral character (U+1F0A1, two UTF-16 units) is right
  { name: 'column after an astral character', source: kuhn('    shuffle deck // 🂡\n    /* 🂡🂡 */ shufle deck'), expected: [['E0105', 7, 14]] },
  { name: 'both blinds from one seat', source: kuhn('    blinds Alice 1, Alice 2'), expected: [['E0246', 6, 21]] },
  {
    name: 'poker-hand showdown with two ranks of one value',
    source: kuhn('    shuffle deck').replace('showdown high-card', 'showdown poker-hand').replace('K = 13', 'K = 12'),
    expected: [['E0245', 4, 32]],
  },
  {
    name: 'poker-hand showdown on a hidden pile',
    source: kuhn('    shuffle deck', '  pile stash hidden\n').replace('showdown high-card', 'showdown poker-hand using stash'),
    expected: [['E0214', 9, 29]],
  },
  { name: 'minimum bet in a variable round without raises', source: kuhn('    betting variable { bet 2; fallback bet 1 }'), expected: [['E0230', 6, 24]] },
  { name: 'max in a no-limit round', source: kuhn('    betting variable { raises no-limit; max 5 }'), expected: [['E0230', 6, 41]] },
  {
    name: 'highest card of a hidden pile in a condition',
    source: kuhn('    if highest(stash) > 1 public { pay 1 from Alice to pot }', '  pile stash hidden\n'),
    expected: [['E0247', 7, 8]],
  },
  {
    name: 'rank test on a hidden pile',
    source: kuhn('    if stash has K public { pay 1 from Alice to pot }', '  pile stash hidden\n'),
    expected: [['E0247', 7, 8]],
  },
  { name: 'lowest of a seat', source: kuhn('    if lowest(Alice) > 1 public { pay 1 from Alice to pot }'), expected: [['E0247', 6, 15]] },
  { name: 'rank test on a seat name instead of a pile', source: kuhn('    if Alice has K public { pay 1 from Alice to pot }'), expected: [['E0202', 6, 8]] },
  { name: 'face-down deal to a public pile', source: kuhn('    deal 1 to board face down', '  pile board public\n'), expected: [['E0244', 7, 5]] },
  // Option costs from expressions: never from a seat's cards (E0249, at the card read), one named seat, and one option that may be free.
  {
    name: "option cost from a seat's cards",
    source: kuhn('    choice Alice private { option peek cost 1 + highest(Alice) { } option pass { } }'),
    expected: [['E0249', 6, 49]],
  },
  {
    name: "option cost from the opponent's cards",
    source: kuhn('    choice Alice public { option peek cost pot * highest(Bob) at 50% { } option pass { } }'),
    expected: [['E0249', 6, 50]],
  },
  {
    name: 'option cost with a quantified seat',
    source: kuhn('    choice Alice public { option peek cost stack(any) { } option pass { } }'),
    expected: [['E0218', 6, 44]],
  },
  {
    name: 'option costs from expressions that are never 0',
    source: kuhn('    choice Alice public { option a cost pot + 1 { } option b cost 2 * size(deck) + 1 { } }'),
    expected: [['E0223', 6, 5]],
  },
  {
    name: 'an option cost as an expression where a number is missing',
    source: kuhn('    choice Alice public { option a cost 2 * { } option pass { } }'),
    expected: [['E0105', 6, 45]],
  },
];
