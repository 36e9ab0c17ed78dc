/**
 * E0231–E0234: what the engine can hold. The two-seat interpreter stores a deck of at most 255
 * cards in bytes and a larger one (a six-deck shoe) in 16-bit numbers, up to 1,040 cards (twenty
 * decks); the table engine holds at most 255; piles are kept in a small table; loops, nesting, expressions and sub-phase call chains are
 * bounded so every game plays, enumerates and renders in bounded time and memory; the game has a
 * name (an empty `end` reason is replaced by a default when lowering).
 */
import { error, type Diagnostic } from '../../diagnostics/diagnostic.js';
import type { BoolExpr, IntExpr, Step } from '../../ir/schema.js';
import { visitSteps } from '../../ir/walk.js';
import { allBlocks, isTableGame, subphaseMap } from '../../ir/facts.js';
import type { Check } from './check.js';

export const MAX_DECK = 1040;
/** The most cards of a table game's deck (3 to 6 seats or a button; the table engine). */
export const MAX_TABLE_DECK = 255;
export const MAX_PILES = 28;
export const MAX_ROUNDS = 1000;
export const MAX_DEPTH = 64;

function intSize(e: IntExpr): number {
  return e.kind === 'add' || e.kind === 'sub' || e.kind === 'mul' ? intSize(e.left) + intSize(e.right) : 1;
}

function condSize(c: BoolExpr): number {
  switch (c.kind) {
    case 'and':
    case 'or':
      return c.args.reduce((n, a) => n + condSize(a), 0);
    case 'not':
      return 1 + condSize(c.arg);
    case 'cmp':
      return intSize(c.left) + intSize(c.right);
    default:
      return 1;
  }
}

function exprSizes(st: Step): number[] {
  switch (st.kind) {
    case 'if':
      return st.branches.map((b) => condSize(b.cond));
    case 'triggers':
      return st.items.map((b) => condSize(b.cond));
    case 'repeat':
      return st.until ? [condSize(st.until)] : [];
    case 'sidebet':
      return [condSize(st.cond)];
    case 'set':
      return [intSize(st.value)];
    default:
      return [];
  }
}

export const checkLimits: Check = ({ ir, spanOf }) => {
  const out: Diagnostic[] = [];
  const fallback = ir.phases[0]!;
  const cards = ir.deck.ranks.length * ir.deck.suits.length * ir.deck.copies;
  const maxDeck = isTableGame(ir) ? MAX_TABLE_DECK : MAX_DECK;
  if (cards > maxDeck)
    out.push(error('E0231', `the deck has ${cards} cards; the ${isTableGame(ir) ? 'table engine' : 'engine'} holds at most ${maxDeck}`, spanOf(ir.deck)));
  if (ir.piles.length > MAX_PILES)
    out.push(error('E0231', `the game declares ${ir.piles.length} piles; the engine holds at most ${MAX_PILES}`, spanOf(fallback)));
  if (ir.name === '') out.push(error('E0234', 'the game needs a name', spanOf(fallback)));
  for (const p of allBlocks(ir))
    visitSteps(p.steps, (st, depth) => {
      if (st.kind === 'repeat' && st.max > MAX_ROUNDS) out.push(error('E0232', `a loop may run at most ${MAX_ROUNDS} rounds, not ${st.max}`, spanOf(st)));
      if (depth >= MAX_DEPTH) out.push(error('E0233', `steps are nested more than ${MAX_DEPTH} blocks deep here`, spanOf(st)));
      if (exprSizes(st).some((n) => n > MAX_DEPTH)) out.push(error('E0233', `an expression here has more than ${MAX_DEPTH} terms`, spanOf(st)));
    });
  // Longest chain of sub-phase calls (the call graph has no cycles by then, or E0224 reports them).
  const subs = subphaseMap(ir);
  const memo = new Map<string, number>();
  const chain = (name: string, seen: Set<string>): number => {
    if (memo.has(name)) return memo.get(name)!;
    if (seen.has(name) || seen.size > MAX_DEPTH) return 0;
    seen.add(name);
    let longest = 0;
    visitSteps(subs.get(name) ?? [], (st) => {
      if (st.kind === 'call') longest = Math.max(longest, chain(st.phase, seen));
    });
    seen.delete(name);
    memo.set(name, longest + 1);
    return longest + 1;
  };
  for (const p of ir.subphases) {
    const n = chain(p.name, new Set());
    if (n > MAX_DEPTH) {
      out.push(error('E0233', `sub-phase '${p.name}' starts a chain of ${n} sub-phases calling one another; at most ${MAX_DEPTH}`, spanOf(p)));
      break;
    }
  }
  return out;
};
