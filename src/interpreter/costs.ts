/**
 * What an action costs the seat that takes it, measured by playing it out rather than read from
 * declarations: the action is applied to a copy of the state and the copy runs on to the seat's
 * next point of choice, through every chance outcome (and every reply of the other seat in the
 * second half of a simultaneous step: a sealed bid or a secret pick) met on the way. Chips are
 * counted until the next decision, the end of the game, or the settlement of the pot (showdown,
 * pot awarded, split), whichever comes first, so a call that ends the game costs the call, not
 * the pot it wins. Clamped amounts (short calls, unaffordable costs, bids above the stack) are
 * measured as the rules move them.
 *
 * The play-out never uses what the seat cannot see: while it runs, a rule that reads the other
 * seat's hand (a condition or an amount on its cards) stops that continuation, which then
 * contributes the widest range chips allow. A card taken from a place the seat cannot see (the
 * other seat's hand, a private pile: a dealer turning up its hole card) stops the continuation
 * the same way, unless the step that took it reached the next decision or the settlement without
 * reading any card; a chance node drawing from such a place (a peek) follows one card for all.
 * A card drawn from the deck may be, as far as the seat can tell, any card it cannot see: the
 * chance node's outcomes are the deck's cards and every card in another place the seat cannot see
 * (the other seat's hand, a private pile, the cards out of play) that it was not shown there (see
 * {@link drawPool}); a card of that pool not in the deck is swapped with the deck's top card on
 * the copy before it is drawn. So two states that differ only in which hidden card lies where
 * enumerate the same cards. Neither the chips counted nor how far the search went can then depend
 * on a card the seat cannot see, and the stated cost is a function of the seat's information
 * state (the observation property tests check it).
 */
import type { Action, CostCause } from './api.js';
import { HIDDEN_READ, probe } from './expr.js';
import { cardChancePile } from './chance-nodes.js';
import { EV, NODE, R, X } from './layout.js';
import { DECK_PILE, OP } from './program.js';
import { pileBase, viewers, type MachineState } from './machine.js';

/** Chips an action moves from the acting seat's stack: `[min, max]` over what may happen next (equal when certain). */
export type CostRange = readonly [min: number, max: number];

export type { CostCause };

/** Every {@link CostCause} (what the continuations of a measured cost branched on, see `api.ts`), in the order menus list them. */
export const COST_CAUSES: readonly CostCause[] = ['chance', 'opponent-choice', 'opponent-cards', 'unexplored'];

/** A measured cost: its range in chips, and what the range depends on (the kinds of branch where the chips differ between the branches). */
export interface CostMeasure {
  range: CostRange;
  causes: Set<CostCause>;
}

/** At most this many continuation nodes are explored per action (beyond it, ranges are bounded by the chips in play). */
export const COST_SEARCH_LIMIT = 1024;

/** Whether an event settles the pot (the cost measurement stops there). */
function settles(kind: number): boolean {
  return kind === EV.SHOWDOWN || kind === EV.WIN || kind === EV.SPLIT || kind === EV.ODD_CHIP || kind === EV.END;
}

/**
 * Stack change of `seat` over events `from..` of the state's log, stopping at the settlement.
 * @returns the change in chips (negative: the seat paid) and whether a settlement was reached
 */
export function stackChange(s: MachineState, from: number, seat: number): { change: number; settled: boolean } {
  const log = s.log;
  let change = 0;
  for (let i = from; i < log.count; i++) {
    const k = log.kind(i);
    if (settles(k)) return { change, settled: true };
    const who = log.seat(i);
    switch (k) {
      case EV.ANTE:
      case EV.BLIND:
      case EV.CALL:
      case EV.BET:
      case EV.RAISE:
      case EV.WAGER:
      case EV.MATCH:
        if (who === seat) change -= log.a(i);
        break;
      case EV.REFUND:
        if (who === seat) change += log.a(i);
        break;
      case EV.TRANSFER:
        if (who === seat) change -= log.a(i);
        if (log.b(i) === seat) change += log.a(i);
        break;
    }
  }
  return { change, settled: false };
}

/** Whether the state waits for the other seat's half of a simultaneous step `seat` has started. */
function otherHalf(s: MachineState, seat: number): boolean {
  if (s.r[R.NODE] !== NODE.DECISION || s.r[R.ACTOR] === seat) return false;
  const op = s.op();
  return (op === OP.SIMUL || op === OP.AUCTION) && s.r[R.STEP] !== 0;
}

/**
 * The chips `action` moves from the acting seat's stack, as a range over chance and the other
 * seat's simultaneous reply (see the module comment). Positive: chips paid; negative: chips received.
 *
 * The continuations are explored depth first, at most {@link COST_SEARCH_LIMIT} nodes (a card
 * dealt that nothing looks at before the next decision or the settlement is followed once, see
 * {@link search}); a continuation left unexplored then contributes the widest range chips allow
 * from where it stands (the seat may yet pay its whole stack, or receive the pot and the
 * opponent's stack), so the range is always sound and exact whenever the search completes.
 * @param state a decision node (not modified)
 * @returns `[min, max]` chips, and what the continuations branched on
 */
export function actionCost(state: MachineState, action: Action): CostMeasure {
  const seat = state.r[R.ACTOR];
  const saved = probe.seat;
  probe.seat = seat;
  try {
    const causes = new Set<CostCause>();
    const worlds = firstHalves(state);
    if (worlds === null) return { range: widestFrom(state, 0, seat), causes: new Set(['opponent-choice', 'unexplored']) };
    const ranges = worlds.map((w) => search(w, action, seat, causes));
    // The other seat's secret first half matters when the worlds' ranges differ.
    if (ranges.some(([a, b]) => a !== ranges[0][0] || b !== ranges[0][1])) causes.add('opponent-choice');
    return { range: [Math.min(...ranges.map((r) => r[0])), Math.max(...ranges.map((r) => r[1]))], causes };
  } finally {
    probe.seat = saved;
  }
}

/** At most this many secret first halves (picks, bids) are tried for the second seat of a simultaneous step. */
const FIRST_HALVES_LIMIT = 256;

/**
 * The states the deciding seat cannot tell apart by the other seat's secret first half: in the
 * second half of a simultaneous pick or a sealed-bid auction, one copy per possible first pick or
 * bid; elsewhere just the state. Null when there are more than {@link FIRST_HALVES_LIMIT}.
 */
function firstHalves(s: MachineState): MachineState[] | null {
  const op = s.op();
  if (s.r[R.STEP] === 0 || (op !== OP.SIMUL && op !== OP.AUCTION)) return [s];
  const out: MachineState[] = [];
  if (op === OP.SIMUL) {
    const n = s.program.simultaneous[s.operand(0)].options.length;
    if (n > FIRST_HALVES_LIMIT) return null;
    for (let a = 0; a < n; a++) {
      const w = s.clone();
      w.r[R.STEP] = 1 + a;
      out.push(w);
    }
  } else {
    const t = s.program.auctions[s.operand(0)];
    if (t.max - t.min + 1 > FIRST_HALVES_LIMIT) return null;
    for (let b = t.min; b <= t.max; b++) {
      const w = s.clone();
      w.r[w.x(X.T0)] = b;
      out.push(w);
    }
  }
  return out;
}

/** The widest range chips allow from `s`, `paid` chips counted so far: the seat may pay its whole stack or receive the pot and the other stack. */
function widestFrom(s: MachineState, paid: number, seat: number): CostRange {
  return [paid - s.r[R.POT] - s.r[R.STACK + 1 - seat], paid + s.r[R.STACK + seat]];
}

/**
 * Whether `pile` is a place other than the deck whose cards `seat` does not see (the other seat's
 * hand, a private pile, the cards out of play): no seat sees the deck, so its cards are chance to both.
 */
function hiddenFrom(s: MachineState, pile: number, seat: number): boolean {
  return pile !== DECK_PILE && (viewers(s.program, pile) & (1 << seat)) === 0;
}

/** Whether the card chance node `s` waits at takes its card from a place `seat` cannot see (see {@link hiddenFrom}). */
function drawsUnseen(s: MachineState, seat: number): boolean {
  return hiddenFrom(s, cardChancePile(s), seat);
}

/** Whether the events of `s` from `from` on move a card out of a place `seat` cannot see (a deal from the other seat's hand or a private pile). */
function movedUnseen(s: MachineState, from: number, seat: number): boolean {
  const log = s.log;
  for (let i = from; i < log.count; i++) if (log.kind(i) === EV.DEAL && hiddenFrom(s, log.c(i) & 0xff, seat)) return true;
  return false;
}

/**
 * Per card type, 1 when an event of `s` showed that card to `seat` (it saw the content of a deal,
 * a peek, a show or a reveal naming it). A shown card lying in a place the seat cannot see is known
 * to lie there, not in the deck.
 */
function shownTo(s: MachineState, seat: number): Uint8Array {
  const shown = new Uint8Array(s.program.numCardTypes);
  const log = s.log;
  const bit = 1 << seat;
  for (let i = 0; i < log.count; i++) {
    const k = log.kind(i);
    if ((k !== EV.DEAL && k !== EV.PEEK && k !== EV.SHOW && k !== EV.REVEAL) || (log.contentSeenBy(i) & bit) === 0) continue;
    const t = log.b(i);
    if (t >= 0) shown[t] = 1;
  }
  return shown;
}

/**
 * The cards a draw from the deck at `s` may bring as far as `seat` can tell, as card types in
 * ascending order: those in the deck and those in a place the seat cannot see
 * ({@link hiddenFrom}) that were not shown to it (`shown`, from {@link shownTo} at the measured
 * state). Exchanging a deck card with a hidden card the seat was not shown leaves the pool as it
 * is, though the deck changes.
 */
function drawPool(s: MachineState, seat: number, shown: Uint8Array): number[] {
  const p = s.program;
  const inPool = new Uint8Array(p.numCardTypes);
  for (let pile = 0; pile < p.pileNames.length; pile++) {
    const deck = pile === DECK_PILE;
    if (!deck && !hiddenFrom(s, pile, seat)) continue;
    const base = pileBase(p, pile);
    for (let i = 0; i < s.piles[pile]; i++) {
      const t = s.piles[base + i];
      if (deck || !shown[t]) inPool[t] = 1;
    }
  }
  const out: number[] = [];
  for (let t = 0; t < inPool.length; t++) if (inPool[t]) out.push(t);
  return out;
}

/**
 * Put a card of type `t` in the deck of `s` (in place) when there is none: the first such card
 * in a place `seat` cannot see changes places with the deck's top card (a card of {@link drawPool}
 * is in one or the other).
 */
function intoDeck(s: MachineState, t: number, seat: number): void {
  if (s.indexOf(DECK_PILE, t) >= 0) return;
  const p = s.program;
  for (let pile = 0; pile < p.pileNames.length; pile++) {
    if (!hiddenFrom(s, pile, seat)) continue;
    const i = s.indexOf(pile, t);
    if (i < 0) continue;
    const top = pileBase(p, DECK_PILE);
    s.piles[pileBase(p, pile) + i] = s.piles[top];
    s.piles[top] = t;
    return;
  }
}

/**
 * Apply `a` to a copy of `s` (for a draw from the deck with `seat` given: a card of
 * {@link drawPool}, put in the copy's deck first); a hidden read leaves the copy where it
 * stopped, flagged.
 */
function play(s: MachineState, a: Action, seat = -1): { next: MachineState; hidden: boolean } {
  const next = s.clone();
  if (seat >= 0) intoDeck(next, a, seat);
  try {
    next.applyAction(a);
    return { next, hidden: false };
  } catch (e) {
    if (e !== HIDDEN_READ) throw e;
    return { next, hidden: true };
  }
}

/** A continuation's range in chips and what it depends on. */
interface Explored {
  lo: number;
  hi: number;
  causes: CostCause[];
}

/**
 * Search the continuations of `action` depth first, at most {@link COST_SEARCH_LIMIT} nodes, and
 * add to `causes` what the range depends on. A branch counts only where its children's ranges
 * differ (a card dealt or a reply made that moves no chips is not named); a leaf cut short by a
 * read of the other seat's cards or by the search limit always counts.
 *
 * At a chance node that deals a card, the first card is followed; when nothing on the way looked at
 * any card (no condition, amount or `assign` read a hand or a pile until the seat's next decision or
 * the settlement), every other card leads the same way and is not explored: dealing the board to
 * an all-in call costs one path, not every runout. The cards of a draw from the deck are those of
 * {@link drawPool}, not the deck's alone.
 */
function search(state: MachineState, action: Action, seat: number, causes: Set<CostCause>): CostRange {
  let budget = COST_SEARCH_LIMIT;
  /** What the seat was shown before it chose (not what the play-out shows it: a peek there follows one card for all); read at the first draw from the deck. */
  let shown: Uint8Array | null = null;
  /**
   * `s` reached from its parent (whose log ended at event `from`) with `paid` chips counted; `reads`
   * is the probe's card-read count before the step that led here. A step that moved a card out of
   * a place the seat cannot see ends the search there (see the module comment).
   */
  const visit = (s: MachineState, from: number, paid: number, hidden: boolean, reads: number): Explored =>
    explore(s, from, paid, hidden, movedUnseen(s, from, seat) ? reads : -1);
  /** `unseenSince`: -1, or the card-read count before a step that moved a card the seat cannot see. */
  const explore = (s: MachineState, from: number, paid: number, hidden: boolean, unseenSince: number): Explored => {
    const { change, settled } = stackChange(s, from, seat);
    const total = paid - change;
    /** A leaf with the widest range chips allow from here, cut short for `why`. */
    const widest = (why: CostCause): Explored => {
      const [lo, hi] = widestFrom(s, total, seat);
      return { lo, hi, causes: [why] };
    };
    // stopped by a read of the other seat's cards before the pot was settled
    if (hidden && !settled) return widest('opponent-cards');
    const node = s.r[R.NODE];
    const leaf = settled || node === NODE.TERMINAL || (node === NODE.DECISION && !otherHalf(s, seat));
    // A card the seat cannot see came out: the chips up to here stand if no card was read since.
    if (unseenSince >= 0 && (!leaf || probe.cardReads !== unseenSince)) return widest('opponent-cards');
    if (leaf) return { lo: total, hi: total, causes: [] };
    // Which cards are there is not the seat's to know: the first is followed for them all (a peek
    // at the other seat's card changes nothing the play-out reads; a step that moves it out is
    // caught by `visit`).
    if (node === NODE.CHANCE_CARD && drawsUnseen(s, seat)) {
      if (budget < 1) return widest('unexplored');
      budget -= 1;
      const reads = probe.cardReads;
      const r = play(s, s.legalActions()[0]);
      return visit(r.next, s.log.count, total, r.hidden, reads);
    }
    // A draw from the deck: any card the seat cannot see, so the outcomes are the same whichever hidden card lies where.
    const pooled = node === NODE.CHANCE_CARD && cardChancePile(s) === DECK_PILE && s.piles[DECK_PILE] > 0;
    const actions = pooled ? drawPool(s, seat, (shown ??= shownTo(state, seat))) : s.legalActions();
    const kind: CostCause = node === NODE.DECISION ? 'opponent-choice' : 'chance';
    const child = (a: Action): Explored => {
      const reads = probe.cardReads;
      const r = play(s, a, pooled ? seat : -1);
      return visit(r.next, s.log.count, total, r.hidden, reads);
    };
    const kids: Explored[] = [];
    /**
     * For a card dealt: whether any card was looked at on the first card's path. Up to the first
     * look every card takes the same path, so this does not depend on which card is dealt; it (not
     * whether the children's ranges differ) decides whether the deal is named.
     */
    let looked: boolean | null = null;
    if (kind === 'chance' && s.actionsAreCards() && actions.length > 1 && budget >= 1) {
      budget -= 1;
      const reads = probe.cardReads;
      const first = child(actions[0]);
      looked = probe.cardReads !== reads;
      // (A read of the other seat's cards throws before it is counted: such a path never stands for the rest.)
      if (!looked && !first.causes.includes('opponent-cards')) return first;
      kids.push(first);
      actions.shift();
    }
    if (budget < actions.length) return kids.length === 0 ? widest('unexplored') : merge(kind, [...kids, widest('unexplored')], looked);
    budget -= actions.length;
    for (const a of actions) kids.push(child(a));
    return merge(kind, kids, looked);
  };
  const reads = probe.cardReads;
  const root = play(state, action);
  const r = visit(root.next, state.log.count, 0, root.hidden, reads);
  // Where the search was cut short, what it reached depends on the order it went in, so only the
  // cut is named.
  if (r.causes.includes('unexplored')) causes.add('unexplored');
  else for (const k of r.causes) causes.add(k);
  return [r.lo, r.hi];
}

/**
 * The range over a node's children, and what it depends on: the children's causes, and the node's
 * own branch when their ranges differ (or, for a card dealt, when `named` says so).
 */
function merge(kind: CostCause, kids: readonly Explored[], named: boolean | null = null): Explored {
  let lo = Infinity;
  let hi = -Infinity;
  const found = new Set<CostCause>();
  for (const k of kids) {
    lo = Math.min(lo, k.lo);
    hi = Math.max(hi, k.hi);
    for (const c of k.causes) found.add(c);
  }
  if (named ?? kids.some((k) => k.lo !== kids[0].lo || k.hi !== kids[0].hi)) found.add(kind);
  return { lo, hi, causes: [...found] };
}
