/**
 * Repairs of incoherent draws before a game is emitted (GENSTRAT v1 §3: "a series of structural
 * checks and repairs helps ensure games are coherent and playable"). Most coherence is kept while
 * drawing (conditions from satisfiable templates, antes within the stacks, a free option in every
 * choice, blocks that would exceed the move budget left out); what is left to repair afterwards
 * is the deck, whose size must cover every card the game may deal.
 */
import type { Builder } from './context.js';

/** Most suits a generated deck has. */
export const MAX_SUITS = 4;

/**
 * Grow the deck until it holds every card the game may deal in the worst case (all deals,
 * loops at their maximum, every conditional deal taken): first suits (up to {@link MAX_SUITS}),
 * then copies. Ranks are never added, so rank indices in conditions and scoring rules keep
 * their meaning.
 * @returns the number of cards added to the deck (0 when it was large enough).
 */
export function repairDeck(b: Builder): number {
  const suitNames = b.suitSet;
  const before = b.deckSize;
  const need = b.cardsWorst;
  while (b.deckSize < need && b.deck.suits.length < Math.min(MAX_SUITS, suitNames.length))
    b.deck = { ...b.deck, suits: suitNames.slice(0, b.deck.suits.length + 1) };
  while (b.deckSize < need) b.deck = { ...b.deck, copies: b.deck.copies + 1 };
  return b.deckSize - before;
}
