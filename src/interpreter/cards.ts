/**
 * Card types and names.
 *
 * A card *type* is `rankIndex * suits.length + suitIndex` (ranks and suits in the order the deck
 * lists them). With `copies` > 1 several physical cards share one type; piles hold card types.
 * A card's name is `"{rank} of {suit}"`, e.g. `"K of hearts"`.
 */
import type { Deck } from '../ir/schema.js';

/** Number of distinct card types of a deck (ranks × suits). */
export function numCardTypes(deck: Deck): number {
  return deck.ranks.length * deck.suits.length;
}

/** The card type of a rank and a suit (both indices into the deck's lists). */
export function cardType(deck: Deck, rankIndex: number, suitIndex: number): number {
  return rankIndex * deck.suits.length + suitIndex;
}

/** Rank index of a card type. */
export function rankOf(deck: Deck, type: number): number {
  return Math.floor(type / deck.suits.length);
}

/** `"{rank} of {suit}"` for a card type. @throws RangeError for a type outside the deck. */
export function cardName(deck: Deck, type: number): string {
  const rank = deck.ranks[rankOf(deck, type)];
  if (!Number.isInteger(type) || type < 0 || rank === undefined) throw new RangeError(`no card type ${type} in this deck`);
  return `${rank.name} of ${deck.suits[type % deck.suits.length]}`;
}

/**
 * The full deck in canonical order: rank-major as the ranks are listed, then suit, then copy.
 * Index 0 is the top card (the one an unshuffled deal takes first).
 */
export function canonicalDeck(deck: Deck): Uint16Array {
  const out = new Uint16Array(numCardTypes(deck) * deck.copies);
  let i = 0;
  for (let r = 0; r < deck.ranks.length; r++) for (let s = 0; s < deck.suits.length; s++) for (let c = 0; c < deck.copies; c++) out[i++] = cardType(deck, r, s);
  return out;
}
