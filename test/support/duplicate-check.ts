/**
 * The duplicate-play check shared by `test/eval/match.test.ts` and `bench/tournament.ts`.
 */
import type { ChanceRecord } from '../../src/interpreter/api.js';

/**
 * Compare the chance events of a run's two slots while both asked for the same thing (same
 * stream, same destination): the outcomes must be equal. @returns the number of events compared
 */
export function compareChance(a: readonly ChanceRecord[], b: readonly ChanceRecord[]): number {
  let i = 0;
  for (; i < Math.min(a.length, b.length); i++) {
    if (a[i].stream !== b[i].stream || a[i].target !== b[i].target) break;
    if (a[i].outcome !== b[i].outcome)
      throw new Error(`chance event ${i} (${a[i].stream} → pile ${a[i].target}): ${a[i].outcome} in slot 0, ${b[i].outcome} in slot 1`);
  }
  return i;
}
