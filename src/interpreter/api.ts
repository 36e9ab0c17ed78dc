/**
 * The contract of the engine: the OpenSpiel-style game/state API that solvers, simulators,
 * renderers and agents share. It imports no implementation: only types, the two node constants,
 * the illegal-action error and the capability guards.
 *
 * Modelled on OpenSpiel's `pyspiel.Game` / `pyspiel.State`: a state is a node of the extensive-form
 * game tree; `currentPlayer()` says whose move it is (a seat, {@link CHANCE} or {@link TERMINAL});
 * chance nodes list their outcomes with exact probabilities; terminal nodes have `returns()`.
 *
 * Beyond {@link GameState}, a state may offer optional capabilities, as OpenSpiel's `UndoAction`
 * is optional; each has a type guard, and code that uses one keeps a path for states without it:
 * - {@link RewindableState} ({@link canRewind}): save and rewind in place, for tree walks without copies,
 *   and {@link IndexedState} ({@link canIndexInfosets}): information states as integers along such walks;
 * - {@link ChanceSamplingState} ({@link canSampleChance}): draw or list chance outcomes without allocating;
 * - {@link MoveShapedState} ({@link hasMoveShapes}): how the legal actions group into moves and amounts,
 *   and {@link BetRangeState} ({@link hasBetRanges}): a variable-betting decision as its move kinds
 *   and an interval of bet or raise ids, without listing one action per chip;
 * - {@link StructuredInfoState} ({@link hasInfoParts}): the decision's place in the rules and the
 *   fields of a seat's information state, for coarsened keys.
 * A game may offer {@link HandJudgingGame} ({@link canJudgeHands}): its showdown as a judge of hands;
 * {@link DuplicateChanceGame} ({@link canPlayDuplicate}): chance as a pure function of a play seed, for
 * duplicate matches; {@link FastPlayoutGame} ({@link canRunFastPlayouts}): a specialised loop of
 * uniform-random playouts for the games it covers; {@link ResettableGame} ({@link canResetToInitial}):
 * states put back to the initial state in place.
 */
import type { GameIR } from '../ir/schema.js';
import type { KeyedStream, Rng } from '../util/rng.js';

/** `currentPlayer()` at a chance node. */
export const CHANCE = -1;
/** `currentPlayer()` at a terminal node. */
export const TERMINAL = -4;

/** A seat index (0 … `numSeats` − 1), {@link CHANCE} or {@link TERMINAL}. */
export type PlayerId = number;

/** An action: a non-negative integer whose meaning depends on the node (see `actionToString`). */
export type Action = number;

/** A chance outcome: the action and its exact probability (the outcomes of a node sum to 1). */
export type ChanceOutcome = readonly [action: Action, probability: number];

/** What the seat sees of one event, in the order it happened. */
export interface ObservedEvent {
  /**
   * Event kind: `phase`, `subphase`, `shuffle`, `deal`, `steal`, `swap`, `discard`, `ante`, `blind`, `fold`,
   * `check`, `call`, `bet`, `raise`, `refund`, `check-result`, `round`, `loop-end`, `choice`, `cost`,
   * `pay`, `wager`, `match`, `pick`, `picks`, `bid`, `bids`, `coin`, `auction`, `peek`, `show`,
   * `sidebet`, `settle`, `score`, `assign`, `set`, `skip`, `showdown`, `reveal`, `total`, `hand`,
   * `result`, `split`, `odd-chip`, `win`, `end`.
   */
  kind: string;
  /** The seat that acted or received, when there is one. */
  seat?: number;
  /** Chips moved by the event, when any. */
  amount?: number;
  /** Card names this seat may see (e.g. `["K of hearts"]`); cards it may not see are never listed. */
  cards?: string[];
  /** A `hand` event (poker-hand showdown): the category of the seat's best hand, e.g. `two pair`; its cards are in {@link cards}. */
  category?: string;
  /** Number of cards moved when the seat may not see which cards (e.g. the opponent's deal). */
  hiddenCount?: number;
  /** One-line English description of the event as this seat sees it. */
  text: string;
  /**
   * For a showdown `result`: why, in words, from the showdown's own evaluation (e.g. "Bob pairs
   * the board (J)", "Alice's K beats Bob's Q", a sum-of-ranks breakdown). Absent for other events.
   */
  reason?: string;
}

/**
 * What a measured action cost depends on: a chance node on the way, the other seat's secret half
 * of a simultaneous step (or its reply), a rule reading the other seat's cards, or play too long to
 * follow (see {@link MenuItem.costDependsOn}).
 */
export type CostCause = 'chance' | 'opponent-choice' | 'opponent-cards' | 'unexplored';

/** One entry of a decision's legal menu. */
export interface MenuItem {
  action: Action;
  /**
   * Short label, also the reply that picks it: `fold`, `call`, `raise`, `check`, `bet`; `bet 3`
   * (an amount); an option's name; `bid 2`; `accept`/`decline` (side bets); a card name (chosen
   * discards); `card 1`, `card 2`, … (chosen peeks, by position in the hand).
   */
  label: string;
  /**
   * Chips this action moves from the acting seat's stack (negative: chips it receives), measured by
   * playing the action out to the seat's next decision or the settlement of the pot (see
   * `costs.ts`). Present when certain; when it depends on chance or on the other seat's
   * simultaneous reply, {@link costRange} is given instead; neither when the search was too large.
   */
  cost?: number;
  /** The smallest and largest chips the action may move from the acting seat's stack, when uncertain. */
  costRange?: [min: number, max: number];
  /**
   * With {@link costRange}: what the cost depends on, in this order: `chance` (a chance node on the
   * way), `opponent-choice` (the other seat's secret half of a simultaneous step, or its reply),
   * `opponent-cards` (a rule reading the other seat's cards), `unexplored` (play too long to follow;
   * the range is then the widest the chips allow).
   */
  costDependsOn?: CostCause[];
}

/**
 * Everything a seat may know at a state, derived from the event log only.
 * Cards are named `"{rank} of {suit}"`, e.g. `"K of hearts"`.
 */
export interface Observation {
  seat: number;
  /** The seats' names, one per seat. */
  seatNames: string[];
  /** Name of the phase being played (the last phase entered), or `"Showdown"` / `"End"`. */
  phase: string;
  /** This seat's hand, as card names. */
  hand: string[];
  /** Cards in public piles, by pile name. */
  publicPiles: Record<string, string[]>;
  /**
   * Per seat, the cards of its hand that were dealt face up: every seat sees them (this seat's own
   * among them are visible to its opponents). Absent when no hand holds a face-up card.
   */
  faceUp?: string[][];
  /** Hand sizes per seat (public numbers), one entry per seat. */
  handSizes: number[];
  /** Cards left in the deck (a public number). */
  deckSize: number;
  /** Chips in each seat's stack (one entry per seat). */
  stacks: number[];
  /** Chips in the pot. */
  pot: number;
  /** Events this seat has seen, oldest first. */
  log: ObservedEvent[];
  /** The decision this seat faces now, or null when it is not this seat's turn. */
  decision: { prompt: string; menu: MenuItem[] } | null;
  /** The game's variables (loop counters included) by name: public numbers. Absent when the game has none. */
  variables?: Record<string, number>;
  /**
   * The game's positions, in declaration order. `holder`: for a public position, the seat name
   * holding it or null (nobody); for a hidden one, this seat's name when it holds it, else null
   * (this seat does not hold it; whether the opponent does is not told). Absent when the game has none.
   */
  positions?: { name: string; hidden: boolean; holder: string | null }[];
  /** Score adjustments per seat (public; added to the sum-of-ranks total). Absent when the game has no `score` step. */
  scores?: number[];
  /**
   * The house (`house SEAT`): its seat, and whether its bank is unlimited (its entry of `stacks` is
   * then a bookkeeping number, not chips anyone can win in full). Absent when the game has none.
   */
  house?: { seat: number; unlimited: boolean };
  /** Whether the game is over, and, when it is, chips won per seat (one entry per seat). */
  terminal: boolean;
  returns: number[] | null;
  /** Table games only (3 to 6 seats, or a button): the table's public positions and each seat's status. */
  table?: TableObservation;
}

/**
 * What every seat at a table knows of the table (public facts of a table game's hand). Seats are
 * numbered 0 … n − 1 clockwise; amounts are chips.
 */
export interface TableObservation {
  /** The seat holding the button, or null when the game has none. */
  button: number | null;
  /** The seats that posted the small and the big blind this hand (null until posted, or when the game has no blinds). */
  smallBlind: number | null;
  bigBlind: number | null;
  /** Per seat: whether it folded (it has left the hand). */
  folded: boolean[];
  /** Per seat: whether it is all-in (still in the hand, no chips behind). */
  allIn: boolean[];
  /** Per seat: chips put in during the betting round under way (0 between rounds). */
  roundBets: number[];
  /** The highest total bet of the round under way (what a seat must reach to call). */
  currentBet: number;
  /**
   * For the observing seat, when it is its turn: chips it must add to call (capped at its stack;
   * 0: it may check), and the totals for the round it may bet or raise to (`[min, max]`, a bet
   * or raise to N putting in N minus its `roundBets`), or null when it may not bet or raise.
   */
  toCall: number;
  raiseTo: [number, number] | null;
}

/** A node of the game tree. Mutable: `applyAction` advances it in place; `clone()` copies it. */
export interface GameState {
  /** Seat to move (0 … `numSeats` − 1), {@link CHANCE}, or {@link TERMINAL}. */
  currentPlayer(): PlayerId;
  /** Legal actions of the seat to move, ascending; chance nodes: the outcome actions; terminal: `[]`. */
  legalActions(): Action[];
  /** Outcomes of a chance node with exact probabilities summing to 1. @throws IllegalActionError when not at a chance node. */
  chanceOutcomes(): ChanceOutcome[];
  /** Apply an action (or chance outcome). @throws IllegalActionError if `a` is not legal here. */
  applyAction(a: Action): void;
  /** An independent copy. */
  clone(): GameState;
  isTerminal(): boolean;
  /**
   * Chips won per seat (final stack − starting stack), one entry per seat (`numSeats`); sums to 0.
   * Before the end: chips won so far (all zeros at the start).
   */
  returns(): number[];
  /** A string that identifies the seat's information state: equal for two states iff the seat cannot tell them apart. */
  informationStateKey(seat: number): string;
  /** What the seat may know now. */
  observation(seat: number): Observation;
  /** Human-readable name of an action at this node (chance: the card or outcome name). */
  actionToString(player: PlayerId, a: Action): string;
  /** Chips in each seat's stack and in the pot, e.g. for the chip-conservation invariant. */
  chips(): { stacks: number[]; pot: number };
}

/**
 * How one hand is dealt at the table: who holds the button and the seats' starting stacks. Every
 * field is optional; an absent field takes the game's declared value.
 */
export interface TableOptions {
  /**
   * The seat holding the button for this hand, in games that declare one (blinds and the order of
   * play are relative to it); default seat 0. A match moves it clockwise: hand h has it at seat h mod n.
   */
  button?: number;
  /**
   * Each seat's starting stack in chips (length `numSeats`, positive integers); default the game's
   * declared stacks. `returns()` are measured from these.
   */
  stacks?: readonly number[];
  /**
   * In a game with a shoe (`shoe cut N`): the cards the last hand of the match left in it, top
   * first, as {@link ShoeState.shoe} gave them. The hand draws them in that order; when fewer than
   * N remain (the cut card), it starts from a new shoe instead, shuffled before its first draw.
   * Absent: a new shoe. Refused by a game without a shoe.
   */
  shoe?: readonly number[];
}

/**
 * A state of a game whose deck is a shoe carried from hand to hand (`shoe cut N`, the IR's
 * `shoe`): what a match passes to the next hand as {@link TableOptions.shoe}.
 */
export interface ShoeState extends GameState {
  /** The cards left in the deck, top first, as card ids (the ids of the deck's chance outcomes). */
  shoe(): number[];
}

/** Whether `state` can tell the cards left in its shoe (see {@link ShoeState}). */
export function hasShoe(state: GameState): state is ShoeState {
  return typeof (state as Partial<ShoeState>).shoe === 'function';
}

/** A compiled game: a factory of initial states plus the rules it was compiled from. */
export interface Game {
  readonly ir: GameIR;
  /** SHA-256 of the IR's canonical JSON. */
  readonly rulesetHash: string;
  /** Number of seats at the table (2 … 6); seats are numbered 0 … numSeats − 1 clockwise. */
  readonly numSeats: number;
  /**
   * A new hand at its first node.
   * @throws RangeError when `options` are invalid for this game (a stack that is not a positive
   *   integer, a stacks array whose length is not `numSeats`, a button seat out of range)
   */
  newInitialState(options?: TableOptions): GameState;
}

/** Thrown when an action that is not legal at the node is applied; never mapped silently. */
export class IllegalActionError extends Error {
  constructor(
    readonly action: Action,
    readonly legal: readonly Action[],
    message?: string,
  ) {
    super(message ?? `illegal action ${action}; legal actions here: [${legal.join(', ')}]`);
    this.name = 'IllegalActionError';
  }
}

/**
 * Anything that picks an action for a seat at a decision node (the evaluation stack's agents
 * implement it). `act` is called only when `state.currentPlayer() === seat` and must return one of
 * `state.legalActions()`. A player must not read hidden information: it may use
 * `state.observation(seat)`, `state.informationStateKey(seat)` and the legal actions only.
 */
export interface Player {
  /** Short identifier, e.g. `random`, `cfr`. */
  readonly name: string;
  act(state: GameState, seat: number, rng: Rng): Action | Promise<Action>;
}

// ---------------------------------------------------------------- optional capabilities

/** A saved position of a {@link RewindableState}: opaque, made by that state's `newMark()`. */
export type StateMark = object;

/**
 * Tree walks without copies (OpenSpiel's optional `UndoAction`, as save/rewind): a walk saves the
 * state before trying each child and rewinds to it after.
 */
export interface RewindableState extends GameState {
  /** A mark sized for this state, to pass to {@link saveTo}. */
  newMark(): StateMark;
  /** Save into `mark` everything `applyAction` changes. */
  saveTo(mark: StateMark): void;
  /**
   * Undo every action applied since `saveTo(mark)`. Only for a state no copy was taken from in
   * between (copies may share the history's storage).
   */
  rewind(mark: StateMark): void;
  /** Chips `seat` won or lost so far (`returns()[seat]`, without allocating). */
  stackChange(seat: number): number;
}

/**
 * Information states as integers along walks of one {@link IndexedState} rewound in place: nodes
 * stand for what the seat saw (node 0: nothing yet), canonical ids for information states.
 */
export interface InfosetIndexer {
  /** The node of the history now, from `node`, the node of the history when it was `from` events long ({@link IndexedState.historyLength}). */
  advance(node: number, from: number): number;
  /** The canonical id of node `node`'s information state (at a decision of the seat): equal for two nodes iff their `informationStateKey`s are. */
  canonicalOf(node: number): number;
  /** The `informationStateKey` of canonical id `canonical`. */
  key(canonical: number): string;
}

/** A rewindable state whose information states can be numbered without building key strings. */
export interface IndexedState extends RewindableState {
  /** Events in the history so far (a position for {@link InfosetIndexer.advance}). */
  historyLength(): number;
  /** A new indexer of `seat`'s information states along walks of this very state. */
  infosetIndexer(seat: number): InfosetIndexer;
}

/** Whether `state` numbers its information states (see {@link IndexedState}). */
export function canIndexInfosets(state: GameState): state is IndexedState {
  return canRewind(state) && typeof (state as Partial<IndexedState>).infosetIndexer === 'function';
}

/** Whether `state` can save and rewind in place. */
export function canRewind(state: GameState): state is RewindableState {
  return typeof (state as Partial<RewindableState>).rewind === 'function';
}

/** Chance nodes without allocating: one outcome from one uniform number, or the outcomes into reused arrays. */
export interface ChanceSamplingState extends GameState {
  /**
   * The outcome of the pending chance node for a uniform `u` in [0, 1): the inverse CDF over
   * `chanceOutcomes()` in their listed order. @throws IllegalActionError when not at a chance node
   */
  sampleChance(u: number): Action;
  /**
   * `chanceOutcomes()` written into `actions` and `probs` (same order, same values); returns
   * how many. The arrays need {@link maxChanceOutcomes} entries.
   * @throws IllegalActionError when not at a chance node
   */
  chanceOutcomesInto(actions: Int32Array, probs: Float64Array): number;
  /** The most outcomes any chance node of this game has. */
  maxChanceOutcomes(): number;
}

/** Whether `state` samples chance outcomes itself. */
export function canSampleChance(state: GameState): state is ChanceSamplingState {
  return typeof (state as Partial<ChanceSamplingState>).sampleChance === 'function';
}

/**
 * How the legal actions of the decision under way group into moves:
 * - `fixed-betting`: fold / check-call / bet-raise, a run of ids (see `fixedBettingFirst`);
 * - `variable-betting`: check or call, fold, and bets of several amounts (one move);
 * - `amount`: every action is an amount of one move (a wager, a sealed bid);
 * - `options`: every action is its own move.
 */
export type MoveShape = 'fixed-betting' | 'variable-betting' | 'amount' | 'options';

/** A state that tells how its actions group into moves (for policies that pick a move, then an amount). */
export interface MoveShapedState extends GameState {
  /** The shape of the decision under way; null at a chance or terminal node. */
  moveShape(): MoveShape | null;
  /** In a `fixed-betting` decision: the smallest legal action (fold when facing a bet, else check/call). */
  fixedBettingFirst(): Action;
  /** In a `fixed-betting` decision: whether a bet or raise is legal (the legal actions are `fixedBettingFirst()` … 2, or one fewer). */
  fixedBettingCanRaise(): boolean;
}

/** Whether `state` tells the shape of its moves. */
export function hasMoveShapes(state: GameState): state is MoveShapedState {
  return typeof (state as Partial<MoveShapedState>).moveShape === 'function';
}

/**
 * A `variable-betting` decision told without listing its legal actions (a no-limit decision has
 * one action per chip a seat may raise to: thousands at a deep table). The legal actions are, in
 * the ascending order `legalActions()` lists them: the ids `betFirst()` … 1 (fold 0 when facing a
 * bet, and check/call 1, as `FOLD` and `CALL` of the betting steps), then every id of the run
 * `betLow()` … `betHigh()` (the bets or raise-to totals; none when `betLow() > betHigh()`). A policy that picks a move kind, then an amount, reads these
 * instead of `legalActions()`; an action id picked from the run is the id `legalActions()` would
 * list, so stored moves replay unchanged.
 */
export interface BetRangeState extends MoveShapedState {
  /** In a `variable-betting` decision: the smallest legal action (fold when facing a bet, else check/call). */
  betFirst(): Action;
  /** In a `variable-betting` decision: the smallest bet or raise id (greater than `betHigh()` when none is legal). */
  betLow(): Action;
  /** In a `variable-betting` decision: the largest bet or raise id. */
  betHigh(): Action;
}

/** Whether `state` tells its variable-betting decisions as ranges (see {@link BetRangeState}). */
export function hasBetRanges(state: GameState): state is BetRangeState {
  return hasMoveShapes(state) && typeof (state as Partial<BetRangeState>).betLow === 'function';
}

/** Where a decision sits in the rules. */
export interface DecisionSite {
  /** Index of the phase entered last (-1: none yet). */
  phase: number;
  /** Index of the rule (step) being decided, unique within the game. */
  step: number;
  /** Whether the decision is a betting move (fixed or variable). */
  betting: boolean;
}

/**
 * The fields of a seat's information state, each a canonical string, built from what the seat
 * observed (the events it sees, its hand, the public chips): the parts a coarsened key is made of.
 */
export interface InfoStateParts {
  /** The seat's own cards, as the sorted multiset of card ids. */
  hand: string;
  /**
   * The seat-visible player actions in order, each as (kind, seat, option), chip amounts dropped;
   * an action whose option the seat does not see is (kind, seat).
   */
  path: string;
  /** Every other event the seat sees, in order, except markers, chip movements, cards into its own hand and card moves it does not see. */
  signals: string;
  /** Per position, its holder as the seat knows it (`index=seat`, `index=me` / `index=not-me` for a hidden one). */
  roles: string;
  /** The chips in play: the sum of the starting stacks. */
  chipsInPlay: number;
}

/** A state that exposes the structure of its decisions and information states. */
export interface StructuredInfoState extends GameState {
  /** Where the decision under way sits in the rules. */
  decisionSite(): DecisionSite;
  /** The fields of `seat`'s information state. */
  infoStateParts(seat: number): InfoStateParts;
}

/** Whether `state` exposes decision sites and information-state fields. */
export function hasInfoParts(state: GameState): state is StructuredInfoState {
  return typeof (state as Partial<StructuredInfoState>).infoStateParts === 'function';
}

/**
 * A game's showdown as a judge of hands, for agents that reason about hand strength. Cards are
 * ids (`cardId(name)`); hands and the board are arrays of ids.
 */
export interface HandJudge {
  /** The id of a card name (`"K of hearts"`); -1 for an unknown name. */
  cardId(name: string): number;
  /** The cards of the initial deck, as ids. */
  readonly deck: readonly number[];
  /** Name of the public pile the showdown reads as the board, or null when it reads none. */
  readonly boardPile: string | null;
  /**
   * Compare two hands as the showdown does: positive when `mine` wins, negative when `theirs` wins,
   * 0 for a tie. `myScore` / `theirScore` are the seats' score adjustments (sum-of-ranks).
   */
  compare(mine: readonly number[], theirs: readonly number[], board: readonly number[], myScore: number, theirScore: number): number;
}

/** A game that can judge hands by its showdown. */
export interface HandJudgingGame extends Game {
  handJudge(): HandJudge;
}

/** Whether `game` can judge hands by its showdown. */
export function canJudgeHands(game: Game): game is HandJudgingGame {
  return typeof (game as Partial<HandJudgingGame>).handJudge === 'function';
}

/** One chance event as drawn by a {@link ChanceSource}: which stream, where the card went, the outcome. */
export interface ChanceRecord {
  /** `deck`, `coin`, `cost` or `pile N` (a draw from pile N other than the deck). */
  stream: string;
  /** Destination pile of a dealt card (hands are piles 1 and 2: seat + 1), else -1. */
  target: number;
  /** The outcome (a card type, a seat, or 0/1). */
  outcome: Action;
}

/** The chance outcomes of one episode, drawn on demand. Not reusable across episodes: make one per episode. */
export interface ChanceSource {
  /**
   * The outcome of the chance node `state` (a state of the game that made this source) is at.
   * @throws IllegalActionError when it is not a chance node
   * @throws TypeError when `state` is not a state of that game's implementation
   */
  sample(state: GameState): Action;
  /** The chance events drawn so far, when the source was made to record them; else null. */
  readonly records: ChanceRecord[] | null;
}

/**
 * Chance for duplicate play: the chance outcomes of an episode as a pure function of a play seed,
 * arranged so that the two slots of a run, played with the seats swapped, see the same cards at the
 * same seats (BotzoneBench §4.1; GENSTRAT v2 §5, "Pairing"); see `interpreter/duplicate.ts`.
 */
export interface DuplicateChanceGame extends Game {
  /**
   * The chance of one episode under the play seed `keys` (integer keys, e.g. `[playSeed]`).
   * @param record keep a {@link ChanceRecord} per event in the source's `records`
   */
  duplicateChance(keys: readonly number[], record?: boolean): ChanceSource;
}

/** Whether `game` draws duplicate chance from a play seed. */
export function canPlayDuplicate(game: Game): game is DuplicateChanceGame {
  return typeof (game as Partial<DuplicateChanceGame>).duplicateChance === 'function';
}

/**
 * A specialised loop of L0 playouts (`algorithms/l0.ts`): both seats pick `legal[⌊u·n⌋]` among the
 * `n` legal actions of each decision (`u` the next number of the episode's stream), by move kind
 * in a variable-betting decision; chance outcomes by the inverse CDF over the listed outcomes. It
 * plays exactly the episodes of the general loop (`newInitialState`,
 * {@link ChanceSamplingState.sampleChance}, L0) on the same streams, without an event log or agent
 * calls (the poker kernel, `poker-kernel.ts`, for poker programs; the machine kernel,
 * `machine-kernel.ts`, for every other two-seat program).
 */
export interface PlayoutKernel {
  /**
   * Play episodes `first … end - 1` of a run, episode i on the stream `stream.restart(seed, i)`,
   * adding to `acc` (7 entries) [Σ returns seat 0, Σ returns seat 1, Σ squared returns seat 0,
   * seat 1, Σ decisions seat 0, seat 1, episodes that reached the showdown] and to `fired[p]` (one
   * entry per phase of `ir.phases`) 1 per episode that entered phase p, in episode order.
   */
  playMany(stream: KeyedStream, seed: number, first: number, end: number, acc: Float64Array, fired: Float64Array): void;
}

/** A game that may offer a {@link PlayoutKernel}. */
export interface FastPlayoutGame extends Game {
  /** The game's playout kernel, or null when it has none (the table engine's games). */
  playoutKernel(): PlayoutKernel | null;
}

/**
 * A game whose states can be put back to the initial state in place, without allocating: loops
 * that play episode after episode reuse one state (the interpreter's games).
 */
export interface ResettableGame extends Game {
  /** Make `state` (a state of this game) equal to a new initial state (`newInitialState()`), in place. */
  resetToInitial(state: GameState): void;
}

/** Whether `game` can reset its states in place (see {@link ResettableGame}). */
export function canResetToInitial(game: Game): game is ResettableGame {
  return typeof (game as Partial<ResettableGame>).resetToInitial === 'function';
}

/** Whether `game` may offer a specialised playout loop (see {@link FastPlayoutGame}). */
export function canRunFastPlayouts(game: Game): game is FastPlayoutGame {
  return typeof (game as Partial<FastPlayoutGame>).playoutKernel === 'function';
}
