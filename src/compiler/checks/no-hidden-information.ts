/**
 * W0106: no hidden information at any decision. Play is followed step by step (branches joined,
 * loop bodies run twice, sub-phases inlined) keeping, for each seat, whether something may be
 * hidden from it: a card the opponent holds face down and has not revealed, or anything private
 * (a private check, choice, peek, swap or steal, a hidden position, a face-down discard). If at no
 * decision anything may be hidden from the deciding seat — and the game has no simultaneous
 * picks or sealed bids, which are hidden by nature — the game is one of perfect information.
 */
import { warning } from '../../diagnostics/diagnostic.js';
import type { GameIR, Step } from '../../ir/schema.js';
import type { Check } from './check.js';
import { isDecision, subphaseMap } from '../../ir/facts.js';

/** What may be hidden, per seat: `cards[s]` seat s holds cards the opponent has not seen; `other[s]` something private is hidden from s; `hand[s]` most cards s may hold. */
interface Knowledge {
  cards: [boolean, boolean];
  other: [boolean, boolean];
  hand: [number, number];
}

const copy = (k: Knowledge): Knowledge => ({ cards: [...k.cards], other: [...k.other], hand: [...k.hand] });
const join = (a: Knowledge, b: Knowledge): Knowledge => ({
  cards: [a.cards[0] || b.cards[0], a.cards[1] || b.cards[1]],
  other: [a.other[0] || b.other[0], a.other[1] || b.other[1]],
  hand: [Math.max(a.hand[0], b.hand[0]), Math.max(a.hand[1], b.hand[1])],
});
const hiddenFrom = (k: Knowledge, s: number): boolean => k.cards[1 - s] || k.other[s];

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
          ? [0, 1]
          : st.kind === 'simultaneous' || st.kind === 'auction'
            ? []
            : [(st as { seat: number | { kind: string; seat?: number } }).seat];
      if (st.kind === 'simultaneous' || st.kind === 'auction') this.found = true;
      for (const d of deciders) {
        const s = typeof d === 'number' ? d : d.kind === 'seat' ? d.seat! : null;
        if (s === null ? hiddenFrom(k, 0) || hiddenFrom(k, 1) : hiddenFrom(k, s)) this.found = true;
      }
    }
    k = copy(k);
    switch (st.kind) {
      case 'deal': {
        const targets = st.to.kind === 'each' ? [0, 1] : st.to.kind === 'hand' ? [st.to.seat] : st.to.kind === 'winner' ? [0, 1] : [];
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
          else k.other = [true, true];
        }
        return k;
      case 'swap':
      case 'steal':
        if (st.visibility === 'private') k.other = [true, true];
        if (st.kind === 'steal' && st.seat.kind === 'seat') {
          k.hand[st.seat.seat]++;
          k.cards[st.seat.seat] = true;
        }
        return k;
      case 'discard':
        if (!st.faceUp) k.other[1 - st.seat] = true;
        return k;
      case 'assign':
        if (this.ir.positions.find((p) => p.name === st.position)?.visibility === 'hidden') k.other = [true, true];
        return k;
      case 'call': {
        if (this.depth > 64) return k;
        this.depth++;
        const r = this.block(this.subs.get(st.phase) ?? [], k);
        this.depth--;
        return r;
      }
      case 'if': {
        if (st.branches.some((b) => b.check === 'private')) k.other = [true, true];
        let r = this.block(st.otherwise, k);
        for (const b of st.branches) r = join(r, this.block(b.steps, k));
        return r;
      }
      case 'triggers': {
        if (st.items.some((i) => i.check === 'private')) k.other = [true, true];
        for (const i of st.items) k = join(k, this.block(i.steps, k));
        return k;
      }
      case 'repeat': {
        const once = this.block(st.steps, k);
        return join(k, join(once, this.block(st.steps, once)));
      }
      case 'choice': {
        if (st.announce === 'private') k.other[1 - st.seat] = true;
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
  const w = new Walker(ir, subphaseMap(ir));
  let k: Knowledge = { cards: [false, false], other: [false, false], hand: [0, 0] };
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
