/**
 * fast-check arbitraries of `.gbg` programs for property tests.
 *
 * {@link arbitraryProgram} builds *valid* games (no diagnostics from `compileSource`) from pieces:
 * random names (never keywords), 2 seats (or the default ones), stacks (`each` or per seat in any
 * order), a deck (ranks, suits, copies in any order, digit rank names, negative values), piles,
 * phases using every step kind and every optional form, a showdown (pair-with-board only with a
 * declared public pile), an optional `generated { … }` record, declarations in any order. Validity
 * is kept by construction: deals are clamped to the cards their source holds at that point of
 * play (the same count as the E0207 check), stacks cover every ante.
 *
 * The layout is random too: spaces, tabs, newlines and blank lines between any two tokens, `;`
 * after items or not, numbers with leading zeros, strings with needless `\uXXXX` escapes, and
 * comments (line, block, multi-line block) between any two tokens, at the start and at the end.
 * Every comment has a unique tag `cN`, so tests can check that all comments survive, in order.
 */
import fc from 'fast-check';
import { KEYWORDS, HighCard, PairWithBoard } from '../../src/parser/tokens.js';

const RESERVED = new Set([...KEYWORDS, HighCard, PairWithBoard].map((t) => (t.LABEL ?? '').replace(/'/g, '')));

/** An identifier that is not a keyword. */
export const nameArb = fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_]{0,7}$/).filter((s) => !RESERVED.has(s));

/** Characters a string value may hold (some are written escaped, see {@link quoteLoosely}). */
const STRING_CHAR = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...'abcXYZ 019 -_\'.,:!?'.split('')) },
  { weight: 2, arbitrary: fc.constantFrom('"', '\\', '\t', '\n', 'é', 'ß', '♠', '♥', '{', '}', '/', '*', '\u0001', '\u2028', '\ufffd', '😀') },
);
/** A non-empty string value (names in the IR must not be empty). */
const stringValueArb = fc.array(STRING_CHAR, { minLength: 1, maxLength: 12 }).map((cs) => cs.join(''));

type Face = 'up' | 'down' | null;
interface RawDeal {
  kind: 'deal';
  count: number;
  from: number | null;
  to: number | null;
  face: Face;
}
type RawStep =
  | { kind: 'shuffle'; pile: number }
  | RawDeal
  | { kind: 'ante'; amount: number; from: number | null }
  | { kind: 'betting'; bet: number; cap: number | null; first: number | null; order: number[] };

const rawStepArb: fc.Arbitrary<RawStep> = fc.oneof(
  fc.record({ kind: fc.constant('shuffle' as const), pile: fc.nat(9) }),
  fc.record({
    kind: fc.constant('deal' as const),
    count: fc.integer({ min: 1, max: 4 }),
    from: fc.option(fc.nat(9), { nil: null }),
    to: fc.option(fc.nat(9), { nil: null }),
    face: fc.constantFrom<Face>('up', 'down', null),
  }),
  fc.record({ kind: fc.constant('ante' as const), amount: fc.integer({ min: 1, max: 5 }), from: fc.option(fc.nat(1), { nil: null }) }),
  fc.record({
    kind: fc.constant('betting' as const),
    bet: fc.integer({ min: 1, max: 10 }),
    cap: fc.option(fc.integer({ min: 1, max: 4 }), { nil: null }),
    first: fc.option(fc.nat(1), { nil: null }),
    order: fc.shuffledSubarray([0, 1, 2], { minLength: 3, maxLength: 3 }),
  }),
);

/** The pieces of a game before layout. */
interface Model {
  name: string;
  seats: [string, string];
  declarePlayers: boolean;
  piles: { name: string; visibility: 'public' | 'hidden' }[];
  ranks: { name: string; value: number }[];
  suits: string[];
  copies: number | null;
  deckOrder: number[];
  phases: { name: string; steps: RawStep[] }[];
  stackEach: boolean;
  stackExtra: [number, number];
  stackSwap: boolean;
  showdownBoard: number | null;
  generated: { generator: string; builder: string; seed: number; complexity: string } | null;
  /** The order of the non-phase declarations (players, stack, deck, piles, showdown, generated). */
  declOrder: number[];
  /** Before which phase each of them goes (modulo the number of phases + 1). */
  declPlace: number[];
}

const modelArb: fc.Arbitrary<Model> = fc
  .record({
    name: stringValueArb,
    names: fc.uniqueArray(nameArb, { minLength: 5, maxLength: 5 }),
    declarePlayers: fc.boolean(),
    pileCount: fc.integer({ min: 0, max: 3 }),
    visibilities: fc.array(fc.constantFrom<'public' | 'hidden'>('public', 'hidden'), { minLength: 3, maxLength: 3 }),
    ranks: fc.uniqueArray(fc.oneof(nameArb, fc.stringMatching(/^[0-9]{1,2}$/)), { minLength: 1, maxLength: 6 }),
    rankValues: fc.array(fc.integer({ min: -20, max: 30 }), { minLength: 6, maxLength: 6 }),
    suits: fc.uniqueArray(nameArb, { minLength: 1, maxLength: 4 }),
    copies: fc.option(fc.integer({ min: 1, max: 3 }), { nil: null }),
    deckOrder: fc.shuffledSubarray([0, 1, 2], { minLength: 3, maxLength: 3 }),
    phaseNames: fc.uniqueArray(nameArb, { minLength: 1, maxLength: 5 }),
    steps: fc.array(fc.array(rawStepArb, { maxLength: 5 }), { minLength: 5, maxLength: 5 }),
    stackEach: fc.boolean(),
    stackExtra: fc.tuple(fc.nat(20), fc.nat(20)),
    stackSwap: fc.boolean(),
    showdownBoard: fc.option(fc.nat(9), { nil: null }),
    generated: fc.option(
      fc.record({
        generator: stringValueArb,
        builder: stringValueArb,
        seed: fc.nat(1_000_000_000),
        complexity: fc.oneof(fc.constantFrom('0', '1', '1.0', '0.70', '0.0'), fc.stringMatching(/^0\.[0-9]{1,3}$/)),
      }),
      { nil: null },
    ),
    declOrder: fc.shuffledSubarray([0, 1, 2, 3, 4, 5], { minLength: 6, maxLength: 6 }),
    declPlace: fc.array(fc.nat(5), { minLength: 6, maxLength: 6 }),
  })
  .map((r) => {
    const seats: [string, string] = r.declarePlayers ? [r.names[0]!, r.names[1]!] : ['Alice', 'Bob'];
    const piles = r.names
      .slice(2)
      .filter((n) => !seats.includes(n))
      .slice(0, r.pileCount)
      .map((name, i) => ({ name, visibility: r.visibilities[i]! }));
    const publicPiles = piles.map((p, i) => (p.visibility === 'public' ? i : -1)).filter((i) => i >= 0);
    return {
      name: r.name,
      seats,
      declarePlayers: r.declarePlayers,
      piles,
      ranks: r.ranks.map((name, i) => ({ name, value: r.rankValues[i]! })),
      suits: r.suits,
      copies: r.copies,
      deckOrder: r.deckOrder,
      phases: r.phaseNames.map((name, i) => ({ name, steps: r.steps[i]! })),
      stackEach: r.stackEach,
      stackExtra: r.stackExtra,
      stackSwap: r.stackSwap,
      showdownBoard: r.showdownBoard === null || publicPiles.length === 0 ? null : publicPiles[r.showdownBoard % publicPiles.length]!,
      generated: r.generated,
      declOrder: r.declOrder,
      declPlace: r.declPlace,
    };
  });

/** A token of the laid-out program, or a place where an item ends (`;` may follow). */
type Piece = string | { end: true };
const END: Piece = { end: true };

/** The game as tokens. Deals are clamped to the cards available, as the E0207 check counts them. */
function tokens(m: Model, num: (n: number) => string, str: (s: string) => string): Piece[] {
  const out: Piece[] = [];
  const push = (...p: Piece[]) => out.push(...p);
  // Pile references: 0 = deck, 1..2 = hands, 3.. = piles.
  const refCount = 3 + m.piles.length;
  const refName = (i: number) => (i === 0 ? 'deck' : i <= 2 ? m.seats[i - 1]! : m.piles[i - 3]!.name);
  const sizes = new Map<number, number>([[0, m.ranks.length * m.suits.length * (m.copies ?? 1)]]);
  const anted = [0, 0];
  const phaseTokens: Piece[][] = m.phases.map((phase) => {
    const p: Piece[] = ['phase', phase.name, '{'];
    for (const s of phase.steps) {
      if (s.kind === 'shuffle') p.push('shuffle', refName(s.pile % refCount), END);
      else if (s.kind === 'ante') {
        for (const seat of s.from === null ? [0, 1] : [s.from]) anted[seat]! += s.amount;
        p.push('ante', num(s.amount), ...(s.from === null ? ['each'] : ['from', m.seats[s.from]!]), END);
      } else if (s.kind === 'betting') {
        const items: Piece[][] = [['bet', num(s.bet), END]];
        if (s.cap !== null) items.push(['raises', 'at', 'most', num(s.cap), END]);
        if (s.first !== null) items.push(['first', m.seats[s.first]!, END]);
        p.push('betting', 'fixed', '{', ...s.order.filter((i) => i < items.length).flatMap((i) => items[i]!), '}', END);
      } else {
        const from = s.from === null ? 0 : s.from % refCount;
        let to = s.to === null ? null : s.to % refCount;
        if (to === from) to = null;
        const targets = to === null ? [1, 2] : [to];
        const have = sizes.get(from) ?? 0;
        const count = Math.min(s.count, Math.floor(have / targets.length));
        if (count < 1) {
          p.push('shuffle', refName(from), END);
          continue;
        }
        let left = have;
        for (const t of targets) {
          const moved = Math.min(count, left);
          left -= moved;
          sizes.set(t, (sizes.get(t) ?? 0) + moved);
        }
        sizes.set(from, left);
        p.push('deal', num(count), ...(s.from === null ? [] : ['from', refName(from)]), 'to', to === null ? 'each' : refName(to));
        if (s.face) p.push('face', s.face);
        p.push(END);
      }
    }
    p.push('}', END);
    return p;
  });
  const stacks = [anted[0]! + m.stackExtra[0], anted[1]! + m.stackExtra[1]];
  const deckItems: Piece[][] = [
    ['ranks', ...m.ranks.flatMap((r, i) => [...(i > 0 ? [','] : []), r.name, '=', ...(r.value < 0 ? ['-', num(-r.value)] : [num(r.value)])]), END],
    ['suits', ...m.suits.flatMap((s, i) => [...(i > 0 ? [','] : []), s]), END],
    m.copies === null ? [] : ['copies', num(m.copies), END],
  ];
  const seatOrder = m.stackSwap ? [1, 0] : [0, 1];
  const decls: Piece[][] = [
    m.declarePlayers ? ['players', m.seats[0], ',', m.seats[1], END] : [],
    m.stackEach
      ? ['stack', num(Math.max(stacks[0]!, stacks[1]!)), 'each', END]
      : ['stack', m.seats[seatOrder[0]!]!, num(stacks[seatOrder[0]!]!), ',', m.seats[seatOrder[1]!]!, num(stacks[seatOrder[1]!]!), END],
    ['deck', '{', ...m.deckOrder.flatMap((i) => deckItems[i]!), '}', END],
    m.piles.flatMap((p): Piece[] => ['pile', p.name, p.visibility, END]),
    m.showdownBoard === null ? ['showdown', 'high-card', END] : ['showdown', 'pair-with-board', 'using', m.piles[m.showdownBoard]!.name, END],
    m.generated === null
      ? []
      : ['generated', '{', 'generator', str(m.generated.generator), 'builder', str(m.generated.builder), 'seed', num(m.generated.seed), 'complexity', m.generated.complexity, '}', END],
  ];
  // Phases keep their order; each other declaration goes before some phase or after the last.
  const placed: Piece[][][] = phaseTokens.map(() => []);
  placed.push([]);
  for (const i of m.declOrder) if (decls[i]!.length > 0) placed[m.declPlace[i]! % placed.length]!.push(decls[i]!);
  const slots: Piece[][] = placed.flatMap((before, i) => [...before, ...(i < phaseTokens.length ? [phaseTokens[i]!] : [])]);
  push('game', str(m.name), '{', ...slots.flat(), '}');
  return out;
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

/** At most this many comments per program. */
const MAX_COMMENTS = 12;

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
    if (x.comment && comments.length < MAX_COMMENTS) s += comment(x.comment);
    return s;
  };
  // The first comment of a file is a line comment: `parse` wrongly reports a file that starts
  // and ends with block comments as empty (E0107), and its empty-file test backtracks
  // exponentially on a file that starts with many block comments.
  if (gaps[0]!.comment) text += comment('line').trimStart();
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
 * A string literal for `value` that reads back as `value`: characters that must be escaped are,
 * and others are escaped as `\uXXXX` when `escape()` says so.
 */
export function quoteLoosely(value: string, escape: () => boolean): string {
  let out = '"';
  for (const ch of value) {
    const code = ch.codePointAt(0)!;
    const must = ch === '"' || ch === '\\' || code < 0x20 || code === 0xfffd || code === 0x2028;
    if (!must && !escape()) out += ch;
    else if (ch === '"' || ch === '\\') out += `\\${ch}`;
    else for (const unit of ch.split('')) out += `\\u${unit.charCodeAt(0).toString(16).padStart(4, '0')}`;
  }
  return `${out}"`;
}
