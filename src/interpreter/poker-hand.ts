/**
 * Poker hand ranking: the best five-card hand a seat can make from its cards (hand and board),
 * for the `poker-hand` showdown. Standard categories, from lowest: high card, one pair, two pair,
 * three of a kind, straight, flush, full house, four of a kind, straight flush, five of a kind
 * (possible only in decks with several copies of a rank).
 *
 * Generalised to any deck the language can declare:
 * - Ranks are compared by their position in the deck's rank order (by value, lowest first), so a
 *   straight is five consecutive ranks of the deck. The deck's highest rank also plays low, just
 *   below its lowest rank: A-2-3-4-5 (the wheel) in a standard deck, A-6-7-8-9 in a 36-card short
 *   deck. A straight never wraps around otherwise (Q-K-A-2-3 is not one).
 * - `flushBeatsFullHouse`: short-deck order, where a flush ranks above a full house (fewer flushes
 *   can be made with fewer ranks per suit).
 * - `suited: false`: a deck whose suits do not count (e.g. one suit only): no flushes or straight
 *   flushes.
 * - Fewer than five cards: the best hand of the cards there are (two cards make at most a pair);
 *   the categories needing five cards (straight, flush, full house) are not possible.
 *
 * Values are plain numbers: a higher value is a better hand, equal values split the pot. A value
 * encodes (category, up to five tie-break ranks); see {@link handValue}. The ranking and the
 * tie-break order (kickers) follow the standard rules of poker as used by OpenSpiel's
 * `universal_poker` (ACPC hand evaluation) and the 2+2 / Cactus Kev evaluators.
 */

/** Hand categories, in the standard order (lowest first). */
export const HAND_CATEGORIES = [
  'high card',
  'one pair',
  'two pair',
  'three of a kind',
  'straight',
  'flush',
  'full house',
  'four of a kind',
  'straight flush',
  'five of a kind',
] as const;
export type HandCategory = (typeof HAND_CATEGORIES)[number];

/** One card for ranking: its rank's position in the deck's rank order (0 = lowest) and its suit index. */
export interface RankedCard {
  rank: number;
  suit: number;
}

/** Options of {@link evaluateHand}. */
export interface PokerRules {
  /** Number of ranks in the deck (positions 0 … numRanks − 1); the top rank also plays low in straights. */
  numRanks: number;
  /** Whether suits count (flushes, straight flushes). Default true. */
  suited?: boolean;
  /** Short-deck order: a flush beats a full house. Default false. */
  flushBeatsFullHouse?: boolean;
}

/** A ranked hand: its category, the five (or fewer) cards that make it, and a comparable value. */
export interface HandRanking {
  category: HandCategory;
  /** The cards of the best hand, most significant first (the cards that make the category, then kickers). */
  cards: RankedCard[];
  /** Higher is better; equal values tie. */
  value: number;
}

const BASE = 257; // rank positions 0..255 encode as 1..256; 0 means "no card"
const CATEGORY_SCALE = BASE ** 5;

/**
 * The comparable value of a category and its tie-break ranks (most significant first, at most
 * five): `order(category) · 257⁵ + Σ (rank + 1) · 257^(4 − i)`. Below 2^53 for up to 256 ranks.
 */
export function handValue(categoryOrder: number, tiebreak: readonly number[]): number {
  let v = 0;
  for (let i = 0; i < 5; i++) v = v * BASE + (i < tiebreak.length ? tiebreak[i] + 1 : 0);
  return categoryOrder * CATEGORY_SCALE + v;
}

/** The category's position in the ranking order under `rules` (short decks swap flush and full house). */
function categoryOrder(category: HandCategory, rules: PokerRules): number {
  const i = HAND_CATEGORIES.indexOf(category);
  if (!rules.flushBeatsFullHouse) return i;
  if (category === 'flush') return HAND_CATEGORIES.indexOf('full house');
  if (category === 'full house') return HAND_CATEGORIES.indexOf('flush');
  return i;
}

/**
 * The highest straight among `cards` (distinct ranks), as the five cards from the top rank down,
 * or null. The deck's top rank also counts as the rank below position 0.
 */
function bestStraight(cards: readonly RankedCard[], numRanks: number): RankedCard[] | null {
  if (cards.length < 5 || numRanks < 5) return null;
  const byRank = new Map<number, RankedCard>();
  for (const c of cards) if (!byRank.has(c.rank)) byRank.set(c.rank, c);
  const top = numRanks - 1;
  for (let high = top; high >= 3; high--) {
    const run: RankedCard[] = [];
    for (let r = high; r > high - 5; r--) {
      const c = r >= 0 ? byRank.get(r) : undefined;
      const low = r === -1 ? byRank.get(top) : c; // the top rank playing low
      if (!low) break;
      run.push(low);
    }
    if (run.length === 5) return run;
  }
  return null;
}

const byRankDesc = (a: RankedCard, b: RankedCard) => b.rank - a.rank || a.suit - b.suit;

/**
 * Rank the best five-card hand (or the best hand of fewer cards) in `cards`.
 * @throws RangeError when a card's rank is outside 0 … numRanks − 1 or numRanks exceeds 256
 */
export function evaluateHand(cards: readonly RankedCard[], rules: PokerRules): HandRanking {
  if (!(Number.isInteger(rules.numRanks) && rules.numRanks >= 1 && rules.numRanks <= 256))
    throw new RangeError(`numRanks must be 1 to 256, got ${rules.numRanks}`);
  for (const c of cards)
    if (!(Number.isInteger(c.rank) && c.rank >= 0 && c.rank < rules.numRanks)) throw new RangeError(`card rank ${c.rank} is outside 0..${rules.numRanks - 1}`);
  const suited = rules.suited ?? true;
  const make = (category: HandCategory, made: RankedCard[]): HandRanking => ({
    category,
    cards: made,
    value: handValue(categoryOrder(category, rules), category === 'straight' || category === 'straight flush' ? [made[0].rank] : made.map((c) => c.rank)),
  });
  const sorted = [...cards].sort(byRankDesc);
  const candidates: HandRanking[] = [];

  // Groups of equal rank, largest group first, then higher rank.
  const groups = new Map<number, RankedCard[]>();
  for (const c of sorted) {
    const g = groups.get(c.rank);
    if (g) g.push(c);
    else groups.set(c.rank, [c]);
  }
  const ordered = [...groups.values()].sort((a, b) => b.length - a.length || b[0].rank - a[0].rank);
  const kickers = (used: readonly RankedCard[], n: number) => sorted.filter((c) => !used.includes(c)).slice(0, n);

  if (suited) {
    const bySuit = new Map<number, RankedCard[]>();
    for (const c of sorted) {
      const s = bySuit.get(c.suit);
      if (s) s.push(c);
      else bySuit.set(c.suit, [c]);
    }
    for (const suitCards of bySuit.values()) {
      if (suitCards.length < 5) continue;
      const sf = bestStraight(suitCards, rules.numRanks);
      if (sf) candidates.push(make('straight flush', sf));
      candidates.push(make('flush', suitCards.slice(0, 5)));
    }
  }
  const straight = bestStraight(sorted, rules.numRanks);
  if (straight) candidates.push(make('straight', straight));

  const [g0, g1] = ordered;
  if (g0 && g0.length >= 5) candidates.push(make('five of a kind', g0.slice(0, 5)));
  if (g0 && g0.length >= 4) {
    const four = g0.slice(0, 4);
    candidates.push(make('four of a kind', [...four, ...kickers(four, 1)]));
  }
  if (g0 && g0.length >= 3) {
    // The best pair to go with the trips: any other group of two or more (a second trips included).
    const pairGroup = ordered
      .slice(1)
      .filter((g) => g.length >= 2)
      .sort((a, b) => b[0].rank - a[0].rank)[0];
    if (pairGroup) candidates.push(make('full house', [...g0.slice(0, 3), ...pairGroup.slice(0, 2)]));
    const three = g0.slice(0, 3);
    candidates.push(make('three of a kind', [...three, ...kickers(three, 2)]));
  }
  if (g0 && g1 && g0.length >= 2 && g1.length >= 2) {
    const pairs = [...g0.slice(0, 2), ...g1.slice(0, 2)];
    candidates.push(make('two pair', [...pairs, ...kickers(pairs, 1)]));
  }
  if (g0 && g0.length >= 2) {
    const pair = g0.slice(0, 2);
    candidates.push(make('one pair', [...pair, ...kickers(pair, 3)]));
  }
  candidates.push(make('high card', sorted.slice(0, 5)));
  let best = candidates[0];
  for (const c of candidates) if (c.value > best.value) best = c;
  return best;
}

/** What a deck allows, for {@link possibleCategories}. */
export interface DeckShape {
  /** Number of ranks. */
  numRanks: number;
  /** Most cards of one rank in the deck (suits × copies). */
  perRank: number;
  /** Most cards of one suit in the deck (ranks × copies). */
  perSuit: number;
}

/**
 * The categories a deck can make under `rules`, best first (the rulebook's ranking): straights
 * need five ranks, flushes need suits that count and five cards of a suit, four of a kind four
 * cards of a rank, and so on. Short-deck order puts a flush above a full house.
 */
export function possibleCategories(deck: DeckShape, rules: Omit<PokerRules, 'numRanks'>): HandCategory[] {
  const suited = rules.suited ?? true;
  const possible = (c: HandCategory): boolean => {
    switch (c) {
      case 'high card':
        return true;
      case 'one pair':
        return deck.perRank >= 2;
      case 'two pair':
        return deck.perRank >= 2 && deck.numRanks >= 2;
      case 'three of a kind':
        return deck.perRank >= 3;
      case 'straight':
        return deck.numRanks >= 5;
      case 'flush':
        return suited && deck.perSuit >= 5;
      case 'full house':
        return deck.perRank >= 3 && deck.numRanks >= 2;
      case 'four of a kind':
        return deck.perRank >= 4;
      case 'straight flush':
        return suited && deck.numRanks >= 5;
      case 'five of a kind':
        return deck.perRank >= 5;
    }
  };
  return HAND_CATEGORIES.filter(possible).sort(
    (a, b) => categoryOrder(b, { numRanks: deck.numRanks, ...rules }) - categoryOrder(a, { numRanks: deck.numRanks, ...rules }),
  );
}
