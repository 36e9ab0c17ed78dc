/**
 * Seeded random streams (seedrandom's Alea generator).
 */
import seedrandom from 'seedrandom';
import type { Rng } from '../util/rng.js';

/**
 * The random stream of one episode, a pure function of `(seed, episode)`: the same pair always
 * gives the same numbers, and different episodes get independent-looking streams. One stream
 * serves the chance nodes and both agents, in the order the game asks for numbers.
 */
export function episodeRng(seed: number, episode: number): Rng {
  return seedrandom.alea(`gbgc/${seed}/${episode}`);
}
