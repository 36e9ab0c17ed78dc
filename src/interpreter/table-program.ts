/**
 * The table engine's program: a table game's IR (3 to 6 seats, or a button; see `isTableGame`)
 * turned into a flat list of table steps and the constant tables its states read, with the
 * showdown's judge of hands. `TableGame` (table-game.ts) makes states of it (`TableState`).
 */
import type { GameIR, PileRef, TablePosition } from '../ir/schema.js';
import { programTables } from './compile.js';
import { categoryOfValue, pokerValue } from './poker-value.js';
import { ProgramError } from './program.js';
import { compareHighCard, pairsBoard } from './showdown.js';

/** One step of a table program. Pile indices: 0 the deck, 1 … n the seats' hands, then the named piles. */
export type TableStep =
  | { kind: 'phase'; index: number }
  | { kind: 'shuffle'; pile: number }
  | { kind: 'ante'; amount: number; payers: number[] }
  | { kind: 'blinds'; small: number | 'small-blind'; smallAmount: number; big: number | 'big-blind'; bigAmount: number }
  | { kind: 'deal'; from: number; to: number; count: number; faceUp: boolean }
  | { kind: 'betting'; betSize: number; raiseCap: number; first: 'seat' | TablePosition; seat: number }
  | { kind: 'varbet'; raises: 'no-limit' | 'pot-limit'; minBet: number; first: 'seat' | TablePosition; seat: number };

/** A seat's hand at the showdown: a comparable strength and, for poker hands, the category (index in `HAND_CATEGORIES`, else -1). */
export interface Judged {
  value: number;
  category: number;
}

/**
 * A step with every field of every kind of step (the absent ones at neutral values), so that all
 * steps share one object shape and the engine's reads of `step.kind` and the fields stay
 * monomorphic.
 */
function uniform(step: TableStep): TableStep {
  const all: Record<string, unknown> = {
    kind: step.kind,
    index: -1,
    pile: -1,
    amount: 0,
    payers: [],
    small: 0,
    smallAmount: 0,
    big: 0,
    bigAmount: 0,
    from: -1,
    to: -1,
    count: 0,
    faceUp: false,
    betSize: 0,
    raiseCap: 0,
    first: 'seat',
    seat: -1,
    raises: 'no-limit',
    minBet: 0,
  };
  return Object.assign(all, step) as unknown as TableStep;
}

/** A table game compiled: its steps and the constant tables of cards, piles and seats. */
export class TableProgram {
  readonly n: number;
  readonly seatNames: string[];
  readonly phaseNames: string[];
  readonly pileNames: string[];
  readonly pilePublic: boolean[];
  readonly pileOwner: number[];
  readonly boardPile: number;
  readonly cardNames: readonly string[];
  readonly initialDeck: Uint16Array;
  /** The initial deck as the array a hand starts from (copied per hand). */
  readonly deckCards: number[];
  /** Whether the initial deck holds distinct card types in ascending order (one copy of each card). */
  readonly distinctDeck: boolean;
  /** Scratch counts, one per card type, for the chance nodes of this program's states (one thread runs them). */
  readonly typeScratch: Int32Array;
  readonly hasButton: boolean;
  /** Bitmask of every seat. */
  readonly allSeats: number;
  readonly steps: TableStep[] = [];
  private readonly tables: ReturnType<typeof programTables>;
  private readonly metric: GameIR['showdown']['metric'];

  constructor(readonly ir: GameIR) {
    const n = ir.seats.length;
    this.n = n;
    this.tables = programTables(ir);
    this.metric = ir.showdown.metric;
    this.seatNames = [...ir.seats];
    this.phaseNames = ir.phases.map((p) => p.name);
    this.pileNames = ['deck', ...ir.seats.map((s) => `${s}'s hand`), ...ir.piles.map((p) => p.name)];
    this.pilePublic = this.pileNames.map((_, i) => i > n && ir.piles[i - n - 1].visibility === 'public');
    this.pileOwner = this.pileNames.map((_, i) => (i >= 1 && i <= n ? i - 1 : -1));
    const sd = ir.showdown;
    this.boardPile = (sd.metric === 'poker-hand' || sd.metric === 'pair-with-board') && sd.board !== null ? this.pile({ kind: 'pile', name: sd.board }) : -1;
    this.cardNames = this.tables.cardNames;
    this.initialDeck = this.tables.initialDeck;
    this.typeScratch = new Int32Array(this.tables.numCardTypes);
    this.deckCards = Array.from(this.initialDeck);
    this.distinctDeck = this.deckCards.every((t, i) => i === 0 || t > this.deckCards[i - 1]);
    this.hasButton = ir.button === true;
    this.allSeats = (1 << n) - 1;
    if (ir.subphases.length > 0) throw new ProgramError('a table game has no sub-phases (E0252)');
    ir.phases.forEach((phase, index) => {
      this.steps.push(uniform({ kind: 'phase', index }));
      for (const s of phase.steps) this.steps.push(uniform(this.step(s)));
    });
  }

  /** Per pile size n, the running sums 1/n, 2/n, … as the inverse CDF adds them up (built on first use). */
  private readonly cumulative: Float64Array[] = [];

  /**
   * The index the inverse CDF picks among `n` equally likely outcomes for a uniform `u`: the first
   * k with u < (1/n + … + 1/n, k + 1 terms, summed in that order), else n − 1, exactly as a loop
   * over the outcomes adding their probabilities picks it.
   */
  inverseUniform(u: number, n: number): number {
    let cum = this.cumulative[n];
    if (cum === undefined) {
      cum = new Float64Array(n);
      let acc = 0;
      for (let k = 0; k < n; k++) cum[k] = acc += 1 / n;
      this.cumulative[n] = cum;
    }
    let k = Math.min(n - 1, Math.floor(u * n));
    while (k > 0 && u < cum[k - 1]) k--;
    while (k < n - 1 && !(u < cum[k])) k++;
    return k;
  }

  /** The pile index of an IR pile reference. */
  pile(ref: PileRef): number {
    if (ref.kind === 'deck') return 0;
    if (ref.kind === 'hand') return 1 + ref.seat;
    const i = this.ir.piles.findIndex((p) => p.name === ref.name);
    if (i < 0) throw new ProgramError(`no pile named '${ref.name}'`);
    return 1 + this.n + i;
  }

  /** The pile index of a seat's hand. */
  handPile(seat: number): number {
    return 1 + seat;
  }

  /** Chips at the table for these starting stacks. */
  totalChips(start: readonly number[]): number {
    return start.reduce((a, b) => a + b, 0);
  }

  private step(s: GameIR['phases'][number]['steps'][number]): TableStep {
    const first = (f: number | { leftOf: TablePosition }) => (typeof f === 'number' ? { first: 'seat' as const, seat: f } : { first: f.leftOf, seat: -1 });
    switch (s.kind) {
      case 'shuffle':
        return { kind: 'shuffle', pile: this.pile(s.pile) };
      case 'ante':
        return { kind: 'ante', amount: s.amount, payers: [...s.payers] };
      case 'blinds':
        return { kind: 'blinds', small: s.small, smallAmount: s.smallAmount, big: s.big, bigAmount: s.bigAmount };
      case 'deal':
        if (s.to.kind === 'winner') break;
        return { kind: 'deal', from: this.pile(s.from), to: s.to.kind === 'each' ? -1 : this.pile(s.to), count: s.count, faceUp: s.faceUp };
      case 'betting':
        if (typeof s.betSize !== 'number') break;
        return { kind: 'betting', betSize: s.betSize, raiseCap: s.raiseCap, ...first(s.firstSeat) };
      case 'varbet':
        if (!s.raises) break;
        return { kind: 'varbet', raises: s.raises, minBet: s.minBet ?? 1, ...first(s.firstSeat) };
    }
    throw new ProgramError(`the table engine does not play this \`${s.kind}\` step (E0252)`);
  }

  /**
   * A seat's hand at the showdown by the game's metric: `poker-hand` (the best five cards of hand
   * and board, `poker-hand.ts`), `pair-with-board`, `high-card` (`showdown.ts`). High-card and
   * pair-with-board strengths are ranks among the hands compared (see {@link rank}).
   */
  judge(hand: readonly number[], board: readonly number[]): Judged {
    if (this.pokerHands) {
      const value = this.pokerStrength(hand, board);
      return { value, category: this.pokerCategory(value) };
    }
    return { value: 0, category: -1 };
  }

  /** Whether the showdown compares poker hands (each hand valued on its own, {@link pokerStrength}). */
  get pokerHands(): boolean {
    return this.metric === 'poker-hand';
  }

  /** The category (index in `HAND_CATEGORIES`) of a poker value. */
  pokerCategory(value: number): number {
    return categoryOfValue(value, this.tables.poker!);
  }

  /** Rank positions and suits of the cards being judged (grown as needed). */
  private judgeRanks = new Int32Array(16);
  private judgeSuits = new Int32Array(16);

  /** The poker value of a hand and the board (`evaluateHand`'s value, computed by `pokerValue` without allocating). */
  pokerStrength(hand: readonly number[], board: readonly number[]): number {
    const t = this.tables;
    const n = hand.length + board.length;
    if (this.judgeRanks.length < n) {
      this.judgeRanks = new Int32Array(n);
      this.judgeSuits = new Int32Array(n);
    }
    const ranks = this.judgeRanks;
    const suits = this.judgeSuits;
    for (let i = 0; i < hand.length; i++) {
      ranks[i] = t.pokerRank[hand[i]];
      suits[i] = t.cardSuit[hand[i]];
    }
    for (let i = 0; i < board.length; i++) {
      ranks[hand.length + i] = t.pokerRank[board[i]];
      suits[hand.length + i] = t.cardSuit[board[i]];
    }
    return pokerValue(ranks, suits, n, t.poker!);
  }

  /** Compare two hands by the game's metric: positive when `a` wins. */
  compare(a: readonly number[], b: readonly number[], board: readonly number[]): number {
    const t = this.tables;
    if (this.metric === 'poker-hand') return this.judge(a, board).value - this.judge(b, board).value;
    if (this.metric === 'pair-with-board') {
      const br = board.map((c) => t.cardRank[c]);
      const d =
        Number(
          pairsBoard(
            a.map((c) => t.cardRank[c]),
            br,
          ),
        ) -
        Number(
          pairsBoard(
            b.map((c) => t.cardRank[c]),
            br,
          ),
        );
      if (d !== 0) return d;
    }
    return compareHighCard(
      a.map((c) => t.cardValue[c]),
      b.map((c) => t.cardValue[c]),
    );
  }

  /**
   * Strengths of the hands of `seats` (others -Infinity): for poker hands their values, else each
   * hand's number of hands it beats, so equal hands have equal strength.
   */
  strengths(hands: readonly (readonly number[])[], board: readonly number[], seats: readonly number[]): { value: number[]; category: number[] } {
    const value = hands.map(() => -Infinity);
    const category = hands.map(() => -1);
    for (const s of seats) {
      if (this.metric === 'poker-hand') {
        const j = this.judge(hands[s], board);
        value[s] = j.value;
        category[s] = j.category;
      } else value[s] = seats.filter((o) => o !== s && this.compare(hands[s], hands[o], board) > 0).length;
    }
    return { value, category };
  }
}
