/**
 * Expressions: IR integer and boolean expressions compiled once into small closures over a
 * state's registers and piles (no AST walk at play time), and printed as short English text
 * for condition events and prompts.
 *
 * Semantics (IR `IntExpr`/`BoolExpr`): `highest(S)` is the value of S's highest card (0 for an
 * empty hand); `score(S)` the sum of S's score adjustments; `size(P)` the cards in a pile;
 * `has`: S holds a card of one of the ranks; `hasPair`: S holds two or more cards of one rank;
 * `holds`: S holds the position; `pileHighest`/`pileLowest`: the value of the highest/lowest card
 * in a public pile (0 for an empty pile); `pileHas`: the public pile holds a card of one of the ranks. A seat reference `any`/`each` makes the enclosing comparison
 * (or has/hasPair/holds) hold when it holds for at least one / both seats.
 */
import { humanize } from '../util/names.js';
import type { BoolExpr, IntExpr, PileRef, SeatRef } from '../ir/schema.js';
import { ProgramError, type BoolFn, type IntFn, type Memory } from './program.js';

/** What the expression compiler needs to know about the game's layout. */
export interface ExprContext {
  seatNames: readonly [string, string];
  rankNames: readonly string[];
  pileNames: readonly string[];
  /** Pile index of a pile reference. @throws ProgramError for an unknown pile */
  pile(ref: PileRef): number;
  /** Register of a variable. @throws ProgramError for an unknown variable */
  varReg(name: string): number;
  /** Register of a position's holder. @throws ProgramError for an unknown position */
  posReg(name: string): number;
  /** Whether a position is hidden (each seat is told only whether it holds it). @throws ProgramError for an unknown position */
  posHidden(name: string): boolean;
  /** Register of the auction winner, or -1 when the game has none. */
  winnerReg: number;
  /** Registers of the seats' scores. */
  scoreReg: number;
  /** Index in the pile array of a pile's first card. */
  pileBase(pile: number): number;
  cardValue: Int32Array;
  cardRank: Int32Array;
  numRanks: number;
}

/** Register indices of the pot and the stacks (see `layout.ts`; repeated to keep this module free of state imports). */
const POT = 3;
const STACK = 4;

type Quant = 'any' | 'each' | null;

function quantOfSeat(s: SeatRef): Quant {
  return s.kind === 'any' || s.kind === 'each' ? s.kind : null;
}

function quantOfInt(e: IntExpr): Quant {
  switch (e.kind) {
    case 'stack':
    case 'handSize':
    case 'highest':
    case 'total':
    case 'score':
      return quantOfSeat(e.seat);
    case 'add':
    case 'sub':
    case 'mul':
      return quantOfInt(e.left) ?? quantOfInt(e.right);
    default:
      return null;
  }
}

/** A seat reference as a function of the machine and the quantified seat. */
function seatFn(s: SeatRef, ctx: ExprContext): (m: Memory, q: number) => number {
  switch (s.kind) {
    case 'seat': {
      const seat = s.seat;
      return () => seat;
    }
    case 'winner': {
      const reg = ctx.winnerReg;
      if (reg < 0) throw new ProgramError("'winner' used outside an auction's prize");
      return (m) => m.r[reg];
    }
    default:
      return (_m, q) => q;
  }
}

type Op = '<' | '<=' | '>' | '>=' | '==' | '!=';

/** A comparison of an expression with a constant. */
function compare(op: Op, l: IntFn, v: number): (m: Memory, q: number) => boolean {
  switch (op) {
    case '<':
      return (m, q) => l(m, q) < v;
    case '<=':
      return (m, q) => l(m, q) <= v;
    case '>':
      return (m, q) => l(m, q) > v;
    case '>=':
      return (m, q) => l(m, q) >= v;
    case '==':
      return (m, q) => l(m, q) === v;
    case '!=':
      return (m, q) => l(m, q) !== v;
  }
}

/** A comparison of two expressions. */
function compareTo(op: Op, l: IntFn, r: IntFn): (m: Memory, q: number) => boolean {
  switch (op) {
    case '<':
      return (m, q) => l(m, q) < r(m, q);
    case '<=':
      return (m, q) => l(m, q) <= r(m, q);
    case '>':
      return (m, q) => l(m, q) > r(m, q);
    case '>=':
      return (m, q) => l(m, q) >= r(m, q);
    case '==':
      return (m, q) => l(m, q) === r(m, q);
    case '!=':
      return (m, q) => l(m, q) !== r(m, q);
  }
}

/** Lift a per-seat test over a quantifier: `any` → seat 0 or 1; `each` → both; none → q = -1. */
function quantify(quant: Quant, test: (m: Memory, q: number) => boolean): BoolFn {
  if (quant === 'any') return (m) => test(m, 0) || test(m, 1);
  if (quant === 'each') return (m) => test(m, 0) && test(m, 1);
  return (m) => test(m, -1);
}

/**
 * Cost probes (`costs.ts`): while `probe.seat` is a seat, reading the cards of the other seat's
 * hand throws {@link HIDDEN_READ}, so a play-out made to measure what an action costs that seat
 * can never depend on cards it does not see. -1 (the default): no probe. `cardReads` counts the
 * card reads made during a probe (any hand or pile, by an expression or an `assign`), so that a
 * probe can tell whether the cards a chance node deals were ever looked at.
 */
export const probe = { seat: -1, cardReads: 0 };

/** Thrown by a card-reading expression during a cost probe when it reads the other seat's hand. */
export const HIDDEN_READ = new Error('cost probe: the outcome depends on cards the seat does not see');

/**
 * During a cost probe, an `assign` that compared the other seat's cards (highest or lowest card)
 * stores this in the position's register instead of the holder: the probing seat cannot know the
 * outcome, so a rule reading the position (`holds`) stops that continuation with
 * {@link HIDDEN_READ}. Only probe states (throwaway copies) ever hold it.
 */
export const POSITION_UNSEEN_IN_PROBE = -2;

/** Compile an integer expression. */
export function compileInt(e: IntExpr, ctx: ExprContext): IntFn {
  switch (e.kind) {
    case 'int': {
      const v = e.value;
      return () => v;
    }
    case 'var': {
      const reg = ctx.varReg(e.name);
      return (m) => m.r[reg];
    }
    case 'pot':
      return (m) => m.r[POT];
    case 'stack': {
      if (e.seat.kind === 'seat') {
        const reg = STACK + e.seat.seat;
        return (m) => m.r[reg];
      }
      const seat = seatFn(e.seat, ctx);
      return (m, q) => m.r[STACK + seat(m, q)];
    }
    case 'size': {
      const pile = ctx.pile(e.pile);
      return (m) => m.piles[pile];
    }
    case 'handSize': {
      if (e.seat.kind === 'seat') {
        const pile = 1 + e.seat.seat;
        return (m) => m.piles[pile];
      }
      const seat = seatFn(e.seat, ctx);
      return (m, q) => m.piles[1 + seat(m, q)];
    }
    case 'highest': {
      const seat = seatFn(e.seat, ctx);
      const values = ctx.cardValue;
      const base0 = ctx.pileBase(1);
      const stride = ctx.pileBase(2) - base0;
      return (m, q) => {
        const s = seat(m, q);
        if (probe.seat >= 0) {
          if (s !== probe.seat) throw HIDDEN_READ;
          probe.cardReads++;
        }
        const len = m.piles[1 + s];
        if (len === 0) return 0;
        const base = base0 + s * stride;
        let best = values[m.piles[base]];
        for (let i = 1; i < len; i++) {
          const v = values[m.piles[base + i]];
          if (v > best) best = v;
        }
        return best;
      };
    }
    case 'total': {
      const seat = seatFn(e.seat, ctx);
      const values = ctx.cardValue;
      const base0 = ctx.pileBase(1);
      const stride = ctx.pileBase(2) - base0;
      return (m, q) => {
        const s = seat(m, q);
        if (probe.seat >= 0) {
          if (s !== probe.seat) throw HIDDEN_READ;
          probe.cardReads++;
        }
        const len = m.piles[1 + s];
        const base = base0 + s * stride;
        let sum = 0;
        for (let i = 0; i < len; i++) sum += values[m.piles[base + i]];
        return sum;
      };
    }
    case 'pileTotal': {
      // A public pile (the compiler refuses hidden ones).
      const pile = ctx.pile({ kind: 'pile', name: e.pile });
      const base = ctx.pileBase(pile);
      const values = ctx.cardValue;
      return (m) => {
        if (probe.seat >= 0) probe.cardReads++;
        const len = m.piles[pile];
        let sum = 0;
        for (let i = 0; i < len; i++) sum += values[m.piles[base + i]];
        return sum;
      };
    }
    case 'pileHighest':
    case 'pileLowest': {
      // A public pile (the compiler refuses hidden ones), so no cost-probe check is needed.
      const pile = ctx.pile({ kind: 'pile', name: e.pile });
      const base = ctx.pileBase(pile);
      const values = ctx.cardValue;
      const high = e.kind === 'pileHighest';
      return (m) => {
        if (probe.seat >= 0) probe.cardReads++;
        const len = m.piles[pile];
        if (len === 0) return 0;
        let best = values[m.piles[base]];
        for (let i = 1; i < len; i++) {
          const v = values[m.piles[base + i]];
          if (high ? v > best : v < best) best = v;
        }
        return best;
      };
    }
    case 'score': {
      const seat = seatFn(e.seat, ctx);
      const reg = ctx.scoreReg;
      return (m, q) => m.r[reg + seat(m, q)];
    }
    case 'add':
    case 'sub': {
      // A constant right operand (a counter's `+ 1`, a threshold's offset) and a variable left one are read in the same closure.
      const sign = e.kind === 'add' ? 1 : -1;
      if (e.right.kind === 'int') {
        const k = sign * e.right.value;
        if (e.left.kind === 'var') {
          const reg = ctx.varReg(e.left.name);
          return (m) => m.r[reg] + k;
        }
        const l = compileInt(e.left, ctx);
        return (m, q) => l(m, q) + k;
      }
      const l = compileInt(e.left, ctx);
      const r = compileInt(e.right, ctx);
      return e.kind === 'add' ? (m, q) => l(m, q) + r(m, q) : (m, q) => l(m, q) - r(m, q);
    }
    case 'mul': {
      // Exact while |product| < 2^53; beyond that the value is far past any chip count or
      // variable range (the steps that use it clamp to a stack or refuse it, see `set`).
      const l = compileInt(e.left, ctx);
      const r = compileInt(e.right, ctx);
      return (m, q) => l(m, q) * r(m, q);
    }
  }
}

/** Count the cards of each rank in a seat's hand into `out` (length ≥ number of ranks). */
function rankCounts(m: Memory, seat: number, ctx: ExprContext, base: number, out: Int32Array): void {
  for (let i = 0; i < out.length; i++) out[i] = 0;
  const len = m.piles[1 + seat];
  for (let i = 0; i < len; i++) out[ctx.cardRank[m.piles[base + i]]]++;
}

/** Compile a condition. */
export function compileBool(e: BoolExpr, ctx: ExprContext): BoolFn {
  switch (e.kind) {
    case 'bool': {
      const v = e.value;
      return () => v;
    }
    case 'cmp': {
      const l = compileInt(e.left, ctx);
      const quant = quantOfInt(e.left) ?? quantOfInt(e.right);
      // A literal on the right (the common case) is compared as a constant.
      if (e.right.kind === 'int') return quantify(quant, compare(e.op, l, e.right.value));
      return quantify(quant, compareTo(e.op, l, compileInt(e.right, ctx)));
    }
    case 'and': {
      const args = e.args.map((a) => compileBool(a, ctx));
      if (args.length === 2) {
        const [a, b] = args;
        return (m) => a(m) && b(m);
      }
      return (m) => {
        for (const f of args) if (!f(m)) return false;
        return true;
      };
    }
    case 'or': {
      const args = e.args.map((a) => compileBool(a, ctx));
      if (args.length === 2) {
        const [a, b] = args;
        return (m) => a(m) || b(m);
      }
      return (m) => {
        for (const f of args) if (f(m)) return true;
        return false;
      };
    }
    case 'not': {
      const arg = compileBool(e.arg, ctx);
      return (m) => !arg(m);
    }
    case 'has': {
      const seat = seatFn(e.seat, ctx);
      const wanted = new Uint8Array(ctx.numRanks);
      for (const rank of e.ranks) {
        if (rank >= ctx.numRanks) throw new ProgramError(`rank index ${rank} is outside the deck`);
        wanted[rank] = 1;
      }
      const base0 = ctx.pileBase(1);
      const stride = ctx.pileBase(2) - base0;
      const rankOf = ctx.cardRank;
      return quantify(quantOfSeat(e.seat), (m, q) => {
        const s = seat(m, q);
        if (probe.seat >= 0) {
          if (s !== probe.seat) throw HIDDEN_READ;
          probe.cardReads++;
        }
        const base = base0 + s * stride;
        const len = m.piles[1 + s];
        for (let i = 0; i < len; i++) if (wanted[rankOf[m.piles[base + i]]]) return true;
        return false;
      });
    }
    case 'hasPair': {
      const seat = seatFn(e.seat, ctx);
      const counts = new Int32Array(ctx.numRanks);
      const bases = [ctx.pileBase(1), ctx.pileBase(2)];
      return quantify(quantOfSeat(e.seat), (m, q) => {
        const s = seat(m, q);
        if (probe.seat >= 0) {
          if (s !== probe.seat) throw HIDDEN_READ;
          probe.cardReads++;
        }
        rankCounts(m, s, ctx, bases[s], counts);
        return counts.some((c) => c >= 2);
      });
    }
    case 'pileHas': {
      const pile = ctx.pile({ kind: 'pile', name: e.pile });
      const base = ctx.pileBase(pile);
      const wanted = new Uint8Array(ctx.numRanks);
      for (const rank of e.ranks) {
        if (rank >= ctx.numRanks) throw new ProgramError(`rank index ${rank} is outside the deck`);
        wanted[rank] = 1;
      }
      const rankOf = ctx.cardRank;
      return (m) => {
        if (probe.seat >= 0) probe.cardReads++;
        const len = m.piles[pile];
        for (let i = 0; i < len; i++) if (wanted[rankOf[m.piles[base + i]]]) return true;
        return false;
      };
    }
    case 'holds': {
      const seat = seatFn(e.seat, ctx);
      const reg = ctx.posReg(e.position);
      const hidden = ctx.posHidden(e.position);
      return quantify(quantOfSeat(e.seat), (m, q) => {
        const holder = m.r[reg];
        const who = seat(m, q);
        if (probe.seat >= 0) {
          // A position assigned during the probe by comparing the other seat's cards (see `assign` in steps.ts).
          if (holder === POSITION_UNSEEN_IN_PROBE) throw HIDDEN_READ;
          // A hidden position the probing seat does not hold: whether the other seat holds it is not told.
          if (hidden && who !== probe.seat && holder !== probe.seat) throw HIDDEN_READ;
        }
        return holder === who;
      });
    }
  }
}

// ---------------------------------------------------------------- text

const OPS: Record<string, string> = { '<': 'is less than', '<=': 'is at most', '>': 'is more than', '>=': 'is at least', '==': 'is', '!=': 'is not' };

function seatText(s: SeatRef, ctx: ExprContext): string {
  switch (s.kind) {
    case 'seat':
      return ctx.seatNames[s.seat];
    case 'any':
      return 'either seat';
    case 'each':
      return 'each seat';
    case 'winner':
      return 'the winner';
  }
}

const possessive = (who: string): string => (who.endsWith('s') ? `${who}'` : `${who}'s`);

/** An integer expression in words, with display names as in the rulebook, e.g. `Alice's highest card`, `the pot`, `«bet round» + 1`. */
export function describeInt(e: IntExpr, ctx: ExprContext): string {
  switch (e.kind) {
    case 'int':
      return String(e.value);
    case 'var':
      return `«${humanize(e.name)}»`;
    case 'pot':
      return 'the pot';
    case 'stack':
      return `${possessive(seatText(e.seat, ctx))} stack`;
    case 'size':
      return `the number of cards in the ${ctx.pileNames[ctx.pile(e.pile)]}`;
    case 'handSize':
      return `${possessive(seatText(e.seat, ctx))} hand size`;
    case 'highest':
      return `${possessive(seatText(e.seat, ctx))} highest card`;
    case 'total':
      return `the total of ${possessive(seatText(e.seat, ctx))} cards`;
    case 'pileTotal':
      return `the total of the cards in the ${ctx.pileNames[ctx.pile({ kind: 'pile', name: e.pile })]}`;
    case 'score':
      return `${possessive(seatText(e.seat, ctx))} score`;
    case 'pileHighest':
      return `the highest card in the ${ctx.pileNames[ctx.pile({ kind: 'pile', name: e.pile })]}`;
    case 'pileLowest':
      return `the lowest card in the ${ctx.pileNames[ctx.pile({ kind: 'pile', name: e.pile })]}`;
    case 'add':
      return `${describeInt(e.left, ctx)} + ${describeInt(e.right, ctx)}`;
    case 'sub':
      return `${describeInt(e.left, ctx)} - ${describeInt(e.right, ctx)}`;
    case 'mul': {
      const factor = (x: IntExpr) => (x.kind === 'add' || x.kind === 'sub' ? `(${describeInt(x, ctx)})` : describeInt(x, ctx));
      return `${factor(e.left)} × ${factor(e.right)}`;
    }
  }
}

/** A condition in words, e.g. `the pot is more than 2`, `Alice holds a K or J`. */
export function describeBool(e: BoolExpr, ctx: ExprContext): string {
  const nested = (x: BoolExpr): string => (x.kind === 'and' || x.kind === 'or' ? `(${describeBool(x, ctx)})` : describeBool(x, ctx));
  switch (e.kind) {
    case 'bool':
      return e.value ? 'always' : 'never';
    case 'cmp':
      return `${describeInt(e.left, ctx)} ${OPS[e.op]} ${describeInt(e.right, ctx)}`;
    case 'and':
    case 'or':
      return e.args.map(nested).join(` ${e.kind} `);
    case 'not':
      return `not (${describeBool(e.arg, ctx)})`;
    case 'has':
      return `${seatText(e.seat, ctx)} holds a card of rank ${e.ranks.map((r) => ctx.rankNames[r] ?? `#${r}`).join(' or ')}`;
    case 'hasPair':
      return `${seatText(e.seat, ctx)} holds a pair`;
    case 'pileHas':
      return `the ${ctx.pileNames[ctx.pile({ kind: 'pile', name: e.pile })]} holds a card of rank ${e.ranks.map((r) => ctx.rankNames[r] ?? `#${r}`).join(' or ')}`;
    case 'holds':
      return `${seatText(e.seat, ctx)} holds ${humanize(e.position)}`;
  }
}
