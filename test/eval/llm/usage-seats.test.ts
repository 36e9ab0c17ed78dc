/**
 * `gbgc records usage` and the report's execution section at a three-seat table: each LLM
 * participant's figures count the decisions of the seat it held (seat 2 included), hand by hand in
 * a match of several hands, never only seats 0 and 1.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { RunStore, type MoveRecord } from '../../../src/eval/store/index.js';
import { llmUsage } from '../../../src/eval/llm/usage.js';

const dir = mkdtempSync(join(tmpdir(), 'gbgc-usage-seats-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A move of `seat` by an LLM costing `cost` dollars and `input` tokens. */
function move(ply: number, seat: number, cost: number, input: number): MoveRecord {
  return {
    ply,
    seat,
    obsDigest: '0'.repeat(16),
    action: 1,
    label: 'call',
    fallback: null,
    latencyMs: 5,
    extra: {
      kind: 'llm',
      seat,
      action: 1,
      label: 'call',
      path: 'strict',
      httpAttempts: 1,
      transportRetries: 0,
      formatFixes: 0,
      calls: [],
      raw: 'call',
      usage: { input, output: 1, reasoning: 0, cached: 0 },
      costUsd: cost,
      latencyMs: 5,
    },
  };
}

describe('LLM usage at a three-seat table', () => {
  it('counts each participant’s decisions in the seat it held, seat 2 included', () => {
    const path = join(dir, 'runs.db');
    const store = RunStore.open(path);
    for (const who of ['x', 'y', 'z'])
      store.putParticipant({ id: who, name: who, kind: 'llm', config: JSON.stringify({ kind: 'llm', params: { model: `openai/${who}` } }) });
    // Two hands: x, y, z in seats 0, 1, 2; z (seat 2) decides three times, x twice, y once.
    const moves = [move(0, 2, 0.01, 10), move(1, 0, 0.02, 20), move(2, 1, 0.04, 40), move(3, 2, 0.01, 10), move(4, 0, 0.02, 20), move(5, 2, 0.01, 10)];
    const seats = ['x', 'y', 'z'].map((participant, s) => ({ participant, return: [-50, 100, -50][s], moves: [2, 1, 3][s], fallbacks: 0 }));
    store.recordSlot(
      {
        id: 'slot-0',
        seq: 0,
        game: 'f'.repeat(64),
        run: 0,
        slot: 0,
        seat0: 'x',
        seat1: 'y',
        play_seed: 1,
        status: 'done',
        return0: -50,
        return1: 100,
        moves0: 2,
        moves1: 1,
        fallbacks0: 0,
        fallbacks1: 0,
        wall_ms: 0,
        error: null,
        notes: null,
        finished_at: 'now',
        seats,
        hands: [
          { hand: 0, seats: ['x', 'y', 'z'], button: 0, stacks: [100, 100, 100], returns: [-50, 50, 0], firstPly: 0, plies: 3 },
          { hand: 1, seats: ['x', 'y', 'z'], button: 1, stacks: [100, 100, 100], returns: [0, 50, -50], firstPly: 3, plies: 3 },
        ],
      },
      moves,
    );
    const usage = llmUsage(store);
    store.close();
    const by = Object.fromEntries(usage.participants.map((p) => [p.participant, p]));
    expect([by.x.moves, by.y.moves, by.z.moves]).toEqual([2, 1, 3]);
    expect([by.x.tokens.input, by.y.tokens.input, by.z.tokens.input]).toEqual([40, 40, 30]);
    expect(by.z.costUsd).toBeCloseTo(0.03, 12);
    expect([by.x.slots, by.y.slots, by.z.slots]).toEqual([1, 1, 1]);
  });
});
