/**
 * The structure draw and its realization (GENSTRAT v2 §3: "the phase graph itself is sampled, so
 * different draws yield structurally different game forms"). The plan is drawn first — which
 * blocks appear and how each is placed (plainly in a phase, in a called sub-phase, under a
 * condition, or in a bounded loop), whether an `events` block of independent conditional events
 * follows, the final betting round's kind and the showdown metric — then the surface, then each
 * block is realized in play order with its own surface draws.
 */
import type { Step } from '../ir/schema.js';
import type { BlockKind, Placement } from './dial.js';
import { type Builder, type Cost, type DrawnCond, NO_COST, scaled, sequence } from './context.js';
import { ESTIMATES, makeBlock } from './blocks.js';
import { bettingBlock, graphRound } from './rounds.js';
import { drawEffects } from './effects.js';
import { drawCondition } from './predicates.js';
import { drawTransition } from './transitions.js';
import { WORDS } from './names.js';
import { drawScoring, drawSurface } from './surface.js';

/** One block of the plan and its placement. */
export interface PlannedBlock {
  kind: BlockKind;
  placement: Placement;
  /** Betting rounds played before it (`graph` builder: blocks are interleaved with the rounds; 0 otherwise). */
  after?: number;
}

/** The structure of a game, drawn before any surface parameter. */
export interface Plan {
  /** Middle blocks, in play order (between the ante and the final betting round). */
  blocks: PlannedBlock[];
  /** Kinds of the items of a closing `events` block (empty: none). */
  events: BlockKind[];
  /** Whether the `events` block comes after the final betting round (else before it). */
  eventsLast: boolean;
  metric: 'high-card' | 'sum-of-ranks' | 'pair-with-board';
  /** Cards dealt face up to a public board at the setup (0: no board). */
  board: number;
  /** Betting rounds of the closing betting structure (1–4; the move budget may trim them). */
  rounds: number;
  /** Whether the rounds are one loop (first round variable, later rounds fixed) rather than a sequence of phases. */
  loopRounds: boolean;
  /** Kinds of the events between consecutive rounds. */
  between: ('draw' | 'observe' | 'simultaneous' | 'choice')[];
}

/** Kinds that may repeat in a bounded loop. */
const LOOPABLE: ReadonlySet<BlockKind> = new Set(['draw', 'betting', 'simultaneous', 'observe', 'choice', 'auction']);
/** Kinds an `events` item may call. */
const EVENT_KINDS = { simultaneous: 1, auction: 1, observe: 1, draw: 0.7, choice: 1 } as const;

/** Draw the plan: the structure of the game. */
export function drawPlan(b: Builder): Plan {
  const d = b.dial;
  const n = b.draw.binomial(d.blockSlots, d.blockChance);
  const blocks: PlannedBlock[] = [];
  for (let i = 0; i < n; i++) {
    const kind = b.draw.weighted(d.blockWeights());
    let placement = b.draw.weighted(d.placementWeights());
    if (placement === 'loop' && !LOOPABLE.has(kind)) placement = 'plain';
    blocks.push({ kind, placement });
  }
  const events = b.draw.chance(d.eventsBlock) ? Array.from({ length: 1 + b.draw.binomial(2, 0.5 * d.c) }, () => b.draw.weighted(EVENT_KINDS)) : [];
  const eventsLast = b.draw.chance(0.5);
  const metric = b.draw.weighted(d.showdownWeights());
  const board = metric === 'pair-with-board' ? b.draw.int(1, 2) : b.draw.chance(0.3 * d.c) ? 1 : 0;
  const rounds = 1 + b.draw.binomial(d.bettingRoundsMax - 1, d.extraBettingRound);
  const loopRounds = rounds >= 2 && b.draw.chance(d.bettingLoop);
  const between = Array.from({ length: rounds - 1 }, () => b.draw.weighted(d.betweenWeights()));
  // The `graph` builder interleaves the middle blocks with the betting rounds (before a round, between two, or after the last).
  if (d.graph) for (const blk of blocks) blk.after = b.draw.int(0, loopRounds ? 1 : rounds);
  return { blocks, events, eventsLast, metric, board, rounds: loopRounds ? Math.min(rounds, d.loopMax) : rounds, loopRounds, between };
}

/** The structure's estimate of the cards it deals beyond the starting hands. */
export function plannedCards(plan: Plan): number {
  const per: Partial<Record<BlockKind, number>> = { draw: 2, auction: 1, discard: 2 };
  let n = plan.board + plan.events.length + 2 * plan.between.filter((k) => k === 'draw').length;
  for (const blk of plan.blocks) n += (per[blk.kind] ?? 0) * (blk.placement === 'loop' ? 3 : 1);
  return n;
}

/** The estimated cost of a planned block with its placement. */
function plannedCost(blk: PlannedBlock): Cost {
  const est = ESTIMATES[blk.kind];
  if (blk.placement === 'conditional') return scaled(est, 0.55);
  if (blk.placement === 'loop') return sequence(est, est, scaled(est, 0.5));
  return est;
}

/** Draw the surface and realize the plan into the builder's phases and sub-phases. */
export function realize(b: Builder, plan: Plan): void {
  drawSurface(b, plannedCards(plan));
  b.metric = plan.metric;
  const maxHand = b.startCards + plan.blocks.filter((x) => x.kind === 'draw' || x.kind === 'auction').length;
  b.scoring = plan.metric === 'sum-of-ranks' ? drawScoring(b, maxHand) : [];

  const setup: Step[] = [
    { kind: 'shuffle', pile: { kind: 'deck' } },
    { kind: 'deal', count: b.startCards, from: { kind: 'deck' }, to: { kind: 'each' }, faceUp: false },
  ];
  b.useCards(2 * b.startCards);
  b.handMin = [b.startCards, b.startCards];
  b.handMean = [b.startCards, b.startCards];
  if (plan.board > 0) {
    b.board = b.pile(WORDS.boards, 'public');
    setup.push({ kind: 'deal', count: plan.board, from: { kind: 'deck' }, to: { kind: 'pile', name: b.board }, faceUp: true });
    b.useCards(plan.board);
  }
  b.phase(['Setup'], setup);
  const [a0, a1] = b.antes;
  b.phase(
    ['Ante'],
    a0 === a1 && b.draw.chance(1 - 0.2 * b.dial.c)
      ? [{ kind: 'ante', amount: a0, payers: [0, 1] }]
      : [
          { kind: 'ante', amount: a0, payers: [0] },
          { kind: 'ante', amount: a1, payers: [1] },
        ],
  );

  const eventsCost = plan.events.reduce<Cost>((acc, k) => sequence(acc, scaled(ESTIMATES[k], 0.5)), NO_COST);
  // The betting structure is the centre of the game: it keeps its rounds as far as the move budget allows.
  let rounds = plan.rounds;
  const structureCost = (k: number): Cost =>
    sequence(...Array.from({ length: k }, () => ESTIMATES.betting), ...plan.between.slice(0, k - 1).map((kind) => ESTIMATES[kind]));
  while (rounds > 1 && Math.max(...sequence(structureCost(rounds), eventsCost).moves) > b.dial.moveBudget - 0.5) rounds--;
  const reserve = sequence(structureCost(rounds), eventsCost);
  // Every round must stay reachable: the survival floor allows for the folds of the earlier rounds.
  const minSurvival = b.dial.minSurvival * ESTIMATES.betting.survive ** (rounds - 1);
  const placeAfter = (k: number, last: boolean) => {
    // Blocks after the last decision deal no cards (a late deal changes no decision).
    b.noDeals = last;
    for (const blk of plan.blocks) if ((blk.after ?? 0) === k && b.fits(plannedCost(blk), reserve, minSurvival)) place(b, blk);
    b.noDeals = false;
  };
  placeAfter(0, false);
  if (plan.loopRounds && rounds >= 2) {
    if (plan.events.length > 0 && !plan.eventsLast) events(b, plan.events);
    bettingLoop(b, rounds, plan.between[0]!);
    placeAfter(1, true);
  } else {
    for (let i = 0; i < rounds; i++) {
      if (i > 0) {
        const gate = b.dial.graph && b.draw.chance(b.dial.gatedBetween) ? drawTransition(b) : null;
        if (gate) gated(b, gate, plan.between[i - 1]!);
        else {
          const blk = makeBlock(b, plan.between[i - 1]!);
          b.account(blk.cost);
          b.phase(blk.words, blk.steps);
        }
      }
      if (i === rounds - 1 && plan.events.length > 0 && !plan.eventsLast) events(b, plan.events);
      const round = b.dial.graph ? graphRound(b, i === rounds - 1) : bettingBlock(b, i === rounds - 1);
      b.account(round.cost);
      b.phase(round.words, round.steps);
      placeAfter(i + 1, i === rounds - 1);
    }
  }
  if (plan.events.length > 0 && plan.eventsLast) {
    // After the last decision: events deal no cards (they could change nothing anyone decides).
    b.noDeals = true;
    events(b, plan.events);
    b.noDeals = false;
  }
}

/**
 * The betting rounds as one loop, as in the seed games: `repeat up to N rounds`, the first round
 * a variable-amount round and the later ones fixed-limit, with an event between rounds (from the
 * second round on).
 */
function bettingLoop(b: Builder, max: number, between: 'draw' | 'observe' | 'simultaneous' | 'choice'): void {
  const counter = b.variable(WORDS.counters);
  const v = (name: string) => ({ kind: 'var' as const, name });
  const int = (value: number) => ({ kind: 'int' as const, value });
  b.loop = { counter, max };
  b.cardMultiplier = max - 1;
  const event = b.under((max - 1) / max, [`var:${counter}`], () => makeBlock(b, between));
  b.cardMultiplier = 1;
  b.loop = null;
  const first = b.dial.graph ? graphRound(b, false, 'variable') : bettingBlock(b, false, 'variable');
  const later = b.dial.graph ? graphRound(b, true, 'fixed') : bettingBlock(b, true, 'fixed');
  const body: Step[] = [
    { kind: 'if', branches: [{ cond: { kind: 'cmp', op: '>', left: v(counter), right: int(0) }, check: 'public', steps: event.steps }], otherwise: [] },
    {
      kind: 'if',
      branches: [{ cond: { kind: 'cmp', op: '==', left: v(counter), right: int(0) }, check: 'public', steps: first.steps }],
      otherwise: later.steps,
    },
  ];
  const name = b.names.fresh(WORDS.loop);
  const inner = b.draw.chance(0.5 * b.dial.c) ? [b.subphase(`${name}Round`, body)] : body;
  b.account(sequence(first.cost, ...Array.from({ length: max - 1 }, () => sequence(scaled(event.cost, 1), later.cost))));
  b.phases.push({ name, steps: [{ kind: 'repeat', max, counter, until: null, steps: inner }] });
}

/** Realize one planned block with its placement. */
function place(b: Builder, { kind, placement }: PlannedBlock): void {
  if (placement === 'conditional' && b.dial.graph) {
    const gate = drawTransition(b);
    if (gate) {
      gated(b, gate, kind);
      return;
    }
  }
  if (placement === 'conditional') {
    const drawn = drawCondition(b, { lo: 0.3, hi: 0.85 });
    if (drawn) {
      const check = b.draw.chance(b.dial.privateCheck) ? 'private' : 'public';
      b.secret = check === 'private';
      const blk = b.under(drawn.p, drawn.keys, () => makeBlock(b, kind));
      b.secret = false;
      const name = b.names.fresh(blk.words);
      const inner = b.draw.chance(0.5 * b.dial.c) ? [b.subphase(`${name}Round`, blk.steps)] : blk.steps;
      const otherwise = b.draw.chance(b.dial.elseBlock) ? b.under(1 - drawn.p, drawn.keys, () => drawEffects(b, b.underdog(), 1)) : [];
      b.account(scaled(blk.cost, drawn.p));
      b.phases.push({ name, steps: [{ kind: 'if', branches: [{ cond: drawn.cond, check, steps: inner }], otherwise }] });
      return;
    }
  }
  if (placement === 'loop') {
    loop(b, kind);
    return;
  }
  const blk = makeBlock(b, kind);
  b.account(blk.cost);
  const name = b.names.fresh(blk.words);
  const steps = placement === 'subphase' ? [b.subphase(`${name}Round`, blk.steps)] : blk.steps;
  b.phases.push({ name, steps });
}

/** A bounded loop of 2 or 3 rounds around a block, with an early exit and an inter-round draw. */
function loop(b: Builder, kind: BlockKind): void {
  const max = b.draw.int(2, b.dial.loopMax);
  const counter = b.variable(WORDS.counters);
  b.loop = { counter, max };
  b.cardMultiplier = max;
  const body: Step[] = [];
  let draws = false;
  if (kind !== 'draw' && b.draw.chance(0.5) && b.cardsAffordable(2)) {
    // An inter-round draw: from the second round on, each seat draws a card.
    b.useCards(2);
    draws = true;
    for (const s of [0, 1]) b.handChange(s, 1, (max - 1) / max);
    const later = { kind: 'cmp' as const, op: '>' as const, left: { kind: 'var' as const, name: counter }, right: { kind: 'int' as const, value: 0 } };
    body.push({
      kind: 'if',
      branches: [{ cond: later, check: 'public', steps: [{ kind: 'deal', count: 1, from: { kind: 'deck' }, to: { kind: 'each' }, faceUp: false }] }],
      otherwise: [],
    });
  }
  const blk = makeBlock(b, kind);
  body.push(...blk.steps);
  draws ||= blk.steps.some((s) => s.kind === 'deal' || s.kind === 'auction');
  b.loop = null;
  b.cardMultiplier = 1;
  const untils = [];
  if (b.potP >= 0.5 || b.skewP >= 0.5)
    untils.push({
      kind: 'cmp' as const,
      op: '<=' as const,
      left: { kind: 'stack' as const, seat: { kind: 'any' as const } },
      right: { kind: 'int' as const, value: b.draw.int(1, 2) },
    });
  if (draws)
    untils.push({
      kind: 'not' as const,
      arg: {
        kind: 'cmp' as const,
        op: '>=' as const,
        left: { kind: 'size' as const, pile: { kind: 'deck' as const } },
        right: { kind: 'int' as const, value: 2 },
      },
    });
  const until =
    untils.length === 0 || b.draw.chance(0.3) ? null : untils.length === 2 && b.draw.chance(0.5) ? { kind: 'or' as const, args: untils } : b.draw.pick(untils);
  const name = b.names.fresh(WORDS.loop);
  const inner = b.draw.chance(0.5 * b.dial.c) ? [b.subphase(`${name}Round`, body)] : body;
  b.account(sequence(...Array.from({ length: max }, () => blk.cost)));
  b.phases.push({ name, steps: [{ kind: 'repeat', max, counter, until, steps: inner }] });
}

/** An `events` block: independent conditional events, each calling a sub-phase or running effects. */
function events(b: Builder, kinds: BlockKind[]): void {
  const items = [];
  for (const kind of kinds) {
    const drawn = b.dial.graph ? drawTransition(b) : drawCondition(b, { lo: 0.3, hi: 0.85 });
    if (!drawn) continue;
    const check = b.draw.chance(b.dial.privateCheck) ? ('private' as const) : ('public' as const);
    b.secret = check === 'private';
    const blk = b.under(drawn.p, drawn.keys, () => makeBlock(b, kind));
    b.secret = false;
    b.account(scaled(blk.cost, drawn.p));
    const steps = b.draw.chance(0.7) ? [b.subphase(b.draw.pick(blk.words), blk.steps)] : blk.steps;
    items.push({ cond: drawn.cond, check, steps });
  }
  if (items.length > 0) b.phase(WORDS.events, [{ kind: 'triggers', items }]);
}

/**
 * A block behind a transition (`graph` builder): `if GATE { call <Block>Round }`, the block in a
 * sub-phase of its own (a conditional sub-phase of the phase graph), with an `else` of effects
 * with the dial's else probability.
 */
function gated(b: Builder, gate: DrawnCond, kind: BlockKind): void {
  const check = b.draw.chance(b.dial.privateCheck) ? 'private' : 'public';
  b.secret = check === 'private';
  const blk = b.under(gate.p, gate.keys, () => makeBlock(b, kind));
  b.secret = false;
  const name = b.names.fresh(blk.words);
  const otherwise = b.draw.chance(b.dial.elseBlock) ? b.under(1 - gate.p, gate.keys, () => drawEffects(b, b.underdog(), 1)) : [];
  b.account(scaled(blk.cost, gate.p));
  b.phases.push({ name, steps: [{ kind: 'if', branches: [{ cond: gate.cond, check, steps: [b.subphase(`${name}Round`, blk.steps)] }], otherwise }] });
}
