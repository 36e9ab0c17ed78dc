/**
 * A hand-written Kuhn poker simulator (the rules of OpenSpiel's `kuhn_poker`: three cards
 * J < Q < K, one each, ante 1, one betting round in which the only bet is 1 chip, the first seat
 * acts first; the higher card wins the showdown), written like `leduc-sim.ts` (a deck, a draw,
 * the same betting-round loop with fold / call-or-check / bet): the speed reference of
 * `bench/playout.ts`.
 */
import { bettingRound, contrib, type Rng } from './leduc-sim.js';

const deck = new Int32Array(3);

/**
 * Play one uniform-random episode.
 * @returns chips won by seat 0 (seat 1 wins the negative)
 */
export function playKuhnDirect(rng: Rng): number {
  for (let i = 0; i < 3; i++) deck[i] = i;
  let left = 3;
  let i = Math.floor(rng() * left);
  const c0 = deck[i];
  deck[i] = deck[--left];
  i = Math.floor(rng() * left);
  const c1 = deck[i];
  const folder = bettingRound(1, rng, 1);
  const put0 = 1 + contrib[0];
  const put1 = 1 + contrib[1];
  if (folder === 0) return -put0;
  if (folder === 1) return put1;
  return c0 > c1 ? put1 : -put0;
}
