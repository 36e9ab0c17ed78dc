/**
 * The axes' random behaviour strategies and keys used by playouts: a Dirichlet strategy is the
 * same with and without its cache (its point is a function of the stream keys, the state's key and
 * the number of legal actions), and `axisInfoKey` is `axisKeys(...).info` (also given the decision
 * type), on every decision of random episodes of Leduc and of seed 4643's game (both seats, states
 * met again and again). Opponent modelling's key hashes and off-Sobol points are their
 * definitions', and loops over one state reset in place give the episodes of new states.
 */
import { describe, expect, it } from 'vitest';
import { CHANCE, type Game } from '../../../src/interpreter/api.js';
import { dirichletPolicy } from '../../../src/eval/axes/policies.js';
import { axisInfoKey, axisInfoKeyAt, axisKeys, axisKeysAt, decisionType } from '../../../src/eval/axes/infostate.js';
import { keyHashes, OM_STATE_STREAM, offSobolPoint, toSimplex } from '../../../src/eval/axes/opponent-modelling.js';
import { sampleL0Episodes } from '../../../src/eval/axes/episodes.js';
import { canResetToInitial } from '../../../src/interpreter/api.js';
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
        const keys = axisKeys(s, p, legal);
        expect(key).toBe(keys.info);
        const dt = decisionType(s, p, legal);
        expect(axisInfoKeyAt(s, p, dt)).toBe(key);
        expect(axisKeysAt(s, p, dt)).toEqual(keys);
        expect(keyHashes(key)).toEqual([hashString(key), hashString(`\u0000${key}`)]);
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

describe('opponent modelling’s coordinates off the Sobol states', () => {
  it('the point of an opponent is the simplex of its stream’s numbers; a concentrated one squeezes them around its parent’s', () => {
    const h: [number, number] = keyHashes('1|3:7|2,9|5.0.1|4/1|D3>2:1|0=1');
    for (const kinds of [2, 3, 5]) {
      const own = rngFromKeys(7, OM_STATE_STREAM, 1, 70, h[0], h[1]);
      const raw = Array.from({ length: kinds - 1 }, () => own());
      expect(offSobolPoint(7, 1, { n: 70 }, h, kinds)).toEqual(toSimplex(raw));
      const par = rngFromKeys(7, OM_STATE_STREAM, 1, 3, h[0], h[1]);
      const c = Array.from({ length: kinds - 1 }, () => par());
      // The box of side 1/4 around the parent's coordinate, reflected at 0 and 1.
      const squeezed = raw.map((x, j) => {
        const y = c[j] + (x - 0.5) / 4;
        return y < 0 ? -y : y >= 1 ? 2 - y - 1e-12 : y;
      });
      expect(offSobolPoint(7, 1, { n: 70, parent: 3 }, h, kinds)).toEqual(toSimplex(squeezed));
    }
  });
});

describe('loops over one state reset in place', () => {
  it('give the L0 log of a new state per episode (Leduc, seed 4643)', () => {
    for (const game of [leduc(), example('genstrat-4643.gbg')]) {
      expect(canResetToInitial(game)).toBe(true);
      // The same game without the capability: every episode on a new state.
      const fresh = { numSeats: 2, newInitialState: () => game.newInitialState() } as unknown as Game;
      expect(canResetToInitial(fresh)).toBe(false);
      const a = sampleL0Episodes(game, 60, 3);
      const b = sampleL0Episodes(fresh, 60, 3);
      expect(a.episodes.reduce((n, e) => n + e.decisions.length, 0)).toBeGreaterThan(120);
      expect(a).toEqual(b);
    }
  });
});
