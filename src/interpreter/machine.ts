/**
 * The machine: the state of a running program (registers, pile contents and the event log; see
 * `layout.ts`) and the primitives the step modules call to change it: chips (pay, transfer,
 * award, split), cards (move, find, count, sort a deal), events (decisions, the end) and reads of
 * the instruction under way. It knows nothing of the game-tree API: `InterpreterState`
 * (`state.ts`) is built on it, and the run loop (`run.ts`) drives it.
 *
 * The step modules (`steps.ts`, `betting.ts`, `decisions.ts`, `chance-nodes.ts`, `showdown.ts`)
 * take a `Machine`; this module imports none of them.
 */
import type { Action, GameState } from './api.js';
import type { EventLog } from './eventlog.js';
import { BOTH, EV, NODE, R, X } from './layout.js';
import { handPile, INSTR_WIDTH, OP, type PileArray, type Program } from './program.js';

/** Reused per-type counters (single-threaded, never held across calls). */
const typeCounts = new Int32Array(256);

export class Machine {
  constructor(
    readonly program: Program,
    /** Registers, then the frame stack, then the extended registers (see `R`, `X`). */
    public r: Int32Array,
    /** Pile lengths (one byte per pile), then each pile's card types, `pileCapacity` slots per pile, top first. */
    public piles: PileArray,
    /** Everything that happened, with who sees it. */
    public log: EventLog,
  ) {}

  /** Opcode of the instruction under way. @internal */
  op(): number {
    return this.program.code[this.r[R.PC] * INSTR_WIDTH];
  }

  /** Operand `i` (0-based) of the instruction under way. @internal */
  operand(i: number): number {
    return this.program.code[this.r[R.PC] * INSTR_WIDTH + 1 + i];
  }

  /** Whether the pending decision is a fixed-limit betting action (a `betting` step or a variable round's fallback). @internal */
  inFixedBetting(): boolean {
    const op = this.program.code[this.r[R.PC] * INSTR_WIDTH];
    return op === OP.BETTING || (op === OP.VARBET && this.r[R.STEP] === 1);
  }

  /** Wait for `seat`'s decision at the instruction under way (logging `ASK` in a private context). @internal */
  decide(seat: number): void {
    const r = this.r;
    r[R.ACTOR] = seat;
    r[R.NODE] = NODE.DECISION;
    if (this.program.privateAt[r[R.PC]]) this.log.push(EV.ASK, seat, r[R.PC], 0, 0, 1 << seat, 1 << seat);
  }

  /** Register index of extended register `X.*`. @internal */
  x(reg: number): number {
    return this.program.ext + reg;
  }

  /** Seat that won the auction whose prize is being played. @internal */
  winner(): number {
    return this.r[this.program.ext + X.WINNER];
  }

  /** Resolve a seat operand: 0/1, or -1 for the auction winner. @internal */
  seatOperand(v: number): number {
    return v < 0 ? this.winner() : v;
  }

  /** Card type at `index` of a pile. @internal */
  cardAt(pile: number, index: number): number {
    return this.piles[pileBase(this.program, pile) + index];
  }

  /** Value of the seat's highest card (0 for an empty hand). @internal */
  highest(seat: number): number {
    const p = this.program;
    const pile = handPile(seat);
    const base = pileBase(p, pile);
    const len = this.piles[pile];
    if (len === 0) return 0;
    let best = p.cardValue[this.piles[base]];
    for (let i = 1; i < len; i++) best = Math.max(best, p.cardValue[this.piles[base + i]]);
    return best;
  }

  /**
   * Move `amount` chips and log it: `from`/`to` are seats (0, 1) or -1 for the pot. The caller
   * clamps the amount to what the payer holds. @internal
   */
  transfer(from: number, to: number, amount: number, reason: number): void {
    const r = this.r;
    if (from < 0) r[R.POT] -= amount;
    else r[R.STACK + from] -= amount;
    if (to < 0) r[R.POT] += amount;
    else r[R.STACK + to] += amount;
    this.log.push(EV.TRANSFER, from, amount, to, reason, BOTH, BOTH);
  }

  /** `seat` puts `amount` chips from its stack into the pot as its contribution to the betting round. @internal */
  pay(seat: number, amount: number): void {
    this.r[R.STACK + seat] -= amount;
    this.r[R.POT] += amount;
    this.r[R.CONTRIB + seat] += amount;
  }

  /** `seat` takes `amount` chips from the pot. @internal */
  award(seat: number, amount: number): void {
    this.r[R.STACK + seat] += amount;
    this.r[R.POT] -= amount;
    this.log.push(EV.WIN, seat, amount, 0, 0, BOTH, BOTH);
  }

  /**
   * Split the pot between the seats (half each, rounded down). @returns true when an odd chip
   * remains: the state then waits at the coin chance node that gives it. @internal
   */
  splitPot(): boolean {
    const pot = this.r[R.POT];
    const half = Math.floor(pot / 2);
    this.award(0, half);
    this.award(1, half);
    if (pot % 2 === 0) return false;
    this.r[R.STEP] = 1;
    this.r[R.NODE] = NODE.CHANCE_COIN;
    return true;
  }

  /** The odd chip of a split pot goes to `seat`. @internal */
  oddChip(seat: number): void {
    this.log.push(EV.ODD_CHIP, seat, 1, 0, 0, BOTH, BOTH);
    this.r[R.STACK + seat] += 1;
    this.r[R.POT] -= 1;
    this.r[R.STEP] = 0;
  }

  /** End the game: log the end (`how`: 0 fold, 1 showdown, 2 `end` step with reason `reason`). @internal */
  finish(how: number, reason = 0): void {
    this.log.push(EV.END, -1, how, reason, 0, BOTH, BOTH);
    this.r[R.STEP] = 0;
    this.r[R.NODE] = NODE.TERMINAL;
  }

  /**
   * Move the card at `index` of pile `from` to the bottom of pile `to`, logging who sees it: both
   * seats see that it moved; its identity is seen by both when face up, else by the seats that
   * see the source or the destination pile (its owner, or both for a public pile). @internal
   */
  moveCard(from: number, index: number, to: number, faceUp: number, reason: number): void {
    const p = this.program;
    const piles = this.piles;
    // `pileBase` of both piles, written out: every dealt card passes here.
    const head = p.pileNames.length;
    const base = head + from * p.pileCapacity;
    const len = piles[from];
    const t = piles[base + index];
    for (let i = base + index + 1; i < base + len; i++) piles[i - 1] = piles[i];
    piles[from] = len - 1;
    piles[head + to * p.pileCapacity + piles[to]] = t;
    piles[to]++;
    const log = this.log;
    if (log.tallying) return; // A tally keeps no DEAL event.
    const content = faceUp ? BOTH : viewers(p, to) | viewers(p, from);
    log.push(EV.DEAL, p.pileOwner[to], to, t, from + (reason << 8), BOTH, content);
  }

  /**
   * Put a pile's cards in a random order in place (Fisher–Yates, last slot first, with `rng`): a
   * new shoe's order, drawn by duplicate chance. The pile's cards are unseen and draws from a
   * shuffled pile are uniform by type, so no probability or observation changes. @internal
   */
  shufflePile(pile: number, rng: () => number): void {
    const base = pileBase(this.program, pile);
    const piles = this.piles;
    for (let i = piles[pile] - 1; i > 0; i--) {
      const j = Math.floor(rng() * (i + 1));
      const t = piles[base + i];
      piles[base + i] = piles[base + j];
      piles[base + j] = t;
    }
  }

  /** Index of the first card of type `t` in pile `pile`, or -1. @internal */
  indexOf(pile: number, t: number): number {
    const base = pileBase(this.program, pile);
    for (let i = 0; i < this.piles[pile]; i++) if (this.piles[base + i] === t) return i;
    return -1;
  }

  /** Count the cards of each type in a pile (into a shared scratch array). @internal */
  countTypes(pile: number): Int32Array {
    const n = this.program.numCardTypes;
    for (let t = 0; t < n; t++) typeCounts[t] = 0;
    const base = pileBase(this.program, pile);
    const len = this.piles[pile];
    for (let i = 0; i < len; i++) typeCounts[this.piles[base + i]]++;
    return typeCounts;
  }

  /** Destination pile of the next card of the `DEAL` under way (`each`: seat 0, seat 1, seat 0, …; -2: the auction winner). @internal */
  dealTarget(): number {
    const to = this.program.code[this.r[R.PC] * INSTR_WIDTH + 2];
    if (to === -1) return handPile(this.r[R.STEP] & 1);
    if (to === -2) return handPile(this.winner());
    return to;
  }

  /**
   * At the end of a deal step: put the cards each pile received in it into canonical (card type)
   * order, so a hand's order depends only on which cards each deal step brought, never on the
   * order they were drawn in (cards dealt together are an unordered set). @internal
   */
  sortDealt(): void {
    const dealt = this.r[R.STEP];
    if (dealt < 2) return;
    const to = this.program.code[this.r[R.PC] * INSTR_WIDTH + 2];
    if (to === -1) {
      this.sortTail(handPile(0), (dealt + 1) >> 1);
      this.sortTail(handPile(1), dealt >> 1);
    } else this.sortTail(to === -2 ? handPile(this.winner()) : to, dealt);
  }

  /** Sort the last `k` cards of a pile by card type (ascending; in place, no view allocated). */
  private sortTail(pile: number, k: number): void {
    if (k < 2) return;
    const piles = this.piles;
    const end = pileBase(this.program, pile) + piles[pile];
    for (let i = end - k + 1; i < end; i++) {
      const t = piles[i];
      let j = i - 1;
      for (; j >= end - k && piles[j] > t; j--) piles[j + 1] = piles[j];
      piles[j + 1] = t;
    }
  }

  /** Bet size of the fixed betting round under way, in chips. */
  betSize(): number {
    const o = this.r[R.PC] * INSTR_WIDTH;
    const code = this.program.code;
    if (code[o] === OP.BETTING && code[o + 4] > 0) return this.r[this.x(X.BET_SIZE)];
    return code[o + 1];
  }

  /** Bets and raises allowed in the fixed betting round under way. */
  raiseCap(): number {
    return this.program.code[this.r[R.PC] * INSTR_WIDTH + 2];
  }

  /** Card types in a pile, top first (ground truth: not filtered by visibility). */
  pileCards(pile: number): number[] {
    const base = pileBase(this.program, pile);
    const out: number[] = [];
    for (let i = 0; i < this.piles[pile]; i++) out.push(this.piles[base + i]);
    return out;
  }

  /** Score adjustments of both seats (chips are not involved; used by sum-of-ranks). */
  scores(): [number, number] {
    const x = this.program.ext;
    return x < 0 ? [0, 0] : [this.r[x + X.SCORE], this.r[x + X.SCORE + 1]];
  }
}

/**
 * A machine that is also a game state: what the tools built on the primitives (observations,
 * action costs) need to play copies forward.
 */
export interface MachineState extends Machine, GameState {
  clone(): MachineState;
  applyAction(a: Action): void;
  /** Whether the pending node's actions are card types (a card chance node, or a seat choosing a card to discard). */
  actionsAreCards(): boolean;
}

/** Index in a state's pile array of a pile's top card. */
export function pileBase(p: Program, pile: number): number {
  return p.pileNames.length + pile * p.pileCapacity;
}

/** Seats that see the cards in a pile: both for a public pile, the owner for a hand, else none. */
export function viewers(p: Program, pile: number): number {
  if (p.pilePublic[pile]) return BOTH;
  const owner = p.pileOwner[pile];
  return owner >= 0 ? 1 << owner : 0;
}
