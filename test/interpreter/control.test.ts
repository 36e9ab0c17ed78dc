/**
 * Control flow on small hand-written games: sub-phase calls and returns, public and private
 * conditions with else-branches, independent conditional events, bounded loops with an early
 * exit, and explicit game ends (with a winner; without one, splitting an odd pot by chance).
 */
import { describe, expect, it } from 'vitest';
import type { BoolExpr, Step } from '../../src/ir/schema.js';
import { CHANCE, ProgramError, TERMINAL, compileGame } from '../../src/interpreter/index.js';
import { expectedReturns, uniformPolicy } from '../../src/algorithms/index.js';
import { EV } from '../../src/interpreter/layout.js';
import { kinds, kuhnVariant, seatRef, texts, tinyGame } from './helpers.js';

/** Deal one card to each seat from the unshuffled deck: Alice gets J of hearts, Bob Q of hearts. */
const dealJQ: Step = { kind: 'deal', count: 1, from: { kind: 'deck' }, to: { kind: 'each' }, faceUp: false };
const pay = (amount: number, from: 0 | 1 | 'pot', to: 0 | 1 | 'pot'): Step => ({
  kind: 'pay',
  amount,
  from: from === 'pot' ? { kind: 'pot' } : { kind: 'seat', seat: from },
  to: to === 'pot' ? { kind: 'pot' } : { kind: 'seat', seat: to },
});
function mkCmp(
  op: '<' | '>' | '>=' | '==',
  left: { kind: 'pot' } | { kind: 'int'; value: number } | { kind: 'highest' | 'stack'; seat: ReturnType<typeof seatRef> } | { kind: 'var'; name: string },
  right: { kind: 'int'; value: number } | { kind: 'highest'; seat: ReturnType<typeof seatRef> },
): BoolExpr {
  return { kind: 'cmp', op, left, right };
}
/** COND events of a state's log as [condition text, held]. */
function checks(s: ReturnType<ReturnType<typeof tinyGame>['newInitialState']>): [string, number][] {
  return s.log
    .rows()
    .filter((r) => r[0] === EV.COND)
    .map((r) => [s.program.condText[r[2]], r[3]]);
}

describe('sub-phases', () => {
  const game = tinyGame([dealJQ, { kind: 'call', phase: 'Outer' }, { kind: 'ante', amount: 1, payers: [0, 1] }], {
    subphases: [
      { name: 'Outer', steps: [{ kind: 'call', phase: 'Inner' }, pay(1, 0, 'pot')] },
      { name: 'Inner', steps: [pay(2, 1, 'pot')] },
    ],
  });

  it('run when called and return to the step after the call, nesting on the frame stack', () => {
    expect(game.program.maxFrames).toBe(2);
    const s = game.newInitialState();
    expect(s.isTerminal()).toBe(true);
    expect(kinds(s, 0).slice(0, 8)).toEqual(['phase', 'deal', 'deal', 'subphase', 'subphase', 'pay', 'pay', 'ante']);
    expect(texts(s, 1).slice(3, 7)).toEqual([
      'Sub-phase Outer begins.',
      'Sub-phase Inner begins.',
      'Bob pays 2 chips to the pot.',
      'Alice pays 1 chip to the pot.',
    ]);
    // Pot 2 + 1 + 2 antes = 5, won by Bob's Q at the showdown.
    expect(s.returns()).toEqual([-2, 2]);
  });

  it('a cycle of calls is rejected with a ProgramError', () => {
    const ir = kuhnVariant({
      phases: [{ name: 'Main', steps: [{ kind: 'call', phase: 'A' }] }],
      subphases: [
        { name: 'A', steps: [{ kind: 'call', phase: 'B' }] },
        { name: 'B', steps: [{ kind: 'call', phase: 'A' }] },
      ],
    });
    expect(() => compileGame(ir)).toThrow(ProgramError);
    expect(() => compileGame(kuhnVariant({ phases: [{ name: 'Main', steps: [{ kind: 'call', phase: 'Nowhere' }] }] }))).toThrow(/no sub-phase named 'Nowhere'/);
  });
});

describe('if', () => {
  const bobHigher = mkCmp('>', { kind: 'highest', seat: seatRef(1) }, { kind: 'highest', seat: seatRef(0) });
  const aliceHigher = mkCmp('>', { kind: 'highest', seat: seatRef(0) }, { kind: 'highest', seat: seatRef(1) });

  it('a private check announces nothing; its effects still produce their own events', () => {
    const s = tinyGame([dealJQ, { kind: 'if', branches: [{ cond: bobHigher, check: 'private', steps: [pay(1, 0, 1)] }], otherwise: [] }]).newInitialState();
    expect(checks(s)).toEqual([]);
    for (const seat of [0, 1]) expect(kinds(s, seat).slice(0, 4)).toEqual(['phase', 'deal', 'deal', 'pay']);
    expect(s.chips().stacks).toEqual([9, 11]);
  });

  it('a public check announces to both seats whether it held; the first branch that holds runs, else otherwise', () => {
    const s = tinyGame([
      dealJQ,
      {
        kind: 'if',
        branches: [
          { cond: aliceHigher, check: 'public', steps: [pay(1, 1, 0)] },
          { cond: bobHigher, check: 'public', steps: [pay(2, 0, 1)] },
          { cond: { kind: 'bool', value: true }, check: 'public', steps: [pay(3, 0, 1)] },
        ],
        otherwise: [pay(4, 0, 1)],
      },
    ]).newInitialState();
    expect(checks(s)).toEqual([
      ["Alice's highest card is more than Bob's highest card", 0],
      ["Bob's highest card is more than Alice's highest card", 1],
    ]);
    expect(texts(s, 0)).toContain("Check: Alice's highest card is more than Bob's highest card — no.");
    expect(texts(s, 1)).toContain("Check: Bob's highest card is more than Alice's highest card — yes.");
    expect(s.chips().stacks).toEqual([8, 12]);
  });

  it('runs otherwise when no branch holds', () => {
    const s = tinyGame([
      dealJQ,
      { kind: 'if', branches: [{ cond: aliceHigher, check: 'public', steps: [pay(1, 1, 0)] }], otherwise: [pay(4, 0, 1)] },
    ]).newInitialState();
    expect(s.chips().stacks).toEqual([6, 14]);
  });
});

describe('events (independent conditional steps)', () => {
  it('checks each item in order after the previous one ran; both fire when both hold', () => {
    const s = tinyGame([
      { kind: 'ante', amount: 1, payers: [0, 1] },
      {
        kind: 'triggers',
        items: [
          { cond: mkCmp('>', { kind: 'pot' }, { kind: 'int', value: 1 }), check: 'public', steps: [pay(1, 0, 'pot')] },
          // Holds only because the first item added a chip.
          { cond: mkCmp('>', { kind: 'pot' }, { kind: 'int', value: 2 }), check: 'public', steps: [pay(1, 1, 'pot')] },
        ],
      },
    ]).newInitialState();
    expect(checks(s)).toEqual([
      ['the pot is more than 1', 1],
      ['the pot is more than 2', 1],
    ]);
    expect(
      s.log
        .rows()
        .filter((r) => r[0] === EV.TRANSFER)
        .map((r) => r[1]),
    ).toEqual([0, 1]);
  });

  it('an item whose condition fails is skipped and the next is still checked', () => {
    const s = tinyGame([
      {
        kind: 'triggers',
        items: [
          { cond: mkCmp('>', { kind: 'pot' }, { kind: 'int', value: 0 }), check: 'private', steps: [pay(1, 0, 'pot')] },
          { cond: mkCmp('==', { kind: 'pot' }, { kind: 'int', value: 0 }), check: 'public', steps: [pay(2, 1, 'pot')] },
        ],
      },
    ]).newInitialState();
    expect(checks(s)).toEqual([['the pot is 0', 1]]);
    expect(s.returns()).toEqual([1, -1]); // Bob's 2 chips split 1/1 at the tied (empty-handed) showdown, Alice gains 1.
  });
});

describe('repeat', () => {
  const loop = (until: BoolExpr | null, max = 3): Step[] => [
    {
      kind: 'repeat',
      max,
      counter: 'round',
      until,
      steps: [{ kind: 'set', variable: 'n', value: { kind: 'add', left: { kind: 'var', name: 'n' }, right: { kind: 'int', value: 2 } } }, pay(1, 0, 'pot')],
    },
  ];
  const vars = {
    variables: [
      { name: 'round', initial: 7 },
      { name: 'n', initial: 0 },
    ],
  };

  it('runs up to max rounds, the counter going 0, 1, 2 and ending at max', () => {
    const s = tinyGame(loop(null), vars).newInitialState();
    expect(s.variable('round')).toBe(3);
    expect(s.variable('n')).toBe(6);
    // By index (what loops reading variables every episode use), in the order the game declares them.
    expect([s.variableIndex('round'), s.variableIndex('n')]).toEqual([0, 1]);
    expect(s.variableAt(s.variableIndex('n'))).toBe(6);
    expect(() => s.variableIndex('nope')).toThrow(/no variable named 'nope'/);
    expect(texts(s, 1).filter((t) => t.startsWith('Round'))).toEqual([
      'Round 1 of at most 3 begins («round» = 0).',
      'Round 2 of at most 3 begins («round» = 1).',
      'Round 3 of at most 3 begins («round» = 2).',
    ]);
    expect(s.observation(0).variables).toEqual({ round: 3, n: 6 });
  });

  it('an until that holds at the start stops the loop before the first round', () => {
    const s = tinyGame(loop(mkCmp('<', { kind: 'stack', seat: seatRef(0) }, { kind: 'int', value: 100 })), vars).newInitialState();
    expect(s.variable('round')).toBe(0);
    expect(s.variable('n')).toBe(0);
    expect(s.chips().pot).toBe(0);
    expect(kinds(s, 0)).not.toContain('round');
    expect(texts(s, 0)).toContain('The rounds stop after 0 («round» = 0).');
  });

  it('until is checked before every round: it stops the loop once it holds', () => {
    const s = tinyGame(loop(mkCmp('>=', { kind: 'pot' }, { kind: 'int', value: 2 }), 5), vars).newInitialState();
    expect(s.variable('round')).toBe(2);
    expect(s.variable('n')).toBe(4);
  });
});

describe('end', () => {
  it('with a winner: the winner takes the pot, and everything after it is skipped, showdown included', () => {
    const game = compileGame(
      kuhnVariant({
        phases: [
          { name: 'Main', steps: [dealJQ, { kind: 'ante', amount: 3, payers: [0, 1] }, { kind: 'end', winner: 0, reason: 'Alice wins by decree' }] },
          { name: 'Never', steps: [pay(5, 0, 1)] },
        ],
      }),
    );
    const s = game.newInitialState();
    expect(s.currentPlayer()).toBe(TERMINAL);
    expect(s.returns()).toEqual([3, -3]);
    expect(s.phasesEntered()).toEqual([0]);
    expect(s.reachedShowdown()).toBe(false);
    expect(texts(s, 1).slice(-2)).toEqual(['Alice takes 6 chips from the pot.', 'The game ends: Alice wins by decree.']);
  });

  it('without a winner: the pot is split and an odd chip goes to a seat drawn by a chance node', () => {
    const game = tinyGame([
      { kind: 'ante', amount: 2, payers: [0] },
      { kind: 'ante', amount: 1, payers: [1] },
      { kind: 'end', winner: null, reason: 'a draw' },
    ]);
    const s = game.newInitialState();
    expect(s.currentPlayer()).toBe(CHANCE);
    expect(s.chanceOutcomes()).toEqual([
      [0, 0.5],
      [1, 0.5],
    ]);
    expect(s.actionToString(CHANCE, 0)).toBe('odd chip to Alice');
    const t = s.clone();
    s.applyAction(1);
    expect(s.returns()).toEqual([-1, 1]);
    t.applyAction(0);
    expect(t.returns()).toEqual([0, 0]);
    expect(texts(s, 0).slice(-5)).toEqual([
      'The pot is split between the seats.',
      'Alice takes 1 chip from the pot.',
      'Bob takes 1 chip from the pot.',
      'Bob receives the odd chip.',
      'The game ends: a draw.',
    ]);
    expect(expectedReturns(game, uniformPolicy)).toEqual([-0.5, 0.5]);
  });
});
