/**
 * Playing one slot: a game between two agents in given seats, chance drawn from the run's play
 * seed (the game's duplicate chance, `DuplicateChanceGame` in `interpreter/api.ts`), each agent's
 * randomness from its own stream.
 */
import {
  CHANCE,
  canPlayDuplicate,
  hasShoe,
  type Action,
  type ChanceRecord,
  type ChanceSource,
  type Game,
  type GameState,
  type TableOptions,
} from '../../interpreter/api.js';
import { UserError } from '../../util/errors.js';
import { mix32, rngFromKeys } from '../../util/rng.js';
import { decisionAction, type Agent } from '../agents/agent.js';
import { LazyView } from '../agents/view.js';
import { TableChat } from './chat.js';
import type { ChatRecord, MoveRecord } from '../store/store.js';

export type { MoveRecord };

/** Key of the agents' streams (distinct from the chance streams' keys 1–5). */
const AGENT_STREAM = 16;

/** How a slot's hands are played: how many, and whether the stacks carry from hand to hand. */
export interface MatchFormat {
  /** Hands in the match (the slot), at least 1. */
  hands: number;
  /** `reset`: every hand starts from the game's declared stacks; `carry`: from the stacks the last hand ended with (the match ends early when a seat is broke). */
  stacks: 'reset' | 'carry';
}

/** One hand as {@link playSlotNow} played it. */
export interface HandOutcome {
  /** Index of the hand in the match, from 0. */
  hand: number;
  /** For each seat of the game in this hand, the index (into the slot's agents) of the agent sitting there. */
  order: number[];
  /** The seat holding the button (games that declare one), else null. */
  button: number | null;
  /** Each seat's stack when the hand began; null for the declared stacks of a one-hand slot. */
  stacks: number[] | null;
  /** Chips won per seat of the hand. */
  returns: number[];
  /** The hand's decisions: the slot's moves `firstPly` … `firstPly + plies − 1`. */
  firstPly: number;
  plies: number;
  /** The hand's chance events, when recorded. */
  chance: ChanceRecord[] | null;
}

/** What a slot produced; per seat = per agent, in the order the agents were given. */
export interface SlotOutcome {
  /** Chips won per seat over the slot's hands (sums to 0). */
  returns: number[];
  /** Decisions per seat. */
  moves: number[];
  /** Fallback moves per seat. */
  fallbacks: number[];
  /** Every decision, when recorded. */
  records: MoveRecord[];
  /** Every chance event, when recorded. */
  chance: ChanceRecord[] | null;
  /** The hands of a match of more than one hand; null for a slot of one hand. */
  hands: HandOutcome[] | null;
}

/** Options of {@link playSlot}. */
export interface PlaySlotOptions {
  /** Keep a {@link MoveRecord} per decision (default true). */
  recordMoves?: boolean;
  /** Keep the chance events (default false). */
  recordChance?: boolean;
  /** The slot's id, passed to the agents' views (LLM players key their response cache by it). */
  slotId?: string;
  /** The hands of the slot (default: one hand, reset). */
  format?: MatchFormat;
}

/** The agent stream of a seat in a slot: a function of the play seed, the slot (0: as listed, 1: swapped) and the seat. */
export function agentRng(playSeed: number, slot: number, seat: number): () => number {
  return rngFromKeys(playSeed, AGENT_STREAM, slot, seat);
}

/**
 * The agent stream of the agent in slot seat `seat` for hand `hand` of a match: hand 0's is
 * {@link agentRng} (a one-hand slot's), hand h > 0's adds h to its keys.
 */
export function handAgentRng(playSeed: number, slot: number, seat: number, hand: number): () => number {
  return hand === 0 ? agentRng(playSeed, slot, seat) : rngFromKeys(playSeed, AGENT_STREAM, slot, seat, hand);
}

/**
 * The keys of hand `hand`'s duplicate chance under a play seed: `[playSeed]` for hand 0 (a
 * one-hand slot's), `[playSeed, hand]` after it. The same in every slot of the play seed, so every
 * seat permutation of a block sees the same deck sequence, hand by hand.
 */
export function handChanceKeys(playSeed: number, hand: number): number[] {
  return hand === 0 ? [playSeed] : [playSeed, hand];
}

/** Key of the occurrence stream of {@link slotChance} for games without duplicate chance (distinct from the agents' and the interpreter's streams). */
const OCCURRENCE_STREAM = 17;

/**
 * The chance of one hand under its keys ({@link handChanceKeys}): the game's own duplicate chance
 * when it has one (`canPlayDuplicate`: a deck order per play seed, see `interpreter/duplicate.ts`),
 * else draws by occurrence: the k-th chance node of the hand takes the k-th number u of a stream
 * keyed by the keys, and its outcome is the first whose cumulative probability exceeds u (each
 * outcome keeps its exact probability). Slots that reach the same chance nodes in the same order
 * (hold'em's deals: the hole cards from left of the button, then the board) thus draw the same
 * outcomes, whoever sits in the seats.
 */
export function slotChance(game: Game, keys: readonly number[], record: boolean): ChanceSource & { readonly records: ChanceRecord[] | null } {
  if (canPlayDuplicate(game)) return game.duplicateChance(keys, record);
  const rng = rngFromKeys(...keys, OCCURRENCE_STREAM);
  const records: ChanceRecord[] | null = record ? [] : null;
  return {
    records,
    sample(state: GameState): Action {
      const outcomes = state.chanceOutcomes();
      const u = rng();
      let acc = 0;
      let pick = outcomes[outcomes.length - 1][0];
      for (const [action, probability] of outcomes) {
        acc += probability;
        if (u < acc) {
          pick = action;
          break;
        }
      }
      records?.push({ stream: 'occurrence', target: -1, outcome: pick });
      return pick;
    },
  };
}

/** Whether the game's rules declare a button (then the button moves; else the seats rotate). */
export function declaresButton(game: Game): boolean {
  return game.ir.button === true;
}

/**
 * Who sits where in hand `hand` of a match of `n` seats: the button seat is `hand mod n` (it
 * moves clockwise one seat a hand). A game that declares a button keeps every agent in its slot
 * seat and passes the button to the hand's initial state; a game without one rotates the agents
 * instead, so the agent of slot seat `hand mod n` sits in seat 0 (the seat that plays the button's
 * part in the rules) and the others follow clockwise. A game with a house (`fixedSeats`) keeps
 * every agent in its seat: the house's seat is the house's in every hand.
 * @returns `order[s]` = the slot seat (agent index) in game seat `s`, and the button seat or null
 */
export function handSeating(n: number, hand: number, button: boolean, fixedSeats = false): { order: number[]; button: number | null } {
  if (fixedSeats) return { order: Array.from({ length: n }, (_, s) => s), button: null };
  const b = hand % n;
  if (button) return { order: Array.from({ length: n }, (_, s) => s), button: b };
  return { order: Array.from({ length: n }, (_, s) => (s + b) % n), button: null };
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
 * Check that a hand under `stacks: carry` starts from the stacks carried into it: a game (a
 * library user's own `Game` included) whose `newInitialState` ignores `TableOptions.stacks` cannot
 * play such a match, and would otherwise score every hand from the declared stacks.
 * @param start each game seat's carried stack, chips
 * @throws UserError naming the game, the hand and both sets of stacks
 */
function checkCarried(game: Game, state: GameState, start: readonly number[], hand: number): void {
  const { stacks } = state.chips();
  const won = state.returns();
  const began = start.map((_, s) => stacks[s] - won[s]);
  if (began.every((x, s) => x === start[s])) return;
  throw new UserError(
    `game "${game.ir.name}" does not start its hands from the stacks it is given, so it cannot be played with stacks: carry (hand ${hand} should start from ${start.join(', ')} chips and starts from ${began.join(', ')}): play it with stacks: reset`,
  );
}

/**
 * Play one slot to the end: one hand, or a match of `opts.format.hands` hands (the button moving a
 * seat a hand, see {@link handSeating}; stacks reset or carried, the match ending early when a seat
 * is broke under `carry`).
 * @param agents the agent of each slot seat, seat 0 first (one per seat of the game)
 * @param slot which slot of the run or block (enters the agents' streams only)
 * @throws Error when an agent returns an action that is not legal (the agent's fault, recorded by the caller)
 * @throws UserError under `stacks: carry` when the game does not start a hand from the carried stacks
 */
export async function playSlot(game: Game, agents: readonly Agent[], playSeed: number, slot: number, opts: PlaySlotOptions = {}): Promise<SlotOutcome> {
  return playSlotNow(game, agents, playSeed, slot, opts);
}

/**
 * {@link playSlot} without a promise where none is needed: the outcome itself when every decision
 * of the slot came from `actFast` (bots), else a promise of it. The same play, decision for
 * decision, as {@link playSlot}, which calls it.
 * @throws RangeError for a number of agents other than the game's seats, or a format of no hands
 * @throws Error as {@link playSlot} (synchronously, or through the promise)
 */
export function playSlotNow(
  game: Game,
  agents: readonly Agent[],
  playSeed: number,
  slot: number,
  opts: PlaySlotOptions = {},
): SlotOutcome | Promise<SlotOutcome> {
  const n: number = game.numSeats;
  if (agents.length !== n) throw new RangeError(`playSlot: ${agents.length} agents for a game of ${n} seats`);
  const format = opts.format ?? { hands: 1, stacks: 'reset' };
  if (!Number.isInteger(format.hands) || format.hands < 1) throw new RangeError(`playSlot: a match has at least one hand, got ${format.hands}`);
  const recordMoves = opts.recordMoves ?? true;
  const recordChance = opts.recordChance ?? false;
  const many = format.hands > 1;
  const carry = many && format.stacks === 'carry';
  const withButton = many && declaresButton(game);
  // A house keeps its seat; an unlimited house starts every hand from its unlimited bank, and only a
  // broke player (or a broke house with a declared bank) ends a match that carries stacks.
  const house = game.ir.house;
  const fixedSeats = house !== undefined;
  const unlimited = house?.bank === 'unlimited' ? house.seat : -1;
  // The declared starting stacks, read through the contract (stack + chips won so far at the first node).
  const declared: number[] = [];
  if (many) {
    const probe = game.newInitialState();
    const { stacks } = probe.chips();
    const won = probe.returns();
    for (let s = 0; s < n; s++) declared.push(stacks[s] - won[s]);
  }
  const returns = new Array<number>(n).fill(0);
  const moves = new Array<number>(n).fill(0);
  const fallbacks = new Array<number>(n).fill(0);
  const records: MoveRecord[] = [];
  const chanceRecords: ChanceRecord[] = [];
  const hands: HandOutcome[] = [];
  // Each slot seat's stack (carry), by agent.
  const bankroll = declared.slice(0, n);
  let ply = 0;
  let hand = 0;
  let seating = handSeating(n, 0, withButton, fixedSeats);
  let start: number[] = declared;
  // A shoe (`shoe cut N`) is carried from hand to hand of a match: the cards the last hand left.
  const carryShoe = many && game.ir.shoe !== undefined;
  let shoe: number[] | undefined;
  let chance = slotChance(game, handChanceKeys(playSeed, 0), recordChance);
  let rngs: (() => number)[] = [];
  let state!: GameState;
  let firstPly = 0;
  // Table chat, when the game declares it: only agents that read and write chat take part.
  const chat = game.ir.chat ? new TableChat(game.ir.chat, n, house?.seat ?? null) : null;
  const begin = (): void => {
    chat?.startHand(hand);
    seating = handSeating(n, hand, withButton, fixedSeats);
    start = carry ? seating.order.map((a, s) => (s === unlimited ? declared[s] : bankroll[a])) : seating.order.map((_, s) => declared[s]);
    if (hand > 0) chance = slotChance(game, handChanceKeys(playSeed, hand), recordChance);
    rngs = seating.order.map((a) => handAgentRng(playSeed, slot, a, hand));
    const options: TableOptions | undefined = many
      ? { ...(withButton ? { button: seating.button! } : {}), ...(carry ? { stacks: start } : {}), ...(shoe ? { shoe } : {}) }
      : undefined;
    state = options === undefined ? game.newInitialState() : game.newInitialState(options);
    if (carry) checkCarried(game, state, start, hand);
    firstPly = ply;
  };
  /** Close the hand; whether another follows. */
  const end = (): boolean => {
    const r = state.returns();
    if (chance.records) chanceRecords.push(...chance.records);
    if (carryShoe && hasShoe(state)) shoe = state.shoe();
    for (let s = 0; s < n; s++) {
      // Hand 0 assigns (a one-hand slot's returns are the hand's, -0 included), later hands add.
      returns[seating.order[s]] = hand === 0 ? r[s] : returns[seating.order[s]] + r[s];
      if (carry) bankroll[seating.order[s]] += r[s];
    }
    hands.push({
      hand,
      order: seating.order,
      button: seating.button,
      stacks: many ? start.slice() : null,
      returns: r.slice(0, n),
      firstPly,
      plies: ply - firstPly,
      chance: chance.records,
    });
    hand++;
    return hand < format.hands && !(carry && bankroll.some((x, a) => x <= 0 && seating.order.indexOf(a) !== unlimited));
  };
  const decided = (
    seat: number,
    t0: number,
    action: Action,
    fallback: string | null,
    extra: Record<string, unknown> | null,
    said: ChatRecord | null = null,
  ): void => {
    const agent = seating.order[seat];
    moves[agent]++;
    if (fallback !== null) fallbacks[agent]++;
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
        ...(said ? { chat: said } : {}),
      });
    }
    ply++;
    state.applyAction(action);
    chat?.decided(seat);
  };
  const run = (): SlotOutcome | Promise<SlotOutcome> => {
    for (;;) {
      while (!state.isTerminal()) {
        const seat = state.currentPlayer();
        if (seat === CHANCE) {
          state.applyAction(chance.sample(state));
          continue;
        }
        const agent = agents[seating.order[seat]];
        const rng = rngs[seat];
        const t0 = recordMoves ? performance.now() : 0;
        if (agent.actFast) {
          decided(seat, t0, agent.actFast(state, seat, rng), null, null);
          continue;
        }
        const phase = chat && agent.chat ? state.observation(seat).phase : null;
        const chatView = phase !== null ? chat!.view(seat, phase) : undefined;
        return Promise.resolve(agent.act(new LazyView(state, seat, game, rng, ply, opts.slotId, chatView))).then((d) => {
          const action = decisionAction(d);
          const message = typeof d !== 'number' && typeof d.message === 'string' ? d.message : null;
          const said =
            message === null
              ? null
              : chat && phase !== null
                ? chat.offer(seat, phase, message)
                : { text: message, accepted: false, reason: chat ? 'this agent does not take part in table chat' : 'this game declares no table chat' };
          decided(seat, t0, action, typeof d !== 'number' ? (d.fallback ?? null) : null, typeof d !== 'number' ? (d.extra ?? null) : null, said);
          return run();
        });
      }
      if (!end()) break;
      begin();
    }
    return { returns, moves, fallbacks, records, chance: recordChance ? chanceRecords : null, hands: many ? hands : null };
  };
  begin();
  return run();
}
