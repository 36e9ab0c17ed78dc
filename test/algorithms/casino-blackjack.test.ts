// The blackjack reference against hand-computed cases, an independent brute-force oracle on small
// shoes (hole card dealt first, every deal enumerated), closed forms in an infinite deck, and the
// published figures of the Wizard of Odds (Appendix 2B dealer probabilities, Appendix 9 expected
// returns: 1 deck and 5 decks, dealer stands on soft 17, resplit to four hands except aces, no
// drawing to split aces).
import { describe, expect, it } from 'vitest';
import { BlackjackReference, LEAGUE_BLACKJACK_RULES, type BlackjackRules } from '../../src/algorithms/casino/blackjack.js';
import { evLoss } from '../../src/algorithms/ev-loss.js';

const Q = [0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 4].map((x) => x / 13);

// ---- an independent oracle: enumerate every deal of a small shoe (counts by rank, index 1..10) ----

const total = (cards: number[]): number => {
  const hard = cards.reduce((a, b) => a + b, 0);
  return cards.includes(1) && hard + 10 <= 21 ? hard + 10 : hard;
};
const soft = (cards: number[]): boolean => {
  const hard = cards.reduce((a, b) => a + b, 0);
  return cards.includes(1) && hard + 10 <= 21;
};

/** Dealer's final total (22 = bust) distribution from `cards`, drawing from `shoe` (mutated and restored). */
function dealerOracle(shoe: number[], cards: number[], h17: boolean, out: Map<number, number>, p: number): void {
  const t = total(cards);
  if (t > 21) return void out.set(22, (out.get(22) ?? 0) + p);
  if (t >= 17 && !(h17 && t === 17 && soft(cards))) return void out.set(t, (out.get(t) ?? 0) + p);
  const n = shoe.reduce((a, b) => a + b, 0);
  for (let r = 1; r <= 10; r++) {
    if (shoe[r] === 0) continue;
    const q = (p * shoe[r]) / n;
    shoe[r]--;
    dealerOracle(shoe, [...cards, r], h17, out, q);
    shoe[r]++;
  }
}

/** Payoff of a standing player total t (no natural) against a dealer final total d (22 bust). */
const pay = (t: number, d: number): number => (t > 21 ? -1 : d === 22 || d < t ? 1 : d === t ? 0 : -1);

/**
 * Expected value of `strategy` from the player's cards, the hole card dealt first and unknown: the
 * joint over (hole, later cards) is enumerated; with peek the deals with a dealer blackjack are
 * dropped. Returns the value of each action: stand, hit-then-optimal, double.
 */
function oracle(shoe0: number[], up: number, player: number[], peek: boolean): { stand: number; hit: number; double: number } {
  const shoe = [...shoe0];
  shoe[up]--;
  for (const c of player) shoe[c]--;
  const isBJ = (h: number): boolean => (up === 1 && h === 10) || (up === 10 && h === 1);
  // Holes with weights (peek: no blackjack hole).
  const holes = (s: number[]): [number, number][] => {
    const out: [number, number][] = [];
    for (let h = 1; h <= 10; h++) if (s[h] > 0 && !(peek && isBJ(h))) out.push([h, s[h]]);
    return out;
  };
  const standValue = (s: number[], cards: number[], stake: number): number => {
    let ev = 0;
    let w = 0;
    for (const [h, wh] of holes(s)) {
      s[h]--;
      let v: number;
      if (isBJ(h)) v = -stake;
      else {
        const dist = new Map<number, number>();
        dealerOracle(s, [up, h], false, dist, 1);
        v = 0;
        for (const [d, p] of dist) v += p * stake * pay(total(cards), d);
      }
      s[h]++;
      ev += wh * v;
      w += wh;
    }
    return ev / w;
  };
  // Next card distribution given what the player knows: sum over the unknown hole.
  const next = (s: number[]): number[] => {
    const probs = new Array<number>(11).fill(0);
    let w = 0;
    for (const [h, wh] of holes(s)) {
      const n = s.reduce((a, b) => a + b, 0) - 1;
      for (let r = 1; r <= 10; r++) {
        const k = s[r] - (r === h ? 1 : 0);
        if (k > 0) probs[r] += (wh * k) / n;
      }
      w += wh;
    }
    return probs.map((x) => x / w);
  };
  const best = (s: number[], cards: number[]): number => {
    if (total(cards) > 21) return -1;
    const st = standValue(s, cards, 1);
    if (total(cards) === 21) return st;
    return Math.max(st, hit(s, cards));
  };
  const hit = (s: number[], cards: number[]): number => {
    const p = next(s);
    let v = 0;
    for (let r = 1; r <= 10; r++) {
      if (p[r] === 0) continue;
      s[r]--;
      v += p[r] * best(s, [...cards, r]);
      s[r]++;
    }
    return v;
  };
  const double = (): number => {
    const p = next(shoe);
    let v = 0;
    for (let r = 1; r <= 10; r++) {
      if (p[r] === 0) continue;
      shoe[r]--;
      v += p[r] * (total([...player, r]) > 21 ? -2 : standValue(shoe, [...player, r], 2));
      shoe[r]++;
    }
    return v;
  };
  if (!peek) {
    // Without the peek a dealer blackjack is one of the dealer's outcomes: the enumeration above
    // already charges the stake on it (standValue) and busts lose first.
  }
  return { stand: standValue(shoe, player, 1), hit: hit(shoe, player), double: double() };
}

const smallShoe = [0, 3, 2, 2, 2, 3, 3, 2, 2, 2, 8]; // 29 cards: index = rank

describe('blackjack reference: dealer', () => {
  it('a hand-computed small shoe: six 6s and six tens, up 6 → bust 9/11, 18 with 2/11', () => {
    const ref = new BlackjackReference({ deck: [0, 0, 0, 0, 0, 6, 0, 0, 0, 6] });
    const d = ref.dealerDistribution(6);
    expect(d.bust).toBeCloseTo(9 / 11, 14);
    expect(d[18]).toBeCloseTo(2 / 11, 14);
    expect(d[17] + d[19] + d[20] + d[21] + d.blackjack).toBe(0);
  });

  it('an infinite deck: the distributions equal a separate recursion over totals, and the peek conditions on no blackjack', () => {
    const fin = (hard: number, ace: boolean): number[] => {
      const t = ace && hard + 10 <= 21 ? hard + 10 : hard;
      const out = new Array<number>(6).fill(0);
      if (hard > 21) out[5] = 1;
      else if (t >= 17) out[t - 17] = 1;
      else for (let r = 1; r <= 10; r++) fin(hard + r, ace || r === 1).forEach((x, i) => (out[i] += Q[r] * x));
      return out;
    };
    const ref = new BlackjackReference({ deck: 'infinite' });
    for (let up = 1; up <= 10; up++) {
      const want = new Array<number>(6).fill(0);
      let mass = 0;
      for (let h = 1; h <= 10; h++) {
        if ((up === 1 && h === 10) || (up === 10 && h === 1)) continue;
        mass += Q[h];
        fin(up + h, up === 1 || h === 1).forEach((x, i) => (want[i] += Q[h] * x));
      }
      const d = ref.dealerDistribution(up);
      const got = [d[17], d[18], d[19], d[20], d[21], d.bust];
      got.forEach((x, i) => expect(x).toBeCloseTo(want[i] / mass, 12));
      expect(d.blackjack).toBe(0);
    }
    // Hand-computed: from up 6 the dealer busts with 16 then draws one card; P(hole 10) × P(6..10) = 4/13 × 8/13 at least.
    expect(ref.dealerDistribution(6).bust).toBeGreaterThan((4 / 13) * (8 / 13));
    // Without the peek an ace shows blackjack with probability 4/13.
    const nopeek = new BlackjackReference({ deck: 'infinite', rules: { dealerPeeks: false } });
    expect(nopeek.dealerDistribution(1).blackjack).toBeCloseTo(4 / 13, 15);
    expect(nopeek.dealerDistribution(10).blackjack).toBeCloseTo(1 / 13, 15);
  });

  it('one deck, only the up card out: the Wizard of Odds Appendix 2B dealer probabilities (S17, before the peek)', () => {
    const ref = new BlackjackReference({ rules: { decks: 1, dealerPeeks: false } });
    expect(ref.dealerDistribution(2).bust).toBeCloseTo(0.352973, 6);
    expect(ref.dealerDistribution(3).bust).toBeCloseTo(0.375588, 6);
    expect(ref.dealerDistribution(6).bust).toBeCloseTo(0.420823, 6);
    expect(ref.dealerDistribution(7)[17]).toBeCloseTo(0.372345, 6);
    const ace = ref.dealerDistribution(1);
    expect(ace[17]).toBeCloseTo(0.126128, 6);
    expect(ace.blackjack).toBeCloseTo(16 / 51, 15); // 0.313726
    expect(ace.bust).toBeCloseTo(0.11654, 5);
  });
});

describe('blackjack reference: stand, hit and double against an enumeration of every deal', () => {
  const cases: [number[], number][] = [
    [[10, 6], 10],
    [[10, 6], 1],
    [[5, 6], 1],
    [[1, 6], 10],
    [[9, 2], 6],
    [[10, 2], 5],
  ];
  for (const peek of [true, false]) {
    for (const [hand, up] of cases) {
      it(`${hand.join(',')} vs ${up}, ${peek ? 'peek' : 'no peek'}`, () => {
        const ref = new BlackjackReference({ deck: smallShoe.slice(1), rules: { dealerPeeks: peek } });
        const got = ref.actionValues({ hand, dealerUp: up })!;
        const want = oracle(smallShoe, up, hand, peek);
        expect(got.get('stand')).toBeCloseTo(want.stand, 12);
        expect(got.get('hit')).toBeCloseTo(want.hit, 12);
        expect(got.get('double')).toBeCloseTo(want.double, 12);
      });
    }
  }

  it('a hand-computed case: 10,6 vs 6 from 6s and tens only → stand 2/3, hit −1, double −2', () => {
    const ref = new BlackjackReference({ deck: [0, 0, 0, 0, 0, 6, 0, 0, 0, 6] });
    const v = ref.actionValues({ hand: [10, 6], dealerUp: 6 })!;
    expect(v.get('stand')).toBeCloseTo(2 / 3, 14);
    expect(v.get('hit')).toBe(-1);
    expect(v.get('double')).toBe(-2);
    expect(evLoss(v, 'hit')).toBeCloseTo(5 / 3, 14);
  });
});

describe('blackjack reference: the rules, one by one', () => {
  const inf = (rules: Partial<BlackjackRules> = {}): BlackjackReference => new BlackjackReference({ deck: 'infinite', rules });

  it('the defaults are the league ruleset', () => {
    expect(LEAGUE_BLACKJACK_RULES).toEqual({
      decks: 6,
      hitSoft17: false,
      blackjackPays: 1.5,
      dealerPeeks: true,
      doubleAfterSplit: true,
      maxHands: 4,
      resplitAces: false,
      splitAcesOneCard: true,
    });
    expect(new BlackjackReference().name).toBe('blackjack-6deck-s17-peek');
  });

  it('blackjack pays 3:2; a dealer blackjack pushes it', () => {
    expect(inf().initialHand(1, 10, 6).roundValue).toBe(1.5);
    expect(inf().initialHand(10, 1, 1).roundValue).toBeCloseTo((9 / 13) * 1.5, 15);
    expect(inf().initialHand(1, 10, 10).roundValue).toBeCloseTo((12 / 13) * 1.5, 15);
    expect(inf({ blackjackPays: 1.2 }).initialHand(1, 10, 6).roundValue).toBe(1.2);
    expect(inf().actionValues({ hand: [1, 10], dealerUp: 6 })).toBeUndefined();
  });

  it('the peek: a dealer blackjack takes only the initial bet; without it, doubles are lost too', () => {
    const peek = inf().actionValues({ hand: [6, 5], dealerUp: 10 })!;
    const nopeek = inf({ dealerPeeks: false }).actionValues({ hand: [6, 5], dealerUp: 10 })!;
    const pbj = 1 / 13;
    expect(nopeek.get('stand')).toBeCloseTo(-pbj + (1 - pbj) * peek.get('stand')!, 13);
    expect(nopeek.get('double')).toBeCloseTo(-2 * pbj + (1 - pbj) * peek.get('double')!, 13);
    const round = inf().initialHand(6, 5, 10);
    expect(round.dealerBlackjack).toBeCloseTo(pbj, 15);
    expect(round.roundValue).toBeCloseTo(-pbj + (1 - pbj) * Math.max(...peek.values()), 13);
    // 11 vs 10: double with the peek; without it the doubles lost to a blackjack make hitting better.
    expect(round.best).toBe('double');
    expect(inf({ dealerPeeks: false }).initialHand(6, 5, 10).best).toBe('hit');
  });

  it('double on any first two cards only: not on three cards', () => {
    expect([
      ...inf()
        .actionValues({ hand: [9, 8], dealerUp: 6 })!
        .keys(),
    ]).toEqual(['stand', 'hit', 'double']);
    expect([
      ...inf()
        .actionValues({ hand: [2, 3, 4], dealerUp: 6 })!
        .keys(),
    ]).toEqual(['stand', 'hit']);
  });

  it('double after split: a two-card split hand may double only under the rule', () => {
    expect(
      inf()
        .actionValues({ hand: [8, 3], dealerUp: 6, handsInPlay: 2 })!
        .has('double'),
    ).toBe(true);
    expect(
      inf({ doubleAfterSplit: false })
        .actionValues({ hand: [8, 3], dealerUp: 6, handsInPlay: 2 })!
        .has('double'),
    ).toBe(false);
    // A split 10 + ace is 21, not a blackjack: valued as a standing 21.
    const v = inf().actionValues({ hand: [10, 1], dealerUp: 6, handsInPlay: 2 })!;
    const d = inf().dealerDistribution(6);
    expect(v.get('stand')).toBeCloseTo(d.bust + d[17] + d[18] + d[19] + d[20], 14);
  });

  it('up to four hands: a pair may be resplit at three hands, not at four', () => {
    expect(
      inf()
        .actionValues({ hand: [8, 8], dealerUp: 6, handsInPlay: 3 })!
        .has('split'),
    ).toBe(true);
    expect(
      inf()
        .actionValues({ hand: [8, 8], dealerUp: 6, handsInPlay: 4 })!
        .has('split'),
    ).toBe(false);
    expect(
      inf({ maxHands: 1 })
        .actionValues({ hand: [8, 8], dealerUp: 6 })!
        .has('split'),
    ).toBe(false);
  });

  it('split 8,8 vs 6 in an infinite deck: the value of the split equals an enumeration of pair/non-pair draw sequences', () => {
    const ref = inf();
    const two = (x: number): number => Math.max(...ref.actionValues({ hand: [8, x], dealerUp: 6, handsInPlay: 2 })!.values());
    // A split 8,8 that may not be split again (four hands in play).
    const pairHand = Math.max(...ref.actionValues({ hand: [8, 8], dealerUp: 6, handsInPlay: 4 })!.values());
    let nonPair = 0;
    for (let x = 1; x <= 10; x++) if (x !== 8) nonPair += Q[x] * two(x);
    nonPair /= 1 - Q[8];
    // Always resplitting: enumerate the draws of each hand as P (pair card) or N, hand by hand.
    const q = Q[8];
    let expected = 0;
    const walk = (waiting: number, hands: number, p: number, acc: number): void => {
      if (waiting === 0) return void (expected += p * acc);
      walk(waiting - 1, hands, p * (1 - q), acc + nonPair);
      if (hands < 4) walk(waiting + 1, hands + 1, p * q, acc);
      else walk(waiting - 1, hands, p * q, acc + pairHand);
    };
    walk(2, 2, 1, 0);
    const split = ref.actionValues({ hand: [8, 8], dealerUp: 6 })!.get('split')!;
    expect(split).toBeCloseTo(expected, 13);
    // Without resplits: two independent hands.
    const once = inf({ maxHands: 2 })
      .actionValues({ hand: [8, 8], dealerUp: 6 })!
      .get('split')!;
    expect(once).toBeCloseTo(2 * ((1 - q) * nonPair + q * pairHand), 13);
  });

  it('split aces: one card each, an ace and a ten is 21 (not a blackjack), no resplitting', () => {
    const ref = inf();
    const d = ref.dealerDistribution(6);
    const stand = (t: number): number => d.bust + [17, 18, 19, 20, 21].reduce((s, v) => s + (v < t ? d[v as 17] : v > t ? -d[v as 17] : 0), 0);
    let want = 0;
    for (let x = 1; x <= 10; x++) want += Q[x] * stand(x === 1 ? 12 : 11 + x);
    expect(ref.actionValues({ hand: [1, 1], dealerUp: 6 })!.get('split')).toBeCloseTo(2 * want, 13);
    // The split aces have no decision left; with resplitting allowed an ace pair may split again.
    expect(ref.actionValues({ hand: [1, 7], dealerUp: 6, handsInPlay: 2 })).toBeUndefined();
    expect(ref.actionValues({ hand: [1, 1], dealerUp: 6, handsInPlay: 2 })).toBeUndefined();
    expect([
      ...inf({ resplitAces: true })
        .actionValues({ hand: [1, 1], dealerUp: 6, handsInPlay: 2 })!
        .keys(),
    ]).toEqual(['stand', 'split']);
    // Drawing to split aces when the rule allows it is worth more.
    expect(
      inf({ splitAcesOneCard: false })
        .actionValues({ hand: [1, 1], dealerUp: 6 })!
        .get('split'),
    ).toBeGreaterThan(2 * want);
  });

  it('no surrender and no insurance: the actions are stand, hit, double and split only', () => {
    for (const up of [1, 10])
      expect([
        ...inf()
          .actionValues({ hand: [8, 8], dealerUp: up })!
          .keys(),
      ]).toEqual(['stand', 'hit', 'double', 'split']);
  });

  it('bad input is refused with a clear error', () => {
    expect(() => inf().actionValues({ hand: [11, 2], dealerUp: 6 })).toThrow(/rank 1\.\.10/);
    expect(() => inf().actionValues({ hand: [2, 2], dealerUp: 0 })).toThrow(/dealer up card/);
    expect(() => inf().actionValues({ hand: [2, 2], dealerUp: 6, handsInPlay: 5 })).toThrow(/handsInPlay/);
    expect(() => new BlackjackReference({ deck: [1, 2, 3] })).toThrow(/10 non-negative integers/);
    expect(() => new BlackjackReference({ deck: [0, 0, 0, 0, 0, 6, 0, 0, 0, 6] }).actionValues({ hand: [6, 6], dealerUp: 6, seen: [6, 6, 6, 6] })).toThrow(
      /no more cards of rank 6/,
    );
  });
});

describe('blackjack reference: published composition-dependent figures', () => {
  it('5 decks S17: the Wizard of Odds Appendix 9 values of A vs 6,4 and 2,A to six decimals', () => {
    const ref = new BlackjackReference({ rules: { decks: 5 } });
    const a = ref.initialHand(6, 4, 1).values;
    expect(a.stand).toBeCloseTo(-0.661223, 6);
    expect(a.hit).toBeCloseTo(0.081318, 6);
    expect(a.double).toBeCloseTo(-0.002174, 6);
    const b = ref.initialHand(2, 1, 1).values;
    expect(b.stand).toBeCloseTo(-0.666073, 6);
    expect(b.hit).toBeCloseTo(-0.059817, 6);
    expect(b.double).toBeCloseTo(-0.618525, 6);
  });

  it('1 deck S17, DAS, four hands, no resplit of aces: the house edge of the Wizard of Odds Appendix 9 (+0.001839 to the player)', () => {
    const he = new BlackjackReference({ rules: { decks: 1 } }).houseEdge();
    expect(he.expectedValue).toBeCloseTo(0.001839, 5);
  });

  it('infinite deck: the house edge sits above the 6-deck figure and below 1%', () => {
    const he = new BlackjackReference({ deck: 'infinite' }).houseEdge();
    expect(he.houseEdge).toBeGreaterThan(0.0045);
    expect(he.houseEdge).toBeLessThan(0.01);
    expect(he.playerBlackjack).toBeCloseTo(2 * (1 / 13) * (4 / 13), 15);
  });
});
