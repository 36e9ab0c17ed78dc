/**
 * The one catalogue of diagnostic codes. Every diagnostic the compiler emits carries one of these
 * codes; `gbgc explain CODE` prints the entry. E01xx: reading the text (lexing, parsing);
 * E02xx: meaning (names, amounts, cards); E09xx: internal. W0xxx codes are warnings: the game
 * compiles and plays, but something in it is dead, constant or degenerate (W00xx: never reached;
 * W01xx: degenerate constructs, which the generator never emits). `// gbgc-allow W0xxx` on the
 * line of a warning (or alone on the line above it) silences it. Named codes (`store-…`) are the
 * run store's refusals (`PATH: error[CODE]: …`, exit 1): a store that is not read or written as it is;
 * `two-seat-only` is a tool's refusal of a game of more than two seats.
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
    explanation:
      'Whole numbers in a game must be at most 1,000,000,000, and a whole number is needed where a decimal was written (decimals are allowed only for `complexity`).',
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
    explanation:
      'Two things share one name (two seats, two phases, two piles, a pile named like a seat, two ranks or suits with one name). Names must be unique within their kind, and seats and piles share one namespace.',
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
    title: 'never reached (now the warnings W0001 and W0002)',
    explanation:
      'No path of play reaches this: a sub-phase that no reachable step calls, or steps that come after an `end` in the same block. Both are now reported as warnings, W0001 and W0002, so the game still compiles.',
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
    explanation:
      'A game seats 2 to 6 players, named in clockwise order around the table: `players A, B` up to `players A, B, C, D, E, F`. Two-seat games may use every step; games of 3 to 6 seats play the table steps (see E0252).',
    example: 'players A, B, C, D, E, F, G',
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
    title: 'the showdown needs a public board',
    explanation:
      'The `pair-with-board` showdown compares hands with the cards of a public pile: write `showdown pair-with-board using NAME` with `pile NAME public`. A `poker-hand` showdown may name a board the same way (`using NAME`, a public pile); without one it ranks the hands alone.',
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
    explanation:
      'The options of a choice have distinct names, and at least one of them has no certain cost, so the seat always has something to pick. A cost written as an expression counts as certain when every value it can take (see E0241 for how the values are bounded) is at least 1.',
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
    explanation:
      "An auction's prize must do something for the winner that can fail only for a reason the engine checks (an empty pile for a deal); an empty prize makes the auction meaningless.",
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
      'The engine holds a game whose deck has at most 1,040 cards (ranks × suits × copies: twenty 52-card decks; 255 for a table game of 3 to 6 seats or with a button) and at most 28 declared piles. Use fewer copies, ranks or suits, or fewer piles.',
    example: 'deck { ranks 2 = 2, 3 = 3, …, A = 14; suits s, h, d, c; copies 21 }   // 1,092 cards',
  },
  E0232: {
    title: 'loop bound too large',
    explanation:
      'A `repeat up to N rounds` loop may run at most 1,000 rounds, so that every game can be played, enumerated and simulated in bounded time and memory.',
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
    title: 'number too large',
    explanation:
      'Every number in a game (stacks, antes, bets, bids, wagers, costs, payments, side bets, scores, card values, variables, numbers in conditions) is at most 1,000,000 in size, so that chip and score arithmetic stays exact and every amount fits the engine.',
    example: 'stack 1000000000 each',
  },
  E0241: {
    title: 'too many amounts to choose from',
    explanation:
      'A decision that picks an amount (a sealed bid, a wager, a variable bet) offers every whole amount of its range as its own action, and agents, prompts and solvers list them all. A range may hold at most 1,000 amounts. A range that ends at `stack` or `max stack` holds up to all the chips in the game (both starting stacks together), so those must then total at most 1,000. Narrow the range or lower the stacks.',
    example: 'auction sealed { bids 0..1000000; tie coinflip; winner pays pot; prize { … } }',
  },
  E0242: {
    title: 'nested loops run too many rounds',
    explanation:
      'Loops inside loops (also through sub-phases they call) multiply their rounds. Along any chain of nested loops the product of the `repeat up to N rounds` bounds is at most 10,000, so that every episode ends in bounded time.',
    example: 'repeat up to 1000 rounds as a { repeat up to 1000 rounds as b { … } }',
  },
  E0243: {
    title: 'auction inside an auction prize',
    explanation:
      "An auction's prize cannot hold another auction: one auction winner is bound at a time (`winner`). Hold the second auction after the first one.",
    example: 'prize { auction sealed { … } }',
  },
  E0244: {
    title: 'face-down deal to a public pile',
    explanation:
      'Both seats see every card in a public pile, so a card dealt to one cannot be face down. Deal it `face up` (the default for a public pile), or deal to a `hidden` pile to keep it unseen.',
    example: 'pile board public … deal 1 to board face down',
  },
  E0245: {
    title: 'poker-hand showdown on a deck with equal rank values',
    explanation:
      'The `poker-hand` showdown orders ranks by their values (straights are runs of consecutive ranks in that order), so every rank needs its own value. Give the ranks distinct values.',
    example: 'deck { ranks J = 11, Q = 11 } … showdown poker-hand',
  },
  E0246: {
    title: 'both blinds from one seat',
    explanation: 'A `blinds` step names the seat posting the small blind, then the seat posting the big blind: two different seats.',
    example: 'blinds Alice 1, Alice 2',
  },
  E0247: {
    title: 'condition on a hidden pile',
    explanation:
      'A condition may read the cards of a pile only when both seats see them: `highest(P)`, `lowest(P)` and `P has K` take a `public` pile. A condition on a hidden pile would let the branch that runs tell a seat about cards it cannot see. `size(P)` may be used on any pile (the number of cards in a pile is public). `lowest` applies to piles only.',
    example: 'pile stash hidden … if highest(stash) > 3 public { … }',
  },
  E0248: {
    title: 'amount must be a whole number here',
    explanation:
      'Amounts written as expressions (`pay 2 * round from Alice to pot`, `bet 2 * round` in fixed betting, the largest wager `wager Alice 1..2 * round`, option costs `option peek cost 2 * round { … }`) are worked out when the step runs. The other amounts (antes, blinds, the bets of variable betting, the smallest wager, side bets, auctions) must be whole numbers, since the menus and limits of those steps are fixed when the game is compiled.',
    example: 'betting variable { fallback bet 1; max n }',
  },
  E0249: {
    title: "option cost reads a seat's cards",
    explanation:
      "A cost written as an expression is worked out when the choice is offered. Which options the seat can afford, whether the choice is skipped, and the chips the cost moves are all seen by both seats (stacks are public, even after a private choice or a chance cost), so a cost that reads a seat's cards (`highest(Alice)`) would tell the opponent what those cards are. Write the cost from public numbers: variables and loop counters, `pot`, `stack(SEAT)`, `handsize(SEAT)`, `score(SEAT)`, `size(PILE)`, and `highest(PILE)` or `lowest(PILE)` of a public pile.",
    example: 'choice Alice private { option peek cost highest(Alice) { … } option pass { } }',
  },
  E0250: {
    title: 'table position without a button',
    explanation:
      'Blinds written without seat names (`blinds 50, 100`), a first seat written as `first left of button`, `first left of small-blind` or `first left of big-blind`, and `odd chip left of button` are placed relative to the button, so the game must declare `button`. Without a button, name the seats: `blinds Alice 1, Bob 2`, `first Alice`.',
    example: 'players A, B, C … phase Deal { blinds 50, 100 }',
  },
  E0251: {
    title: 'named seat in a game with a button',
    explanation:
      'In a game with a button, the button moves from hand to hand (the seat holding it is chosen when a hand starts), and the blinds and the first seat to act move with it. A seat named in `blinds` or `first` would not move, so who posts or acts first when another seat holds the button is undefined; a betting round without `first` is undefined too. This holds for two seats as for more: heads-up, the button posts the small blind and acts first before the flop (`first left of big-blind`), last after it (`first left of button`). Write `blinds SMALL, BIG` and `first left of big-blind` / `first left of button`.',
    example: 'players A, B; button … blinds A 1, B 2',
  },
  E0252: {
    title: 'two-seat step at a table',
    explanation:
      'Games of 3 to 6 seats, and games with a button, are played by the table engine, which knows the steps of table poker: `shuffle`, `deal` (to each seat, a seat or a pile), `ante`, `blinds`, `betting fixed` with a whole-number bet, and `betting variable` with `raises no-limit` or `raises pot-limit`; and the `high-card`, `pair-with-board` and `poker-hand` showdowns. The other steps (`wager`, `match`, `choice`, `simultaneous`, `auction`, `sidebet`, `peek`, `swap`, `steal`, `reveal`, `discard`, `pay`, `score`, `assign`, `set`, `if`, `events`, `repeat`, `call`, `end`, variable betting without raises) and the `sum-of-ranks` showdown are defined for two seats only: their rules name the opponent, pair the two seats, or read conditions the table engine does not evaluate.',
    example: 'players A, B, C … wager A 1..5',
  },
  E0260: {
    title: 'chat limit out of range',
    explanation:
      'Table chat is declared with `chat N per phase, N per hand, max N` (each limit at most once; messages per seat per phase and per hand from 1 to 1,000, characters per message from 1 to 10,000, default 240) and scripted table messages with `chat "text"` (1 to 10,000 characters).',
    example: 'chat 0 per hand',
  },
  E0254: {
    title: 'house declaration',
    explanation:
      "`house SEAT` makes a seat of `players` the house: a seat played by the rules' steps alone, whose chips are its bank (`bank unlimited`, the default, or `bank N`). The house plays in a game of two seats without a button, one player and the house, and its chips are its bank: it has no entry in `stack` (`stack N each` gives N to each player).",
    example: 'players Player, Dealer; house Dealer bank unlimited; stack Player 1000',
  },
  E0255: {
    title: 'decision of the house',
    explanation:
      "The house makes no decisions: it plays by the rules' steps (a dealer drawing to 17, a wheel paying bets). A step that asks the house to choose (`choice`, `wager`, `match`, a betting round, `simultaneous`, `auction`, `sidebet`, a peek or discard `chosen` by it) is refused; write the house's play as steps (`if`, `repeat … until`, `pay`).",
    example: 'house Dealer … choice Dealer public { option hit { … } option stand { } }',
  },
  E0256: {
    title: 'shoe declaration',
    explanation:
      "`shoe cut N` makes the deck a shoe: it is not renewed between the hands of a match (each hand starts from the cards the last one left, in their order), and before a hand a new shoe of every card is shuffled when fewer than N cards remain (the cut card). The cut is at least 1 and below the deck's number of cards; the shoe is shuffled only when it is new, so a `shuffle deck` step is refused in a game with a shoe; and only the two-seat engine carries a shoe (no table of 3 to 6 seats or button).",
    example: 'deck { … copies 6 }   shoe cut 400',
  },
  E0901: {
    title: 'internal error: invalid IR',
    explanation: 'The compiler produced an IR that fails its own JSON Schema. This is a bug in gbgc; please report it with the input file.',
  },
  E0902: {
    title: 'internal error: a check failed',
    explanation:
      "One of the compiler's semantic checks (named in the message) stopped with an error instead of reporting on the game. This is a bug in gbgc; please report it with the input file. The other checks still ran, and their diagnostics are shown; the game is not accepted, since the failed check could not vouch for it.",
  },
  W0001: {
    title: 'sub-phase never called',
    explanation:
      'No phase calls this sub-phase, directly or through other sub-phases, so its steps never run. Call it from a phase or remove it. A warning: the game still compiles.',
    example: 'subphase Bonus { pay 1 from pot to Alice }   // and no `call Bonus` anywhere',
  },
  W0002: {
    title: 'step after `end`',
    explanation:
      'This step comes after an `end` in the same block, so it never runs. Remove it or move it before the `end`. A warning: the game still compiles.',
    example: 'end "over"\n    shuffle deck',
  },
  W0003: {
    title: 'state written and never read',
    explanation:
      "A `set` step changes this variable, or an `assign` step gives this position, but nothing in the game reads it: no condition or amount uses the variable (reading it only to set it again does not count), and no `holds` condition asks who holds the position. The state changes no play; a hidden position nothing reads is a secret with no consequence. Read it where it should matter, or remove it with the steps that write it. A warning: the game still compiles. The generator's acceptance filter does not count it.",
    example: 'position Leader hidden\n  …\n    assign Leader to highest card   // and no `if Alice holds Leader` anywhere',
  },
  W0101: {
    title: 'one-sided simultaneous round',
    explanation:
      'Every outcome of this simultaneous round (its listed pairs and its `otherwise`) favours the same seat or does nothing, so the other seat has nothing to gain from its pick and the round is no contest. Give some outcome an effect that favours the other seat. An effect favours a seat when it pays it chips, deals it a card, lets it peek, scores for it, makes the opponent pay, reveal or discard, and so on.',
    example:
      'simultaneous { options Hold, Push; outcome Hold/Hold { pay 1 from Bob to Alice } otherwise { peek Alice at random card of Bob occurrence public } }',
  },
  W0102: {
    title: 'one seat can never bet',
    explanation:
      'A seat may wager here, but when it declines (checks) the round ends without the other seat being offered a wager, and nowhere else can the other seat bet: a betting round where one seat can never bet. Let the other seat bet after a check (a choice of `bet` or `check` for it), or use a `betting` round.',
    example:
      'choice Alice public { option bet { wager Alice 1..2  choice Bob public { option fold { end winner Alice } option call { match Bob } } } option check { } }',
  },
  W0103: {
    title: 'back-to-back payments by the same payer',
    explanation: 'Two `pay` steps in a row move chips from the same payer to the same payee: write them as one payment of the sum.',
    example: 'pay 2 from Bob to Alice\n    pay 1 from Bob to Alice   // write pay 3 from Bob to Alice',
  },
  W0104: {
    title: 'condition on a quantity the game never changes',
    explanation:
      'The condition reads a quantity that no step of the game ever changes (a score with no `score` step, a variable no `set` step changes, a position nobody is ever assigned), so it is constant and its branch is always or never taken.',
    example: 'if score(Alice) > 0 public { … }   // in a game without `score` steps',
  },
  W0105: {
    title: 'private step that hides nothing',
    explanation:
      'A private check or choice hides which branch ran or which option was chosen. Here that is known at once anyway: the condition reads only public numbers (stacks, the pot, pile and hand sizes, counters, public positions), or one branch or option has public effects (chips, counters, face-up cards, announced steps) that no other has, so it gives itself away the moment it runs. Make it public, or give the alternatives the same public effects.',
    example: 'if pot > 2 private { pay 1 from pot to Alice }',
  },
  W0106: {
    title: 'no hidden information at any decision',
    explanation:
      'At every decision of this game the deciding seat knows everything the opponent knows (every card dealt to a hand is revealed before anyone decides, and nothing is private), so the game is one of perfect information and the betting bluffs nothing. Keep some card or step hidden at a decision.',
    example: 'deal 1 to each face down\n    reveal hand of Alice\n    reveal hand of Bob\n    betting fixed { … }',
  },
  W0107: {
    title: 'cards dealt after the last decision',
    explanation:
      'This deal can only happen after every decision of the game has been made, so it changes nothing anyone decides: it only adds luck to the showdown. Deal before a decision, or remove it. (Deals that are part of a decision, such as an auction prize or a chosen option, are not reported.)',
    example: 'betting fixed { … }\n    deal 1 to each face down   // then the showdown',
  },
  W0253: {
    title: 'blind larger than a stack',
    explanation:
      'A blind is larger than the starting stack of a seat that posts it: that seat posts its whole stack, all-in, and the other seats play for a pot it can only partly match. With blinds placed relative to the button any seat may post the big blind, so the big blind should fit every starting stack. (A blind equal to a stack also puts that seat all-in by posting.) Short-stack variants do this on purpose; otherwise raise the stacks or lower the blind.',
    example: 'stack 50 each … blinds 50, 100',
  },
  'store-schema': {
    title: 'run store of another schema version',
    explanation:
      'The run store (the SQLite file `gbgc tournament` writes, read by `analyze`, `report`, `study`, `records` and `view`) records the version of its table layout in its `meta` table, and this gbgc reads versions 2 and 3 (a schema-2 store is read as two-seat slots of one hand, and upgraded in place by `gbgc tournament` when it resumes it). A store of another layout, a file of slots with no `meta` table, or one whose `meta` records no schema version is refused before any row is read: reading it under another layout could take one column for another. No reader writes to its input. Read it with the gbgc that wrote it (`gbgc --version` of that release), or play the tournament again into a new store: the same config and seed play the same slots.',
    example: 'runs.db: error[store-schema]: run store schema version 1, this gbgc reads version 2 or 3 or 4 or 5; …',
  },
  'store-engine': {
    title: 'run store played by another engine version',
    explanation:
      "The run store records the engine version that played its slots (`gbgc records summary` shows it). The readers of results (`analyze`, `report`, `study`) refuse a store of another engine unless asked: the returns in it are that engine's, and an engine change may change what a game's rules compute. To analyse it anyway, pass `--allow-engine-mismatch` to `gbgc analyze` or `gbgc report` (in a study file, `analysis: {allow_engine_mismatch: true}`): a warning names both engines and the estimates record the store's engine as `meta.tournamentEngineVersion`. A tournament is never resumed or extended into a store of another engine, with or without that flag, since one run would then mix two engines' slots: play it into a new store (another `store:` path), or finish it with the gbgc of the engine that started it. `records` and `view` show such a store as it is.",
    example: 'runs.db: error[store-engine]: the store was written by engine gbgc-0.0.9, this is gbgc-0.1.0+engine.2; …',
  },
  'two-seat-only': {
    title: 'a two-seat tool given a game of more seats',
    explanation:
      "Some tools are defined for two-seat zero-sum games only, where one seat's gain is the other's loss and a game has one value: exact CFR+ (`gbgc solve`, the default method), exact values and best responses (`gbgc tree --values`, exploitability), the sampled best response of MCCFR's reports, the GENSTRAT axes (`gbgc axes`, `gbgc select`), the generator and its acceptance filter (`gbgc sample`, `gbgc pool`) and the α̂ analysis. Given a game of three or more seats they refuse it (exit 1) rather than print a number that means something else there. On more seats, solve with `gbgc solve --method mccfr` (external or outcome sampling are defined for any number of players), play with `gbgc simulate`, `gbgc play` or a tournament, and analyse tables in bb/100.",
    example: 'error[two-seat-only]: exact CFR+ is defined for two-seat zero-sum games; this game has 3 seats (…)',
  },
} satisfies Record<string, CatalogueEntry>;

export type DiagnosticCode = keyof typeof entries;

/** Every code with its entry, in code order. */
export const CATALOGUE: Readonly<Record<DiagnosticCode, CatalogueEntry>> = entries;

/** Whether a code is a warning (`W0xxx`) rather than an error. */
export function isWarningCode(code: string): boolean {
  return code.startsWith('W');
}

/**
 * Look up a code (case-insensitive, with or without the leading `E`; warnings need their `W`; named
 * codes such as `store-schema` as written, or as printed in `error[store-schema]`); `undefined` if unknown.
 */
export function lookupCode(code: string): { code: DiagnosticCode; entry: CatalogueEntry } | undefined {
  const bare = code.trim().replace(/^error\[(.*)\]:?$/i, '$1');
  const norm = /^[a-z]+-/i.test(bare) ? bare.toLowerCase() : bare.toUpperCase();
  const key = (/^\d+$/.test(norm) ? `E${norm.padStart(4, '0')}` : norm) as DiagnosticCode;
  const entry = (CATALOGUE as Record<string, CatalogueEntry>)[key];
  return entry ? { code: key, entry } : undefined;
}
