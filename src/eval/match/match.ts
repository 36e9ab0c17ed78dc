/**
 * Duplicate matches: `runs` runs between participants A and B on one game, each run two slots
 * with the seats swapped sharing one play seed (BotzoneBench §4.1; GENSTRAT v2 §5), and the paired
 * estimate of the chips A wins per game.
 */
import type { Game } from '../../interpreter/api.js';
import type { Agent } from '../agents/agent.js';
import { playSlot, type SlotOutcome } from './play.js';
import { playSeed } from './seeds.js';

/** One run: A's chips won in slot 0 (A in seat 0) and slot 1 (A in seat 1). */
export interface RunResult {
  run: number;
  playSeed: number;
  /** A's returns in slot 0 (A sits in seat 0) and slot 1 (A sits in seat 1), chips. */
  a: [number, number];
}

/**
 * Summary of a duplicate match, from A's side, in chips won by A per game (A's returns; B's are
 * the negation). A's margin over B (A's chips − B's chips, the scale of `gbgc analyze`) is twice that.
 */
export interface MatchSummary {
  runs: number;
  /** Mean of A's returns over all slots: chips won by A per game. */
  meanReturn: number;
  /** Paired standard error: sample SD of the per-run means ÷ √runs. */
  pairedSE: number;
  /** Unpaired standard error of the same slots: sample SD of all slot returns ÷ √(2·runs). */
  unpairedSE: number;
  /** A's mean returns and standard error when A sits in each seat: `[seat 0, seat 1]`. */
  perSeat: { mean: number; se: number }[];
}

const mean = (xs: readonly number[]): number => xs.reduce((s, x) => s + x, 0) / xs.length;
/** Sample standard deviation (n − 1); 0 for fewer than two values. */
export function sampleSD(xs: readonly number[]): number {
  if (xs.length < 2) return 0;
  const m = mean(xs);
  return Math.sqrt(xs.reduce((s, x) => s + (x - m) ** 2, 0) / (xs.length - 1));
}

/** The paired summary of runs. @throws RangeError for no runs */
export function summarizeRuns(runs: readonly RunResult[]): MatchSummary {
  const n = runs.length;
  if (n === 0) throw new RangeError('no runs to summarize');
  const perRun = runs.map((r) => (r.a[0] + r.a[1]) / 2);
  const all = runs.flatMap((r) => r.a);
  const seat = (k: number) => {
    const xs = runs.map((r) => r.a[k]);
    return { mean: mean(xs), se: sampleSD(xs) / Math.sqrt(n) };
  };
  return {
    runs: n,
    meanReturn: mean(all),
    pairedSE: sampleSD(perRun) / Math.sqrt(n),
    unpairedSE: sampleSD(all) / Math.sqrt(2 * n),
    perSeat: [seat(0), seat(1)],
  };
}

/** Options of {@link playMatch}. */
export interface MatchOptions {
  runs: number;
  seed: number;
  /** Participant ids of A and B (they enter the play seeds). */
  ids: [string, string];
  onRun?: (done: number) => void;
  /** Called with each slot's outcome (run, slot 0/1, outcome). */
  onSlot?: (run: number, slot: number, outcome: SlotOutcome) => void;
  recordChance?: boolean;
}

/**
 * Play `runs` duplicate runs of A against B: in run r, slot 0 seats A in seat 0 and slot 1 seats
 * A in seat 1, both with play seed `playSeed(seed, rulesetHash, r, idA, idB)`.
 */
export async function playMatch(game: Game, a: Agent, b: Agent, opts: MatchOptions): Promise<RunResult[]> {
  const out: RunResult[] = [];
  for (let r = 0; r < opts.runs; r++) {
    const ps = playSeed(opts.seed, game.rulesetHash, r, opts.ids[0], opts.ids[1]);
    const s0 = await playSlot(game, [a, b], ps, 0, { recordMoves: false, recordChance: opts.recordChance });
    const s1 = await playSlot(game, [b, a], ps, 1, { recordMoves: false, recordChance: opts.recordChance });
    opts.onSlot?.(r, 0, s0);
    opts.onSlot?.(r, 1, s1);
    out.push({ run: r, playSeed: ps, a: [s0.returns[0], s1.returns[1]] });
    opts.onRun?.(r + 1);
  }
  return out;
}
