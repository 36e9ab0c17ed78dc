/**
 * fast-check arbitraries of `.gbg` programs for property tests.
 *
 * {@link arbitraryProgram} builds *valid* games (no diagnostics from `compileSource`) using the
 * whole language: random names (never keywords; option names may be keywords), 2 seats (or the
 * default ones), stacks (`each` or per seat in any order), a deck (ranks, suits, copies in any
 * order, digit rank names, negative values), piles, variables, positions, phases and
 * sub-phases whose steps are trees of every step kind and optional form (conditions with
 * `and`/`or`/`not`, parentheses and `any`/`each` quantifiers; number expressions; loops with
 * counters; amounts from expressions in `pay`, fixed bet sizes, the largest wager and option costs;
 * choices with fixed and probabilistic costs; auctions whose prizes name `winner`;
 * simultaneous rounds with outcomes and `otherwise`; both betting modes), every showdown, an
 * optional `generated { … }` record, declarations in any order.
 *
 * Validity is kept by construction: deals written directly in a phase are clamped to the cards
 * their source holds at that point of play (the E0207 check counts them so), other deals to the
 * deck; stacks cover every such ante; every sub-phase is called, and sub-phases call only later
 * ones (no recursion); nothing follows an `end` in its block; `winner` appears only inside a
 * prize; a comparison has at most one quantifier; a choice always has an option without a
 * certain cost; variables are declared (or are counters of loops written earlier).
 *
 * The layout is random too: spaces, tabs, newlines and blank lines between any two tokens, `;`
 * after items or not, numbers with leading zeros, strings with needless `\uXXXX` escapes and raw
 * tabs, and comments (line, block, multi-line block) between any two tokens, at the start and
 * at the end. Every comment has a unique tag `cN`, so tests can check that all comments
 * survive, in order.
 */
import fc from 'fast-check';
import { KEYWORDS, HighCard, PairWithBoard, SumOfRanks, HighestCard, LowestCard, ChipLeader } from '../../src/parser/tokens.js';

const RESERVED = new Set([...KEYWORDS, HighCard, PairWithBoard, SumOfRanks, HighestCard, LowestCard, ChipLeader].map((t) => (t.LABEL ?? '').replace(/'/g, '')));

/** An identifier that is not a keyword. */
export const nameArb = fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_]{0,7}$/).filter((s) => !RESERVED.has(s));

/**
 * Characters a string value may hold (some are written escaped, see {@link quoteLoosely}); no
 * control characters or line separators, which strings may not contain (E0112).
 */
const STRING_CHARS = [..."abcXYZ 019 -_'.,:!?".split(''), '"', '\\', '&', '~', 'é', 'ß', '♠', '♥', '{', '}', '/', '*', '#', '<', '\ufffd', '😀'];
const STRING_CHAR = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...STRING_CHARS.slice(0, 19)) },
  { weight: 2, arbitrary: fc.constantFrom(...STRING_CHARS.slice(19)) },
);
/** A non-empty string value (names in the IR must not be empty). */
const stringValueArb = fc.array(STRING_CHAR, { minLength: 1, maxLength: 12 }).map((cs) => cs.join(''));

/** Option names: keywords are allowed there. */
const OPTION_KEYWORDS = [
  'bet',
  'check',
  'fold',
  'call',
  'pass',
  'peek',
  'swap',
  'stack',
  'deck',
  'winner',
  'option',
  'options',
  'otherwise',
  'outcome',
  'if',
  'when',
];

/** The step kinds, in the order `RawStep.kind` indexes them. */
const STEP_KINDS = [
  'shuffle',
  'deal',
  'ante',
  'betting',
  'varbet',
  'call',
  'if',
  'events',
  'repeat',
  'end',
  'choice',
  'wager',
  'match',
  'simultaneous',
  'auction',
  'peek',
  'reveal',
  'swap',
  'steal',
  'discard',
  'pay',
  'sidebet',
  'score',
  'assign',
  'set',
] as const;

/** One step before interpretation: its kind, a seed for its details, and the step lists of its blocks. */
interface RawStep {
  kind: number;
  seed: number;
  blocks: RawStep[][];
}

const rawCache = new Map<string, fc.Arbitrary<RawStep[]>>();
/** Step lists of at most `maxLength` steps whose steps nest blocks `depth` levels deep. */
function rawStepsArb(depth: number, maxLength: number): fc.Arbitrary<RawStep[]> {
  const key = `${depth}/${maxLength}`;
  let a = rawCache.get(key);
  if (!a) {
    const step: fc.Arbitrary<RawStep> = fc.record({
      kind: fc.nat(STEP_KINDS.length - 1),
      seed: fc.nat(),
      blocks: depth > 0 ? fc.array(rawStepsArb(depth - 1, 3), { maxLength: 3 }) : fc.constant([]),
    });
    a = fc.array(step, { maxLength });
    rawCache.set(key, a);
  }
  return a;
}

/** A small deterministic generator (mulberry32) for the details of one step. */
class Rand {
  private a: number;
  constructor(seed: number) {
    this.a = seed >>> 0;
  }
  next(): number {
    this.a = (this.a + 0x6d2b79f5) >>> 0;
    let t = this.a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  pick<T>(xs: readonly T[]): T {
    return xs[Math.floor(this.next() * xs.length)]!;
  }
  shuffle<T>(xs: readonly T[]): T[] {
    const out = [...xs];
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [out[i], out[j]] = [out[j]!, out[i]!];
    }
    return out;
  }
}

/** The pieces of a game before layout. */
interface Model {
  name: string;
  seats: [string, string];
  declarePlayers: boolean;
  piles: { name: string; visibility: 'public' | 'hidden' }[];
  vars: { name: string; initial: number }[];
  positions: { name: string; visibility: 'public' | 'hidden' }[];
  counters: string[];
  ranks: { name: string; value: number }[];
  suits: string[];
  copies: number | null;
  deckOrder: number[];
  phases: { name: string; steps: RawStep[] }[];
  subphases: { name: string; steps: RawStep[] }[];
  stackEach: boolean;
  stackExtra: [number, number];
  stackSwap: boolean;
  showdown: { metric: number; board: number; rules: { bonus: boolean; points: number; pair: boolean; rank: number }[]; block: boolean };
  generated: { generator: string; builder: string; seed: number; complexity: string } | null;
  optionWords: string[];
  reasons: string[];
  /** Seed of the order of the declarations. */
  declSeed: number;
}

const modelArb: fc.Arbitrary<Model> = fc
  .record({
    name: stringValueArb,
    names: fc.uniqueArray(
      nameArb.filter((n) => n !== 'Alice' && n !== 'Bob'),
      { minLength: 17, maxLength: 17 },
    ),
    declarePlayers: fc.boolean(),
    pileCount: fc.integer({ min: 0, max: 3 }),
    varCount: fc.integer({ min: 0, max: 2 }),
    positionCount: fc.integer({ min: 0, max: 2 }),
    visibilities: fc.array(fc.constantFrom<'public' | 'hidden'>('public', 'hidden'), { minLength: 5, maxLength: 5 }),
    varInits: fc.array(fc.integer({ min: -5, max: 5 }), { minLength: 2, maxLength: 2 }),
    ranks: fc.uniqueArray(fc.oneof(nameArb, fc.stringMatching(/^[0-9]{1,2}$/)), { minLength: 1, maxLength: 6 }),
    rankValues: fc.array(fc.integer({ min: -20, max: 30 }), { minLength: 6, maxLength: 6 }),
    suits: fc.uniqueArray(nameArb, { minLength: 1, maxLength: 4 }),
    copies: fc.option(fc.integer({ min: 1, max: 3 }), { nil: null }),
    deckOrder: fc.shuffledSubarray([0, 1, 2], { minLength: 3, maxLength: 3 }),
    phaseCount: fc.integer({ min: 1, max: 3 }),
    subphaseCount: fc.integer({ min: 0, max: 3 }),
    phaseSteps: fc.array(rawStepsArb(2, 5), { minLength: 3, maxLength: 3 }),
    subphaseSteps: fc.array(rawStepsArb(2, 4), { minLength: 3, maxLength: 3 }),
    stackEach: fc.boolean(),
    stackExtra: fc.tuple(fc.nat(20), fc.nat(20)),
    stackSwap: fc.boolean(),
    showdown: fc.record({
      metric: fc.nat(2),
      board: fc.nat(9),
      rules: fc.array(fc.record({ bonus: fc.boolean(), points: fc.nat(5), pair: fc.boolean(), rank: fc.nat(9) }), { maxLength: 3 }),
      block: fc.boolean(),
    }),
    generated: fc.option(
      fc.record({
        generator: stringValueArb,
        builder: stringValueArb,
        seed: fc.nat(1_000_000_000),
        complexity: fc.oneof(fc.constantFrom('0', '1', '1.0', '0.70', '0.0'), fc.stringMatching(/^0\.[0-9]{1,3}$/)),
      }),
      { nil: null },
    ),
    optionWords: fc.uniqueArray(fc.oneof(fc.constantFrom(...OPTION_KEYWORDS), nameArb), { minLength: 6, maxLength: 6 }),
    reasons: fc.array(fc.oneof(stringValueArb, fc.constant('')), { minLength: 2, maxLength: 2 }),
    declSeed: fc.nat(),
  })
  .map((r): Model => {
    const seats: [string, string] = r.declarePlayers ? [r.names[0]!, r.names[1]!] : ['Alice', 'Bob'];
    const take = (from: number, n: number) => r.names.slice(from, from + n);
    return {
      name: r.name,
      seats,
      declarePlayers: r.declarePlayers,
      piles: take(2, r.pileCount).map((name, i) => ({ name, visibility: r.visibilities[i]! })),
      vars: take(5, r.varCount).map((name, i) => ({ name, initial: r.varInits[i]! })),
      positions: take(7, r.positionCount).map((name, i) => ({ name, visibility: r.visibilities[3 + i]! })),
      counters: take(9, 2),
      ranks: r.ranks.map((name, i) => ({ name, value: r.rankValues[i]! })),
      suits: r.suits,
      copies: r.copies,
      deckOrder: r.deckOrder,
      phases: take(11, r.phaseCount).map((name, i) => ({ name, steps: r.phaseSteps[i]! })),
      subphases: take(14, r.subphaseCount).map((name, i) => ({ name, steps: r.subphaseSteps[i]! })),
      stackEach: r.stackEach,
      stackExtra: r.stackExtra,
      stackSwap: r.stackSwap,
      showdown: r.showdown,
      generated: r.generated,
      optionWords: r.optionWords,
      reasons: r.reasons,
      declSeed: r.declSeed,
    };
  });

/** A token of the laid-out program, or a place where an item ends (`;` may follow). */
type Piece = string | { end: true };
const END: Piece = { end: true };

/** Where a step is written. */
interface Ctx {
  /** Directly in a phase (deals and antes there are counted by the checks). */
  top: boolean;
  /** Inside an auction's prize (`winner` names a seat). */
  inPrize: boolean;
  /** Index of the sub-phase being written, -1 in a phase. */
  sub: number;
  /** Write a deal to `winner` (the first step of a prize). */
  winnerDeal?: boolean;
}

/** A condition before it is written: the parser's precedence is or < and < not < atoms. */
type Cond = { k: 'atom'; toks: string[] } | { k: 'not'; arg: Cond } | { k: 'and' | 'or'; args: Cond[] } | { k: 'paren'; arg: Cond };

/** Writes the steps of a model as tokens, keeping the game valid (see the module comment). */
class StepWriter {
  /** Cards in each pile along the steps written directly in phases: 0 = deck, 1..2 = hands, 3.. = piles. */
  readonly sizes: Map<number, number>;
  readonly anted = [0, 0];
  readonly total: number;
  /** Loop counters written so far (usable as variables from then on). */
  readonly counters = new Set<string>();
  /** Sub-phases called from phases, and calls between sub-phases. */
  readonly calledFromPhase = new Set<number>();
  readonly subCalls = new Map<number, Set<number>>();
  private reason = 0;

  constructor(
    private readonly m: Model,
    private readonly num: (n: number) => string,
    private readonly str: (s: string) => string,
  ) {
    this.total = m.ranks.length * m.suits.length * (m.copies ?? 1);
    this.sizes = new Map([[0, this.total]]);
  }

  private get refCount(): number {
    return 3 + this.m.piles.length;
  }

  private refName(i: number): string {
    return i === 0 ? 'deck' : i <= 2 ? this.m.seats[i - 1]! : this.m.piles[i - 3]!.name;
  }

  private seat(r: Rand): string {
    return r.pick(this.m.seats);
  }

  /** The steps of a block, stopping after an `end`. */
  steps(raws: readonly RawStep[], ctx: Ctx): Piece[] {
    const out: Piece[] = [];
    for (const raw of raws) {
      const kind = STEP_KINDS[raw.kind]!;
      out.push(...this.step(kind, new Rand(raw.seed), raw.blocks, ctx), END);
      if (kind === 'end') break;
    }
    return out;
  }

  private block(raws: readonly RawStep[] | undefined, ctx: Ctx): Piece[] {
    return ['{', ...this.steps(raws ?? [], { ...ctx, top: false }), '}'];
  }

  private variables(): string[] {
    return [...this.m.vars.map((v) => v.name), ...this.counters];
  }

  /**
   * `stack(S)`, `pot`, `3`, `size(board)`, `x`, … ; `quant` (`any`/`each`) goes into the first atom.
   * `publicOnly`: never a seat's cards (`highest(S)` becomes `handsize(S)`), as an option cost requires (E0249).
   */
  private intAtom(r: Rand, ctx: Ctx, quant: string | null, publicOnly = false): string[] {
    const seatArg = quant ?? (ctx.inPrize && r.chance(0.2) ? 'winner' : this.seat(r));
    let kind = quant ? r.int(0, 3) : r.int(0, 7);
    if (publicOnly && kind === 2) kind = 1;
    const vars = this.variables();
    switch (kind) {
      case 0:
        return ['stack', '(', seatArg, ')'];
      case 1:
        return ['handsize', '(', seatArg, ')'];
      case 2:
        return ['highest', '(', seatArg, ')'];
      case 3:
        return ['score', '(', seatArg, ')'];
      case 4:
        return ['size', '(', this.refName(r.int(0, this.refCount - 1)), ')'];
      case 5:
        return ['pot'];
      case 6:
        return vars.length > 0 ? [r.pick(vars)] : [this.num(r.int(0, 9))];
      default: {
        const publicPiles = this.m.piles.filter((p) => p.visibility === 'public');
        if (publicPiles.length > 0 && r.chance(0.4)) return [r.pick(['highest', 'lowest']), '(', r.pick(publicPiles).name, ')'];
        return [this.num(r.int(0, 20))];
      }
    }
  }

  private intExpr(r: Rand, ctx: Ctx, quant: string | null = null, publicOnly = false): string[] {
    const out = this.intAtom(r, ctx, quant, publicOnly);
    for (let n = r.chance(0.3) ? r.int(1, 2) : 0; n > 0; n--) out.push(r.pick(['+', '-', '*']), ...this.intAtom(r, ctx, null, publicOnly));
    return out;
  }

  /** An amount written as an expression (`pay`, `bet`, the largest wager, an option cost): a lone number is at least `min` (else `fallback`). */
  private amountExpr(r: Rand, ctx: Ctx, min: number, fallback: () => string, publicOnly = false): string[] {
    const e = this.intExpr(r, ctx, null, publicOnly);
    return e.length === 1 && /^-?\d+$/.test(e[0]!) && Number(e[0]) < min ? [fallback()] : e;
  }

  private seatRef(r: Rand, ctx: Ctx): string {
    const x = r.next();
    return x < 0.2 ? 'any' : x < 0.35 ? 'each' : ctx.inPrize && x < 0.5 ? 'winner' : this.seat(r);
  }

  private atom(r: Rand, ctx: Ctx): Cond {
    const kind = r.int(0, 5);
    if (kind === 0) return { k: 'atom', toks: [r.pick(['true', 'false'])] };
    if (kind === 1 || kind === 2) {
      const quant = r.chance(0.4) ? r.pick(['any', 'each']) : null;
      const left = r.chance(0.5);
      const op = r.pick(['<', '<=', '>', '>=', '==', '!=']);
      return { k: 'atom', toks: [...this.intExpr(r, ctx, left ? quant : null), op, ...this.intExpr(r, ctx, left ? null : quant)] };
    }
    if (kind === 3 && this.m.positions.length > 0) return { k: 'atom', toks: [this.seatRef(r, ctx), 'holds', r.pick(this.m.positions).name] };
    const publicPiles = this.m.piles.filter((p) => p.visibility === 'public');
    const head = publicPiles.length > 0 && r.chance(0.2) ? [r.pick(publicPiles).name, 'has'] : ['hand', '(', this.seatRef(r, ctx), ')', 'has'];
    if (head.length === 2) {
      const ranks = r.shuffle([...this.m.ranks.map((x) => x.name), 'top']).slice(0, r.int(1, Math.min(3, this.m.ranks.length + 1)));
      const anyOf = ranks.length > 1 || r.chance(0.3);
      return { k: 'atom', toks: [...head, ...(anyOf ? ['any', 'of'] : []), ...ranks.flatMap((x, i) => (i > 0 ? [',', x] : [x]))] };
    }
    if (r.chance(0.25)) return { k: 'atom', toks: [...head, 'pair'] };
    const names = [...this.m.ranks.map((x) => x.name), 'top'];
    const ranks = r.shuffle(names).slice(0, r.int(1, Math.min(3, names.length)));
    const anyOf = ranks.length > 1 || r.chance(0.3);
    return { k: 'atom', toks: [...head, ...(anyOf ? ['any', 'of'] : []), ...ranks.flatMap((x, i) => (i > 0 ? [',', x] : [x]))] };
  }

  private cond(r: Rand, ctx: Ctx, depth = 2): Cond {
    const x = r.next();
    let c: Cond;
    if (depth === 0 || x < 0.45) c = this.atom(r, ctx);
    else if (x < 0.6) c = { k: 'not', arg: this.cond(r, ctx, depth - 1) };
    else c = { k: r.pick(['and', 'or'] as const), args: Array.from({ length: r.int(2, 3) }, () => this.cond(r, ctx, depth - 1)) };
    return r.chance(0.1) ? { k: 'paren', arg: c } : c;
  }

  /** A condition's tokens, with the parentheses its tree needs. */
  private condTokens(c: Cond): string[] {
    const wrap = (arg: Cond, need: boolean) => (need ? ['(', ...this.condTokens(arg), ')'] : this.condTokens(arg));
    switch (c.k) {
      case 'atom':
        return c.toks;
      case 'paren':
        return ['(', ...this.condTokens(c.arg), ')'];
      case 'not':
        return ['not', ...wrap(c.arg, c.arg.k === 'and' || c.arg.k === 'or')];
      default:
        return c.args.flatMap((a, i) => [...(i > 0 ? [c.k] : []), ...wrap(a, a.k === 'or' || (a.k === 'and' && c.k === 'and'))]);
    }
  }

  private condition(r: Rand, ctx: Ctx): string[] {
    return this.condTokens(this.cond(r, ctx));
  }

  private face(r: Rand): string[] {
    const f = r.int(0, 2);
    return f === 0 ? [] : ['face', f === 1 ? 'up' : 'down'];
  }

  private deal(r: Rand, ctx: Ctx): Piece[] {
    const fromGiven = r.chance(0.5);
    let from = fromGiven ? r.int(0, this.refCount - 1) : 0;
    if (ctx.inPrize && (ctx.winnerDeal || r.chance(0.4))) {
      // Never from a hand to `winner` (E0215: the winner could be that hand's seat).
      if (from === 1 || from === 2) from = 0;
      const count = Math.min(r.int(1, 3), this.total);
      return ['deal', this.num(count), ...(fromGiven ? ['from', this.refName(from)] : []), 'to', 'winner', ...this.face(r)];
    }
    let to: number | null = r.chance(0.5) ? null : r.int(0, this.refCount - 1);
    if (to === from) to = null;
    // Never from a hand to `each` (E0215): from the deck instead.
    if (to === null && (from === 1 || from === 2)) from = 0;
    const targets = to === null ? [1, 2] : [to];
    const have = ctx.top ? (this.sizes.get(from) ?? 0) : this.total;
    const count = Math.min(r.int(1, 4), Math.floor(have / targets.length));
    if (count < 1) return ['shuffle', this.refName(from)];
    if (ctx.top) {
      let left = have;
      for (const t of targets) {
        const moved = Math.min(count, left);
        left -= moved;
        this.sizes.set(t, (this.sizes.get(t) ?? 0) + moved);
      }
      this.sizes.set(from, left);
    }
    // a deal to a public pile cannot be face down (E0244)
    const face = to !== null && to >= 3 && this.m.piles[to - 3]!.visibility === 'public' ? (r.int(0, 1) === 0 ? [] : ['face', 'up']) : this.face(r);
    return ['deal', this.num(count), ...(fromGiven ? ['from', this.refName(from)] : []), 'to', to === null ? 'each' : this.refName(to), ...face];
  }

  private step(kind: (typeof STEP_KINDS)[number] | 'blinds', r: Rand, blocks: RawStep[][], ctx: Ctx): Piece[] {
    const m = this.m;
    const seat = this.seat(r);
    const other = m.seats[1 - m.seats.indexOf(seat)]!;
    switch (kind as (typeof STEP_KINDS)[number] | 'blinds') {
      case 'shuffle':
        return ['shuffle', this.refName(r.int(0, this.refCount - 1))];
      case 'deal':
        return this.deal(r, ctx);
      case 'ante': {
        // One ante step in four is a `blinds` step (drawn here so that the other draws stay as they were).
        if (r.chance(0.25)) return this.step('blinds', r, blocks, ctx);
        const amount = r.int(1, 5);
        const each = r.chance(0.5);
        if (ctx.top) for (const s of each ? [0, 1] : [m.seats.indexOf(seat)]) this.anted[s]! += amount;
        return ['ante', this.num(amount), ...(each ? ['each'] : ['from', seat])];
      }
      case 'betting': {
        const size: string[] = r.chance(0.2) ? this.amountExpr(r, ctx, 1, () => this.num(r.int(1, 10))) : [this.num(r.int(1, 10))];
        const items: Piece[][] = [['bet', ...size, END]];
        if (r.chance(0.5)) items.push(['raises', 'at', 'most', this.num(r.int(1, 4)), END]);
        if (r.chance(0.5)) items.push(['first', seat, END]);
        return ['betting', 'fixed', '{', ...r.shuffle(items).flat(), '}'];
      }
      case 'blinds': {
        const small = r.int(1, 3);
        const big = r.int(1, 5);
        if (ctx.top) {
          this.anted[m.seats.indexOf(seat)]! += small;
          this.anted[m.seats.indexOf(other)]! += big;
        }
        return ['blinds', seat, this.num(small), ',', other, this.num(big)];
      }
      case 'varbet': {
        if (r.chance(0.4)) {
          const items: Piece[][] = [['raises', r.chance(0.5) ? 'no-limit' : 'pot-limit', END]];
          if (r.chance(0.5)) items.push(['bet', this.num(r.int(1, 4)), END]);
          if (r.chance(0.3)) items.push(['fallback', 'bet', this.num(r.int(1, 3)), END]);
          if (r.chance(0.3)) items.push(['max', 'stack', END]);
          if (r.chance(0.5)) items.push(['first', seat, END]);
          return ['betting', 'variable', '{', ...r.shuffle(items).flat(), '}'];
        }
        const items: Piece[][] = [['fallback', 'bet', this.num(r.int(1, 3)), END]];
        if (r.chance(0.6)) items.push(['max', r.chance(0.5) ? 'stack' : this.num(r.int(1, 9)), END]);
        if (r.chance(0.5)) items.push(['first', seat, END]);
        return ['betting', 'variable', '{', ...r.shuffle(items).flat(), '}'];
      }
      case 'call': {
        const targets = m.subphases.map((_, i) => i).filter((i) => i > ctx.sub);
        if (targets.length === 0) return ['reveal', 'hand', 'of', seat];
        const t = r.pick(targets);
        if (ctx.sub < 0) this.calledFromPhase.add(t);
        else (this.subCalls.get(ctx.sub) ?? this.subCalls.set(ctx.sub, new Set()).get(ctx.sub)!).add(t);
        return ['call', m.subphases[t]!.name];
      }
      case 'if': {
        const n = r.int(1, 3);
        const out: Piece[] = [];
        for (let i = 0; i < n; i++)
          out.push(...(i > 0 ? ['else', 'if'] : ['if']), ...this.condition(r, ctx), r.pick(['public', 'private']), ...this.block(blocks[i], ctx));
        if (r.chance(0.5)) out.push('else', ...this.block(blocks[n], ctx));
        return out;
      }
      case 'events': {
        const out: Piece[] = ['events', '{'];
        for (let i = 0, n = r.int(1, 3); i < n; i++)
          out.push('when', ...this.condition(r, ctx), r.pick(['public', 'private']), ...this.block(blocks[i], ctx), END);
        return [...out, '}'];
      }
      case 'repeat': {
        const counter = r.pick(m.counters);
        this.counters.add(counter);
        const until = r.chance(0.6) ? ['until', ...this.condition(r, ctx)] : [];
        return ['repeat', 'up', 'to', this.num(r.int(1, 4)), 'rounds', 'as', counter, ...until, ...this.block(blocks[0], ctx)];
      }
      case 'end': {
        const reason = this.str(m.reasons[this.reason++ % m.reasons.length]!);
        return ['end', ...(r.chance(0.6) ? ['winner', seat] : []), reason];
      }
      case 'choice': {
        const names = r.shuffle(m.optionWords).slice(0, r.int(1, 3));
        const costs = names.map(() => (r.chance(0.5) ? null : { cost: r.int(1, 3), chance: r.chance(0.5) ? r.int(1, 100) : null }));
        if (!costs.some((c) => c === null || (c.chance !== null && c.chance < 100))) costs[costs.length - 1] = null;
        // One cost in three is an expression of public numbers (`cost 2 * round + pot`), worked out when the choice is offered.
        const amounts = costs.map((c) => (c && r.chance(1 / 3) ? this.amountExpr(r, ctx, 1, () => this.num(c.cost), true) : c ? [this.num(c.cost)] : []));
        const out: Piece[] = ['choice', seat, r.pick(['public', 'private']), '{'];
        names.forEach((name, i) => {
          const c = costs[i];
          const cost = c ? ['cost', ...amounts[i]!, ...(c.chance !== null ? ['at', this.num(c.chance), '%'] : [])] : [];
          out.push('option', name, ...cost, ...this.block(blocks[i], ctx), END);
        });
        return [...out, '}'];
      }
      case 'wager': {
        const min = r.int(1, 3);
        // The largest wager: the stack, a number, or (one in four) an expression worked out when the step runs.
        const x = r.next();
        const max = x < 0.4 ? ['stack'] : x < 0.75 ? [this.num(min + r.int(0, 3))] : this.amountExpr(r, ctx, min, () => this.num(min + r.int(0, 3)));
        return ['wager', seat, this.num(min), '..', ...max];
      }
      case 'match':
        return ['match', seat];
      case 'simultaneous': {
        const names = r.shuffle(m.optionWords).slice(0, r.int(2, 3));
        const pairs = r.shuffle(names.flatMap((a) => names.map((b) => [a, b] as const))).slice(0, r.int(0, 3));
        const out: Piece[] = ['simultaneous', '{', 'options', ...names.flatMap((x, i) => (i > 0 ? [',', x] : [x])), END];
        pairs.forEach(([a, b], i) => out.push('outcome', a, '/', b, ...this.block(blocks[i], ctx), END));
        if (r.chance(0.5)) out.push('otherwise', ...this.block(blocks[pairs.length], ctx));
        return [...out, '}'];
      }
      case 'auction': {
        // No auction inside a prize (E0243): a nested one becomes a shuffle.
        if (ctx.inPrize) return ['shuffle', 'deck'];
        const min = r.int(0, 2);
        const prizeCtx = { ...ctx, top: false, inPrize: true };
        let prize = this.steps(blocks[0] ?? [], prizeCtx);
        if (prize.length === 0 || r.chance(0.3)) prize = [...this.deal(r, { ...prizeCtx, winnerDeal: true }), END, ...prize];
        return [
          'auction',
          'sealed',
          '{',
          'bids',
          this.num(min),
          '..',
          this.num(Math.max(1, min + r.int(0, 3))),
          END,
          'tie',
          'coinflip',
          END,
          'winner',
          'pays',
          r.pick(['pot', 'opponent']),
          END,
          'prize',
          '{',
          ...prize,
          '}',
          '}',
        ];
      }
      case 'peek': {
        const peeker = ctx.inPrize && r.chance(0.4) ? 'winner' : seat;
        const target = peeker === 'winner' ? this.seat(r) : other;
        const vis = r.chance(0.5) ? ['private'] : ['occurrence', 'public'];
        return ['peek', peeker, 'at', r.pick(['random', 'chosen']), 'card', 'of', target, ...vis];
      }
      case 'reveal':
        return ['reveal', ...(r.chance(0.5) ? ['hand'] : ['random', 'card']), 'of', seat];
      case 'swap':
        return ['swap', 'random', 'card', 'between', seat, 'and', other, r.pick(['public', 'private'])];
      case 'steal': {
        const thief = ctx.inPrize && r.chance(0.4) ? 'winner' : other;
        return ['steal', 'random', 'card', 'from', seat, 'to', thief, r.pick(['public', 'private'])];
      }
      case 'discard': {
        const targets = [0, ...m.piles.map((_, i) => 3 + i), 2 - m.seats.indexOf(seat)];
        const to = r.chance(0.5) ? ['to', this.refName(r.pick(targets))] : [];
        return ['discard', this.num(r.int(1, 3)), r.pick(['random', 'chosen']), 'from', seat, ...to, ...this.face(r)];
      }
      case 'pay': {
        const parties = r.shuffle([...m.seats, 'pot']);
        if (ctx.inPrize && r.chance(0.6)) parties.splice(r.int(0, 1), 0, 'winner');
        const [from, to] = parties;
        const x = r.next();
        const amount: string[] = x < 0.3 ? ['all'] : x < 0.75 ? [this.num(r.int(1, 5))] : this.amountExpr(r, ctx, 1, () => this.num(r.int(1, 5)));
        return ['pay', ...amount, 'from', from!, 'to', to!];
      }
      case 'sidebet':
        return ['sidebet', seat, this.num(r.int(1, 3)), 'on', ...this.condition(r, ctx)];
      case 'score':
        return ['score', seat, r.pick(['+', '-']), this.num(r.int(0, 5))];
      case 'assign': {
        if (m.positions.length === 0) return ['reveal', 'random', 'card', 'of', seat];
        return ['assign', r.pick(m.positions).name, 'to', r.pick(['highest-card', 'lowest-card', 'chip-leader', seat])];
      }
      case 'set': {
        const vars = this.variables();
        if (vars.length === 0) return ['score', seat, '+', this.num(1)];
        return ['set', r.pick(vars), '=', ...this.intExpr(r, { ...ctx, inPrize: false })];
      }
    }
  }
}

/** The game as tokens. */
function tokens(m: Model, num: (n: number) => string, str: (s: string) => string): Piece[] {
  const w = new StepWriter(m, num, str);
  const phaseBodies = m.phases.map((p) => w.steps(p.steps, { top: true, inPrize: false, sub: -1 }));
  const subBodies = m.subphases.map((p, i) => w.steps(p.steps, { top: false, inPrize: false, sub: i }));
  // Every sub-phase is called: those no phase reaches are called at the start of the first phase.
  const reached = new Set<number>();
  const reach = (i: number) => {
    if (reached.has(i)) return;
    reached.add(i);
    for (const j of w.subCalls.get(i) ?? []) reach(j);
  };
  for (const i of w.calledFromPhase) reach(i);
  const extraCalls: Piece[] = [];
  m.subphases.forEach((p, i) => {
    if (reached.has(i)) return;
    reach(i);
    extraCalls.push('call', p.name, END);
  });
  phaseBodies[0]!.unshift(...extraCalls);
  const phaseTokens = m.phases.map((p, i): Piece[] => ['phase', p.name, '{', ...phaseBodies[i]!, '}', END]);
  const subTokens = m.subphases.map((p, i): Piece[] => ['subphase', p.name, '{', ...subBodies[i]!, '}', END]);

  const stacks = [w.anted[0]! + m.stackExtra[0], w.anted[1]! + m.stackExtra[1]];
  const deckItems: Piece[][] = [
    ['ranks', ...m.ranks.flatMap((r, i) => [...(i > 0 ? [','] : []), r.name, '=', ...(r.value < 0 ? ['-', num(-r.value)] : [num(r.value)])]), END],
    ['suits', ...m.suits.flatMap((s, i) => [...(i > 0 ? [','] : []), s]), END],
    m.copies === null ? [] : ['copies', num(m.copies), END],
  ];
  const seatOrder = m.stackSwap ? [1, 0] : [0, 1];
  const publicPiles = m.piles.filter((p) => p.visibility === 'public');
  const rankName = (i: number) => (i >= m.ranks.length ? 'top' : m.ranks[i]!.name);
  const sd = m.showdown;
  const showdown: Piece[] =
    sd.metric === 1 && publicPiles.length > 0
      ? ['showdown', 'pair-with-board', 'using', publicPiles[sd.board % publicPiles.length]!.name, END]
      : sd.metric === 0 && sd.board >= 5 && new Set(m.ranks.map((x) => x.value)).size === m.ranks.length
        ? [
            // Half the high-card draws (board 5…9) become a poker-hand showdown; board picks its options.
            'showdown',
            'poker-hand',
            ...(publicPiles.length > 0 && sd.board !== 5 ? ['using', publicPiles[sd.board % publicPiles.length]!.name] : []),
            ...(sd.board === 6 || sd.board === 8 ? ['flush-beats-full-house'] : []),
            ...(sd.board >= 7 ? ['no-suits'] : []),
            END,
          ]
        : sd.metric === 2
          ? [
              'showdown',
              'sum-of-ranks',
              ...(sd.rules.length > 0 || sd.block
                ? [
                    '{',
                    ...sd.rules.flatMap((x): Piece[] => [
                      x.bonus ? 'bonus' : 'penalty',
                      num(x.points),
                      ...(x.pair ? ['for', 'pair', 'of'] : ['per']),
                      rankName(x.rank % (m.ranks.length + 1)),
                      END,
                    ]),
                    '}',
                  ]
                : []),
              END,
            ]
          : ['showdown', 'high-card', END];
  const decls: Piece[][] = [
    m.declarePlayers ? ['players', m.seats[0], ',', m.seats[1], END] : [],
    m.stackEach
      ? ['stack', num(Math.max(stacks[0]!, stacks[1]!)), 'each', END]
      : ['stack', m.seats[seatOrder[0]!]!, num(stacks[seatOrder[0]!]!), ',', m.seats[seatOrder[1]!]!, num(stacks[seatOrder[1]!]!), END],
    ['deck', '{', ...m.deckOrder.flatMap((i) => deckItems[i]!), '}', END],
    ...m.piles.map((p): Piece[] => ['pile', p.name, p.visibility, END]),
    ...m.vars.map((v): Piece[] => ['var', v.name, '=', ...(v.initial < 0 ? ['-', num(-v.initial)] : [num(v.initial)]), END]),
    ...m.positions.map((p): Piece[] => ['position', p.name, p.visibility, END]),
    ...subTokens,
    showdown,
    m.generated === null
      ? []
      : [
          'generated',
          '{',
          'generator',
          str(m.generated.generator),
          'builder',
          str(m.generated.builder),
          'seed',
          num(m.generated.seed),
          'complexity',
          m.generated.complexity,
          '}',
          END,
        ],
  ];
  // Phases keep their order; each other declaration goes before some phase or after the last.
  const r = new Rand(m.declSeed);
  const placed: Piece[][][] = [...phaseTokens.map(() => []), []];
  for (const d of r.shuffle(decls)) if (d.length > 0) placed[r.int(0, placed.length - 1)]!.push(d);
  const slots: Piece[][] = placed.flatMap((before, i) => [...before, ...(i < phaseTokens.length ? [phaseTokens[i]!] : [])]);
  return ['game', str(m.name), '{', ...slots.flat(), '}'];
}

/** One choice of what goes between two tokens. */
interface Gap {
  space: ' ' | '  ' | '\t' | '\n' | '\n\n' | '\n  ' | '\n\n\n';
  semicolon: boolean;
  comment: null | 'line' | 'block' | 'multiline' | 'ownline';
}
const gapArb: fc.Arbitrary<Gap> = fc.record({
  space: fc.oneof(
    { weight: 8, arbitrary: fc.constant(' ' as const) },
    { weight: 4, arbitrary: fc.constantFrom('\n' as const, '\n  ' as const) },
    { weight: 1, arbitrary: fc.constantFrom('  ' as const, '\t' as const, '\n\n' as const, '\n\n\n' as const) },
  ),
  semicolon: fc.boolean(),
  comment: fc.oneof(
    { weight: 8, arbitrary: fc.constant(null) },
    { weight: 1, arbitrary: fc.constantFrom('line' as const, 'block' as const, 'multiline' as const, 'ownline' as const) },
  ),
});

/** Comment bodies, with characters that could confuse a careless scanner. */
const COMMENT_NOISE = ['', ' note', ' { brace', ' "quote', ' // slashes', ' ; semi', ' } close', ' * star'];

/** A generated program: its source and the texts of its comments in source order. */
export interface ArbitraryProgram {
  source: string;
  comments: string[];
}

/** Lay out the tokens with the gaps (used cyclically). */
function layout(pieces: Piece[], gaps: Gap[], noise: number[]): ArbitraryProgram {
  let text = '';
  const comments: string[] = [];
  let g = 0;
  const comment = (kind: NonNullable<Gap['comment']>) => {
    const tag = `c${comments.length}${COMMENT_NOISE[noise[comments.length % noise.length]! % COMMENT_NOISE.length]}`;
    const c = kind === 'line' || kind === 'ownline' ? `// ${tag}` : kind === 'block' ? `/* ${tag} */` : `/* ${tag}\n   more */`;
    comments.push(c);
    if (kind === 'ownline') return `\n${c}\n`;
    return kind === 'line' ? ` ${c}\n` : ` ${c} `;
  };
  const gap = (atEnd: boolean) => {
    const x = gaps[g++ % gaps.length]!;
    let s = atEnd && x.semicolon ? ';' : '';
    s += x.space;
    if (x.comment) s += comment(x.comment);
    return s;
  };
  if (gaps[0]!.comment) text += `${comment(gaps[0]!.comment).trimStart()}${gaps[0]!.comment === 'line' || gaps[0]!.comment === 'ownline' ? '' : '\n'}`;
  pieces.forEach((p, i) => {
    if (typeof p !== 'string') return;
    if (i > 0) text += gap(typeof pieces[i - 1] !== 'string');
    text += p;
  });
  const last = gaps[gaps.length - 1]!;
  text += last.comment ? `\n${comment(last.comment).trim()}\n` : '\n';
  return { source: text, comments };
}

/**
 * A valid `.gbg` program with random layout and comments. `withComments: false` leaves comments
 * out (for the benchmarks' and lowering tests' plainer inputs).
 */
export function arbitraryProgram(opts: { withComments?: boolean } = {}): fc.Arbitrary<ArbitraryProgram> {
  return fc
    .record({
      model: modelArb,
      gaps: fc.array(opts.withComments === false ? gapArb.map((x) => ({ ...x, comment: null })) : gapArb, { minLength: 1, maxLength: 60 }),
      noise: fc.array(fc.nat(7), { minLength: 1, maxLength: 8 }),
      zeros: fc.array(fc.boolean(), { minLength: 1, maxLength: 8 }),
      escapes: fc.array(fc.boolean(), { minLength: 1, maxLength: 8 }),
    })
    .map(({ model, gaps, noise, zeros, escapes }) => {
      let z = 0;
      const num = (n: number) => (zeros[z++ % zeros.length]! && n < 100 ? `0${n}` : String(n));
      let e = 0;
      const str = (s: string) => quoteLoosely(s, () => escapes[e++ % escapes.length]!);
      return layout(tokens(model, num, str), gaps, noise);
    });
}

/**
 * A string literal for `value` that reads back as `value`: characters that must be escaped are
 * (quotes, backslashes, line breaks and other control characters but the tab, U+2028 and
 * U+FFFD), and others are escaped as `\uXXXX` when `escape()` says so (a tab is then written
 * raw or as `\t`).
 */
export function quoteLoosely(value: string, escape: () => boolean): string {
  let out = '"';
  for (const ch of value) {
    const code = ch.codePointAt(0)!;
    const must = ch === '"' || ch === '\\' || (code < 0x20 && ch !== '\t') || code === 0xfffd || code === 0x2028;
    if (!must && !escape()) out += ch;
    else if (ch === '"' || ch === '\\') out += `\\${ch}`;
    else if (ch === '\t') out += '\\t';
    else for (const unit of ch.split('')) out += `\\u${unit.charCodeAt(0).toString(16).padStart(4, '0')}`;
  }
  return `${out}"`;
}
