/**
 * A specialised episode loop for the poker subset of the step program, used by `simulate()` when
 * both seats are played by L0 (`l0.ts`): programs made only of `PHASE`, `SHUFFLE`, `DEAL` (to a
 * pile or to each seat), `ANTE`, fixed-limit `BETTING`, a high-card or pair-with-board `SHOWDOWN`
 * without side bets, `JUMP` and `HALT` — Kuhn poker, Leduc hold'em and their relatives.
 *
 * It plays exactly the episodes of the general loop (`InterpreterState` driven by
 * `sampleChance` and `l0Player`): the same random numbers are drawn in the same order (one per
 * shuffled card dealt, one per decision, one for the odd chip of a split pot), chance outcomes are
 * picked by the same inverse CDF over card types, L0 picks `first + ⌊u·n⌋` among the `n` legal
 * betting actions, and chips move by the same rules (all-in calls, refunds, skipped rounds,
 * split pots). What it leaves out is what the figures of a simulation do not read: the event log,
 * information-state keys, observations and the agents' calls. `test/algorithms/simulate.test.ts`
 * checks it against the general loop episode by episode on games with every feature it covers.
 *
 * Per-episode state lives in a few typed arrays reset in place, so an episode allocates nothing.
 */
import type { KeyedStream, Rng } from '../util/rng.js';
import { DECK_PILE, INSTR_WIDTH, MAX_BYTE_CARDS, METRIC, OP, handPile, type Program } from './program.js';
import { pileBase } from './machine.js';
import { addEpisode } from './playout-sums.js';
import { deckStaysSorted } from './chance-nodes.js';

/** Registers of the kernel (indices into `PokerKernel.r`). */
const PC = 0;
const POT = 1;
/** Stacks of seats 0 and 1. */
const STACK = 2;
/** Chips put in during the current betting round, seats 0 and 1. */
const CONTRIB = 4;
/** Decisions taken, seats 0 and 1. */
const MOVES = 6;
const SHUFFLED = 8;
const REGS = 9;

/** Opcodes the kernel runs. */
const SUPPORTED = new Set<number>([OP.PHASE, OP.SHUFFLE, OP.DEAL, OP.ANTE, OP.BETTING, OP.SHOWDOWN, OP.JUMP, OP.HALT]);

/** Whether the kernel can play a program (see the module comment for the subset). */
export function kernelSupports(p: Program): boolean {
  if (p.ext >= 0 || p.sidebets.length > 0 || p.pileCapacity > MAX_BYTE_CARDS || p.shoeCut > 0) return false;
  if (p.metric !== METRIC.HIGH_CARD && p.metric !== METRIC.PAIR_WITH_BOARD) return false;
  for (let o = 0; o < p.code.length; o += INSTR_WIDTH) {
    const op = p.code[o];
    if (!SUPPORTED.has(op)) return false;
    if (op === OP.DEAL && p.code[o + 2] < -1) return false; // to the auction winner
  }
  return true;
}

/** Kernels by program (a program's kernel is built once). */
const kernels = new WeakMap<Program, PokerKernel | null>();

/** The kernel of a program, or null when the program leaves the poker subset. */
export function pokerKernel(p: Program): PokerKernel | null {
  let k = kernels.get(p);
  if (k === undefined) {
    k = kernelSupports(p) ? new PokerKernel(p) : null;
    kernels.set(p, k);
  }
  return k;
}

/**
 * Plays uniform-L0 episodes of one program. After {@link PokerKernel.play}, the episode's
 * outcome is in `returns0`/`returns1` (chips), `moves0`/`moves1`, `phaseSeen` (1 per phase
 * entered) and `showdown`.
 */
export class PokerKernel {
  private readonly code: Int32Array;
  private readonly r = new Int32Array(REGS);
  private readonly piles: Uint8Array;
  private readonly initialPiles: Uint8Array;
  private readonly counts: Int32Array;
  private readonly values: Int32Array;
  private readonly ranks: Int32Array;
  private readonly start0: number;
  private readonly start1: number;
  private readonly numTypes: number;
  private readonly pileCount: number;
  private readonly capacity: number;
  private readonly pairWithBoard: boolean;
  private readonly board: number;
  private readonly sorted0: Int32Array;
  private readonly sorted1: Int32Array;
  /**
   * Whether the deck stays in ascending type order all game: it starts sorted and no step puts
   * cards into it. Then the k-th card in type order is simply the deck's k-th card.
   */
  private readonly deckSorted: boolean;
  /** Per phase: 1 when the last episode entered it (filled on demand after a generated episode, see {@link PokerKernel.phaseSeen}). */
  private readonly seen: Uint8Array;
  /** The phase of each `PHASE` instruction, in program order (a program without jumps passes a prefix of them). */
  private readonly phaseOrder: Int32Array;
  /**
   * `PHASE` instructions the last episode of the generated episode function passed (the phases
   * it entered are the first this many of {@link phaseOrder}); -1 when `seen` is up to date.
   * Written by generated code. @internal
   */
  phasesPassed = -1;
  /** The generated episode function of a program without jumps (see {@link generateStraightLine}), else null. */
  private readonly straight: ((rng: Rng) => void) | null;
  /** The generated loop over episodes of such a program (see {@link PokerKernel.playMany}), else null. */
  private readonly straightMany: ManyFn | null;
  returns0 = 0;
  returns1 = 0;
  moves0 = 0;
  moves1 = 0;
  showdown = false;

  /** @param generate whether to generate straight-line code for a program without jumps (false: always interpret, for tests) */
  constructor(p: Program, generate = true) {
    this.code = Int32Array.from(p.code);
    this.piles = new Uint8Array(p.pileBytes);
    this.piles.set(p.initialDeck, pileBase(p, DECK_PILE));
    this.piles[DECK_PILE] = p.initialDeck.length;
    this.initialPiles = this.piles.slice();
    this.numTypes = p.numCardTypes;
    this.counts = new Int32Array(p.numCardTypes);
    this.values = Int32Array.from(p.cardValue);
    this.ranks = Int32Array.from(p.cardRank);
    this.start0 = p.startStacks[0];
    this.start1 = p.startStacks[1];
    this.pileCount = p.pileNames.length;
    this.capacity = p.pileCapacity;
    this.pairWithBoard = p.metric === METRIC.PAIR_WITH_BOARD;
    this.board = p.boardPile;
    this.sorted0 = new Int32Array(Math.max(1, p.pileCapacity));
    this.sorted1 = new Int32Array(Math.max(1, p.pileCapacity));
    this.seen = new Uint8Array(p.phaseNames.length);
    const order: number[] = [];
    for (let o = 0; o < p.code.length; o += INSTR_WIDTH) if (p.code[o] === OP.PHASE) order.push(p.code[o + 1]);
    this.phaseOrder = Int32Array.from(order);
    this.deckSorted = deckStaysSorted(p);
    this.straight = generate ? (generateStraightLine(p, this, false) as ((rng: Rng) => void) | null) : null;
    this.straightMany = generate ? (generateStraightLine(p, this, true) as ManyFn | null) : null;
  }

  /** A deal step (for generated code). @internal */
  dealStep(rng: Rng, o: number, shuffledMask: number): void {
    this.r[SHUFFLED] = shuffledMask;
    this.deal(o, rng);
  }

  /** Whether the deck stays in type order all game (for generated code). @internal */
  sortedDeck(): boolean {
    return this.deckSorted;
  }

  /** The end of a deal step that moved `dealt` cards to `to` (-1: each seat): `InterpreterState.sortDealt` (for generated code). @internal */
  sortDealt(to: number, dealt: number): void {
    if (dealt < 2) return;
    if (to === -1) {
      this.sortTail(handPile(0), (dealt + 1) >> 1);
      this.sortTail(handPile(1), dealt >> 1);
    } else this.sortTail(to, dealt);
  }

  /** The showdown's comparison of the hands (> 0: seat 0 wins, < 0: seat 1, 0: a tie; for generated code). @internal */
  compare(): number {
    let cmp = 0;
    if (this.pairWithBoard) cmp = Number(this.pairsBoard(0)) - Number(this.pairsBoard(1));
    return cmp === 0 ? this.compareHands() : cmp;
  }

  /** Buffers shared with generated code. @internal */
  buffers(): { piles: Uint8Array; initialPiles: Uint8Array; phaseSeen: Uint8Array; values: Int32Array; ranks: Int32Array } {
    return { piles: this.piles, initialPiles: this.initialPiles, phaseSeen: this.seen, values: this.values, ranks: this.ranks };
  }

  /**
   * Per phase (in the order of the program's phase names): 1 when the last episode entered it,
   * else 0. The generated episode function only counts the `PHASE` instructions it passes; the
   * bytes are filled from that count when read.
   */
  get phaseSeen(): Uint8Array {
    const n = this.phasesPassed;
    if (n >= 0) {
      const seen = this.seen;
      seen.fill(0);
      for (let j = 0; j < n; j++) seen[this.phaseOrder[j]] = 1;
      this.phasesPassed = -1;
    }
    return this.seen;
  }

  /**
   * Play episodes `first … end - 1` of a run, episode i on the stream `stream.restart(seed, i)`,
   * adding to `acc` [Σ returns seat 0, Σ returns seat 1, Σ squared returns seat 0, seat 1,
   * Σ moves seat 0, seat 1, showdowns] and to `fired[p]` 1 per episode that entered phase p, in
   * episode order (the sums `simulate()` keeps, added in the same order).
   */
  playMany(stream: KeyedStream, seed: number, first: number, end: number, acc: Float64Array, fired: Float64Array): void {
    const many = this.straightMany;
    if (many !== null) {
      many(stream, seed, first, end, acc, fired);
      return;
    }
    const rng = stream.next;
    const seen = this.seen;
    for (let i = first; i < end; i++) {
      stream.restart(seed, i);
      this.play(rng);
      addEpisode(acc, this);
      for (let p = 0; p < seen.length; p++) fired[p] += seen[p];
    }
  }

  /** Play one episode from the initial state with the numbers of `rng` (see the module comment). */
  play(rng: Rng): void {
    const fast = this.straight;
    if (fast !== null) fast(rng);
    else this.interpret(rng);
  }

  /** The step program run instruction by instruction (programs with jumps). */
  private interpret(rng: Rng): void {
    const r = this.r;
    const code = this.code;
    const piles = this.piles;
    const init = this.initialPiles;
    for (let i = 0; i < piles.length; i++) piles[i] = init[i];
    const seen = this.seen;
    for (let i = 0; i < seen.length; i++) seen[i] = 0;
    this.phasesPassed = -1;
    r[PC] = 0;
    r[POT] = 0;
    r[STACK] = this.start0;
    r[STACK + 1] = this.start1;
    r[MOVES] = 0;
    r[MOVES + 1] = 0;
    r[SHUFFLED] = 0;
    this.showdown = false;
    for (;;) {
      const o = r[PC] * INSTR_WIDTH;
      const op = code[o];
      if (op === OP.PHASE) {
        seen[code[o + 1]] = 1;
        r[PC]++;
      } else if (op === OP.SHUFFLE) {
        r[SHUFFLED] |= 1 << code[o + 1];
        r[PC]++;
      } else if (op === OP.DEAL) {
        this.deal(o, rng);
        r[PC]++;
      } else if (op === OP.ANTE) {
        for (let seat = 0; seat < 2; seat++) {
          if (!(code[o + 2] & (1 << seat))) continue;
          const pay = Math.min(code[o + 1], r[STACK + seat]);
          r[STACK + seat] -= pay;
          r[POT] += pay;
        }
        r[PC]++;
      } else if (op === OP.BETTING) {
        if (this.betting(o, rng)) break;
        r[PC]++;
      } else if (op === OP.SHOWDOWN) {
        this.settle(rng);
        r[PC]++;
      } else if (op === OP.JUMP) {
        r[PC] = code[o + 1];
      } else break; // HALT
    }
    this.returns0 = r[STACK] - this.start0;
    this.returns1 = r[STACK + 1] - this.start1;
    this.moves0 = r[MOVES];
    this.moves1 = r[MOVES + 1];
  }

  /** Index of a pile's first card slot. */
  private base(pile: number): number {
    return this.pileCount + pile * this.capacity;
  }

  /** A `DEAL` step: each card is the top one, or drawn by the chance node's inverse CDF when the pile is shuffled. */
  private deal(o: number, rng: Rng): void {
    const code = this.code;
    const piles = this.piles;
    const from = code[o + 1];
    const to = code[o + 2];
    const total = to === -1 ? 2 * code[o + 3] : code[o + 3];
    const shuffled = (this.r[SHUFFLED] & (1 << from)) !== 0;
    const fb = this.base(from);
    let step = 0;
    for (; step < total && piles[from] > 0; step++) {
      const len = piles[from];
      let idx = 0;
      if (shuffled && from === DECK_PILE && this.deckSorted) {
        // Sorted: the k-th card in type order is at index k (removing it instead of the first
        // card of its type leaves the same pile).
        idx = Math.min(len - 1, Math.floor(rng() * len));
      } else if (shuffled) {
        // `InterpreterState.sampleChance`: the k-th card in ascending type order, then the first card of that type.
        const k = Math.min(len - 1, Math.floor(rng() * len));
        const counts = this.counts;
        for (let t = 0; t < this.numTypes; t++) counts[t] = 0;
        for (let i = 0; i < len; i++) counts[piles[fb + i]]++;
        let cum = 0;
        let type = piles[fb];
        for (let t = 0; t < this.numTypes; t++) {
          cum += counts[t];
          if (k < cum) {
            type = t;
            break;
          }
        }
        while (piles[fb + idx] !== type) idx++;
      }
      const card = piles[fb + idx];
      for (let i = fb + idx + 1; i < fb + len; i++) piles[i - 1] = piles[i];
      piles[from] = len - 1;
      const dest = to === -1 ? handPile(step & 1) : to;
      piles[this.base(dest) + piles[dest]] = card;
      piles[dest]++;
    }
    // `InterpreterState.sortDealt`: the cards each pile received in one step go in type order.
    this.sortDealt(to, step);
  }

  private sortTail(pile: number, k: number): void {
    if (k < 2) return;
    const end = this.base(pile) + this.piles[pile];
    this.piles.subarray(end - k, end).sort();
  }

  /**
   * A fixed-limit betting round played by L0 on both seats (the rules of `interpreter/betting.ts`).
   * @returns true when a seat folded (the game is over)
   */
  private betting(o: number, rng: Rng): boolean {
    const r = this.r;
    if (r[STACK] === 0 || r[STACK + 1] === 0) return false; // skipped: a seat is all-in
    const betSize = this.code[o + 1];
    const cap = this.code[o + 2];
    let actor = this.code[o + 3];
    r[CONTRIB] = 0;
    r[CONTRIB + 1] = 0;
    let bets = 0;
    let acted = 0;
    for (;;) {
      const me = actor;
      const other = 1 - me;
      const need = Math.max(0, r[CONTRIB + other] - r[CONTRIB + me]);
      const raise = bets < cap && r[STACK + me] >= need + betSize && r[STACK + other] > 0;
      const first = need > 0 ? 0 : 1;
      const n = 3 - first - (raise ? 0 : 1);
      const a = first + Math.min(n - 1, Math.floor(rng() * n));
      r[MOVES + me]++;
      acted |= 1 << me;
      if (a === 0) {
        r[STACK + other] += r[POT];
        r[POT] = 0;
        return true;
      }
      if (a === 1) {
        if (need > 0) {
          const pay = Math.min(need, r[STACK + me]);
          r[STACK + me] -= pay;
          r[POT] += pay;
          r[CONTRIB + me] += pay;
          if (pay < need) {
            const excess = need - pay;
            r[STACK + other] += excess;
            r[POT] -= excess;
            r[CONTRIB + other] -= excess;
          }
        }
      } else {
        const amount = need + betSize;
        r[STACK + me] -= amount;
        r[POT] += amount;
        r[CONTRIB + me] += amount;
        bets++;
      }
      if (acted === 3 && r[CONTRIB] === r[CONTRIB + 1]) return false;
      actor = other;
    }
  }

  /** The showdown (`interpreter/showdown.ts` without side bets): the winner takes the pot; a tie splits it, the odd chip by a coin. */
  private settle(rng: Rng): void {
    const r = this.r;
    this.showdown = true;
    const cmp = this.compare();
    const pot = r[POT];
    if (cmp !== 0) {
      r[STACK + (cmp > 0 ? 0 : 1)] += pot;
      r[POT] = 0;
      return;
    }
    const half = Math.floor(pot / 2);
    r[STACK] += half;
    r[STACK + 1] += half;
    r[POT] = pot - 2 * half;
    if (pot % 2 !== 0) {
      // The odd chip: `sampleChance` at the coin node gives seat 0 for u < 1/2.
      const seat = rng() < 0.5 ? 0 : 1;
      r[STACK + seat] += 1;
      r[POT] -= 1;
    }
  }

  private pairsBoard(seat: number): boolean {
    const piles = this.piles;
    const hand = handPile(seat);
    const hb = this.base(hand);
    const bb = this.base(this.board);
    for (let i = 0; i < piles[hand]; i++) {
      const rank = this.ranks[piles[hb + i]];
      for (let j = 0; j < piles[this.board]; j++) if (this.ranks[piles[bb + j]] === rank) return true;
    }
    return false;
  }

  /** High card on the hands: values sorted highest first, compared in order; a hand that runs out first loses. */
  private compareHands(): number {
    const n0 = this.sortHand(0, this.sorted0);
    const n1 = this.sortHand(1, this.sorted1);
    const x = this.sorted0;
    const y = this.sorted1;
    for (let i = 0; ; i++) {
      if (i >= n0 || i >= n1) return n0 - n1;
      if (x[i] !== y[i]) return x[i] - y[i];
    }
  }

  private sortHand(seat: number, out: Int32Array): number {
    const piles = this.piles;
    const pile = handPile(seat);
    const b = this.base(pile);
    const n = piles[pile];
    for (let i = 0; i < n; i++) {
      const v = this.values[piles[b + i]];
      let j = i;
      while (j > 0 && out[j - 1] < v) {
        out[j] = out[j - 1];
        j--;
      }
      out[j] = v;
    }
    return n;
  }
}

/**
 * Generate the episode function of a program without jumps: the instructions become straight-line
 * JavaScript with their operands as constants and the registers as local variables (what a
 * hand-written simulator of the game would do), calling back into the kernel for deals and the
 * showdown's comparison. The function does what {@link PokerKernel} does instruction by
 * instruction.
 *
 * Without jumps, every pile's size at every instruction is known when the code is generated (a
 * deal moves min(count, cards left) cards; an episode that ends early ends), so deals from the
 * sorted deck draw at constant offsets, and the per-episode reset restores only the pile sizes
 * and the cards piles start with (no step reads a pile beyond its size). The function for one
 * episode leaves its outcome in the kernel's fields and counts the `PHASE` instructions it passes
 * (`phasesPassed`) instead of marking phases one by one.
 * @returns null for a program with a jump
 */
function generateStraightLine(p: Program, kernel: PokerKernel, many: boolean): ((rng: Rng) => void) | ManyFn | null {
  const code = p.code;
  const lines: string[] = [];
  // A loop over episodes counts phases in place when each phase is announced once in the program.
  const phaseIndices: number[] = [];
  for (let o = 0; o < code.length; o += INSTR_WIDTH) if (code[o] === OP.PHASE) phaseIndices.push(code[o + 1]);
  const countInPlace = many && new Set(phaseIndices).size === phaseIndices.length;
  const init = kernel.buffers().initialPiles;
  const pileCount = p.pileNames.length;
  // Each pile's size before the instruction being generated.
  const sizes = Array.from(init.subarray(0, pileCount));
  let shuffled = 0;
  let halted = false;
  let phasesPassed = 0;
  for (let o = 0; o < code.length && !halted; o += INSTR_WIDTH) {
    const op = code[o];
    const a = code[o + 1];
    const b = code[o + 2];
    const c = code[o + 3];
    switch (op) {
      case OP.PHASE:
        phasesPassed++;
        lines.push(!many ? `ph = ${phasesPassed};` : countInPlace ? `fired[${a}]++;` : `seen[${a}] = 1;`);
        break;
      case OP.SHUFFLE:
        shuffled |= 1 << a;
        break;
      case OP.DEAL:
        lines.push(
          a === DECK_PILE && shuffled & (1 << a) && kernel.sortedDeck() ? sortedDeckDealCode(p, sizes, a, b, c) : `kernel.dealStep(rng, ${o}, ${shuffled});`,
        );
        dealSizes(sizes, a, b, c);
        break;
      case OP.ANTE:
        for (let seat = 0; seat < 2; seat++) if (b & (1 << seat)) lines.push(`{ const pay = Math.min(${a}, s${seat}); s${seat} -= pay; pot += pay; }`);
        break;
      case OP.BETTING:
        lines.push(bettingCode(a, b, c));
        break;
      case OP.SHOWDOWN:
        lines.push(showdownCode(p, sizes));
        break;
      case OP.HALT:
        halted = true;
        break;
      default:
        return null; // a jump: the kernel interprets the program
    }
  }
  if (!halted) return null;
  const [start0, start1] = p.startStacks;
  // The pile sizes, then the cards piles start with (the deck), each by one constant store when few.
  const resets = Array.from(init.subarray(0, pileCount), (x, i) => `piles[${i}] = ${x};`);
  for (let pile = 0; pile < pileCount; pile++) {
    const from = pileBase(p, pile);
    const to = from + init[pile];
    if (init[pile] <= UNROLLED_RESET) for (let i = from; i < to; i++) resets.push(`piles[${i}] = ${init[i]};`);
    else resets.push(`for (let i = ${from}; i < ${to}; i++) piles[i] = initialPiles[i];`);
  }
  const resetSeen =
    p.phaseNames.length <= UNROLLED_RESET
      ? p.phaseNames.map((_, i) => `seen[${i}] = 0;`).join(' ')
      : `for (let i = 0; i < ${p.phaseNames.length}; i++) seen[i] = 0;`;
  const episode = `
  ${resets.join(' ')}
  ${many && !countInPlace ? resetSeen : ''}
  let pot = 0, s0 = ${start0}, s1 = ${start1}, m0 = 0, m1 = 0, sd = 0${many ? '' : ', ph = 0'};
  end: {
${lines.join('\n')}
  }`;
  const body = many
    ? `"use strict";
const { piles, initialPiles, phaseSeen: seen, values, ranks } = kernel.buffers();
return function playMany(stream, seed, first, last, acc, fired) {
  const rng = stream.next;
  for (let episode = first; episode < last; episode++) {
    stream.restart(seed, episode);
    ${episode}
    const r0 = s0 - ${start0};
    const r1 = s1 - ${start1};
    acc[0] += r0;
    acc[1] += r1;
    acc[2] += r0 * r0;
    acc[3] += r1 * r1;
    acc[4] += m0;
    acc[5] += m1;
    acc[6] += sd;
    ${countInPlace ? '' : `for (let i = 0; i < ${p.phaseNames.length}; i++) fired[i] += seen[i];`}
  }
};`
    : `"use strict";
const { piles, initialPiles, values, ranks } = kernel.buffers();
return function play(rng) {
  ${episode}
  kernel.returns0 = s0 - ${start0};
  kernel.returns1 = s1 - ${start1};
  kernel.moves0 = m0;
  kernel.moves1 = m1;
  kernel.showdown = sd !== 0;
  kernel.phasesPassed = ph;
};`;
  return new Function('kernel', body)(kernel) as ((rng: Rng) => void) | ManyFn;
}

/** Largest number of bytes the generated code resets by one store each instead of a loop. */
const UNROLLED_RESET = 64;

/** Most cards of one deal step from the sorted deck the generated code draws by straight-line code (more: a loop). */
const UNROLLED_DEAL = 8;

/** The generated loop of {@link PokerKernel.playMany}. */
type ManyFn = (stream: KeyedStream, seed: number, first: number, end: number, acc: Float64Array, fired: Float64Array) => void;

/** Update the pile sizes `sizes` for a `DEAL` of `count` cards from `from` to `to` (-1: `count` to each seat, alternating): as many as the pile has. */
function dealSizes(sizes: number[], from: number, to: number, count: number): void {
  const dealt = Math.min(to === -1 ? 2 * count : count, sizes[from]);
  for (let step = 0; step < dealt; step++) sizes[to === -1 ? handPile(step & 1) : to]++;
  sizes[from] -= dealt;
}

/**
 * A deal step from the shuffled deck while it stays in type order (as `PokerKernel.deal`): the
 * k-th card is the deck's k-th, so each card is one draw and a shift. `sizes` are the pile sizes
 * before the step (known when generating: see {@link generateStraightLine}), so each card's
 * draw and destination are constants; the new sizes are stored once at the end.
 */
function sortedDeckDealCode(p: Program, sizes: readonly number[], from: number, to: number, count: number): string {
  const total = to === -1 ? 2 * count : count;
  const dealt = Math.min(total, sizes[from]);
  const fb = pileBase(p, from);
  const after = sizes.slice();
  dealSizes(after, from, to, count);
  const stores = after.flatMap((n, pile) => (n !== sizes[pile] ? [`piles[${pile}] = ${n};`] : []));
  // Sorting what a pile received matters only when a pile received two cards or more.
  const sortCall = (to === -1 ? (dealt + 1) >> 1 : dealt) >= 2 ? `kernel.sortDealt(${to}, ${dealt});` : '';
  if (dealt > UNROLLED_DEAL) {
    const dest = to === -1 ? `(step & 1) === 0 ? ${handPile(0)} : ${handPile(1)}` : String(to);
    return `{
  for (let step = 0; step < ${dealt}; step++) {
    const len = piles[${from}];
    const idx = Math.min(len - 1, Math.floor(rng() * len));
    const card = piles[${fb} + idx];
    for (let i = ${fb} + idx + 1; i < ${fb} + len; i++) piles[i - 1] = piles[i];
    piles[${from}] = len - 1;
    const dest = ${dest};
    piles[${p.pileNames.length} + dest * ${p.pileCapacity} + piles[dest]] = card;
    piles[dest]++;
  }
  ${sortCall}
}`;
  }
  const draws: string[] = [];
  const filled = sizes.slice();
  for (let step = 0; step < dealt; step++) {
    const len = sizes[from] - step;
    const dest = to === -1 ? handPile(step & 1) : to;
    draws.push(
      `idx = Math.min(${len - 1}, Math.floor(rng() * ${len})); card = piles[${fb} + idx];`,
      len > 1 ? `for (let i = ${fb} + idx + 1; i < ${fb + len}; i++) piles[i - 1] = piles[i];` : '',
      `piles[${pileBase(p, dest) + filled[dest]}] = card;`,
    );
    filled[dest]++;
  }
  return `{
  let idx = 0, card = 0;
  ${draws.filter((x) => x !== '').join('\n  ')}
  ${stores.join(' ')}
  ${sortCall}
}`;
}

/** A fixed-limit betting round played by L0 on both seats (as `PokerKernel.betting`), as code; a fold ends the episode. */
function bettingCode(bet: number, cap: number, first: number): string {
  return `if (s0 !== 0 && s1 !== 0) {
  let c0 = 0, c1 = 0, bets = 0, acted = 0, me = ${first}, folded = false;
  for (;;) {
    const mine = me === 0 ? s0 : s1;
    const theirs = me === 0 ? s1 : s0;
    const need = me === 0 ? (c1 > c0 ? c1 - c0 : 0) : (c0 > c1 ? c0 - c1 : 0);
    const raise = bets < ${cap} && mine >= need + ${bet} && theirs > 0;
    const lo = need > 0 ? 0 : 1;
    const n = 3 - lo - (raise ? 0 : 1);
    const a = lo + Math.min(n - 1, Math.floor(rng() * n));
    if (me === 0) m0++; else m1++;
    acted |= 1 << me;
    if (a === 0) {
      if (me === 0) s1 += pot; else s0 += pot;
      pot = 0;
      folded = true;
      break;
    }
    if (a === 1) {
      if (need > 0) {
        const pay = Math.min(need, mine);
        if (me === 0) { s0 -= pay; c0 += pay; } else { s1 -= pay; c1 += pay; }
        pot += pay;
        if (pay < need) {
          const excess = need - pay;
          if (me === 0) { s1 += excess; c1 -= excess; } else { s0 += excess; c0 -= excess; }
          pot -= excess;
        }
      }
    } else {
      const amount = need + ${bet};
      if (me === 0) { s0 -= amount; c0 += amount; } else { s1 -= amount; c1 += amount; }
      pot += amount;
      bets++;
    }
    if (acted === 3 && c0 === c1) break;
    me = 1 - me;
  }
  if (folded) break end;
}`;
}

/**
 * The showdown (as `PokerKernel.settle`), as code. With one card in each hand (and one on the
 * board for pair-with-board), the comparison `PokerKernel.compare` makes is inlined: a hand that
 * pairs the board wins, else the higher value; other hands call it. `sizes`: the pile sizes at the
 * showdown (known when generating).
 */
function showdownCode(p: Program, sizes: readonly number[]): string {
  const h0 = handPile(0);
  const h1 = handPile(1);
  const c0 = `piles[${pileBase(p, h0)}]`;
  const c1 = `piles[${pileBase(p, h1)}]`;
  const oneCardHands = sizes[h0] === 1 && sizes[h1] === 1;
  let compare = 'const cmp = kernel.compare();';
  if (oneCardHands && p.metric === METRIC.HIGH_CARD) compare = `const cmp = values[${c0}] - values[${c1}];`;
  else if (oneCardHands && p.metric === METRIC.PAIR_WITH_BOARD && p.boardPile >= 0 && sizes[p.boardPile] === 1)
    compare = `const rb = ranks[piles[${pileBase(p, p.boardPile)}]];
  const paired = (ranks[${c0}] === rb ? 1 : 0) - (ranks[${c1}] === rb ? 1 : 0);
  const cmp = paired !== 0 ? paired : values[${c0}] - values[${c1}];`;
  return SHOWDOWN_CODE.replace('const cmp = kernel.compare();', compare);
}

const SHOWDOWN_CODE = `sd = 1;
{
  const cmp = kernel.compare();
  if (cmp !== 0) {
    if (cmp > 0) s0 += pot; else s1 += pot;
    pot = 0;
  } else {
    const odd = pot % 2 !== 0;
    const half = Math.floor(pot / 2);
    s0 += half;
    s1 += half;
    pot -= 2 * half;
    if (odd) {
      if (rng() < 0.5) s0 += 1; else s1 += 1;
      pot -= 1;
    }
  }
}`;
