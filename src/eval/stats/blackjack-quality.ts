/**
 * Blackjack's decision reference for the decision-quality section (./decision-quality.ts): the
 * stored moves of a game laid out as `examples/blackjack.gbg` (a house, a shoe, public piles
 * `dealer` and `hand1` …) valued by the basic-strategy chart's values (`basicStrategyValues()` of
 * `BlackjackReference` for the league's rules and six-deck shoe, the values the `basic-strategy`
 * agent plays from).
 *
 * The store keeps each slot's play seed and moves, not the cards, so each session is replayed by
 * `replayStoredSlot` (src/eval/match/replay.ts): hand after hand, chance from the hand's keys, the
 * shoe and the stacks carried as the match loop carried them, each seat's move from the store by its
 * label, checked. At a player's decision
 * the reference reads what the player saw (the hand being played, the dealer's up card, the options
 * offered) and values each legal action by the cell of the hand's row (a pair's row where a split
 * is offered, else its soft or hard total's; a hand of three or more cards reads its total's row)
 * and the up card's column, in expected value per initial bet (after the dealer's peek). The move's
 * EV loss is max over the legal actions − the chosen action's value (league methodology, reporting
 * rules); it agrees when the chosen action is the cell's best. A decision is uncovered (missing,
 * never a loss of 0) when the chart has no row for the hand (hard 20 or more, soft 21) or its cell
 * does not value every legal action. A replay that departs from the store (another engine, an
 * altered store: the seat to move, a digest, a label or an action id differs) leaves the rest of
 * that slot uncovered and says so.
 */
import type { Game } from '../../interpreter/api.js';
import { compileAnyGame } from '../../interpreter/game.js';
import type { GameIR } from '../../ir/schema.js';
import type { BasicStrategyValues } from '../../algorithms/index.js';
import { basicStrategyCell, basicStrategyTable, blackjackView, isBlackjackLayout, valuesByRank } from '../agents/basic-strategy.js';
import { replayStoredSlot, type ReplayDeparture } from '../match/index.js';
import type { MoveRecord, SlotRecord } from '../store/store.js';

/** What the blackjack reference says it is, in the section's references. */
export const BLACKJACK_REFERENCE =
  "basic strategy: the chart's values per row and up card (BlackjackReference.basicStrategyValues, the league's rules, six-deck shoe), expected value per initial bet";

/** A blackjack game ready to have its stored moves valued. */
export interface BlackjackDecisionReference {
  game: Game;
  table: BasicStrategyValues;
  /** Card value by rank name. */
  values: Map<string, number>;
}

/** The value of one stored move: its EV loss (per initial bet) and whether it took the best action. */
export interface MoveValue {
  loss: number;
  agrees: boolean;
}

/** The blackjack reference of a game laid out as `examples/blackjack.gbg` with a shoe, or null for any other game. */
export function blackjackDecisionReference(ir: GameIR): BlackjackDecisionReference | null {
  if (!ir.shoe || !isBlackjackLayout(ir)) return null;
  const game = compileAnyGame(ir);
  return { game, table: basicStrategyTable('shoe'), values: valuesByRank(game) };
}

/**
 * Value the stored moves of one finished slot (see the module comment).
 * @param moves the slot's moves in ply order
 * @returns per move (index = position in `moves`) its value or null (uncovered), and why the replay
 *   stopped early (null when every move was replayed)
 */
export function blackjackMoveValues(
  ref: BlackjackDecisionReference,
  slot: SlotRecord,
  moves: readonly MoveRecord[],
): { values: (MoveValue | null)[]; stopped: string | null } {
  const out: (MoveValue | null)[] = moves.map(() => null);
  const departure = replayStoredSlot(ref.game, slot, moves, {
    decision({ state, player, move, ply, labels }) {
      const view = blackjackView(state.observation(player), ref.values);
      const cell = view ? basicStrategyCell(ref.table, view, labels) : null;
      const valued = cell && labels.every((l) => (cell as Record<string, number | undefined>)[l] !== undefined);
      if (valued) {
        const best = Math.max(...labels.map((l) => (cell as Record<string, number>)[l]));
        const loss = best - (cell as Record<string, number>)[move.label];
        out[ply] = { loss, agrees: loss <= 0 };
      }
    },
  });
  return { values: out, stopped: departure && stoppedText(departure) };
}

/** The section's wording of a replay that departs from the store. */
function stoppedText(d: ReplayDeparture): string {
  const hand = `hand ${d.hand.record.hand + 1}`;
  if (d.kind === 'table') return `${hand}: the stored table does not start a hand (${d.error})`;
  if (d.kind === 'illegal') return `${hand}, ply ${d.ply}: the stored move '${d.label}' is not legal in the replay`;
  return `${hand}, ply ${d.ply}: the replay departs from the stored moves`;
}
