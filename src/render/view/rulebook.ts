/**
 * Build the rulebook's view model from a game's IR. Everything the rulebook states comes from
 * here: amounts, names and counts are read from the IR, never written into the templates.
 */
import type { GameIR, Showdown, ShowdownMetric, Step, StepKind } from '../../ir/schema.js';
import { escapeMarkdown } from '../markdown.js';
import { optionHasCost } from '../../ir/walk.js';
import { possibleCategories } from '../../interpreter/poker-hand.js';
import { pokerRankOrder } from '../../ir/poker.js';
import { cardName } from '../words.js';
import { deckDrawBound, handsFixed, hasPrivateSteps, intKindsUsed, kindsUsed, payoutBound, subphaseLayout } from './analysis.js';
import { allSteps, conditionsOf, isTableGame, playerSeats } from '../../ir/facts.js';
import { viewContext, type ViewContext } from './context.js';
import { exprViewBuilders } from './expr.js';
import { STEP_KINDS, stepView, stepViewBuilders, type StepViewBuilders } from './steps.js';
import type {
  ConditionCheckView,
  OverviewView,
  PhaseView,
  RulebookView,
  SequenceItemView,
  ShowdownViewByMetric,
  SubPhaseView,
  VisibilityView,
} from './types.js';

/** Card counts that the top-level deals fix, when every deal is fulfilled. */
interface DealTotals {
  /** Cards each seat's hand receives. */
  hand: [number, number];
  /** Cards each shared pile receives, by name. */
  pile: Map<string, number>;
  /** Some deal takes cards from somewhere other than the deck (counts are then not fixed). */
  otherSources: boolean;
}

function dealTotals(ir: GameIR): DealTotals {
  const t: DealTotals = { hand: [0, 0], pile: new Map(), otherSources: false };
  for (const phase of ir.phases) {
    for (const step of phase.steps) {
      if (step.kind !== 'deal') continue;
      if (step.from.kind !== 'deck') t.otherSources = true;
      if (step.to.kind === 'each') {
        t.hand[0] += step.count;
        t.hand[1] += step.count;
      } else if (step.to.kind === 'hand') t.hand[step.to.seat] += step.count;
      else if (step.to.kind === 'pile') t.pile.set(step.to.name, (t.pile.get(step.to.name) ?? 0) + step.count);
    }
  }
  return t;
}

/** The kinds of Kuhn and Leduc; any other kind brings the general rules of the extended language. */
const BASIC_KINDS = new Set<StepKind>(['shuffle', 'deal', 'ante', 'betting']);

/** What a game uses, read once from all of its steps. */
interface GameFeatures {
  steps: Step[];
  kinds: Set<StepKind>;
  has: (pred: (s: Step) => boolean) => boolean;
}

function features(ir: GameIR): GameFeatures {
  const steps = allSteps(ir);
  return { steps, kinds: kindsUsed(ir, steps), has: (pred) => steps.some(pred) };
}

/** The seat that opens every betting round, or null when rounds differ or there is none. */
function firstToAct(f: GameFeatures, ctx: ViewContext): string | null {
  const firsts = new Set(f.steps.flatMap((s) => (s.kind === 'betting' || s.kind === 'varbet' ? [s.firstSeat] : [])));
  return firsts.size === 1 ? ctx.seat([...firsts][0]) : null;
}

/** Words for everything announced to both seats, in the order a game meets them. */
function announcedActions(f: GameFeatures): string[] {
  const words: string[] = [];
  const add = (...w: string[]) => w.forEach((x) => words.includes(x) || words.push(x));
  for (const s of f.steps) {
    switch (s.kind) {
      case 'shuffle':
      case 'deal':
      case 'ante':
      case 'wager':
      case 'match':
      case 'reveal':
        add(s.kind);
        break;
      case 'betting':
      case 'varbet':
        add('check', 'bet', 'call', 'fold');
        break;
      case 'choice':
        if (s.announce === 'public') add('public choice');
        break;
      case 'pay':
        add('payment');
        break;
      case 'sidebet':
        add('side-bet answer');
        break;
      case 'score':
        add('score change');
        break;
      case 'set':
        add('counter change');
        break;
      case 'swap':
      case 'steal':
        if (s.visibility === 'public') add(`public ${s.kind}`);
        break;
      case 'discard':
        if (s.faceUp) add('face-up discard');
        break;
      case 'end':
        add('game end');
        break;
      default:
        break;
    }
  }
  if (f.has((s) => s.kind === 'betting' && s.raiseCap > 1)) words.splice(words.indexOf('fold'), 0, 'raise');
  return words;
}

function overview(ir: GameIR, ctx: ViewContext, f: GameFeatures): OverviewView {
  const deckSize = ir.deck.ranks.length * ir.deck.suits.length * ir.deck.copies;
  const drawn = deckDrawBound(ir);
  const payout = payoutBound(ir);
  const counters = new Set(f.steps.flatMap((s) => (s.kind === 'repeat' ? [s.counter] : [])));
  const ints = intKindsUsed(ir, f.steps);
  return {
    seats: ir.seats.map((_, i) => ({ number: i + 1, name: ctx.seats[i], stack: ir.stacks[i], house: ir.house?.seat === i })),
    seatNames: [...ctx.seats],
    deck: {
      size: deckSize,
      cards: ir.deck.suits.flatMap((suit) => ir.deck.ranks.map((r) => cardName(escapeMarkdown(r.name), escapeMarkdown(suit)))),
      ranks: ir.deck.ranks.map((r) => ({ name: escapeMarkdown(r.name), value: r.value })),
      suits: ir.deck.suits.map(escapeMarkdown),
      copies: ir.deck.copies,
      manySuits: ir.deck.suits.length > 1,
    },
    stackEach: ir.house ? null : ir.stacks.every((s) => s === ir.stacks[0]) ? ir.stacks[0] : null,
    totalChips: ir.house?.bank === 'unlimited' ? null : ir.stacks.reduce((a, b) => a + b, 0),
    house: ir.house
      ? {
          name: ctx.seats[ir.house.seat]!,
          bank: ir.house.bank === 'unlimited' ? null : ir.house.bank,
          players: playerSeats(ir).map((s) => ctx.seats[s]!),
        }
      : null,
    shoe: ir.shoe ? { cut: ir.shoe.cut } : null,
    piles: ir.piles.map((p) => ({ name: escapeMarkdown(p.name), public: p.visibility === 'public' })),
    variables: ir.variables.map((v) => ({ name: ctx.variable(v.name), initial: v.initial, counter: counters.has(v.name) })),
    positions: ir.positions.map((p) => ({ name: ctx.position(p.name), public: p.visibility === 'public' })),
    cardsDealt: Number.isFinite(drawn) ? drawn : 0,
    deckSuffices: drawn <= deckSize,
    maxCommitment: Number.isFinite(payout[0]) && Number.isFinite(payout[1]) ? Math.max(payout[0], payout[1]) : 0,
    // At a table the bound is per seat 0 and per any other seat (table steps treat the seats alike): every stack must cover the larger.
    stacksSuffice: ir.stacks.length === 2 ? ir.stacks[0] >= payout[0] && ir.stacks[1] >= payout[1] : ir.stacks.every((s) => s >= Math.max(...payout)),
    onlyAntesAndBetting: [...f.kinds].every((k) => BASIC_KINDS.has(k)),
    present: Object.fromEntries(STEP_KINDS.map((k) => [k, f.kinds.has(k)])) as { [K in StepKind]: boolean },
    extended: [...f.kinds].some((k) => !BASIC_KINDS.has(k)),
    hasPrivate: hasPrivateSteps(ir, f.steps),
    highestUsed: ints.has('highest') || f.has((s) => s.kind === 'assign' && (s.criterion.kind === 'highest-card' || s.criterion.kind === 'lowest-card')),
    handsChange: !handsFixed(ir, f.steps),
    randomPicks: f.has(
      (s) =>
        (s.kind === 'peek' && s.pick === 'random') ||
        (s.kind === 'reveal' && s.what === 'random') ||
        s.kind === 'swap' ||
        s.kind === 'steal' ||
        (s.kind === 'discard' && s.pick === 'random'),
    ),
    endsEarly: f.kinds.has('end') || f.kinds.has('varbet'),
    firstToAct: firstToAct(f, ctx),
    lastPhase: ctx.phaseName(ir.phases[ir.phases.length - 1].name),
    scoresCounted: ir.showdown.metric === 'sum-of-ranks',
    costs: {
      certain: f.has((s) => s.kind === 'choice' && s.options.some((o) => optionHasCost(o) && o.costChance >= 1)),
      chance: f.has((s) => s.kind === 'choice' && s.options.some((o) => optionHasCost(o) && o.costChance > 0 && o.costChance < 1)),
    },
  };
}

function visibility(ctx: ViewContext, f: GameFeatures, ov: OverviewView): VisibilityView {
  const faceUp: string[] = [];
  let faceDownToHands = false;
  for (const step of f.steps) {
    if (step.kind !== 'deal') continue;
    const toPublicPile = step.to.kind === 'pile' && ctx.pileIsPublic(step.to.name);
    if (step.faceUp || toPublicPile) {
      const where = step.to.kind === 'each' ? 'each seat' : step.to.kind === 'winner' ? "the winner's hand" : ctx.pileLabel(step.to);
      if (!faceUp.includes(where)) faceUp.push(where);
    } else if (step.to.kind !== 'pile') faceDownToHands = true;
  }
  const expr = exprViewBuilders(ctx);
  const seen = new Set<string>();
  const conditionChecks: ConditionCheckView[] = [];
  const uses = conditionsOf(f.steps);
  for (const c of uses) {
    const key = `${c.use} ${JSON.stringify(c.cond)}`;
    if (seen.has(key)) continue;
    seen.add(key);
    conditionChecks.push({ cond: expr.cond(c.cond), use: c.use });
  }
  return {
    seatNames: [...ctx.seats],
    faceUp,
    faceDownToHands,
    piles: ov.piles,
    variables: ov.variables,
    positions: ov.positions,
    publicPositions: ov.positions.some((p) => p.public),
    announced: announcedActions(f),
    conditionChecks,
    hasPrivate: ov.hasPrivate,
    anyPublicCheck: uses.some((u) => u.use === 'public'),
    anyPrivateCheck: uses.some((u) => u.use === 'private'),
    publicChoices: f.has((s) => s.kind === 'choice' && s.announce === 'public'),
    privateChoices: f.has((s) => s.kind === 'choice' && s.announce === 'private'),
    simultaneous: f.kinds.has('simultaneous'),
    auction: f.kinds.has('auction'),
    wagers: f.kinds.has('wager') || f.kinds.has('varbet'),
    sideBets: f.kinds.has('sidebet'),
    privatePeeks: f.has((s) => s.kind === 'peek' && s.visibility === 'private'),
    occurrencePeeks: f.has((s) => s.kind === 'peek' && s.visibility === 'occurrence'),
    reveals: f.kinds.has('reveal'),
    swaps: f.kinds.has('swap'),
    steals: f.kinds.has('steal'),
    discardsUp: f.has((s) => s.kind === 'discard' && s.faceUp),
    discardsDown: f.has((s) => s.kind === 'discard' && !s.faceUp),
    laterDraws: ov.handsChange || f.kinds.has('swap'),
  };
}

type ShowdownBuilders = { [M in ShowdownMetric]: (sd: Extract<Showdown, { metric: M }>) => ShowdownViewByMetric[M] };

function showdownView(ir: GameIR, ctx: ViewContext, f: GameFeatures, ov: OverviewView) {
  const totals = dealTotals(ir);
  const fixed = ov.deckSuffices && !totals.otherSources && !ov.handsChange;
  const base = {
    ranks: ir.deck.ranks.map((r) => ({ name: escapeMarkdown(r.name), value: r.value })),
    handSize: fixed && totals.hand[0] === totals.hand[1] ? totals.hand[0] : null,
    lastPhase: ov.lastPhase,
    seatNames: [...ctx.seats],
    endsEarly: ov.endsEarly,
    sideBets: f.kinds.has('sidebet'),
    cardsMove: ov.handsChange || f.kinds.has('swap'),
  };
  const builders: ShowdownBuilders = {
    'high-card': () => ({ metric: 'high-card', partial: 'showdown/high-card', ...base }),
    'pair-with-board': (sd) => ({
      metric: 'pair-with-board',
      partial: 'showdown/pair-with-board',
      ...base,
      board: `the ${escapeMarkdown(sd.board)}`,
      boardSize: fixed ? (totals.pile.get(sd.board) ?? 0) : null,
    }),
    'poker-hand': (sd) => {
      const order = pokerRankOrder(ir);
      const names = order.map((i) => escapeMarkdown(ir.deck.ranks[i].name));
      const shape = { numRanks: names.length, perRank: ir.deck.suits.length * ir.deck.copies, perSuit: names.length * ir.deck.copies };
      return {
        metric: 'poker-hand',
        partial: 'showdown/poker-hand',
        ...base,
        board: sd.board === null ? null : `the ${escapeMarkdown(sd.board)}`,
        categories: possibleCategories(shape, { suited: sd.suited, flushBeatsFullHouse: sd.flushBeatsFullHouse }),
        rankOrder: names,
        straights: names.length >= 5,
        wheel: names.length >= 6 ? [names[names.length - 1], ...names.slice(0, 4)].join(', ') : '',
        topRank: names[names.length - 1],
        lowRank: names[0],
        flushBeatsFullHouse: sd.flushBeatsFullHouse,
        suited: sd.suited,
      };
    },
    'sum-of-ranks': (sd) => ({
      metric: 'sum-of-ranks',
      partial: 'showdown/sum-of-ranks',
      ...base,
      rules: sd.rules.map((r) => ({ points: Math.abs(r.points), bonus: r.points >= 0, rank: ctx.rank(r.rank), pair: r.kind === 'pair' })),
      scores: f.kinds.has('score'),
    }),
  };
  const sd = ir.showdown;
  return (builders[sd.metric] as (x: Showdown) => ShowdownViewByMetric[ShowdownMetric])(sd);
}

function subPhaseView(ctx: ViewContext, builders: StepViewBuilders, ir: GameIR, name: string, callers: string[]): SubPhaseView {
  const p = ir.subphases.find((x) => x.name === name);
  if (!p) throw new Error(`render: unknown sub-phase '${name}' (the IR should have been validated)`);
  const from = callers.map((c) => ctx.phaseName(c));
  return { name: ctx.phaseName(name), steps: p.steps.map((s) => stepView(builders, s)), calledFrom: from, returnsTo: from };
}

/**
 * The rulebook's view model.
 * @throws Error only on an IR that `validateIR` would reject (unknown pile, position or sub-phase).
 */
export function buildRulebookView(ir: GameIR): RulebookView {
  const ctx = viewContext(ir);
  const builders = stepViewBuilders(ctx);
  const f = features(ir);
  const ov = overview(ir, ctx, f);
  const layout = subphaseLayout(ir);
  const sub = (name: string) => subPhaseView(ctx, builders, ir, name, layout.callers.get(name) ?? []);
  const phases: PhaseView[] = ir.phases.map((p, i) => ({
    number: i + 1,
    name: ctx.phaseName(p.name),
    steps: p.steps.map((s) => stepView(builders, s)),
    subPhases: layout.under[i].map(sub),
    next: i + 1 < ir.phases.length ? ctx.phaseName(ir.phases[i + 1].name) : null,
  }));
  const sequence: SequenceItemView[] = phases.map((p) => ({ number: p.number, name: p.name, steps: p.steps }));
  return {
    title: escapeMarkdown(ir.name),
    chat: ir.chat
      ? [
          `With any move, a seat may send a message of at most ${ir.chat.maxChars} characters; it is delivered to every seat at the table.`,
          ...(ir.chat.perPhase === null ? [] : [`Each seat may send at most ${ir.chat.perPhase} message${ir.chat.perPhase === 1 ? '' : 's'} per phase.`]),
          ...(ir.chat.perHand === null ? [] : [`Each seat may send at most ${ir.chat.perHand} message${ir.chat.perHand === 1 ? '' : 's'} per hand.`]),
          'A message over a limit is refused and not delivered. The counts start again with every hand. Messages do not change the play: only moves do.',
          ...ir.chat.messages.map((m) => `At the start of every hand the table says: “${escapeMarkdown(m)}”`),
          ...(ir.chat.seats?.length
            ? [
                `Besides the seats, ${ir.chat.seats.map((x) => escapeMarkdown(x.name)).join(', ')} ${ir.chat.seats.length === 1 ? 'also speaks' : 'also speak'} at the table (scripted). The speakers (${[...ir.seats.filter((_, k) => k !== ir.house?.seat), ...ir.chat.seats.map((x) => x.name)].map(escapeMarkdown).join(', ')}) take turns in this order, which moves on by one speaker each hand; a seat's turn passes with its first move of the hand, and every message is delivered before the hand's bets are settled.`,
              ]
            : []),
        ]
      : null,
    numSeats: ir.seats.length,
    origin: ir.origin ? { ...ir.origin, generator: escapeMarkdown(ir.origin.generator), builderVersion: escapeMarkdown(ir.origin.builderVersion) } : null,
    overview: ov,
    visibility: visibility(ctx, f, ov),
    sequence,
    phases,
    orphans: layout.unreached.map(sub),
    showdown: showdownView(ir, ctx, f, ov),
    endsEarly: ov.endsEarly,
    table: isTableGame(ir)
      ? { button: ir.button === true, headsUp: ir.seats.length === 2, oddChipLeftOfButton: ir.oddChip === 'left-of-button' || ir.button === true }
      : null,
  };
}
