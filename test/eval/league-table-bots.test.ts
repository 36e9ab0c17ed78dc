/**
 * The bots on the league's three-seat table (examples/league-holdem.gbg), through the commands a
 * user chains: `gbgc tournament` (six-hand matches, the button moving a seat a hand, blocks of the
 * six seat permutations) → the store's hands → `gbgc analyze`.
 *
 * - An agent that always folds loses exactly the blinds it posts: against two bots that always raise it
 *   faces a bet in every hand (the big blind, or a raise), folds at its first decision, and loses
 *   the 50-chip small blind in the hands it is left of the button, the 100-chip big blind in the
 *   hands two seats left of it, nothing on the button, hand by hand.
 * - A bot panel (random, heuristic, equity) reports bb/100 with block-bootstrap intervals: the hands
 *   and blocks counted, each interval holding its estimate, bb/100 equal to the store's chips over
 *   its hands, chips summing to zero across the seats of every hand.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../cli/run-cli.js';
import { readHands, readSlots } from '../../src/eval/store/index.js';

const tmp = mkdtempSync(join(tmpdir(), 'gbgc-league-bots-'));
const GAME = resolve('examples/league-holdem.gbg');
const SMALL = 50;
const BIG = 100;

/** Run `gbgc tournament` on a config of six-hand matches of the league table, check it played `slots` slots, and return its store. */
async function tournament(name: string, body: Record<string, unknown>, slots: number): Promise<string> {
  const path = join(tmp, name);
  writeFileSync(path, JSON.stringify({ games: [GAME], hands_per_match: 6, stacks: 'reset', store: `${name}.db`, ...body }, null, 2));
  const r = await runCli(['tournament', path, '--json']);
  expect(r.code, r.stderr).toBe(0);
  expect(JSON.parse(r.stdout)).toMatchObject({ total: slots, played: slots, errors: 0 });
  return join(tmp, `${name}.db`);
}

describe("always-fold on the league's table", () => {
  it('loses exactly the blinds it posts, hand by hand, over six-hand matches with the button moving', async () => {
    // One table of three × 1 block × 6 seat permutations.
    const db = await tournament(
      'fold',
      {
        // Two bots that never fold and raise whenever they may: always-raise, and heuristic with every hand above its raise threshold.
        participants: [{ kind: 'always-fold' }, { kind: 'always-raise' }, { kind: 'heuristic', name: 'raise-all', raise: 0, fold: 0, bluff: 0 }],
        runs: 1,
        seed: 31,
      },
      6,
    );
    const { slots, participants } = readSlots(db);
    const folder = participants.find((p) => p.name === 'always-fold')!.id;
    let hands = 0;
    let lost = 0;
    let posted = 0;
    const roles = { button: 0, small: 0, big: 0 };
    for (const slot of slots) {
      const stored = readHands(db, slot.id);
      expect(stored.map((h) => h.button)).toEqual([0, 1, 2, 0, 1, 2]);
      for (const h of stored) {
        const seat = h.seats.indexOf(folder);
        const left = (seat - h.button! + 3) % 3; // 0: the button, 1: the small blind, 2: the big blind
        const blind = [0, SMALL, BIG][left];
        roles[(['button', 'small', 'big'] as const)[left]]++;
        expect(h.returns[seat] + blind, `slot ${slot.id} hand ${h.hand}`).toBe(0);
        expect(h.returns.reduce((a, b) => a + b, 0)).toBe(0);
        // It acted once, facing a bet, and folded.
        const own = h.moves.filter((m) => m.seat === seat);
        expect(own.map((m) => m.label)).toEqual(['fold']);
        // The raisers never folded.
        expect(h.moves.filter((m) => m.seat !== seat && m.label === 'fold')).toEqual([]);
        hands++;
        lost -= h.returns[seat];
        posted += blind;
      }
    }
    expect(hands).toBe(36);
    // Every seat permutation puts it on the button, the small blind and the big blind equally often.
    expect(roles).toEqual({ button: 12, small: 12, big: 12 });
    expect(lost).toBe(posted);
    expect(posted).toBe(12 * (SMALL + BIG));
  });
});

describe("a bot panel on the league's table: tournament → analyze", () => {
  it('reports bb/100 per bot with block intervals holding their estimates; hands and blocks counted; chips zero-sum per hand', async () => {
    const db = await tournament('panel', { participants: [{ kind: 'random' }, { kind: 'heuristic' }, { kind: 'equity', samples: 24 }], runs: 3, seed: 7 }, 18);
    const { slots, participants } = readSlots(db);
    const names = new Map(participants.map((p) => [p.id, p.name]));
    // The store's own chips per participant, and zero-sum hands.
    const chips = new Map<string, { won: number; hands: number }>();
    for (const slot of slots)
      for (const h of readHands(db, slot.id)) {
        expect(h.returns.reduce((a, b) => a + b, 0)).toBe(0);
        h.seats.forEach((id, s) => {
          const c = chips.get(id) ?? { won: 0, hands: 0 };
          c.won += h.returns[s];
          c.hands++;
          chips.set(id, c);
        });
      }

    const a = await runCli(['analyze', db, '-B', '200', '--json']);
    expect(a.code, a.stderr).toBe(0);
    const e = JSON.parse(a.stdout);
    expect(e.format).toBe('gbgc-table-estimates/1');
    // 3 blocks (one play seed each) × 6 permutations × 6 hands of 3 seats.
    expect(e.tables).toMatchObject({ hands: 108, records: 324, matches: 18, blocks: 3, seats: 3, B: 200 });
    expect(e.tables.rows.map((x: { name: string }) => x.name).sort()).toEqual(['equity', 'heuristic', 'random']);
    for (const row of e.tables.rows) {
      const c = chips.get(row.participant)!;
      expect(row.hands).toBe(108);
      expect(row.blocks).toBe(3);
      expect(row.matches).toBe(18);
      expect(c.hands).toBe(108);
      expect(row.chipsPerHand).toBeCloseTo(c.won / c.hands, 9);
      expect(row.bb100).toBeCloseTo((100 * c.won) / c.hands / BIG, 9);
      expect(row.bb100Ci).not.toBeNull();
      const { lo, hi } = row.bb100Ci as { lo: number; hi: number };
      expect(lo).toBeLessThanOrEqual(row.bb100);
      expect(hi).toBeGreaterThanOrEqual(row.bb100);
      expect(hi).toBeGreaterThan(lo);
      expect(names.get(row.participant)).toBe(row.name);
    }
    // Across the seats of every hand the chips sum to zero, so the bb/100 weighted by hands does too.
    expect(e.tables.rows.reduce((t: number, x: { bb100: number; hands: number }) => t + x.bb100 * x.hands, 0)).toBeCloseTo(0, 6);
    // The text names the blocks as the statistical unit.
    const text = await runCli(['analyze', db, '-B', '200']);
    expect(text.code).toBe(0);
    expect(text.stdout).toContain('3 participants, 108 hands of 3 seats (324 seat-hands) in 18 matches, 3 blocks (the statistical unit)');
  });
});
