/**
 * Matches of many hands and duplicate blocks for n seats: the seat permutations of a block, who
 * sits where and who holds the button hand by hand, a match's hands summing to its slot, its first
 * hand being the one-hand slot, and every permutation of a block dealing the same cards to the same
 * seats hand by hand.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compileSource } from '../../src/compiler/index.js';
import { compileAnyGame, compileGame } from '../../src/interpreter/game.js';
import { createParticipantAgent, makeParticipant, type Agent } from '../../src/eval/agents/index.js';
import { handSeating, playSlot, seatPermutations, tableSlotId, slotId, type SlotOutcome } from '../../src/eval/match/index.js';
import { compareChance } from '../support/duplicate-check.js';
import { kuhnN } from '../algorithms/kuhn-n.js';
import { randomAgent } from '../../src/eval/agents/random.js';
import type { Game } from '../../src/interpreter/api.js';
import { UserError } from '../../src/util/errors.js';
import { scheduleTables } from '../../src/eval/tournament/plan.js';

function load(name: string) {
  const r = compileSource(readFileSync(`examples/${name}.gbg`, 'utf8'));
  if (!r.ir) throw new Error(`${name} does not compile`);
  return compileGame(r.ir);
}

async function agents(game: ReturnType<typeof load>, kinds: string[]): Promise<Agent[]> {
  return Promise.all(kinds.map((k, i) => createParticipantAgent(makeParticipant({ kind: k }, `p${i}`), game)));
}

describe('seat permutations of a block', () => {
  it('two seats: as listed, then swapped (a run of today); three seats: the six in lexicographic order', () => {
    expect(seatPermutations(2)).toEqual([
      [0, 1],
      [1, 0],
    ]);
    expect(seatPermutations(3)).toEqual([
      [0, 1, 2],
      [0, 2, 1],
      [1, 0, 2],
      [1, 2, 0],
      [2, 0, 1],
      [2, 1, 0],
    ]);
    // n! distinct permutations, each seat holding each participant (n − 1)! times.
    for (const n of [4, 5, 6]) {
      const ps = seatPermutations(n);
      expect(ps).toHaveLength([1, 1, 2, 6, 24, 120, 720][n]);
      expect(new Set(ps.map((p) => p.join())).size).toBe(ps.length);
      for (let seat = 0; seat < n; seat++) for (let who = 0; who < n; who++) expect(ps.filter((p) => p[seat] === who)).toHaveLength(ps.length / n);
    }
    expect(() => seatPermutations(0)).toThrow(RangeError);
  });

  it('a two-seat slot of one hand keeps its id; other formats and tables get their own', () => {
    expect(tableSlotId(7, 'abc', 3, ['x', 'y'], 2, { hands: 1, stacks: 'reset' })).toBe(slotId(7, 'abc', 3, 'x', 'y', 2));
    const six = tableSlotId(7, 'abc', 3, ['x', 'y'], 2, { hands: 6, stacks: 'reset' });
    expect(six).not.toBe(slotId(7, 'abc', 3, 'x', 'y', 2));
    expect(tableSlotId(7, 'abc', 3, ['x', 'y'], 2, { hands: 6, stacks: 'carry' })).not.toBe(six);
    expect(tableSlotId(7, 'abc', 3, ['x', 'y', 'z'], 2, { hands: 1, stacks: 'reset' })).toMatch(/^[0-9a-f]{32}$/);
  });
});

describe('who sits where, hand by hand', () => {
  it('with a button: the seats stay, the button moves clockwise (hand mod n)', () => {
    expect([0, 1, 2, 3, 4, 5].map((h) => handSeating(3, h, true))).toEqual([0, 1, 2, 0, 1, 2].map((b) => ({ order: [0, 1, 2], button: b })));
  });
  it('without a button: the agents rotate, the agent of slot seat (hand mod n) in seat 0', () => {
    expect([0, 1, 2, 3].map((h) => handSeating(2, h, false).order)).toEqual([
      [0, 1],
      [1, 0],
      [0, 1],
      [1, 0],
    ]);
    expect([0, 1, 2].map((h) => handSeating(3, h, false))).toEqual([
      { order: [0, 1, 2], button: null },
      { order: [1, 2, 0], button: null },
      { order: [2, 0, 1], button: null },
    ]);
  });
});

describe('stacks: carry with a game that ignores the stacks it is given', () => {
  it("is the user's error (exit 1), naming the game, the rule and both stacks, before the hand is played", async () => {
    const kuhn = load('kuhn');
    // A library user's own Game: it always deals from the declared stacks.
    const own: Game = { ir: kuhn.ir, rulesetHash: kuhn.rulesetHash, numSeats: kuhn.numSeats, newInitialState: () => kuhn.newInitialState() };
    const [a, b] = await agents(kuhn, ['random', 'random']);
    const played = playSlot(own, [a, b], 7, 0, { format: { hands: 6, stacks: 'carry' } });
    await expect(played).rejects.toBeInstanceOf(UserError);
    await expect(played).rejects.toMatchObject({ exitCode: 1 });
    // Kuhn's first hand moves at least one chip, so hand 1 is the first to start from other stacks.
    await expect(played).rejects.toThrow(
      /^game "Kuhn poker" does not start its hands from the stacks it is given, so it cannot be played with stacks: carry \(hand 1 should start from 9, 11 chips and starts from 10, 10\): play it with stacks: reset$/,
    );
    // The same game with stacks reset plays.
    expect((await playSlot(own, [a, b], 7, 0, { format: { hands: 6, stacks: 'reset' } })).hands).toHaveLength(6);
  });
});

describe('stacks: carry on Kuhn (two seats)', () => {
  it('hands from carried stacks have their own keys; cfr and l1 still play their declared-stacks policies', async () => {
    const game = load('kuhn');
    const [cfr, l1] = await agents(game, ['cfr', 'l1']);
    const m = await playSlot(game, [cfr, l1], 11, 0, { format: { hands: 6, stacks: 'carry' } });
    const hands = m.hands!;
    expect(hands[0].stacks).toEqual([10, 10]);
    expect(hands.length).toBeGreaterThan(1);
    const carried = hands.find((h) => h.stacks!.some((x) => x !== 10));
    expect(carried).toBeDefined();
    expect(m.returns[0] + m.returns[1]).toBe(0);
  });
});

describe('a match of six hands (Kuhn, two seats, stacks reset)', () => {
  const format = { hands: 6, stacks: 'reset' as const };

  it("sums its hands to the slot's returns, moves and fallbacks by agent; its first hand is the one-hand slot", async () => {
    const game = load('kuhn');
    const [a, b] = await agents(game, ['random', 'heuristic']);
    for (let seed = 1; seed <= 40; seed++) {
      const m = await playSlot(game, [a, b], 1000 + seed, 0, { format });
      expect(m.hands).toHaveLength(6);
      const hands = m.hands!;
      const byAgent = [0, 0];
      const movesByAgent = [0, 0];
      hands.forEach((h, k) => {
        expect(h.hand).toBe(k);
        expect(h.order).toEqual(k % 2 === 0 ? [0, 1] : [1, 0]);
        expect(h.button).toBeNull();
        expect(h.stacks).toEqual(game.ir.stacks);
        expect(h.returns[0] + h.returns[1]).toBe(0);
        h.order.forEach((agent, seat) => (byAgent[agent] += h.returns[seat]));
        for (const r of m.records.slice(h.firstPly, h.firstPly + h.plies)) movesByAgent[h.order[r.seat]]++;
      });
      expect(byAgent).toEqual(m.returns);
      expect(movesByAgent).toEqual(m.moves);
      // The hands' plies tile the slot's moves.
      expect(hands.map((h) => h.firstPly)).toEqual(hands.map((_, k) => hands.slice(0, k).reduce((t, x) => t + x.plies, 0)));
      expect(hands.reduce((t, h) => t + h.plies, 0)).toBe(m.records.length);
      const one = await playSlot(game, [a, b], 1000 + seed, 0);
      expect(one.hands).toBeNull();
      expect(hands[0].returns).toEqual(one.returns);
      expect(m.records.slice(0, hands[0].plies).map((r) => [r.seat, r.action, r.obsDigest])).toEqual(one.records.map((r) => [r.seat, r.action, r.obsDigest]));
    }
  });

  it('both permutations of a block deal the same cards to the same seats in every hand (300 blocks)', async () => {
    const game = load('kuhn');
    const [a, b] = await agents(game, ['random', 'heuristic']);
    let compared = 0;
    for (let block = 0; block < 300; block++) {
      const ps = 5000 + block;
      const slots: SlotOutcome[] = [];
      for (const [k, perm] of seatPermutations(2).entries())
        slots.push(
          await playSlot(
            game,
            perm.map((i) => [a, b][i]),
            ps,
            k,
            { format, recordChance: true, recordMoves: false },
          ),
        );
      for (let h = 0; h < 6; h++) {
        const [x, y] = slots.map((s) => s.hands![h].chance!);
        // Kuhn deals both cards before any decision: every event is compared.
        expect(compareChance(x, y)).toBe(x.length);
        expect(x.length).toBe(2);
        compared += x.length;
      }
      // Hands differ from one another (a deck sequence, not one deck repeated).
      const deals = slots[0].hands!.map((hd) => hd.chance!.map((c) => c.outcome).join());
      expect(new Set(deals).size).toBeGreaterThan(1);
    }
    expect(compared).toBe(300 * 6 * 2);
  });
});

describe('a three-seat block of 6 matches × 6 hands (three-seat Kuhn on the contract, no duplicate capability)', () => {
  it('deals identical cards to identical seats in every permutation, hand by hand; each match sums its hands', async () => {
    const game = kuhnN(3);
    const agents = [randomAgent, randomAgent, randomAgent];
    for (let block = 0; block < 50; block++) {
      const ps = 900 + block;
      const slots: SlotOutcome[] = [];
      for (const [k, perm] of seatPermutations(3).entries())
        slots.push(
          await playSlot(
            game,
            perm.map((i) => agents[i]),
            ps,
            k,
            { format: { hands: 6, stacks: 'reset' }, recordChance: true },
          ),
        );
      expect(slots).toHaveLength(6);
      for (let h = 0; h < 6; h++) {
        const deals = slots.map((s) => s.hands![h].chance!.map((c) => c.outcome));
        // Three deals (one card to each seat, seat 0 first), the same in all six permutations.
        expect(deals[0]).toHaveLength(3);
        for (const d of deals) expect(d).toEqual(deals[0]);
      }
      for (const s of slots) {
        const byAgent = [0, 0, 0];
        for (const hd of s.hands!) hd.order.forEach((a, seat) => (byAgent[a] += hd.returns[seat]));
        expect(byAgent).toEqual(s.returns);
        expect(s.returns.reduce((x, y) => x + y, 0)).toBe(0);
      }
    }
  });
});

describe('tables of a schedule', () => {
  it('three seats: round-robin seats every three participants; a panel seats each other participant with every two panel members', () => {
    expect(scheduleTables(4, 3, { type: 'round-robin' }, 1, 'h')).toEqual([
      [0, 1, 2],
      [0, 1, 3],
      [0, 2, 3],
      [1, 2, 3],
    ]);
    // Participants 0 and 4 under evaluation; panel 1, 2, 3 (rule-based baselines).
    expect(scheduleTables(5, 3, { type: 'panel', panel: ['b1', 'b2', 'b3'] }, 1, 'h', [1, 2, 3])).toEqual([
      [0, 1, 2],
      [0, 1, 3],
      [0, 2, 3],
      [1, 2, 4],
      [1, 3, 4],
      [2, 3, 4],
    ]);
    expect(() => scheduleTables(5, 3, { type: 'coverage', k: 2 }, 1, 'h')).toThrow(/coverage pairs participants for two-seat games/);
    expect(() => scheduleTables(5, 3, { type: 'panel', panel: ['b1'] }, 1, 'h', [1])).toThrow(/the panel has 1/);
    // Two seats: the pairs of today.
    expect(scheduleTables(3, 2, { type: 'round-robin' }, 1, 'h')).toEqual([
      [0, 1],
      [0, 2],
      [1, 2],
    ]);
  });
});

describe("a three-seat block of 6 matches × 6 hands on the league's table (league-holdem.gbg)", () => {
  it('deals identical cards to identical seats in every permutation, hand by hand, the button on seat (hand mod 3)', async () => {
    const ir = compileSource(readFileSync('examples/league-holdem.gbg', 'utf8')).ir!;
    const game = compileAnyGame(ir);
    expect(game.numSeats).toBe(3);
    const agents = await Promise.all(
      ['random', 'check-fold', 'always-fold'].map((k, i) => createParticipantAgent(makeParticipant({ kind: k }, `p${i}`), game)),
    );
    let compared = 0;
    for (let block = 0; block < 20; block++) {
      const slots: SlotOutcome[] = [];
      for (const [k, perm] of seatPermutations(3).entries())
        slots.push(
          await playSlot(
            game,
            perm.map((i) => agents[i]),
            4200 + block,
            k,
            { format: { hands: 6, stacks: 'reset' }, recordChance: true },
          ),
        );
      for (let h = 0; h < 6; h++) {
        for (const s of slots) expect(s.hands![h]).toMatchObject({ order: [0, 1, 2], button: h % 3, stacks: [10000, 10000, 10000] });
        const first = slots[0].hands![h].chance!;
        // Every permutation: the six hole cards (two to each seat from left of the button) and every board card both reached.
        for (const s of slots.slice(1)) {
          const n = compareChance(first, s.hands![h].chance!);
          expect(n).toBeGreaterThanOrEqual(6);
          compared += n;
        }
      }
    }
    expect(compared).toBeGreaterThanOrEqual(20 * 6 * 5 * 6);
  });
});
