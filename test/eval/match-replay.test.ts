/**
 * The replay of a stored slot (src/eval/match/replay.ts): a match of hands played by the match
 * loop replays hand by hand to the same moves, returns and carried shoe, every stored move visited
 * once in ply order; each way a store can part from the replay comes back as its own departure,
 * at the hand and ply where it happens.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compileSource } from '../../src/compiler/index.js';
import { hasShoe, type GameState } from '../../src/interpreter/api.js';
import { compileGame } from '../../src/interpreter/game.js';
import { randomAgent } from '../../src/eval/agents/random.js';
import { playSlotNow, replayStoredSlot, type ReplayDeparture, type SlotOutcome } from '../../src/eval/match/index.js';
import type { MoveRecord } from '../../src/eval/store/store.js';
import { storedSlotOf } from '../support/slot-store.js';

const game = compileGame(compileSource(readFileSync('examples/blackjack.gbg', 'utf8')).ir!);
const SEED = 5;
const played = playSlotNow(game, [randomAgent, randomAgent], SEED, 0, { format: { hands: 4, stacks: 'carry' } }) as SlotOutcome;

/** The store's record of the played match (participants `p0`, `p1`). */
const slot = storedSlotOf(played, { id: 'ab12', game: game.rulesetHash, seats: ['p0', 'p1'], playSeed: SEED, house: 1 });

/** The departure of a replay of the played match with its moves changed by `alter` (a copy). */
function departureOf(alter: (moves: MoveRecord[]) => void): ReplayDeparture | null {
  const moves = played.records.map((m) => ({ ...m }));
  alter(moves);
  return replayStoredSlot(game, slot, moves);
}

describe('replayStoredSlot', () => {
  it('replays a 4-hand blackjack match: every stored move once in ply order, each hand from the shoe the last left, the stored returns', () => {
    expect(played.hands!.length).toBe(4);
    expect(played.records.length).toBeGreaterThan(4);
    const plies: number[] = [];
    const ends: { hand: number; returns: number[]; shoe: number[] }[] = [];
    const tables: (readonly number[] | undefined)[] = [];
    const departure = replayStoredSlot(game, slot, played.records, {
      handStart: (h) => tables.push(h.table.shoe),
      decision: ({ move, ply, player, labels, legal, index, state }) => {
        plies.push(ply);
        expect(move).toBe(played.records[ply]);
        expect(player).toBe(move.seat);
        expect(labels[index]).toBe(move.label);
        expect(legal[index]).toBe(move.action);
        expect(state.isTerminal()).toBe(false);
      },
      handEnd: (h, state: GameState) => {
        expect(state.isTerminal()).toBe(true);
        ends.push({ hand: h.record.hand, returns: state.returns(), shoe: hasShoe(state) ? state.shoe() : [] });
        expect(h.count).toBe(4);
        expect(h.many).toBe(true);
      },
    });
    expect(departure).toBeNull();
    expect(plies).toEqual(played.records.map((_, i) => i));
    expect(ends.map((e) => e.hand)).toEqual([0, 1, 2, 3]);
    expect(ends.map((e) => e.returns)).toEqual(played.hands!.map((h) => h.returns));
    // Hand 0 starts from a new shoe; each later hand from the cards the one before left.
    expect(tables[0]).toBeUndefined();
    for (let h = 1; h < 4; h++) expect(tables[h]).toEqual(ends[h - 1].shoe);
    expect(ends[0].shoe.length).toBeGreaterThan(0);
  });

  it('names each way the store parts from the replay, with its hand and ply', () => {
    const last = played.records.length - 1;
    const lastHand = played.hands!.findIndex((h) => last < h.firstPly + h.plies);
    const m = played.records[last];
    const at = (d: ReplayDeparture | null) => d && { kind: d.kind, hand: d.hand.record.hand, ply: d.ply };
    const illegal = departureOf((ms) => (ms[last].label = 'dance'));
    expect(at(illegal)).toEqual({ kind: 'illegal', hand: lastHand, ply: last });
    expect(illegal).toMatchObject({ player: m.seat, label: 'dance' });
    expect((illegal as { labels: string[] }).labels).toContain(m.label);
    const digest = departureOf((ms) => (ms[last].obsDigest = '0000000000000000'));
    expect(digest).toMatchObject({ kind: 'digest', ply: last, player: m.seat, digest: m.obsDigest, stored: '0000000000000000' });
    expect(departureOf((ms) => (ms[last].seat = 1))).toMatchObject({ kind: 'seat', ply: last, player: m.seat, stored: 1 });
    expect(departureOf((ms) => (ms[last].ply = last + 1))).toMatchObject({ kind: 'ply-gap', ply: last, stored: last + 1 });
    expect(departureOf((ms) => (ms[last].action = m.action + 100))).toMatchObject({
      kind: 'action-id',
      ply: last,
      label: m.label,
      action: m.action,
      stored: m.action + 100,
    });
    // The last move gone: the hand is not over where the store says it is.
    const missing = replayStoredSlot(
      game,
      { ...slot, hands: slot.hands!.map((h, i) => (i === lastHand ? { ...h, plies: h.plies - 1 } : h)) },
      played.records.slice(0, last),
    );
    expect(at(missing)).toEqual({ kind: 'missing', hand: lastHand, ply: last });
    // A move too many in hand 0: the hand ends with one stored move left over.
    const h0 = played.hands![0];
    const extra = replayStoredSlot(game, { ...slot, hands: slot.hands!.map((h, i) => (i === 0 ? { ...h, plies: h.plies + 1 } : h)) }, played.records);
    expect(extra).toMatchObject({ kind: 'extra-moves', ply: h0.firstPly + h0.plies, count: 1 });
    expect(extra!.hand.record.hand).toBe(0);
    // A stored table the game cannot start from (one stack for two seats), at hand 2's first ply.
    const table = replayStoredSlot(game, { ...slot, hands: slot.hands!.map((h, i) => (i === 2 ? { ...h, stacks: [10] } : h)) }, played.records);
    expect(table).toMatchObject({ kind: 'table', ply: played.hands![2].firstPly });
    expect(table!.hand.table.stacks).toEqual([10]);
    expect((table as { error: string }).error).not.toBe('');
  });
});
