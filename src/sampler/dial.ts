/**
 * The complexity dial (GENSTRAT v2, Appendix A: "a single parameter c ∈ [0, 1] modulates the draw
 * probabilities for more complex structural and surface features"). Every c-dependent
 * probability and size of the generator is a function here, so the dial is documented in one
 * place (`docs/generator.md` lists them). Each feature's probability is 0 at c = 0 (which gives
 * Kuhn-like games) and rises with c.
 */

/** Block kinds the structure draw can place between the ante and the final betting round. */
export type BlockKind = 'draw' | 'observe' | 'choice' | 'simultaneous' | 'auction' | 'betting' | 'sidebet' | 'position' | 'discard' | 'thievery';

/** How a block is placed in the phase graph. */
export type Placement = 'plain' | 'subphase' | 'conditional' | 'loop';

/**
 * The builder (docs/generator.md, "Builders"):
 * - `graph` (the default, builder version 4) draws the phase graph of GENSTRAT v2 Appendix A
 *   unscreened: conditional transitions gated by chip counts, card comparisons and round
 *   counters with thresholds anywhere in their range, conditional sub-phases, bounded loops of
 *   up to five rounds, betting rounds with a fixed-limit fallback when a stack runs short — and
 *   leaves judging to the acceptance filter (v2 §3: the builder proposes, the Monte Carlo filter
 *   disposes);
 * - `paper` (builder version 3) draws the middle blocks and the betting structure without the
 *   screens but places conditions only from satisfiable templates, so the filter rarely rejects;
 * - `coherent` (builder version 2) also pre-screens while drawing — conditions only from templates
 *   whose estimated hold rate lies in a band, and blocks left out when they would exceed a move
 *   budget or make later phases unlikely to be reached.
 */
export type BuilderName = 'graph' | 'paper' | 'coherent';
export const BUILDERS: readonly BuilderName[] = ['graph', 'paper', 'coherent'];
/** The builder `gbgc sample` and `gbgc pool` use unless told otherwise. */
export const DEFAULT_BUILDER: BuilderName = 'graph';

/**
 * The `graph` builder's structural weights. Each scales with the ramp ∛c (0 at c = 0; extra betting rounds with c): the
 * weights of conditional and loop placement of a middle block (plain = 1), the rounds a bounded
 * loop may add beyond 3 (`loopExtra`), the most extra betting rounds and the probability of each,
 * the probability that a variable-amount round has a fixed-limit fallback (capped at 1), that an
 * event between rounds is gated by a transition, and that an early or final round has variable
 * amounts. They were set so that raw candidates pass the v2 filter at a rate like the paper's
 * (`bench/acceptance.ts`, docs/generator.md).
 */
export const GRAPH = {
  conditional: 3,
  loop: 1.5,
  loopExtra: 5,
  extraRounds: 6,
  extraRound: 1,
  fallback: 2,
  gatedBetween: 1,
  variable: 1,
  finalVariable: 1,
} as const;

/** The dial at one complexity: every probability and size the generator draws with. */
export class Dial {
  constructor(
    readonly c: number,
    readonly builder: BuilderName = DEFAULT_BUILDER,
  ) {
    if (!(c >= 0 && c <= 1)) throw new RangeError(`complexity must be in [0, 1], got ${c}`);
  }

  /**
   * The band of estimated hold rates a condition is drawn from: the caller's band under the
   * `coherent` builder, every template ([0, 1]) under `paper` and `graph`.
   */
  conditionBand(lo: number, hi: number): [number, number] {
    return this.builder === 'coherent' ? [lo, hi] : [0, 1];
  }

  /** Number of candidate middle blocks (each kept with probability {@link blockChance}). */
  get blockSlots(): number {
    return 7;
  }

  /** Probability that a candidate middle block is kept: 0 at c = 0, 0.85 at c = 1. */
  get blockChance(): number {
    if (this.graph) return 0.85 * this.ramp;
    return 0.85 * this.c;
  }

  /** Relative weights of the middle block kinds; complex kinds gain weight with c. */
  blockWeights(): Record<BlockKind, number> {
    const c = this.c;
    return {
      draw: 1.2 - 0.5 * c,
      observe: 1.0,
      betting: 0.8,
      choice: 0.6 + 0.6 * c,
      simultaneous: 0.4 + 0.8 * c,
      auction: 0.3 + 0.8 * c,
      sidebet: 0.2 + 0.6 * c,
      position: 0.2 + 0.7 * c,
      discard: 0.3 + 0.4 * c,
      thievery: 0.2 + 0.5 * c,
    };
  }

  /** Probabilities of placing a block in a sub-phase, under a condition, or in a bounded loop. */
  placementWeights(): Record<Placement, number> {
    const c = this.c;
    if (this.builder === 'graph') return { plain: 1, subphase: 0.7 * c, conditional: GRAPH.conditional * this.ramp, loop: GRAPH.loop * this.ramp };
    return { plain: 1, subphase: 0.7 * c, conditional: 0.5 * c, loop: 0.25 * c };
  }

  /** The `graph` builder's ramp of its phase-graph features: ∛c (0 at c = 0, 1 at c = 1, ½ at c = ⅛). */
  get ramp(): number {
    return Math.cbrt(this.c);
  }

  /** Under `graph`: probability that a betting round before the last has variable amounts. */
  get variableEarly(): number {
    return Math.min(1, GRAPH.variable * this.ramp);
  }

  /** Whether this is the `graph` builder (its phase graph: transitions, fallbacks, longer loops). */
  get graph(): boolean {
    return this.builder === 'graph';
  }

  /** Most rounds of a bounded loop around a block: 3, or 3 + round(2c) under `graph` (the least is 2). */
  get loopMax(): number {
    return this.graph ? 3 + Math.round(GRAPH.loopExtra * this.ramp) : 3;
  }

  /** Most betting rounds of the closing betting structure: 4, or 5 under `graph`. */
  get bettingRoundsMax(): number {
    return this.graph ? 1 + GRAPH.extraRounds : 4;
  }

  /** Under `graph`: probability that a variable-amount round falls back to a fixed-limit round in a sub-phase when a stack is short (as in the seed game); 0 otherwise. */
  get fallbackRound(): number {
    return this.graph ? Math.min(1, GRAPH.fallback * this.ramp) : 0;
  }

  /** Under `graph`: probability that an event between betting rounds (outside a loop) is gated by a transition; 0 otherwise. */
  get gatedBetween(): number {
    return this.graph ? Math.min(1, GRAPH.gatedBetween * this.ramp) : 0;
  }

  /** Probability that a condition check is private rather than public. */
  get privateCheck(): number {
    return 0.35 * this.c;
  }

  /** Probability that an `if` gets an `else` block. */
  get elseBlock(): number {
    return 0.5 * this.c;
  }

  /** Probability of a closing `events` block of independent conditional events. */
  get eventsBlock(): number {
    return 0.6 * this.c;
  }

  /** Probability that a condition is a compound (`and` / `or` / `not`). */
  get compound(): number {
    return 0.3 * this.c;
  }

  /**
   * Probability of each of up to 3 betting rounds besides the final one (GENSTRAT's seed games bet
   * over several rounds with events between them): 0 at c = 0, 0.5 at c = 1, so that P(2 or more
   * rounds) = 1 − (1 − 0.5c)³ before the move budget trims them (0.58 at c = 0.5, 0.88 at c = 1).
   */
  get extraBettingRound(): number {
    if (this.graph) return Math.min(1, GRAPH.extraRound * this.c);
    return 0.5 * this.c;
  }

  /** Probability that a multi-round betting structure is one loop whose first round is variable and later rounds fixed (else a sequence of phases). */
  get bettingLoop(): number {
    return 0.5 * this.c;
  }

  /** Relative weights of the events between betting rounds. */
  betweenWeights(): Record<'draw' | 'observe' | 'simultaneous' | 'choice', number> {
    const c = this.c;
    return { draw: 2, observe: 1, simultaneous: 0.6 * c, choice: 0.4 * c };
  }

  /** Probability that the final betting round is a variable-amount round. */
  get variableBetting(): number {
    if (this.graph) return Math.min(1, GRAPH.finalVariable * this.ramp);
    return 0.6 * this.c;
  }

  /** Extra ranks beyond 3 (c = 0: 3 or 4 ranks, like Kuhn; c = 1: up to 8). */
  get rankRange(): [number, number] {
    return [3, 4 + Math.round(4 * this.c)];
  }

  /** Probability of each extra suit (up to 3 extra). */
  get extraSuit(): number {
    return 0.55 * this.c;
  }

  /** Probability of a second copy of the deck. */
  get secondCopy(): number {
    return 0.2 * this.c;
  }

  /** Probability of each extra starting card (up to 2 extra). */
  get extraCard(): number {
    return 0.55 * this.c;
  }

  /** Starting stack range in chips. */
  get stackRange(): [number, number] {
    return [4 + Math.round(2 * this.c), 8 + Math.round(8 * this.c)];
  }

  /** Probability of unequal starting stacks. */
  get unequalStacks(): number {
    return 0.2 * this.c;
  }

  /** Probability of each extra chip of ante (up to 2 extra). */
  get extraAnte(): number {
    return 0.4 * this.c;
  }

  /** Probability of each extra raise allowed in a fixed round (up to 2 extra). */
  get extraRaise(): number {
    return 0.4 * this.c;
  }

  /** Probability of a 2-chip bet size in a fixed round. */
  get bigBet(): number {
    return 0.3 * this.c;
  }

  /** Showdown metric weights (pair-with-board needs a board; the builder drops it otherwise). */
  showdownWeights(): Record<'high-card' | 'sum-of-ranks' | 'pair-with-board', number> {
    const c = this.c;
    return { 'high-card': 1 - 0.6 * c, 'sum-of-ranks': 0.5 * c, 'pair-with-board': 0.4 * c };
  }

  /** Probability that a block of effects gets a second effect. */
  get secondEffect(): number {
    return 0.45 * this.c;
  }

  /** Most moves per seat the structure may expect under uniform random play (the filter's limit is 10); no limit under `paper`. */
  get moveBudget(): number {
    return this.builder === 'coherent' ? 7.5 : Infinity;
  }

  /** Least probability that play reaches the last phase (every phase must fire in ≥ 5 % of episodes); none under `paper`. */
  get minSurvival(): number {
    return this.builder === 'coherent' ? 0.3 : 0;
  }
}
