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

/**
 * The seat permutations of a block of `n` seats, in lexicographic order: `perm[k][s]` is the index
 * (into the table's participants) of the participant in seat `s` of slot `k`. A block plays one
 * play seed under each of them (n! slots: 2 for two seats, slot 0 as listed and slot 1 swapped,
 * as a run always has; 6 for three).
 * @throws RangeError for n outside 1…8
 */
export function seatPermutations(n: number): number[][] {
  if (!Number.isInteger(n) || n < 1 || n > 8) throw new RangeError(`seatPermutations: ${n} seats (1 to 8 are listed)`);
  const out: number[][] = [];
  const walk = (prefix: number[], rest: number[]): void => {
    if (rest.length === 0) {
      out.push(prefix);
      return;
    }
    for (let i = 0; i < rest.length; i++) walk([...prefix, rest[i]], [...rest.slice(0, i), ...rest.slice(i + 1)]);
  };
  walk(
    [],
    Array.from({ length: n }, (_, i) => i),
  );
  return out;
}

/** The hands of a slot and how stacks go between them (see `MatchFormat` in `play.ts`). */
export interface SlotFormat {
  hands: number;
  stacks: 'reset' | 'carry';
}

/**
 * The id of a slot of any number of seats and hands. A two-seat slot of one hand keeps
 * {@link slotId}'s id; any other is the first 128 bits (hex) of SHA-256(canonical JSON of
 * `{playSeeds, seed, rulesetHash, run, seats, hands, stacks}`), `seats` the participant ids seat
 * by seat and `playSeeds` the scheme.
 */
export function tableSlotId(seed: number, rulesetHash: string, run: number, seats: readonly string[], scheme: PlaySeedScheme, format: SlotFormat): string {
  if (seats.length === 2 && format.hands === 1) return slotId(seed, rulesetHash, run, seats[0], seats[1], scheme);
  return sha256(canonicalJson({ playSeeds: scheme, seed, rulesetHash, run, seats: [...seats], hands: format.hands, stacks: format.stacks })).slice(0, 32);
}
