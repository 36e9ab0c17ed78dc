/**
 * Why a poker-hand showdown went as it did, in words: the winner's category against the loser's,
 * or, within one category, the part of the hand that decides it (the pair, the three of a kind, the
 * straight's top card ...) and then the kicker, with the parts that tie. Pure: it reads the two best
 * hands the showdown logged (`HAND` events), never ranks them again.
 */
import { HAND_CATEGORIES, type HandCategory } from './poker-hand.js';

/** A best hand as logged: its category and its cards' ranks, most significant first. */
export interface LoggedHand {
  category: HandCategory;
  /** Comparable rank per card (higher is better), in the hand's order. */
  ranks: number[];
  /** Display name of each card's rank (`K`, `9`). */
  rankNames: string[];
}

/** How the cards of a hand of each category group, most significant group first. */
const GROUPS: Record<HandCategory, number[]> = {
  'high card': [1, 1, 1, 1, 1],
  'one pair': [2, 1, 1, 1],
  'two pair': [2, 2, 1],
  'three of a kind': [3, 1, 1],
  straight: [5],
  flush: [1, 1, 1, 1, 1],
  'full house': [3, 2],
  'four of a kind': [4, 1],
  'straight flush': [5],
  'five of a kind': [5],
};

/** `a flush`, `one pair`: a category after "has". */
export const withArticle = (c: HandCategory): string => (/^(straight|flush|full)/.test(c) ? `a ${c}` : c);

/** One group of a hand in words: `pair of K`, `three 9`, `kicker Q`, `K` (a card of a high-card hand or flush), `straight to the K`. */
function groupWords(category: HandCategory, size: number, rank: string): string {
  if (size === 5) return category === 'five of a kind' ? `five ${rank}` : `${category} to the ${rank}`;
  if (size === 4) return `four ${rank}`;
  if (size === 3) return `three ${rank}`;
  if (size === 2) return `pair of ${rank}`;
  return category === 'high card' || category === 'flush' ? rank : `kicker ${rank}`;
}

/**
 * The reason in words.
 * @param winner 0 or 1, or −1 for a tie
 * @param names the seats' names
 */
export function pokerShowdownReason(hands: readonly [LoggedHand, LoggedHand], winner: number, names: readonly [string, string]): string {
  const [h0, h1] = hands;
  if (winner >= 0 && h0.category !== h1.category) {
    const w = hands[winner];
    const l = hands[1 - winner];
    return `${names[winner]}'s ${w.category} beats ${names[1 - winner]}'s ${l.category}`;
  }
  const category = h0.category;
  const groups = GROUPS[category];
  // Walk the groups until the two hands differ.
  const tied: string[] = [];
  let at = 0;
  for (const size of groups) {
    if (at >= h0.ranks.length || at >= h1.ranks.length) break;
    const differs = h0.ranks[at] !== h1.ranks[at];
    if (differs && winner >= 0) {
      const w = hands[winner];
      const l = hands[1 - winner];
      const rank = (h: LoggedHand) => groupWords(category, size, h.rankNames[at]);
      return `both have ${withArticle(category)}; ${names[winner]}'s ${rank(w)} beats ${names[1 - winner]}'s ${rank(l)}${tied.length ? ` (${tied.join(', ')} tie)` : ''}`;
    }
    tied.push(groupWords(category, size, h0.rankNames[at]));
    at += size;
  }
  if (winner >= 0) return `both have ${withArticle(category)}; ${names[winner]}'s best hand has more cards`;
  return `both have ${withArticle(category)} of the same ranks (${tied.join(', ')})`;
}

/** The category at an index of {@link HAND_CATEGORIES}. */
export const categoryAt = (i: number): HandCategory => HAND_CATEGORIES[i];
