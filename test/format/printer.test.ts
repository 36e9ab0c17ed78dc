import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { formatSource, NODE_PRINTERS } from '../../src/format/index.js';
import { compileSource } from '../../src/compiler/index.js';
import { numberText, quote } from '../../src/format/literals.js';
import type { NumberLit } from '../../src/parser/ast.js';

const KUHN = readFileSync('examples/kuhn.gbg', 'utf8');
const LEDUC = readFileSync('examples/leduc.gbg', 'utf8');

/** Kuhn poker without its comments, written on one line with `;` and odd spacing. */
const KUHN_SQUASHED =
  'game   "Kuhn poker"{players Alice,Bob;stack 10 each;deck{ranks J=11,Q=12,K=13;suits hearts;copies 1}' +
  'phase Setup{shuffle deck;deal 1 to each face down}phase Ante{ante 1 each}' +
  'phase Betting{betting fixed{bet 1;raises at most 1;first Alice}}showdown high-card}';

describe('formatSource on the examples', () => {
  it('leaves examples/kuhn.gbg and examples/leduc.gbg unchanged (they are in the house style)', async () => {
    expect(await formatSource(KUHN)).toBe(KUHN);
    expect(await formatSource(LEDUC)).toBe(LEDUC);
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
  it('prints an empty game and empty blocks as {}', async () => {
    expect(await formatSource('game "E" {   }')).toBe('game "E" {}\n');
    expect(await formatSource('game "E" { phase P { } deck { } phase Q { betting fixed { } } }')).toBe(
      'game "E" {\n  phase P {}\n\n  deck {}\n\n  phase Q {\n    betting fixed {}\n  }\n}\n',
    );
  });

  it('keeps at most one blank line where the author left one, and drops blank lines at block edges', async () => {
    const src = 'game "B" {\n\n\n  players A, B\n\n\n\n  stack 1 each\n  pile p public\n  pile q hidden\n\n}\n';
    expect(await formatSource(src)).toBe('game "B" {\n  players A, B\n\n  stack 1 each\n  pile p public\n  pile q hidden\n}\n');
  });

  it('always separates top-level blocks (deck, phase, generated) from their neighbours by one blank line', async () => {
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
        'AnteStep', 'BetSize', 'BettingStep', 'Comment', 'Copies', 'DealStep', 'Deck', 'File', 'FirstActor', 'Game', 'Generated', 'Ident',
        'Number', 'Phase', 'PileRef', 'Pile', 'Players', 'RankEntry', 'RaiseCap', 'Ranks', 'ShuffleStep', 'Showdown', 'Stack', 'StackEntry',
        'String', 'Suits',
      ].sort(),
    );
    const { DealStep: _dropped, ...withoutDeal } = NODE_PRINTERS;
    // @ts-expect-error a table without the DealStep printer does not type-check
    const incomplete: typeof NODE_PRINTERS = withoutDeal;
    expect(Object.keys(incomplete)).not.toContain('DealStep');
  });
});
