/**
 * The table engine's state: one hand of a table game (3 to 6 seats, or 2 seats with a button;
 * `isTableGame` of `ir/facts.ts`), played from the table steps only (E0252 refuses the rest).
 *
 * Layout: per-seat stacks, chips put in this round and over the hand, folded flags (a seat with no
 * chips behind that has not folded is all-in), the piles (deck, one hand per seat, the named piles)
 * and an append-only event log with, per event, the seats that see it and the seats that see its
 * cards. Observations and information-state keys are built from the log only. The log is kept
 * only once something reads it: until then a hand records just its actions and chance outcomes
 * (`history`), and the first read replays them on a fresh hand that logs (a playout that never
 * looks at the log builds none).
 *
 * Rules (docs/tables.md):
 * - positions: the button is `button`; the small blind the seat left of it (heads-up: the button),
 *   the big blind the next; `first left of P` is the first seat clockwise after P still able to act;
 * - `deal N to each`: N rounds of one card per seat still in the hand, starting left of the button
 *   (seat 0 without a button); the cards a seat receives in one deal step are one unordered set;
 * - betting: a seat still in the hand with chips behind acts while it has not acted in the round or
 *   has not matched the highest bet; the round ends when every such seat has acted and matched (or
 *   is all-in). No-limit and pot-limit: FOLD 0, CALL 1 (check/call), 1 + t: raise (or bet) to a
 *   total of t chips for the round; the smallest raise is the bet faced plus the last full raise or
 *   the minimum bet (the big blind), whichever is larger, the largest all-in (no-limit) or the bet
 *   faced plus the pot after the call (pot-limit); an all-in for less than a full raise does not
 *   reopen the betting: a seat that already acted may then only fold or call, unless the raises
 *   since it acted add up to a full raise. Fixed-limit: FOLD 0, CALL 1, RAISE 2 by the bet size, at
 *   most the raise cap bets and raises. A bet or raise is offered only while another seat still in
 *   the hand has chips behind. Chips no other seat matched go back at the end of the round;
 * - a fold leaves the hand; when one seat is left it takes every pot; else, after the last phase,
 *   the showdown shows every remaining hand and awards the main pot and the side pots
 *   (`table-pots.ts`), best hand first per pot, odd chips clockwise from the button.
 */
import {
  IllegalActionError,
  CHANCE,
  TERMINAL,
  type Action,
  type BetRangeState,
  type ChanceOutcome,
  type ChanceSamplingState,
  type MenuItem,
  type MoveShape,
  type Observation,
  type ObservedEvent,
  type TableObservation,
} from './api.js';
import type { TableProgram } from './table-program.js';
import { awardPot, buildPots } from './table-pots.js';
import { formatChips as chips } from '../util/format.js';
import { humanize } from '../util/names.js';
import { HAND_CATEGORIES } from './poker-hand.js';

/** Event kinds of the table log. */
export const TEV = {
  BUTTON: 1,
  PHASE: 2,
  SHUFFLE: 3,
  /** seat = owner of the destination (-1: a pile), a = pile, b = card type, c = deal-step instance. */
  DEAL: 4,
  ANTE: 5,
  /** b = 0 small, 1 big. */
  BLIND: 6,
  FOLD: 7,
  CHECK: 8,
  /** a = chips paid. */
  CALL: 9,
  /** a = chips paid, b = the seat's total for the round. */
  BET: 10,
  RAISE: 11,
  REFUND: 12,
  /** A betting round skipped: fewer than two seats can act. */
  SKIP: 13,
  SHOWDOWN: 14,
  /** seat shows card b. */
  REVEAL: 15,
  /** seat's best poker hand: a = category index. */
  HAND: 16,
  /** a pot: a = index (0 main), b = amount, c = winners mask. */
  POT: 17,
  /** seat takes a chips (b = pot index, -1: the last seat in the hand takes the pot). */
  WIN: 18,
  /** seat takes one odd chip of pot b. */
  ODD_CHIP: 19,
  /** a = 0 after folds, 1 after the showdown. */
  END: 20,
} as const;

/** One event: kind, seat, fields, the seats that see it (`vis`) and that see its card (`content`). */
interface TEvent {
  kind: number;
  seat: number;
  a: number;
  b: number;
  c: number;
  vis: number;
  content: number;
}

const FOLD = 0;
const CALL = 1;
const RAISE = 2;

/** What the state waits for. */
const NODE = { RUNNING: 0, DECISION: 1, CHANCE: 2, TERMINAL: 3 } as const;

export class TableState implements BetRangeState, ChanceSamplingState {
  node: number = NODE.RUNNING;
  /** Index into the program's flat step list. */
  pc = 0;
  actor = -1;
  /** The targets of the deal step under way, in order (`dealQueue[dealNext … dealEnd − 1]` still to deal). */
  dealQueue: number[] = [];
  dealNext = 0;
  dealEnd = 0;
  dealStep = 0;
  /** Whether the deck holds distinct card types in ascending order (a deck of one copy that received no card). */
  deckSorted: boolean;
  /** Betting round under way: the highest total, the last full raise, bets+raises (fixed), whether blinds are live. */
  currentBet = 0;
  lastRaise = 0;
  bets = 0;
  live = false;
  readonly stack: number[];
  readonly round: number[];
  readonly total: number[];
  readonly folded: boolean[];
  /** The highest bet when the seat last acted this round (-1: not yet). */
  readonly actedAt: number[];
  readonly piles: number[][];
  readonly shuffled: boolean[];
  /** The actions and chance outcomes applied, in order (what the log is replayed from). */
  private history: number[] = [];
  /** Whether the hand keeps its event log (from the first read of the log on). */
  private logging = false;
  /** The event log while `logging`, flat: 7 numbers per event (kind, seat, a, b, c, vis, content; see {@link TEvent}). */
  private ev: number[] = [];
  /** The log as event objects, built on first read after the last event (observations and keys read it). */
  private evObjects: TEvent[] | null = null;
  phase = -1;

  constructor(
    readonly p: TableProgram,
    readonly button: number,
    readonly start: readonly number[],
  ) {
    const n = p.n;
    this.stack = start.slice();
    this.deckSorted = p.distinctDeck;
    this.round = [];
    this.total = [];
    this.folded = [];
    this.actedAt = [];
    for (let s = 0; s < n; s++) {
      this.round.push(0);
      this.total.push(0);
      this.folded.push(false);
      this.actedAt.push(-1);
    }
    const piles: number[][] = [p.deckCards.slice()];
    const shuffled = [false];
    for (let i = 1; i < p.pileNames.length; i++) {
      piles.push([]);
      shuffled.push(false);
    }
    this.piles = piles;
    this.shuffled = shuffled;
  }

  /** Start the hand: announce the button, run to the first decision or chance node. */
  begin(): void {
    if (this.p.hasButton) this.log(TEV.BUTTON, this.button, 0);
    this.run();
  }

  // ------------------------------------------------------------------ contract

  currentPlayer(): number {
    return this.node === NODE.DECISION ? this.actor : this.node === NODE.CHANCE ? CHANCE : TERMINAL;
  }

  isTerminal(): boolean {
    return this.node === NODE.TERMINAL;
  }

  clone(): TableState {
    const c = Object.create(TableState.prototype) as TableState;
    Object.assign(c, this);
    const mutable = c as unknown as Record<string, unknown>;
    for (const k of ['stack', 'round', 'total', 'folded', 'actedAt', 'shuffled', 'dealQueue', 'ev', 'history'] as const)
      mutable[k] = (this[k] as unknown[]).slice();
    mutable['piles'] = this.piles.map((x) => x.slice());
    return c;
  }

  returns(): number[] {
    return this.stack.map((s, i) => s - this.start[i]);
  }

  chips(): { stacks: number[]; pot: number } {
    return { stacks: this.stack.slice(), pot: this.pot() };
  }

  /** Chips in the pot: what the seats put in over the hand and was not yet paid out. */
  pot(): number {
    return this.p.totalChips(this.start) - this.stack.reduce((a, b) => a + b, 0);
  }

  legalActions(): Action[] {
    if (this.node === NODE.CHANCE) return this.chanceOutcomes().map(([a]) => a);
    if (this.node !== NODE.DECISION) return [];
    const me = this.actor;
    const need = this.currentBet - this.round[me];
    const out: Action[] = need > 0 ? [FOLD, CALL] : [CALL];
    const step = this.p.steps[this.pc];
    if (step.kind === 'betting') {
      if (this.canRaiseFixed(step.betSize, step.raiseCap)) out.push(RAISE);
      return out;
    }
    if (this.raiseRange()) for (let t = this.lo; t <= this.hi; t++) out.push(1 + t);
    return out;
  }

  /** Whether `a` is legal at the decision under way (without listing the actions). */
  private isLegal(a: Action): boolean {
    if (!Number.isInteger(a)) return false;
    if (a === CALL) return true;
    if (a === FOLD) return this.currentBet > this.round[this.actor];
    const step = this.p.steps[this.pc];
    if (step.kind === 'betting') return a === RAISE && this.canRaiseFixed(step.betSize, step.raiseCap);
    return this.raiseRange() && a - 1 >= this.lo && a - 1 <= this.hi;
  }

  chanceOutcomes(): ChanceOutcome[] {
    const pile = this.piles[this.chanceSource()];
    const counts = this.typeCounts(pile);
    const out: ChanceOutcome[] = [];
    for (let t = 0; t < counts.length; t++) if (counts[t] > 0) out.push([t, counts[t] / pile.length]);
    return out;
  }

  /** Cards of each type in `pile` (a scratch array of the program, one entry per card type). */
  private typeCounts(pile: readonly number[]): Int32Array {
    const counts = this.p.typeScratch;
    counts.fill(0);
    for (let i = 0; i < pile.length; i++) counts[pile[i]]++;
    return counts;
  }

  /** The source pile of the chance node under way. @throws IllegalActionError when not at a chance node */
  private chanceSource(): number {
    if (this.node !== NODE.CHANCE) throw new IllegalActionError(-1, this.legalActions(), 'not a chance node');
    return this.dealSource();
  }

  /** The source pile of the deal step under way. */
  private dealSource(): number {
    const step = this.p.steps[this.pc];
    if (step.kind !== 'deal') throw new IllegalActionError(-1, [], 'not a chance node');
    return step.from;
  }

  /** The outcome of the chance node for a uniform `u` in [0, 1) (inverse CDF over `chanceOutcomes()`). */
  sampleChance(u: number): Action {
    const src = this.chanceSource();
    const pile = this.piles[src];
    if (src === 0 && this.deckSorted) return pile[this.p.inverseUniform(u, pile.length)];
    const counts = this.typeCounts(pile);
    const n = pile.length;
    let acc = 0;
    let last = -1;
    for (let t = 0; t < counts.length; t++) {
      if (counts[t] === 0) continue;
      acc += counts[t] / n;
      if (u < acc) return t;
      last = t;
    }
    return last;
  }

  /** `chanceOutcomes()` into `actions` and `probs`; returns how many (see `ChanceSamplingState`). */
  chanceOutcomesInto(actions: Int32Array, probs: Float64Array): number {
    const pile = this.piles[this.chanceSource()];
    const counts = this.typeCounts(pile);
    let k = 0;
    for (let t = 0; t < counts.length; t++)
      if (counts[t] > 0) {
        actions[k] = t;
        probs[k++] = counts[t] / pile.length;
      }
    return k;
  }

  /** The most outcomes a chance node may have: the number of card types. */
  maxChanceOutcomes(): number {
    return this.p.typeScratch.length;
  }

  applyAction(a: Action): void {
    if (this.node === NODE.CHANCE) {
      const i = this.piles[this.dealSource()].indexOf(a);
      if (i < 0) throw new IllegalActionError(a, this.legalActions());
      this.history.push(a);
      this.dealCard(i);
      this.run();
      return;
    }
    if (this.node !== NODE.DECISION || !this.isLegal(a)) throw new IllegalActionError(a, this.legalActions());
    this.history.push(a);
    this.bet(a);
    this.run();
  }

  actionToString(player: number, a: Action): string {
    if (player === CHANCE) return this.p.cardNames[a] ?? `card ${a}`;
    if (a === FOLD) return 'fold';
    const need = this.currentBet - this.round[this.actor];
    if (a === CALL) return need > 0 ? 'call' : 'check';
    const step = this.p.steps[this.pc];
    const opening = this.currentBet === 0;
    if (step.kind === 'betting') return a === RAISE ? (opening ? 'bet' : 'raise') : `action ${a}`;
    return `${opening ? 'bet' : 'raise'} ${a - 1}`;
  }

  /** The shape of the decision under way (see `MoveShapedState`). */
  moveShape(): MoveShape | null {
    if (this.node !== NODE.DECISION) return null;
    return this.p.steps[this.pc].kind === 'betting' ? 'fixed-betting' : 'variable-betting';
  }

  fixedBettingFirst(): Action {
    return this.currentBet > this.round[this.actor] ? FOLD : CALL;
  }

  betFirst(): Action {
    return this.fixedBettingFirst();
  }

  betLow(): Action {
    return this.raiseRange() ? 1 + this.lo : 2;
  }

  betHigh(): Action {
    return this.raiseRange() ? 1 + this.hi : 1;
  }

  fixedBettingCanRaise(): boolean {
    const step = this.p.steps[this.pc];
    return step.kind === 'betting' && this.canRaiseFixed(step.betSize, step.raiseCap);
  }

  // ------------------------------------------------------------------ running

  /** Run deterministic steps until a decision, a chance node or the end. */
  run(): void {
    const p = this.p;
    while (this.node === NODE.RUNNING) {
      if (this.pc >= p.steps.length) {
        this.showdown();
        return;
      }
      const step = p.steps[this.pc];
      switch (step.kind) {
        case 'phase':
          this.phase = step.index;
          this.log(TEV.PHASE, -1, step.index);
          this.pc++;
          break;
        case 'shuffle':
          this.shuffled[step.pile] = true;
          this.log(TEV.SHUFFLE, -1, step.pile);
          this.pc++;
          break;
        case 'ante':
          for (const s of step.payers) {
            const pay = Math.min(step.amount, this.stack[s]);
            if (this.folded[s] || pay === 0) continue;
            this.stack[s] -= pay;
            this.total[s] += pay;
            this.log(TEV.ANTE, s, pay);
          }
          this.pc++;
          break;
        case 'blinds': {
          this.round.fill(0);
          this.postBlind(this.place(step.small), step.smallAmount, 0);
          this.postBlind(this.place(step.big), step.bigAmount, 1);
          this.live = true;
          this.bigBlind = step.bigAmount;
          this.pc++;
          break;
        }
        case 'deal': {
          if (this.dealNext >= this.dealEnd) {
            this.dealTargets(step.to, step.count);
            this.dealStep++;
          }
          if (this.piles[step.from].length === 0) {
            this.dealNext = this.dealEnd = 0;
            this.pc++;
            break;
          }
          if (this.shuffled[step.from]) {
            this.node = NODE.CHANCE;
            return;
          }
          this.dealCard(0);
          break;
        }
        case 'betting':
        case 'varbet':
          this.openRound(step);
          break;
      }
    }
  }

  /** `seat` posts a blind of `amount` (all-in when short); `big` 0 small, 1 big. */
  private postBlind(seat: number, amount: number, big: number): void {
    const pay = Math.min(amount, this.stack[seat]);
    this.put(seat, pay);
    this.log(TEV.BLIND, seat, pay, big);
  }

  /** The big blind of the hand (the smallest no-limit bet when larger than the round's minimum). */
  private bigBlind = 0;

  /** The seat of a table position, or a seat index. */
  place(x: number | 'button' | 'small-blind' | 'big-blind'): number {
    const n = this.p.n;
    if (typeof x === 'number') return x;
    if (x === 'button') return this.button;
    if (x === 'small-blind') return n === 2 ? this.button : (this.button + 1) % n;
    return n === 2 ? (this.button + 1) % n : (this.button + 2) % n;
  }

  /** Write into `dealQueue` the piles a deal step sends its cards to, in dealing order. */
  private dealTargets(to: number, count: number): void {
    const p = this.p;
    const q = this.dealQueue;
    let end = 0;
    if (to >= 0) for (let k = 0; k < count; k++) q[end++] = to;
    else {
      const first = p.hasButton ? (this.button + 1) % p.n : 0;
      for (let k = 0; k < count; k++)
        for (let i = 0; i < p.n; i++) {
          const s = (first + i) % p.n;
          if (!this.folded[s]) q[end++] = p.handPile(s);
        }
    }
    this.dealNext = 0;
    this.dealEnd = end;
  }

  /** Move the card at `index` of the deal's source pile to the next target; end the step after the last. */
  private dealCard(index: number): void {
    const p = this.p;
    const step = p.steps[this.pc];
    if (step.kind !== 'deal') throw new Error('internal: dealCard outside a deal');
    const from = this.piles[step.from];
    const card = from[index];
    // Remove it keeping the order of the rest (splice without its allocation).
    for (let i = index + 1; i < from.length; i++) from[i - 1] = from[i];
    from.pop();
    const to = this.dealQueue[this.dealNext++];
    if (to === 0) this.deckSorted = false;
    const pile = this.piles[to];
    pile.push(card);
    const owner = p.pileOwner[to];
    // Hands hold their cards in card-type order (cards dealt in one step are an unordered set).
    if (owner >= 0)
      for (let i = pile.length - 1; i > 0 && pile[i - 1] > pile[i]; i--) {
        const t = pile[i - 1];
        pile[i - 1] = pile[i];
        pile[i] = t;
      }
    const all = p.allSeats;
    const content = step.faceUp || p.pilePublic[to] ? all : owner >= 0 ? 1 << owner : 0;
    this.log(TEV.DEAL, owner, to, card, this.dealStep, all, content);
    this.node = NODE.RUNNING;
    if (this.dealNext >= this.dealEnd || from.length === 0) {
      this.dealNext = this.dealEnd = 0;
      this.pc++;
    }
  }

  /** Seats still in the hand. */
  private inHand(): number {
    let k = 0;
    for (let s = 0; s < this.p.n; s++) if (!this.folded[s]) k++;
    return k;
  }

  /** Whether `seat` may still act in the hand: in it, with chips behind. */
  private canAct(seat: number): boolean {
    return !this.folded[seat] && this.stack[seat] > 0;
  }

  /** Whether a seat other than `seat` still in the hand has chips behind (someone to answer a bet). */
  private othersCanAnswer(seat: number): boolean {
    for (let s = 0; s < this.p.n; s++) if (s !== seat && this.canAct(s)) return true;
    return false;
  }

  /** Whether `seat` has a decision to make in the round under way. */
  private needsAction(seat: number): boolean {
    if (!this.canAct(seat)) return false;
    if (this.round[seat] < this.currentBet) return true;
    return this.actedAt[seat] < 0 && this.othersCanAnswer(seat);
  }

  private openRound(step: TableProgram['steps'][number] & { kind: 'betting' | 'varbet' }): void {
    const n = this.p.n;
    if (!this.live) this.round.fill(0);
    this.actedAt.fill(-1);
    let high = 0;
    for (let s = 0; s < n; s++) high = Math.max(high, this.round[s]);
    this.currentBet = high;
    this.bets = this.live && this.currentBet > 0 ? 1 : 0;
    this.lastRaise = step.kind === 'varbet' ? Math.max(step.minBet, this.live ? this.bigBlind : 0) : 0;
    this.live = false;
    const first = this.place(step.first === 'seat' ? step.seat : step.first);
    const start = step.first === 'seat' ? first : (first + 1) % n;
    for (let i = 0; i < n; i++) {
      const s = (start + i) % n;
      if (this.needsAction(s)) {
        this.decide(s);
        return;
      }
    }
    this.log(TEV.SKIP, -1, 0);
    this.endRound();
  }

  /** Fixed betting: whether the seat to act may bet or raise. */
  private canRaiseFixed(betSize: number, cap: number): boolean {
    const me = this.actor;
    const need = this.currentBet - this.round[me];
    return this.bets < cap && this.stack[me] >= need + betSize && this.othersCanAnswer(me) && this.reopened(me);
  }

  /** Whether the betting is open to `seat`: it has not acted, or the raises since it acted add up to a full raise. */
  private reopened(seat: number): boolean {
    return this.actedAt[seat] < 0 || this.currentBet - this.actedAt[seat] >= Math.max(1, this.lastRaise);
  }

  /** No-limit / pot-limit: the totals the seat to act may raise (or bet) to, or null. */
  raiseBounds(): [number, number] | null {
    return this.raiseRange() ? [this.lo, this.hi] : null;
  }

  /** Bounds written by {@link raiseRange}. */
  private lo = 0;
  private hi = 0;

  /**
   * No-limit / pot-limit: whether the seat to act may raise (or bet); when it may, the totals it
   * may raise to are `lo` … `hi` (written here, without allocating).
   */
  private raiseRange(): boolean {
    return this.mayRaise;
  }

  /** Whether the seat to act may raise in a no-limit or pot-limit round (set with `lo`, `hi` when its decision starts). */
  private mayRaise = false;

  /** `seat` is to act: a decision node, with its raise range. */
  private decide(seat: number): void {
    this.actor = seat;
    this.node = NODE.DECISION;
    this.mayRaise = this.computeRaiseRange();
  }

  /** See {@link raiseRange}: computed once per decision. */
  private computeRaiseRange(): boolean {
    const me = this.actor;
    const step = this.p.steps[this.pc];
    if (step.kind !== 'varbet') return false;
    const mine = this.round[me];
    const need = this.currentBet - mine;
    const stack = this.stack[me];
    if (stack <= need || !this.othersCanAnswer(me) || !this.reopened(me)) return false;
    const allIn = mine + stack;
    const lo = Math.min(this.currentBet + Math.max(this.lastRaise, step.minBet), allIn);
    let hi = allIn;
    if (step.raises === 'pot-limit') hi = Math.min(hi, Math.max(lo, this.currentBet + this.pot() + need));
    this.lo = lo;
    this.hi = hi;
    return true;
  }

  /** Apply a legal betting action of the seat to act. */
  private bet(a: Action): void {
    const me = this.actor;
    const step = this.p.steps[this.pc];
    const need = this.currentBet - this.round[me];
    if (a === FOLD) {
      this.folded[me] = true;
      this.log(TEV.FOLD, me, 0);
    } else if (a === CALL) {
      if (need === 0) this.log(TEV.CHECK, me, 0);
      else {
        const pay = Math.min(need, this.stack[me]);
        this.put(me, pay);
        this.log(TEV.CALL, me, pay, this.round[me]);
      }
    } else {
      const to = step.kind === 'betting' ? this.currentBet + step.betSize : a - 1;
      const opening = this.currentBet === 0;
      const paid = to - this.round[me];
      this.put(me, paid);
      const increment = to - this.currentBet;
      if (step.kind === 'betting') this.bets++;
      if (increment >= this.lastRaise) this.lastRaise = increment;
      this.currentBet = to;
      this.log(opening ? TEV.BET : TEV.RAISE, me, paid, to);
    }
    this.actedAt[me] = this.currentBet;
    if (this.inHand() === 1) {
      this.endRound();
      return;
    }
    const n = this.p.n;
    for (let i = 1; i <= n; i++) {
      const s = (me + i) % n;
      if (this.needsAction(s)) {
        this.decide(s);
        return;
      }
    }
    this.endRound();
  }

  /** `seat` puts `amount` chips in for the round. */
  private put(seat: number, amount: number): void {
    this.stack[seat] -= amount;
    this.round[seat] += amount;
    this.total[seat] += amount;
  }

  /** End the betting round: return chips no other seat matched; end the hand when one seat is left. */
  private endRound(): void {
    const n = this.p.n;
    let top = 0;
    for (let s = 1; s < n; s++) if (this.round[s] > this.round[top]) top = s;
    let second = 0;
    for (let s = 0; s < n; s++) if (s !== top) second = Math.max(second, this.round[s]);
    const excess = this.round[top] - second;
    if (excess > 0) {
      this.stack[top] += excess;
      this.round[top] -= excess;
      this.total[top] -= excess;
      this.log(TEV.REFUND, top, excess);
    }
    this.currentBet = 0;
    this.actor = -1;
    this.node = NODE.RUNNING;
    this.pc++;
    if (this.inHand() === 1) {
      const last = this.folded.indexOf(false);
      const pot = this.pot();
      this.stack[last] += pot;
      this.log(TEV.WIN, last, pot, -1);
      this.finish(0);
    }
  }

  private finish(how: number): void {
    this.log(TEV.END, -1, how);
    this.node = NODE.TERMINAL;
    this.actor = -1;
  }

  /** Show every remaining hand, build the pots and award them. */
  private showdown(): void {
    const p = this.p;
    const n = p.n;
    this.log(TEV.SHOWDOWN, -1, 0);
    const board = p.boardPile >= 0 ? this.piles[p.boardPile] : [];
    let strength: number[];
    if (p.pokerHands) {
      // Poker hands: each hand's value on its own (no hand-to-hand comparisons to make).
      strength = [];
      for (let s = 0; s < n; s++) {
        const hand = this.piles[p.handPile(s)];
        if (this.folded[s]) {
          strength.push(-Infinity);
          continue;
        }
        const v = p.pokerStrength(hand, board);
        strength.push(v);
        if (!this.logging) continue;
        for (const c of hand) this.log(TEV.REVEAL, s, 0, c);
        this.log(TEV.HAND, s, p.pokerCategory(v));
      }
    } else {
      const hands = Array.from({ length: n }, (_, s) => this.piles[p.handPile(s)]);
      const inHand = hands.map((_, s) => s).filter((s) => !this.folded[s]);
      const judged = p.strengths(hands, board, inHand);
      strength = judged.value;
      for (const s of inHand) {
        for (const c of hands[s]) this.log(TEV.REVEAL, s, 0, c);
        if (judged.category[s] >= 0) this.log(TEV.HAND, s, judged.category[s]);
      }
    }
    const pots = buildPots(this.total, this.folded);
    const button = p.hasButton ? this.button : n - 1;
    for (let i = 0; i < pots.length; i++) {
      const pot = pots[i];
      const award = awardPot(pot, strength, button);
      let mask = 0;
      for (const s of award.winners) mask |= 1 << s;
      this.log(TEV.POT, -1, i, pot.amount, mask);
      for (const s of award.winners) {
        let odd = 0;
        for (const x of award.oddChips) if (x === s) odd++;
        const share = award.paid[s] - odd;
        this.stack[s] += share;
        this.log(TEV.WIN, s, share, i);
      }
      for (const s of award.oddChips) {
        this.stack[s] += 1;
        this.log(TEV.ODD_CHIP, s, 1, i);
      }
    }
    this.finish(1);
  }

  private log(kind: number, seat: number, a: number, b = 0, c = 0, vis = this.p.allSeats, content = this.p.allSeats): void {
    if (!this.logging) return;
    this.ev.push(kind, seat, a, b, c, vis, content);
    this.evObjects = null;
  }

  /** Start keeping the event log: replay the hand so far on a fresh hand that logs, and take its log. */
  private keepLog(): void {
    if (this.logging) return;
    const replay = new TableState(this.p, this.button, this.start);
    replay.logging = true;
    replay.begin();
    for (const a of this.history) replay.applyAction(a);
    this.ev = replay.ev;
    this.logging = true;
  }

  /** The events so far, oldest first. */
  get events(): readonly TEvent[] {
    if (this.evObjects) return this.evObjects;
    this.keepLog();
    const ev = this.ev;
    const out: TEvent[] = [];
    for (let i = 0; i < ev.length; i += 7)
      out.push({ kind: ev[i], seat: ev[i + 1], a: ev[i + 2], b: ev[i + 3], c: ev[i + 4], vis: ev[i + 5], content: ev[i + 6] });
    return (this.evObjects = out);
  }

  // ------------------------------------------------------------------ what a seat knows

  /**
   * The seat's information state: its seat, the button, the starting stacks, and every event it
   * saw in order, cards it may not see written `?`, the cards of one deal step as a sorted set.
   */
  informationStateKey(seat: number): string {
    const bit = 1 << seat;
    const parts: string[] = [`s${seat}`, `b${this.button}`, `st${this.start.join(',')}`];
    let group: string[] = [];
    let groupStep = -1;
    const flush = () => {
      if (group.length) parts.push(`d[${group.sort().join(' ')}]`);
      group = [];
    };
    for (const e of this.events) {
      if (!(e.vis & bit)) continue;
      if (e.kind === TEV.DEAL) {
        if (e.c !== groupStep) flush();
        groupStep = e.c;
        group.push(`${e.a}:${e.content & bit ? e.b : '?'}`);
        continue;
      }
      flush();
      groupStep = -1;
      parts.push(`${e.kind}.${e.seat}.${e.a}.${e.b}`);
    }
    flush();
    return parts.join('|');
  }

  observation(seat: number): Observation {
    const p = this.p;
    const n = p.n;
    const bit = 1 << seat;
    const names = p.seatNames;
    const log: ObservedEvent[] = [];
    const who = (s: number) => (s === seat ? `${names[s]} (you)` : names[s]);
    let dealGroup: ObservedEvent | null = null;
    let dealKey = '';
    for (const e of this.events) {
      if (!(e.vis & bit)) continue;
      if (e.kind === TEV.DEAL) {
        const seen = (e.content & bit) !== 0;
        const key = `${e.c}:${e.a}`;
        if (dealGroup && dealKey === key) {
          if (seen) dealGroup.cards!.push(p.cardNames[e.b]);
          else dealGroup.hiddenCount = (dealGroup.hiddenCount ?? 0) + 1;
        } else {
          dealGroup = {
            kind: 'deal',
            ...(e.seat >= 0 ? { seat: e.seat } : {}),
            cards: seen ? [p.cardNames[e.b]] : [],
            ...(seen ? {} : { hiddenCount: 1 }),
            text: '',
          };
          dealKey = key;
          log.push(dealGroup);
        }
        const target = e.seat >= 0 ? `${who(e.seat)} is dealt` : `Dealt to the ${p.pileNames[e.a]}:`;
        const hidden = dealGroup.hiddenCount ?? 0;
        dealGroup.text = `${target} ${[...dealGroup.cards!, ...(hidden ? [`${hidden} card${hidden === 1 ? '' : 's'} face down`] : [])].join(', ')}.`;
        continue;
      }
      dealGroup = null;
      const s = e.seat;
      switch (e.kind) {
        case TEV.BUTTON:
          log.push({ kind: 'button', seat: s, text: `${who(s)} has the button.` });
          break;
        case TEV.PHASE:
          log.push({ kind: 'phase', text: `Phase ${humanize(p.phaseNames[e.a])} begins.` });
          break;
        case TEV.SHUFFLE:
          log.push({ kind: 'shuffle', text: `The ${p.pileNames[e.a]} is shuffled.` });
          break;
        case TEV.ANTE:
          log.push({ kind: 'ante', seat: s, amount: e.a, text: `${who(s)} antes ${chips(e.a)}.` });
          break;
        case TEV.BLIND:
          log.push({ kind: 'blind', seat: s, amount: e.a, text: `${who(s)} posts the ${e.b ? 'big' : 'small'} blind: ${chips(e.a)}.` });
          break;
        case TEV.FOLD:
          log.push({ kind: 'fold', seat: s, text: `${who(s)} folds.` });
          break;
        case TEV.CHECK:
          log.push({ kind: 'check', seat: s, text: `${who(s)} checks.` });
          break;
        case TEV.CALL:
          log.push({ kind: 'call', seat: s, amount: e.a, text: `${who(s)} calls ${chips(e.a)}${this.isAllIn(s, e) ? ' (all-in)' : ''}.` });
          break;
        case TEV.BET:
        case TEV.RAISE:
          log.push({
            kind: e.kind === TEV.BET ? 'bet' : 'raise',
            seat: s,
            amount: e.a,
            text: `${who(s)} ${e.kind === TEV.BET ? 'bets' : 'raises to'} ${chips(e.b)}${this.isAllIn(s, e) ? ' (all-in)' : ''}.`,
          });
          break;
        case TEV.REFUND:
          log.push({ kind: 'refund', seat: s, amount: e.a, text: `${chips(e.a)} that no one matched go back to ${who(s)}.` });
          break;
        case TEV.SKIP:
          log.push({ kind: 'skip', text: 'No betting: fewer than two seats in the hand can still bet.' });
          break;
        case TEV.SHOWDOWN:
          log.push({ kind: 'showdown', text: 'Showdown: every hand still in is shown.' });
          break;
        case TEV.REVEAL: {
          const last = log.at(-1);
          if (last?.kind === 'reveal' && last.seat === s) {
            last.cards!.push(p.cardNames[e.b]);
            last.text = `${who(s)} shows ${last.cards!.join(', ')}.`;
          } else log.push({ kind: 'reveal', seat: s, cards: [p.cardNames[e.b]], text: `${who(s)} shows ${p.cardNames[e.b]}.` });
          break;
        }
        case TEV.HAND:
          log.push({ kind: 'hand', seat: s, category: HAND_CATEGORIES[e.a], text: `${who(s)} has ${HAND_CATEGORIES[e.a]}.` });
          break;
        case TEV.POT: {
          const winners = names.filter((_, i) => (e.c >> i) & 1);
          const what = e.a === 0 ? 'The main pot' : `Side pot ${e.a}`;
          log.push({
            kind: 'result',
            amount: e.b,
            text: `${what} (${chips(e.b)}): ${winners.length === 1 ? `${winners[0]} wins` : `split between ${winners.join(' and ')}`}.`,
          });
          break;
        }
        case TEV.WIN:
          log.push({ kind: 'win', seat: s, amount: e.a, text: `${who(s)} takes ${chips(e.a)}${e.b < 0 ? ': everyone else folded' : ''}.` });
          break;
        case TEV.ODD_CHIP:
          log.push({ kind: 'odd-chip', seat: s, amount: 1, text: `${who(s)} receives the odd chip (first winner left of the button).` });
          break;
        case TEV.END:
          log.push({ kind: 'end', text: e.a === 0 ? 'The hand ends: one seat is left.' : 'The hand ends after the showdown.' });
          break;
      }
    }
    const publicPiles: Record<string, string[]> = {};
    for (let i = 0; i < p.pileNames.length; i++) if (p.pilePublic[i]) publicPiles[p.pileNames[i]] = this.piles[i].map((t) => p.cardNames[t]);
    const faceUp = Array.from({ length: n }, (_, s) =>
      this.events.filter((e) => e.kind === TEV.DEAL && e.seat === s && e.content === p.allSeats).map((e) => p.cardNames[e.b]),
    );
    const terminal = this.isTerminal();
    return {
      seat,
      seatNames: names.slice(),
      phase: terminal ? 'End' : this.phase >= 0 ? p.phaseNames[this.phase] : '',
      hand: this.piles[p.handPile(seat)].map((t) => p.cardNames[t]),
      publicPiles,
      ...(faceUp.some((f) => f.length > 0) ? { faceUp } : {}),
      handSizes: Array.from({ length: n }, (_, s) => this.piles[p.handPile(s)].length),
      deckSize: this.piles[0].length,
      stacks: this.stack.slice(),
      pot: this.pot(),
      log,
      decision: this.node === NODE.DECISION && this.actor === seat ? { prompt: this.prompt(), menu: this.menu() } : null,
      terminal,
      returns: terminal ? this.returns() : null,
      table: this.tableObservation(seat),
    };
  }

  /** The table's public positions and the seats' status; the bet to call and raise range for the seat to act. */
  private tableObservation(seat: number): TableObservation {
    const blind = (big: number): number | null => this.events.find((e) => e.kind === TEV.BLIND && e.b === big)?.seat ?? null;
    const acting = this.node === NODE.DECISION && this.actor === seat;
    const step = this.p.steps[this.pc];
    const fixed = acting && step.kind === 'betting' && this.canRaiseFixed(step.betSize, step.raiseCap) ? this.currentBet + step.betSize : 0;
    const bounds = fixed > 0 ? ([fixed, fixed] as const) : acting ? this.raiseBounds() : null;
    // Between rounds the per-round bets are stale, except blinds posted and not yet bet on.
    const inRound = this.node === NODE.DECISION || this.live;
    const roundBets = inRound ? this.round.slice() : this.round.map(() => 0);
    return {
      button: this.p.hasButton ? this.button : null,
      smallBlind: blind(0),
      bigBlind: blind(1),
      folded: this.folded.slice(),
      allIn: this.folded.map((f, s) => !f && this.stack[s] === 0),
      roundBets,
      currentBet: Math.max(0, ...roundBets),
      toCall: acting ? Math.min(Math.max(0, this.currentBet - this.round[seat]), this.stack[seat]) : 0,
      raiseTo: bounds ? [bounds[0], bounds[1]] : null,
    };
  }

  /** Whether the chip event `e` left `seat` with no chips (read at the event from the log). */
  private isAllIn(seat: number, e: TEvent): boolean {
    let stack = this.start[seat];
    for (const x of this.events) {
      if (x.seat === seat) {
        if (x.kind === TEV.ANTE || x.kind === TEV.BLIND || x.kind === TEV.CALL || x.kind === TEV.BET || x.kind === TEV.RAISE) stack -= x.a;
        else if (x.kind === TEV.REFUND || x.kind === TEV.WIN || x.kind === TEV.ODD_CHIP) stack += x.a;
      }
      if (x === e) break;
    }
    return stack === 0;
  }

  /** The decision in words. */
  private prompt(): string {
    const me = this.actor;
    const need = this.currentBet - this.round[me];
    const names = this.p.seatNames;
    const facing = need > 0 ? `You face ${chips(need)} to call` : 'No bet to call';
    const b = this.raiseBounds();
    const raise = b ? `; you may ${this.currentBet === 0 ? 'bet' : 'raise to'} ${chips(b[0])}${b[1] > b[0] ? ` … ${chips(b[1])}` : ''}` : '';
    return `${names[me]} to act (pot ${chips(this.pot())}, your stack ${chips(this.stack[me])}). ${facing}${raise}.`;
  }

  /**
   * The legal menu. Cost: the chips the action puts in now (a bet or raise to a total N: N less
   * what the seat already put in this round). Chips of a bet no other seat matches come back at
   * the end of the round, as the rules say; the cost is what leaves the stack when the seat acts.
   */
  private menu(): MenuItem[] {
    const me = this.actor;
    return this.legalActions().map((a) => {
      const label = this.actionToString(me, a);
      if (a === FOLD) return { action: a, label, cost: 0 };
      if (a === CALL) return { action: a, label, cost: Math.min(this.currentBet - this.round[me], this.stack[me]) };
      const step = this.p.steps[this.pc];
      const to = step.kind === 'betting' ? this.currentBet + step.betSize : a - 1;
      return { action: a, label, cost: to - this.round[me] };
    });
  }
}
