/**
 * The sums a playout kernel keeps for `simulate()` (`PlayoutKernel.playMany` of `api.ts`): one
 * owner for the layout of its `acc` array, shared by the poker kernel and the machine kernel.
 */

/** What one episode of a playout kernel leaves: each seat's returns (chips) and decisions, and whether it reached the showdown. */
export interface EpisodeOutcome {
  returns0: number;
  returns1: number;
  moves0: number;
  moves1: number;
  showdown: boolean;
}

/**
 * Add one episode's outcome to `acc` (7 entries): [Σ returns seat 0, Σ returns seat 1, Σ squared
 * returns seat 0, seat 1, Σ decisions seat 0, seat 1, episodes that reached the showdown].
 */
export function addEpisode(acc: Float64Array, e: EpisodeOutcome): void {
  const r0 = e.returns0;
  const r1 = e.returns1;
  acc[0] += r0;
  acc[1] += r1;
  acc[2] += r0 * r0;
  acc[3] += r1 * r1;
  acc[4] += e.moves0;
  acc[5] += e.moves1;
  if (e.showdown) acc[6]++;
}
