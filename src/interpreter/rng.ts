/**
 * The random streams of episodes.
 *
 * Stream version {@link RNG_STREAM} (`sfc32-v1`): episode `i` of a run with seed `S` draws from
 * `rngFromKeys(S, i)` (sfc32 seeded from the integers through splitmix32 finalizers, see
 * `src/util/rng.ts`). Before it, streams were seedrandom's Alea seeded with the text
 * `gbgc/S/i` (`alea-v0`); the same seed now gives other (equally valid) samples. Reports and
 * records carry the version so that a figure can be traced to the stream that made it.
 */
import { rngFromKeys, type Rng } from '../util/rng.js';

/** Version of the per-episode random streams, recorded in simulation reports. */
export const RNG_STREAM = 'sfc32-v1';

/**
 * The random stream of one episode, a pure function of `(seed, episode)`: the same pair always
 * gives the same numbers, and different episodes get independent-looking streams. One stream
 * serves the chance nodes and both agents, in the order the game asks for numbers.
 */
export function episodeRng(seed: number, episode: number): Rng {
  return rngFromKeys(seed, episode);
}
