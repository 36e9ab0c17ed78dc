/**
 * Play seeds and slot ids. Two schemes of play seeds exist (the store records which one it was
 * filled under, as `meta(playSeedScheme)`; a store without the key was filled under scheme 1):
 *
 * - scheme 1 (GENSTRAT v2 §5, "Pairing"): a run's play seed is derived from the game, the run id
 *   and the matchup, so two matchups never share a deal;
 * - scheme 2 (the default for new stores): the play seed is derived from the game and the run id
 *   only, so every participant meets the same deals on a game — run r of (A, B) and run r of
 *   (A′, B) are played on identical chance draws, which pairs the slots of two variants of one model
 *   against the same anchor (the reasoning ablation, v2 §9) and the levels of a ladder.
 */
import { createHash } from 'node:crypto';
import { canonicalJson } from '../../ir/hash.js';

const sha256 = (s: string): string => createHash('sha256').update(s).digest('hex');

/** Play-seed schemes: 1 = per matchup (v2 §5), 2 = shared by every matchup of a game. */
export type PlaySeedScheme = 1 | 2;
/** The scheme new tournament stores are filled under. */
export const CURRENT_PLAY_SEED_SCHEME: PlaySeedScheme = 2;

/** The two participants of a matchup in a canonical order (ids ascending), so a matchup has one seed whichever is named first. */
export function matchupKey(a: string, b: string): [string, string] {
  return a <= b ? [a, b] : [b, a];
}

/**
 * The scheme-1 play seed of run `run` of a matchup on a game: the first 52 bits of
 * SHA-256(canonical JSON of `{seed, rulesetHash, run, matchup}`), a whole number below 2^52.
 * @param seed the tournament's (or match's) seed
 */
export function playSeed(seed: number, rulesetHash: string, run: number, a: string, b: string): number {
  const h = sha256(canonicalJson({ seed, rulesetHash, run, matchup: matchupKey(a, b) }));
  return parseInt(h.slice(0, 13), 16);
}

/**
 * The scheme-2 play seed of run `run` on a game, the same for every matchup: the first 52 bits of
 * SHA-256(canonical JSON of `{playSeeds: 2, seed, rulesetHash, run}`), a whole number below 2^52.
 */
export function sharedPlaySeed(seed: number, rulesetHash: string, run: number): number {
  return parseInt(sha256(canonicalJson({ playSeeds: 2, seed, rulesetHash, run })).slice(0, 13), 16);
}

/** The play seed of a run under `scheme` (participant ids `a`, `b` are read by scheme 1 only). */
export function schemePlaySeed(scheme: PlaySeedScheme, seed: number, rulesetHash: string, run: number, a: string, b: string): number {
  return scheme === 1 ? playSeed(seed, rulesetHash, run, a, b) : sharedPlaySeed(seed, rulesetHash, run);
}

/**
 * The id of a slot: the first 128 bits (hex) of SHA-256(canonical JSON of `{seed, rulesetHash,
 * run, seat0, seat1}`) where `seat0`/`seat1` are the participant ids in the seats, plus
 * `playSeeds: 2` under scheme 2. Everything that decides what the slot plays (with the engine
 * version, checked per store) is in it, so a slot id names one slot forever.
 */
export function slotId(seed: number, rulesetHash: string, run: number, seat0: string, seat1: string, scheme: PlaySeedScheme = 1): string {
  const key = scheme === 1 ? { seed, rulesetHash, run, seat0, seat1 } : { playSeeds: 2, seed, rulesetHash, run, seat0, seat1 };
  return sha256(canonicalJson(key)).slice(0, 32);
}
