/**
 * Facts about a deck that the `poker-hand` showdown reads, shared by the interpreter and the
 * renderer.
 */
import type { GameIR } from './schema.js';

/**
 * The deck's rank indices ordered by value, lowest first: the order in which poker hands rank
 * (a straight is five consecutive ranks of it; the last one also plays below the first). The
 * compiler rejects a poker-hand game whose rank values are not distinct (E0245).
 */
export function pokerRankOrder(ir: Pick<GameIR, 'deck'>): number[] {
  return ir.deck.ranks.map((_, i) => i).sort((a, b) => ir.deck.ranks[a].value - ir.deck.ranks[b].value || a - b);
}
