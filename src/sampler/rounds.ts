/**
 * Rounds in which both seats act (GENSTRAT v2, Appendix A: `make_action_round()`,
 * `make_simultaneous_round()`): simultaneous picks with an outcome table, sealed-bid auctions, and
 * betting rounds (fixed-limit, variable-amount, or a bet answered by fold or call).
 */
import type { BoolExpr, Step } from '../ir/schema.js';
import type { Block, Builder } from './context.js';
import { drawEffects } from './effects.js';
import { WORDS, SEATS } from './names.js';

const seat = (s: number) => ({ kind: 'seat' as const, seat: s });

/** Both seats pick in secret; an outcome table maps pairs of picks to effects. */
export function simultaneousBlock(b: Builder): Block {
  const k = 2 + b.draw.binomial(1, 0.5 * b.dial.c);
  const options = b.draw.sample(WORDS.moves, k);
  const pairs = options.flatMap((first) => options.map((second) => ({ first, second })));
  const listed = b.draw.sample(pairs, Math.max(1, Math.round(pairs.length * (0.4 + 0.4 * b.draw.uniform()))));
  const q = 1 / pairs.length;
  let ends = 0;
  const lead = b.underdog();
  const outcomes = listed.map(({ first, second }, i) => {
    let steps: Step[];
    if (ends === 0 && b.draw.chance(0.15 * b.dial.c)) {
      ends++;
      const reason = first === second ? `both played ${first}: a draw` : `${first} against ${second}: a draw`;
      steps = [
        { kind: 'reveal', seat: 0, what: 'hand' },
        { kind: 'reveal', seat: 1, what: 'hand' },
        { kind: 'end', winner: null, reason },
      ];
    } else if (b.handMin[0] >= 1 && b.handMin[1] >= 1 && !b.guards.includes('hand') && b.draw.chance(0.35 * b.dial.c)) {
      // A private duel of high cards: the higher card wins chips, checked without telling.
      const fav = b.underdog();
      const amount = b.draw.int(1, 2);
      b.pays(q, 'either', false);
      b.favour(fav, amount - 1, q);
      steps = [
        {
          kind: 'if',
          branches: [
            {
              cond: { kind: 'cmp', op: '>', left: { kind: 'highest', seat: seat(fav) }, right: { kind: 'highest', seat: seat(1 - fav) } },
              check: 'private',
              steps: [{ kind: 'pay', amount, from: seat(1 - fav), to: seat(fav) }],
            },
          ],
          otherwise: [{ kind: 'pay', amount: 1, from: seat(fav), to: seat(1 - fav) }],
        },
      ];
    } else steps = drawEffects(b, i % 2 === 0 ? lead : 1 - lead, q);
    return { first, second, steps };
  });
  const rest = pairs.length - listed.length;
  // The outcomes alternate the seat they favour, so that the round is a contest.
  const otherwise = rest > 0 && b.draw.chance(0.6) ? drawEffects(b, listed.length % 2 === 0 ? lead : 1 - lead, rest * q) : [];
  return {
    steps: [{ kind: 'simultaneous', options, outcomes, otherwise }],
    cost: { moves: [1, 1], survive: 1 - ends / pairs.length },
    words: WORDS.simultaneous,
  };
}

/** A sealed-bid auction for a card. */
export function auctionBlock(b: Builder): Block {
  const min = b.draw.chance(0.6) ? 0 : 1;
  const max = b.draw.int(Math.max(2, min + 1), 4);
  const count = b.draw.chance(0.2 * b.dial.c) ? 2 : 1;
  const payTo = b.draw.chance(0.7) ? 'pot' : 'opponent';
  b.useCards(count);
  b.pays(0.9, 'either', payTo === 'pot');
  b.handChange(0, count, 0.5);
  b.handChange(1, count, 0.5);
  return {
    steps: [
      { kind: 'auction', min, max, tie: 'coinflip', payTo, prize: [{ kind: 'deal', count, from: { kind: 'deck' }, to: { kind: 'winner' }, faceUp: false }] },
    ],
    cost: { moves: [1, 1], survive: 1 },
    words: WORDS.auction,
  };
}

/** A betting round: fixed-limit, variable-amount, or a bet answered by fold or call (wager and match). */
export function bettingBlock(b: Builder, final = false, forced?: 'fixed' | 'variable'): Block {
  const c = b.dial.c;
  // Under random play the first seat to act wins more of the decided deals (it bets, and the
  // opponent folds half the time): the round opens with the seat behind on advantages.
  const first = b.underdog();
  const form =
    forced ?? (final ? (b.draw.chance(b.dial.variableBetting) ? 'variable' : 'fixed') : b.draw.weighted({ fixed: 1, variable: 0.6 * c, manual: 0.8 * c }));
  if (form === 'fixed') {
    const raiseCap = 1 + b.draw.binomial(2, b.dial.extraRaise);
    const betSize = b.draw.chance(b.dial.bigBet) ? 2 : 1;
    const m = raiseCap === 1 ? 1.25 : 1.6;
    b.pays(0.6, 'both', true);
    b.favour(first, 1.2);
    return {
      steps: [{ kind: 'betting', mode: 'fixed', betSize, raiseCap, firstSeat: first }],
      cost: { moves: first === 0 ? [m, m - 0.2] : [m - 0.2, m], survive: raiseCap === 1 ? 0.63 : 0.55 },
      words: WORDS.betting,
    };
  }
  if (form === 'variable') {
    const room = Math.min(b.stacks[0] - b.antes[0], b.stacks[1] - b.antes[1]);
    const max = b.draw.chance(0.3 * c) ? ('stack' as const) : b.draw.int(2, Math.max(2, Math.min(2 + Math.round(3 * c), room)));
    b.pays(0.7, 'both', true);
    b.favour(first, 1.5 + 0.2 * Math.min(5, max === 'stack' ? room : max));
    return {
      steps: [{ kind: 'varbet', firstSeat: first, max, fallbackBet: 1 }],
      cost: { moves: first === 0 ? [1.3, 1.1] : [1.1, 1.3], survive: 0.5 },
      words: WORDS.betting,
    };
  }
  const bettor = first;
  const t = 1 - bettor;
  const max = b.draw.int(2, Math.max(2, Math.min(4, b.stacks[bettor] - b.antes[bettor])));
  b.pays(0.4, 'both', true);
  b.favour(bettor, 1.2);
  const answer: Step = {
    kind: 'choice',
    seat: t,
    announce: 'public',
    options: [
      { name: 'fold', cost: 0, costChance: 1, steps: [{ kind: 'end', winner: bettor, reason: `${SEATS[bettor]} wins after ${SEATS[t]} folds` }] },
      { name: 'call', cost: 0, costChance: 1, steps: [{ kind: 'match', seat: t }] },
    ],
  };
  const response = b.draw.chance(0.5 * c) ? b.subphase(`${SEATS[t]}Answers`, [answer]) : answer;
  // After a check the other seat may bet in turn, answered by fold or call (both seats can bet).
  const tMax = b.draw.int(2, Math.max(2, Math.min(4, b.stacks[t] - b.antes[t])));
  const counter: Step = {
    kind: 'choice',
    seat: bettor,
    announce: 'public',
    options: [
      { name: 'fold', cost: 0, costChance: 1, steps: [{ kind: 'end', winner: t, reason: `${SEATS[t]} wins after ${SEATS[bettor]} folds` }] },
      { name: 'call', cost: 0, costChance: 1, steps: [{ kind: 'match', seat: bettor }] },
    ],
  };
  const secondBet: Step = {
    kind: 'choice',
    seat: t,
    announce: 'public',
    options: [
      { name: 'bet', cost: 0, costChance: 1, steps: [{ kind: 'wager', seat: t, min: 1, max: tMax }, counter] },
      { name: 'check', cost: 0, costChance: 1, steps: [] },
    ],
  };
  return {
    steps: [
      {
        kind: 'choice',
        seat: bettor,
        announce: 'public',
        options: [
          { name: 'bet', cost: 0, costChance: 1, steps: [{ kind: 'wager', seat: bettor, min: 1, max }, response] },
          { name: 'check', cost: 0, costChance: 1, steps: [secondBet] },
        ],
      },
    ],
    cost: { moves: bettor === 0 ? [1.75, 1] : [1, 1.75], survive: 0.63 },
    words: WORDS.betting,
  };
}

/**
 * A betting round as the seed game's chain of sub-phases (`graph` builder; GENSTRAT v2 Appendix B):
 * the first seat bets or checks; a bet calls `<Other>FoldOrCall`, a check calls `<Other>BetOrCheck`
 * (fixed-limit) or offers the other seat a bet in place (variable amounts), and a bet after a check
 * calls `<First>FoldOrCall`. Fixed-limit bets are a payment of the bet size to the pot; variable
 * ones a wager of 1 up to the round's maximum, answered by matching it. Each answer is a sub-phase,
 * so the phase graph has a phase per answer, as the seed game does.
 */
export function chainBlock(b: Builder, form: 'fixed' | 'variable', tag: string): Block {
  const first = b.underdog();
  const t = 1 - first;
  const betSize = form === 'fixed' && b.draw.chance(b.dial.bigBet) ? 2 : 1;
  const room = (s: number) => Math.max(1, b.stacks[s] - b.antes[s]);
  const maxOf = (s: number) =>
    b.draw.chance(0.3 * b.dial.c) ? ('stack' as const) : b.draw.int(1, Math.max(1, Math.min(2 + Math.round(3 * b.dial.c), room(s))));
  const bet = (s: number): Step =>
    form === 'fixed' ? { kind: 'pay', amount: betSize, from: seat(s), to: { kind: 'pot' } } : { kind: 'wager', seat: s, min: 1, max: maxOf(s) };
  const answer = (s: number): Step => (form === 'fixed' ? { kind: 'pay', amount: betSize, from: seat(s), to: { kind: 'pot' } } : { kind: 'match', seat: s });
  const foldOrCall = (s: number): Step =>
    b.subphase(`${SEATS[s]}FoldOrCall${tag}`, [
      {
        kind: 'choice',
        seat: s,
        announce: 'public',
        options: [
          { name: 'fold', cost: 0, costChance: 1, steps: [{ kind: 'end', winner: 1 - s, reason: `${SEATS[1 - s]} wins after ${SEATS[s]} folds` }] },
          { name: 'call', cost: 0, costChance: 1, steps: [answer(s)] },
        ],
      },
    ]);
  const betOrCheck = (s: number): Step => ({
    kind: 'choice',
    seat: s,
    announce: 'public',
    options: [
      { name: 'bet', cost: 0, costChance: 1, steps: [bet(s), foldOrCall(1 - s)] },
      { name: 'check', cost: 0, costChance: 1, steps: [] },
    ],
  });
  // A fixed-limit answer to a check is a sub-phase of its own; a variable one stays in place (a wager choice in a sub-phase of its own reads as a round where the first seat can never bet).
  const second = betOrCheck(t);
  const afterCheck = form === 'fixed' ? b.subphase(`${SEATS[t]}BetOrCheck${tag}`, [second]) : second;
  const opening: Step = {
    kind: 'choice',
    seat: first,
    announce: 'public',
    options: [
      { name: 'bet', cost: 0, costChance: 1, steps: [bet(first), foldOrCall(t)] },
      { name: 'check', cost: 0, costChance: 1, steps: [afterCheck] },
    ],
  };
  b.pays(0.5, 'both', true);
  b.favour(first, 1.2);
  return { steps: [opening], cost: { moves: first === 0 ? [1.25, 1] : [1, 1.25], survive: 0.625 }, words: WORDS.betting };
}

/**
 * A betting round of the `graph` builder: variable amounts with the dial's probability (or as
 * `forced`), else fixed-limit; a fixed-limit round is the seed game's chain of sub-phases with
 * probability 0.8·∛c, else the engine's fixed-limit round (`bettingBlock`: Kuhn's round at c = 0). A variable round is, with the dial's
 * fallback probability, played only while both stacks hold at least m chips (m = 1–3) — else a
 * fixed-limit chain in fallback sub-phases, as the seed game's "variable betting unaffordable,
 * falling back to fixed 1-chip betting" — the variable round and the fallback each in a sub-phase of its own.
 */
export function graphRound(b: Builder, final = false, forced?: 'fixed' | 'variable'): Block {
  const form = forced ?? (b.draw.chance(final ? b.dial.variableBetting : b.dial.variableEarly) ? 'variable' : 'fixed');
  if (form === 'fixed') return b.draw.chance(0.8 * b.dial.ramp) ? chainBlock(b, 'fixed', '') : bettingBlock(b, final, 'fixed');
  const round = chainBlock(b, 'variable', '');
  if (!b.draw.chance(b.dial.fallbackRound)) return round;
  const m = b.draw.int(1, 3);
  const enough = (s: number): BoolExpr => ({ kind: 'cmp', op: '>=', left: { kind: 'stack', seat: seat(s) }, right: { kind: 'int', value: m } });
  const fallback = chainBlock(b, 'fixed', 'Fallback');
  return {
    steps: [
      {
        kind: 'if',
        branches: [{ cond: { kind: 'and', args: [enough(0), enough(1)] }, check: 'public', steps: [b.subphase('VariableBettingRound', round.steps)] }],
        otherwise: [b.subphase('FallbackBettingRound', fallback.steps)],
      },
    ],
    cost: round.cost,
    words: round.words,
  };
}
