/**
 * The rulebook's view model: plain data the Handlebars templates read. Every field a template
 * uses is present (templates run in Handlebars' strict mode, where a missing field throws), so
 * "absent" is spelled `null`, `false` or `[]`, never `undefined`.
 *
 * Names (seats, phases, piles, cards) are already Markdown-escaped; amounts are whole chips.
 */
import type { ShowdownMetric, StepKind } from '../../ir/schema.js';

/** A seat as the rulebook names it. */
export interface SeatView {
  /** 1-based seat number (seat 1 is the IR's seat 0). */
  number: number;
  name: string;
  /** Starting stack in chips. */
  stack: number;
}

/** A rank with its comparison value. */
export interface RankView {
  name: string;
  value: number;
}

/** A shared pile besides the deck and the hands. */
export interface PileView {
  name: string;
  /** `true`: both seats see its cards; `false`: nobody does. */
  public: boolean;
}

export interface OverviewView {
  seats: SeatView[];
  /** Every seat's name, in seat order. */
  seatNames: string[];
  deck: {
    size: number;
    /** Every card of the deck by name (`J of hearts`), duplicates listed once with `copies`. */
    cards: string[];
    ranks: RankView[];
    suits: string[];
    copies: number;
    /** True when more than one suit exists (suits then only tell cards apart). */
    manySuits: boolean;
  };
  /** Both stacks equal: the common size in chips; otherwise null. */
  stackEach: number | null;
  /** Stacks plus pot, in chips: constant through the game. */
  totalChips: number;
  piles: PileView[];
  /** Cards dealt over a whole game (when every deal is fulfilled). */
  cardsDealt: number;
  /** Whether the deck always holds enough cards for every deal. */
  deckSuffices: boolean;
  /**
   * The most chips a seat can put into the pot over the whole game (antes plus every betting
   * round at its cap), and whether every starting stack covers it.
   */
  maxCommitment: number;
  stacksSuffice: boolean;
  /** Step kinds that occur in the game, for the general rules that apply only to them. */
  present: { [K in StepKind]: boolean };
  /** The seat that opens every betting round, when it is the same in all of them; else null. */
  firstToAct: string | null;
  lastPhase: string;
}

export interface VisibilityView {
  seatNames: string[];
  /** Places where cards are dealt face up or to a public pile. */
  faceUp: string[];
  /** Face-down deals to hands. */
  faceDownToHands: boolean;
  piles: PileView[];
  /** What is announced to both seats, as words for a list: `shuffle`, `deal`, `ante`, `check`, … */
  announced: string[];
  /** Condition checks, with whether each is announced. Empty while the IR has no conditional steps. */
  conditionChecks: { text: string; public: boolean }[];
}

/** One line of the Sequence of Play. */
export interface SequenceItemView {
  number: number;
  name: string;
  steps: StepView[];
}

/**
 * A phase or sub-phase of Phase Details. `calledFrom` and `returnsTo` describe sub-phases
 * (named step lists that other steps call); top-level phases have `calledFrom: []` and name the
 * phase that follows in `next`.
 */
export interface PhaseView {
  number: number;
  name: string;
  steps: StepView[];
  subPhases: PhaseView[];
  calledFrom: string[];
  returnsTo: string | null;
  /** Name of the next phase, or null when the showdown follows. */
  next: string | null;
}

interface StepViewBase<K extends StepKind> {
  kind: K;
  /** Partial that renders the step in Phase Details, e.g. `steps/deal`. */
  partial: `steps/${K}`;
  /** Partial that renders the step's short form in Sequence of Play, e.g. `summaries/deal`. */
  summary: `summaries/${K}`;
}

export interface ShuffleView extends StepViewBase<'shuffle'> {
  /** `the deck`, `Alice's hand`, `the board`. */
  pile: string;
}

export interface DealView extends StepViewBase<'deal'> {
  count: number;
  from: string;
  /** Dealt to each seat's hand. */
  toEach: boolean;
  /** Seats in dealing order (for `toEach`). */
  seats: string[];
  /** Destination when not `toEach`: `Alice's hand`, `the board`. */
  to: string;
  /** Destination is a seat's hand: its owner's name, else null. */
  toSeat: string | null;
  faceUp: boolean;
  /** Both seats see the cards (face up, or a public pile). */
  seenByAll: boolean;
  /** Nobody sees the cards (face down into a hidden shared pile). */
  seenByNone: boolean;
}

export interface AnteView extends StepViewBase<'ante'> {
  amount: number;
  payers: string[];
  both: boolean;
}

/** One action of a betting course. */
export interface BettingMoveView {
  seat: string;
  /** `checks`, `bets`, `calls`, `raises`, `folds`. */
  verb: string;
  /** Chips the move puts into the pot (0 for check and fold). */
  chips: number;
  /** For a raise: the chips needed to match first; else 0. */
  toMatch: number;
}

/** One complete way a betting round can go (when stacks cover every bet). */
export interface BettingCourseView {
  moves: BettingMoveView[];
  /** Winner when the round ends with a fold, else null. */
  foldWinner: string | null;
  /** Chips each seat put in during the round, when it ends without a fold. */
  eachPutIn: number;
}

export interface BettingView extends StepViewBase<'betting'> {
  betSize: number;
  raiseCap: number;
  first: string;
  second: string;
  /** `raiseCap > 1`: raises are possible. */
  canRaise: boolean;
  /** Most chips one seat can put in during this round (`betSize × raiseCap`). */
  maxPerSeat: number;
  courses: BettingCourseView[];
}

/** The view of each step kind; a kind without a view is a compile error in `StepHandlers`. */
export interface StepViewByKind {
  shuffle: ShuffleView;
  deal: DealView;
  ante: AnteView;
  betting: BettingView;
}
export type StepView = StepViewByKind[StepKind];

interface ShowdownViewBase<M extends ShowdownMetric> {
  metric: M;
  /** Partial that states the comparison rule, e.g. `showdown/high-card`. */
  partial: `showdown/${M}`;
  ranks: RankView[];
  /** Cards each seat holds at the showdown when that number is fixed by the rules, else null. */
  handSize: number | null;
  lastPhase: string;
  seatNames: string[];
}

export interface HighCardView extends ShowdownViewBase<'high-card'> {}

export interface PairWithBoardView extends ShowdownViewBase<'pair-with-board'> {
  board: string;
  /** Cards on the board at the showdown when fixed by the rules, else null. */
  boardSize: number | null;
}

/** The showdown view of each metric; a metric without a view is a compile error. */
export interface ShowdownViewByMetric {
  'high-card': HighCardView;
  'pair-with-board': PairWithBoardView;
}
export type ShowdownView = ShowdownViewByMetric[ShowdownMetric];

/** Provenance of a generated game. */
export interface OriginView {
  generator: string;
  builderVersion: string;
  seed: number;
  complexity: number;
}

/** The whole rulebook. */
export interface RulebookView {
  title: string;
  origin: OriginView | null;
  overview: OverviewView;
  visibility: VisibilityView;
  sequence: SequenceItemView[];
  phases: PhaseView[];
  showdown: ShowdownView;
}
