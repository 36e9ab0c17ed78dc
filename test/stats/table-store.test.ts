/**
 * The table statistics of a run store (src/eval/stats/table-store.ts): which slots are table slots,
 * their hands as hand rows (block = game and play seed, match = slot, big blind from the stored
 * source), what is left out, and the section computed from them equal to the estimator on rows
 * written by hand.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compileSource } from '../../src/compiler/index.js';
import { slotRowsOf } from '../../src/eval/stats/from-store.js';
import { bigBlindOf, handRowsOf, isTableSlot, tableEstimatesOf } from '../../src/eval/stats/table-store.js';
import { tableStats } from '../../src/eval/stats/table.js';
import type { StoredSlots } from '../../src/eval/store/read.js';
import type { HandRecord, SlotRecord } from '../../src/eval/store/store.js';
import { ENGINE_VERSION } from '../../src/util/version.js';

const nlheSource = readFileSync('examples/nlhe-short.gbg', 'utf8');
const nlhe = compileSource(nlheSource);
const kuhnSource = readFileSync('examples/kuhn.gbg', 'utf8');
const kuhn = compileSource(kuhnSource);

const slot = (id: string, game: string, seed: number, seats: string[], hands: HandRecord[] | null, status: SlotRecord['status'] = 'done'): SlotRecord => {
  const total = seats.map((_, s) => (hands ?? []).reduce((t, h) => t + h.returns[s], 0));
  return {
    id,
    seq: 0,
    game,
    run: 0,
    slot: 0,
    seat0: seats[0],
    seat1: seats[1],
    play_seed: seed,
    status,
    return0: total[0],
    return1: total[1],
    moves0: 0,
    moves1: 0,
    fallbacks0: 0,
    fallbacks1: 0,
    wall_ms: 1,
    error: null,
    notes: null,
    finished_at: '',
    seats: seats.length > 2 ? seats.map((participant, s) => ({ participant, return: total[s], moves: 0, fallbacks: 0 })) : null,
    hands,
  };
};
const hand = (k: number, seats: string[], returns: number[]): HandRecord => ({ hand: k, seats, button: null, stacks: null, returns, firstPly: 0, plies: 0 });

describe('table slots of a store', () => {
  it('reads the big blind from the rules: 2 chips in short-stack hold’em, none in Kuhn', () => {
    expect(bigBlindOf(nlhe.ir!)).toBe(2);
    expect(bigBlindOf(kuhn.ir!)).toBeNull();
  });

  it('maps each seat of each hand of a match to a row, the slot’s (game, play seed) as its block, and leaves two-seat one-hand slots to α̂', () => {
    const g = nlhe.rulesetHash!;
    const k = kuhn.rulesetHash!;
    const stored: StoredSlots = {
      slots: [
        slot('s1', g, 11, ['A', 'B'], [hand(0, ['A', 'B'], [2, -2]), hand(1, ['A', 'B'], [-1, 1])]),
        slot('s2', g, 11, ['B', 'A'], [hand(0, ['B', 'A'], [4, -4]), hand(1, ['B', 'A'], [-2, 2])]),
        slot('s3', g, 12, ['A', 'B'], [hand(0, ['A', 'B'], [1, -1]), hand(1, ['A', 'B'], [-2, 2])]),
        slot('s4', g, 12, ['B', 'A'], null, 'error'),
        // A two-seat slot of one hand: α̂'s.
        slot('s5', k, 13, ['A', 'B'], null),
      ],
      participants: [
        { id: 'A', name: 'alpha', kind: 'random', config: '{}' },
        { id: 'B', name: 'beta', kind: 'random', config: '{}' },
      ],
      games: [
        { ruleset_hash: g, name: 'nlhe', path: 'nlhe-short.gbg', source: nlheSource },
        { ruleset_hash: k, name: 'kuhn', path: 'kuhn.gbg', source: kuhnSource },
      ],
      commitment: null,
      engineVersion: ENGINE_VERSION,
    };
    expect(stored.slots.map(isTableSlot)).toEqual([true, true, true, false, false]);
    const read = handRowsOf(stored, 'runs.db');
    expect(read).toMatchObject({ slots: 3, unfinished: 0, missing: [], games: [g] });
    expect(read.rows).toHaveLength(12);
    expect(read.rows[2]).toEqual({ block: `${g}:11`, match: 's1', hand: 1, participant: 'A', seat: 0, chipsWon: -1, bigBlind: 2 });
    const e = tableEstimatesOf(stored, 'runs.db', { B: 400, seed: 1 });
    // A: (2 − 1 − 4 + 2 + 1 − 2)/6 = −1/3 chips per hand, −1/6 bb per hand: −16.67 bb/100.
    const a = e.tables.rows.find((r) => r.participant === 'A')!;
    expect(a.chipsPerHand).toBeCloseTo(-1 / 3, 12);
    expect(a.bb100).toBeCloseTo(-100 / 6, 12);
    expect(a).toMatchObject({ name: 'alpha', hands: 6, blocks: 2, matches: 3 });
    expect(e.tables).toMatchObject({ blocks: 2, matches: 3, hands: 6, seats: 2 });
    expect(e.meta).toMatchObject({ slots: 3, participants: ['A', 'B'], games: [g], B: 400, seed: 1 });
    // The same as the estimator on the rows.
    expect(e.tables).toEqual(tableStats(read.rows, { B: 400, seed: 1, names: { A: 'alpha', B: 'beta' } }));
  });

  it('refuses a finished table slot without results unless told to leave it out', () => {
    const g = nlhe.rulesetHash!;
    const broken = slot('s9', g, 1, ['A', 'B', 'C'], [hand(0, ['A', 'B', 'C'], [1, Number.NaN, -1])]);
    const fine = slot('s8', g, 2, ['A', 'B', 'C'], [hand(0, ['A', 'B', 'C'], [3, -1, -2])]);
    const stored: StoredSlots = {
      slots: [fine, broken],
      participants: [],
      games: [{ ruleset_hash: g, name: 'nlhe', path: 'nlhe-short.gbg', source: nlheSource }],
      commitment: null,
      engineVersion: ENGINE_VERSION,
    };
    expect(() => handRowsOf(stored, 'runs.db')).toThrow(/runs.db: 1 finished slot\(s\) of tables or matches have a missing or non-finite result \(s9\)/);
    const read = handRowsOf(stored, 'runs.db', { excludeMissing: true });
    expect(read.rows.map((r) => r.chipsWon)).toEqual([3, -1, -2]);
    expect(read.warnings).toContain('1 finished table slot(s) with missing or non-finite results were left out');
  });
});

describe('α̂ on a store of tables', () => {
  it('reads no α̂ row from a three-seat table and says why: α̂ is two-seat, table statistics are reported instead', () => {
    const g = nlhe.rulesetHash!;
    const stored: StoredSlots = {
      slots: [
        slot('t1', g, 1, ['A', 'B', 'C'], [hand(0, ['A', 'B', 'C'], [3, -1, -2])]),
        slot('t2', g, 1, ['B', 'C', 'A'], [hand(0, ['B', 'C', 'A'], [-2, 4, -2])]),
      ],
      participants: [],
      games: [{ ruleset_hash: g, name: 'nlhe', path: 'nlhe-short.gbg', source: nlheSource }],
      commitment: null,
      engineVersion: ENGINE_VERSION,
    };
    expect(() => slotRowsOf(stored, 'runs.db')).toThrow(
      "runs.db: no finished slots to analyse by α̂: α̂ is a two-seat estimate of one hand per slot, and the store's 2 slots of tables or matches are reported as table statistics instead",
    );
    // With a two-seat slot beside them, α̂ reads that slot only: seats 0 and 1 of a table are never read as a two-seat result.
    stored.slots.push({ ...slot('k1', kuhn.rulesetHash!, 2, ['A', 'B'], null), return0: 1, return1: -1 });
    const rows = slotRowsOf(stored, 'runs.db').rows;
    expect(rows.map((r) => [r.slot, r.seats, r.returns])).toEqual([['k1', ['A', 'B'], [1, -1]]]);
  });
});
