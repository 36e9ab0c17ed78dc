/**
 * The builder's state while a game is drawn: the surface drawn so far (deck, stacks, ante), the
 * declarations (piles, variables, positions, sub-phases), and what is known at the current point
 * of play — hand sizes, whether chips have moved beyond the antes, which positions are assigned,
 * which counters exist — so that every condition is drawn from a template that can hold there.
 * It also keeps the estimates that keep a structure playable: expected moves per seat under
 * uniform random play, the probability that play reaches the current point, and the worst-case
 * number of cards dealt from the deck.
 */
import type { BoolExpr, Deck, Phase, Pile, Position, ScoringRule, Step, Variable } from '../ir/schema.js';
import type { Dial } from './dial.js';
import type { Draw } from './draw.js';
import { NameAllocator, WORDS } from './names.js';

/** What a block costs the structure: expected moves per seat and the probability that play goes on after it. */
export interface Cost {
  /** Expected decisions per seat under uniform random play. */
  moves: [number, number];
  /** Probability that the game has not ended after the block (a fold or an `end` stops it). */
  survive: number;
}

/** A condition with the builder's estimate of how often it holds where it is checked. */
export interface DrawnCond {
  cond: BoolExpr;
  /** Estimated probability that the condition holds when checked, in (0, 1). */
  p: number;
  /** Its subjects (see `predicates.ts`), guarded while the blocks under it are drawn. */
  keys: string[];
}

/** A variable incremented somewhere, with the estimated chance that it is ≥ 1 later on. */
export interface Tally {
  name: string;
  p: number;
}

/** The enclosing loop's counter, when a block is drawn inside a `repeat`. */
export interface LoopScope {
  counter: string;
  max: number;
}

export const NO_COST: Cost = { moves: [0, 0], survive: 1 };

/** Probability that at least one of two independent events happens. */
export function or(p: number, q: number): number {
  return 1 - (1 - p) * (1 - q);
}

/** Combine costs of blocks played one after the other. */
export function sequence(...costs: Cost[]): Cost {
  return costs.reduce((a, b) => ({ moves: [a.moves[0] + b.moves[0], a.moves[1] + b.moves[1]], survive: a.survive * b.survive }), NO_COST);
}

/** The cost of a block that runs with probability `q`. */
export function scaled(cost: Cost, q: number): Cost {
  return { moves: [cost.moves[0] * q, cost.moves[1] * q], survive: 1 - q * (1 - cost.survive) };
}

/** The builder: surface, declarations, knowledge at the current point, and accounting. */
export class Builder {
  readonly names: NameAllocator;
  // Surface.
  deck!: Deck;
  /** The suit names the deck's suits are taken from, in order (repairs add the next ones). */
  suitSet: readonly string[] = [];
  stacks!: [number, number];
  /** Chips each seat antes. */
  antes!: [number, number];
  startCards!: number;
  metric: 'high-card' | 'sum-of-ranks' | 'pair-with-board' = 'high-card';
  scoring: ScoringRule[] = [];
  // Declarations.
  readonly piles: Pile[] = [];
  readonly variables: Variable[] = [];
  readonly positions: Position[] = [];
  readonly subphases: Phase[] = [];
  readonly phases: Phase[] = [];
  // Knowledge at the current point of play.
  /** Fewest cards each seat can hold here. */
  handMin: [number, number] = [0, 0];
  /** Expected cards each seat holds here (probability estimates use it). */
  handMean: [number, number] = [0, 0];
  /** Probability that the pot holds more than the antes by now (bets, costs, bids). */
  potP = 0;
  /** Probability that each seat has paid chips beyond its ante by now (to the pot or to the other seat). */
  readonly paidP: [number, number] = [0, 0];
  /**
   * Probability that the stacks are skewed by now: chips moved one-sidedly (between the seats, a
   * cost, a bid). Betting rounds that go on put equal chips in and skew nothing.
   */
  skewP = 0;
  /** Probability that score adjustments have been made by now. */
  scoreP = 0;
  /** Probability that the seats' hand sizes differ by now (steals, one-seat draws, discards). */
  varyP = 0;
  /** Positions assigned by now, with the probability that each seat holds it and the subjects its holder depends on. */
  readonly assigned: { name: string; p: [number, number]; keys: string[] }[] = [];
  /** Variables incremented by now. */
  readonly tallies: Tally[] = [];
  /** Subjects of the enclosing conditions (see `Template.key`): nested conditions avoid them, so they never contradict. */
  readonly guards: string[] = [];
  /** Accumulated advantage of each seat from one-sided effects (weighted by how often they run). */
  readonly advantage: [number, number] = [0, 0];
  /** The public board pile, once declared. */
  board: string | null = null;
  /** A pile for discards, once declared. */
  discardPile: string | null = null;
  /** Probability that the block being drawn runs when its phase is reached (1 unless under a condition). */
  reach = 1;
  /** True while steps under a private check are drawn: peeks there are fully secret, so the check does not give itself away. */
  secret = false;
  /** True while steps after the last decision are drawn: they deal no cards (a late deal changes no decision). */
  noDeals = false;
  /** The enclosing loop, while a loop body is drawn. */
  loop: LoopScope | null = null;
  // Accounting.
  /** Expected moves per seat so far. */
  moves: [number, number] = [0, 0];
  /** Probability that play reaches the current point. */
  survival = 1;
  /** Worst-case cards dealt from the deck so far (loops counted at their maximum). */
  cardsWorst = 0;
  /** Multiplier of card use inside loops. */
  cardMultiplier = 1;

  constructor(
    readonly draw: Draw,
    readonly dial: Dial,
  ) {
    this.names = new NameAllocator(draw);
  }

  /** Cards in the deck as drawn so far (ranks × suits × copies). */
  get deckSize(): number {
    return this.deck.ranks.length * this.deck.suits.length * this.deck.copies;
  }

  /** Cards of one rank in the deck. */
  get perRank(): number {
    return this.deck.suits.length * this.deck.copies;
  }

  /** Record that `n` cards (per execution) leave the deck. */
  useCards(n: number): void {
    this.cardsWorst += n * this.cardMultiplier;
  }

  /** Whether `n` more cards could be dealt here in the worst case without a deck of more than `cap` cards (never after the last decision). */
  cardsAffordable(n: number, cap = 60): boolean {
    return !this.noDeals && this.cardsWorst + n * this.cardMultiplier <= cap;
  }

  /** Add a cost to the running estimates. */
  account(cost: Cost): void {
    this.moves = [this.moves[0] + cost.moves[0], this.moves[1] + cost.moves[1]];
    this.survival *= cost.survive;
  }

  /** Whether a block of this cost still fits the move budget and keeps later phases reachable. */
  fits(cost: Cost, reserve: Cost, minSurvival = this.dial.minSurvival): boolean {
    const after = sequence({ moves: this.moves, survive: this.survival }, cost, reserve);
    return Math.max(after.moves[0], after.moves[1]) <= this.dial.moveBudget && after.survive >= minSurvival;
  }

  /** Declare a variable starting at 0; returns its name. */
  variable(words: readonly string[] = WORDS.variables): string {
    const name = this.names.fresh(words);
    this.variables.push({ name, initial: 0 });
    return name;
  }

  /** Declare a position; returns its name. */
  position(visibility: 'public' | 'hidden'): string {
    const name = this.names.fresh(WORDS.positions);
    this.positions.push({ name, visibility });
    return name;
  }

  /** Declare a shared pile named from `words`; returns its name. */
  pile(words: readonly string[], visibility: 'public' | 'hidden'): string {
    const name = this.names.fresh(words);
    this.piles.push({ name, visibility });
    return name;
  }

  /** Add a sub-phase with these steps; returns the `call` step that plays it. */
  subphase(base: string, steps: Step[]): Step {
    const name = this.names.claim(base);
    this.subphases.push({ name, steps });
    return { kind: 'call', phase: name };
  }

  /** Add a phase (in play order) named from `words`; returns its name. */
  phase(words: readonly string[], steps: Step[]): string {
    const name = this.names.fresh(words);
    this.phases.push({ name, steps });
    return name;
  }

  /** Whether the block being drawn runs on every path that reaches its phase. */
  get certain(): boolean {
    return this.reach >= 1;
  }

  /**
   * Cards are added to (`n` > 0) or removed from a seat's hand by something that runs with
   * probability `q` when the current block runs: the fewest cards only grow on certain paths.
   */
  handChange(seat: number, n: number, q = 1): void {
    this.handMean[seat] = Math.max(0, this.handMean[seat] + n * q * this.reach);
    if (n < 0) this.handMin[seat] = Math.max(0, this.handMin[seat] + n);
    else if (q >= 1 && this.certain) this.handMin[seat] += n;
    if (q < 1 || !this.certain) this.varyP = or(this.varyP, 0.5 * q * this.reach);
  }

  /**
   * A seat pays chips with probability `q` when the current block runs: `both` (a betting round
   * that goes on: equal chips, no skew), `either` (an auction's winner), or one seat; `toPot`:
   * into the pot, else to the other seat.
   */
  pays(q: number, payer: number | 'both' | 'either', toPot: boolean): void {
    const p = q * this.reach;
    if (toPot) this.potP = or(this.potP, p);
    for (const s of [0, 1]) {
      const share = payer === 'both' || payer === s ? 1 : payer === 'either' ? 0.5 : 0;
      this.paidP[s] = or(this.paidP[s], share * p);
    }
    if (payer !== 'both') this.skewP = or(this.skewP, p);
  }

  /** The pot pays a seat with probability `q` when the current block runs (its stacks skew). */
  potPays(q: number): void {
    this.skewP = or(this.skewP, q * this.reach);
  }

  /** Seat `s` gains an advantage of weight `w` with probability `q` when the current block runs. */
  favour(s: number, w: number, q = 1): void {
    this.advantage[s] += w * q * this.reach;
  }

  /** The seat with the smaller accumulated advantage (a fair draw on a tie): one-sided blocks favour it, keeping games balanced. */
  underdog(): number {
    const [a, b] = this.advantage;
    if (Math.abs(a - b) < 1e-9) return this.draw.int(0, 1);
    return a < b ? 0 : 1;
  }

  /** Run `f` with the current block reached with probability `q` (nested conditions multiply) and a guard on `keys`. */
  under<T>(q: number, keys: readonly string[], f: () => T): T {
    const saved = this.reach;
    this.reach *= q;
    this.guards.push(...keys);
    try {
      return f();
    } finally {
      this.reach = saved;
      this.guards.splice(this.guards.length - keys.length, keys.length);
    }
  }
}

/** A drawn block (blocks.ts, rounds.ts): its steps, its cost, and the word list its phase is named from. */
export interface Block {
  steps: Step[];
  cost: Cost;
  words: readonly string[];
}
