/**
 * Chance for duplicate play (BotzoneBench §4.1; GENSTRAT v2 §5, "Pairing"): the chance outcomes of
 * an episode as a pure function of a *play seed*, arranged so that the two slots of a run, played
 * with the seats swapped, see the same cards at the same seats whoever sits there.
 *
 * - **Deck**: the deck's order is drawn once per play seed (a Fisher–Yates shuffle of the initial
 *   deck); every draw from the deck takes the next card of that order. Deals go to seats in the
 *   rules' order, so the k-th card dealt reaches the same seat in both slots as long as the two
 *   slots have made the same draws before it. Should anything other than a draw change the deck
 *   (a card discarded into it), the order no longer describes the deck and the remaining deck
 *   draws of the episode come from a uniform stream indexed by occurrence.
 * - **Coins** (odd chips, auction ties), **probabilistic costs**, and **draws from other piles**
 *   (random peeks, steals, reveals, swaps, discards): each kind has its own stream (one per pile
 *   for the piles); its k-th event uses the stream's k-th number.
 *
 * - **A shoe** (`shoe cut N`): the deck's own order is the shoe's: each draw takes its top card,
 *   and a full deck (a new shoe: the first hand of a match, or after the cut card) is first put in
 *   a Fisher–Yates order from the play seed's deck-order stream. The order left at the end of a
 *   hand is carried into the next (`TableOptions.shoe`), so two participants in independent
 *   copies of a table, under the same play seed, draw from the same shoe, each the cards its own
 *   choices leave.
 *
 * Every outcome has its exact probability: the next card of a uniformly random order is a
 * uniform draw from the cards left, and the streams are uniform.
 */
import { rngFromKeys, type Rng } from '../util/rng.js';
import type { Action, ChanceRecord, ChanceSource, GameState } from './api.js';
import { cardChancePile } from './chance-nodes.js';
import { NODE, R } from './layout.js';
import { DECK_PILE, OP, type Program } from './program.js';
import { InterpreterState } from './state.js';

/** Stream ids (the last key of each stream). */
const STREAM = { DECK_ORDER: 1, COIN: 2, COST: 3, PILE: 4, DECK_FALLBACK: 5 } as const;

/** The chance of one episode under a play seed. Not reusable across episodes: make one per slot. */
export class DuplicateChance implements ChanceSource {
  private readonly order: Uint16Array;
  private pos = 0;
  /** Per card type: copies in the unconsumed part of the order. */
  private readonly remaining: Int32Array;
  private orderValid = true;
  private readonly coin: Rng;
  private readonly cost: Rng;
  private readonly piles = new Map<number, Rng>();
  private deckFallback?: Rng;
  /** Chance events drawn so far, when recording. */
  readonly records: ChanceRecord[] | null;

  /**
   * @param keys the play seed as integer keys (e.g. `[playSeed]`)
   * @param record keep a {@link ChanceRecord} per event in `records`
   */
  constructor(
    private readonly program: Program,
    private readonly keys: readonly number[],
    record = false,
  ) {
    const deck = program.initialDeck;
    const order = new Uint16Array(deck);
    const rng = rngFromKeys(...keys, STREAM.DECK_ORDER);
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(rng() * (i + 1));
      const t = order[i];
      order[i] = order[j];
      order[j] = t;
    }
    this.order = order;
    this.remaining = new Int32Array(program.numCardTypes);
    for (const t of deck) this.remaining[t]++;
    this.coin = rngFromKeys(...keys, STREAM.COIN);
    this.cost = rngFromKeys(...keys, STREAM.COST);
    this.records = record ? [] : null;
  }

  /**
   * The outcome of the chance node `state` is at.
   * @throws IllegalActionError when it is not a chance node
   * @throws TypeError when `state` is not an interpreter state
   */
  sample(state: GameState): Action {
    if (!(state instanceof InterpreterState)) throw new TypeError('duplicate chance samples states of a compiled game only');
    const node = state.r[R.NODE];
    if (node === NODE.CHANCE_COIN) return this.note('coin', -1, state.sampleChance(this.coin()));
    if (node === NODE.CHANCE_COST) return this.note('cost', -1, state.sampleChance(this.cost()));
    if (node !== NODE.CHANCE_CARD) return state.sampleChance(0); // throws
    const pile = cardChancePile(state);
    const target = state.op() === OP.DEAL ? state.dealTarget() : -1;
    if (this.program.shoeCut > 0 && pile === DECK_PILE) {
      // A shoe: its cards are drawn in order, top first, and a full shoe is a new one, shuffled
      // first with this hand's deck-order stream; the order it leaves is carried to the next hand.
      if (state.piles[DECK_PILE] === this.program.initialDeck.length) state.shufflePile(DECK_PILE, rngFromKeys(...this.keys, STREAM.DECK_ORDER));
      return this.note('deck', target, state.cardAt(DECK_PILE, 0));
    }
    if (pile !== DECK_PILE) {
      let rng = this.piles.get(pile);
      if (!rng) this.piles.set(pile, (rng = rngFromKeys(...this.keys, STREAM.PILE, pile)));
      return this.note(`pile ${pile}`, target, state.sampleChance(rng()));
    }
    if (this.orderValid) {
      const counts = state.countTypes(DECK_PILE);
      for (let t = 0; t < this.program.numCardTypes; t++) {
        if (counts[t] !== this.remaining[t]) {
          this.orderValid = false;
          break;
        }
      }
    }
    if (this.orderValid) {
      const t = this.order[this.pos++];
      this.remaining[t]--;
      return this.note('deck', target, t);
    }
    this.deckFallback ??= rngFromKeys(...this.keys, STREAM.DECK_FALLBACK);
    return this.note('deck', target, state.sampleChance(this.deckFallback()));
  }

  private note(stream: string, target: number, outcome: Action): Action {
    this.records?.push({ stream, target, outcome });
    return outcome;
  }
}
