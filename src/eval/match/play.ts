/**
 * Playing one slot: a game between two agents in given seats, chance drawn from the run's play
 * seed (the game's duplicate chance, `DuplicateChanceGame` in `interpreter/api.ts`), each agent's
 * randomness from its own stream.
 */
import { CHANCE, canPlayDuplicate, type Action, type ChanceRecord, type Game } from '../../interpreter/api.js';
import { mix32, rngFromKeys } from '../../util/rng.js';
import { decisionAction, type Agent } from '../agents/agent.js';
import { LazyView } from '../agents/view.js';
import type { MoveRecord } from '../store/store.js';

export type { MoveRecord };

/** Key of the agents' streams (distinct from the chance streams' keys 1–5). */
const AGENT_STREAM = 16;

/** What a slot produced. */
export interface SlotOutcome {
  /** Chips won per seat (one entry per seat; sums to 0). */
  returns: number[];
  /** Decisions per seat. */
  moves: number[];
  /** Fallback moves per seat. */
  fallbacks: number[];
  /** Every decision, when recorded. */
  records: MoveRecord[];
  /** Every chance event, when recorded. */
  chance: ChanceRecord[] | null;
}

/** Options of {@link playSlot}. */
export interface PlaySlotOptions {
  /** Keep a {@link MoveRecord} per decision (default true). */
  recordMoves?: boolean;
  /** Keep the chance events (default false). */
  recordChance?: boolean;
  /** The slot's id, passed to the agents' views (LLM players key their response cache by it). */
  slotId?: string;
}

/** The agent stream of a seat in a slot: a function of the play seed, the slot (0: as listed, 1: swapped) and the seat. */
export function agentRng(playSeed: number, slot: number, seat: number): () => number {
  return rngFromKeys(playSeed, AGENT_STREAM, slot, seat);
}

/**
 * A 64-bit digest of an information-state key as 16 hex digits: two FNV-1a passes with different
 * offset bases, each finished by splitmix32's mixer. Not cryptographic; it names what the seat saw
 * compactly (equal keys give equal digests; distinct keys collide with probability about 2^-64).
 */
export function obsDigest(key: string): string {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ 0x5bd1e995;
  for (let i = 0; i < key.length; i++) {
    const c = key.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x01000193) ^ (b >>> 15);
  }
  return (
    mix32(a).toString(16).padStart(8, '0') +
    mix32(b ^ key.length)
      .toString(16)
      .padStart(8, '0')
  );
}

/**
 * Play one slot to the end.
 * @param agents the agent of each seat, in seat order (one per seat of the game)
 * @param slot 0 or 1: which slot of the run (enters the agents' streams only)
 * @throws Error when an agent returns an action that is not legal (the agent's fault, recorded by the caller)
 */
export async function playSlot(game: Game, agents: readonly Agent[], playSeed: number, slot: number, opts: PlaySlotOptions = {}): Promise<SlotOutcome> {
  return playSlotNow(game, agents, playSeed, slot, opts);
}

/**
 * {@link playSlot} without a promise where none is needed: the outcome itself when every decision
 * of the slot came from `actFast` (bots), else a promise of it. The same play, decision for
 * decision, as {@link playSlot}, which calls it.
 * @throws Error as {@link playSlot} (synchronously, or through the promise)
 */
export function playSlotNow(
  game: Game,
  agents: readonly Agent[],
  playSeed: number,
  slot: number,
  opts: PlaySlotOptions = {},
): SlotOutcome | Promise<SlotOutcome> {
  if (!canPlayDuplicate(game)) throw new TypeError('playSlot needs a game that draws duplicate chance from a play seed (a compiled game)');
  if (agents.length !== game.numSeats) throw new RangeError(`playSlot: ${agents.length} agents for a game of ${game.numSeats} seats`);
  const recordMoves = opts.recordMoves ?? true;
  const chance = game.duplicateChance([playSeed], opts.recordChance ?? false);
  const rngs = agents.map((_, seat) => agentRng(playSeed, slot, seat));
  const state = game.newInitialState();
  const moves: number[] = agents.map(() => 0);
  const fallbacks: number[] = agents.map(() => 0);
  const records: MoveRecord[] = [];
  let ply = 0;
  const decided = (seat: number, t0: number, action: Action, fallback: string | null, extra: Record<string, unknown> | null): void => {
    moves[seat]++;
    if (fallback !== null) fallbacks[seat]++;
    if (recordMoves) {
      const latencyMs = performance.now() - t0;
      records.push({
        ply,
        seat,
        obsDigest: obsDigest(state.informationStateKey(seat)),
        action,
        label: state.actionToString(seat, action),
        fallback,
        latencyMs,
        extra,
      });
    }
    ply++;
    state.applyAction(action);
  };
  const run = (): SlotOutcome | Promise<SlotOutcome> => {
    while (!state.isTerminal()) {
      const seat = state.currentPlayer();
      if (seat === CHANCE) {
        state.applyAction(chance.sample(state));
        continue;
      }
      const agent = agents[seat];
      const t0 = recordMoves ? performance.now() : 0;
      if (agent.actFast) {
        decided(seat, t0, agent.actFast(state, seat, rngs[seat]), null, null);
        continue;
      }
      return Promise.resolve(agent.act(new LazyView(state, seat, game, rngs[seat], ply, opts.slotId))).then((d) => {
        const action = decisionAction(d);
        decided(seat, t0, action, typeof d !== 'number' ? (d.fallback ?? null) : null, typeof d !== 'number' ? (d.extra ?? null) : null);
        return run();
      });
    }
    return { returns: state.returns(), moves, fallbacks, records, chance: chance.records };
  };
  return run();
}
