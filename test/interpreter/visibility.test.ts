/**
 * Visibility properties (fast-check) over random legal action sequences, for every game the
 * interpreter's property tests cover (the two reference fixtures and every `examples/*.gbg`): what
 * a seat cannot see cannot change its observation or information state, and no observation names
 * a card the seat may not know.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { GameIR } from '../../src/ir/schema.js';
import { compileSource } from '../../src/compiler/index.js';
import { compileGame } from '../../src/interpreter/index.js';
import { KUHN_IR, LEDUC_IR } from '../fixtures/ir.js';
import { cardPattern, entitledCards, exampleIRs, playChoices, replayWithCardsSwapped, unseenCards } from './helpers.js';

/** Option costs from expressions, in a private choice with a chance cost (`test/fixtures/games/expr-costs.gbg`). */
const EXPR_COSTS_IR = compileSource(readFileSync(new URL('../fixtures/games/expr-costs.gbg', import.meta.url), 'utf8')).ir!;

/** The games under test: the fixtures and every example (new examples are picked up automatically). */
const GAMES: [string, GameIR][] = [
  ['fixture Kuhn', KUHN_IR],
  ['fixture Leduc', LEDUC_IR],
  ['fixture expr-costs', EXPR_COSTS_IR],
  ...exampleIRs().map((e): [string, GameIR] => [e.file, e.ir]),
];

const choices = fc.array(fc.nat({ max: 1 << 20 }), { maxLength: 80 });

describe.each(GAMES)('%s', (_name, ir) => {
  const game = compileGame(ir);

  it('observation and information state do not change when cards the seat cannot see are swapped', () => {
    let compared = 0;
    fc.assert(
      fc.property(choices, fc.constantFrom(0, 1), fc.nat(), fc.nat(), (cs, seat, i, j) => {
        const { state, history } = playChoices(game, cs);
        const unseen = unseenCards(state, seat);
        fc.pre(unseen.length >= 2);
        const x = unseen[i % unseen.length];
        const y = unseen[j % unseen.length];
        fc.pre(x !== y);
        // Another path of play, or public numbers changed by a private check on those cards: skipped.
        const other = replayWithCardsSwapped(game, state, history, x, y);
        if (!other) return fc.pre(false);
        compared++;
        expect(other.observation(seat)).toEqual(state.observation(seat));
        expect(other.informationStateKey(seat)).toBe(state.informationStateKey(seat));
      }),
      { numRuns: 100, maxSkipsPerRun: 1000 },
    );
    expect(compared).toBe(100);
  });

  it('observations never name a card the seat may not know', () => {
    fc.assert(
      fc.property(choices, (cs) => {
        playChoices(game, cs, (s) => {
          for (const seat of [0, 1]) {
            const text = JSON.stringify(s.observation(seat));
            const known = entitledCards(s, seat);
            s.program.cardNames.forEach((name, t) => {
              if (!known.has(t)) expect(text).not.toMatch(cardPattern(name));
            });
          }
        });
      }),
    );
  });
});
