/**
 * Mirroring: the same steps with the two seats exchanged. The builder gives both seats the same
 * opportunity by drawing a block for one seat and adding its mirror image for the other, which
 * keeps generated games balanced under random play (the v1 filter rejects games in which one
 * seat wins more than 65 % of the decided deals).
 */
import type { Step } from '../ir/schema.js';

/** Fields that hold a seat index (0 or 1) somewhere in a step, an expression or a party. */
const SEAT_FIELDS: ReadonlySet<string> = new Set(['seat', 'target', 'from', 'firstSeat', 'first', 'second', 'winner']);

/** Exchange the seats in any IR value (a deep copy; option names and other strings are kept). */
export function mirror<T>(value: T): T {
  if (Array.isArray(value)) return value.map((v) => mirror(v)) as T;
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    if (SEAT_FIELDS.has(k) && (v === 0 || v === 1)) out[k] = 1 - v;
    else if (k === 'payers' && Array.isArray(v)) out[k] = v.map((s: number) => 1 - s).sort();
    else out[k] = mirror(v);
  }
  return out as T;
}

/** The mirror images of a list of steps. */
export function mirrorSteps(steps: Step[]): Step[] {
  return mirror(steps);
}
