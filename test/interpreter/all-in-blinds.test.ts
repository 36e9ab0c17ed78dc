/**
 * An all-in seat makes no betting decisions (docs/language.md), also after live blinds: on
 * nlhe-short with every starting stack from 1 to 4 chips for either seat, a walk of every betting
 * history finds no decision of a seat with no chips behind. Cards decide only the showdown, never
 * which betting actions are legal, so each chance node is walked through its first outcome and
 * every decision through all its actions: the walk visits every betting sequence of the game.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compileSource } from '../../src/compiler/index.js';
import { CHANCE, compileGame, type CompiledGame } from '../../src/interpreter/index.js';
import type { GameState } from '../../src/interpreter/api.js';

const SOURCE = readFileSync('examples/nlhe-short.gbg', 'utf8');

function withStacks(a: number, b: number): CompiledGame {
  const text = SOURCE.replace('stack 20 each', `stack Alice ${a}, Bob ${b}`);
  const r = compileSource(text);
  if (!r.ir) throw new Error(r.diagnostics.map((d) => d.message).join('\n'));
  return compileGame(r.ir);
}

/** Every betting sequence: decisions (with the actor's stack and the legal labels) and terminals. */
function walk(game: CompiledGame): { decisions: { seat: number; stack: number; labels: string[] }[]; terminals: number } {
  const decisions: { seat: number; stack: number; labels: string[] }[] = [];
  let terminals = 0;
  const go = (s: GameState): void => {
    if (s.isTerminal()) {
      terminals++;
      return;
    }
    const p = s.currentPlayer();
    if (p === CHANCE) {
      const c = s.clone();
      c.applyAction(s.chanceOutcomes()[0][0]);
      return go(c);
    }
    const seat = p as number;
    const legal = s.legalActions();
    decisions.push({ seat, stack: s.chips().stacks[seat], labels: legal.map((a) => s.actionToString(seat, a)) });
    for (const a of legal) {
      const c = s.clone();
      c.applyAction(a);
      go(c);
    }
  };
  go(game.newInitialState());
  return { decisions, terminals };
}

describe('nlhe-short with stacks of 1 to 4 chips: no decision of an all-in seat', () => {
  for (let a = 1; a <= 4; a++)
    for (let b = 1; b <= 4; b++)
      it(`Alice ${a}, Bob ${b}`, () => {
        const { decisions, terminals } = walk(withStacks(a, b));
        expect(terminals).toBeGreaterThan(0);
        expect(decisions.filter((d) => d.stack === 0)).toEqual([]);
        // Nor a check-only decision against an all-in opponent: every decision has a choice.
        expect(decisions.filter((d) => d.labels.length < 2)).toEqual([]);
      });
});

it('Bob all-in by posting the big blind: Alice folds or calls, and a call goes to the showdown', () => {
  const { decisions, terminals } = walk(withStacks(4, 2));
  // Preflop: Alice (1 in, 3 behind) faces 1 more; no raise against an all-in seat.
  expect(decisions).toEqual([{ seat: 0, stack: 3, labels: ['fold', 'call'] }]);
  expect(terminals).toBe(2);
});

it('Alice calls all-in from the small blind: no check is asked of Bob', () => {
  // Alice 2 chips (1 behind after the blind), Bob 4: Alice folds, calls all-in, nothing else.
  const { decisions } = walk(withStacks(2, 4));
  expect(decisions).toEqual([{ seat: 0, stack: 1, labels: ['fold', 'call'] }]);
});
