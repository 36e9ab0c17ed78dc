/**
 * The interpreter's game state: an OpenSpiel-style node of the game tree backed by two small
 * typed arrays and an event log (see `layout.ts`), running a compiled {@link Program}.
 *
 * `applyAction` applies the pending decision or chance outcome, then runs deterministic
 * instructions until the next decision, chance node or the end. Every effect appends an event
 * tagged with the seats that see it; observations and information-state keys are derived from
 * that log only (`events.ts`, `observe.ts`).
 *
 * The poker instructions (deal, ante, fixed betting, showdown) run inline here; the other step
 * kinds start in `steps.ts`, and their decisions and chance nodes are applied by `decisions.ts`
 * and `chance-nodes.ts`.
 */
import { CHANCE, IllegalActionError, TERMINAL, type Action, type ChanceOutcome, type GameState, type Observation, type PlayerId } from './api.js';
import { applyBetting, bettingLabel, bettingLegal, bettingSkipped, CALL, canRaise, FOLD, openRound, toCall } from './betting.js';
import { applyCardOutcome, applyCoin, applyCost, cardChancePile, coinLabel, costChance } from './chance-nodes.js';
import { DECISIONS } from './decisions.js';
import { EventLog } from './eventlog.js';
import { appendKeyTokens } from './events.js';
import { BOTH, DEAL_FIRST, EV, NODE, R, SKIP, X } from './layout.js';
import { buildObservation } from './observe.js';
import { DECK_PILE, INSTR_WIDTH, OP, handPile, type Program } from './program.js';
import { showdown } from './showdown.js';
import { START } from './steps.js';

/** A saved state for tree walks (see `InterpreterState.saveTo`). */
export interface StateMark {
  r: Int32Array;
  piles: Uint8Array;
  /** Events in the log. */
  count: number;
  depth: number;
  key0: string;
  key0UpTo: number;
  key1: string;
  key1UpTo: number;
}

/** Reused per-type counters for chance outcomes (single-threaded, never held across calls). */
const typeCounts = new Int32Array(256);

export class InterpreterState implements GameState {
  /** Registers, then the frame stack, then the extended registers (see `R`, `X`). */
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
    if (program.ext >= 0) {
      r[program.ext + X.WAGER_SEAT] = -1;
      r[program.ext + X.WINNER] = -1;
      program.variableInitial.forEach((v, i) => (r[program.varBase + i] = v));
      program.positions.forEach((_, i) => (r[program.posBase + i] = -1));
    }
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
      case NODE.DECISION: {
        const op = this.program.code[this.r[R.PC] * INSTR_WIDTH];
        if (op === OP.BETTING || (op === OP.VARBET && this.r[R.STEP] === 1)) return bettingLegal(this.r, this.betSize(), this.raiseCap());
        return DECISIONS[op]!.legal(this);
      }
      case NODE.CHANCE_CARD: {
        const counts = this.countTypes(cardChancePile(this));
        const out: Action[] = [];
        for (let t = 0; t < this.program.numCardTypes; t++) if (counts[t] > 0) out.push(t);
        return out;
      }
      case NODE.CHANCE_COIN:
      case NODE.CHANCE_COST:
        return [0, 1];
      default:
        return [];
    }
  }

  chanceOutcomes(): ChanceOutcome[] {
    switch (this.r[R.NODE]) {
      case NODE.CHANCE_COIN:
        return [
          [0, 0.5],
          [1, 0.5],
        ];
      case NODE.CHANCE_COST: {
        const p = costChance(this);
        return [
          [0, 1 - p],
          [1, p],
        ];
      }
      case NODE.CHANCE_CARD: {
        const from = cardChancePile(this);
        const remaining = this.piles[from];
        const counts = this.countTypes(from);
        const out: ChanceOutcome[] = [];
        for (let t = 0; t < this.program.numCardTypes; t++) if (counts[t] > 0) out.push([t, counts[t] / remaining]);
        return out;
      }
      default:
        throw new IllegalActionError(-1, [], 'chanceOutcomes() called at a node that is not a chance node');
    }
  }

  /**
   * {@link chanceOutcomes} without allocating: writes the outcomes into `actions` and their
   * probabilities into `probs` (same order, same values) and returns how many there are. The
   * arrays need room for `program.numCardTypes` entries (2 for a coin or a cost).
   * @throws IllegalActionError when the state is not at a chance node
   */
  chanceOutcomesInto(actions: Int32Array, probs: Float64Array): number {
    switch (this.r[R.NODE]) {
      case NODE.CHANCE_COIN:
        actions[0] = 0;
        actions[1] = 1;
        probs[0] = 0.5;
        probs[1] = 0.5;
        return 2;
      case NODE.CHANCE_COST: {
        const p = costChance(this);
        actions[0] = 0;
        actions[1] = 1;
        probs[0] = 1 - p;
        probs[1] = p;
        return 2;
      }
      case NODE.CHANCE_CARD: {
        const from = cardChancePile(this);
        const remaining = this.piles[from];
        const counts = this.countTypes(from);
        let k = 0;
        for (let t = 0; t < this.program.numCardTypes; t++) {
          if (counts[t] > 0) {
            actions[k] = t;
            probs[k++] = counts[t] / remaining;
          }
        }
        return k;
      }
      default:
        throw new IllegalActionError(-1, [], 'chanceOutcomes() called at a node that is not a chance node');
    }
  }

  applyAction(a: Action): void {
    const r = this.r;
    const code = this.program.code;
    const o = r[R.PC] * INSTR_WIDTH;
    const node = r[R.NODE];
    // The poker fast paths (a fixed betting action, a dealt card) first; everything else below.
    if (node === NODE.DECISION && code[o] === OP.BETTING) applyBetting(this, a);
    else if (node === NODE.CHANCE_CARD && code[o] === OP.DEAL) {
      const from = code[o + 1];
      const idx = Number.isInteger(a) ? this.indexOf(from, a) : -1;
      if (idx < 0) throw new IllegalActionError(a, this.legalActions(), `illegal chance outcome ${a}: no such card in the ${this.program.pileNames[from]}`);
      r[R.NODE] = NODE.RUNNING;
      this.moveCard(from, idx, this.dealTarget(), code[o + 4], r[R.STEP] === 0 ? DEAL_FIRST >> 8 : 0);
      r[R.STEP]++;
    } else this.applyOther(a);
    this.depthSoFar++;
    if (r[R.NODE] === NODE.RUNNING) this.run();
  }

  /** Apply an action at a node that is not a fixed betting decision or a deal. @throws IllegalActionError */
  private applyOther(a: Action): void {
    const r = this.r;
    const op = this.op();
    switch (r[R.NODE]) {
      case NODE.DECISION:
        if (op === OP.VARBET && r[R.STEP] === 1) applyBetting(this, a);
        else {
          const d = DECISIONS[op]!;
          if (!(d.isLegal ? d.isLegal(this, a) : d.legal(this).includes(a))) throw new IllegalActionError(a, d.legal(this));
          r[R.MOVES + r[R.ACTOR]]++;
          r[R.NODE] = NODE.RUNNING;
          d.apply(this, a);
        }
        return;
      case NODE.CHANCE_CARD: {
        const from = cardChancePile(this);
        const idx = Number.isInteger(a) ? this.indexOf(from, a) : -1;
        if (idx < 0) throw new IllegalActionError(a, this.legalActions(), `illegal chance outcome ${a}: no such card in the ${this.program.pileNames[from]}`);
        r[R.NODE] = NODE.RUNNING;
        applyCardOutcome(this, op, a, idx);
        return;
      }
      case NODE.CHANCE_COIN:
        if (a !== 0 && a !== 1) throw new IllegalActionError(a, [0, 1], `illegal chance outcome ${a}: the coin gives seat 0 or 1`);
        r[R.NODE] = NODE.RUNNING;
        applyCoin(this, a);
        return;
      case NODE.CHANCE_COST:
        if (a !== 0 && a !== 1) throw new IllegalActionError(a, [0, 1], `illegal chance outcome ${a}: a cost is not due (0) or due (1)`);
        r[R.NODE] = NODE.RUNNING;
        applyCost(this, a);
        return;
      default:
        throw new IllegalActionError(a, [], `illegal action ${a}: the game is over`);
    }
  }

  clone(): InterpreterState {
    return new InterpreterState(this.program, this.r.slice(), this.piles.slice(), this.log.copy(), this.depthSoFar, this.key0, this.key0UpTo, this.key1, this.key1UpTo);
  }

  /**
   * Make this state equal to `src` (a state of the same program), reusing this state's arrays:
   * what {@link InterpreterState.clone} does without allocating, for loops that play many
   * episodes from one initial state.
   * @throws RangeError when `src` runs another program
   */
  resetFrom(src: InterpreterState): void {
    if (src.program !== this.program) throw new RangeError('resetFrom: the state runs another program');
    // Element loops: for arrays this small they beat TypedArray.prototype.set.
    const r = this.r;
    const sr = src.r;
    for (let i = 0; i < r.length; i++) r[i] = sr[i];
    const piles = this.piles;
    const sp = src.piles;
    for (let i = 0; i < piles.length; i++) piles[i] = sp[i];
    this.log.resetFrom(src.log);
    this.depthSoFar = src.depthSoFar;
    this.key0 = src.key0;
    this.key0UpTo = src.key0UpTo;
    this.key1 = src.key1;
    this.key1UpTo = src.key1UpTo;
  }

  /** Chips `seat` won or lost so far: its stack minus its starting stack (`returns()[seat]` at a terminal, without allocating). */
  stackChange(seat: number): number {
    return this.r[R.STACK + seat] - this.program.startStacks[seat];
  }

  returns(): [number, number] {
    return [this.r[R.STACK] - this.program.startStacks[0], this.r[R.STACK + 1] - this.program.startStacks[1]];
  }

  informationStateKey(seat: number): string {
    checkSeat(seat);
    const n = this.log.count;
    // The cards of a deal step form one unordered event: a trailing group of deal events may
    // still grow, so it is keyed afresh each time and committed only once it is closed.
    const open = this.openDealStart();
    if (seat === 0) {
      if (this.key0UpTo < open) {
        this.key0 = appendKeyTokens(this.key0, this.log, this.key0UpTo, open, 0);
        this.key0UpTo = open;
      }
      return open < n ? appendKeyTokens(this.key0, this.log, open, n, 0) : this.key0;
    }
    if (this.key1UpTo < open) {
      this.key1 = appendKeyTokens(this.key1, this.log, this.key1UpTo, open, 1);
      this.key1UpTo = open;
    }
    return open < n ? appendKeyTokens(this.key1, this.log, open, n, 1) : this.key1;
  }

  /** Index of the first event of a deal step still under way (its group may grow), else the log's length. */
  private openDealStart(): number {
    const n = this.log.count;
    if (this.r[R.NODE] !== NODE.CHANCE_CARD || this.op() !== OP.DEAL || this.r[R.STEP] === 0) return n;
    for (let i = n - 1; i >= 0; i--) if (this.log.kind(i) === EV.DEAL && this.log.c(i) & DEAL_FIRST) return i;
    return n;
  }

  observation(seat: number): Observation {
    checkSeat(seat);
    return buildObservation(this, seat);
  }

  actionToString(player: PlayerId, a: Action): string {
    const node = this.r[R.NODE];
    if (player === CHANCE) {
      if (node === NODE.CHANCE_COIN) return coinLabel(this, a);
      if (node === NODE.CHANCE_COST) return a === 1 ? 'cost due' : 'cost not due';
      return this.program.cardNames[a] ?? `outcome ${a}`;
    }
    if ((player === 0 || player === 1) && node === NODE.DECISION) {
      if (this.inFixedBetting()) return bettingLabel(this.r, player, a);
      return DECISIONS[this.op()]!.label(this, a);
    }
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

  /** Whether the pending chance node draws a card (its outcomes are card types). */
  isCardChance(): boolean {
    return this.r[R.NODE] === NODE.CHANCE_CARD;
  }

  /** Whether the pending node's actions are card types: a card chance node, or a seat choosing a card to discard. */
  actionsAreCards(): boolean {
    const node = this.r[R.NODE];
    return node === NODE.CHANCE_CARD || (node === NODE.DECISION && this.op() === OP.DISCARD);
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

  /** Current value of a variable (by name). @throws RangeError for an unknown name */
  variable(name: string): number {
    const i = this.program.variableNames.indexOf(name);
    if (i < 0) throw new RangeError(`no variable named '${name}'`);
    return this.r[this.program.varBase + i];
  }

  /** Holder of a position (by name): 0, 1 or -1 for nobody (ground truth). @throws RangeError for an unknown name */
  positionHolder(name: string): number {
    const i = this.program.positions.findIndex((p) => p.name === name);
    if (i < 0) throw new RangeError(`no position named '${name}'`);
    return this.r[this.program.posBase + i];
  }

  /** Score adjustments of both seats (chips are not involved; used by sum-of-ranks). */
  scores(): [number, number] {
    const x = this.program.ext;
    return x < 0 ? [0, 0] : [this.r[x + X.SCORE], this.r[x + X.SCORE + 1]];
  }

  /**
   * The outcome of the pending chance node for a uniform number `u` in [0, 1): the inverse CDF
   * over `chanceOutcomes()` in their listed order, computed without allocating.
   * @throws IllegalActionError when the state is not at a chance node
   */
  sampleChance(u: number): Action {
    const node = this.r[R.NODE];
    if (node === NODE.CHANCE_COIN) return u < 0.5 ? 0 : 1;
    if (node === NODE.CHANCE_COST) return u < 1 - costChance(this) ? 0 : 1;
    if (node !== NODE.CHANCE_CARD) throw new IllegalActionError(-1, [], 'sampleChance() called at a node that is not a chance node');
    const o = this.r[R.PC] * INSTR_WIDTH;
    const code = this.program.code;
    const pile = code[o] === OP.DEAL ? code[o + 1] : cardChancePile(this);
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

  /** In a fixed-limit betting decision: the smallest legal action, {@link FOLD} when facing a bet, else {@link CALL}. @internal */
  fixedBettingFirst(): number {
    return toCall(this.r, this.r[R.ACTOR]) > 0 ? FOLD : CALL;
  }

  /** In a fixed-limit betting decision: whether a bet or raise is legal. @internal */
  fixedBettingCanRaise(): boolean {
    return canRaise(this.r, this.betSize(), this.raiseCap());
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

  /**
   * Tree walks without copies: save everything {@link applyAction} changes into `mark` (made by
   * {@link newMark} for this state), to go back to it with {@link rewind}.
   */
  saveTo(mark: StateMark): void {
    mark.r.set(this.r);
    mark.piles.set(this.piles);
    mark.count = this.log.count;
    mark.depth = this.depthSoFar;
    mark.key0 = this.key0;
    mark.key0UpTo = this.key0UpTo;
    mark.key1 = this.key1;
    mark.key1UpTo = this.key1UpTo;
  }

  /**
   * Undo every action applied since `saveTo(mark)`. Only for a state that no copy was taken from
   * in between (copies share the event log's full chunks).
   */
  rewind(mark: StateMark): void {
    this.r.set(mark.r);
    this.piles.set(mark.piles);
    this.log.truncate(mark.count);
    this.depthSoFar = mark.depth;
    this.key0 = mark.key0;
    this.key0UpTo = mark.key0UpTo;
    this.key1 = mark.key1;
    this.key1UpTo = mark.key1UpTo;
  }

  /** A mark for {@link saveTo}, sized for this state. */
  newMark(): StateMark {
    return { r: new Int32Array(this.r.length), piles: new Uint8Array(this.piles.length), count: 0, depth: 0, key0: '', key0UpTo: 0, key1: '', key1UpTo: 0 };
  }

  // ---------------------------------------------------------------- primitives for the step modules (internal)

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
    const base = pileBase(p, from);
    const len = piles[from];
    const t = piles[base + index];
    for (let i = base + index + 1; i < base + len; i++) piles[i - 1] = piles[i];
    piles[from] = len - 1;
    piles[pileBase(p, to) + piles[to]] = t;
    piles[to]++;
    const content = faceUp ? BOTH : viewers(p, to) | viewers(p, from);
    this.log.push(EV.DEAL, p.pileOwner[to], to, t, from + (reason << 8), BOTH, content);
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

  /** Sort the last `k` cards of a pile by card type. */
  private sortTail(pile: number, k: number): void {
    if (k < 2) return;
    const end = pileBase(this.program, pile) + this.piles[pile];
    this.piles.subarray(end - k, end).sort();
  }

  // ---------------------------------------------------------------- execution

  /** Run deterministic instructions until a decision, a chance node or the end. */
  private run(): void {
    const r = this.r;
    const p = this.program;
    const code = p.code;
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
          const total = code[o + 2] === -1 ? 2 * code[o + 3] : code[o + 3];
          if (r[R.STEP] >= total || this.piles[from] === 0) {
            // The pile ran out: the rest of the deal is skipped, with a public notice (pile sizes are public).
            if (r[R.STEP] < total) this.log.push(EV.SKIP, -1, SKIP.DEAL, total - r[R.STEP], from, BOTH, BOTH);
            this.sortDealt();
            r[R.STEP] = 0;
            r[R.PC]++;
            break;
          }
          if (r[R.SHUFFLED] & (1 << from)) {
            r[R.NODE] = NODE.CHANCE_CARD;
            return;
          }
          this.moveCard(from, 0, this.dealTarget(), code[o + 4], r[R.STEP] === 0 ? DEAL_FIRST >> 8 : 0);
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
        case OP.BETTING: {
          if (code[o + 4] > 0) {
            // At least 1 chip; a value above every stack is kept as 2^30 (no seat can bet it either way).
            const v = p.ints[code[o + 4] - 1](this, -1);
            r[this.x(X.BET_SIZE)] = Math.max(1, Math.min(v, 2 ** 30));
          }
          const first = openRound(this, code[o + 3], true);
          if (first < 0) {
            r[R.PC]++;
            break;
          }
          r[R.STEP] = 1;
          r[R.ACTOR] = first;
          r[R.NODE] = NODE.DECISION;
          if (p.privateAt[r[R.PC]]) this.log.push(EV.ASK, first, r[R.PC], 0, 0, 1 << first, 1 << first);
          return;
        }
        case OP.SHOWDOWN:
          if (showdown(this)) return;
          r[R.PC]++;
          break;
        case OP.JUMP:
          r[R.PC] = code[o + 1];
          break;
        case OP.CALL: {
          const sp = r[R.SP];
          if (sp >= p.maxFrames) throw new Error(`frame stack overflow at instruction ${r[R.PC]}`);
          r[R.FRAMES + sp] = r[R.PC] + 1;
          r[R.SP] = sp + 1;
          if (code[o + 3]) this.log.push(EV.SUBPHASE, -1, code[o + 2], 0, 0, BOTH, BOTH);
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
        case OP.IF: {
          const held = p.conds[code[o + 1]](this);
          if (code[o + 3]) this.log.push(EV.COND, -1, code[o + 1], held ? 1 : 0, 0, BOTH, BOTH);
          r[R.PC] = held ? r[R.PC] + 1 : code[o + 2];
          break;
        }
        case OP.HALT:
          this.finish(1);
          return;
        default: {
          const start = START[code[o]];
          if (!start) throw new Error(`bad opcode ${code[o]} at instruction ${r[R.PC]}`);
          if (start(this)) return;
        }
      }
    }
  }
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

function checkSeat(seat: number): void {
  if (seat !== 0 && seat !== 1) throw new RangeError(`seat must be 0 or 1, got ${seat}`);
}
