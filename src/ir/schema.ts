/**
 * The typed intermediate representation (IR) of a generalized betting game.
 *
 * One source of truth: every IR type is a TypeBox schema, so the TypeScript types (`Static<…>`)
 * and the JSON Schema that ajv validates against (see `validate.ts`) can never drift apart.
 *
 * Conventions used throughout the IR:
 * - Seats are indices: 0 is the first seat (named `seats[0]`), 1 the second.
 * - Amounts are whole chips. Probabilities are numbers in [0, 1].
 * - Names (seats, phases, sub-phases, piles, ranks, suits, variables, positions) are resolved and
 *   checked when the AST is lowered; the IR never holds a dangling name.
 * - Ranks in expressions and scoring rules are rank *indices* into `deck.ranks`.
 */
import { Type, type Static, type TSchema } from '@sinclair/typebox';

import { IR_VERSION } from './version.js';

export { IR_VERSION };

const Name = Type.String({ minLength: 1 });
const Chips = Type.Integer({ minimum: 0 });
const PositiveInt = Type.Integer({ minimum: 1 });
const Probability = Type.Number({ minimum: 0, maximum: 1 });
const RankIndex = Type.Integer({ minimum: 0 });
const obj = <P extends Record<string, TSchema>>(props: P, description?: string) =>
  Type.Object(props, { additionalProperties: false, ...(description ? { description } : {}) });

/** The most seats a game may have (a table of 2 to 6 seats). */
export const MAX_SEATS = 6;

/** A seat index: 0 (first seat) … 5, in clockwise order around the table. */
export const SeatSchema = Type.Integer({ minimum: 0, maximum: MAX_SEATS - 1 });
export type Seat = Static<typeof SeatSchema>;

/** A rank with its numeric value (used by the showdown metrics), e.g. `{ name: "K", value: 13 }`. */
export const RankSchema = obj({ name: Name, value: Type.Integer() });
export type Rank = Static<typeof RankSchema>;

/** The deck: every combination rank × suit, `copies` times. */
export const DeckSchema = obj({
  ranks: Type.Array(RankSchema, { minItems: 1 }),
  suits: Type.Array(Name, { minItems: 1 }),
  copies: PositiveInt,
});
export type Deck = Static<typeof DeckSchema>;

/** A shared pile besides the deck and the seats' hands, e.g. a public board or a discard pile. */
export const PileSchema = obj({
  name: Name,
  /** `public`: cards in it are seen by both seats; `hidden`: seen by neither. */
  visibility: Type.Union([Type.Literal('public'), Type.Literal('hidden')]),
});
export type Pile = Static<typeof PileSchema>;

/** A named integer counter, public, starting at `initial` (loop counters are variables too). */
export const VariableSchema = obj({ name: Name, initial: Type.Integer() });
export type Variable = Static<typeof VariableSchema>;

/**
 * A position (role) that at most one seat holds at a time, e.g. "Leader". `public`: both seats
 * are told who holds it; `hidden`: only the holder is told.
 */
export const PositionSchema = obj({ name: Name, visibility: Type.Union([Type.Literal('public'), Type.Literal('hidden')]) });
export type Position = Static<typeof PositionSchema>;

/**
 * A place at the table (games with a `button`): the button; the small blind (the seat left of the
 * button, or heads-up the button itself); the big blind (the seat left of the small blind).
 */
export const TablePositionSchema = Type.Union([Type.Literal('button'), Type.Literal('small-blind'), Type.Literal('big-blind')]);
export type TablePosition = Static<typeof TablePositionSchema>;

/** Who acts first in a betting round: a fixed seat, or the first seat still able to act clockwise from (left of) a table position. */
export const FirstSeatSchema = Type.Union([SeatSchema, obj({ leftOf: TablePositionSchema })]);
export type FirstSeat = Static<typeof FirstSeatSchema>;

/** Where cards are: the deck, one seat's hand, or a named shared pile. */
export const PileRefSchema = Type.Union([
  obj({ kind: Type.Literal('deck') }),
  obj({ kind: Type.Literal('hand'), seat: SeatSchema }),
  obj({ kind: Type.Literal('pile'), name: Name }),
]);
export type PileRef = Static<typeof PileRefSchema>;

/**
 * A seat in an expression: a fixed seat, a quantifier over both seats (`any`: the comparison
 * holds for at least one seat; `each`: for both), or inside an auction's prize, the winner.
 */
export const SeatRefSchema = Type.Union([
  obj({ kind: Type.Literal('seat'), seat: SeatSchema }),
  obj({ kind: Type.Literal('any') }),
  obj({ kind: Type.Literal('each') }),
  obj({ kind: Type.Literal('winner') }),
]);
export type SeatRef = Static<typeof SeatRefSchema>;

/** A seat that acts or is acted on: a fixed seat, or (inside an auction's prize) the winner. */
export const ActorSchema = Type.Union([obj({ kind: Type.Literal('seat'), seat: SeatSchema }), obj({ kind: Type.Literal('winner') })]);
export type Actor = Static<typeof ActorSchema>;

/**
 * Integer expressions: literals, variables, the pot, a seat's stack, a pile's size, a seat's hand
 * size, the value of a seat's highest card (0 for an empty hand), a seat's score adjustment,
 * the value of the highest/lowest card in a public pile (`pileHighest`/`pileLowest`; 0 for an
 * empty pile), the sum of the rank values of a seat's hand (`total`) or of a public pile
 * (`pileTotal`; 0 for an empty one), and sums/differences/products (`mul`). Defined once (`$id: "IntExpr"`) and referenced elsewhere with `Type.Ref`.
 */
export const IntExprSchema = Type.Recursive(
  (Self) =>
    Type.Union([
      obj({ kind: Type.Literal('int'), value: Type.Integer() }),
      obj({ kind: Type.Literal('var'), name: Name }),
      obj({ kind: Type.Literal('pot') }),
      obj({ kind: Type.Literal('stack'), seat: SeatRefSchema }),
      obj({ kind: Type.Literal('size'), pile: PileRefSchema }),
      obj({ kind: Type.Literal('handSize'), seat: SeatRefSchema }),
      obj({ kind: Type.Literal('highest'), seat: SeatRefSchema }),
      obj({ kind: Type.Literal('total'), seat: SeatRefSchema }),
      obj({ kind: Type.Literal('score'), seat: SeatRefSchema }),
      obj({ kind: Type.Union([Type.Literal('pileHighest'), Type.Literal('pileLowest'), Type.Literal('pileTotal')]), pile: Name }),
      obj({ kind: Type.Union([Type.Literal('add'), Type.Literal('sub'), Type.Literal('mul')]), left: Self, right: Self }),
    ]),
  { $id: 'IntExpr' },
);
export type IntExpr = Static<typeof IntExprSchema>;

/**
 * Boolean expressions: constants, comparisons of integer expressions, and/or/not, "the seat's
 * hand holds at least one card of these ranks", "the seat's hand holds two or more cards of one
 * rank" (`hasPair`), "a public pile holds a card of one of these ranks" (`pileHas`), "the seat
 * holds this position".
 * A comparison whose seat reference is `any`/`each` holds when it holds for at least one / both
 * seats (at most one quantified seat per comparison).
 */
export const BoolExprSchema = Type.Recursive(
  (Self) =>
    Type.Union([
      obj({ kind: Type.Literal('bool'), value: Type.Boolean() }),
      obj({
        kind: Type.Literal('cmp'),
        op: Type.Union([Type.Literal('<'), Type.Literal('<='), Type.Literal('>'), Type.Literal('>='), Type.Literal('=='), Type.Literal('!=')]),
        left: Type.Ref(IntExprSchema),
        right: Type.Ref(IntExprSchema),
      }),
      obj({ kind: Type.Union([Type.Literal('and'), Type.Literal('or')]), args: Type.Array(Self, { minItems: 2 }) }),
      obj({ kind: Type.Literal('not'), arg: Self }),
      obj({ kind: Type.Literal('has'), seat: SeatRefSchema, ranks: Type.Array(RankIndex, { minItems: 1 }) }),
      obj({ kind: Type.Literal('hasPair'), seat: SeatRefSchema }),
      obj({ kind: Type.Literal('pileHas'), pile: Name, ranks: Type.Array(RankIndex, { minItems: 1 }) }),
      obj({ kind: Type.Literal('holds'), seat: SeatRefSchema, position: Name }),
    ]),
  { $id: 'BoolExpr' },
);
export type BoolExpr = Static<typeof BoolExprSchema>;

/** Whether a condition check is announced (`public`: both seats learn the result) or not. */
export const CheckVisibilitySchema = Type.Union([Type.Literal('public'), Type.Literal('private')]);
export type CheckVisibility = Static<typeof CheckVisibilitySchema>;

/** A payer or payee of chips: a seat, the winner of an auction (in its prize), or the pot. */
export const PartySchema = Type.Union([
  obj({ kind: Type.Literal('seat'), seat: SeatSchema }),
  obj({ kind: Type.Literal('winner') }),
  obj({ kind: Type.Literal('pot') }),
]);
export type Party = Static<typeof PartySchema>;

/** Where a deal sends cards: `count` cards to each seat's hand in seat order, to the auction winner, or to one pile. */
export const DealTargetSchema = Type.Union([obj({ kind: Type.Literal('each') }), obj({ kind: Type.Literal('winner') }), PileRefSchema]);
export type DealTarget = Static<typeof DealTargetSchema>;

/** How a card of a hand is picked: uniformly at random (a chance node) or chosen by a seat. */
export const PickSchema = Type.Union([Type.Literal('random'), Type.Literal('chosen')]);

/**
 * Every step kind, as one recursive schema (`$id: "Step"`): blocks of steps nest inside
 * conditions, loops, options, outcomes and prizes.
 */
export const StepSchema = Type.Recursive(
  (Step) => {
    const Steps = Type.Array(Step);
    const Cond = Type.Ref(BoolExprSchema);
    const Int = Type.Ref(IntExprSchema);
    const step = <K extends string, P extends Record<string, TSchema>>(kind: K, props: P, description: string) =>
      Type.Object({ kind: Type.Literal(kind), ...props }, { additionalProperties: false, description });
    return Type.Union([
      step('shuffle', { pile: PileRefSchema }, 'Shuffle a pile; later draws from it are uniform chance events.'),
      step(
        'deal',
        { count: PositiveInt, from: PileRefSchema, to: DealTargetSchema, faceUp: Type.Boolean() },
        'Deal cards one at a time (each a chance node from a shuffled pile). Face up: both seats see them; face down: only the receiver (nobody, for a hidden pile). A short pile deals what it has; the change of its size is public.',
      ),
      step(
        'ante',
        { amount: PositiveInt, payers: Type.Array(SeatSchema, { minItems: 1, maxItems: MAX_SEATS }) },
        'Each payer moves `amount` chips to the pot, clamped to its stack.',
      ),
      step(
        'blinds',
        {
          small: Type.Union([SeatSchema, Type.Literal('small-blind')]),
          smallAmount: PositiveInt,
          big: Type.Union([SeatSchema, Type.Literal('big-blind')]),
          bigAmount: PositiveInt,
        },
        'The small and the big blind: each seat puts its blind in the pot (clamped to its stack) as a live bet: the next betting round starts from these contributions (the small blind has the difference to call, the big blind may still raise when called; the big blind counts as the opening bet). `small-blind` / `big-blind`: the seats holding those positions, placed relative to the button (see `button`).',
      ),
      step(
        'betting',
        {
          mode: Type.Literal('fixed'),
          betSize: Type.Union([PositiveInt, Int]),
          raiseCap: PositiveInt,
          firstSeat: FirstSeatSchema,
        },
        'A fixed-limit betting round (OpenSpiel Kuhn/Leduc): check/bet, then fold/call/raise; bets and raises are `betSize` chips; at most `raiseCap` bets and raises (the opening bet counts). A `betSize` expression is worked out when the round opens (at least 1 chip) and holds for the whole round.',
      ),
      step(
        'varbet',
        {
          firstSeat: FirstSeatSchema,
          max: Type.Union([PositiveInt, Type.Literal('stack')]),
          fallbackBet: PositiveInt,
          raises: Type.Optional(Type.Union([Type.Literal('no-limit'), Type.Literal('pot-limit')])),
          minBet: Type.Optional(PositiveInt),
        },
        'A variable betting round: check or bet any amount from 1 to `max` (or the stack), then fold or call (a short call is all-in and the excess returns to the bettor); no raises. With `raises`: bets and raises to a total, at least the previous raise size or `minBet` (the big blind) above the bet faced, at most all-in (`no-limit`) or the pot after the call (`pot-limit`); an all-in for less is allowed and does not change the minimum raise. When either seat has no chips, a fixed round with bets of `fallbackBet` and one bet at most is played instead.',
      ),
      step('call', { phase: Name }, 'Play a sub-phase, then return here.'),
      step(
        'if',
        {
          branches: Type.Array(obj({ cond: Cond, check: CheckVisibilitySchema, steps: Steps }), { minItems: 1 }),
          otherwise: Steps,
        },
        'The first branch whose condition holds runs; if none does, `otherwise` runs. A public check announces which branch ran.',
      ),
      step(
        'triggers',
        { items: Type.Array(obj({ cond: Cond, check: CheckVisibilitySchema, steps: Steps }), { minItems: 1 }) },
        'Independent conditional events, checked top to bottom, each at its own turn; every one whose condition holds at that moment runs.',
      ),
      step(
        'repeat',
        { max: PositiveInt, counter: Name, until: Type.Union([Cond, Type.Null()]), steps: Steps },
        'A bounded loop: the counter is set to 0; before each round, the loop stops if the counter has reached `max`, or `until` holds; after each round the counter goes up by 1.',
      ),
      step(
        'end',
        { winner: Type.Union([SeatSchema, Type.Null()]), reason: Name },
        'End the game now: the winner takes the pot (no winner: the pot is split as at a tied showdown).',
      ),
      step(
        'choice',
        {
          seat: SeatSchema,
          announce: CheckVisibilitySchema,
          options: Type.Array(
            obj({
              name: Name,
              /** Chips paid to the pot when the option is chosen (0: free); an expression is worked out when the choice is offered (0 or less: free). */
              cost: Type.Union([Chips, Int]),
              /** Probability that the cost is due (1: always). Resolved by a chance node after the choice. */
              costChance: Probability,
              steps: Steps,
            }),
            { minItems: 1 },
          ),
        },
        "A seat picks one option. An option whose certain cost the seat cannot afford is not offered; a probabilistic cost is resolved after the choice, and if it is due and unaffordable the option does nothing. A cost expression is worked out when the choice is offered (a value of 0 or less makes the option free) and never reads a seat's cards. Public: the choice is announced; private: the opponent only learns that a choice was made.",
      ),
      step(
        'wager',
        { seat: SeatSchema, min: PositiveInt, max: Type.Union([PositiveInt, Type.Literal('stack'), Int]) },
        'The seat chooses an amount from `min` to `max` (capped at its stack) and puts it in the pot; it becomes the outstanding bet that a later `match` answers. A `max` expression is worked out when the step runs; when it is below `min` no wager is made.',
      ),
      step('match', { seat: SeatSchema }, 'The seat matches the outstanding bet (all-in if short; the unmatched excess returns to the bettor).'),
      step(
        'simultaneous',
        {
          options: Type.Array(Name, { minItems: 2 }),
          outcomes: Type.Array(obj({ first: Name, second: Name, steps: Steps })),
          otherwise: Steps,
        },
        'Both seats choose an option in secret (the second seat decides without seeing the first choice); both choices are then revealed and the outcome for the pair runs (`otherwise` for pairs not listed).',
      ),
      step(
        'auction',
        { min: Chips, max: PositiveInt, tie: Type.Literal('coinflip'), payTo: Type.Union([Type.Literal('pot'), Type.Literal('opponent')]), prize: Steps },
        'A sealed-bid auction: each seat bids from `min` to `max` in secret, clamped to its stack; both zero: no winner; else the higher bid wins (a tie between nonzero bids by a coin flip); the winner pays its bid and receives the prize. If the prize cannot be performed (e.g. an empty deck for a deal), the auction is cancelled and nothing is paid.',
      ),
      step(
        'peek',
        { seat: ActorSchema, target: SeatSchema, pick: PickSchema, visibility: Type.Union([Type.Literal('private'), Type.Literal('occurrence')]) },
        "A seat looks at one card of another seat's hand, picked at random or by position (chosen by the peeker); the card stays. Private: only the peeker knows the peek happened; occurrence: both know it happened, only the peeker sees the card. An empty hand is reported to the peeker.",
      ),
      step(
        'reveal',
        { seat: SeatSchema, what: Type.Union([Type.Literal('hand'), Type.Literal('random')]) },
        "Show a seat's whole hand, or one random card of it, to both seats.",
      ),
      step(
        'swap',
        { first: SeatSchema, second: SeatSchema, visibility: CheckVisibilitySchema },
        'One random card of each hand changes hands (two chance nodes); each seat sees the card it receives. Skipped if either hand is empty. Public: both know the swap happened.',
      ),
      step(
        'steal',
        { seat: ActorSchema, from: SeatSchema, visibility: CheckVisibilitySchema },
        "A random card of `from`'s hand moves to the seat's hand; the thief sees it and the victim knows which card it lost. Skipped on an empty hand.",
      ),
      step(
        'discard',
        { seat: SeatSchema, count: PositiveInt, pick: PickSchema, to: Type.Union([PileRefSchema, Type.Null()]), faceUp: Type.Boolean() },
        'The seat discards cards, picked at random or chosen by the seat, to a pile (null: out of the game). Face up: the discarded cards are shown to both seats.',
      ),
      step(
        'pay',
        { amount: Type.Union([PositiveInt, Type.Literal('all'), Int]), from: PartySchema, to: PartySchema },
        'Move chips between seats and the pot, clamped to what the payer holds (`all`: the whole stack or pot; an expression is evaluated when the step runs, and a value of 0 or less moves nothing).',
      ),
      step(
        'sidebet',
        { seat: SeatSchema, amount: PositiveInt, cond: Cond },
        "The seat may accept or decline a side bet of `amount` chips on the condition; an accepted side bet is settled at the showdown (holds: the opponent pays the seat; else the seat pays the opponent), clamped to the payer's stack.",
      ),
      step('score', { seat: SeatSchema, delta: Type.Integer() }, "Adjust the seat's showdown score (used by the sum-of-ranks metric)."),
      step(
        'assign',
        {
          position: Name,
          criterion: Type.Union([
            obj({ kind: Type.Literal('highest-card') }),
            obj({ kind: Type.Literal('lowest-card') }),
            obj({ kind: Type.Literal('chip-leader') }),
            obj({ kind: Type.Literal('seat'), seat: SeatSchema }),
          ]),
        },
        'Give a position to the seat that meets the criterion (highest card: the larger highest card; chip leader: the larger stack; a tie gives it to nobody).',
      ),
      step('set', { variable: Name, value: Int }, 'Set a variable to the value of an expression.'),
    ]);
  },
  { $id: 'Step' },
);
export type Step = Static<typeof StepSchema>;
export type StepKind = Step['kind'];
/** The step of kind `K`. */
export type StepOf<K extends StepKind> = Extract<Step, { kind: K }>;
/** One handler per step kind: a missing kind is a compile error. */
export type StepHandlers<R> = { [K in StepKind]: (step: StepOf<K>) => R };

/** A named, ordered list of steps. */
export const PhaseSchema = obj({ name: Name, steps: Type.Array(Type.Ref(StepSchema)) });
export type Phase = Static<typeof PhaseSchema>;

/** A scoring rule of the sum-of-ranks metric. */
export const ScoringRuleSchema = Type.Union([
  obj({ kind: Type.Literal('pair'), rank: RankIndex, points: Type.Integer() }),
  obj({ kind: Type.Literal('each'), rank: RankIndex, points: Type.Integer() }),
]);
export type ScoringRule = Static<typeof ScoringRuleSchema>;

/**
 * How hands are compared at the showdown.
 * - `high-card`: cards sorted by rank value, highest first, compared lexicographically; a hand
 *   that runs out first loses that step; two exhausted hands tie; an empty hand loses to any
 *   non-empty hand.
 * - `pair-with-board`: (Leduc hold'em) a seat whose hand pairs a board card's rank beats a seat
 *   that does not; otherwise `high-card`.
 * - `sum-of-ranks`: the sum of the hand's rank values, plus `pair` points if the hand holds two
 *   or more cards of the rank, plus `each` points per card of the rank, plus the seat's score
 *   adjustments; the higher total wins.
 * - `poker-hand`: the best five-card poker hand of the seat's hand plus the cards of `board`
 *   (a public pile, or null: the hand alone), ranked by the standard categories (see
 *   `src/interpreter/poker-hand.ts`); `flushBeatsFullHouse`: short-deck order; `suited: false`:
 *   suits do not count (no flushes).
 * Ties split the pot; an odd chip goes by the game's odd-chip rule ({@link GameIRSchema} `oddChip`): in a two-seat game without a button, to a tied seat chosen at random (a chance node).
 */
export const ShowdownSchema = Type.Union([
  obj({ metric: Type.Literal('high-card') }),
  obj({ metric: Type.Literal('pair-with-board'), board: Name }),
  obj({ metric: Type.Literal('sum-of-ranks'), rules: Type.Array(ScoringRuleSchema) }),
  obj({
    metric: Type.Literal('poker-hand'),
    board: Type.Union([Name, Type.Null()]),
    flushBeatsFullHouse: Type.Boolean(),
    suited: Type.Boolean(),
  }),
]);
export type Showdown = Static<typeof ShowdownSchema>;
export type ShowdownMetric = Showdown['metric'];

/** The house seat and its bank (see {@link GameIRSchema} `house`). */
export const HouseSchema = obj({ seat: SeatSchema, bank: Type.Union([PositiveInt, Type.Literal('unlimited')]) });
export type House = Static<typeof HouseSchema>;

/** The shoe (see {@link GameIRSchema} `shoe`). */
export const ShoeSchema = obj({ cut: PositiveInt });
export type Shoe = Static<typeof ShoeSchema>;

/** Where a generated game came from: enough to rebuild it bit for bit. */
export const OriginSchema = obj({
  generator: Name,
  builderVersion: Name,
  seed: Type.Integer(),
  complexity: Type.Number({ minimum: 0, maximum: 1 }),
});
export type Origin = Static<typeof OriginSchema>;

/**
 * A whole game. Play runs `phases` in order, then the showdown, unless the game ends earlier
 * (a fold or an `end` step). `subphases` run only when a `call` step names them.
 */
/** The most characters a table message may be declared to hold. */
export const MAX_CHAT_CHARS = 10_000;
/** Characters per table message when a game declares chat without `max` (the league's limit). */
export const DEFAULT_CHAT_CHARS = 240;

/**
 * Table chat (`chat …` declarations): each seat may send a message with its move, within these
 * limits; a message is delivered to every seat at the table; the counts start again with each hand.
 * Scripted table messages are delivered to every seat when a hand starts, before the first move.
 */
export const ChatSchema = obj({
  /** Messages per seat per phase (a street of a poker game), or null for no such limit. */
  perPhase: Type.Union([PositiveInt, Type.Null()]),
  /** Messages per seat per hand, or null for no such limit. */
  perHand: Type.Union([PositiveInt, Type.Null()]),
  /** Characters per message (default 240). */
  maxChars: Type.Integer({ minimum: 1, maximum: MAX_CHAT_CHARS }),
  /** Scripted table messages, in order. */
  messages: Type.Array(Type.String({ minLength: 1, maxLength: MAX_CHAT_CHARS })),
  /**
   * Scripted seats (`chat "…" from Name`; absent: none): speakers at the table that are not seats of
   * the game, each with its messages in order, in the order first declared. Each hand, the table's
   * speakers (the game's seats other than the house, then the scripted seats) take their turns in an
   * order that rotates by one each hand; a scripted seat's messages are delivered at its turn: before
   * the hand's first decision when it comes before every seat that decides, else right after the
   * first decision of the seat before it, always before the hand's bets are settled.
   */
  seats: Type.Optional(
    Type.Array(obj({ name: Name, messages: Type.Array(Type.String({ minLength: 1, maxLength: MAX_CHAT_CHARS }), { minItems: 1 }) }), { maxItems: 16 }),
  ),
});
export type ChatRules = Static<typeof ChatSchema>;

export const GameIRSchema = obj({
  irVersion: Type.Literal(IR_VERSION),
  name: Name,
  origin: Type.Optional(OriginSchema),
  /** Seat names in clockwise order around the table (2 to {@link MAX_SEATS}). */
  seats: Type.Array(Name, { minItems: 2, maxItems: MAX_SEATS }),
  /** Starting stacks in chips, per seat. */
  stacks: Type.Array(Chips, { minItems: 2, maxItems: MAX_SEATS }),
  /**
   * The table has a button (absent: it has none). The button is held by seat 0 unless the game is
   * started with another holder (`newInitialState({ button })`); positional blinds and first seats
   * are found from it, clockwise.
   */
  button: Type.Optional(Type.Literal(true)),
  /**
   * Who receives the odd chip of a split pot: `left-of-button`, the first tied seat clockwise from
   * the button. Absent: two-seat games without a button flip a coin (a chance node); other games
   * give it to the first tied seat clockwise from the button (seat 0 first when there is no button).
   */
  oddChip: Type.Optional(Type.Literal('left-of-button')),
  /** Table chat (absent: the seats cannot send messages). */
  chat: Type.Optional(ChatSchema),
  /**
   * The house (absent: none): a seat played by the rules' steps alone (it makes no decision), whose
   * chips are its `bank`: `unlimited` (payments from it are never clamped; its entry of `stacks` is
   * 0) or a number of chips (its entry of `stacks`). The other seats are the players; results are
   * reported for them only. Two-seat games without a button only.
   */
  house: Type.Optional(HouseSchema),
  /**
   * The shoe (absent: a hand starts from the full deck): the deck is carried from hand to hand of a
   * match, cards in order, and before a hand a new shoe of the full deck is shuffled when fewer than
   * `cut` cards remain (the cut card; also the first hand). Draws from the deck are always chance
   * events. Two-seat games only.
   */
  shoe: Type.Optional(ShoeSchema),
  deck: DeckSchema,
  piles: Type.Array(PileSchema),
  variables: Type.Array(VariableSchema),
  positions: Type.Array(PositionSchema),
  phases: Type.Array(PhaseSchema, { minItems: 1 }),
  subphases: Type.Array(PhaseSchema),
  showdown: ShowdownSchema,
});
export type GameIR = Static<typeof GameIRSchema>;
