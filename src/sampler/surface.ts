/**
 * The game-wide surface: the deck (ranks with values, suits, copies), starting cards, stacks,
 * the ante, and the showdown's scoring rules. At c = 0 this is Kuhn's surface (three or four
 * ranks of one suit, one card each, an ante of 1).
 */
import type { Rank, ScoringRule } from '../ir/schema.js';
import type { Builder } from './context.js';
import { WORDS } from './names.js';

/** Rank ladders: names with their values, lowest first. */
const FACES: Rank[] = ['2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K', 'A'].map((name, i) => ({ name, value: i + 2 }));
const NUMBERS: Rank[] = Array.from({ length: 12 }, (_, i) => ({ name: String(i + 1), value: i + 1 }));

/** Draw `n` ranks: a window of the face ladder ending at K or A, or the numbers 1..n. */
export function drawRanks(b: Builder, n: number): Rank[] {
  if (b.draw.chance(0.25 * b.dial.c)) return NUMBERS.slice(0, n);
  const top = b.draw.chance(0.5) ? 12 : 13; // index after K or after A
  return FACES.slice(top - n, top);
}

/**
 * Draw the deck, starting cards, stacks and antes (per seat). `cardsNeeded` is the structure's estimate of the
 * cards it deals; suits are added until the deck holds them with room to spare.
 */
export function drawSurface(b: Builder, cardsNeeded: number): void {
  const d = b.dial;
  const [rLo, rHi] = d.rankRange;
  const nRanks = b.draw.int(rLo, rHi);
  const ranks = drawRanks(b, nRanks);
  const suitSet = b.draw.pick(WORDS.suits);
  let nSuits = 1 + b.draw.binomial(3, d.extraSuit);
  const copies = b.draw.chance(d.secondCopy) ? 2 : 1;
  b.startCards = 1 + b.draw.binomial(2, d.extraCard);
  const need = cardsNeeded + 2 * b.startCards;
  while (nSuits < 4 && nRanks * nSuits * copies < need) nSuits++;
  b.suitSet = suitSet;
  b.deck = { ranks, suits: suitSet.slice(0, nSuits), copies };
  const [sLo, sHi] = d.stackRange;
  const stack = b.draw.int(sLo, sHi);
  const other = b.draw.chance(d.unequalStacks) ? Math.max(sLo, stack + b.draw.pick([-3, -2, -1, 1, 2, 3])) : stack;
  b.stacks = [stack, other];
  const ante = Math.max(1, Math.min(1 + b.draw.binomial(2, d.extraAnte), Math.floor(Math.min(stack, other) / 3)));
  // Blinds: with the dial, the second seat antes one chip more when it can afford it.
  const blind = b.draw.chance(0.2 * d.c) && ante + 1 <= Math.floor(other / 3) ? 1 : 0;
  b.antes = [ante, ante + blind];
}

/**
 * Scoring rules of the sum-of-ranks showdown: up to two, each a bonus or a penalty for a pair of a
 * rank (only when a hand can hold a pair) or per card of a rank.
 */
export function drawScoring(b: Builder, maxHand: number): ScoringRule[] {
  const n = b.draw.binomial(2, 0.6);
  const rules: ScoringRule[] = [];
  const used = new Set<number>();
  for (let i = 0; i < n; i++) {
    const rank = b.draw.int(0, b.deck.ranks.length - 1);
    if (used.has(rank)) continue;
    used.add(rank);
    const pairable = maxHand >= 2 && b.deck.suits.length * b.deck.copies >= 2;
    if (pairable && b.draw.chance(0.5)) rules.push({ kind: 'pair', rank, points: b.draw.int(2, 4) });
    else rules.push({ kind: 'each', rank, points: b.draw.chance(0.5) ? b.draw.int(1, 3) : -b.draw.int(1, 3) });
  }
  return rules;
}
