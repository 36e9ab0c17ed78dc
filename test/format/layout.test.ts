import { describe, expect, it } from 'vitest';
import { parse } from '../../src/parser/parse.js';
import { blockOf, buildLayout, type Block } from '../../src/format/layout.js';
import { blankBetween, breakAfter, breakBefore, newlineBetween } from '../../src/format/comments.js';
import type { AuctionStepNode, IfStepNode, SimultaneousStepNode } from '../../src/parser/ast.js';

const SRC = `game "L" {
  stack 5 each
  deck { ranks J = 1, Q = 2; suits h }
  phase P {
    if true public { shuffle deck } else if false private { } else { shuffle deck }
    simultaneous { options A, B; outcome A/B { } otherwise { } }
    auction sealed { bids 0..3; tie coinflip; winner pays pot; prize { deal 1 to winner } }
  }
  showdown high-card
}
`;

/** The source text between a block's braces, and its units' texts. */
function describeBlock(b: Block): { body: string; units: string[] } {
  return { body: SRC.slice(b.open, b.close + 1), units: b.units.map((u) => SRC.slice(u.start, u.end)) };
}

describe('the layout of a file', () => {
  const ast = parse(SRC).ast!;
  const layout = buildLayout(ast, SRC);
  const phase = ast.game.decls[2]!;
  if (phase.kind !== 'Phase') throw new Error('expected the phase third');
  const [ifStep, sim, auction] = phase.steps as [IfStepNode, SimultaneousStepNode, AuctionStepNode];

  it('has the game as the one unit of the file, and the declarations as the units of the game', () => {
    expect(layout.file.units.map((u) => u.owner.kind)).toEqual(['Game']);
    expect(layout.file.units[0]!.blocks[0]!.units.map((u) => u.owner.kind)).toEqual(['Stack', 'Deck', 'Phase', 'Showdown']);
    expect(layout.tokens.some((t) => t.image === ';')).toBe(false);
  });

  it('gives each branch of an if its block, and the else a block named for it', () => {
    expect(describeBlock(blockOf(ifStep.branches[0]!))).toEqual({ body: '{ shuffle deck }', units: ['shuffle deck'] });
    expect(describeBlock(blockOf(ifStep.branches[1]!))).toEqual({ body: '{ }', units: [] });
    expect(describeBlock(blockOf(ifStep, 'else'))).toEqual({ body: '{ shuffle deck }', units: ['shuffle deck'] });
  });

  it('makes the options line and otherwise of a simultaneous round, and the lines of an auction, units of their own', () => {
    const s = blockOf(sim);
    expect(s.units.map((u) => u.name || u.owner.kind)).toEqual(['options', 'Outcome', 'otherwise']);
    expect(describeBlock(s).units).toEqual(['options A, B', 'outcome A/B { }', 'otherwise { }']);
    const a = blockOf(auction);
    expect(describeBlock(a).units).toEqual(['bids 0..3', 'tie coinflip', 'winner pays pot', 'prize { deal 1 to winner }']);
    expect(describeBlock(blockOf(auction, 'prize'))).toEqual({ body: '{ deal 1 to winner }', units: ['deal 1 to winner'] });
  });

  it('lists the elements of list items', () => {
    const deck = layout.file.units[0]!.blocks[0]!.units[1]!;
    expect(deck.blocks[0]!.units.map((u) => u.elements?.length ?? null)).toEqual([2, 1]);
  });
});

describe('scanning the text between tokens', () => {
  it('finds newlines and empty lines outside comments and strings', () => {
    expect(newlineBetween('a /* x\n y */ b', 1, 13)).toBe(false);
    expect(newlineBetween('a // x\n b', 1, 9)).toBe(true);
    expect(blankBetween('a\n\n b', 1, 5)).toBe(true);
    expect(blankBetween('a\n ;\n b', 1, 7)).toBe(false);
    expect(blankBetween('a\n /*\n\n*/\n b', 1, 12)).toBe(false);
    expect(blankBetween('a "/*"\n\n b', 1, 11)).toBe(true);
  });

  it('finds a line break right before or after a position, across spaces and `;` only', () => {
    expect(breakBefore('a ;\n  /* x */', 6)).toBe(true);
    expect(breakBefore('a /* y */ /* x */', 10)).toBe(false);
    expect(breakAfter('/* x */ ;\n b', 7)).toBe(true);
    expect(breakAfter('/* x */ b', 7)).toBe(false);
    expect(breakAfter('/* x */  ', 7)).toBe(true);
  });
});
