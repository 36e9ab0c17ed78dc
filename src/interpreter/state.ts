/**
 * The interpreter's game state: an OpenSpiel-style node of the game tree backed by two small
 * typed arrays and an event log (see `layout.ts`), running a compiled {@link Program}.
 *
 * `applyAction` applies the pending decision or chance outcome, then runs deterministic
 * instructions until the next decision, chance node or the end. Every effect appends an event
 * tagged with the seats that see it; observations and information-state keys are derived from
 * that log only (`events.ts`).
 */
import { CHANCE, IllegalActionError, TERMINAL, type Action, type ChanceOutcome, type GameState, type Observation, type PlayerId } from './api.js';
import { CALL, FOLD, RAISE, bettingLabel, bettingLegal, toCall } from './betting.js';
import { EventLog } from './eventlog.js';
import { appendKeyTokens, buildObservation } from './events.js';
import { BOTH, EV, NODE, R } from './layout.js';
import { DECK_PILE, INSTR_WIDTH, METRIC, OP, handPile, type Program } from './program.js';
import { compareHighCard, pairsBoard } from './showdown.js';

/** Reused per-type counters for chance outcomes (single-threaded, never held across calls). */
let typeCounts = new Int32Array(256);

export class InterpreterState implements GameState {
  /** Registers, then the frame stack (see `R`). */
  r: Int32Array;
  /** Pile lengths (one byte per pile), then each pile's card types, `pileCapacity` slots per pile, top first. */
  piles: Uint8Array;
  /** Everything that happened, with who sees it. */
  log: EventLog;
  /** Actions applied so far, chance outcomes included. */
  private depthSoFar: number;
  /** Per seat: the information-state key built so far, and the number of events it covers. */
  private key0: string;
  private key0UpTo: number;
  private key1: string;
  private key1UpTo: number;

  private constructor(readonly program: Program, r: Int32Array, piles: Uint8Array, log: EventLog, depth: number, key0: string, key0UpTo: number, key1: string, key1UpTo: number) {
    this.r = r;
    this.piles = piles;
    this.log = log;
    this.depthSoFar = depth;
    this.key0 = key0;
    this.key0UpTo = key0UpTo;
    this.key1 = key1;
    this.key1UpTo = key1UpTo;
  }

  /** The initial state of a program: the deck in canonical order, then run to the first node. */
  static initial(program: Program): InterpreterState {
    const r = new Int32Array(program.registerCount);
    r[R.STACK] = program.startStacks[0];
    r[R.STACK + 1] = program.startStacks[1];
    const piles = new Uint8Array(program.pileBytes);
    piles.set(program.initialDeck, pileBase(program, DECK_PILE));
    piles[DECK_PILE] = program.initialDeck.length;
    const s = new InterpreterState(program, r, piles, EventLog.empty(), 0, '0', 0, '1', 0);
    s.run();
    return s;
  }

  // ---------------------------------------------------------------- GameState API

  currentPlayer(): PlayerId {
    const node = this.r[R.NODE];
    if (node === NODE.DECISION) return this.r[R.ACTOR];
    if (node === NODE.TERMINAL) return TERMINAL;
    return CHANCE;
  }

  isTerminal(): boolean {
    return this.r[R.NODE] === NODE.TERMINAL;
  }

  legalActions(): Action[] {
    switch (this.r[R.NODE]) {
      case NODE.DECISION:
        return bettingLegal(this.r, this.betSize(), this.raiseCap());
      case NODE.CHANCE_CARD: {
        const counts = this.countTypes(this.dealSource());
        const out: Action[] = [];
        for (let t = 0; t < this.program.numCardTypes; t++) if (counts[t] > 0) out.push(t);
        return out;
      }
      case NODE.CHANCE_ODD_CHIP:
        return [0, 1];
      default:
        return [];
    }
  }

  chanceOutcomes(): ChanceOutcome[] {
    const node = this.r[R.NODE];
    if (node === NODE.CHANCE_ODD_CHIP)
      return [
        [0, 0.5],
        [1, 0.5],
      ];
    if (node !== NODE.CHANCE_CARD) throw new IllegalActionError(-1, [], 'chanceOutcomes() called at a node that is not a chance node');
    const from = this.dealSource();
    const remaining = this.piles[from];
    const counts = this.countTypes(from);
    const out: ChanceOutcome[] = [];
    for (let t = 0; t < this.program.numCardTypes; t++) if (counts[t] > 0) out.push([t, counts[t] / remaining]);
    return out;
  }

  applyAction(a: Action): void {
    const r = this.r;
    switch (r[R.NODE]) {
      case NODE.DECISION:
        this.applyBetting(a);
        break;
      case NODE.CHANCE_CARD: {
        const from = this.dealSource();
        const idx = Number.isInteger(a) ? this.indexOf(from, a) : -1;
        if (idx < 0) throw new IllegalActionError(a, this.legalActions(), `illegal chance outcome ${a}: no such card left in the ${this.program.pileNames[from]}`);
        const o = r[R.PC] * INSTR_WIDTH;
        this.moveCard(from, idx, this.dealTarget(), this.program.code[o + 4]);
        r[R.STEP]++;
        this.depthSoFar++;
        r[R.NODE] = NODE.RUNNING;
        this.run();
        break;
      }
      case NODE.CHANCE_ODD_CHIP:
        if (a !== 0 && a !== 1) throw new IllegalActionError(a, [0, 1], `illegal chance outcome ${a}: the odd chip goes to seat 0 or 1`);
        this.log.push(EV.ODD_CHIP, a, 1, 0, 0, BOTH, BOTH);
        r[R.STACK + a] += 1;
        r[R.POT] -= 1;
        r[R.STEP] = 0;
        r[R.PC]++;
        this.depthSoFar++;
        r[R.NODE] = NODE.RUNNING;
        this.run();
        break;
      default:
        throw new IllegalActionError(a, [], `illegal action ${a}: the game is over`);
    }
  }

  clone(): InterpreterState {
    return new InterpreterState(this.program, this.r.slice(), this.piles.slice(), this.log.copy(), this.depthSoFar, this.key0, this.key0UpTo, this.key1, this.key1UpTo);
  }

  returns(): [number, number] {
    return [this.r[R.STACK] - this.program.startStacks[0], this.r[R.STACK + 1] - this.program.startStacks[1]];
  }

  informationStateKey(seat: number): string {
    checkSeat(seat);
    const n = this.log.count;
    if (seat === 0) {
      if (this.key0UpTo < n) {
        this.key0 = appendKeyTokens(this.key0, this.log, this.key0UpTo, n, 0);
        this.key0UpTo = n;
      }
      return this.key0;
    }
    if (this.key1UpTo < n) {
      this.key1 = appendKeyTokens(this.key1, this.log, this.key1UpTo, n, 1);
      this.key1UpTo = n;
    }
    return this.key1;
  }

  observation(seat: number): Observation {
    checkSeat(seat);
    return buildObservation(this, seat);
  }

  actionToString(player: PlayerId, a: Action): string {
    if (player === CHANCE) {
      if (this.r[R.NODE] === NODE.CHANCE_ODD_CHIP) return `odd chip to ${this.program.seatNames[a] ?? `seat ${a}`}`;
      return this.program.cardNames[a] ?? `outcome ${a}`;
    }
    if (player === 0 || player === 1) return bettingLabel(this.r, player, a);
    return `action ${a}`;
  }

  chips(): { stacks: [number, number]; pot: number } {
    return { stacks: [this.r[R.STACK], this.r[R.STACK + 1]], pot: this.r[R.POT] };
  }

  // ---------------------------------------------------------------- extras for tools and tests

  /** Decisions taken so far by `seat`. */
  moves(seat: number): number {
    return this.r[R.MOVES + seat];
  }

  /** Actions applied so far, chance outcomes included (the history's depth). */
  depth(): number {
    return this.depthSoFar;
  }

  /** Whether the pending chance node deals a card (its outcomes are card types). */
  isCardChance(): boolean {
    return this.r[R.NODE] === NODE.CHANCE_CARD;
  }

  /** Card types in a pile, top first (ground truth: not filtered by visibility). */
  pileCards(pile: number): number[] {
    const base = pileBase(this.program, pile);
    const out: number[] = [];
    for (let i = 0; i < this.piles[pile]; i++) out.push(this.piles[base + i]);
    return out;
  }

  /** Indices of the phases entered so far, in order. */
  phasesEntered(): number[] {
    const out: number[] = [];
    for (let i = 0; i < this.log.count; i++) if (this.log.kind(i) === EV.PHASE) out.push(this.log.a(i));
    return out;
  }

  /** Whether the showdown has begun. */
  reachedShowdown(): boolean {
    for (let i = this.log.count - 1; i >= 0; i--) if (this.log.kind(i) === EV.SHOWDOWN) return true;
    return false;
  }

  /**
   * The outcome of the pending chance node for a uniform number `u` in [0, 1): the inverse CDF
   * over `chanceOutcomes()` in their listed order, computed without allocating.
   * @throws IllegalActionError when the state is not at a chance node
   */
  sampleChance(u: number): Action {
    const node = this.r[R.NODE];
    if (node === NODE.CHANCE_ODD_CHIP) return u < 0.5 ? 0 : 1;
    if (node !== NODE.CHANCE_CARD) throw new IllegalActionError(-1, [], 'sampleChance() called at a node that is not a chance node');
    const pile = this.dealSource();
    const base = pileBase(this.program, pile);
    const len = this.piles[pile];
    // Card i of the pile, in ascending type order, is picked when u * len falls in [i, i + 1).
    const k = Math.min(len - 1, Math.floor(u * len));
    const counts = this.countTypes(pile);
    let cum = 0;
    for (let t = 0; t < this.program.numCardTypes; t++) {
      cum += counts[t];
      if (k < cum) return t;
    }
    return this.piles[base];
  }

  /** Bet size of the betting round under way, in chips. */
  betSize(): number {
    return this.program.code[this.r[R.PC] * INSTR_WIDTH + 1];
  }

  /** Bets and raises allowed in the betting round under way. */
  raiseCap(): number {
    return this.program.code[this.r[R.PC] * INSTR_WIDTH + 2];
  }

  // ---------------------------------------------------------------- execution

  /** Run deterministic instructions until a decision, a chance node or the end. */
  private run(): void {
    const r = this.r;
    const code = this.program.code;
    for (;;) {
      const o = r[R.PC] * INSTR_WIDTH;
      switch (code[o]) {
        case OP.PHASE:
          this.log.push(EV.PHASE, -1, code[o + 1], 0, 0, BOTH, BOTH);
          r[R.PC]++;
          break;
        case OP.SHUFFLE:
          r[R.SHUFFLED] |= 1 << code[o + 1];
          this.log.push(EV.SHUFFLE, -1, code[o + 1], 0, 0, BOTH, BOTH);
          r[R.PC]++;
          break;
        case OP.DEAL: {
          const from = code[o + 1];
          const total = code[o + 2] < 0 ? 2 * code[o + 3] : code[o + 3];
          if (r[R.STEP] >= total || this.piles[from] === 0) {
            r[R.STEP] = 0;
            r[R.PC]++;
            break;
          }
          if (r[R.SHUFFLED] & (1 << from)) {
            r[R.NODE] = NODE.CHANCE_CARD;
            return;
          }
          this.moveCard(from, 0, this.dealTarget(), code[o + 4]);
          r[R.STEP]++;
          break;
        }
        case OP.ANTE:
          for (let seat = 0; seat < 2; seat++) {
            if (!(code[o + 2] & (1 << seat))) continue;
            const pay = Math.min(code[o + 1], r[R.STACK + seat]);
            r[R.STACK + seat] -= pay;
            r[R.POT] += pay;
            this.log.push(EV.ANTE, seat, pay, 0, 0, BOTH, BOTH);
          }
          r[R.PC]++;
          break;
        case OP.BETTING:
          r[R.STEP] = 1;
          r[R.CONTRIB] = 0;
          r[R.CONTRIB + 1] = 0;
          r[R.BETS] = 0;
          r[R.ACTED] = 0;
          r[R.ACTOR] = code[o + 3];
          r[R.NODE] = NODE.DECISION;
          return;
        case OP.SHOWDOWN:
          if (this.showdown()) return;
          r[R.PC]++;
          break;
        case OP.JUMP:
          r[R.PC] = code[o + 1];
          break;
        case OP.CALL: {
          const sp = r[R.SP];
          if (sp >= this.program.maxFrames) throw new Error(`frame stack overflow at instruction ${r[R.PC]}`);
          r[R.FRAMES + sp] = r[R.PC] + 1;
          r[R.SP] = sp + 1;
          r[R.PC] = code[o + 1];
          break;
        }
        case OP.RET: {
          const sp = r[R.SP] - 1;
          if (sp < 0) throw new Error(`return without a call at instruction ${r[R.PC]}`);
          r[R.SP] = sp;
          r[R.PC] = r[R.FRAMES + sp];
          break;
        }
        case OP.HALT:
          this.log.push(EV.END, -1, 1, 0, 0, BOTH, BOTH);
          r[R.NODE] = NODE.TERMINAL;
          return;
        default:
          throw new Error(`bad opcode ${code[o]} at instruction ${r[R.PC]}`);
      }
    }
  }

  /** Source pile of the `DEAL` instruction under way. */
  private dealSource(): number {
    return this.program.code[this.r[R.PC] * INSTR_WIDTH + 1];
  }

  /** Destination pile of the next card of the `DEAL` under way (`each`: seat 0, seat 1, seat 0, …). */
  private dealTarget(): number {
    const to = this.program.code[this.r[R.PC] * INSTR_WIDTH + 2];
    return to < 0 ? handPile(this.r[R.STEP] & 1) : to;
  }

  /** Apply a betting decision of the seat to act. @throws IllegalActionError */
  private applyBetting(a: Action): void {
    const r = this.r;
    const betSize = this.betSize();
    const me = r[R.ACTOR];
    const other = 1 - me;
    const need = toCall(r, me);
    if (!(a === CALL || (a === FOLD && need > 0) || (a === RAISE && r[R.BETS] < this.raiseCap() && r[R.STACK + me] >= need + betSize)))
      throw new IllegalActionError(a, bettingLegal(r, betSize, this.raiseCap()));
    r[R.MOVES + me]++;
    this.depthSoFar++;
    r[R.ACTED] |= 1 << me;
    if (a === FOLD) {
      this.log.push(EV.FOLD, me, 0, 0, 0, BOTH, BOTH);
      this.award(other, r[R.POT]);
      this.log.push(EV.END, -1, 0, 0, 0, BOTH, BOTH);
      r[R.STEP] = 0;
      r[R.NODE] = NODE.TERMINAL;
      return;
    }
    if (a === CALL) {
      if (need === 0) this.log.push(EV.CHECK, me, 0, 0, 0, BOTH, BOTH);
      else {
        const pay = Math.min(need, r[R.STACK + me]);
        this.pay(me, pay);
        this.log.push(EV.CALL, me, pay, 0, 0, BOTH, BOTH);
        if (pay < need) {
          const excess = need - pay;
          r[R.STACK + other] += excess;
          r[R.POT] -= excess;
          r[R.CONTRIB + other] -= excess;
          this.log.push(EV.REFUND, other, excess, 0, 0, BOTH, BOTH);
        }
      }
    } else {
      const amount = need + betSize;
      this.pay(me, amount);
      r[R.BETS]++;
      this.log.push(need === 0 ? EV.BET : EV.RAISE, me, amount, 0, 0, BOTH, BOTH);
    }
    if (r[R.ACTED] === 3 && r[R.CONTRIB] === r[R.CONTRIB + 1]) {
      r[R.STEP] = 0;
      r[R.PC]++;
      r[R.NODE] = NODE.RUNNING;
      this.run();
    } else r[R.ACTOR] = other;
  }

  /** `seat` puts `amount` chips from its stack into the pot as its contribution to the round. */
  private pay(seat: number, amount: number): void {
    this.r[R.STACK + seat] -= amount;
    this.r[R.POT] += amount;
    this.r[R.CONTRIB + seat] += amount;
  }

  /** `seat` takes `amount` chips from the pot. */
  private award(seat: number, amount: number): void {
    this.r[R.STACK + seat] += amount;
    this.r[R.POT] -= amount;
    this.log.push(EV.WIN, seat, amount, 0, 0, BOTH, BOTH);
  }

  /** Reveal the hands and award the pot. @returns true when it stops at the odd-chip chance node. */
  private showdown(): boolean {
    const p = this.program;
    this.log.push(EV.SHOWDOWN, -1, 0, 0, 0, BOTH, BOTH);
    const hands = [this.pileCards(handPile(0)), this.pileCards(handPile(1))];
    for (let seat = 0; seat < 2; seat++) for (const t of hands[seat]) this.log.push(EV.REVEAL, seat, 0, t, 0, BOTH, BOTH);
    let cmp = 0;
    if (p.metric === METRIC.PAIR_WITH_BOARD) {
      const board = this.pileCards(p.boardPile).map((t) => p.cardRank[t]);
      cmp = Number(pairsBoard(hands[0].map((t) => p.cardRank[t]), board)) - Number(pairsBoard(hands[1].map((t) => p.cardRank[t]), board));
    }
    if (cmp === 0) cmp = compareHighCard(hands[0].map((t) => p.cardValue[t]), hands[1].map((t) => p.cardValue[t]));
    const pot = this.r[R.POT];
    if (cmp !== 0) {
      const winner = cmp > 0 ? 0 : 1;
      this.log.push(EV.RESULT, winner, 0, 0, 0, BOTH, BOTH);
      this.award(winner, pot);
      return false;
    }
    this.log.push(EV.RESULT, -1, 0, 0, 0, BOTH, BOTH);
    const half = Math.floor(pot / 2);
    this.award(0, half);
    this.award(1, half);
    if (pot % 2 === 0) return false;
    this.r[R.STEP] = 1;
    this.r[R.NODE] = NODE.CHANCE_ODD_CHIP;
    return true;
  }

  /** Move the card at `index` of pile `from` to the bottom of pile `to`, logging who sees it. */
  private moveCard(from: number, index: number, to: number, faceUp: number): void {
    const p = this.program;
    const piles = this.piles;
    const base = pileBase(p, from);
    const len = piles[from];
    const t = piles[base + index];
    for (let i = base + index + 1; i < base + len; i++) piles[i - 1] = piles[i];
    piles[from] = len - 1;
    piles[pileBase(p, to) + piles[to]] = t;
    piles[to]++;
    const content = faceUp ? BOTH : viewers(p, to) | viewers(p, from);
    this.log.push(EV.DEAL, p.pileOwner[to], to, t, from, BOTH, content);
  }

  /** Index of the first card of type `t` in pile `pile`, or -1. */
  private indexOf(pile: number, t: number): number {
    const base = pileBase(this.program, pile);
    for (let i = 0; i < this.piles[pile]; i++) if (this.piles[base + i] === t) return i;
    return -1;
  }

  /** Count the cards of each type in a pile (into a shared scratch array). */
  private countTypes(pile: number): Int32Array {
    const n = this.program.numCardTypes;
    typeCounts.fill(0, 0, n);
    const base = pileBase(this.program, pile);
    const len = this.piles[pile];
    for (let i = 0; i < len; i++) typeCounts[this.piles[base + i]]++;
    return typeCounts;
  }
}

/** Index in a state's pile array of a pile's top card. */
function pileBase(p: Program, pile: number): number {
  return p.pileNames.length + pile * p.pileCapacity;
}

/** Seats that see the cards in a pile: both for a public pile, the owner for a hand, else none. */
function viewers(p: Program, pile: number): number {
  if (p.pilePublic[pile]) return BOTH;
  const owner = p.pileOwner[pile];
  return owner >= 0 ? 1 << owner : 0;
}

function checkSeat(seat: number): void {
  if (seat !== 0 && seat !== 1) throw new RangeError(`seat must be 0 or 1, got ${seat}`);
}
