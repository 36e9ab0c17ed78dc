/**
 * Layout of an interpreter state: register indices, node kinds, event kinds.
 *
 * A state is two small typed arrays and an event log:
 * - `r` (Int32Array): the fixed registers `R.*`, then the frame stack (return addresses), then,
 *   for games that use more than the poker steps, the extended registers `X.*` (outstanding
 *   wager, auction winner, scratch, scores), the variables and the position holders (see
 *   `Program.ext`, `Program.varBase`, `Program.posBase`);
 * - `piles` (Uint8Array): each pile's length, then each pile's card types, `pileCapacity` slots
 *   per pile, top first;
 * - the event log (`EventLog`): chunks of 4 events, full chunks shared between copies.
 * Both arrays are kept small on purpose: V8 allocates typed arrays of at most 64 bytes on the
 * JavaScript heap, which makes `clone()` about as cheap as copying a few numbers. Kuhn and Leduc
 * use only the fixed registers (15 ints).
 */

/** Register indices into `r`. */
export const R = {
  /** Program counter (instruction index). */
  PC: 0,
  /** What the state waits for: one of `NODE.*`. */
  NODE: 1,
  /** Seat to act at a decision node. */
  ACTOR: 2,
  /** Chips in the pot. */
  POT: 3,
  /** Chips in seat 0's stack; seat 1's is `STACK + 1`. */
  STACK: 4,
  /**
   * Step-local progress of the current instruction: cards dealt or discarded so far; 1 = a
   * betting round under way (2 = a variable round); 1 + the pending option of a choice or of the
   * first pick of a simultaneous round; the stage of an auction or a swap.
   */
  STEP: 6,
  /** Chips seat 0 put in during the current betting round; seat 1's is `CONTRIB + 1`. */
  CONTRIB: 7,
  /** Bets and raises made in the current betting round. */
  BETS: 9,
  /**
   * Bit s set: seat s has acted in the current betting round. Bit 2 ({@link LIVE_BLINDS}), set by
   * a `blinds` step: the next betting round starts from the posted contributions.
   */
  ACTED: 10,
  /** Decisions taken by seat 0; seat 1's is `MOVES + 1`. */
  MOVES: 11,
  /** Bit p set: pile p has been shuffled (its draws are chance nodes). */
  SHUFFLED: 13,
  /** Frame stack pointer (number of pending sub-phase returns). */
  SP: 14,
  /** First slot of the frame stack; `Program.maxFrames` slots follow. */
  FRAMES: 15,
} as const;

/** Extended registers, at offsets from `Program.ext` (present only when `Program.ext >= 0`). */
export const X = {
  /** Seat whose wager is outstanding (answered by a `match`), or -1. */
  WAGER_SEAT: 0,
  /** Chips of the outstanding wager. */
  WAGER_AMT: 1,
  /** The seat that won the auction whose prize is being played, or -1. */
  WINNER: 2,
  /** Scratch: the first card picked by a swap; seat 0's bid in an auction. */
  T0: 3,
  /** Scratch: the amount of an auction tied between nonzero bids (during the coin flip). */
  T1: 4,
  /** Seat 0's score adjustments (sum of `score` steps); seat 1's is `SCORE + 1`. */
  SCORE: 5,
  /** The bet size of the fixed betting round under way, when it is written as an expression (worked out when the round opens). */
  BET_SIZE: 7,
  /** Number of extended registers (variables and positions follow them). */
  COUNT: 8,
} as const;

/** What a state waits for. */
export const NODE = {
  /** Deterministic instructions still to run (never visible from outside). */
  RUNNING: 0,
  /** A seat's decision; its kind is the opcode of the instruction under way. */
  DECISION: 1,
  /** A card drawn uniformly from a pile (dealt, peeked at, revealed, swapped, stolen, discarded): outcomes are the card types in it. */
  CHANCE_CARD: 2,
  /** A fair coin between the seats: the odd chip of a split pot, or an auction tie. Outcome = the seat. */
  CHANCE_COIN: 3,
  TERMINAL: 4,
  /** Whether a probabilistic cost is due: outcome 0 = not due, 1 = due. */
  CHANCE_COST: 5,
} as const;

/** Both seats, as a seat bitmask (bit s: seat s). */
export const BOTH = 3;

/**
 * Event kinds and the meaning of their fields (`seat`, `a`, `b`, `c`). Chip events move chips
 * between stacks and the pot, so stacks and pot can be rebuilt from the log. Fields named
 * "content" are hidden from a seat outside the event's content mask (information-state keys and
 * observations leave them out); the other fields are known to every seat that sees the event.
 */
export const EV = {
  /** A phase begins: a = phase index. */
  PHASE: 1,
  /** A pile is shuffled: a = pile. */
  SHUFFLE: 2,
  /**
   * A card moves: seat = owner of the destination (or -1), a = destination pile, b = card type
   * (content), c = source pile + 256 × {@link MOVE} reason, plus {@link DEAL_FIRST} on the first
   * card of a `deal` step (the cards of one deal step form one unordered event).
   */
  DEAL: 3,
  /** seat pays a chips into the pot. */
  ANTE: 4,
  FOLD: 5,
  CHECK: 6,
  /** seat pays a chips into the pot to match. */
  CALL: 7,
  /** seat pays a chips into the pot, opening the betting. */
  BET: 8,
  /** seat pays a chips into the pot, raising. */
  RAISE: 9,
  /** a chips that were not matched go back from the pot to seat (the caller was all-in). */
  REFUND: 10,
  /** The showdown begins. */
  SHOWDOWN: 11,
  /** seat shows card b at the showdown. */
  REVEAL: 12,
  /** The showdown's winner: seat, or -1 for a tie. */
  RESULT: 13,
  /** seat receives the odd chip (a = 1) of a split pot. */
  ODD_CHIP: 14,
  /** seat takes a chips from the pot. */
  WIN: 15,
  /** The game ends: a = 0 after a fold, 1 after the showdown, 2 at an `end` step (b = reason index). */
  END: 16,
  /** A sub-phase begins: a = sub-phase index. */
  SUBPHASE: 17,
  /** A public condition check: a = check index, b = 1 when it held, 0 when not. */
  COND: 18,
  /** A loop round begins: a = loop index, b = the counter's value. */
  ROUND: 19,
  /** A loop stops: a = loop index, b = the counter's value. */
  LOOP_END: 20,
  /** seat is asked for a decision inside a private context: a = instruction index (seen by seat only). */
  ASK: 21,
  /** seat chose in a choice: a = choice index, b = option (content). */
  CHOSE: 22,
  /** A probabilistic cost resolved: seat, a = choice index, b = 0 not due / 1 due / 2 due but unaffordable, c = cost. */
  COST: 23,
  /** Chips move: seat = payer (-1: the pot), a = amount, b = payee (-1: the pot), c = {@link PAY_REASON}. */
  TRANSFER: 24,
  /** seat wagers a chips (into the pot; the outstanding bet). */
  WAGER: 25,
  /** seat matches the outstanding wager, paying a chips into the pot. */
  MATCH: 26,
  /** seat picked in a simultaneous round: a = round index, b = option (content). */
  PICK: 27,
  /** Both picks revealed: a = round index, b = seat 0's option, c = seat 1's. */
  PICKS: 28,
  /** seat placed a sealed bid: a = auction index, b = bid (content). */
  BID: 29,
  /** Both bids revealed: a = auction index, b = seat 0's bid, c = seat 1's. */
  BIDS: 30,
  /** A coin flip breaks an auction tie: seat = the winner. */
  COIN: 31,
  /** An auction's result: seat = the winner (-1: none), a = auction index, b = 0 won / 1 no winner / 2 cancelled, c = the price. */
  AUCTION: 32,
  /** seat peeks into a's hand: b = card type or -1 for an empty hand (content), c = position for a chosen peek, else -1 (content). */
  PEEK: 33,
  /** seat shows card b to both seats (a `reveal` step); b = -1: the hand is empty. */
  SHOW: 34,
  /** seat answers a side bet: a = side-bet index, b = 1 accepted / 0 declined. */
  SIDEBET: 35,
  /** An accepted side bet of seat is settled: a = side-bet index, b = 1 the condition holds / 0 not. */
  SETTLE: 36,
  /** seat's score changes by a. */
  SCORE: 37,
  /** A public position is assigned: seat = holder (-1: nobody), a = position index. */
  ASSIGN: 38,
  /** A hidden position is assigned; told to seat only: a = position index, b = 1 seat holds it / 0 not. */
  ASSIGN_HIDDEN: 39,
  /** A variable is set: a = variable index, b = its new value. */
  SET: 40,
  /** The pot is split between the seats (an `end` without a winner). */
  SPLIT: 41,
  /** seat's sum-of-ranks total at the showdown: a = points. */
  TOTAL: 42,
  /** A step did nothing: seat (or -1), a = {@link SKIP} reason. */
  SKIP: 43,
  /**
   * seat's best poker hand at a `poker-hand` showdown: a = category (index into
   * `HAND_CATEGORIES`), b and c = the card types of the hand's cards, most significant first,
   * each + 1 in 8 bits (b: cards 1–3, c: cards 4–5; 0 = no card). See {@link packHandCards}.
   */
  HAND: 44,
  /** seat posts a blind of a chips into the pot (a live bet): b = 0 the small blind, 1 the big blind. */
  BLIND: 45,
} as const;

/** Why a card moved (bits 8–11 of a `DEAL` event's `c`). */
export const MOVE = { DEAL: 0, STEAL: 1, SWAP: 2, DISCARD: 3 } as const;

/** Flag in a `DEAL` event's `c`: the first card moved by one `deal` step. */
export const DEAL_FIRST = 1 << 12;

/** Why chips moved (`TRANSFER` event's `c`). */
export const PAY_REASON = { PAY: 0, COST: 1, SIDEBET: 2, AUCTION: 3 } as const;

/** Why a step did nothing (`SKIP` event's `a`). */
export const SKIP = {
  /** A wager whose minimum is more than the seat's stack. */
  WAGER: 0,
  /** A choice none of whose options the seat can afford. */
  CHOICE: 1,
  /** A swap with an empty hand. */
  SWAP: 2,
  /** A steal from an empty hand. */
  STEAL: 3,
  /** A `match` with no outstanding wager. */
  MATCH: 4,
  /** A deal from an empty pile: b = cards not dealt, c = the source pile (a public notice). */
  DEAL: 5,
  /** A betting round (fixed or variable) while a seat has no chips behind: seat = that seat. */
  ALL_IN: 6,
  /** A wager the opponent could not answer (it has no chips behind): seat = the wagering seat. */
  WAGER_UNANSWERED: 7,
} as const;

/** Pack up to five card types (each at most 254) into the `b` and `c` fields of a `HAND` event. */
export function packHandCards(types: readonly number[]): [number, number] {
  const field = (from: number, n: number) => {
    let v = 0;
    for (let i = from + n - 1; i >= from; i--) v = v * 256 + (i < types.length ? types[i] + 1 : 0);
    return v;
  };
  return [field(0, 3), field(3, 2)];
}

/** The card types of a `HAND` event's `b` and `c` fields (inverse of {@link packHandCards}). */
export function unpackHandCards(b: number, c: number): number[] {
  const out: number[] = [];
  for (const [v0, n] of [
    [b, 3],
    [c, 2],
  ] as const) {
    let v = v0;
    for (let i = 0; i < n; i++, v = Math.floor(v / 256)) if (v % 256 !== 0) out.push((v % 256) - 1);
  }
  return out;
}

/** Bit of `R.ACTED` set by a `blinds` step: the blinds are live bets of the next betting round. */
export const LIVE_BLINDS = 4;
