/**
 * The rulebook's view model: plain data the Handlebars templates read. Every field a template
 * uses is present (templates run in Handlebars' strict mode, where a missing field throws), so
 * "absent" is spelled `null`, `false` or `[]`, never `undefined`.
 *
 * Names (seats, phases, piles, cards) are already Markdown-escaped, and phase, sub-phase,
 * variable and position names humanized (`words.humanize`); amounts are whole chips. The views
 * of the steps are in `step-types.ts`, those of expressions in `expr-types.ts`.
 */
import type { ShowdownMetric, StepKind } from '../../ir/schema.js';
import type { CondView } from './expr-types.js';
import type { StepView } from './step-types.js';

export type * from './step-types.js';
export type * from './expr-types.js';

/** A seat as the rulebook names it. */
export interface SeatView {
  /** 1-based seat number (seat 1 is the IR's seat 0). */
  number: number;
  name: string;
  /** Starting stack in chips. */
  stack: number;
  /** The seat is the house (its chips are its bank). */
  house: boolean;
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

/** A variable: `«bet round»`, its starting value, and whether a loop counts its rounds with it. */
export interface VariableView {
  name: string;
  initial: number;
  counter: boolean;
}

/** A position (role). */
export interface PositionView {
  name: string;
  /** Both seats are told the holder; else each seat is told only whether it holds it. */
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
  /** Stacks plus pot, in chips: constant through the game (null with an unlimited house). */
  totalChips: number | null;
  /** The house (`house SEAT`): its name, its bank (null: unlimited) and the players' names; null without one. */
  house: { name: string; bank: number | null; players: string[] } | null;
  /** The shoe (`shoe cut N`): its cut in cards; null without one. */
  shoe: { cut: number } | null;
  piles: PileView[];
  variables: VariableView[];
  positions: PositionView[];
  /** Cards dealt from the deck over a whole game, at most. */
  cardsDealt: number;
  /** Whether the deck always holds enough cards for every deal. */
  deckSuffices: boolean;
  /**
   * The most chips a seat can pay out over the whole game, and whether every starting stack
   * covers it (then no seat ever runs short).
   */
  maxCommitment: number;
  stacksSuffice: boolean;
  /** Only antes and betting rounds move chips (the commitment is "every ante plus every betting round at its limit"). */
  onlyAntesAndBetting: boolean;
  /** Step kinds that occur in the game (phases and sub-phases), for the general rules that apply only to them. */
  present: { [K in StepKind]: boolean };
  /** Some step kind beyond shuffle, deal, ante and fixed betting occurs (the general rules for them apply). */
  extended: boolean;
  /** Something is hidden from a seat besides the opponent's cards (private checks, choices, peeks, secret picks, hidden positions). */
  hasPrivate: boolean;
  /** A condition compares highest-ranked cards (an empty hand counts as 0). */
  highestUsed: boolean;
  /** Hands can change size after the deal (draws, discards, steals). */
  handsChange: boolean;
  /** Some step picks a card at random (peek, reveal, swap, steal, random discard). */
  randomPicks: boolean;
  /** The game can end before the showdown other than by a fold in a fixed betting round. */
  endsEarly: boolean;
  /** The seat that opens every betting round, when it is the same in all of them; else null. */
  firstToAct: string | null;
  lastPhase: string;
  /** Some choice option has a fixed cost (`certain`) or a cost due with some probability (`chance`). */
  costs: { certain: boolean; chance: boolean };
  /** The showdown adds the seats' scores. */
  scoresCounted: boolean;
}

/** A condition as the Visibility section lists it. */
export interface ConditionCheckView {
  cond: CondView;
  /** `public`/`private` check, a loop's early exit (`loop`), or a side bet's condition (`sidebet`). */
  use: 'public' | 'private' | 'loop' | 'sidebet';
}

export interface VisibilityView {
  seatNames: string[];
  /** Places where cards are dealt face up or to a public pile. */
  faceUp: string[];
  /** Face-down deals to hands. */
  faceDownToHands: boolean;
  piles: PileView[];
  variables: VariableView[];
  positions: PositionView[];
  /** Some position is public (its holder is a public fact). */
  publicPositions: boolean;
  /** What is announced to both seats, as words for a list: `shuffle`, `deal`, `ante`, `check`, … */
  announced: string[];
  /** Every distinct condition, with how it is checked. Empty when the game has no conditions. */
  conditionChecks: ConditionCheckView[];
  hasPrivate: boolean;
  anyPublicCheck: boolean;
  anyPrivateCheck: boolean;
  publicChoices: boolean;
  privateChoices: boolean;
  simultaneous: boolean;
  auction: boolean;
  wagers: boolean;
  sideBets: boolean;
  privatePeeks: boolean;
  occurrencePeeks: boolean;
  reveals: boolean;
  swaps: boolean;
  steals: boolean;
  discardsUp: boolean;
  discardsDown: boolean;
  /** Cards can reach a hand after the first deal (draws, steals, swaps): the opponent sees only the count change. */
  laterDraws: boolean;
}

/** One line of the Sequence of Play. */
export interface SequenceItemView {
  number: number;
  name: string;
  steps: StepView[];
}

/** A sub-phase: a named step list that steps `call`; play returns to the caller. */
export interface SubPhaseView {
  name: string;
  steps: StepView[];
  /** Phases and sub-phases whose steps call it (humanized). */
  calledFrom: string[];
  /** Where play goes afterwards: the callers (humanized); empty when nothing calls it. */
  returnsTo: string[];
}

/** A top-level phase of Phase Details, followed by the sub-phases it reaches first. */
export interface PhaseView {
  number: number;
  name: string;
  steps: StepView[];
  subPhases: SubPhaseView[];
  /** Name of the next phase, or null when the showdown follows. */
  next: string | null;
}

interface ShowdownViewBase<M extends ShowdownMetric> {
  metric: M;
  /** Partial that states the comparison rule, e.g. `showdown/high-card`. */
  partial: `showdown/${M}`;
  ranks: RankView[];
  /** Cards each seat holds at the showdown when that number is fixed by the rules, else null. */
  handSize: number | null;
  lastPhase: string;
  seatNames: string[];
  /** The game can end earlier than by a fold in a fixed betting round (end steps, other folds). */
  endsEarly: boolean;
  /** Accepted side bets are settled at the start of the showdown. */
  sideBets: boolean;
  /** Cards move between hands after the deal (the showdown uses the hands as they are then). */
  cardsMove: boolean;
}

export type HighCardView = ShowdownViewBase<'high-card'>;

export interface PairWithBoardView extends ShowdownViewBase<'pair-with-board'> {
  board: string;
  /** Cards on the board at the showdown when fixed by the rules, else null. */
  boardSize: number | null;
}

export interface PokerHandView extends ShowdownViewBase<'poker-hand'> {
  /** `the board`, or null when the hands alone are ranked. */
  board: string | null;
  /** Categories the deck can make, best first. */
  categories: string[];
  /** Rank names, lowest first (the order straights follow). */
  rankOrder: string[];
  /** Straights are possible (five ranks or more). */
  straights: boolean;
  /** The lowest straight with the top rank playing low, e.g. `A, 2, 3, 4, 5`; empty with five ranks (one straight only). */
  wheel: string;
  /** The highest and the lowest rank. */
  topRank: string;
  lowRank: string;
  flushBeatsFullHouse: boolean;
  suited: boolean;
}

/** One bonus or penalty of the sum-of-ranks metric. */
export interface ScoringRuleView {
  /** Points, without sign. */
  points: number;
  bonus: boolean;
  rank: string;
  /** `pair`: once when the hand holds two or more cards of the rank; else per card of the rank. */
  pair: boolean;
}

export interface SumOfRanksView extends ShowdownViewBase<'sum-of-ranks'> {
  rules: ScoringRuleView[];
  /** Score steps occur (their total is added). */
  scores: boolean;
}

/** The showdown view of each metric; a metric without a view is a compile error. */
export interface ShowdownViewByMetric {
  'high-card': HighCardView;
  'pair-with-board': PairWithBoardView;
  'sum-of-ranks': SumOfRanksView;
  'poker-hand': PokerHandView;
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
  /** The table-chat rules in words (one sentence each), or null when the game declares no chat. */
  chat: string[] | null;
  /** Seats at the table (the `seats` helper words its phrases by it: two seats, or a table of more). */
  numSeats: number;
  origin: OriginView | null;
  overview: OverviewView;
  visibility: VisibilityView;
  sequence: SequenceItemView[];
  phases: PhaseView[];
  /** Sub-phases no phase calls (described after the phases); empty in a checked game. */
  orphans: SubPhaseView[];
  showdown: ShowdownView;
  /** The game can end before the showdown (for the Sequence of Play's last line). */
  endsEarly: boolean;
  /** A table game (3 to 6 seats, or a button): its positions and pot rules; null for a two-seat game without a button. */
  table: TableRulesView | null;
}

/** What the rulebook says of a table game's positions and pots. */
export interface TableRulesView {
  /** The table has a button (blinds and first seats placed from it). */
  button: boolean;
  /** Two seats with a button (heads-up: the button posts the small blind). */
  headsUp: boolean;
  /** The odd chip of a split pot goes clockwise from the first seat left of the button (declared, or the table default with a button). */
  oddChipLeftOfButton: boolean;
}
