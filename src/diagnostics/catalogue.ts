/**
 * The one catalogue of diagnostic codes. Every diagnostic the compiler emits carries one of these
 * codes; `gbgc explain CODE` prints the entry. E01xx: reading the text (lexing, parsing);
 * E02xx: meaning (names, amounts, cards); E09xx: internal.
 */

export interface CatalogueEntry {
  /** One line: what went wrong. */
  title: string;
  /** Why it is an error and how to fix it. */
  explanation: string;
  /** A small program that triggers it (optional). */
  example?: string;
}

const entries = {
  E0101: {
    title: 'unexpected character',
    explanation:
      'The text contains a character that cannot start any word of the language (letters, digits, quotes, braces, `,`, `;`, `=`, `-`, comments). Remove it or put it inside a quoted string.',
    example: 'game "Kuhn" { players Alice, Bob @ }',
  },
  E0102: {
    title: 'unterminated string',
    explanation: 'A quoted string has no closing `"` on its line. Strings cannot span lines.',
    example: 'game "Kuhn poker {',
  },
  E0103: {
    title: 'unterminated block comment',
    explanation: 'A block comment opened with `/*` is never closed with `*/`; everything after it would be ignored.',
  },
  E0104: {
    title: 'unexpected word or symbol',
    explanation:
      'The parser expected a specific word or symbol here (the message says which) and found something else. Check for a misspelt keyword, a missing brace, or a missing number.',
    example: 'phase Setup { shufle deck }',
  },
  E0105: {
    title: 'none of the allowed forms fits here',
    explanation:
      'At this point several forms are allowed (for example any step inside a phase: `shuffle`, `deal`, `ante`, `betting`) and the text starts none of them. The message lists what may come here.',
  },
  E0106: {
    title: 'text after the end of the game',
    explanation: 'A file holds exactly one `game "Name" { … }` block. Anything after its closing brace is an error; a stray `}` is the usual cause.',
  },
  E0107: {
    title: 'empty file',
    explanation: 'The file has no game. A `.gbg` file holds one `game "Name" { … }` block.',
  },
  E0108: {
    title: 'number out of range',
    explanation: 'Whole numbers in a game must be at most 1,000,000,000, and a whole number is needed where a decimal was written (decimals are allowed only for `complexity`).',
  },
  E0109: {
    title: 'too many errors',
    explanation: 'The compiler stops reporting after 50 errors in one file; fix the first ones and run again.',
  },
  E0110: {
    title: 'not a text file',
    explanation: 'The input contains NUL bytes or is not valid UTF-8, so it is not a `.gbg` source file.',
  },
  E0111: {
    title: 'unknown escape in a string',
    explanation:
      'Inside a quoted string a backslash starts an escape: `\\"` (a quote), `\\\\` (a backslash) or `\\uXXXX` (a character by its hexadecimal code). Any other letter after a backslash is an error rather than silently dropping the backslash; write `\\\\` for a backslash.',
    example: 'game "Kuhn \\q" { … }',
  },
  E0112: {
    title: 'control character in a string',
    explanation:
      'Game names and `end` reasons are shown in rulebooks, turn prompts and terminal output exactly as written, so they must be one line of printable text: no line breaks, tabs or other control characters (written directly or as `\\n`, `\\t`, `\\r`, `\\u000A` and the like).',
    example: 'game "Kuhn\\n## Injected" { … }',
  },
  E0201: {
    title: 'unknown seat',
    explanation: 'A seat name is used that `players` does not declare. Seat names are case-sensitive.',
    example: 'betting fixed { bet 1; first Carol }',
  },
  E0202: {
    title: 'unknown pile',
    explanation: 'A pile is named that is neither `deck`, a seat (its hand) nor a pile declared with `pile NAME public|hidden`.',
    example: 'deal 1 to board face up   // without `pile board public`',
  },
  E0203: {
    title: 'unknown phase',
    explanation: 'A phase is named that no `phase` declaration defines.',
  },
  E0204: {
    title: 'duplicate name',
    explanation: 'Two things share one name (two seats, two phases, two piles, a pile named like a seat, two ranks or suits with one name). Names must be unique within their kind, and seats and piles share one namespace.',
    example: 'players Alice, Alice',
  },
  E0205: {
    title: 'duplicate declaration',
    explanation: 'A declaration or setting that may appear once appears twice (e.g. two `deck` blocks, or `bet` twice in one betting round). Keep one.',
  },
  E0206: {
    title: 'missing declaration',
    explanation: 'A game needs `stack`, a `deck` with `ranks` and `suits`, at least one `phase`, and a `showdown`. The message names what is missing.',
  },
  E0207: {
    title: 'deal larger than the deck',
    explanation: 'The deals of the game take more cards than the deck holds (ranks × suits × copies). Deal fewer cards or enlarge the deck.',
    example: 'deck { ranks J = 11, Q = 12, K = 13; suits hearts, spades }  …  deal 4 to each',
  },
  E0208: {
    title: 'never reached',
    explanation:
      'No path of play reaches this: a sub-phase that no reachable step calls, or steps that come after an `end` in the same block. Remove it, or call the sub-phase from a phase.',
    example: 'subphase Bonus { pay 1 from pot to Alice }   // and no `call Bonus` anywhere',
  },
  E0209: {
    title: 'raise cap below 1',
    explanation: 'A betting round must allow at least one bet: `raises at most N` needs N ≥ 1 (the opening bet counts as one).',
    example: 'betting fixed { bet 1; raises at most 0 }',
  },
  E0210: {
    title: 'stack too small for the antes',
    explanation: "A seat's starting stack is smaller than the antes it must pay; the game could not start as written. Raise the stack or lower the antes.",
    example: 'stack 1 each  …  ante 2 each',
  },
  E0211: {
    title: 'wrong number of players',
    explanation: 'Generalized betting games have exactly two seats: `players A, B`.',
  },
  E0212: {
    title: 'amount must be at least 1',
    explanation: 'Card counts, antes, bet sizes and copies are whole numbers of at least 1.',
  },
  E0213: {
    title: 'betting round without a bet size',
    explanation: 'A fixed betting round needs `bet N` (chips per bet or raise).',
  },
  E0214: {
    title: 'pair-with-board needs a public board',
    explanation: 'The `pair-with-board` showdown compares hands with the cards of a public pile: write `showdown pair-with-board using NAME` with `pile NAME public`.',
  },
  E0215: {
    title: 'deal from a pile into itself',
    explanation: 'A deal moves cards from one pile to another; the source and the target must differ.',
  },
  E0216: {
    title: 'complexity out of range',
    explanation: 'The complexity recorded for a generated game is a number from 0 to 1.',
  },
  E0217: {
    title: "'winner' outside an auction",
    explanation: "`winner` names the seat that won a sealed-bid auction, so it can only be used inside that auction's `prize { … }` block.",
  },
  E0218: {
    title: 'misplaced seat quantifier',
    explanation:
      '`any` and `each` quantify over both seats inside a condition (`stack(any) <= 2` holds when at least one seat has 2 chips or fewer). A comparison may use one quantifier; steps need one named seat. Several ranks in `has` need `any of`.',
    example: 'if stack(any) < stack(each) public { … }',
  },
  E0219: {
    title: 'unknown variable',
    explanation: 'A name in an expression is neither a declared `var` nor a loop counter (`repeat … as NAME`).',
  },
  E0220: {
    title: 'unknown position',
    explanation: 'A position (role) is used that no `position NAME public|hidden` declares.',
  },
  E0221: {
    title: 'unknown rank',
    explanation: "A rank is named that the deck's `ranks` do not list. `top` names the rank with the highest value.",
  },
  E0222: {
    title: 'bad simultaneous round',
    explanation: 'A simultaneous round lists at least two distinct options, and each `outcome A/B` names two of them, once per pair.',
  },
  E0223: {
    title: 'bad choice',
    explanation: 'The options of a choice have distinct names, and at least one of them has no certain cost, so the seat always has something to pick.',
  },
  E0224: {
    title: 'unbounded recursion',
    explanation: 'A sub-phase calls itself, directly or through other sub-phases, so play could go on forever. Use `repeat up to N rounds` for repetition.',
  },
  E0225: {
    title: 'empty amount range',
    explanation: 'A wager or bid range `MIN..MAX` has MIN greater than MAX, so no amount would be legal.',
    example: 'auction sealed { bids 3..1; … }',
  },
  E0226: {
    title: 'chance out of range',
    explanation: 'The chance that a cost is due (`cost 1 at 50%`) is a whole percentage from 1 to 100.',
  },
  E0227: {
    title: 'auction prize cannot be performed',
    explanation: "An auction's prize must do something for the winner that can fail only for a reason the engine checks (an empty pile for a deal); an empty prize makes the auction meaningless.",
  },
  E0229: {
    title: 'a step needs two different parties',
    explanation: 'Peeks, swaps, steals and payments involve two different seats (or a seat and the pot).',
  },
  E0230: {
    title: 'setting of the other betting mode',
    explanation: 'Fixed betting takes `bet`, `raises at most` and `first`; variable betting takes `max`, `fallback bet` and `first`.',
  },
  E0231: {
    title: 'game too large for the engine',
    explanation:
      'The engine holds a game whose deck has at most 255 cards (ranks × suits × copies) and at most 28 declared piles. Use fewer copies, ranks or suits, or fewer piles.',
    example: 'deck { ranks 2 = 2, 3 = 3, …, A = 14; suits s, h, d, c; copies 5 }   // 260 cards',
  },
  E0232: {
    title: 'loop bound too large',
    explanation: 'A `repeat up to N rounds` loop may run at most 1,000 rounds, so that every game can be played, enumerated and simulated in bounded time and memory.',
    example: 'repeat up to 1000000 rounds as r { … }',
  },
  E0233: {
    title: 'nested too deeply',
    explanation:
      'Blocks, parentheses and expressions may be nested at most 64 levels deep, an expression may have at most 64 terms, and a chain of sub-phases calling one another at most 64 long. Split the game into sub-phases or simpler conditions.',
  },
  E0234: {
    title: 'empty name',
    explanation: 'The game name is a non-empty string.',
    example: 'game "" { … }',
  },
  E0240: {
    title: 'face-down deal to a public pile',
    explanation:
      'Both seats see every card in a public pile, so a card dealt to one cannot be face down. Deal it `face up` (the default for a public pile), or deal to a `hidden` pile to keep it unseen.',
    example: 'pile board public … deal 1 to board face down',
  },
  E0901: {
    title: 'internal error: invalid IR',
    explanation: 'The compiler produced an IR that fails its own JSON Schema. This is a bug in gbgc; please report it with the input file.',
  },
} satisfies Record<string, CatalogueEntry>;

export type DiagnosticCode = keyof typeof entries;

/** Every code with its entry, in code order. */
export const CATALOGUE: Readonly<Record<DiagnosticCode, CatalogueEntry>> = entries;

/** Look up a code (case-insensitive, with or without the leading `E`); `undefined` if unknown. */
export function lookupCode(code: string): { code: DiagnosticCode; entry: CatalogueEntry } | undefined {
  const norm = code.trim().toUpperCase();
  const key = (/^\d+$/.test(norm) ? `E${norm.padStart(4, '0')}` : norm) as DiagnosticCode;
  const entry = (CATALOGUE as Record<string, CatalogueEntry>)[key];
  return entry ? { code: key, entry } : undefined;
}
