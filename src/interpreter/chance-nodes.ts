/**
 * Chance nodes besides the deal: the card drawn uniformly from a hand by a random peek, reveal,
 * swap, steal or discard; the fair coin (the odd chip of a split pot, an auction tie); and the
 * probabilistic cost of a choice's option.
 *
 * A card chance node's outcomes are the card types in the pile with probability count / size
 * (one physical card drawn uniformly), as for a deal. The outcomes of every chance node (deals
 * included) are listed and sampled here without allocating (`chanceOutcomesInto`, `sampleChance`).
 */
import { IllegalActionError, type Action } from './api.js';
import { resolveAuction } from './decisions.js';
import { BOTH, EV, MOVE, NODE, PAY_REASON, R, X } from './layout.js';
import { DECK_PILE, INSTR_WIDTH, OP, handPile, type Program } from './program.js';
import { optionCost } from './steps.js';
import { pileBase, type Machine } from './machine.js';

/** The pile the pending card chance node draws from (by the instruction under way). */
export function cardChancePile(s: Machine): number {
  switch (s.op()) {
    case OP.DEAL:
      return s.operand(0);
    case OP.PEEK:
    case OP.STEAL:
      return handPile(s.operand(1));
    case OP.SWAP:
      return handPile(s.r[R.STEP] === 0 ? s.operand(0) : s.operand(1));
    default:
      // REVEAL, DISCARD: the seat's own hand.
      return handPile(s.operand(0));
  }
}

/**
 * Apply a card outcome `t` (at index `idx` of the chance pile) of a chance node that is not a
 * deal. The caller has set the node to RUNNING; a swap's first card waits for the second.
 */
export function applyCardOutcome(s: Machine, op: number, t: number, idx: number): void {
  const r = s.r;
  switch (op) {
    case OP.PEEK: {
      const peeker = s.seatOperand(s.operand(0));
      s.log.push(EV.PEEK, peeker, s.operand(1), t, -1, s.operand(3) ? BOTH : 1 << peeker, 1 << peeker);
      r[R.PC]++;
      return;
    }
    case OP.REVEAL:
      s.log.push(EV.SHOW, s.operand(0), 0, t, 0, BOTH, BOTH);
      r[R.PC]++;
      return;
    case OP.SWAP: {
      if (r[R.STEP] === 0) {
        r[s.x(X.T0)] = t;
        r[R.STEP] = 1;
        r[R.NODE] = NODE.CHANCE_CARD;
        return;
      }
      const a = handPile(s.operand(0));
      const b = handPile(s.operand(1));
      s.moveCard(a, s.indexOf(a, r[s.x(X.T0)]), b, 0, MOVE.SWAP);
      s.moveCard(b, s.indexOf(b, t), a, 0, MOVE.SWAP);
      r[R.STEP] = 0;
      r[R.PC]++;
      return;
    }
    case OP.STEAL:
      s.moveCard(handPile(s.operand(1)), idx, handPile(s.seatOperand(s.operand(0))), 0, MOVE.STEAL);
      r[R.PC]++;
      return;
    case OP.DISCARD:
      s.moveCard(handPile(s.operand(0)), idx, s.operand(3), s.operand(4), MOVE.DISCARD);
      r[R.STEP]++;
      return;
    default:
      throw new Error(`no card chance node at opcode ${op}`);
  }
}

/** Apply the fair coin: the odd chip of a split pot (showdown, `end`), or an auction tie. */
export function applyCoin(s: Machine, seat: number): void {
  switch (s.op()) {
    case OP.AUCTION:
      s.log.push(EV.COIN, seat, 0, 0, 0, BOTH, BOTH);
      resolveAuction(s, seat, s.r[s.x(X.T1)]);
      return;
    case OP.END:
      s.oddChip(seat);
      s.finish(2, s.operand(1));
      return;
    default:
      s.oddChip(seat);
      s.r[R.PC]++;
  }
}

/** Label of a coin outcome. */
export function coinLabel(s: Machine, seat: number): string {
  const name = s.program.seatNames[seat] ?? `seat ${seat}`;
  return s.op() === OP.AUCTION ? `coin flip: ${name} wins the auction` : `odd chip to ${name}`;
}

/** Probability that the pending probabilistic cost is due. */
export function costChance(s: Machine): number {
  return s.program.choices[s.operand(0)].options[s.r[R.STEP] - 1].costChance;
}

/**
 * Resolve a probabilistic cost (`due`: 1 due, 0 not): not due → the option runs free; due and
 * affordable → paid to the pot, then the option runs; due and unaffordable → the option is
 * skipped. The event is seen by both seats for an announced choice, else by the chooser only.
 */
export function applyCost(s: Machine, due: number): void {
  const r = s.r;
  const index = s.operand(0);
  const c = s.program.choices[index];
  const option = c.options[r[R.STEP] - 1];
  r[R.STEP] = 0;
  const seen = c.announced ? BOTH : 1 << c.seat;
  // The same value as when the choice was offered: nothing the expression reads has changed since.
  const cost = optionCost(s, option);
  if (due && cost > r[R.STACK + c.seat]) {
    s.log.push(EV.COST, c.seat, index, 2, cost, seen, seen);
    r[R.PC] = c.end;
    return;
  }
  s.log.push(EV.COST, c.seat, index, due, cost, seen, seen);
  if (due) s.transfer(c.seat, -1, cost, PAY_REASON.COST);
  r[R.PC] = option.start;
}

/**
 * `chanceOutcomes()` of machine `s` without allocating: writes the outcomes into `actions` and their
 * probabilities into `probs` (same order, same values) and returns how many there are. The
 * arrays need room for `program.numCardTypes` entries (2 for a coin or a cost).
 * @throws IllegalActionError when the state is not at a chance node
 */
export function chanceOutcomesInto(s: Machine, actions: Int32Array, probs: Float64Array): number {
  switch (s.r[R.NODE]) {
    case NODE.CHANCE_COIN:
      actions[0] = 0;
      actions[1] = 1;
      probs[0] = 0.5;
      probs[1] = 0.5;
      return 2;
    case NODE.CHANCE_COST: {
      const p = costChance(s);
      actions[0] = 0;
      actions[1] = 1;
      probs[0] = 1 - p;
      probs[1] = p;
      return 2;
    }
    case NODE.CHANCE_CARD: {
      const from = cardChancePile(s);
      const remaining = s.piles[from];
      const counts = s.countTypes(from);
      let k = 0;
      for (let t = 0; t < s.program.numCardTypes; t++) {
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

/** Piles of at most this many cards are searched card by card in {@link sampleChance} (a hand), larger ones counted by type. */
const SMALL_PILE = 8;

/**
 * The k-th smallest card type (0-based) among the `len` cards at `piles[base … base + len − 1]`
 * (`0 ≤ k < len`): the type t with fewer than k + 1 cards below it and at least k + 1 at or below
 * it. O(len²) comparisons and nothing allocated.
 */
export function kthSmallestType(piles: ArrayLike<number>, base: number, len: number, k: number): number {
  for (let i = base; i < base + len; i++) {
    const t = piles[i];
    let below = 0;
    let same = 0;
    for (let j = base; j < base + len; j++) {
      const x = piles[j];
      if (x < t) below++;
      else if (x === t) same++;
    }
    if (below <= k && k < below + same) return t;
  }
  throw new RangeError(`kthSmallestType: k = ${k} is not below the ${len} cards`);
}

/**
 * The outcome of the pending chance node for a uniform number `u` in [0, 1): the inverse CDF
 * over `chanceOutcomes()` in their listed order, computed without allocating.
 * @throws IllegalActionError when the state is not at a chance node
 */
export function sampleChance(s: Machine, u: number): Action {
  const node = s.r[R.NODE];
  if (node === NODE.CHANCE_COIN) return u < 0.5 ? 0 : 1;
  if (node === NODE.CHANCE_COST) return u < 1 - costChance(s) ? 0 : 1;
  if (node !== NODE.CHANCE_CARD) throw new IllegalActionError(-1, [], 'sampleChance() called at a node that is not a chance node');
  const o = s.r[R.PC] * INSTR_WIDTH;
  const code = s.program.code;
  const pile = code[o] === OP.DEAL ? code[o + 1] : cardChancePile(s);
  const base = pileBase(s.program, pile);
  const len = s.piles[pile];
  // Card i of the pile, in ascending type order, is picked when u * len falls in [i, i + 1).
  const k = Math.min(len - 1, Math.floor(u * len));
  // A small pile (a hand): its k-th type found among its cards, without counting every card type.
  if (len > 0 && len <= SMALL_PILE) return kthSmallestType(s.piles, base, len, k);
  const counts = s.countTypes(pile);
  let cum = 0;
  for (let t = 0; t < s.program.numCardTypes; t++) {
    cum += counts[t];
    if (k < cum) return t;
  }
  return s.piles[base];
}

/**
 * Whether a program's deck stays in ascending card-type order all game: it starts so (the
 * canonical deck, or a new shoe) and no step puts cards into it (a `deal` or `discard` to the
 * deck). Then the card {@link sampleChance} draws from the deck for `u` is simply the deck's
 * card at index ⌊u·len⌋ (the k-th card in type order is the k-th card).
 */
export function deckStaysSorted(p: Program): boolean {
  const deck = p.initialDeck;
  for (let i = 1; i < deck.length; i++) if (deck[i] < deck[i - 1]) return false;
  const code = p.code;
  for (let o = 0; o < code.length; o += INSTR_WIDTH) {
    if (code[o] === OP.DEAL && code[o + 2] === DECK_PILE) return false;
    if (code[o] === OP.DISCARD && code[o + 4] === DECK_PILE) return false;
  }
  return true;
}
