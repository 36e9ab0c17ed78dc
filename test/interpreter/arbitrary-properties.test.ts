/**
 * The interpreter's invariants on generated valid programs (`test/support/arbitrary-program.ts`),
 * which use the whole language, amounts from expressions included (`pay 2 * round`, `bet pot`,
 * `wager Alice 1..2 * round + 1`, `option peek cost pot - 1 at 50%`): over random legal play,
 * chips are conserved and never negative, every episode ends within a bound, the returns sum to
 * zero, no observation names a card the seat may not know, and exchanging two cards a seat cannot
 * see changes neither its observation nor its information state (when the rest of play is the
 * same). The fixtures and examples get the same properties in `properties.test.ts` and
 * `visibility.test.ts`.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { compileSource } from '../../src/compiler/index.js';
import { compileGame, CHANCE, type CompiledGame, type InterpreterState } from '../../src/interpreter/index.js';
import { EV } from '../../src/interpreter/layout.js';
import { arbitraryProgram } from '../support/arbitrary-program.js';
import { cardPattern, entitledCards, replayWithCardsSwapped, unseenCards, type Move } from './helpers.js';

/** No generated game is near this long (every loop is bounded); reaching it is a failure. */
const MAX_MOVES = 20_000;

/** Play `picks` (cycled) from the initial state to the end, checking chips after every move. */
function playOut(game: CompiledGame, picks: readonly number[], total: number): { state: InterpreterState; history: Move[] } {
  const state = game.newInitialState();
  const history: Move[] = [];
  for (let i = 0; !state.isTerminal(); i++) {
    expect(i).toBeLessThan(MAX_MOVES);
    const legal = state.currentPlayer() === CHANCE ? state.chanceOutcomes().map(([a]) => a) : state.legalActions();
    expect(legal.length).toBeGreaterThan(0);
    const action = legal[picks[i % picks.length]! % legal.length]!;
    history.push({ action, card: state.actionsAreCards() });
    state.applyAction(action);
    const { stacks, pot } = state.chips();
    expect(stacks[0] + stacks[1] + pot).toBe(total);
    expect(Math.min(stacks[0], stacks[1], pot)).toBeGreaterThanOrEqual(0);
  }
  return { state, history };
}

describe('interpreter invariants on generated programs', () => {
  it('chips conserved, bounded episodes, zero-sum returns, no unseen card named, unseen cards exchangeable', () => {
    let swapsCompared = 0;
    let costChoicesMade = 0;
    fc.assert(
      fc.property(
        arbitraryProgram({ withComments: false }),
        fc.array(fc.nat(1 << 16), { minLength: 1, maxLength: 40 }),
        fc.constantFrom(0, 1),
        fc.nat(),
        fc.nat(),
        ({ source }, picks, seat, i, j) => {
          const ir = compileSource(source).ir!;
          const game = compileGame(ir);
          const { state, history } = playOut(game, picks, ir.stacks[0] + ir.stacks[1]);
          const [a, b] = state.returns();
          expect(a + b).toBe(0);
          // A choice with an option cost from an expression was offered and made (its cost worked out).
          const chose = new Set(state.log.rows().flatMap((r) => (r[0] === EV.CHOSE ? [r[2]] : [])));
          if (state.program.choices.some((c, k) => chose.has(k) && c.options.some((o) => o.costExpr > 0))) costChoicesMade++;
          const text = JSON.stringify(state.observation(seat));
          const known = entitledCards(state, seat);
          state.program.cardNames.forEach((name, t) => {
            if (!known.has(t)) expect(text).not.toMatch(cardPattern(name));
          });
          const hidden = unseenCards(state, seat);
          if (hidden.length < 2) return;
          const x = hidden[i % hidden.length]!;
          const y = hidden[j % hidden.length]!;
          if (x === y) return;
          const other = replayWithCardsSwapped(game, state, history, x, y);
          if (!other) return;
          swapsCompared++;
          expect(other.observation(seat)).toEqual(state.observation(seat));
          expect(other.informationStateKey(seat)).toBe(state.informationStateKey(seat));
        },
      ),
      { numRuns: 150, seed: 31 },
    );
    expect(swapsCompared).toBeGreaterThan(20);
    expect(costChoicesMade).toBeGreaterThan(5);
  });
});
