/**
 * The view model of each IR step kind (`StepViewByKind`, one entry per kind: a kind without a
 * view is a compile error in the builders). Steps that hold blocks (conditions, loops, options,
 * outcomes, prizes) hold the views of their inner steps. Names are Markdown-escaped; amounts
 * are whole chips.
 */
import type { StepKind } from '../../ir/schema.js';
import type { CondView, IntExprView } from './expr-types.js';

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
  /** Destination when not `toEach`: `Alice's hand`, `the winner's hand`, `the board`. */
  to: string;
  /** Destination is a seat's hand: its owner (`Alice`, `the winner`), else null. */
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
  /** Chips per bet or raise; null when the bet size is an expression. */
  betSize: number | null;
  /** The bet size as an expression (`bet 2 * round`), worked out when the round opens; else null. */
  betExpr: IntExprView | null;
  raiseCap: number;
  first: string;
  second: string;
  /** `raiseCap > 1`: raises are possible. */
  canRaise: boolean;
  /** Most chips one seat can put in during this round (`betSize × raiseCap`); null for an expression. */
  maxPerSeat: number | null;
  courses: BettingCourseView[];
  /** A table of three or more seats: the round is worded for every seat still in the hand. */
  many: boolean;
}

export interface BlindsView extends StepViewBase<'blinds'> {
  small: string;
  smallAmount: number;
  big: string;
  bigAmount: number;
  /** The blinds are placed from the button (`blinds 50, 100` in a game with a button), not named seats. */
  byButton: boolean;
}

export interface VarbetView extends StepViewBase<'varbet'> {
  first: string;
  second: string;
  /** `no-limit` or `pot-limit` for a round with raises, else null. */
  raises: 'no-limit' | 'pot-limit' | null;
  /** The smallest bet and raise (with raises), in chips. */
  minBet: number;
  /** Largest bet in chips (still capped at the stack), or null when it is the whole stack. */
  max: number | null;
  /** Bet size of the fixed round played when a seat has no chips. */
  fallbackBet: number;
  /** A table of three or more seats: the round is worded for every seat still in the hand. */
  many: boolean;
}

export interface CallView extends StepViewBase<'call'> {
  /** The sub-phase, humanized. */
  phase: string;
}

/**
 * What a private check lets the seats infer: whether its branches differ in public effects,
 * and which public numbers or announcements differ.
 */
export interface InferenceView {
  /** The branches (including doing nothing) have different public effects. */
  inferable: boolean;
  /** What differs, as a list for a sentence: `the stacks and the pot`, `the number of cards in the deck and in the hands`. */
  through: string[];
}

export interface BranchView {
  cond: CondView;
  public: boolean;
  steps: StepView[];
  /** The first branch (`If`), else an `Otherwise, if`. */
  first: boolean;
}

export interface IfView extends StepViewBase<'if'> {
  branches: BranchView[];
  otherwise: StepView[];
  /** Some branch has a private check: what its branches reveal. Null when every check is public. */
  inference: InferenceView | null;
}

export interface TriggerItemView {
  /** 1-based position in the block. */
  number: number;
  cond: CondView;
  public: boolean;
  steps: StepView[];
  /** For a private check: what running or not running the event reveals; null for a public check. */
  inference: InferenceView | null;
}

export interface TriggersView extends StepViewBase<'triggers'> {
  items: TriggerItemView[];
}

export interface RepeatView extends StepViewBase<'repeat'> {
  max: number;
  /** The round counter, `«bet round»`. */
  counter: string;
  until: CondView | null;
  steps: StepView[];
}

export interface EndView extends StepViewBase<'end'> {
  winner: string | null;
  loser: string | null;
  reason: string;
}

export interface ChoiceOptionView {
  name: string;
  /** Cost in chips (0: free, or a cost expression). */
  cost: number;
  /** The cost as an expression (`cost 2 * round`), worked out when the choice is offered; else null. */
  costExpr: IntExprView | null;
  /** The cost is always due (offered only when affordable). */
  certain: boolean;
  /** The cost is due with this probability (`50%`), resolved after the choice; null otherwise. */
  chance: string | null;
  steps: StepView[];
}

export interface ChoiceView extends StepViewBase<'choice'> {
  seat: string;
  opponent: string;
  public: boolean;
  options: ChoiceOptionView[];
  /** Option names, for the list of choices. */
  names: string[];
  anyCertainCost: boolean;
  anyChanceCost: boolean;
  /** Some option's cost is an expression. */
  anyCostExpr: boolean;
}

export interface WagerView extends StepViewBase<'wager'> {
  seat: string;
  opponent: string;
  min: number;
  /** Largest amount in chips (still capped at the stack), or null when it is the whole stack or an expression. */
  max: number | null;
  /** The largest amount as an expression (`wager Alice 1..2 * round`), worked out when the step runs; else null. */
  maxExpr: IntExprView | null;
}

export interface MatchView extends StepViewBase<'match'> {
  seat: string;
}

export interface OutcomeView {
  first: string;
  second: string;
  steps: StepView[];
}

export interface SimultaneousView extends StepViewBase<'simultaneous'> {
  firstSeat: string;
  secondSeat: string;
  options: string[];
  outcomes: OutcomeView[];
  /** The pairs no outcome lists and what happens for them; null when the outcomes cover every pair. */
  otherwise: { pairs: string[]; steps: StepView[] } | null;
}

export interface AuctionView extends StepViewBase<'auction'> {
  firstSeat: string;
  secondSeat: string;
  min: number;
  max: number;
  /** The winner pays its bid into the pot (else to the opponent). */
  payToPot: boolean;
  prize: StepView[];
  /** The prize deal that can make it impossible: cards needed and their source; null when the prize is always possible. */
  cancel: { count: number; from: string } | null;
}

export interface PeekView extends StepViewBase<'peek'> {
  seat: string;
  target: string;
  random: boolean;
  /** Both seats are told that the peek happened (the card stays private). */
  occurrence: boolean;
}

export interface RevealView extends StepViewBase<'reveal'> {
  seat: string;
  /** The whole hand (else one random card). */
  hand: boolean;
}

export interface SwapView extends StepViewBase<'swap'> {
  first: string;
  second: string;
  public: boolean;
}

export interface StealView extends StepViewBase<'steal'> {
  seat: string;
  from: string;
  public: boolean;
}

export interface DiscardView extends StepViewBase<'discard'> {
  seat: string;
  count: number;
  random: boolean;
  /** Destination pile, or null when the cards leave the game. */
  to: string | null;
  faceUp: boolean;
}

export interface PayView extends StepViewBase<'pay'> {
  from: string;
  to: string;
  /** Chips, or null for `all` or an expression. */
  amount: number | null;
  /** The amount as an expression (`pay 2 * round …`), evaluated when the step runs; else null. */
  amountExpr: IntExprView | null;
  fromPot: boolean;
  toPot: boolean;
}

export interface SidebetView extends StepViewBase<'sidebet'> {
  seat: string;
  opponent: string;
  amount: number;
  cond: CondView;
}

export interface ScoreStepView extends StepViewBase<'score'> {
  seat: string;
  /** Size of the change (positive). */
  points: number;
  up: boolean;
  /** The showdown adds scores (sum-of-ranks). */
  counted: boolean;
}

export interface AssignView extends StepViewBase<'assign'> {
  position: string;
  public: boolean;
  criterion: 'highest-card' | 'lowest-card' | 'chip-leader' | 'seat';
  /** The named seat for `seat`, else null. */
  seat: string | null;
}

export interface SetView extends StepViewBase<'set'> {
  variable: string;
  value: IntExprView;
}

/** The view of each step kind; a kind without a view is a compile error in the builders. */
export interface StepViewByKind {
  shuffle: ShuffleView;
  deal: DealView;
  ante: AnteView;
  blinds: BlindsView;
  betting: BettingView;
  varbet: VarbetView;
  call: CallView;
  if: IfView;
  triggers: TriggersView;
  repeat: RepeatView;
  end: EndView;
  choice: ChoiceView;
  wager: WagerView;
  match: MatchView;
  simultaneous: SimultaneousView;
  auction: AuctionView;
  peek: PeekView;
  reveal: RevealView;
  swap: SwapView;
  steal: StealView;
  discard: DiscardView;
  pay: PayView;
  sidebet: SidebetView;
  score: ScoreStepView;
  assign: AssignView;
  set: SetView;
}
export type StepView = StepViewByKind[StepKind];
