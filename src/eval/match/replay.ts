/**
 * Replaying a stored slot: the one walk of a finished slot's hands as the match loop
 * (`playSlotNow` in `./play.ts`) played them. Each hand starts from its table options (the
 * button, the stacks it began with and, for a `shoe cut N` game, the shoe the last hand left),
 * chance is drawn again from the hand's keys ({@link handChanceKeys}, {@link slotChance}) and each
 * seat's move is taken from the store and checked against the state: the seat to move, the digest
 * of its information state, its label among the legal actions, its action id, and no move left
 * over at the end of a hand. A departure is returned as a structured value; each reader (the
 * viewer's replay record, the decision-quality references) words it its own way.
 */
import { CHANCE, hasShoe, type Action, type Game, type GameState, type TableOptions } from '../../interpreter/api.js';
import { slotHands, type HandRecord, type MoveRecord, type SlotRecord } from '../store/store.js';
import { handChanceKeys, obsDigest, slotChance } from './play.js';

/** The hand being replayed. */
export interface ReplayHand {
  /** The stored hand (for a slot of one hand, the one hand {@link slotHands} makes of it). */
  record: HandRecord;
  /** How many hands the slot has. */
  count: number;
  /** Whether the slot is a match of hands (more than one hand, or stored with its hands): its hands start from {@link table}. */
  many: boolean;
  /** The hand's table options: the stored button and stacks, and the shoe the last hand left; passed to `newInitialState` only when {@link many}. */
  table: TableOptions;
}

/** One stored move at the state it was made in, before it is applied. */
export interface ReplayDecision {
  hand: ReplayHand;
  state: GameState;
  /** The seat to move (= `move.seat`). */
  player: number;
  /** The stored move (checked: its ply, seat, digest, label and action id agree with the replay). */
  move: MoveRecord;
  /** The slot's ply of the move (its index in the slot's moves). */
  ply: number;
  /** The legal actions and their labels, in the game's order. */
  legal: Action[];
  labels: string[];
  /** Index of the stored move in `legal` / `labels`. */
  index: number;
}

/**
 * Where and how a replay departs from the stored slot, in parts a reader words itself: `hand` and
 * `ply` (the slot's ply the replay reached; for `table`, the hand's first ply) and, by `kind`:
 * - `table`: the hand's table options do not start a hand (`error`: the engine's message);
 * - `missing`: the store has no move here, but seat `player` is to move;
 * - `ply-gap`: the stored moves skip from ply `ply − 1` to `stored`;
 * - `seat`: the stored move is seat `stored`'s, but seat `player` is to move;
 * - `digest`: seat `player`'s information state has digest `digest`, the stored move `stored`;
 * - `illegal`: the stored `label` is not among the legal `labels` of seat `player`;
 * - `action-id`: the stored `label` has action id `stored`, the game gives it `action`;
 * - `extra-moves`: the store holds `count` moves after the end of the hand.
 */
export type ReplayDeparture = { hand: ReplayHand; ply: number } & (
  | { kind: 'table'; error: string }
  | { kind: 'missing'; player: number }
  | { kind: 'ply-gap'; stored: number }
  | { kind: 'seat'; player: number; stored: number }
  | { kind: 'digest'; player: number; digest: string; stored: string }
  | { kind: 'illegal'; player: number; label: string; labels: string[] }
  | { kind: 'action-id'; player: number; label: string; action: Action; stored: Action }
  | { kind: 'extra-moves'; count: number }
);

/** What a reader of {@link replayStoredSlot} is told; every callback is optional and sees the state before the step is applied. */
export interface SlotReplayVisitor {
  /** A hand's initial state was made. */
  handStart?(hand: ReplayHand, state: GameState): void;
  /** A chance node and the outcome drawn for it (before it is applied). */
  chance?(hand: ReplayHand, state: GameState, action: Action): void;
  /** A stored move, checked (before it is applied). */
  decision?(d: ReplayDecision): void;
  /** A hand reached its end with every stored move of it used (`state` terminal). */
  handEnd?(hand: ReplayHand, state: GameState): void;
}

/**
 * Replay a finished slot's hands in order (see the module comment), calling `visitor` at each step.
 * @param game the slot's game (its ruleset the slot's)
 * @param slot the slot record (its play seed and hands)
 * @param moves the slot's stored moves in ply order
 * @returns null when every hand was replayed to its end with exactly its stored moves, else the first
 *   departure (the replay stops there; later hands are not visited)
 * @throws whatever a visitor callback throws (the replay stops there)
 */
export function replayStoredSlot(game: Game, slot: SlotRecord, moves: readonly MoveRecord[], visitor: SlotReplayVisitor = {}): ReplayDeparture | null {
  const hands = slotHands(slot, moves.length);
  const many = hands.length > 1 || !!slot.hands;
  // A shoe (`shoe cut N`) is carried from hand to hand, as the match loop did: the cards the last hand left.
  let shoe: number[] | undefined;
  for (const record of hands) {
    const table: TableOptions = {
      ...(record.button !== null && record.button !== undefined ? { button: record.button } : {}),
      ...(record.stacks ? { stacks: record.stacks } : {}),
      ...(many && shoe ? { shoe } : {}),
    };
    const hand: ReplayHand = { record, count: hands.length, many, table };
    const chance = slotChance(game, handChanceKeys(slot.play_seed, record.hand), false);
    let state: GameState;
    try {
      state = game.newInitialState(many ? table : undefined);
    } catch (e) {
      return { hand, ply: record.firstPly, kind: 'table', error: (e as Error).message };
    }
    visitor.handStart?.(hand, state);
    const end = record.firstPly + record.plies;
    let ply = record.firstPly;
    while (!state.isTerminal()) {
      const player = state.currentPlayer();
      if (player === CHANCE) {
        const a = chance.sample(state);
        visitor.chance?.(hand, state, a);
        state.applyAction(a);
        continue;
      }
      const move = ply < end ? moves[ply] : undefined;
      if (!move) return { hand, ply, kind: 'missing', player };
      if (move.ply !== ply) return { hand, ply, kind: 'ply-gap', stored: move.ply };
      if (move.seat !== player) return { hand, ply, kind: 'seat', player, stored: move.seat };
      const digest = obsDigest(state.informationStateKey(player));
      if (move.obsDigest !== digest) return { hand, ply, kind: 'digest', player, digest, stored: move.obsDigest };
      const legal = state.legalActions();
      const labels = legal.map((a) => state.actionToString(player, a));
      const index = labels.indexOf(move.label);
      if (index < 0) return { hand, ply, kind: 'illegal', player, label: move.label, labels };
      if (legal[index] !== move.action) return { hand, ply, kind: 'action-id', player, label: move.label, action: legal[index], stored: move.action };
      visitor.decision?.({ hand, state, player, move, ply, legal, labels, index });
      state.applyAction(legal[index]);
      ply++;
    }
    if (ply < end) return { hand, ply, kind: 'extra-moves', count: end - ply };
    if (many && game.ir.shoe !== undefined && hasShoe(state)) shoe = state.shoe();
    visitor.handEnd?.(hand, state);
  }
  return null;
}
