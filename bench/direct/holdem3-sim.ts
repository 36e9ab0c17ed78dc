/**
 * A hand-written three-seat no-limit Texas hold'em simulator with the league's table rules (small
 * blind 50, big blind 100, no ante, stacks of 10,000 reset every hand, minimum raise the previous
 * raise size or the big blind, an all-in short of a full raise does not reopen the betting for seats
 * that have acted, side pots built from the all-in amounts, split pots with the odd chip to the first
 * seat left of the button). It plays L0 episodes (GENSTRAT's random player: a move kind uniformly
 * among fold / check-call / bet-raise, then an amount uniformly among the legal raise-to totals)
 * with no interpreter in between: the speed reference of `bench/holdem3.ts`.
 *
 * Seats 0, 1, 2 clockwise; the button is an argument (the small blind is the seat left of it, the
 * big blind the next; before the flop the button acts first, after it the first seat still in left
 * of the button).
 */

/** A source of uniform numbers in [0, 1). */
export type Rng = () => number;

const N = 3;
const SB = 50;
const BB = 100;
const STACK = 10_000;

const deck = new Int32Array(52);
const stack = new Int32Array(N);
/** Chips put in during the current round, and over the hand. */
const round = new Int32Array(N);
const total = new Int32Array(N);
const folded = new Uint8Array(N);
const acted = new Uint8Array(N);
/** Whether the seat may still raise in this round (false after it acted and faced only a short all-in since). */
const mayRaise = new Uint8Array(N);
const hole = new Int32Array(2 * N);
const board = new Int32Array(5);
const score = new Float64Array(N);
const cards7 = new Int32Array(7);

/** The top rank of the highest straight in a 13-bit rank mask (3 for the wheel A-2-3-4-5), or -1. */
function straightTop(mask: number): number {
  for (let top = 12; top >= 4; top--) {
    const need = 0x1f << (top - 4);
    if ((mask & need) === need) return top;
  }
  // The wheel: A-2-3-4-5.
  return (mask & 0x100f) === 0x100f ? 3 : -1;
}

/** A hand's value: its category, then up to five ranks, as base-16 digits. */
function pack(cat: number, ks: number[]): number {
  let v = cat;
  for (let i = 0; i < 5; i++) v = v * 16 + (ks[i] ?? 0);
  return v;
}

/**
 * The strength of the best five-card hand among 7 cards (ids 0…51: rank = id >> 2 with 0 = deuce,
 * suit = id & 3) as one number: category × 16⁵ + the five deciding ranks, highest first.
 */
export function evaluate7(c: Int32Array): number {
  const counts = new Int32Array(13);
  const suitMask = new Int32Array(4);
  let rankMask = 0;
  for (let i = 0; i < 7; i++) {
    const r = c[i] >> 2;
    counts[r]++;
    suitMask[c[i] & 3] |= 1 << r;
    rankMask |= 1 << r;
  }
  for (let s = 0; s < 4; s++) {
    const m = suitMask[s];
    let bits = 0;
    for (let x = m; x; x &= x - 1) bits++;
    if (bits >= 5) {
      const sf = straightTop(m);
      if (sf >= 0) return pack(8, [sf]);
      const ks: number[] = [];
      for (let r = 12; r >= 0 && ks.length < 5; r--) if (m & (1 << r)) ks.push(r);
      // A flush beats everything below a full house; quads and full houses are checked first below.
      let quads = false;
      let trips = 0;
      let pairs = 0;
      for (let r = 0; r < 13; r++) {
        if (counts[r] === 4) quads = true;
        else if (counts[r] === 3) trips++;
        else if (counts[r] === 2) pairs++;
      }
      if (!quads && !(trips >= 2 || (trips === 1 && pairs >= 1))) return pack(5, ks);
    }
  }
  const quads: number[] = [];
  const trips: number[] = [];
  const pairs: number[] = [];
  const singles: number[] = [];
  for (let r = 12; r >= 0; r--) {
    if (counts[r] === 4) quads.push(r);
    else if (counts[r] === 3) trips.push(r);
    else if (counts[r] === 2) pairs.push(r);
    else if (counts[r] === 1) singles.push(r);
  }
  if (quads.length) {
    const kicker = Math.max(trips[0] ?? -1, pairs[0] ?? -1, singles[0] ?? -1);
    return pack(7, [quads[0], kicker]);
  }
  if (trips.length >= 2) return pack(6, [trips[0], trips[1]]);
  if (trips.length === 1 && pairs.length) return pack(6, [trips[0], pairs[0]]);
  const st = straightTop(rankMask);
  if (st >= 0) return pack(4, [st]);
  if (trips.length) return pack(3, [trips[0], singles[0], singles[1]]);
  if (pairs.length >= 2) return pack(2, [pairs[0], pairs[1], Math.max(pairs[2] ?? -1, singles[0] ?? -1)]);
  if (pairs.length === 1) return pack(1, [pairs[0], singles[0], singles[1], singles[2]]);
  return pack(0, singles.slice(0, 5));
}

/** Seats still in the hand. */
function inHand(): number {
  return (folded[0] ? 0 : 1) + (folded[1] ? 0 : 1) + (folded[2] ? 0 : 1);
}

/**
 * One betting round of L0 play from `first`; `lastRaise` is the size of the opening bet or raise
 * (the big blind). Ends when one seat is left, or every seat still in with chips has acted and
 * matched the highest bet.
 */
function bettingRound(first: number, rng: Rng): void {
  let high = Math.max(round[0], round[1], round[2]);
  let lastRaise = BB;
  for (let s = 0; s < N; s++) {
    acted[s] = 0;
    mayRaise[s] = 1;
  }
  let actor = first;
  for (let guard = 0; guard < 10_000; guard++) {
    if (inHand() === 1) return;
    // Done when every seat still in and not all-in has acted and matched.
    let done = true;
    for (let s = 0; s < N; s++) if (!folded[s] && stack[s] > 0 && (!acted[s] || round[s] < high)) done = false;
    if (done) return;
    if (folded[actor] || stack[actor] === 0) {
      actor = (actor + 1) % N;
      continue;
    }
    const need = Math.min(stack[actor], high - round[actor]);
    // Raise-to totals on offer: from the minimum raise (or all-in when short) to all-in, while another seat can answer.
    const allIn = round[actor] + stack[actor];
    let others = 0;
    for (let s = 0; s < N; s++) if (s !== actor && !folded[s] && stack[s] > 0) others++;
    const minTo = high + lastRaise;
    const canRaise = mayRaise[actor] === 1 && allIn > high && others > 0;
    const lo = Math.min(minTo, allIn);
    // Kinds: fold (facing a bet), check/call, raise.
    const kinds = (need > 0 ? 1 : 0) + 1 + (canRaise ? 1 : 0);
    let k = Math.floor(rng() * kinds);
    if (need === 0) k++;
    if (k === 0) folded[actor] = 1;
    else if (k === 1) {
      stack[actor] -= need;
      round[actor] += need;
      total[actor] += need;
    } else {
      const to = lo + Math.floor(rng() * (allIn - lo + 1));
      const add = to - round[actor];
      stack[actor] -= add;
      round[actor] = to;
      total[actor] += add;
      const raise = to - high;
      if (raise >= lastRaise) {
        // A full raise reopens the betting for everyone.
        lastRaise = raise;
        for (let s = 0; s < N; s++) if (s !== actor) ((acted[s] = 0), (mayRaise[s] = 1));
      } else {
        // A short all-in: seats that acted may call or fold, not raise.
        for (let s = 0; s < N; s++) if (s !== actor && acted[s]) ((acted[s] = 0), (mayRaise[s] = 0));
      }
      high = to;
    }
    acted[actor] = 1;
    actor = (actor + 1) % N;
  }
  throw new Error('betting round did not end');
}

/** Award the pots at showdown (side pots by contribution level), the odd chip to the first winner left of the button. */
function showdown(button: number): void {
  for (let s = 0; s < N; s++) {
    if (folded[s]) continue;
    cards7[0] = hole[2 * s];
    cards7[1] = hole[2 * s + 1];
    for (let i = 0; i < 5; i++) cards7[2 + i] = board[i];
    score[s] = evaluate7(cards7);
  }
  let floor = 0;
  for (;;) {
    // Next contribution level among seats still in.
    let level = Infinity;
    for (let s = 0; s < N; s++) if (!folded[s] && total[s] > floor && total[s] < level) level = total[s];
    if (level === Infinity) break;
    let pot = 0;
    for (let s = 0; s < N; s++) pot += Math.max(0, Math.min(total[s], level) - floor);
    let best = -1;
    for (let s = 0; s < N; s++) if (!folded[s] && total[s] >= level && score[s] > best) best = score[s];
    let winners = 0;
    for (let s = 0; s < N; s++) if (!folded[s] && total[s] >= level && score[s] === best) winners++;
    const share = Math.floor(pot / winners);
    let odd = pot - share * winners;
    for (let k = 1; k <= N; k++) {
      const s = (button + k) % N;
      if (folded[s] || total[s] < level || score[s] !== best) continue;
      stack[s] += share + (odd > 0 ? 1 : 0);
      if (odd > 0) odd--;
    }
    floor = level;
  }
  // A level held by one seat alone (chips nobody called) is its own pot: it goes back to that seat.
}

/**
 * Play one hand of L0 against L0 with the button at `button`; writes each seat's chips won into
 * `out` and returns seat 0's.
 */
export function playHoldem3Direct(rng: Rng, button = 0, out?: Float64Array): number {
  for (let i = 0; i < 52; i++) deck[i] = i;
  // Deal 2 to each seat (from the small blind round), then the board, as a partial Fisher–Yates shuffle.
  const need = 2 * N + 5;
  for (let i = 0; i < need; i++) {
    const j = i + Math.floor(rng() * (52 - i));
    const t = deck[i];
    deck[i] = deck[j];
    deck[j] = t;
  }
  for (let s = 0; s < N; s++) {
    stack[s] = STACK;
    round[s] = 0;
    total[s] = 0;
    folded[s] = 0;
  }
  for (let k = 0; k < 2 * N; k++) hole[k] = deck[k];
  for (let k = 0; k < 5; k++) board[k] = deck[2 * N + k];
  const sb = (button + 1) % N;
  const bb = (button + 2) % N;
  stack[sb] -= SB;
  round[sb] = SB;
  total[sb] = SB;
  stack[bb] -= BB;
  round[bb] = BB;
  total[bb] = BB;
  bettingRound(button, rng);
  for (let street = 0; street < 3 && inHand() > 1; street++) {
    round.fill(0);
    bettingRound(sb, rng);
  }
  if (inHand() === 1) {
    let pot = 0;
    for (let s = 0; s < N; s++) pot += total[s];
    for (let s = 0; s < N; s++) if (!folded[s]) stack[s] += pot;
  } else showdown(button);
  if (out) for (let s = 0; s < N; s++) out[s] = stack[s] - STACK;
  return stack[0] - STACK;
}
