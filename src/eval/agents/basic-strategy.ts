/**
 * The `basic-strategy` agent: blackjack's basic strategy as the reference computes it
 * (`BlackjackReference.basicStrategyValues` in `src/algorithms/casino/blackjack.ts`, the league's
 * rules, six-deck shoe by default), played from the player's observation alone: the cards of the
 * hand being played, the dealer's up card, and the legal options. Each decision takes the legal
 * action of highest value in the chart's row for the hand (a pair, a soft or a hard total): the
 * chart's double where doubling is offered, else the better of stand and hit (a multi-card hand
 * plays its total's row), split only where a split is offered.
 *
 * It reads games laid out as `examples/blackjack.gbg`: a public pile `dealer` whose first card is
 * the up card, public piles `hand1`, `hand2`, … holding the player's hands, the loop counter
 * `turn` naming the hand being played (0 for `hand1`), options `hit`, `stand`, `double`, `split`,
 * and ranks whose values are the blackjack values (ace 1, ten-valued cards 10).
 */
import type { Action, Game, GameState, Observation } from '../../interpreter/api.js';
import { BlackjackReference, bestOf, type BasicStrategyValues, type BlackjackAction } from '../../algorithms/index.js';
import { UserError } from '../../util/errors.js';
import type { Agent, AgentView } from './agent.js';

/** Which deck the chart is computed for: the league's six-deck shoe (default) or an infinite deck. */
export type BasicStrategyDeck = 'shoe' | 'infinite';

const tables = new Map<BasicStrategyDeck, BasicStrategyValues>();

/** The chart's values for the league's rules (computed once per process and deck: a few seconds for the shoe). */
export function basicStrategyTable(deck: BasicStrategyDeck = 'shoe'): BasicStrategyValues {
  let t = tables.get(deck);
  if (!t) tables.set(deck, (t = new BlackjackReference({ deck }).basicStrategyValues()));
  return t;
}

/** A blackjack decision as the player sees it: its hand's card values (1..10) and the dealer's up card. */
export interface BlackjackView {
  hand: readonly number[];
  up: number;
}

/** The row of `table` for a hand, or null when the hand stands whatever the up card (hard 20 or more, 21). */
function rowOf(table: BasicStrategyValues, hand: readonly number[], maySplit: boolean): Partial<Record<BlackjackAction, number>>[] | null {
  const hard = hand.reduce((a, b) => a + b, 0);
  const soft = hand.includes(1) && hard <= 11;
  if (hand.length === 2 && hand[0] === hand[1] && (maySplit || hard === 2)) return table.pairs[hand[0] === 1 ? 'A,A' : `${hand[0]},${hand[0]}`] ?? null;
  if (soft) {
    const total = hard + 10;
    if (total >= 21) return null;
    if (total === 12) return table.pairs['A,A'] ?? null;
    return table.soft[`A,${total - 11}`] ?? null;
  }
  if (hard >= 20) return null;
  return table.hard[String(Math.max(5, hard))] ?? table.pairs[`${hand[0]},${hand[0]}`] ?? null;
}

/**
 * The basic-strategy action among `legal` (labels) for a hand against an up card.
 * @returns one of `legal`: the legal action of highest value in the hand's row, `stand` when the
 *   hand stands on any up card (and `legal` holds it), else the first legal label
 */
export function basicStrategyAction(table: BasicStrategyValues, view: BlackjackView, legal: readonly string[]): string {
  const allowed = basicStrategyCell(table, view, legal);
  if (allowed && Object.keys(allowed).length > 0) return bestOf(allowed);
  return legal.includes('stand') ? 'stand' : legal[0]!;
}

/**
 * The values the chart gives the legal actions (labels among stand, hit, double, split) of a hand
 * against an up card: its row's cell (the row {@link basicStrategyAction} reads) restricted to
 * `legal`, expected values per initial bet; null when the chart has no row for the hand (hard 20
 * or more, soft 21) or no column for the up card. Legal labels the cell does not value are absent.
 */
export function basicStrategyCell(table: BasicStrategyValues, view: BlackjackView, legal: readonly string[]): Partial<Record<BlackjackAction, number>> | null {
  const row = rowOf(table, view.hand, legal.includes('split'));
  const col = table.upCards.indexOf(view.up);
  if (!row || col < 0) return null;
  const cell = row[col]!;
  const allowed: Partial<Record<BlackjackAction, number>> = {};
  for (const a of ['stand', 'hit', 'double', 'split'] as const) if (legal.includes(a) && cell[a] !== undefined) allowed[a] = cell[a];
  return allowed;
}

/** Card values by card label (`"K of spades"` → 10) for a game's deck. */
export function valuesByRank(game: Game): Map<string, number> {
  return new Map(game.ir.deck.ranks.map((r) => [r.name, r.value]));
}

/** Whether a game is laid out as `examples/blackjack.gbg` (a house, public piles `dealer` and `hand1`), so that {@link blackjackView} reads it. */
export function isBlackjackLayout(ir: Game['ir']): boolean {
  const piles = new Set(ir.piles.map((p) => p.name));
  return piles.has('dealer') && piles.has('hand1') && !!ir.house;
}

/**
 * The hand being played and the up card, from an observation of a game laid out as
 * `examples/blackjack.gbg`; null when it is not a decision on a hand.
 */
export function blackjackView(obs: Observation, values: ReadonlyMap<string, number>): BlackjackView | null {
  const piles = obs.publicPiles;
  const turn = obs.variables?.turn ?? 0;
  const cards = piles[`hand${turn + 1}`];
  const up = piles.dealer?.[0];
  if (!cards || cards.length === 0 || up === undefined) return null;
  const value = (label: string): number => values.get(label.split(' of ')[0]!) ?? 0;
  return { hand: cards.map(value), up: value(up) };
}

/** The `basic-strategy` agent for a blackjack game. */
export class BasicStrategyAgent implements Agent {
  readonly name = 'basic-strategy';
  private readonly values: Map<string, number>;

  constructor(
    game: Game,
    private readonly table: BasicStrategyValues,
  ) {
    this.values = valuesByRank(game);
  }

  private choose(obs: Observation, labels: readonly string[]): number {
    const view = blackjackView(obs, this.values);
    const label = view ? basicStrategyAction(this.table, view, labels) : labels.includes('stand') ? 'stand' : labels[0]!;
    return labels.indexOf(label);
  }

  act(view: AgentView): Action {
    return view.legal[this.choose(view.observation, view.labels)]!;
  }

  actFast(state: GameState, seat: number): Action {
    const legal = state.legalActions();
    return legal[
      this.choose(
        state.observation(seat),
        legal.map((a) => state.actionToString(seat, a)),
      )
    ]!;
  }
}

/**
 * The `basic-strategy` agent for `game`.
 * @throws UserError when the game is not laid out as `examples/blackjack.gbg` (no `dealer` or `hand1` pile, no `turn` loop)
 */
export function basicStrategyAgentForGame(game: Game, deck: BasicStrategyDeck = 'shoe'): BasicStrategyAgent {
  if (!isBlackjackLayout(game.ir))
    throw new UserError(
      `the basic-strategy agent plays blackjack against a house laid out as examples/blackjack.gbg (public piles dealer and hand1, hand2, …; the loop counter turn; options hit, stand, double, split); game "${game.ir.name}" is not`,
    );
  return new BasicStrategyAgent(game, basicStrategyTable(deck));
}
