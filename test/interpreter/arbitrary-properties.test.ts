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
import { entitledCards, replay, type Move } from './helpers.js';

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

/** Card types `seat` may not know that lie where it cannot see (the deck, the opponent's hand, hidden piles). */
function unseen(state: InterpreterState, seat: number): number[] {
  const p = state.program;
  const known = entitledCards(state, seat);
  const out: number[] = [];
  for (let pile = 0; pile < p.pileNames.length; pile++) {
    if (pile === 1 + seat || p.pilePublic[pile]) continue;
    for (const t of state.pileCards(pile)) if (!known.has(t)) out.push(t);
  }
  return out;
}

const cardPattern = (name: string): RegExp => new RegExp(`(^|[^\\w])${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^\\w])`);
const swapper = (x: number, y: number) => (t: number) => (t === x ? y : t === y ? x : t);
/** The log with its card fields mapped (deals, peeks, shows, reveals). */
function mappedRows(state: InterpreterState, map: (t: number) => number): number[][] {
  return state.log.rows().map((row) => {
    const [kind, , , b] = row;
    const isCard = kind === EV.DEAL || kind === EV.REVEAL || ((kind === EV.PEEK || kind === EV.SHOW) && b >= 0);
    return isCard ? [...row.slice(0, 3), map(b), ...row.slice(4)] : row;
  });
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
          const hidden = unseen(state, seat);
          if (hidden.length < 2) return;
          const x = hidden[i % hidden.length]!;
          const y = hidden[j % hidden.length]!;
          if (x === y) return;
          let other: InterpreterState;
          try {
            other = replay(game, history, swapper(x, y));
          } catch {
            return; // the exchanged cards changed what is legal: another path of play
          }
          if (JSON.stringify(mappedRows(state, swapper(x, y))) !== JSON.stringify(other.log.rows())) return;
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
