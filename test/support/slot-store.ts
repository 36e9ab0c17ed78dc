/**
 * Stored slots for tests: {@link storedSlotOf} (the store's record of a slot the match loop
 * played) and {@link writeSlotStore} (a run store of given estimator slot rows).
 *
 * A run store of given estimator slot rows, written through the store's own writer (`RunStore`):
 * what the statistics tests analyse. Every seat id becomes a participant (named by `names`, else by
 * its id), every game id a game (with no source), every row a finished slot. A row without a play
 * seed gets one per (game, run), shared by every matchup as a tournament's play-seed scheme 2 deals
 * them: a bootstrap block is every pair's cluster of one (game, run), and the reasoning ablation
 * finds siblings on it.
 */
import { RunStore, type SlotRecord } from '../../src/eval/store/index.js';
import type { SlotRow } from '../../src/eval/stats/slots.js';
import type { SlotOutcome } from '../../src/eval/match/index.js';

/**
 * The store's record of a slot `o` the match loop played (`playSlotNow`): returns and moves per
 * seat (seat 1's return null, as for a house game's house seat), its hands when it had several
 * (each hand's seats named `p<agent>` by the order it was played in), no fallbacks, no error.
 */
export function storedSlotOf(o: SlotOutcome, at: { id: string; game: string; seats: [string, string]; playSeed: number; house?: number }): SlotRecord {
  return {
    id: at.id,
    seq: 0,
    game: at.game,
    run: 0,
    slot: 0,
    seat0: at.seats[0],
    seat1: at.seats[1],
    play_seed: at.playSeed,
    status: 'done',
    return0: o.returns[0],
    return1: null,
    moves0: o.moves[0],
    moves1: o.moves[1],
    fallbacks0: 0,
    fallbacks1: 0,
    wall_ms: 0,
    error: null,
    notes: null,
    finished_at: '',
    ...(o.hands
      ? {
          hands: o.hands.map((h) => ({
            hand: h.hand,
            seats: h.order.map((a) => `p${a}`),
            button: h.button,
            stacks: h.stacks,
            returns: h.returns,
            firstPly: h.firstPly,
            plies: h.plies,
          })),
        }
      : {}),
    ...(at.house !== undefined ? { house: at.house } : {}),
  };
}

export function writeSlotStore(path: string, rows: readonly SlotRow[], opts: { commitment?: string; names?: Record<string, string> } = {}): void {
  const store = RunStore.open(path);
  try {
    for (const id of [...new Set(rows.flatMap((r) => r.seats))].sort()) store.putParticipant({ id, name: opts.names?.[id] ?? id, kind: 'bot', config: '{}' });
    for (const game of [...new Set(rows.map((r) => r.game))].sort()) store.putGame({ ruleset_hash: game, name: game, path: `${game}.gbg`, source: '' });
    if (opts.commitment) store.setMeta('commitment', opts.commitment);
    const seeds = new Map<string, number>();
    const seedOf = (r: SlotRow): number => {
      const key = JSON.stringify([r.game, r.run]);
      if (!seeds.has(key)) seeds.set(key, -1 - seeds.size);
      return seeds.get(key)!;
    };
    store.recordSlots(
      rows.map((r, k): { row: SlotRecord; moves: [] } => ({
        row: {
          id: r.slot ?? `s${k}`,
          seq: k,
          game: r.game,
          run: r.run as number,
          slot: r.seats[0] < r.seats[1] ? 0 : 1,
          seat0: r.seats[0],
          seat1: r.seats[1],
          play_seed: (r.playSeed ?? seedOf(r)) as number,
          status: 'done',
          return0: r.returns[0],
          return1: r.returns[1],
          moves0: r.moves?.[0] ?? null,
          moves1: r.moves?.[1] ?? null,
          fallbacks0: r.fallbackMoves?.[0] ?? null,
          fallbacks1: r.fallbackMoves?.[1] ?? null,
          wall_ms: 0,
          error: null,
          notes: null,
          finished_at: '2026-01-01T00:00:00.000Z',
        },
        moves: [],
      })),
    );
  } finally {
    store.close();
  }
}
