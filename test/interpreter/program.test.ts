/**
 * The step program: compilation errors, and control flow (JUMP, CALL, RET with the frame stack)
 * on a hand-assembled Kuhn poker that must play exactly like the compiled one.
 */
import { describe, expect, it } from 'vitest';
import { CompiledGame, ProgramError, compileGame } from '../../src/interpreter/index.js';
import { expectedReturns, treeStats, uniformPolicy } from '../../src/algorithms/index.js';
import { Assembler, compileProgram, programTables } from '../../src/interpreter/compile.js';
import { OP } from '../../src/interpreter/program.js';
import { KUHN_IR } from '../fixtures/ir.js';
import { applyAll, kuhnVariant } from './helpers.js';

/** Kuhn poker with its ante moved into a sub-phase that calls a nested sub-phase, behind a jump. */
function assembledKuhn(maxFrames: number): CompiledGame {
  const asm = new Assembler();
  asm.emit(OP.PHASE, 0);
  asm.emit(OP.SHUFFLE, 0);
  asm.emit(OP.DEAL, 0, -1, 1, 0);
  const call = asm.emit(OP.CALL, -1);
  const jump = asm.emit(OP.JUMP, -1);
  asm.emit(OP.ANTE, 5, 3); // skipped by the jump
  asm.patch(jump, 0, asm.here);
  asm.emit(OP.PHASE, 2);
  asm.emit(OP.BETTING, 1, 1, 0);
  asm.emit(OP.SHOWDOWN);
  asm.emit(OP.HALT);
  asm.patch(call, 0, asm.here);
  asm.emit(OP.PHASE, 1);
  const nested = asm.emit(OP.CALL, -1);
  asm.emit(OP.RET);
  asm.patch(nested, 0, asm.here);
  asm.emit(OP.ANTE, 1, 3);
  asm.emit(OP.RET);
  return new CompiledGame(KUHN_IR, asm.finish(programTables(KUHN_IR), maxFrames));
}

describe('step program', () => {
  it('compiles one instruction per step plus one per phase, then SHOWDOWN and HALT; poker steps need only the fixed registers', () => {
    const p = compileProgram(KUHN_IR);
    const ops = Array.from({ length: p.numInstructions }, (_, i) => p.code[i * 8]);
    expect(ops).toEqual([OP.PHASE, OP.SHUFFLE, OP.DEAL, OP.PHASE, OP.ANTE, OP.PHASE, OP.BETTING, OP.SHOWDOWN, OP.HALT]);
    expect(p.ext).toBe(-1);
    expect(p.registerCount).toBe(15);
  });

  it('runs sub-phase calls, returns and jumps: the assembled Kuhn plays like the compiled one', () => {
    const assembled = assembledKuhn(2);
    const compiled = compileGame(KUHN_IR);
    expect(treeStats(assembled)).toEqual(treeStats(compiled));
    expect(expectedReturns(assembled, uniformPolicy)[0]).toBeCloseTo(0.125, 12);
    const moves = ['Q of hearts', 'K of hearts', 1, 2, 1];
    const a = applyAll(assembled.newInitialState(), moves);
    const b = applyAll(compiled.newInitialState(), moves);
    expect(a.observation(0)).toEqual(b.observation(0));
    expect(a.informationStateKey(1)).toBe(b.informationStateKey(1));
  });

  it('reports a frame stack overflow as an error', () => {
    const game = assembledKuhn(1);
    const s = applyAll(game.newInitialState(), ['Q of hearts']);
    expect(() => s.applyAction(2)).toThrow(/frame stack overflow/);
  });

  it('lays out conditions, loops and sub-phases as jumps and calls, and marks private contexts', () => {
    const ir = kuhnVariant({
      variables: [{ name: 'r', initial: 0 }],
      phases: [
        {
          name: 'Main',
          steps: [
            {
              kind: 'if',
              branches: [{ cond: { kind: 'bool', value: true }, check: 'private', steps: [{ kind: 'call', phase: 'Sub' }] }],
              otherwise: [{ kind: 'score', seat: 0, delta: 1 }],
            },
            { kind: 'repeat', max: 2, counter: 'r', until: null, steps: [{ kind: 'call', phase: 'Sub' }] },
          ],
        },
      ],
      subphases: [{ name: 'Sub', steps: [{ kind: 'sidebet', seat: 1, amount: 1, cond: { kind: 'bool', value: true } }] }],
    });
    const p = compileProgram(ir);
    const ops = Array.from({ length: p.numInstructions }, (_, i) => p.code[i * 8]);
    expect(ops).toEqual([
      OP.PHASE,
      OP.IF,
      OP.CALL,
      OP.JUMP,
      OP.SCORE,
      OP.LOOP_INIT,
      OP.LOOP_TEST,
      OP.CALL,
      OP.LOOP_NEXT,
      OP.SHOWDOWN,
      OP.HALT,
      OP.SIDEBET,
      OP.RET,
    ]);
    // IF jumps to the otherwise block; the branch's JUMP skips it; LOOP_TEST exits past LOOP_NEXT, which returns to it.
    expect([p.code[1 * 8 + 2], p.code[3 * 8 + 1], p.code[6 * 8 + 2], p.code[8 * 8 + 2]]).toEqual([4, 5, 9, 6]);
    // Both calls go to the sub-phase; only the public one logs its start.
    expect([p.code[2 * 8 + 1], p.code[7 * 8 + 1], p.code[2 * 8 + 3], p.code[7 * 8 + 3]]).toEqual([11, 11, 0, 1]);
    // The sub-phase is called from a private branch, so its decisions are in a private context.
    expect(Array.from(p.privateAt)).toEqual([0, 0, 1, 0, 1, 0, 0, 0, 0, 0, 0, 1, 0]);
    expect(p.maxFrames).toBe(1);
    expect(p.ext).toBe(16);
    expect(p.varBase).toBe(16 + 8); // after the 8 extended registers (X.COUNT)
  });

  it('rejects IR it cannot run with a ProgramError', () => {
    const badPile = kuhnVariant({
      phases: [{ name: 'Deal', steps: [{ kind: 'deal', count: 1, from: { kind: 'deck' }, to: { kind: 'pile', name: 'board' }, faceUp: true }] }],
    });
    expect(() => compileGame(badPile)).toThrow(ProgramError);
    expect(() => compileGame(kuhnVariant({ showdown: { metric: 'pair-with-board', board: 'board' } }))).toThrow(/no pile named 'board'/);
    const bigDeck = kuhnVariant({ deck: { ranks: KUHN_IR.deck.ranks, suits: ['a', 'b', 'c', 'd'], copies: 87 } });
    expect(() => compileGame(bigDeck)).toThrow(/the deck has 1044 cards; the interpreter handles at most 1040/);
    const selfDeal = kuhnVariant({
      phases: [{ name: 'Deal', steps: [{ kind: 'deal', count: 1, from: { kind: 'hand', seat: 0 }, to: { kind: 'each' }, faceUp: false }] }],
    });
    expect(() => compileGame(selfDeal)).toThrow(ProgramError);
  });
});
