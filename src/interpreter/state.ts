/**
 * The interpreter's game state: an OpenSpiel-style node of the game tree backed by three typed
 * arrays (see `layout.ts`) and a compiled {@link Program}.
 *
 * `applyAction` applies the pending decision or chance outcome, then runs deterministic
 * instructions until the next decision, chance node or the end. Every effect appends an event
 * tagged with the seats that see it; observations and information-state keys are derived from
 * that log only (`events.ts`).
 */
import { CHANCE, IllegalActionError, TERMINAL, type Action, type ChanceOutcome, type GameState, type Observation, type PlayerId } from './api.js';
import { CALL, FOLD, RAISE, bettingLabel, bettingLegal, toCall, type BettingRound } from './betting.js';
import { appendKeyTokens, buildObservation } from './events.js';
import { BOTH, EF, EV, EV_WIDTH, NODE, R } from './layout.js';
import { DECK_PILE, INSTR_WIDTH, METRIC, OP, handPile, type Program } from './program.js';
import { compareHighCard, pairsBoard } from './showdown.js';

/** Reused per-type counters for chance outcomes (single-threaded, never held across calls). */
let typeCounts = new Int32Array(64);

/** Initial event-log capacity, in events. */
const INITIAL_EVENTS = 32;

export class InterpreterState implements GameState {
  /** Registers, pile lengths and the frame stack (see `R`). */
  r: Int32Array;
  /** Card types per pile: pile p occupies `[p * cap, p * cap + length)`, top first. */
  cards: Uint16Array;
  /** The event log, `EV_WIDTH` ints per event. */
  ev: Int32Array;
  /** Per seat: the information-state key built so far, and the number of events it covers. */
  keys: [string, string];
  keyUpTo: [number, number];

  private constructor(
    readonly program: Program,
    r: Int32Array,
    cards: Uint16Array,
    ev: Int32Array,
    keys: [string, string],
    keyUpTo: [number, number],
  ) {
    this.r = r;
    this.cards = cards;
    this.ev = ev;
    this.keys = keys;
    this.keyUpTo = keyUpTo;
  }

  /** The initial state of a program: the deck in canonical order, then run to the first node. */
  static initial(program: Program): InterpreterState {
    const numPiles = program.pileNames.length;
    const r = new Int32Array(R.PILE_LEN + numPiles + program.maxFrames);
    r[R.STACK] = program.startStacks[0];
    r[R.STACK + 1] = program.startStacks[1];
    r[R.PHASE] = -1;
    const cards = new Uint16Array(numPiles * program.pileCapacity);
    cards.set(program.initialDeck, DECK_PILE * program.pileCapacity);
    r[R.PILE_LEN + DECK_PILE] = program.initialDeck.length;
    const s = new InterpreterState(program, r, cards, new Int32Array(INITIAL_EVENTS * EV_WIDTH), ['0', '1'], [0, 0]);
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
        return bettingLegal(this.r, this.round());
      case NODE.CHANCE_CARD: {
        const counts = this.countTypes(this.r[R.CH_FROM]);
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
    if (node === NODE.CHANCE_ODD_CHIP) return [
      [0, 0.5],
      [1, 0.5],
    ];
    if (node !== NODE.CHANCE_CARD) throw new IllegalActionError(-1, [], 'chanceOutcomes() called at a node that is not a chance node');
    const from = this.r[R.CH_FROM];
    const remaining = this.r[R.PILE_LEN + from];
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
        const from = r[R.CH_FROM];
        const idx = Number.isInteger(a) ? this.indexOf(from, a) : -1;
        if (idx < 0) throw new IllegalActionError(a, this.legalActions(), `illegal chance outcome ${a}: no such card left in the ${this.program.pileNames[from]}`);
        this.moveCard(from, idx, r[R.CH_TO], r[R.CH_FACEUP]);
        r[R.STEP]++;
        r[R.DEPTH]++;
        r[R.NODE] = NODE.RUNNING;
        this.run();
        break;
      }
      case NODE.CHANCE_ODD_CHIP:
        if (a !== 0 && a !== 1) throw new IllegalActionError(a, [0, 1], `illegal chance outcome ${a}: the odd chip goes to seat 0 or 1`);
        this.emit(EV.ODD_CHIP, a, 1, 0, 0, BOTH, BOTH);
        r[R.STACK + a] += 1;
        r[R.POT] -= 1;
        r[R.STEP] = 0;
        r[R.PC]++;
        r[R.DEPTH]++;
        r[R.NODE] = NODE.RUNNING;
        this.run();
        break;
      default:
        throw new IllegalActionError(a, [], `illegal action ${a}: the game is over`);
    }
  }

  clone(): InterpreterState {
    const n = this.r[R.NEVENTS] * EV_WIDTH;
    const ev = new Int32Array(Math.max(n * 2, INITIAL_EVENTS * EV_WIDTH));
    ev.set(this.ev.subarray(0, n));
    return new InterpreterState(this.program, this.r.slice(), this.cards.slice(), ev, [this.keys[0], this.keys[1]], [this.keyUpTo[0], this.keyUpTo[1]]);
  }

  returns(): [number, number] {
    return [this.r[R.STACK] - this.program.startStacks[0], this.r[R.STACK + 1] - this.program.startStacks[1]];
  }

  informationStateKey(seat: number): string {
    checkSeat(seat);
    const n = this.r[R.NEVENTS];
    if (this.keyUpTo[seat] < n) {
      this.keys[seat] = appendKeyTokens(this.keys[seat], this.ev, this.keyUpTo[seat], n, seat);
      this.keyUpTo[seat] = n;
    }
    return this.keys[seat];
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
    return this.r[R.DEPTH];
  }

  /** Whether the pending chance node deals a card (its outcomes are card types). */
  isCardChance(): boolean {
    return this.r[R.NODE] === NODE.CHANCE_CARD;
  }

  /** A copy of the raw event log, `EV_WIDTH` ints per event (see `EV`). */
  rawEvents(): Int32Array {
    return this.ev.slice(0, this.r[R.NEVENTS] * EV_WIDTH);
  }

  /** Card types in a pile, top first (ground truth: not filtered by visibility). */
  pileCards(pile: number): number[] {
    const base = pile * this.program.pileCapacity;
    return Array.from(this.cards.subarray(base, base + this.r[R.PILE_LEN + pile]));
  }

  /** Indices of the phases entered so far, in order. */
  phasesEntered(): number[] {
    const out: number[] = [];
    const n = this.r[R.NEVENTS];
    for (let i = 0; i < n; i++) if (this.ev[i * EV_WIDTH] === EV.PHASE) out.push(this.ev[i * EV_WIDTH + EF.A]);
    return out;
  }

  /** Operands of the betting round under way. */
  round(): BettingRound {
    const o = this.r[R.PC] * INSTR_WIDTH;
    return { betSize: this.program.code[o + 1], raiseCap: this.program.code[o + 2] };
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
          r[R.PHASE] = code[o + 1];
          this.emit(EV.PHASE, -1, code[o + 1], 0, 0, BOTH, BOTH);
          r[R.PC]++;
          break;
        case OP.SHUFFLE:
          r[R.SHUFFLED] |= 1 << code[o + 1];
          this.emit(EV.SHUFFLE, -1, code[o + 1], 0, 0, BOTH, BOTH);
          r[R.PC]++;
          break;
        case OP.DEAL: {
          const from = code[o + 1];
          const to = code[o + 2];
          const total = to < 0 ? 2 * code[o + 3] : code[o + 3];
          const k = r[R.STEP];
          if (k >= total || r[R.PILE_LEN + from] === 0) {
            r[R.STEP] = 0;
            r[R.PC]++;
            break;
          }
          const dest = to < 0 ? handPile(k & 1) : to;
          if (r[R.SHUFFLED] & (1 << from)) {
            r[R.CH_FROM] = from;
            r[R.CH_TO] = dest;
            r[R.CH_FACEUP] = code[o + 4];
            r[R.NODE] = NODE.CHANCE_CARD;
            return;
          }
          this.moveCard(from, 0, dest, code[o + 4]);
          r[R.STEP] = k + 1;
          break;
        }
        case OP.ANTE:
          for (let seat = 0; seat < 2; seat++) {
            if (!(code[o + 2] & (1 << seat))) continue;
            const pay = Math.min(code[o + 1], r[R.STACK + seat]);
            r[R.STACK + seat] -= pay;
            r[R.POT] += pay;
            this.emit(EV.ANTE, seat, pay, 0, 0, BOTH, BOTH);
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
          r[R.PILE_LEN + this.program.pileNames.length + sp] = r[R.PC] + 1;
          r[R.SP] = sp + 1;
          r[R.PC] = code[o + 1];
          break;
        }
        case OP.RET: {
          const sp = r[R.SP] - 1;
          if (sp < 0) throw new Error(`return without a call at instruction ${r[R.PC]}`);
          r[R.SP] = sp;
          r[R.PC] = r[R.PILE_LEN + this.program.pileNames.length + sp];
          break;
        }
        case OP.HALT:
          this.emit(EV.END, -1, 1, 0, 0, BOTH, BOTH);
          r[R.NODE] = NODE.TERMINAL;
          return;
        default:
          throw new Error(`bad opcode ${code[o]} at instruction ${r[R.PC]}`);
      }
    }
  }

  /** Apply a betting decision of the seat to act. @throws IllegalActionError */
  private applyBetting(a: Action): void {
    const r = this.r;
    const round = this.round();
    const me = r[R.ACTOR];
    const other = 1 - me;
    const need = toCall(r, me);
    if (!(a === CALL || (a === FOLD && need > 0) || (a === RAISE && r[R.BETS] < round.raiseCap && r[R.STACK + me] >= need + round.betSize)))
      throw new IllegalActionError(a, bettingLegal(r, round));
    r[R.MOVES + me]++;
    r[R.DEPTH]++;
    r[R.ACTED] |= 1 << me;
    if (a === FOLD) {
      this.emit(EV.FOLD, me, 0, 0, 0, BOTH, BOTH);
      this.award(other, r[R.POT]);
      this.emit(EV.END, -1, 0, 0, 0, BOTH, BOTH);
      r[R.STEP] = 0;
      r[R.NODE] = NODE.TERMINAL;
      return;
    }
    if (a === CALL) {
      if (need === 0) this.emit(EV.CHECK, me, 0, 0, 0, BOTH, BOTH);
      else {
        const pay = Math.min(need, r[R.STACK + me]);
        this.pay(me, pay);
        this.emit(EV.CALL, me, pay, 0, 0, BOTH, BOTH);
        if (pay < need) {
          const excess = need - pay;
          r[R.STACK + other] += excess;
          r[R.POT] -= excess;
          r[R.CONTRIB + other] -= excess;
          this.emit(EV.REFUND, other, excess, 0, 0, BOTH, BOTH);
        }
      }
    } else {
      const amount = need + round.betSize;
      this.pay(me, amount);
      r[R.BETS]++;
      this.emit(need === 0 ? EV.BET : EV.RAISE, me, amount, 0, 0, BOTH, BOTH);
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
    this.emit(EV.WIN, seat, amount, 0, 0, BOTH, BOTH);
  }

  /**
   * Reveal the hands and award the pot. @returns true when it stops at the odd-chip chance node.
   */
  private showdown(): boolean {
    const p = this.program;
    this.emit(EV.SHOWDOWN, -1, 0, 0, 0, BOTH, BOTH);
    const hands = [this.pileCards(handPile(0)), this.pileCards(handPile(1))];
    for (let seat = 0; seat < 2; seat++) for (const t of hands[seat]) this.emit(EV.REVEAL, seat, 0, t, 0, BOTH, BOTH);
    let cmp = 0;
    if (p.metric === METRIC.PAIR_WITH_BOARD) {
      const board = this.pileCards(p.boardPile).map((t) => p.cardRank[t]);
      const paired = hands.map((h) => pairsBoard(h.map((t) => p.cardRank[t]), board));
      cmp = Number(paired[0]) - Number(paired[1]);
    }
    if (cmp === 0) cmp = compareHighCard(hands[0].map((t) => p.cardValue[t]), hands[1].map((t) => p.cardValue[t]));
    const pot = this.r[R.POT];
    if (cmp !== 0) {
      const winner = cmp > 0 ? 0 : 1;
      this.emit(EV.RESULT, winner, 0, 0, 0, BOTH, BOTH);
      this.award(winner, pot);
      return false;
    }
    this.emit(EV.RESULT, -1, 0, 0, 0, BOTH, BOTH);
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
    const cap = p.pileCapacity;
    const r = this.r;
    const base = from * cap;
    const len = r[R.PILE_LEN + from];
    const t = this.cards[base + index];
    this.cards.copyWithin(base + index, base + index + 1, base + len);
    r[R.PILE_LEN + from] = len - 1;
    this.cards[to * cap + r[R.PILE_LEN + to]] = t;
    r[R.PILE_LEN + to]++;
    const content = faceUp ? BOTH : viewers(p, to) | viewers(p, from);
    this.emit(EV.DEAL, p.pileOwner[to], to, t, from, BOTH, content);
  }

  /** Index of the first card of type `t` in pile `pile`, or -1. */
  private indexOf(pile: number, t: number): number {
    const base = pile * this.program.pileCapacity;
    const len = this.r[R.PILE_LEN + pile];
    for (let i = 0; i < len; i++) if (this.cards[base + i] === t) return i;
    return -1;
  }

  /** Count the cards of each type in a pile (into a shared scratch array). */
  private countTypes(pile: number): Int32Array {
    const n = this.program.numCardTypes;
    if (typeCounts.length < n) typeCounts = new Int32Array(n);
    typeCounts.fill(0, 0, n);
    const base = pile * this.program.pileCapacity;
    const len = this.r[R.PILE_LEN + pile];
    for (let i = 0; i < len; i++) typeCounts[this.cards[base + i]]++;
    return typeCounts;
  }

  /** Append an event (see `EV` for the fields' meaning). */
  private emit(kind: number, seat: number, a: number, b: number, c: number, seen: number, content: number): void {
    const n = this.r[R.NEVENTS];
    let ev = this.ev;
    if ((n + 1) * EV_WIDTH > ev.length) {
      const bigger = new Int32Array(ev.length * 2);
      bigger.set(ev);
      this.ev = ev = bigger;
    }
    const o = n * EV_WIDTH;
    ev[o] = kind;
    ev[o + 1] = seat;
    ev[o + 2] = a;
    ev[o + 3] = b;
    ev[o + 4] = c;
    ev[o + 5] = seen;
    ev[o + 6] = content;
    this.r[R.NEVENTS] = n + 1;
  }
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
