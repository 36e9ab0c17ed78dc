/**
 * Refits on part of a tournament (GENSTRAT v2 App. H "llama-excluded"; v1 App. E.1): the slot rows
 * without some participants, or on some games only. Every estimator then runs on the kept rows as
 * if the store had held only them, so excluding a participant gives exactly the α̂ of a tournament
 * that never had it (the slots of the other matchups are the same slots).
 */
import { UserError } from '../../util/errors.js';
import type { SlotRow } from './slots.js';

/** What a filter kept, recorded in the estimates' `meta.filter`. */
export interface FilterSummary {
  /** Participant ids left out (every slot they played is dropped). */
  excludedParticipants: string[];
  /** Ruleset hashes of the games kept (null: every game). */
  games: string[] | null;
  /** Slot rows before and after the filter. */
  slotsBefore: number;
  slotsKept: number;
}

/**
 * Participant ids named by `wanted` (an id, a unique id prefix of at least 8 characters, or a display name).
 * @throws UserError for a name that matches no participant or several.
 */
export function resolveParticipants(wanted: readonly string[], ids: readonly string[], names: Readonly<Record<string, string>>, flag: string): string[] {
  return wanted.map((w) => {
    if (ids.includes(w)) return w;
    const byName = ids.filter((id) => names[id] === w);
    const byPrefix = w.length >= 8 ? ids.filter((id) => id.startsWith(w)) : [];
    const hits = [...new Set([...byName, ...byPrefix])];
    if (hits.length === 1) return hits[0];
    const known = ids.map((id) => names[id] ?? id).join(', ');
    if (hits.length === 0) throw new UserError(`${flag}: no participant of the store is named '${w}' (participants: ${known})`);
    throw new UserError(`${flag}: '${w}' names ${hits.length} participants; give the participant id`);
  });
}

/**
 * Keep the rows of the games `games` (ruleset hashes; null: all) in which no participant of
 * `exclude` (ids) sits.
 * @throws UserError when nothing is left.
 */
export function filterSlots(
  rows: readonly SlotRow[],
  exclude: readonly string[],
  games: readonly string[] | null,
): { rows: SlotRow[]; summary: FilterSummary } {
  const ex = new Set(exclude);
  const gs = games ? new Set(games) : null;
  const kept = rows.filter((r) => !ex.has(r.seats[0]) && !ex.has(r.seats[1]) && (!gs || gs.has(r.game)));
  if (kept.length === 0) throw new UserError('no slots are left after leaving out the named participants and games');
  return { rows: kept, summary: { excludedParticipants: [...exclude], games: games ? [...games] : null, slotsBefore: rows.length, slotsKept: kept.length } };
}
