/**
 * Duplicate play: the paired estimate against an exact tree value, chance identical per seat in
 * the two slots of every run, determinism of slots and play seeds.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compileSource } from '../../src/compiler/index.js';
import { compileGame } from '../../src/interpreter/game.js';
import { createParticipantAgent, makeParticipant } from '../../src/eval/agents/index.js';
import { playMatch, playSeed, playSlot, summarizeRuns, type SlotOutcome } from '../../src/eval/match/index.js';
import { solve } from '../../src/algorithms/solve.js';
import { policyValue } from '../../src/algorithms/best-response.js';
import { l0TreePolicy } from '../../src/eval/agents/l1.js';
import { compareChance } from '../support/duplicate-check.js';

const EXAMPLES = ['kuhn', 'leduc', 'duel', 'genstrat-4643', 'genstrat-4643-v1', 'oracle', 'rounds', 'thieves'];
/** Runs per example of the chance-identity test (the bench runs 1,000). */
export const IDENTITY_RUNS = 300;

function load(name: string) {
  const r = compileSource(readFileSync(`examples/${name}.gbg`, 'utf8'));
  if (!r.ir) throw new Error(`${name} does not compile`);
  return compileGame(r.ir);
}

describe('duplicate play', () => {
  it('Kuhn, cfr (solved) vs random over 2,000 runs: the exact value within 4 paired SE; paired SE < unpaired SE', async () => {
    const game = load('kuhn');
    const [pa, pb] = [makeParticipant({ kind: 'cfr' }, 'a'), makeParticipant({ kind: 'random' }, 'b')];
    const [a, b] = await Promise.all([createParticipantAgent(pa, game), createParticipantAgent(pb, game)]);
    const runs = await playMatch(game, a, b, { runs: 2000, seed: 11, ids: [pa.id, pb.id] });
    const s = summarizeRuns(runs);
    // Exact: the CFR+ policy (1,000 iterations, what the agent solves) against L0, in each seat.
    const solved = solve(game, { iterations: 1000 });
    const l0 = l0TreePolicy(game, solved.tree);
    const split = solved.tree.slotStart[solved.tree.infosetsPerSeat[0]];
    const cfrFirst = l0.slice();
    cfrFirst.set(solved.policy.subarray(0, split));
    const cfrSecond = solved.policy.slice();
    cfrSecond.set(l0.subarray(0, split));
    const exact = (policyValue(solved.tree, cfrFirst) - policyValue(solved.tree, cfrSecond)) / 2;
    expect(exact).toBeGreaterThan(0.1);
    expect(Math.abs(s.meanReturn - exact)).toBeLessThan(4 * s.pairedSE);
    expect(s.pairedSE).toBeLessThan(s.unpairedSE);
    // Per seat: A's mean in each seat averages to the margin.
    expect((s.perSeat[0].mean + s.perSeat[1].mean) / 2).toBeCloseTo(s.meanReturn, 12);
  });

  it(`every example: the two slots of each of ${IDENTITY_RUNS} runs draw the same chance outcomes for the same seats`, async () => {
    for (const name of EXAMPLES) {
      const game = load(name);
      const [pa, pb] = [makeParticipant({ kind: 'random' }, 'a'), makeParticipant({ kind: 'heuristic' }, 'b')];
      const [a, b] = await Promise.all([createParticipantAgent(pa, game), createParticipantAgent(pb, game)]);
      const slots: SlotOutcome[][] = [];
      await playMatch(game, a, b, { runs: IDENTITY_RUNS, seed: 3, ids: [pa.id, pb.id], recordChance: true, onSlot: (r, k, o) => ((slots[r] ??= [])[k] = o) });
      let compared = 0;
      let dealtToSeats = 0;
      for (const [s0, s1] of slots) {
        const n = compareChance(s0.chance!, s1.chance!);
        compared += n;
        dealtToSeats += s0.chance!.slice(0, n).filter((c) => c.target === 1 || c.target === 2).length;
      }
      // Every run deals cards to the seats before any decision, so those are always compared.
      expect(dealtToSeats, name).toBeGreaterThanOrEqual(2 * IDENTITY_RUNS);
      expect(compared, name).toBeGreaterThanOrEqual(dealtToSeats);
    }
  });

  it('Leduc: the board card is the same in both slots whenever both reach it', async () => {
    const game = load('leduc');
    const [pa, pb] = [makeParticipant({ kind: 'random' }, 'a'), makeParticipant({ kind: 'l1' }, 'b')];
    const [a, b] = await Promise.all([createParticipantAgent(pa, game), createParticipantAgent(pb, game)]);
    let both = 0;
    await playMatch(game, a, b, {
      runs: 300,
      seed: 5,
      ids: [pa.id, pb.id],
      recordChance: true,
      onSlot: (() => {
        let first: SlotOutcome | null = null;
        return (_r: number, k: number, o: SlotOutcome) => {
          if (k === 0) first = o;
          else if (first!.chance!.length === 3 && o.chance!.length === 3) {
            both++;
            expect(o.chance!.map((c) => c.outcome)).toEqual(first!.chance!.map((c) => c.outcome));
          }
        };
      })(),
    });
    expect(both).toBeGreaterThan(50);
  });

  it('a slot is a pure function of the play seed, the slot and the agents; play seeds ignore the order of the matchup', async () => {
    const game = load('genstrat-4643');
    const [a, b] = await Promise.all([
      createParticipantAgent(makeParticipant({ kind: 'random' }, 'a'), game),
      createParticipantAgent(makeParticipant({ kind: 'heuristic' }, 'b'), game),
    ]);
    const x = await playSlot(game, [a, b], 12345, 0);
    const y = await playSlot(game, [a, b], 12345, 0);
    expect(y.returns).toEqual(x.returns);
    expect(y.records.map((m) => [m.ply, m.seat, m.obsDigest, m.label])).toEqual(x.records.map((m) => [m.ply, m.seat, m.obsDigest, m.label]));
    expect(x.returns[0] + x.returns[1]).toBe(0);
    expect(playSeed(1, game.rulesetHash, 4, 'aa', 'bb')).toBe(playSeed(1, game.rulesetHash, 4, 'bb', 'aa'));
    expect(playSeed(1, game.rulesetHash, 4, 'aa', 'bb')).not.toBe(playSeed(1, game.rulesetHash, 5, 'aa', 'bb'));
    expect(Number.isSafeInteger(playSeed(2, game.rulesetHash, 0, 'a', 'b'))).toBe(true);
  });
});
