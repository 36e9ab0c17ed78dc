/**
 * The interpreter's game state: an OpenSpiel-style node of the game tree (the `GameState`
 * contract of `api.ts`, with its optional capabilities: rewinding, chance sampling, move shapes
 * and structured information states) built on the {@link Machine} that runs a compiled
 * {@link Program}.
 *
 * `applyAction` applies the pending decision or chance outcome, then runs deterministic
 * instructions (`run.ts`) until the next decision, chance node or the end. Every effect appends an
 * event tagged with the seats that see it; observations and information-state keys are derived
 * from that log only (`events.ts`, `observe.ts`).
 *
 * A fixed betting action and a dealt card are applied inline here (the poker fast path); other
 * decisions and chance nodes are applied by `decisions.ts` and `chance-nodes.ts`.
 */
import {
  CHANCE,
  IllegalActionError,
  TERMINAL,
  type Action,
  type ChanceOutcome,
  type ChanceSamplingState,
  type DecisionSite,
  type IndexedState,
  type InfosetIndexer,
  type InfoStateParts,
  type MoveShape,
  type MoveShapedState,
  type Observation,
  type PlayerId,
  type ShoeState,
  type StateMark,
  type StructuredInfoState,
} from './api.js';
import { applyBetting, bettingLabel, bettingLegal, CALL, canRaise, FOLD, toCall } from './betting.js';
import { applyCardOutcome, applyCoin, applyCost, cardChancePile, chanceOutcomesInto, coinLabel, costChance, sampleChance } from './chance-nodes.js';
import { DECISIONS } from './decisions.js';
import { EventLog } from './eventlog.js';
import { EMPTY_HAND, EMPTY_PARTS, extendParts, handMemo, partsFromMemo, type HandMemo, type PartsMemo } from './info-parts.js';
import { SeatInfosetIndexer } from './infoset-trie.js';
import { appendKeyTokens } from './events.js';
import { DEAL_FIRST, EV, NODE, R, X } from './layout.js';
import { Machine, pileBase, type MachineState } from './machine.js';
import { buildObservation } from './observe.js';
import { DECK_PILE, INSTR_WIDTH, newPiles, OP, type PileArray, type Program } from './program.js';
import { run } from './run.js';
import type { GeneratedCode } from './compiled-run.js';

/** What a {@link StateMark} of an interpreter state holds (see `InterpreterState.saveTo`). */
export interface SavedState {
  r: Int32Array;
  piles: PileArray;
  /** Events in the log. */
  count: number;
  depth: number;
  key0: string;
  key0UpTo: number;
  key1: string;
  key1UpTo: number;
  parts0: PartsMemo;
  parts1: PartsMemo;
}

export class InterpreterState extends Machine implements MachineState, IndexedState, ChanceSamplingState, MoveShapedState, StructuredInfoState, ShoeState {
  /** Actions applied so far, chance outcomes included. */
  private depthSoFar: number;
  /** Per seat: the information-state key built so far, and the number of events it covers. */
  private key0: string;
  private key0UpTo: number;
  private key1: string;
  private key1UpTo: number;
  /** Per seat: what `infoStateParts` has read of the log so far (shared with copies; immutable). */
  private parts0: PartsMemo = EMPTY_PARTS;
  private parts1: PartsMemo = EMPTY_PARTS;
  /** Per seat: its hand's text and the cards it was read from (checked against the pile at each use). */
  private hand0: HandMemo = EMPTY_HAND;
  private hand1: HandMemo = EMPTY_HAND;

  private constructor(
    program: Program,
    r: Int32Array,
    piles: PileArray,
    log: EventLog,
    depth: number,
    key0: string,
    key0UpTo: number,
    key1: string,
    key1UpTo: number,
  ) {
    super(program, r, piles, log);
    this.depthSoFar = depth;
    this.key0 = key0;
    this.key0UpTo = key0UpTo;
    this.key1 = key1;
    this.key1UpTo = key1UpTo;
  }

  /** The initial state of a program: the deck in canonical order, then run to the first node. */
  /**
   * The state at the first node of a hand, run from the program's start.
   * @param shoe in a game with a shoe, the cards its deck starts with, top first (default the full
   *   deck in canonical order: a new shoe, shuffled before its first draw by duplicate chance)
   */
  static initial(program: Program, shoe?: ArrayLike<number>): InterpreterState {
    const r = new Int32Array(program.registerCount);
    r[R.STACK] = program.startStacks[0];
    r[R.STACK + 1] = program.startStacks[1];
    if (program.ext >= 0) {
      r[program.ext + X.WAGER_SEAT] = -1;
      r[program.ext + X.WINNER] = -1;
      program.variableInitial.forEach((v, i) => (r[program.varBase + i] = v));
      program.positions.forEach((_, i) => (r[program.posBase + i] = -1));
    }
    const piles = newPiles(program, program.pileBytes);
    const deck = shoe ?? program.initialDeck;
    piles.set(deck, pileBase(program, DECK_PILE));
    piles[DECK_PILE] = deck.length;
    // A shoe is shuffled from the start: every draw from it is a chance node.
    if (program.shoeCut > 0) r[R.SHUFFLED] |= 1 << DECK_PILE;
    const [root0, root1] = program.keyRoots ?? ['0', '1'];
    const s = new InterpreterState(program, r, piles, EventLog.empty(), 0, root0, 0, root1, 0);
    run(s);
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
        const generated = this.program.runner as GeneratedCode | null;
        if (generated !== null) {
          const legal = generated.legal(this);
          if (legal !== null) return legal;
        }
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

  chanceOutcomesInto(actions: Int32Array, probs: Float64Array): number {
    return chanceOutcomesInto(this, actions, probs);
  }

  sampleChance(u: number): Action {
    const generated = this.program.runner as GeneratedCode | null;
    if (generated !== null) {
      const t = generated.sample(this, u);
      if (t >= 0) return t;
    }
    return sampleChance(this, u);
  }

  maxChanceOutcomes(): number {
    return Math.max(2, this.program.numCardTypes);
  }

  applyAction(a: Action): void {
    const r = this.r;
    const code = this.program.code;
    const o = r[R.PC] * INSTR_WIDTH;
    const node = r[R.NODE];
    // The poker fast paths (a fixed betting action, a dealt card) first; everything else below.
    if (node === NODE.DECISION && code[o] === OP.BETTING) applyBetting(this, a);
    else if (node === NODE.CHANCE_CARD && code[o] === OP.DEAL) {
      // The compiling backend deals a card that is in the pile itself.
      const generated = this.program.runner as GeneratedCode | null;
      if (generated === null || !generated.deal(this, a)) this.applyDeal(a);
    } else this.applyOther(a);
    this.depthSoFar++;
    if (r[R.NODE] === NODE.RUNNING) run(this);
  }

  /**
   * {@link applyAction} at a decision for an action the caller knows to be legal (a playout
   * kernel's own pick among the legal actions, `machine-kernel.ts`), without the legality check
   * (which lists the legal actions of a choice or a discard) and without the generated code's
   * `decide`, which the caller has tried first. An illegal action here is a bug of the caller:
   * nothing checks it. @internal
   */
  applyLegalDecision(a: Action): void {
    const r = this.r;
    const op = this.op();
    if (op === OP.BETTING || (op === OP.VARBET && r[R.STEP] === 1)) applyBetting(this, a);
    else {
      r[R.MOVES + r[R.ACTOR]]++;
      r[R.NODE] = NODE.RUNNING;
      DECISIONS[op]!.apply(this, a);
    }
    this.depthSoFar++;
    if (r[R.NODE] === NODE.RUNNING) run(this);
  }

  /**
   * {@link applyAction} at the chance node of a `DEAL` for the card at `index` of the pile it deals
   * from (a playout kernel's draw, `0 ≤ index <` the pile's size; not checked): the card is not
   * searched for. In a pile whose cards of one type lie together (a deck in type order,
   * `deckStaysSorted`, the only case the kernel uses), dealing the card at `index` or the first card
   * of its type leaves the same piles (cards shift down over the one taken). @internal
   */
  applyDealAt(index: number): void {
    this.dealAt(index);
    this.depthSoFar++;
    if (this.r[R.NODE] === NODE.RUNNING) run(this);
  }

  /** Apply a card dealt by the `DEAL` under way. @throws IllegalActionError */
  private applyDeal(a: Action): void {
    const from = this.program.code[this.r[R.PC] * INSTR_WIDTH + 1];
    const idx = Number.isInteger(a) ? this.indexOf(from, a) : -1;
    if (idx < 0) throw new IllegalActionError(a, this.legalActions(), `illegal chance outcome ${a}: no such card in the ${this.program.pileNames[from]}`);
    this.dealAt(idx);
  }

  /** Deal the card at `index` of the pile the `DEAL` under way deals from, and count it. */
  private dealAt(index: number): void {
    const r = this.r;
    const code = this.program.code;
    const o = r[R.PC] * INSTR_WIDTH;
    r[R.NODE] = NODE.RUNNING;
    this.moveCard(code[o + 1], index, this.dealTarget(), code[o + 4], r[R.STEP] === 0 ? DEAL_FIRST >> 8 : 0);
    r[R.STEP]++;
  }

  /** Apply an action at a node that is not a fixed betting decision or a deal. @throws IllegalActionError */
  private applyOther(a: Action): void {
    const r = this.r;
    const op = this.op();
    switch (r[R.NODE]) {
      case NODE.DECISION:
        if (op === OP.VARBET && r[R.STEP] === 1) applyBetting(this, a);
        else {
          // The compiling backend applies the decisions it specialises itself (a legal action only).
          const generated = this.program.runner as GeneratedCode | null;
          if (generated !== null && generated.decide(this, a)) return;
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
    const c = new InterpreterState(
      this.program,
      this.r.slice(),
      this.piles.slice(),
      this.log.copy(),
      this.depthSoFar,
      this.key0,
      this.key0UpTo,
      this.key1,
      this.key1UpTo,
    );
    c.parts0 = this.parts0;
    c.parts1 = this.parts1;
    c.hand0 = this.hand0;
    c.hand1 = this.hand1;
    return c;
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
    this.parts0 = src.parts0;
    this.parts1 = src.parts1;
  }

  /** Chips `seat` won or lost so far: its stack minus its starting stack (`returns()[seat]` at a terminal, without allocating). */
  stackChange(seat: number): number {
    return this.r[R.STACK + seat] - this.program.startStacks[seat];
  }

  returns(): number[] {
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

  /** Mark in `seen` (one byte per phase of `ir.phases`, in their order, cleared by the caller) the phases entered so far; returns whether the showdown has begun. */
  markPhases(seen: Uint8Array): boolean {
    return this.log.scan(EV.PHASE, seen, EV.SHOWDOWN);
  }

  chips(): { stacks: number[]; pot: number } {
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

  /** The cards left in the deck, top first (card types): in a game with a shoe, what the next hand of a match starts from (`TableOptions.shoe`). */
  shoe(): number[] {
    return this.pileCards(DECK_PILE);
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
    return this.variableAt(this.variableIndex(name));
  }

  /** Index of a variable (by name), for {@link variableAt} in loops that read it often. @throws RangeError for an unknown name */
  variableIndex(name: string): number {
    const i = this.program.variableNames.indexOf(name);
    if (i < 0) throw new RangeError(`no variable named '${name}'`);
    return i;
  }

  /** Current value of the variable with index `i` (from {@link variableIndex}; not checked). */
  variableAt(i: number): number {
    return this.r[this.program.varBase + i];
  }

  /** Holder of a position (by name): 0, 1 or -1 for nobody (ground truth). @throws RangeError for an unknown name */
  positionHolder(name: string): number {
    const i = this.program.positions.findIndex((p) => p.name === name);
    if (i < 0) throw new RangeError(`no position named '${name}'`);
    return this.r[this.program.posBase + i];
  }

  /** In a fixed-limit betting decision: the smallest legal action, {@link FOLD} when facing a bet, else {@link CALL}. @internal */
  fixedBettingFirst(): number {
    return toCall(this.r, this.r[R.ACTOR]) > 0 ? FOLD : CALL;
  }

  /** In a fixed-limit betting decision: whether a bet or raise is legal. @internal */
  fixedBettingCanRaise(): boolean {
    return canRaise(this.r, this.betSize(), this.raiseCap());
  }

  moveShape(): MoveShape | null {
    if (this.r[R.NODE] !== NODE.DECISION) return null;
    const op = this.op();
    if (op === OP.BETTING || (op === OP.VARBET && this.r[R.STEP] === 1)) return 'fixed-betting';
    if (op === OP.VARBET) return 'variable-betting';
    return op === OP.WAGER || op === OP.AUCTION ? 'amount' : 'options';
  }

  decisionSite(): DecisionSite {
    const log = this.log;
    let phase = -1;
    for (let i = log.count - 1; i >= 0; i--)
      if (log.kind(i) === EV.PHASE) {
        phase = log.a(i);
        break;
      }
    const op = this.op();
    return { phase, step: this.r[R.PC], betting: op === OP.BETTING || op === OP.VARBET };
  }

  infoStateParts(seat: number): InfoStateParts {
    checkSeat(seat);
    if (seat === 0) return partsFromMemo(this, (this.parts0 = extendParts(this, 0, this.parts0)), (this.hand0 = handMemo(this, 0, this.hand0)));
    return partsFromMemo(this, (this.parts1 = extendParts(this, 1, this.parts1)), (this.hand1 = handMemo(this, 1, this.hand1)));
  }

  /**
   * Tree walks without copies: save everything {@link applyAction} changes into `mark` (made by
   * {@link newMark} for this state), to go back to it with {@link rewind}.
   */
  saveTo(mark: StateMark): void {
    const m = mark as SavedState;
    m.r.set(this.r);
    m.piles.set(this.piles);
    m.count = this.log.count;
    m.depth = this.depthSoFar;
    m.key0 = this.key0;
    m.key0UpTo = this.key0UpTo;
    m.key1 = this.key1;
    m.key1UpTo = this.key1UpTo;
    m.parts0 = this.parts0;
    m.parts1 = this.parts1;
  }

  /**
   * Undo every action applied since `saveTo(mark)`. Only for a state that no copy was taken from
   * in between (copies share the event log's full chunks).
   */
  rewind(mark: StateMark): void {
    const m = mark as SavedState;
    this.r.set(m.r);
    this.piles.set(m.piles);
    this.log.truncate(m.count);
    this.depthSoFar = m.depth;
    this.key0 = m.key0;
    this.key0UpTo = m.key0UpTo;
    this.key1 = m.key1;
    this.key1UpTo = m.key1UpTo;
    this.parts0 = m.parts0;
    this.parts1 = m.parts1;
  }

  historyLength(): number {
    return this.log.count;
  }

  infosetIndexer(seat: number): InfosetIndexer {
    checkSeat(seat);
    return new SeatInfosetIndexer(this, seat, this.program.keyRoots?.[seat] ?? String(seat));
  }

  /** A mark for {@link saveTo}, sized for this state. */
  newMark(): SavedState {
    return {
      r: new Int32Array(this.r.length),
      piles: newPiles(this.program, this.piles.length),
      count: 0,
      depth: 0,
      key0: '',
      key0UpTo: 0,
      key1: '',
      key1UpTo: 0,
      parts0: EMPTY_PARTS,
      parts1: EMPTY_PARTS,
    };
  }
}

function checkSeat(seat: number): void {
  if (seat !== 0 && seat !== 1) throw new RangeError(`seat must be 0 or 1, got ${seat}`);
}
