/**
 * Helpers for the interpreter tests: playing action sequences, replaying histories, small IR
 * variants of the reference games.
 */
import type { GameIR, Phase } from '../../src/ir/schema.js';
import { compileGame, CHANCE, type CompiledGame, type InterpreterState } from '../../src/interpreter/index.js';
import { KUHN_IR } from '../fixtures/ir.js';

/** One applied action and whether it was a card dealt by chance. */
export interface Move {
  action: number;
  card: boolean;
}

/**
 * Play from the initial state, taking `legal[choice % legal.length]` at every node (chance
 * included) for each choice in turn; stops at the end of the choices or of the game.
 */
export function playChoices(game: CompiledGame, choices: readonly number[], onStep?: (s: InterpreterState) => void): { state: InterpreterState; history: Move[] } {
  const state = game.newInitialState();
  const history: Move[] = [];
  for (const c of choices) {
    if (state.isTerminal()) break;
    const legal = state.legalActions();
    const action = legal[c % legal.length];
    history.push({ action, card: state.isCardChance() });
    state.applyAction(action);
    onStep?.(state);
  }
  return { state, history };
}

/** Replay a history, mapping the card types of dealt cards through `mapCard`. */
export function replay(game: CompiledGame, history: readonly Move[], mapCard: (t: number) => number = (t) => t): InterpreterState {
  const state = game.newInitialState();
  for (const m of history) state.applyAction(m.card ? mapCard(m.action) : m.action);
  return state;
}

/** Apply actions given as numbers, or as card names at card chance nodes (e.g. `'K of hearts'`). */
export function applyAll(state: InterpreterState, actions: readonly (number | string)[]): InterpreterState {
  for (const a of actions) {
    if (typeof a === 'number') state.applyAction(a);
    else {
      if (state.currentPlayer() !== CHANCE) throw new Error(`'${a}' given at a decision node`);
      const t = state.program.cardNames.indexOf(a);
      if (t < 0) throw new Error(`no card named '${a}'`);
      state.applyAction(t);
    }
  }
  return state;
}

/** Kuhn poker with some fields replaced. */
export function kuhnVariant(patch: Partial<GameIR>): GameIR {
  return { ...KUHN_IR, ...patch };
}

/** Compile a Kuhn variant whose phases are `phases`. */
export function gameWithPhases(phases: Phase[], patch: Partial<GameIR> = {}): CompiledGame {
  return compileGame(kuhnVariant({ phases, ...patch }));
}
