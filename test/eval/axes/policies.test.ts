/**
 * The axes' random behaviour strategies and keys used by playouts: a Dirichlet strategy is the
 * same with and without its cache (its point is a function of the stream keys, the state's key and
 * the number of legal actions), and `axisInfoKey` is `axisKeys(...).info`, on every decision of
 * random episodes of Leduc and of seed 4643's game (both seats, states met again and again).
 */
import { describe, expect, it } from 'vitest';
import { CHANCE, type Game } from '../../../src/interpreter/api.js';
import { dirichletPolicy } from '../../../src/eval/axes/policies.js';
import { axisInfoKey, axisKeys } from '../../../src/eval/axes/infostate.js';
import { hashString, rngFromKeys } from '../../../src/util/rng.js';
import { example } from '../../interpreter/helpers.js';
import { leduc } from './games.js';

/** At every decision of `episodes` random episodes: the cached and uncached strategies' probabilities and both keys. */
function check(game: Game, episodes: number): number {
  const cached = dirichletPolicy([5, 0xd1e, 1], axisInfoKey);
  const uncached = dirichletPolicy([5, 0xd1e, 1], axisInfoKey, false);
  let decisions = 0;
  for (let e = 0; e < episodes; e++) {
    const rng = rngFromKeys(9, e);
    const s = game.newInitialState();
    while (!s.isTerminal()) {
      const p = s.currentPlayer();
      const legal = s.legalActions();
      if (p !== CHANCE) {
        const key = axisInfoKey(s, p, legal);
        expect(key).toBe(axisKeys(s, p, legal).info);
        const q = uncached(s, p, legal);
        expect(cached(s, p, legal)).toEqual(q);
        // The point drawn as the definition says: exponentials from the stream (keys, hash of the key), normalised.
        const r = rngFromKeys(5, 0xd1e, 1, hashString(key));
        const x = legal.map(() => -Math.log(1 - r()));
        const t = x.reduce((a, b) => a + b, 0);
        expect(q).toEqual(x.map((v) => v / t));
        decisions++;
      }
      s.applyAction(legal[Math.floor(rng() * legal.length)]);
    }
  }
  return decisions;
}

describe('Dirichlet strategies of the axes', () => {
  it('cached and uncached give the same probabilities, the definition’s, at every decision (Leduc, seed 4643)', () => {
    expect(check(leduc(), 200)).toBeGreaterThan(400);
    expect(check(example('genstrat-4643.gbg'), 40)).toBeGreaterThan(100);
  });
});
