/**
 * W0106: no hidden information at any decision. Play is followed step by step (branches joined,
 * loop bodies run twice, sub-phases inlined) keeping, for each seat, whether something may be
 * hidden from it: a card another seat (any of them, at a table) holds face down and has not
 * revealed, or anything private
 * (a private check, choice, peek, swap or steal, a hidden position, a face-down discard). If at no
 * decision anything may be hidden from the deciding seat — and the game has no simultaneous
 * picks or sealed bids, which are hidden by nature — the game is one of perfect information.
 * Not reported for a game with a house (`house SEAT`), a player's game of chance against a bank.
 */
import { warning } from '../../diagnostics/diagnostic.js';
import type { GameIR, Step } from '../../ir/schema.js';
import type { Check } from './check.js';
import { isDecision, subphaseMap } from '../../ir/facts.js';

/**
 * What may be hidden, per seat (one entry per seat of the game): `cards[s]` seat s holds cards the
 * other seats have not seen; `other[s]` something private is hidden from s; `hand[s]` most cards s may hold.
 */
interface Knowledge {
  cards: boolean[];
  other: boolean[];
  hand: number[];
}

const copy = (k: Knowledge): Knowledge => ({ cards: [...k.cards], other: [...k.other], hand: [...k.hand] });
const join = (a: Knowledge, b: Knowledge): Knowledge => ({
  cards: a.cards.map((c, s) => c || b.cards[s]),
  other: a.other.map((o, s) => o || b.other[s]),
  hand: a.hand.map((h, s) => Math.max(h, b.hand[s])),
});
/** Something may be hidden from seat s: another seat's face-down card, or something private. */
const hiddenFrom = (k: Knowledge, s: number): boolean => k.other[s] || k.cards.some((c, t) => c && t !== s);
/** Every seat but `s` learns that something private is hidden from it. */
const hideFromOthers = (k: Knowledge, s: number): void => k.other.forEach((_, t) => t !== s && (k.other[t] = true));

class Walker {
  /** A decision where something may be hidden from the decider was found. */
  found = false;
  /** The first decision met. */
  first: Step | null = null;
  private depth = 0;
  constructor(
    private readonly ir: GameIR,
    private readonly subs: Map<string, Step[]>,
  ) {}

  /** Every seat of the game. */
  private get all(): number[] {
    return this.ir.seats.map((_, s) => s);
  }

  block(steps: readonly Step[], k: Knowledge): Knowledge {
    for (const st of steps) {
      k = this.step(st, k);
      if (st.kind === 'end') break;
    }
    return k;
  }

  private step(st: Step, k: Knowledge): Knowledge {
    if (isDecision(st)) {
      this.first ??= st;
      const deciders =
        st.kind === 'betting' || st.kind === 'varbet'
          ? this.all
          : st.kind === 'simultaneous' || st.kind === 'auction'
            ? []
            : [(st as { seat: number | { kind: string; seat?: number } }).seat];
      if (st.kind === 'simultaneous' || st.kind === 'auction') this.found = true;
      for (const d of deciders) {
        const s = typeof d === 'number' ? d : d.kind === 'seat' ? d.seat! : null;
        if (s === null ? this.all.some((t) => hiddenFrom(k, t)) : hiddenFrom(k, s)) this.found = true;
      }
    }
    k = copy(k);
    switch (st.kind) {
      case 'deal': {
        const targets = st.to.kind === 'each' ? this.all : st.to.kind === 'hand' ? [st.to.seat] : st.to.kind === 'winner' ? this.all : [];
        for (const s of targets) {
          k.hand[s] += st.count;
          if (!st.faceUp) k.cards[s] = true;
        }
        return k;
      }
      case 'reveal':
        if (st.what === 'hand' || k.hand[st.seat] <= 1) k.cards[st.seat] = false;
        return k;
      case 'peek':
        if (st.visibility === 'private') {
          if (st.seat.kind === 'seat') k.other[st.target] = true;
          else k.other.fill(true);
        }
        return k;
      case 'swap':
      case 'steal':
        if (st.visibility === 'private') k.other.fill(true);
        if (st.kind === 'steal' && st.seat.kind === 'seat') {
          k.hand[st.seat.seat]++;
          k.cards[st.seat.seat] = true;
        }
        return k;
      case 'discard':
        if (!st.faceUp) hideFromOthers(k, st.seat);
        return k;
      case 'assign':
        if (this.ir.positions.find((p) => p.name === st.position)?.visibility === 'hidden') k.other.fill(true);
        return k;
      case 'call': {
        if (this.depth > 64) return k;
        this.depth++;
        const r = this.block(this.subs.get(st.phase) ?? [], k);
        this.depth--;
        return r;
      }
      case 'if': {
        if (st.branches.some((b) => b.check === 'private')) k.other.fill(true);
        let r = this.block(st.otherwise, k);
        for (const b of st.branches) r = join(r, this.block(b.steps, k));
        return r;
      }
      case 'triggers': {
        if (st.items.some((i) => i.check === 'private')) k.other.fill(true);
        for (const i of st.items) k = join(k, this.block(i.steps, k));
        return k;
      }
      case 'repeat': {
        const once = this.block(st.steps, k);
        return join(k, join(once, this.block(st.steps, once)));
      }
      case 'choice': {
        if (st.announce === 'private') hideFromOthers(k, st.seat);
        let r: Knowledge | null = null;
        for (const o of st.options) {
          const a = this.block(o.steps, k);
          r = r ? join(r, a) : a;
        }
        return r ?? k;
      }
      case 'simultaneous': {
        let r = this.block(st.otherwise, k);
        for (const o of st.outcomes) r = join(r, this.block(o.steps, k));
        return r;
      }
      case 'auction':
        return join(k, this.block(st.prize, k));
      default:
        return k;
    }
  }
}

export const checkNoHiddenInformation: Check = ({ ir, spanOf }) => {
  // A game against the house (roulette) is a game of chance against a bank: a player deciding with
  // nothing hidden is what it is, not a degenerate two-seat game.
  if (ir.house) return [];
  const w = new Walker(ir, subphaseMap(ir));
  const n = ir.seats.length;
  let k: Knowledge = { cards: new Array<boolean>(n).fill(false), other: new Array<boolean>(n).fill(false), hand: new Array<number>(n).fill(0) };
  for (const p of ir.phases) k = w.block(p.steps, k);
  if (w.found || !w.first) return [];
  return [
    warning(
      'W0106',
      'no decision of this game has anything hidden from the deciding seat: every card dealt to a hand is revealed before anyone decides',
      spanOf(w.first),
      'keep a card face down, or a step private, until a decision',
    ),
  ];
};
