/**
 * The value of a poker hand without building it: the number `evaluateHand` (`poker-hand.ts`)
 * returns as `value`, computed from rank and suit counts in scratch arrays, with no allocation, for
 * the showdowns of table games (thousands of hands per second). `evaluateHand` stays the
 * definition (its cards, categories and reasons are what rulebooks and explanations read);
 * `test/interpreter/poker-value.test.ts` checks that both give equal values on random hands of
 * every deck shape the language allows.
 *
 * The candidates are those of `evaluateHand`, each valued by `handValue`: straight flush and
 * flush per suit of five cards or more, straight, five and four of a kind, full house and three
 * of a kind, two pair, one pair, high card; the best value wins. Kickers are the highest cards
 * left after the cards a category uses.
 */
import { HAND_CATEGORIES, type PokerRules } from './poker-hand.js';

const BASE = 257;
const CATEGORY_SCALE = BASE ** 5;

const HIGH_CARD = 0;
const ONE_PAIR = 1;
const TWO_PAIR = 2;
const THREE = 3;
const STRAIGHT = 4;
const FLUSH = 5;
const FULL_HOUSE = 6;
const FOUR = 7;
const STRAIGHT_FLUSH = 8;
const FIVE = 9;

/** Cards per rank of all the cards, of the cards used by a category, and of one suit. */
const count = new Int32Array(256);
const used = new Int32Array(256);
const suitRanks = new Int32Array(256);
let suitCount = new Int32Array(16);
/** The tie-break ranks of the candidate being valued. */
const tb = new Int32Array(5);

/** `handValue(order, tb[0 … len − 1])`. */
function value(order: number, len: number): number {
  let v = 0;
  for (let i = 0; i < 5; i++) v = v * BASE + (i < len ? tb[i] + 1 : 0);
  return order * CATEGORY_SCALE + v;
}

/** The category's position in the ranking order (short-deck order swaps flush and full house). */
function order(category: number, flushBeatsFullHouse: boolean): number {
  if (!flushBeatsFullHouse) return category;
  return category === FLUSH ? FULL_HOUSE : category === FULL_HOUSE ? FLUSH : category;
}

/** The top rank of the highest straight among the ranks with `cards[r] > 0`, or -1. */
function straightTop(cards: Int32Array, numRanks: number): number {
  const top = numRanks - 1;
  for (let high = top; high >= 3; high--) {
    let ok = true;
    for (let r = high; r > high - 5; r--)
      if ((r >= 0 ? cards[r] : cards[top]) === 0) {
        ok = false;
        break;
      }
    if (ok) return high;
  }
  return -1;
}

/** Write into `tb` from index `from` the `k` highest ranks of `cards` minus `used`; returns the new length. */
function kickers(cards: Int32Array, numRanks: number, from: number, k: number): number {
  let len = from;
  for (let r = numRanks - 1; r >= 0 && len < from + k; r--) for (let left = cards[r] - used[r]; left > 0 && len < from + k; left--) tb[len++] = r;
  return len;
}

/**
 * The value `evaluateHand` gives the `n` cards with rank positions `ranks[i]` and suit indices
 * `suits[i]` under `rules` (a higher value is a better hand; equal values tie).
 * @throws RangeError when a rank is outside 0 … numRanks − 1 or numRanks is not 1 … 256
 */
export function pokerValue(ranks: ArrayLike<number>, suits: ArrayLike<number>, n: number, rules: PokerRules): number {
  const numRanks = rules.numRanks;
  if (!(Number.isInteger(numRanks) && numRanks >= 1 && numRanks <= 256)) throw new RangeError(`numRanks must be 1 to 256, got ${numRanks}`);
  const suited = rules.suited ?? true;
  const fbfh = rules.flushBeatsFullHouse ?? false;
  count.fill(0, 0, numRanks);
  let maxSuit = 0;
  for (let i = 0; i < n; i++) {
    const r = ranks[i];
    if (!(Number.isInteger(r) && r >= 0 && r < numRanks)) throw new RangeError(`card rank ${r} is outside 0..${numRanks - 1}`);
    count[r]++;
    if (suits[i] > maxSuit) maxSuit = suits[i];
  }
  let best = -1;
  if (suited && n >= 5) {
    if (suitCount.length <= maxSuit) suitCount = new Int32Array(maxSuit + 1);
    suitCount.fill(0, 0, maxSuit + 1);
    for (let i = 0; i < n; i++) suitCount[suits[i]]++;
    for (let s = 0; s <= maxSuit; s++) {
      if (suitCount[s] < 5) continue;
      suitRanks.fill(0, 0, numRanks);
      for (let i = 0; i < n; i++) if (suits[i] === s) suitRanks[ranks[i]]++;
      if (numRanks >= 5) {
        const sf = straightTop(suitRanks, numRanks);
        if (sf >= 0) {
          tb[0] = sf;
          best = Math.max(best, value(order(STRAIGHT_FLUSH, fbfh), 1));
        }
      }
      used.fill(0, 0, numRanks);
      best = Math.max(best, value(order(FLUSH, fbfh), kickers(suitRanks, numRanks, 0, 5)));
    }
  }
  if (n >= 5 && numRanks >= 5) {
    const st = straightTop(count, numRanks);
    if (st >= 0) {
      tb[0] = st;
      best = Math.max(best, value(order(STRAIGHT, fbfh), 1));
    }
  }
  // The largest group of equal ranks (the higher rank among equal sizes), then the next one.
  let r0 = -1;
  let r1 = -1;
  for (let r = numRanks - 1; r >= 0; r--) {
    const c = count[r];
    if (c === 0) continue;
    if (r0 < 0 || c > count[r0]) {
      r1 = r0;
      r0 = r;
    } else if (r1 < 0 || c > count[r1]) r1 = r;
  }
  const c0 = r0 >= 0 ? count[r0] : 0;
  const c1 = r1 >= 0 ? count[r1] : 0;
  used.fill(0, 0, numRanks);
  if (c0 >= 5) {
    tb.fill(r0);
    best = Math.max(best, value(order(FIVE, fbfh), 5));
  }
  if (c0 >= 4) {
    tb.fill(r0, 0, 4);
    used[r0] = 4;
    best = Math.max(best, value(order(FOUR, fbfh), kickers(count, numRanks, 4, 1)));
  }
  if (c0 >= 3) {
    // The best pair to go with the trips: the highest other rank of two cards or more.
    let rp = -1;
    for (let r = numRanks - 1; r >= 0 && rp < 0; r--) if (r !== r0 && count[r] >= 2) rp = r;
    tb.fill(r0, 0, 3);
    if (rp >= 0) {
      tb[3] = rp;
      tb[4] = rp;
      best = Math.max(best, value(order(FULL_HOUSE, fbfh), 5));
    }
    used[r0] = 3;
    best = Math.max(best, value(order(THREE, fbfh), kickers(count, numRanks, 3, 2)));
  }
  if (c0 >= 2 && c1 >= 2) {
    tb[0] = tb[1] = r0;
    tb[2] = tb[3] = r1;
    used[r0] = 2;
    used[r1] = 2;
    best = Math.max(best, value(order(TWO_PAIR, fbfh), kickers(count, numRanks, 4, 1)));
    used[r1] = 0;
  }
  if (c0 >= 2) {
    tb[0] = tb[1] = r0;
    used[r0] = 2;
    best = Math.max(best, value(order(ONE_PAIR, fbfh), kickers(count, numRanks, 2, 3)));
  }
  used.fill(0, 0, numRanks);
  return Math.max(best, value(order(HIGH_CARD, fbfh), kickers(count, numRanks, 0, 5)));
}

/** The category (an index into `HAND_CATEGORIES`) of a value of {@link pokerValue} or `evaluateHand` under `rules`. */
export function categoryOfValue(v: number, rules: PokerRules): number {
  const o = Math.floor(v / CATEGORY_SCALE);
  const c = order(o, rules.flushBeatsFullHouse ?? false);
  return c < HAND_CATEGORIES.length ? c : -1;
}
