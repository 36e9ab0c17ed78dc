/**
 * Play seeds and slot ids (GENSTRAT v2 §5, "Pairing": a run's two slots share a deterministic
 * play seed derived from the game, the run id and the matchup).
 */
import { createHash } from 'node:crypto';
import { canonicalJson } from '../../ir/hash.js';

const sha256 = (s: string): string => createHash('sha256').update(s).digest('hex');

/** The two participants of a matchup in a canonical order (ids ascending), so a matchup has one seed whichever is named first. */
export function matchupKey(a: string, b: string): [string, string] {
  return a <= b ? [a, b] : [b, a];
}

/**
 * The play seed of run `run` of a matchup on a game: the first 52 bits of
 * SHA-256(canonical JSON of `{seed, rulesetHash, run, matchup}`), a whole number below 2^52.
 * @param seed the tournament's (or match's) seed
 */
export function playSeed(seed: number, rulesetHash: string, run: number, a: string, b: string): number {
  const h = sha256(canonicalJson({ seed, rulesetHash, run, matchup: matchupKey(a, b) }));
  return parseInt(h.slice(0, 13), 16);
}

/**
 * The id of a slot: the first 128 bits (hex) of SHA-256(canonical JSON of `{seed, rulesetHash,
 * run, seat0, seat1}`) where `seat0`/`seat1` are the participant ids in the seats. Everything that
 * decides what the slot plays (with the engine version, checked per store) is in it, so a slot id
 * names one slot forever.
 */
export function slotId(seed: number, rulesetHash: string, run: number, seat0: string, seat1: string): string {
  return sha256(canonicalJson({ seed, rulesetHash, run, seat0, seat1 })).slice(0, 32);
}
