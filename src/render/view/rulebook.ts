/**
 * Build the rulebook's view model from a game's IR. Everything the rulebook states comes from
 * here: amounts, names and counts are read from the IR, never written into the templates.
 */
import type { GameIR, Showdown, ShowdownMetric, StepKind } from '../../ir/schema.js';
import { escapeMarkdown } from '../markdown.js';
import { cardName } from '../words.js';
import { viewContext, type ViewContext } from './context.js';
import { STEP_KINDS, stepView, stepViewBuilders } from './steps.js';
import type {
  OverviewView,
  PhaseView,
  RulebookView,
  SequenceItemView,
  ShowdownViewByMetric,
  VisibilityView,
} from './types.js';

/** Card counts that the phases fix, when every deal is fulfilled. */
interface DealTotals {
  /** Cards dealt from the deck over the game. */
  fromDeck: number;
  /** Cards each seat's hand receives. */
  hand: [number, number];
  /** Cards each shared pile receives, by name. */
  pile: Map<string, number>;
  /** Some deal takes cards from somewhere other than the deck (counts are then not fixed). */
  otherSources: boolean;
}

function dealTotals(ir: GameIR): DealTotals {
  const t: DealTotals = { fromDeck: 0, hand: [0, 0], pile: new Map(), otherSources: false };
  for (const phase of ir.phases) {
    for (const step of phase.steps) {
      if (step.kind !== 'deal') continue;
      const n = step.to.kind === 'each' ? 2 * step.count : step.count;
      if (step.from.kind === 'deck') t.fromDeck += n;
      else t.otherSources = true;
      if (step.to.kind === 'each') {
        t.hand[0] += step.count;
        t.hand[1] += step.count;
      } else if (step.to.kind === 'hand') t.hand[step.to.seat] += step.count;
      else if (step.to.kind === 'pile') t.pile.set(step.to.name, (t.pile.get(step.to.name) ?? 0) + step.count);
    }
  }
  return t;
}

/** The most chips each seat can put into the pot: its antes plus every betting round at its cap. */
function maxCommitments(ir: GameIR): [number, number] {
  const m: [number, number] = [0, 0];
  for (const phase of ir.phases) {
    for (const step of phase.steps) {
      if (step.kind === 'ante') for (const s of step.payers) m[s] += step.amount;
      if (step.kind === 'betting') {
        m[0] += step.betSize * step.raiseCap;
        m[1] += step.betSize * step.raiseCap;
      }
    }
  }
  return m;
}

function presentKinds(ir: GameIR): { [K in StepKind]: boolean } {
  const used = new Set(ir.phases.flatMap((p) => p.steps.map((s) => s.kind)));
  return Object.fromEntries(STEP_KINDS.map((k) => [k, used.has(k)])) as { [K in StepKind]: boolean };
}

/** The seat that opens every betting round, or null when rounds differ or there is none. */
function firstToAct(ir: GameIR, ctx: ViewContext): string | null {
  const firsts = new Set(ir.phases.flatMap((p) => p.steps.flatMap((s) => (s.kind === 'betting' ? [s.firstSeat] : []))));
  return firsts.size === 1 ? ctx.seat([...firsts][0]) : null;
}

/** Words for everything announced to both seats, in the order a game meets them. */
function announcedActions(ir: GameIR): string[] {
  const steps = ir.phases.flatMap((p) => p.steps);
  const words: string[] = [];
  const add = (...w: string[]) => w.forEach((x) => words.includes(x) || words.push(x));
  for (const step of steps) {
    if (step.kind === 'shuffle') add('shuffle');
    if (step.kind === 'deal') add('deal');
    if (step.kind === 'ante') add('ante');
    if (step.kind === 'betting') add('check', 'bet', 'call', 'fold');
  }
  if (steps.some((s) => s.kind === 'betting' && s.raiseCap > 1)) words.splice(words.indexOf('fold'), 0, 'raise');
  return words;
}

function overview(ir: GameIR, ctx: ViewContext, totals: DealTotals): OverviewView {
  const deckSize = ir.deck.ranks.length * ir.deck.suits.length * ir.deck.copies;
  const commit = maxCommitments(ir);
  return {
    seats: ir.seats.map((_, i) => ({ number: i + 1, name: ctx.seats[i], stack: ir.stacks[i] })),
    seatNames: [...ctx.seats],
    deck: {
      size: deckSize,
      cards: ir.deck.suits.flatMap((suit) => ir.deck.ranks.map((r) => cardName(escapeMarkdown(r.name), escapeMarkdown(suit)))),
      ranks: ir.deck.ranks.map((r) => ({ name: escapeMarkdown(r.name), value: r.value })),
      suits: ir.deck.suits.map(escapeMarkdown),
      copies: ir.deck.copies,
      manySuits: ir.deck.suits.length > 1,
    },
    stackEach: ir.stacks[0] === ir.stacks[1] ? ir.stacks[0] : null,
    totalChips: ir.stacks[0] + ir.stacks[1],
    piles: ir.piles.map((p) => ({ name: escapeMarkdown(p.name), public: p.visibility === 'public' })),
    cardsDealt: totals.fromDeck,
    deckSuffices: !totals.otherSources && totals.fromDeck <= deckSize,
    maxCommitment: Math.max(commit[0], commit[1]),
    stacksSuffice: ir.stacks[0] >= commit[0] && ir.stacks[1] >= commit[1],
    present: presentKinds(ir),
    firstToAct: firstToAct(ir, ctx),
    lastPhase: escapeMarkdown(ir.phases[ir.phases.length - 1].name),
  };
}

function visibility(ir: GameIR, ctx: ViewContext): VisibilityView {
  const faceUp: string[] = [];
  let faceDownToHands = false;
  for (const phase of ir.phases) {
    for (const step of phase.steps) {
      if (step.kind !== 'deal') continue;
      const toPublicPile = step.to.kind === 'pile' && ctx.pileIsPublic(step.to.name);
      if (step.faceUp || toPublicPile) {
        const where = step.to.kind === 'each' ? 'each seat' : ctx.pileLabel(step.to);
        if (!faceUp.includes(where)) faceUp.push(where);
      } else if (step.to.kind !== 'pile') faceDownToHands = true;
    }
  }
  return {
    seatNames: [...ctx.seats],
    faceUp,
    faceDownToHands,
    piles: ir.piles.map((p) => ({ name: escapeMarkdown(p.name), public: p.visibility === 'public' })),
    announced: announcedActions(ir),
    conditionChecks: [],
  };
}

type ShowdownBuilders = { [M in ShowdownMetric]: (sd: Showdown) => ShowdownViewByMetric[M] };

function showdownView(ir: GameIR, ctx: ViewContext, totals: DealTotals, deckSuffices: boolean) {
  const fixed = deckSuffices && !totals.otherSources;
  const base = {
    ranks: ir.deck.ranks.map((r) => ({ name: escapeMarkdown(r.name), value: r.value })),
    handSize: fixed && totals.hand[0] === totals.hand[1] ? totals.hand[0] : null,
    lastPhase: escapeMarkdown(ir.phases[ir.phases.length - 1].name),
    seatNames: [...ctx.seats],
  };
  const builders: ShowdownBuilders = {
    'high-card': () => ({ metric: 'high-card', partial: 'showdown/high-card', ...base }),
    'pair-with-board': (sd) => {
      if (sd.board === undefined) throw new Error("render: showdown 'pair-with-board' needs a board pile (the IR should have been validated)");
      return {
        metric: 'pair-with-board',
        partial: 'showdown/pair-with-board',
        ...base,
        board: `the ${escapeMarkdown(sd.board)}`,
        boardSize: fixed ? (totals.pile.get(sd.board) ?? 0) : null,
      };
    },
  };
  return (builders[ir.showdown.metric] as (sd: Showdown) => ShowdownViewByMetric[ShowdownMetric])(ir.showdown);
}

/**
 * The rulebook's view model.
 * @throws Error only on an IR that `validateIR` would reject (unknown pile, missing board).
 */
export function buildRulebookView(ir: GameIR): RulebookView {
  const ctx = viewContext(ir);
  const builders = stepViewBuilders(ctx);
  const totals = dealTotals(ir);
  const ov = overview(ir, ctx, totals);
  const phases: PhaseView[] = ir.phases.map((p, i) => ({
    number: i + 1,
    name: escapeMarkdown(p.name),
    steps: p.steps.map((s) => stepView(builders, s)),
    subPhases: [],
    calledFrom: [],
    returnsTo: null,
    next: i + 1 < ir.phases.length ? escapeMarkdown(ir.phases[i + 1].name) : null,
  }));
  const sequence: SequenceItemView[] = phases.map((p) => ({ number: p.number, name: p.name, steps: p.steps }));
  return {
    title: escapeMarkdown(ir.name),
    origin: ir.origin ? { ...ir.origin, generator: escapeMarkdown(ir.origin.generator), builderVersion: escapeMarkdown(ir.origin.builderVersion) } : null,
    overview: ov,
    visibility: visibility(ir, ctx),
    sequence,
    phases,
    showdown: showdownView(ir, ctx, totals, ov.deckSuffices),
  };
}
