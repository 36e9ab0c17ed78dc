/**
 * State space axis (GENSTRAT v2 Appendix C, "State space (log10)"):
 *   state_space = log10( Σ_p |I_p| ),
 * where I_p is the set of distinct information states seat p visited in the L0 episode log.
 * A lower bound on the reachable count (unvisited states are not counted). In exact mode every
 * information state reachable under L0 is counted (L0 gives every legal action positive mass, so
 * this is every reachable information state).
 */
import type { EpisodeLog } from './episodes.js';

/** Distinct information states visited, per seat `[seat 0, seat 1]`. */
export function visitedInformationStates(log: EpisodeLog): [number, number] {
  const seen: [Set<string>, Set<string>] = [new Set(), new Set()];
  for (const e of log.episodes) if (e.weight > 0) for (const d of e.decisions) seen[d.seat].add(d.info);
  return [seen[0].size, seen[1].size];
}

/** The state space axis, log10 of the number of distinct information states of both seats (−∞ never: at least 0 when a game has no decision, reported as 0). */
export function stateSpace(log: EpisodeLog): number {
  const [a, b] = visitedInformationStates(log);
  return a + b > 0 ? Math.log10(a + b) : 0;
}
