/**
 * Reading an axes JSONL file (`gbgc axes POOL --out AXES.jsonl`) for the axes benches: one line
 * per game, in slot order; and the percentile rank the axes benches give seed 4643 among a set.
 */
import { readFileSync } from 'node:fs';
import type { RiskWeights } from '../../src/eval/axes/risk.js';

/** The fields of an axes line the benches read. */
export interface AxesFileLine {
  file: string;
  slot: number;
  seed: number;
  tier: string;
  riskWeights?: RiskWeights;
  axes: Record<string, number>;
}

/** The lines of `file`, one per game (a file written by two runs may name a game twice: the last line counts), by slot. */
export function readAxesLines(file: string): AxesFileLine[] {
  return [
    ...new Map(
      readFileSync(file, 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as AxesFileLine)
        .map((l) => [l.file, l] as const),
    ).values(),
  ].sort((a, b) => a.slot - b.slot);
}

/** Percentile rank of `v` among `xs`: the share below plus half the ties, × 100, rounded (how the axes benches place seed 4643 among the 50). */
export function percentileRank(xs: readonly number[], v: number): number {
  return Math.round((100 * (xs.filter((x) => x < v).length + 0.5 * xs.filter((x) => x === v).length)) / xs.length);
}
