import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { formatSource, NODE_PRINTERS } from '../../src/format/index.js';
import { compileSource } from '../../src/compiler/index.js';
import { numberText, quote } from '../../src/format/literals.js';
import { condNeedsParens } from '../../src/format/exprs.js';
import type { CondNode, NumberLit, Span } from '../../src/parser/ast.js';

const KUHN = readFileSync('examples/kuhn.gbg', 'utf8');
const EXAMPLES = readdirSync('examples').filter((f) => f.endsWith('.gbg'));

/** Format, then check the result is a fixed point that compiles to the same IR as the input. */
async function fmt(src: string): Promise<string> {
  const out = await formatSource(src);
  expect(await formatSource(out)).toBe(out);
  const before = compileSource(src);
  // Warnings (W0xxx) may apply to these programs (and decompiling drops `// gbgc-allow` comments): errors only.
  expect(before.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  expect(compileSource(out).rulesetHash).toBe(before.rulesetHash);
  return out;
}

/** Kuhn poker without its comments, written on one line with `;` and odd spacing. */
const KUHN_SQUASHED =
  'game   "Kuhn poker"{players Alice,Bob;stack 10 each;deck{ranks J=11,Q=12,K=13;suits hearts;copies 1}' +
  'phase Setup{shuffle deck;deal 1 to each face down}phase Ante{ante 1 each}' +
  'phase Betting{betting fixed{bet 1;raises at most 1;first Alice}}showdown high-card}';

describe('formatSource on the examples', () => {
  it.each(EXAMPLES)('leaves examples/%s unchanged (it is in the house style)', async (f) => {
    const text = readFileSync(`examples/${f}`, 'utf8');
    expect(await formatSource(text)).toBe(text);
  });

  it('prints Kuhn poker written on one line exactly as the example (without its comments)', async () => {
    const expected = KUHN.replace(/^\/\/.*\n/gm, '').replace(/^ *\/\*.*\*\/\n/m, '');
    expect(await formatSource(KUHN_SQUASHED)).toBe(expected);
    expect(compileSource(KUHN_SQUASHED).rulesetHash).toBe(compileSource(KUHN).rulesetHash);
  });

  it('normalises CRLF line endings and tabs', async () => {
    const crlf = KUHN.replace(/\n/g, '\r\n').replace(/^ {2}/gm, '\t');
    expect(await formatSource(crlf)).toBe(KUHN);
  });
});

describe('layout', () => {
  it('prints an empty game and empty blocks as { on one line and } on the next', async () => {
    expect(await formatSource('game "E" {   }')).toBe('game "E" {\n}\n');
    expect(await formatSource('game "E" {}')).toBe('game "E" {\n}\n');
    expect(await formatSource('game "E" { phase P { } deck { } phase Q { betting fixed { } } }')).toBe(
      'game "E" {\n  phase P {\n  }\n\n  deck {\n  }\n\n  phase Q {\n    betting fixed {\n    }\n  }\n}\n',
    );
  });

  it('keeps at most one blank line where the author left one, and drops blank lines at block edges', async () => {
    const src = 'game "B" {\n\n\n  players A, B\n\n\n\n  stack 1 each\n  pile p public\n  pile q hidden\n\n}\n';
    expect(await formatSource(src)).toBe('game "B" {\n  players A, B\n\n  stack 1 each\n  pile p public\n  pile q hidden\n}\n');
  });

  it('always separates top-level blocks (deck, phase, sub-phase, generated, showdown rules) from their neighbours by one blank line', async () => {
    const more = 'game "B" { var v = 1 subphase S { shuffle deck } position L public showdown sum-of-ranks { bonus 1 per A } pile p public }';
    expect(await formatSource(more)).toBe(
      'game "B" {\n  var v = 1\n\n  subphase S {\n    shuffle deck\n  }\n\n  position L public\n\n' +
        '  showdown sum-of-ranks {\n    bonus 1 per A\n  }\n\n  pile p public\n}\n',
    );
    const src = 'game "B" { stack 1 each deck { ranks A = 1 suits s } pile p public phase P { ante 1 each } showdown high-card }';
    expect(await formatSource(src)).toBe(
      'game "B" {\n  stack 1 each\n\n  deck {\n    ranks A = 1\n    suits s\n  }\n\n  pile p public\n\n  phase P {\n    ante 1 each\n  }\n\n  showdown high-card\n}\n',
    );
  });

  it('prints every optional form of the steps as written, without `;`', async () => {
    const src =
      'game "S" { phase P { shuffle board; deal 2 from deck to each face up; deal 1 to board; deal 1 from board to Alice face down; ' +
      'ante 3 from Bob; ante 1 each; betting fixed { first Bob; bet 2 } } }';
    expect(await formatSource(src)).toBe(
      'game "S" {\n  phase P {\n    shuffle board\n    deal 2 from deck to each face up\n    deal 1 to board\n    deal 1 from board to Alice face down\n' +
        '    ante 3 from Bob\n    ante 1 each\n    betting fixed {\n      first Bob\n      bet 2\n    }\n  }\n}\n',
    );
  });

  it('prints stacks per seat, negative rank values, digit rank names and showdown forms', async () => {
    const src = 'game "L" { stack Bob 12 , Alice 10 deck { copies 2 ranks 10 = 10, Low = - 3 suits a,b } showdown pair-with-board using board }';
    expect(await formatSource(src)).toBe(
      'game "L" {\n  stack Bob 12, Alice 10\n\n  deck {\n    copies 2\n    ranks 10 = 10, Low = -3\n    suits a, b\n  }\n\n  showdown pair-with-board using board\n}\n',
    );
  });

  it('puts one list element per line when the list does not fit in 80 columns', async () => {
    const ranks = ['Two', 'Three', 'Four', 'Five', 'Six', 'Seven', 'Eight', 'Nine', 'Ten'].map((r, i) => `${r} = ${i + 2}`);
    const out = await formatSource(`game "W" { deck { ranks ${ranks.join(', ')} suits s } }`);
    expect(out).toBe(`game "W" {\n  deck {\n    ranks\n${ranks.map((r) => `      ${r}`).join(',\n')}\n    suits s\n  }\n}\n`);
    const short = await formatSource(`game "W" { deck { ranks ${ranks.slice(0, 6).join(', ')} suits s } }`);
    expect(short).toContain(`    ranks ${ranks.slice(0, 6).join(', ')}\n`);
  });

  it('prints the generated record one field per line, complexity as written', async () => {
    const src = 'game "G" { generated { generator "gbgc-sampler" builder "3" seed 0042 complexity 0.70 } }';
    expect(await formatSource(src)).toBe(
      'game "G" {\n  generated {\n    generator "gbgc-sampler"\n    builder "3"\n    seed 42\n    complexity 0.70\n  }\n}\n',
    );
  });
});

/** Every step kind and optional form, on few lines with `;` and no spaces around operators. */
const ALL_SQUASHED = `game "All" { players Alice, Bob; stack 9 each; deck { ranks J = 11, Q = 12, K = 13; suits h, s } pile board public; var x = -2
position Lead hidden; position Top public
phase P { shuffle deck; deal 1 to each face down; ante 1 each; call Sub; betting variable { first Alice; max stack; fallback bet 1 } betting variable { max 3 fallback bet 2 }
if stack(Alice)>0 and stack(Bob)>0 public { wager Alice 1..stack; match Bob } else if not (pot>=3 or x!=1) private { wager Bob 2..4 } else { }
events { when hand(Alice) has any of K, J public { reveal hand of Alice } when hand(any) has pair private { reveal random card of Bob } }
repeat up to 3 rounds as r until stack(any)<=2 or size(deck)<2 { set x = x+1-r; score Alice +2; score Bob -3 }
choice Alice public { option bet cost 1 at 50% { peek Alice at random card of Bob private } option pass { } option call cost 2 { } }
simultaneous { options Hold, Parry; outcome Hold/Parry { peek Bob at chosen card of Alice occurrence public } otherwise { swap random card between Alice and Bob public } }
auction sealed { bids 0..3; tie coinflip; winner pays opponent; prize { deal 1 to winner face down; pay 1 from winner to pot } }
steal random card from Bob to Alice private; discard 1 chosen from Alice to board face up; discard 2 random from Bob; pay all from pot to Alice; pay 2 from Bob to Alice
sidebet Bob 2 on highest(Bob) > highest(Alice); assign Lead to highest-card; assign Top to Bob; assign Lead to lowest-card; assign Top to chip-leader
if Alice holds Lead and handsize(each) >= 1 and true public { end winner Alice "Alice leads" } if false public { end "a draw" } }
subphase Sub { deal 1 from deck to board }
showdown sum-of-ranks { bonus 3 for pair of J; penalty 3 per K; bonus 1 per top } }`;

const ALL_FORMATTED = `game "All" {
  players Alice, Bob
  stack 9 each

  deck {
    ranks J = 11, Q = 12, K = 13
    suits h, s
  }

  pile board public
  var x = -2
  position Lead hidden
  position Top public

  phase P {
    shuffle deck
    deal 1 to each face down
    ante 1 each
    call Sub
    betting variable {
      first Alice
      max stack
      fallback bet 1
    }
    betting variable {
      max 3
      fallback bet 2
    }
    if stack(Alice) > 0 and stack(Bob) > 0 public {
      wager Alice 1..stack
      match Bob
    } else if not (pot >= 3 or x != 1) private {
      wager Bob 2..4
    } else {
    }
    events {
      when hand(Alice) has any of K, J public {
        reveal hand of Alice
      }
      when hand(any) has pair private {
        reveal random card of Bob
      }
    }
    repeat up to 3 rounds as r until stack(any) <= 2 or size(deck) < 2 {
      set x = x + 1 - r
      score Alice +2
      score Bob -3
    }
    choice Alice public {
      option bet cost 1 at 50% {
        peek Alice at random card of Bob private
      }
      option pass {
      }
      option call cost 2 {
      }
    }
    simultaneous {
      options Hold, Parry
      outcome Hold/Parry {
        peek Bob at chosen card of Alice occurrence public
      }
      otherwise {
        swap random card between Alice and Bob public
      }
    }
    auction sealed {
      bids 0..3
      tie coinflip
      winner pays opponent
      prize {
        deal 1 to winner face down
        pay 1 from winner to pot
      }
    }
    steal random card from Bob to Alice private
    discard 1 chosen from Alice to board face up
    discard 2 random from Bob
    pay all from pot to Alice
    pay 2 from Bob to Alice
    sidebet Bob 2 on highest(Bob) > highest(Alice)
    assign Lead to highest-card
    assign Top to Bob
    assign Lead to lowest-card
    assign Top to chip-leader
    if Alice holds Lead and handsize(each) >= 1 and true public {
      end winner Alice "Alice leads"
    }
    if false public {
      end "a draw"
    }
  }

  subphase Sub {
    deal 1 from deck to board
  }

  showdown sum-of-ranks {
    bonus 3 for pair of J
    penalty 3 per K
    bonus 1 per top
  }
}
`;

/** A valid game around the steps of one phase. */
const inPhase = (steps: string) =>
  `game "T" { stack 9 each deck { ranks J = 11, Q = 12, K = 13 suits h } position L public var v = 0 phase P { ${steps} } showdown high-card }`;
/** The printed steps of the phase of {@link inPhase}, without their indentation. */
async function phaseOf(steps: string): Promise<string> {
  const out = await fmt(inPhase(steps));
  const body = out.slice(out.indexOf('  phase P {\n') + 12, out.indexOf('\n  }\n\n  showdown'));
  return body.replace(/^ {4}/gm, '');
}

describe('the whole language', () => {
  it('prints every step kind and optional form in the house style', async () => {
    expect(await fmt(ALL_SQUASHED)).toBe(ALL_FORMATTED);
  });

  it('prints the reference example, examples/genstrat-4643.gbg, squashed onto one line (without comments) exactly as the file', async () => {
    const text = readFileSync('examples/genstrat-4643.gbg', 'utf8');
    const plain = text.replace(/^ *\/\/.*\n/gm, '').replace(/^ *\/\*.*\*\/\n/gm, '');
    expect(await fmt(plain.replace(/\s+/g, ' '))).toBe(plain);
  });

  it("spaces operators and keeps the author's parentheses, adding none", async () => {
    expect(await phaseOf('if not(pot>1)and((true))or not not hand(Alice)has K public{}')).toBe(
      'if not (pot > 1) and ((true)) or not not hand(Alice) has K public {\n}',
    );
    expect(await phaseOf('sidebet Alice 1 on (stack(any)+2-v==pot) or (size(deck)!=0 and score(Bob)<=highest(Alice))')).toBe(
      'sidebet Alice 1 on (stack(any) + 2 - v == pot) or (size(deck) != 0 and score(Bob) <= highest(Alice))',
    );
    expect(await phaseOf('if Bob holds L public { } if each holds L or hand ( each ) has any of J , top private { }')).toBe(
      'if Bob holds L public {\n}\nif each holds L or hand(each) has any of J, top private {\n}',
    );
  });

  it('writes score changes with their sign and wager and bid ranges without spaces', async () => {
    expect(
      await phaseOf(
        'score Alice + 002; score Bob - 3; score Bob - 0 wager Alice 01 .. 3 auction sealed { bids 00..2 tie coinflip winner pays pot prize { deal 1 to winner } }',
      ),
    ).toBe(
      'score Alice +2\nscore Bob -3\nscore Bob +0\nwager Alice 1..3\nauction sealed {\n  bids 0..2\n  tie coinflip\n  winner pays pot\n  prize {\n    deal 1 to winner\n  }\n}',
    );
  });

  it('prints a sum-of-ranks showdown without rules (with or without braces) on one line', async () => {
    const base = 'game "S" { stack 1 each deck { ranks A = 1 suits s } phase P { shuffle deck } ';
    expect(await fmt(`${base}showdown sum-of-ranks { } }`)).toContain('\n  showdown sum-of-ranks\n}\n');
    expect(await fmt(`${base}showdown sum-of-ranks }`)).toContain('\n  showdown sum-of-ranks\n}\n');
  });

  it('adds the fewest parentheses that keep the parse to a hand-built condition tree', () => {
    const span: Span = { start: 0, end: 0, line: 1, column: 1 };
    const t: CondNode = { kind: 'BoolLit', value: true, span };
    const and: CondNode = { kind: 'Logic', op: 'and', args: [t, t], span };
    const or: CondNode = { kind: 'Logic', op: 'or', args: [t, t], span };
    const not: CondNode = { kind: 'Not', arg: t, span };
    expect(condNeedsParens(and, or)).toBe(false);
    expect(condNeedsParens(or, and)).toBe(true);
    expect(condNeedsParens(or, or)).toBe(true);
    expect(condNeedsParens(and, and)).toBe(true);
    expect(condNeedsParens(and, not)).toBe(true);
    expect(condNeedsParens(not, and)).toBe(false);
    expect(condNeedsParens(t, not)).toBe(false);
  });
});

describe('literals', () => {
  const num = (text: string): NumberLit => ({ kind: 'Number', value: Number(text), text, span: { start: 0, end: 0, line: 1, column: 1 } });

  it('keeps decimals as written and drops leading zeros of whole numbers', () => {
    expect(numberText(num('0.70'))).toBe('0.70');
    expect(numberText(num('1.0'))).toBe('1.0');
    expect(numberText(num('007'))).toBe('7');
    expect(numberText(num('0'))).toBe('0');
    expect(numberText(num('000'))).toBe('0');
    expect(numberText(num('-03'))).toBe('-3');
    expect(numberText(num('-0'))).toBe('0');
  });

  it('re-escapes strings canonically (JSON escapes, plus DEL, C1, U+2028/9, BOM and U+FFFD)', () => {
    expect(quote('Kuhn poker')).toBe('"Kuhn poker"');
    expect(quote('a"b\\c')).toBe('"a\\"b\\\\c"');
    expect(quote('tab\there\nnl')).toBe('"tab\\there\\nnl"');
    expect(quote('\u0001\u007f\u0085\u2028\ufeff\ufffd')).toBe('"\\u0001\\u007f\\u0085\\u2028\\ufeff\\ufffd"');
    expect(quote('é♠😀')).toBe('"é♠😀"');
  });

  it('formats two spellings of one string the same way, with the same ruleset hash', async () => {
    const a = 'game "caf\\u00e9 \\u0022x\\u0022" { players A, B; stack 1 each; deck { ranks X = 1; suits s } phase P { shuffle deck } showdown high-card }';
    const b = 'game "café \\"x\\"" { players A, B; stack 1 each; deck { ranks X = 1; suits s } phase P { shuffle deck } showdown high-card }';
    const fa = await formatSource(a);
    expect(fa).toBe(await formatSource(b));
    expect(fa.split('\n')[0]).toBe('game "café \\"x\\"" {');
    expect(compileSource(fa).rulesetHash).toBe(compileSource(a).rulesetHash);
  });
});

describe('the printer table', () => {
  it('has one printer per AST node kind', () => {
    expect(Object.keys(NODE_PRINTERS).sort()).toEqual(
      [
        'AnteStep',
        'BlindsStep',
        'Button',
        'OddChip',
        'Chat',
        'ChatLimit',
        'RaiseRule',
        'AssignStep',
        'AuctionStep',
        'BetSize',
        'BettingStep',
        'Binary',
        'BoolLit',
        'CallStep',
        'ChoiceOption',
        'ChoiceStep',
        'Comment',
        'Compare',
        'CondBranch',
        'Copies',
        'DealStep',
        'Deck',
        'DiscardStep',
        'EndStep',
        'EventsStep',
        'Fallback',
        'File',
        'FirstActor',
        'Game',
        'Generated',
        'Has',
        'Holds',
        'House',
        'Ident',
        'IfStep',
        'Logic',
        'MatchStep',
        'MaxBet',
        'Not',
        'Number',
        'Outcome',
        'Paren',
        'Party',
        'PayStep',
        'PeekStep',
        'Phase',
        'Pile',
        'PileHas',
        'PileRef',
        'Players',
        'Position',
        'Pot',
        'RaiseCap',
        'RankEntry',
        'Ranks',
        'RepeatStep',
        'RevealStep',
        'ScoreStep',
        'ScoringRule',
        'SeatFn',
        'SeatRef',
        'SetStep',
        'Shoe',
        'Showdown',
        'ShuffleStep',
        'SidebetStep',
        'SimultaneousStep',
        'SizeFn',
        'Stack',
        'StackEntry',
        'StealStep',
        'String',
        'Subphase',
        'Suits',
        'SwapStep',
        'Var',
        'VarRef',
        'WagerStep',
      ].sort(),
    );
    const { DealStep: _dropped, ...withoutDeal } = NODE_PRINTERS;
    // @ts-expect-error a table without the DealStep printer does not type-check
    const incomplete: typeof NODE_PRINTERS = withoutDeal;
    expect(Object.keys(incomplete)).not.toContain('DealStep');
  });
});
