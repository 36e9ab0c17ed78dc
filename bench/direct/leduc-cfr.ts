/**
 * A hand-written CFR+ for Leduc hold'em with the rules coded directly (no interpreter, no tree):
 * the baseline the generic solver is benchmarked and cross-checked against.
 *
 * Rules (OpenSpiel `leduc_poker`): six cards J, Q, K in two suits (card c has rank c >> 1, so the
 * deck order is J J Q Q K K); ante 1 chip each; a private card to seat 0, then to seat 1; a betting
 * round with bets of 2; one public card; a betting round with bets of 4. At most two bets/raises per
 * round; seat 0 opens both rounds. Action ids: fold = 0, check/call = 1, bet/raise = 2; fold is
 * legal only when facing a bet. A card pairing the board wins, else the higher rank; ties split.
 *
 * The CFR+ variant is the one of `src/algorithms/cfr-plus.ts` (alternating updates, regret
 * matching+ flooring after the summed update, linear averaging by own reach, skipping subtrees that
 * chance and the opponent reach with probability 0), so after the same number of iterations both
 * give the same average strategy up to rounding.
 */

/** Decision nodes of one betting round: "", "c", "r", "cr", "rr", "crr" (c = check, r = bet/raise). */
const ROUND_NODES = 6;
/** Seat to act at each round node. */
const ACTOR = [0, 1, 1, 0, 0, 1];
/** Whether the seat to act faces a bet (fold and call legal instead of check). */
const FACING = [false, false, true, true, true, true];
/** Whether a raise is still allowed (fewer than two bets/raises so far). */
const CAN_RAISE = [true, true, true, true, false, false];
const FOLD = 0;
const CALL = 1;
const RAISE = 2;
/** Next round node after (node, action); -1: the round ends with equal contributions; -2: a fold. */
const NEXT: number[][] = [
  [-2, 1, 2],
  [-2, -1, 3],
  [-2, -1, 4],
  [-2, -1, 5],
  [-2, -1, -2],
  [-2, -1, -2],
];
/** Index (0..4) of the first round's ending ("cc", "rc", "crc", "rrc", "crrc") by the node where it was called/checked. */
const ROUND1_END = [-1, 0, 1, 2, 3, 4];
const BET = [2, 4];
const SLOTS = 3;
const ROUND1_INFOSETS = 6 * ROUND_NODES;
const NUM_INFOSETS = ROUND1_INFOSETS + 5 * 6 * 6 * ROUND_NODES;

/** First legal action id at a round node (fold when facing a bet, else check). */
const firstAction = (node: number): number => (FACING[node] ? FOLD : CALL);
/** One past the last legal action id at a round node. */
const endAction = (node: number): number => (FACING[node] && !CAN_RAISE[node] ? RAISE : RAISE + 1);

/** Information-state id of a seat holding `card` at round node `node`. */
function infosetId(round: number, card: number, board: number, r1end: number, node: number): number {
  if (round === 0) return card * ROUND_NODES + node;
  return ROUND1_INFOSETS + ((r1end * 6 + card) * 6 + board) * ROUND_NODES + node;
}

/** Seat 0's returns at a showdown where each seat has put `contrib` chips in. */
function showdown(c0: number, c1: number, board: number, contrib: number): number {
  const r0 = c0 >> 1;
  const r1 = c1 >> 1;
  const rb = board >> 1;
  if (r0 === rb) return contrib;
  if (r1 === rb) return -contrib;
  return r0 > r1 ? contrib : r0 < r1 ? -contrib : 0;
}

/** CFR+ on Leduc hold'em; per-slot arrays indexed by `infosetId * 3 + action`. */
export class LeducCfrPlus {
  iteration = 0;
  readonly regrets = new Float64Array(NUM_INFOSETS * SLOTS);
  readonly current = new Float64Array(NUM_INFOSETS * SLOTS);
  readonly cumulative = new Float64Array(NUM_INFOSETS * SLOTS);
  private c0 = 0;
  private c1 = 0;
  private board = 0;
  private seat = 0;

  constructor() {
    for (let i = 0; i < NUM_INFOSETS; i++) {
      const node = i % ROUND_NODES;
      const lo = firstAction(node);
      const hi = endAction(node);
      for (let a = lo; a < hi; a++) this.current[i * SLOTS + a] = 1 / (hi - lo);
    }
  }

  /** Run `n` iterations. */
  run(n = 1): void {
    for (let k = 0; k < n; k++) {
      this.iteration++;
      for (let seat = 0; seat < 2; seat++) {
        this.seat = seat;
        for (let card = 0; card < 6; card++) this.accumulate(0, card, 0, 0, 0, 1);
        this.traverseDeal();
        this.updateCurrent(seat);
      }
    }
  }

  /** Seat 0's expected returns (chips/game) when both seats play the average strategy. */
  averageValue(): number {
    const avg = this.averageStrategy();
    let v = 0;
    for (let c0 = 0; c0 < 6; c0++) {
      let v1 = 0;
      for (let c1 = 0; c1 < 6; c1++) {
        if (c1 === c0) continue;
        v1 += 0.2 * this.evaluate(avg, c0, c1, 0, -1, 0, 1, 1);
      }
      v += (1 / 6) * v1;
    }
    return v;
  }

  /** The average strategy per slot (uniform where nothing has accumulated). */
  averageStrategy(): Float64Array {
    const p = new Float64Array(NUM_INFOSETS * SLOTS);
    for (let i = 0; i < NUM_INFOSETS; i++) {
      const node = i % ROUND_NODES;
      const lo = firstAction(node);
      const hi = endAction(node);
      let sum = 0;
      for (let a = lo; a < hi; a++) sum += this.cumulative[i * SLOTS + a];
      for (let a = lo; a < hi; a++) p[i * SLOTS + a] = sum > 0 ? this.cumulative[i * SLOTS + a] / sum : 1 / (hi - lo);
    }
    return p;
  }

  /** Number of information states that occur in the game (936). */
  static readonly infoStates = 6 * 6 + 5 * 6 * 5 * 6;

  private evaluate(p: Float64Array, c0: number, c1: number, round: number, board: number, node: number, k0: number, k1: number, r1end = 0): number {
    const actor = ACTOR[node];
    const card = actor === 0 ? c0 : c1;
    const base = infosetId(round, card, board, r1end, node) * SLOTS;
    let v = 0;
    for (let a = firstAction(node); a < endAction(node); a++) {
      const q = p[base + a];
      if (q === 0) continue;
      v += q * this.evaluateAfter(p, c0, c1, round, board, node, a, k0, k1, r1end);
    }
    return v;
  }

  private evaluateAfter(
    p: Float64Array,
    c0: number,
    c1: number,
    round: number,
    board: number,
    node: number,
    a: number,
    k0: number,
    k1: number,
    r1end: number,
  ): number {
    const actor = ACTOR[node];
    if (a === FOLD) return actor === 0 ? -k0 : k1;
    if (actor === 0) k0 = a === CALL ? k1 : k1 + BET[round];
    else k1 = a === CALL ? k0 : k0 + BET[round];
    const next = NEXT[node][a];
    if (next >= 0) return this.evaluate(p, c0, c1, round, board, next, k0, k1, r1end);
    if (round === 1) return showdown(c0, c1, board, k0);
    let v = 0;
    for (let b = 0; b < 6; b++) {
      if (b === c0 || b === c1) continue;
      v += 0.25 * this.evaluate(p, c0, c1, 1, b, 0, k0, k1, ROUND1_END[node]);
    }
    return v;
  }

  /** Chance deals the private cards, then the first round starts. */
  private traverseDeal(): void {
    for (let c0 = 0; c0 < 6; c0++) {
      this.c0 = c0;
      const p0 = 1 / 6;
      for (let c1 = 0; c1 < 6; c1++) {
        if (c1 === c0) continue;
        this.c1 = c1;
        const p1 = 1 / 5;
        this.traverse(0, 0, 0, 1, 1, p0 * p1);
      }
    }
  }

  /**
   * Counterfactual-value traversal for `this.seat` at a round node; `k0`, `k1` are the chips each
   * seat has put in; returns the node's value for `this.seat`.
   */
  private traverse(round: number, node: number, r1end: number, k0: number, k1: number, reachOther: number): number {
    const actor = ACTOR[node];
    const seat = this.seat;
    const base = infosetId(round, actor === 0 ? this.c0 : this.c1, this.board, r1end, node) * SLOTS;
    const lo = firstAction(node);
    const hi = endAction(node);
    const sigma = this.current;
    if (actor !== seat) {
      let v = 0;
      for (let a = lo; a < hi; a++) {
        const p = sigma[base + a];
        if (p === 0) continue;
        v += p * this.after(round, node, r1end, a, k0, k1, reachOther * p);
      }
      return v;
    }
    let u0 = 0;
    let u1 = 0;
    let u2 = 0;
    let v = 0;
    for (let a = lo; a < hi; a++) {
      const u = this.after(round, node, r1end, a, k0, k1, reachOther);
      if (a === 0) u0 = u;
      else if (a === 1) u1 = u;
      else u2 = u;
      v += sigma[base + a] * u;
    }
    const r = this.regrets;
    if (lo === 0) r[base] += reachOther * (u0 - v);
    r[base + 1] += reachOther * (u1 - v);
    if (hi === 3) r[base + 2] += reachOther * (u2 - v);
    return v;
  }

  /** Value for `this.seat` after `a` is played at `node`. */
  private after(round: number, node: number, r1end: number, a: number, k0: number, k1: number, reachOther: number): number {
    const actor = ACTOR[node];
    const sign = this.seat === 0 ? 1 : -1;
    if (a === FOLD) return sign * (actor === 0 ? -k0 : k1);
    if (actor === 0) k0 = a === CALL ? k1 : k1 + BET[round];
    else k1 = a === CALL ? k0 : k0 + BET[round];
    const next = NEXT[node][a];
    if (next >= 0) return this.traverse(round, next, r1end, k0, k1, reachOther);
    if (round === 1) return sign * showdown(this.c0, this.c1, this.board, k0);
    const end = ROUND1_END[node];
    let v = 0;
    for (let b = 0; b < 6; b++) {
      if (b === this.c0 || b === this.c1) continue;
      this.board = b;
      const p = 1 / 4;
      v += p * this.traverse(1, 0, end, k0, k1, reachOther * p);
    }
    return v;
  }

  /**
   * Add t · π_seat(I) · σ(I, a) to the average-strategy numerators of `this.seat`'s information
   * states below a round node, walking the seat's own sequences (reach `reach`).
   */
  private accumulate(round: number, card: number, board: number, r1end: number, node: number, reach: number): void {
    const own = ACTOR[node] === this.seat;
    const base = infosetId(round, card, board, r1end, node) * SLOTS;
    const lo = firstAction(node);
    const hi = endAction(node);
    if (own) {
      const w = this.iteration * reach;
      for (let a = lo; a < hi; a++) this.cumulative[base + a] += w * this.current[base + a];
    }
    for (let a = lo; a < hi; a++) {
      if (a === FOLD) continue;
      const r = own ? reach * this.current[base + a] : reach;
      const next = NEXT[node][a];
      if (next >= 0) this.accumulate(round, card, board, r1end, next, r);
      else if (round === 0) {
        for (let b = 0; b < 6; b++) if (b !== card) this.accumulate(1, card, b, ROUND1_END[node], 0, r);
      }
    }
  }

  private updateCurrent(seat: number): void {
    for (let i = 0; i < NUM_INFOSETS; i++) {
      const node = i % ROUND_NODES;
      if (ACTOR[node] !== seat) continue;
      const lo = firstAction(node);
      const hi = endAction(node);
      const base = i * SLOTS;
      let sum = 0;
      for (let a = lo; a < hi; a++) {
        if (this.regrets[base + a] < 0) this.regrets[base + a] = 0;
        sum += this.regrets[base + a];
      }
      for (let a = lo; a < hi; a++) this.current[base + a] = sum > 0 ? this.regrets[base + a] / sum : 1 / (hi - lo);
    }
  }
}
