/**
 * The typed intermediate representation (IR) of a generalized betting game.
 *
 * One source of truth: every IR type is a TypeBox schema, so the TypeScript types (`Static<…>`)
 * and the JSON Schema that ajv validates against (see `validate.ts`) can never drift apart.
 *
 * Conventions used throughout the IR:
 * - Seats are indices: 0 is the first seat (named `seats[0]`, acts first unless a step says
 *   otherwise), 1 the second.
 * - Amounts are whole chips.
 * - Names (seats, phases, piles, ranks, suits) are resolved and checked when the AST is lowered;
 *   the IR never holds a dangling name.
 */
import { Type, type Static, type TSchema } from '@sinclair/typebox';

/** Version of the IR's shape; bump on any incompatible change. */
export const IR_VERSION = 1;

const Name = Type.String({ minLength: 1 });
const Chips = Type.Integer({ minimum: 0 });
const PositiveInt = Type.Integer({ minimum: 1 });

/** A seat index: 0 (first seat) or 1 (second seat). */
export const SeatSchema = Type.Integer({ minimum: 0, maximum: 1 });
export type Seat = Static<typeof SeatSchema>;

/** A rank with its numeric value (used by the showdown metrics), e.g. `{ name: "K", value: 13 }`. */
export const RankSchema = Type.Object({ name: Name, value: Type.Integer() }, { additionalProperties: false });
export type Rank = Static<typeof RankSchema>;

/**
 * The deck: every combination rank × suit, `copies` times. Ranks are listed lowest first in
 * source order; their `value` decides comparisons.
 */
export const DeckSchema = Type.Object(
  {
    ranks: Type.Array(RankSchema, { minItems: 1 }),
    suits: Type.Array(Name, { minItems: 1 }),
    copies: PositiveInt,
  },
  { additionalProperties: false },
);
export type Deck = Static<typeof DeckSchema>;

/** A shared pile besides the deck and the seats' hands, e.g. a public board or a discard pile. */
export const PileSchema = Type.Object(
  {
    name: Name,
    /** `public`: cards in it are seen by both seats; `hidden`: seen by neither. */
    visibility: Type.Union([Type.Literal('public'), Type.Literal('hidden')]),
  },
  { additionalProperties: false },
);
export type Pile = Static<typeof PileSchema>;

/** Where cards are: the deck, one seat's hand, or a named shared pile. */
export const PileRefSchema = Type.Union([
  Type.Object({ kind: Type.Literal('deck') }, { additionalProperties: false }),
  Type.Object({ kind: Type.Literal('hand'), seat: SeatSchema }, { additionalProperties: false }),
  Type.Object({ kind: Type.Literal('pile'), name: Name }, { additionalProperties: false }),
]);
export type PileRef = Static<typeof PileRefSchema>;

/** Where a deal sends cards: `count` cards to each seat's hand in seat order, or to one pile. */
export const DealTargetSchema = Type.Union([
  Type.Object({ kind: Type.Literal('each') }, { additionalProperties: false }),
  PileRefSchema,
]);
export type DealTarget = Static<typeof DealTargetSchema>;

function step<K extends string, P extends Record<string, TSchema>>(kind: K, props: P, description: string) {
  return Type.Object({ kind: Type.Literal(kind), ...props }, { additionalProperties: false, description });
}

/** Shuffle a pile. Later draws from a shuffled pile are uniform chance events. */
export const ShuffleStepSchema = step('shuffle', { pile: PileRefSchema }, 'Shuffle a pile.');

/**
 * Deal `count` cards from `from` to `to`, one card at a time (each card a chance node when the
 * source is shuffled). `faceUp`: the cards' identities are announced to both seats; otherwise
 * only the receiving seat sees them (a hidden shared pile: nobody). If the source runs out, the
 * deal stops early.
 */
export const DealStepSchema = step(
  'deal',
  { count: PositiveInt, from: PileRefSchema, to: DealTargetSchema, faceUp: Type.Boolean() },
  'Deal cards.',
);

/** Each listed seat moves `amount` chips from its stack to the pot (clamped to its stack). */
export const AnteStepSchema = step(
  'ante',
  { amount: PositiveInt, payers: Type.Array(SeatSchema, { minItems: 1, maxItems: 2 }) },
  'Antes into the pot.',
);

/**
 * A fixed-limit betting round (OpenSpiel's Kuhn/Leduc betting): the seat to act may check or
 * bet when not facing a bet, and fold, call or raise when facing one. Every bet or raise is
 * `betSize` chips more than the current highest contribution of the round; at most `raiseCap`
 * bets and raises are made per round (the opening bet counts). The round ends when a seat folds
 * (the other seat takes the pot and the game ends) or when both seats have acted and their
 * contributions for the round are equal.
 */
export const BettingStepSchema = step(
  'betting',
  {
    mode: Type.Literal('fixed'),
    betSize: PositiveInt,
    raiseCap: PositiveInt,
    firstSeat: SeatSchema,
  },
  'A betting round.',
);

/** Every step kind. Add a kind here and each mapped-type consumer (printer, renderer, compiler) fails to compile until it handles it. */
export const StepSchema = Type.Union([ShuffleStepSchema, DealStepSchema, AnteStepSchema, BettingStepSchema]);
export type Step = Static<typeof StepSchema>;
export type StepKind = Step['kind'];
/** The step of kind `K`. */
export type StepOf<K extends StepKind> = Extract<Step, { kind: K }>;
/** One handler per step kind: a missing kind is a compile error. */
export type StepHandlers<R> = { [K in StepKind]: (step: StepOf<K>) => R };

/** A named, ordered list of steps. */
export const PhaseSchema = Type.Object({ name: Name, steps: Type.Array(StepSchema) }, { additionalProperties: false });
export type Phase = Static<typeof PhaseSchema>;

/**
 * How hands are compared at the showdown.
 * - `high-card`: each seat's cards sorted by rank value, highest first, compared lexicographically;
 *   a seat whose cards run out first loses that step; two exhausted hands tie; an empty hand loses
 *   to any non-empty hand.
 * - `pair-with-board`: Leduc hold'em: a seat whose hand card pairs a board card's rank beats a
 *   seat that does not; otherwise `high-card` on the hands.
 * Ties split the pot; an odd chip goes to a tied seat chosen at random (a chance node).
 */
export const ShowdownSchema = Type.Object(
  {
    metric: Type.Union([Type.Literal('high-card'), Type.Literal('pair-with-board')]),
    /** For `pair-with-board`: the shared pile holding the board. */
    board: Type.Optional(Name),
  },
  { additionalProperties: false },
);
export type Showdown = Static<typeof ShowdownSchema>;
export type ShowdownMetric = Showdown['metric'];

/** Where a generated game came from: enough to rebuild it bit for bit. */
export const OriginSchema = Type.Object(
  {
    generator: Name,
    builderVersion: Name,
    seed: Type.Integer(),
    complexity: Type.Number({ minimum: 0, maximum: 1 }),
  },
  { additionalProperties: false },
);
export type Origin = Static<typeof OriginSchema>;

/** A whole game. Play runs `phases` in order, then the showdown, unless the game ends earlier (a fold). */
export const GameIRSchema = Type.Object(
  {
    irVersion: Type.Literal(IR_VERSION),
    name: Name,
    origin: Type.Optional(OriginSchema),
    seats: Type.Tuple([Name, Name]),
    /** Starting stacks in chips, per seat. */
    stacks: Type.Tuple([Chips, Chips]),
    deck: DeckSchema,
    piles: Type.Array(PileSchema),
    phases: Type.Array(PhaseSchema, { minItems: 1 }),
    showdown: ShowdownSchema,
  },
  { additionalProperties: false, $id: 'https://gbgc.dev/schema/ir-v1.json', title: 'gbgc game IR' },
);
export type GameIR = Static<typeof GameIRSchema>;
