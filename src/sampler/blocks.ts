/**
 * Phase blocks (GENSTRAT v2, Appendix A: "reusable make_action_round(), make_observation_round(),
 * make_simultaneous_round(), make_position_assignment_round() compose phases from parameterized
 * templates"). Each block draws its surface — seats, amounts, options, outcome tables, predicates,
 * visibility — and returns its steps with an estimate of its cost (expected moves per seat under
 * uniform random play, and the probability that play goes on after it).
 */
import type { Step } from '../ir/schema.js';
import type { BlockKind } from './dial.js';
import type { Block, Builder, Cost } from './context.js';
import { drawEffects } from './effects.js';
import { drawCondition } from './predicates.js';
import { WORDS } from './names.js';
import { auctionBlock, bettingBlock, graphRound, simultaneousBlock } from './rounds.js';
import { mirrorSteps } from './mirror.js';

export type { Block } from './context.js';

const seat = (s: number) => ({ kind: 'seat' as const, seat: s });
const check = (b: Builder) => (b.draw.chance(b.dial.privateCheck) ? ('private' as const) : ('public' as const));

/**
 * Rough costs of each block kind before it is drawn, used to decide whether a block fits the move
 * budget and keeps later phases reachable (measured on sampled games under uniform random play).
 */
export const ESTIMATES: Record<BlockKind, Cost> = {
  draw: { moves: [0.3, 0.3], survive: 1 },
  observe: { moves: [0.3, 0.3], survive: 1 },
  choice: { moves: [0.7, 0.7], survive: 1 },
  simultaneous: { moves: [1, 1], survive: 0.95 },
  auction: { moves: [1, 1], survive: 1 },
  betting: { moves: [1.4, 1.3], survive: 0.6 },
  sidebet: { moves: [0.8, 0.8], survive: 1 },
  position: { moves: [0, 0], survive: 1 },
  discard: { moves: [0.8, 0.8], survive: 1 },
  thievery: { moves: [1, 1], survive: 0.9 },
};

/** Deal cards: to each seat, to the public board, or a draw-and-discard exchange. */
function dealBlock(b: Builder): Block {
  if (b.noDeals) return observeBlock(b);
  const form = b.draw.weighted({ each: 2, board: b.board ? 1 : 0, exchange: 0.8 * b.dial.c });
  if (form === 'board') {
    b.useCards(1);
    return {
      steps: [{ kind: 'deal', count: 1, from: { kind: 'deck' }, to: { kind: 'pile', name: b.board! }, faceUp: true }],
      cost: { moves: [0, 0], survive: 1 },
      words: WORDS.draw,
    };
  }
  b.useCards(2);
  for (const s of [0, 1]) b.handChange(s, 1);
  const steps: Step[] = [{ kind: 'deal', count: 1, from: { kind: 'deck' }, to: { kind: 'each' }, faceUp: false }];
  if (form === 'each') return { steps, cost: { moves: [0, 0], survive: 1 }, words: WORDS.draw };
  const to = discardTarget(b);
  const faceUp = b.draw.chance(0.5);
  for (const s of [0, 1]) {
    steps.push({ kind: 'discard', seat: s, count: 1, pick: 'chosen', to, faceUp });
    b.handChange(s, -1);
  }
  return { steps, cost: { moves: [1, 1], survive: 1 }, words: WORDS.discard };
}

/** Where discards go: out of the game, or a discard pile (declared on first use). */
function discardTarget(b: Builder): { kind: 'pile'; name: string } | null {
  if (!b.discardPile && b.draw.chance(0.5 * b.dial.c)) b.discardPile = b.pile(WORDS.discardPiles, b.draw.chance(0.5) ? 'public' : 'hidden');
  return b.discardPile && b.draw.chance(0.7) ? { kind: 'pile', name: b.discardPile } : null;
}

/** Looks at cards: peeks (random or chosen, private or announced) and reveals. */
function observeBlock(b: Builder): Block {
  const form = b.draw.weighted({ peek: 2, both: b.dial.c, reveal: 1, hand: 0.15 * b.dial.c });
  const s = b.underdog();
  const peek = (who: number): Step => {
    const chosen = b.draw.chance(0.4 * b.dial.c + 0.1);
    b.favour(who, 0.3);
    return { kind: 'peek', seat: seat(who), target: 1 - who, pick: chosen ? 'chosen' : 'random', visibility: b.secret ? 'private' : 'occurrence' };
  };
  const movesOf = (st: Step[]): [number, number] =>
    [0, 1].map((x) => st.filter((p) => p.kind === 'peek' && p.pick === 'chosen' && p.seat.kind === 'seat' && p.seat.seat === x).length) as [number, number];
  let steps: Step[];
  if (form === 'peek') steps = [peek(s)];
  else if (form === 'both') steps = [peek(0), peek(1)];
  else if (form === 'reveal' && b.draw.chance(0.5)) {
    b.favour(s, 0.3);
    steps = [{ kind: 'reveal', seat: 1 - s, what: 'random' }];
  } else if (form === 'reveal')
    steps = [
      { kind: 'reveal', seat: 0, what: 'random' },
      { kind: 'reveal', seat: 1, what: 'random' },
    ];
  else {
    b.favour(s, 1);
    steps = [{ kind: 'reveal', seat: 1 - s, what: 'hand' }];
  }
  return { steps, cost: { moves: movesOf(steps), survive: 1 }, words: WORDS.observe };
}

/** A seat picks one of named options: a free one, and one or two that cost chips (surely or by chance) and do something. */
function choiceBlock(b: Builder): Block {
  const s = b.underdog();
  const n = 1 + b.draw.binomial(1, 0.3 + 0.5 * b.dial.c);
  const names: string[] = b.draw.sample(WORDS.gains, n);
  const q = 1 / (n + 1);
  let paid = 0;
  const options = names.map((name: string) => {
    const cost = b.draw.chance(0.75) ? b.draw.int(1, 2) : 0;
    const costChance = cost > 0 && b.draw.chance(0.5 * b.dial.c) ? b.draw.pick([0.25, 0.5, 0.75]) : 1;
    if (cost > 0) paid += q * costChance;
    const steps = drawEffects(b, s, q);
    // A free option that only helps would always be taken: it comes with a drawback.
    if (cost === 0) {
      if (b.handMin[s] >= 1 && b.draw.chance(0.5)) steps.push({ kind: 'reveal', seat: s, what: 'random' });
      else {
        b.pays(q, s, false);
        steps.push({ kind: 'pay', amount: 1, from: seat(s), to: seat(1 - s) });
      }
    }
    return { name, cost, costChance, steps };
  });
  b.pays(paid, s, true);
  options.push({ name: b.draw.pick(WORDS.rests), cost: 0, costChance: 1, steps: [] });
  const ordered = b.draw.sample(options, options.length);
  return {
    steps: [{ kind: 'choice', seat: s, announce: b.draw.chance(0.5 * b.dial.c) ? 'private' : 'public', options: ordered }],
    cost: { moves: s === 0 ? [1, 0] : [0, 1], survive: 1 },
    words: WORDS.choice,
  };
}

/** Side bets on a condition of the hands, settled at the showdown. */
function sidebetBlock(b: Builder): Block {
  const seats = b.draw.chance(0.5) ? [0, 1] : [b.underdog()];
  const steps: Step[] = [];
  for (const s of seats) {
    const drawn = drawCondition(b, { seat: s, chips: false, lo: 0.25, hi: 0.75 });
    if (drawn) steps.push({ kind: 'sidebet', seat: s, amount: b.draw.int(1, 2), cond: drawn.cond });
  }
  if (steps.length === 0) return observeBlock(b);
  const moves: [number, number] = [0, 1].map((s) => steps.filter((x) => x.kind === 'sidebet' && x.seat === s).length) as [number, number];
  return { steps, cost: { moves, survive: 1 }, words: WORDS.sidebet };
}

/** A position assigned by a criterion, and a favour for its holder. */
function positionBlock(b: Builder): Block {
  const visibility = b.draw.chance(0.5) ? 'public' : 'hidden';
  const position = b.position(visibility);
  const hands = b.handMin[0] >= 1 && b.handMin[1] >= 1;
  const byCards = hands && !b.guards.includes('hand');
  const criterion = b.draw.weighted({
    'highest-card': byCards ? 2 : 0,
    'lowest-card': byCards ? 1 : 0,
    'chip-leader': b.skewP >= 0.6 && b.stacks[0] - b.antes[0] === b.stacks[1] - b.antes[1] ? 1 : 0,
    seat: byCards ? 0.1 : 1,
  });
  if (criterion === 'seat') {
    const s = b.underdog();
    b.assigned.push({ name: position, p: s === 0 ? [b.reach, 0] : [0, b.reach], keys: [] });
    return { steps: [{ kind: 'assign', position, criterion: { kind: 'seat', seat: s } }], cost: { moves: [0, 0], survive: 1 }, words: WORDS.position };
  }
  const p = criterion === 'chip-leader' ? 0.45 * b.skewP : 0.45;
  const keys = [`holds:${position}`, criterion === 'chip-leader' ? 'stack' : 'hand'];
  const steps: Step[] = [{ kind: 'assign', position, criterion: { kind: criterion } }];
  // Both seats may hold it: the holder's favour is drawn for Alice and mirrored for Bob.
  const before = b.advantage[0];
  const favour = b.under(p, keys, () => drawEffects(b, 0, 1));
  b.advantage[1] += b.advantage[0] - before;
  const branches = [0, 1].map((s) => ({
    cond: { kind: 'holds' as const, seat: seat(s), position },
    check: check(b),
    steps: s === 0 ? favour : mirrorSteps(favour),
  }));
  steps.push({ kind: 'if', branches, otherwise: [] });
  b.assigned.push({ name: position, p: [p * b.reach, p * b.reach], keys });
  return { steps, cost: { moves: [0, 0], survive: 1 }, words: WORDS.position };
}

/** Both seats discard: chosen or random cards, face up or down, out of the game or to a pile. */
function discardBlock(b: Builder): Block {
  if (Math.min(...b.handMin) < 2) return dealBlock(b);
  const pick = b.draw.chance(0.6) ? 'chosen' : 'random';
  const to = discardTarget(b);
  const faceUp = b.draw.chance(0.5);
  const steps: Step[] = [0, 1].map((s) => ({ kind: 'discard', seat: s, count: 1, pick, to, faceUp }));
  for (const s of [0, 1]) b.handChange(s, -1);
  return { steps, cost: { moves: pick === 'chosen' ? [1, 1] : [0, 0], survive: 1 }, words: WORDS.discard };
}

/** Each seat may pay to steal a card; two thefts may call the game off. */
function thieveryBlock(b: Builder): Block {
  if (Math.min(...b.handMin) < 1) return observeBlock(b);
  const counter = b.variable();
  const steps: Step[] = [0, 1].map((s) => ({
    kind: 'choice',
    seat: s,
    announce: check(b),
    options: [
      {
        name: 'pilfer',
        cost: 1,
        costChance: 1,
        steps: [
          { kind: 'steal', seat: seat(s), from: 1 - s, visibility: b.draw.chance(0.5) ? 'public' : 'private' },
          { kind: 'set', variable: counter, value: { kind: 'add', left: { kind: 'var', name: counter }, right: { kind: 'int', value: 1 } } },
        ],
      },
      { name: b.draw.pick(WORDS.rests), cost: 0, costChance: 1, steps: [] },
    ],
  }));
  b.pays(0.5, 0, true);
  b.pays(0.5, 1, true);
  for (const s of [0, 1]) b.handChange(s, -1, 0.5);
  let survive = 1;
  if (b.draw.chance(0.5)) {
    steps.push({
      kind: 'if',
      branches: [
        {
          cond: { kind: 'cmp', op: '>=', left: { kind: 'var', name: counter }, right: { kind: 'int', value: 2 } },
          check: 'public',
          steps: [{ kind: 'end', winner: null, reason: 'two thefts call the game off' }],
        },
      ],
      otherwise: [],
    });
    survive = 0.75;
  }
  b.tallies.push({ name: counter, p: 0.75 * b.reach * survive });
  return { steps, cost: { moves: [1, 1], survive }, words: WORDS.choice };
}

/** Draw one block of a kind at the builder's current point. */
export function makeBlock(b: Builder, kind: BlockKind): Block {
  switch (kind) {
    case 'draw':
      return dealBlock(b);
    case 'observe':
      return observeBlock(b);
    case 'choice':
      return choiceBlock(b);
    case 'simultaneous':
      return simultaneousBlock(b);
    case 'auction':
      return auctionBlock(b);
    case 'betting':
      return b.dial.graph ? graphRound(b) : bettingBlock(b);
    case 'sidebet':
      return sidebetBlock(b);
    case 'position':
      return positionBlock(b);
    case 'discard':
      return discardBlock(b);
    case 'thievery':
      return thieveryBlock(b);
  }
}
