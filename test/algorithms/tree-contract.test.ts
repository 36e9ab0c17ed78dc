/**
 * A library user's own `Game` that breaks the contract (chance probabilities not summing to 1, a
 * `currentPlayer()` that is no seat, returns of a table that do not sum to 0) is refused by the
 * tree walks with a `GameContractError`: a user error (exit 1 from the CLI, one clear line), while
 * the same finding in one of gbgc's compiled games stays an internal error (exit 70).
 */
import { describe, expect, it } from 'vitest';
import { buildGameTree, GameContractError, treeStats } from '../../src/algorithms/tree.js';
import { CompiledGame, compileGame, type Action, type GameState, type PlayerId } from '../../src/interpreter/index.js';
import { UserError } from '../../src/util/errors.js';
import { KUHN_IR } from '../fixtures/ir.js';

/** Kuhn's state with one thing changed: chance probabilities scaled, a seat renumbered, or returns shifted. */
class Altered implements GameState {
  constructor(
    private readonly s: GameState,
    private readonly fault: 'chance' | 'player' | 'returns',
  ) {}
  currentPlayer(): PlayerId {
    const p = this.s.currentPlayer();
    return this.fault === 'player' && p === 1 ? (7 as PlayerId) : p;
  }
  legalActions(): Action[] {
    return this.s.legalActions();
  }
  chanceOutcomes() {
    const o = this.s.chanceOutcomes();
    return this.fault === 'chance' ? o.map(([a, p]) => [a, p * 0.9] as [Action, number]) : o;
  }
  applyAction(a: Action): void {
    this.s.applyAction(a);
  }
  clone(): Altered {
    return new Altered(this.s.clone(), this.fault);
  }
  isTerminal(): boolean {
    return this.s.isTerminal();
  }
  returns(): number[] {
    const r = this.s.returns();
    // Three seats whose returns do not sum to 0 at a terminal (chips created).
    return this.fault === 'returns' ? [...r, this.s.isTerminal() ? 1 : 0] : r;
  }
  informationStateKey(seat: number): string {
    return this.s.informationStateKey(seat);
  }
  observation(seat: number) {
    return this.s.observation(seat);
  }
  actionToString(p: PlayerId, a: Action): string {
    return this.s.actionToString(p, a);
  }
  chips() {
    return this.s.chips();
  }
}

const kuhn = compileGame(KUHN_IR);
const userGame = (fault: 'chance' | 'player' | 'returns') => ({ newInitialState: () => new Altered(kuhn.newInitialState(), fault) });

describe('a user game that breaks the contract', () => {
  it('is refused with a GameContractError (a user error, exit code 1) naming the rule it broke', () => {
    const cases: [() => unknown, string][] = [
      [() => buildGameTree(userGame('chance')), "the game breaks the Game contract: a chance node's outcome probabilities sum to 0.9, not 1"],
      [() => buildGameTree(userGame('player')), 'the game breaks the Game contract: currentPlayer() returned 7, not a seat, CHANCE or TERMINAL'],
      [() => treeStats(userGame('returns')), "the game breaks the Game contract: a terminal's returns [-1, 1, 1] do not sum to 0: chips are not conserved"],
    ];
    for (const [walk, message] of cases) {
      let caught: unknown;
      try {
        walk();
      } catch (e) {
        caught = e;
      }
      expect(caught).toBeInstanceOf(GameContractError);
      expect(caught).toBeInstanceOf(UserError);
      expect((caught as UserError).exitCode).toBe(1);
      expect((caught as Error).message).toBe(message);
    }
  });

  it("stays an internal error (not a UserError) when one of gbgc's compiled games breaks it", () => {
    // A compiled game whose states are altered as above stands for an engine bug.
    const buggy = compileGame(KUHN_IR);
    const start = buggy.newInitialState.bind(buggy);
    buggy.newInitialState = (() => new Altered(start(), 'chance')) as unknown as CompiledGame['newInitialState'];
    expect(buggy).toBeInstanceOf(CompiledGame);
    let caught: unknown;
    try {
      buildGameTree(buggy);
    } catch (e) {
      caught = e;
    }
    expect(caught).toBeInstanceOf(Error);
    expect(caught).not.toBeInstanceOf(UserError);
    expect((caught as Error).message).toMatch(/^gbgc's compiled game broke the Game contract: a chance node's outcome probabilities sum to 0\.9, not 1$/);
  });
});
