/**
 * Ladder duels: duplicate runs of A against B whose chance draws depend only on the seed, the
 * ruleset and the run, so every matchup on a game with one seed meets the same deals
 * (BotzoneBench §4.1: a fixed set of seeds applied identically to every bot matchup).
 */
import type { Game } from '../../interpreter/api.js';
import type { Agent } from '../agents/agent.js';
import { playSlot, type SlotOutcome } from '../match/play.js';
import { playSeed } from '../match/seeds.js';
import type { RunReturns } from './stats.js';

/** The key standing in for the matchup in a ladder's play seeds. */
export const LADDER_SEED_KEY = 'ladder';

/** The play seed of run `run` of every ladder duel on a ruleset under `seed`. */
export function ladderPlaySeed(seed: number, rulesetHash: string, run: number): number {
  return playSeed(seed, rulesetHash, run, LADDER_SEED_KEY, LADDER_SEED_KEY);
}

/** Options of {@link playDuel}. */
export interface DuelOptions {
  runs: number;
  seed: number;
  /** Record every decision (for the run store). */
  recordMoves?: boolean;
  /**
   * A finished slot already known (e.g. from a run store) for run `run`, slot `slot` (0: A in
   * seat 0), or undefined to play it.
   */
  known?: (run: number, slot: number, playSeed: number) => [number, number] | undefined;
  /** Called with each slot played now. */
  onSlot?: (run: number, slot: number, playSeed: number, outcome: SlotOutcome) => void;
}

/**
 * Play `runs` duplicate runs of A against B: run r plays A in seat 0 (slot 0), then A in seat 1
 * (slot 1), both from play seed {@link ladderPlaySeed}(seed, rulesetHash, r).
 * @returns A's returns per run `[slot 0, slot 1]`, chips
 */
export async function playDuel(game: Game, a: Agent, b: Agent, opts: DuelOptions): Promise<RunReturns[]> {
  const out: RunReturns[] = [];
  for (let r = 0; r < opts.runs; r++) {
    const ps = ladderPlaySeed(opts.seed, game.rulesetHash, r);
    const ret: number[] = [];
    for (const slot of [0, 1]) {
      const hit = opts.known?.(r, slot, ps);
      if (hit) {
        ret.push(hit[slot]);
        continue;
      }
      const o = await playSlot(game, slot === 0 ? [a, b] : [b, a], ps, slot, { recordMoves: opts.recordMoves ?? false });
      opts.onSlot?.(r, slot, ps, o);
      ret.push(o.returns[slot]);
    }
    out.push([ret[0], ret[1]]);
  }
  return out;
}
