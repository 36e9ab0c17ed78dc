/**
 * Reading an axes JSONL file (`gbgc axes POOL --out AXES.jsonl`) for the axes benches: one line
 * per game, in slot order.
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
