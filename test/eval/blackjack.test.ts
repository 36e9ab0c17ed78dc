/**
 * examples/blackjack.gbg, the league's blackjack against the house: one hand-built round per rule
 * (the peek under an ace and under a ten, blackjack against blackjack, blackjack paying 15 on a
 * bet of 10, the dealer standing on soft 17, busts, doubling on two cards only, splitting to four
 * hands and no fifth, split aces getting one card each and no resplit, doubling after a split),
 * each with its cards fixed by choosing the chance outcomes in the order the rules deal them:
 * the player's first card, the dealer's up card, the player's second card, the dealer's hole card,
 * then every later draw in order. Chips are asserted exactly.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compileSource } from '../../src/compiler/index.js';
import { CHANCE, type ChanceSource, type GameState } from '../../src/interpreter/api.js';
import { compileGame, type CompiledGame } from '../../src/interpreter/game.js';
import type { InterpreterState } from '../../src/interpreter/state.js';
import { randomAgent } from '../../src/eval/agents/random.js';
import type { Agent } from '../../src/eval/agents/agent.js';
import { playSlotNow, type SlotOutcome } from '../../src/eval/match/play.js';
import { renderRulebook } from '../../src/render/index.js';
import { formatSource } from '../../src/format/index.js';
import { decompile } from '../../src/format/decompile.js';
import { BasicStrategyAgent, basicStrategyAction, basicStrategyAgentForGame, basicStrategyTable } from '../../src/eval/agents/basic-strategy.js';
import { AGENTS } from '../../src/eval/agents/index.js';

const compiled = compileSource(readFileSync('examples/blackjack.gbg', 'utf8'));
const game = compileGame(compiled.ir!);

/** A round played from rigged cards (ranks, in dealing order) and the player's moves; the menus offered at each decision. */
interface Round {
  state: GameState;
  /** The labels offered at each decision, in order. */
  menus: string[][];
  /** The player's chips won (negative: lost). */
  net: number;
}

/**
 * Play one round: at each chance node the next rank of `cards` (any suit), at each decision the
 * next move of `moves`; the round must end exactly when both lists are used up.
 */
function round(cards: string[], moves: string[] = []): Round {
  const state = game.newInitialState();
  const menus: string[][] = [];
  let c = 0;
  let m = 0;
  while (!state.isTerminal()) {
    const p = state.currentPlayer();
    if (p === CHANCE) {
      const rank = cards[c++];
      if (rank === undefined) throw new Error(`the rules draw card ${c} and the test gave ${cards.length}`);
      const o = state.chanceOutcomes().find(([a]) => state.actionToString(CHANCE, a).startsWith(`${rank} of `));
      if (!o) throw new Error(`no ${rank} left in the shoe`);
      state.applyAction(o[0]);
      continue;
    }
    const labels = state.legalActions().map((a) => state.actionToString(p, a));
    menus.push(labels);
    const move = moves[m++];
    if (move === undefined) throw new Error(`decision ${m} (menu ${labels.join(', ')}) and the test gave ${moves.length} moves`);
    const a = state.legalActions().find((x) => state.actionToString(p, x) === move);
    if (a === undefined) throw new Error(`'${move}' is not offered; the menu is ${labels.join(', ')}`);
    state.applyAction(a);
  }
  expect(c, 'every rigged card is dealt').toBe(cards.length);
  expect(m, 'every move is played').toBe(moves.length);
  return { state, menus, net: state.returns()[0] };
}

/** The player's and dealer's public piles at the end of a round. */
function piles(r: Round): Record<string, string[]> {
  return r.state.observation!(0).publicPiles as Record<string, string[]>;
}

const ranksOf = (cards: string[]): string[] => cards.map((c) => c.split(' of ')[0]);

describe('examples/blackjack.gbg compiles to the league’s blackjack against the house', () => {
  it('has no diagnostics, an unlimited house, the player’s 1,000 chips and a six-deck shoe of 312 cards', () => {
    expect(compiled.diagnostics).toEqual([]);
    expect(compiled.ir!.house).toEqual({ seat: 1, bank: 'unlimited' });
    expect(compiled.ir!.stacks).toEqual([1000, 0]);
    const d = compiled.ir!.deck;
    expect(d.ranks.length * d.suits.length * d.copies).toBe(312);
    expect(d.ranks.filter((r) => r.value === 10).map((r) => r.name)).toEqual(['T', 'J', 'Q', 'K']);
  });
});

describe('the peek and blackjacks', () => {
  it('a player blackjack pays 15 on the base bet of 10 (3 to 2), at once, with no decision', () => {
    const r = round(['A', '9', 'K', '5']);
    expect(r.net).toBe(15);
    expect(r.menus).toEqual([]);
  });

  it('player blackjack against dealer blackjack is a push, an ace up and a ten up', () => {
    expect(round(['A', 'A', 'K', 'Q']).net).toBe(0);
    expect(round(['T', 'J', 'A', 'A']).net).toBe(0);
  });

  it('the dealer peeks under an ace: a blackjack ends the round before any decision and takes the base bet only', () => {
    const r = round(['9', 'A', '7', 'K']);
    expect(r.net).toBe(-10);
    expect(r.menus).toEqual([]);
    expect(ranksOf(piles(r).dealer)).toEqual(['A', 'K']);
  });

  it('the dealer peeks under a ten: a blackjack ends the round before any decision', () => {
    const r = round(['9', 'Q', '7', 'A']);
    expect(r.net).toBe(-10);
    expect(r.menus).toEqual([]);
  });

  it('no blackjack under the ace: play goes on and the player wins 10 with 19 against 17', () => {
    const r = round(['9', 'A', 'T', '6'], ['stand']);
    expect(r.menus).toEqual([['hit', 'stand', 'double']]);
    expect(r.net).toBe(10);
  });
});

describe('the dealer’s play', () => {
  it('stands on soft 17 (6 and an ace): the player’s 18 wins', () => {
    const r = round(['T', '6', '8', 'A'], ['stand']);
    expect(r.net).toBe(10);
    expect(ranksOf(piles(r).dealer)).toEqual(['6', 'A']);
  });

  it('draws to 17: 6 and T draw a 5, 21 beats the player’s 20', () => {
    const r = round(['T', '6', 'K', 'T', '5'], ['stand']);
    expect(r.net).toBe(-10);
    expect(ranksOf(piles(r).dealer)).toEqual(['6', 'T', '5']);
  });

  it('a soft hand the dealer must hit: A,5 (soft 16) draws a 2 and stands on soft 18, a push with 18', () => {
    const r = round(['T', 'A', '8', '5', '2'], ['stand']);
    expect(r.net).toBe(0);
  });

  it('a dealer bust pays every standing hand', () => {
    const r = round(['T', '6', '2', 'T', 'K'], ['stand']);
    expect(r.net).toBe(10);
  });

  it('a player bust loses the bet and the dealer draws nothing', () => {
    const r = round(['T', '6', '6', 'T', 'K'], ['hit']);
    expect(r.net).toBe(-10);
    expect(ranksOf(piles(r).dealer)).toEqual(['6', 'T']);
  });
});

describe('doubling', () => {
  it('a double on the first two cards doubles the bet and draws exactly one card: 21 wins 20', () => {
    const r = round(['6', '9', '5', '8', 'T'], ['double']);
    expect(r.net).toBe(20);
    expect(ranksOf(piles(r).hand1)).toEqual(['6', '5', 'T']);
  });

  it('a doubled hand that loses loses 20', () => {
    expect(round(['6', '9', '5', 'T', '2'], ['double']).net).toBe(-20);
  });

  it('doubling is offered on two cards only: after a hit the menu is hit or stand', () => {
    const r = round(['2', '9', '3', 'T', '4'], ['hit', 'stand']);
    expect(r.menus).toEqual([
      ['hit', 'stand', 'double'],
      ['hit', 'stand'],
    ]);
    expect(r.net).toBe(-10);
  });
});

describe('splitting', () => {
  it('a pair splits into two hands of 10 each; both win when the dealer busts', () => {
    // 8,8 against 6 (hole T): split; hand 1 gets a 3 and stands, hand 2 gets a T and stands; the dealer's 16 draws a K.
    const r = round(['8', '6', '8', 'T', '3', 'T', 'K'], ['split', 'stand', 'stand']);
    expect(r.menus[0]).toEqual(['hit', 'stand', 'double', 'split']);
    expect(r.net).toBe(20);
    expect(ranksOf(piles(r).hand1)).toEqual(['8', '3']);
    expect(ranksOf(piles(r).hand2)).toEqual(['8', 'T']);
  });

  it('ten-valued cards of different ranks are a pair (K and Q split)', () => {
    const r = round(['K', '5', 'Q', 'T', 'T', 'T', 'T'], ['split', 'stand', 'stand']);
    expect(r.menus[0]).toContain('split');
    expect(r.net).toBe(20);
  });

  it('splits up to four hands and no fifth: the fourth pair is offered no split', () => {
    // 8,8 against 6 (hole T). Hand 1 draws 8 (split again: 3 hands), 8 (split again: 4 hands), 8 (no split now), stands;
    // hands 2, 3, 4 draw 2, 3, 4 and stand; the dealer's 16 draws a T and busts: four hands of 10 win.
    const r = round(['8', '6', '8', 'T', '8', '8', '8', '2', '3', '4', 'T'], ['split', 'split', 'split', 'stand', 'stand', 'stand', 'stand']);
    expect(r.menus.slice(0, 4)).toEqual([
      ['hit', 'stand', 'double', 'split'],
      ['hit', 'stand', 'double', 'split'],
      ['hit', 'stand', 'double', 'split'],
      ['hit', 'stand', 'double'],
    ]);
    expect(r.net).toBe(40);
    const p = piles(r);
    expect([p.hand1, p.hand2, p.hand3, p.hand4].map(ranksOf)).toEqual([
      ['8', '8'],
      ['8', '2'],
      ['8', '3'],
      ['8', '4'],
    ]);
  });

  it('split aces get one card each and are not split again; 21 on a split ace pays 1 to 1, not 3 to 2', () => {
    // A,A against 6 (hole T): split; hand 1 gets an A (no resplit, no decision), hand 2 a K (21); the dealer draws 5: 21.
    const r = round(['A', '6', 'A', 'T', 'A', 'K', '5'], ['split']);
    expect(r.menus).toEqual([['hit', 'stand', 'double', 'split']]);
    expect(ranksOf(piles(r).hand1)).toEqual(['A', 'A']);
    expect(ranksOf(piles(r).hand2)).toEqual(['A', 'K']);
    // Hand 1 (soft 12) loses 10 to 21; hand 2's 21 pushes against the dealer's 21.
    expect(r.net).toBe(-10);
    const win = round(['A', '6', 'A', 'T', '9', 'K', 'T'], ['split']);
    // Dealer busts with 26: hand 1 (20) and hand 2 (21, not a blackjack) win 10 each.
    expect(win.net).toBe(20);
  });

  it('doubles after a split (DAS): hand 1 doubles on 9,2 and wins 20, hand 2 stands on 19 and wins 10', () => {
    const r = round(['9', '5', '9', 'T', '2', 'T', 'T', 'K'], ['split', 'double', 'stand']);
    expect(r.menus).toEqual([
      ['hit', 'stand', 'double', 'split'],
      ['hit', 'stand', 'double'],
      ['hit', 'stand', 'double'],
    ]);
    expect(r.net).toBe(30);
  });
});

/** An agent that plays `label` when offered, else the first legal action (a fixed, deterministic player). */
function fixedAgent(label: string): Agent {
  const pickIn = (labels: readonly string[]): number => Math.max(0, labels.indexOf(label));
  return {
    name: `always-${label}`,
    act: (view) => view.legal[pickIn(view.labels)],
    actFast: (state, seat) => {
      const legal = state.legalActions();
      return legal[pickIn(legal.map((a) => state.actionToString(seat, a)))];
    },
  };
}

/** Play `state` to its end: chance from `chance`, every decision `stand`. @returns the deck cards drawn, in order */
function playHand(state: GameState, chance: ChanceSource): number[] {
  const drawn: number[] = [];
  while (!state.isTerminal()) {
    if (state.currentPlayer() === CHANCE) {
      const a = chance.sample(state);
      drawn.push(a);
      state.applyAction(a);
    } else {
      const stand = state.legalActions().find((a) => state.actionToString(0, a) === 'stand')!;
      state.applyAction(stand);
    }
  }
  return drawn;
}

describe('the shoe (shoe cut 78) is carried from hand to hand and renewed at the cut card', () => {
  const shoeGame = game as CompiledGame;

  it('declares the cut in the IR and the rulebook', () => {
    expect(compiled.ir!.shoe).toEqual({ cut: 78 });
    const book = renderRulebook(compiled.ir!);
    expect(book).toContain('the deck is a shoe, shuffled when it is new, and it is not renewed between the hands of a match');
    expect(book).toContain('when fewer than 78 cards remain (the cut card), a new shoe of all 312 cards is shuffled');
  });

  it('a hand started from a carried shoe draws its cards in order, top first, and leaves the rest in order', () => {
    const first = game.newInitialState() as InterpreterState;
    expect(first.shoe()).toHaveLength(312);
    const drawn0 = playHand(first, shoeGame.duplicateChance([7]));
    const left = first.shoe();
    expect(left).toHaveLength(312 - drawn0.length);
    const next = game.newInitialState({ shoe: left }) as InterpreterState;
    expect(next.shoe()).toEqual(left);
    const drawn1 = playHand(next, shoeGame.duplicateChance([7, 1]));
    expect(drawn1).toEqual(left.slice(0, drawn1.length));
    expect(next.shoe()).toEqual(left.slice(drawn1.length));
  });

  it('a new shoe is a Fisher–Yates order of the play seed: the same seed deals the same cards, another seed others', () => {
    const deal = (keys: number[]): number[] => playHand(game.newInitialState(), shoeGame.duplicateChance(keys)).slice(0, 4);
    expect(deal([11])).toEqual(deal([11]));
    expect(deal([11])).not.toEqual(deal([12]));
  });

  it('at the cut card: 77 cards left start a new shoe of 312; 78 are carried', () => {
    const s = game.newInitialState() as InterpreterState;
    playHand(s, shoeGame.duplicateChance([3]));
    const left = s.shoe();
    expect((game.newInitialState({ shoe: left.slice(0, 77) }) as InterpreterState).shoe()).toHaveLength(312);
    expect((game.newInitialState({ shoe: left.slice(0, 78) }) as InterpreterState).shoe()).toEqual(left.slice(0, 78));
  });

  it('refuses a shoe with cards the deck does not hold, and a shoe given to a game without one', () => {
    expect(() => game.newInitialState({ shoe: [0, 999] })).toThrow(/card ids 0\.\.51, got 999/);
    expect(() => game.newInitialState({ shoe: Array.from({ length: 7 }, () => 0) })).toThrow(/more cards 'A of clubs' than the deck \(6\)/);
    const roulette = compileGame(compileSource(readFileSync('examples/roulette.gbg', 'utf8')).ir!);
    expect(() => roulette.newInitialState({ shoe: [] })).toThrow(/declares no shoe/);
  });

  it('a match carries the shoe: two participants under one play seed draw from the same shoe, each the cards its choices leave', () => {
    const session = (agent: Agent): SlotOutcome =>
      playSlotNow(game, [agent, randomAgent], 2026, 0, { format: { hands: 100, stacks: 'carry' }, recordChance: true }) as SlotOutcome;
    const a = session(fixedAgent('stand'));
    const b = session(fixedAgent('hit'));
    expect(a.hands).toHaveLength(100);
    /** The deck cards drawn hand after hand up to the first new shoe (while 78 or more are left). */
    const firstShoe = (o: SlotOutcome): number[] => {
      const out: number[] = [];
      for (const h of o.hands!) {
        if (312 - out.length < 78) break;
        out.push(...h.chance!.filter((c) => c.stream === 'deck').map((c) => c.outcome));
      }
      return out;
    };
    const sa = firstShoe(a);
    const sb = firstShoe(b);
    const n = Math.min(sa.length, sb.length);
    expect(n).toBeGreaterThan(234);
    expect(sa.slice(0, n)).toEqual(sb.slice(0, n));
    // The hitter takes more cards, so the two tables deal the same cards to different hands.
    const perHand = (o: SlotOutcome): number[] => o.hands!.slice(0, 10).map((h) => h.chance!.length);
    expect(perHand(a)).not.toEqual(perHand(b));
    // After the cut card each match starts a new shoe: its first cards are not the old shoe's next ones.
    let drawn = 0;
    let h = 0;
    for (; drawn <= 312 - 78; h++) drawn += a.hands![h].chance!.filter((c) => c.stream === 'deck').length;
    const next = a.hands![h].chance!.filter((c) => c.stream === 'deck').map((c) => c.outcome);
    expect(next.length).toBeGreaterThan(3);
    expect(next.slice(0, 4)).not.toEqual(sa.slice(drawn, drawn + 4));
  });
});

describe('E0256: the shoe declaration', () => {
  const withShoe = (decl: string, steps = 'deal 1 to each face down'): string[] =>
    compileSource(
      `game "G" {\n players A, B\n stack 10 each\n deck { ranks J = 11, Q = 12, K = 13; suits s }\n ${decl}\n phase P { ${steps} }\n showdown high-card\n}`,
    ).diagnostics.map((d) => `${d.code} ${d.message}`);

  it('accepts a cut below the deck, and refuses a cut of the whole deck or more, or of 0', () => {
    expect(withShoe('shoe cut 2')).toEqual([]);
    expect(withShoe('shoe cut 3')).toEqual(['E0256 the cut must be from 1 to 2 cards (the deck has 3), got 3']);
    expect(withShoe('shoe cut 0')).toEqual(['E0256 the cut must be from 1 to 2 cards (the deck has 3), got 0']);
  });

  it('refuses `shuffle deck` in a game with a shoe', () => {
    expect(withShoe('shoe cut 1', 'shuffle deck; deal 1 to each face down')).toEqual([
      'E0256 the deck is a shoe (`shoe cut 1`): it is shuffled only when a new shoe starts, and a hand draws the cards the last one left in their order',
    ]);
  });

  it('refuses a shoe at a table of three seats', () => {
    const d = compileSource(
      `game "G" {\n players A, B, C\n stack 10 each\n deck { ranks J = 11, Q = 12, K = 13; suits s }\n shoe cut 1\n phase P { deal 1 to each face down }\n showdown high-card\n}`,
    ).diagnostics;
    expect(d.map((x) => `${x.code} ${x.message}`)).toEqual(['E0256 a shoe is carried by the two-seat engine: this game has 3 seats']);
  });

  it('formats and decompiles to the same ruleset', async () => {
    const src = readFileSync('examples/blackjack.gbg', 'utf8');
    expect(await formatSource(src)).toBe(src);
    expect(compileSource(decompile(compiled.ir!)).rulesetHash).toBe(compiled.rulesetHash);
  });
});

describe('the basic-strategy agent', () => {
  // The infinite-deck chart (computed in a tenth of a second); the six-deck chart differs from it in
  // two cells (soft 13 against 5 and soft 15 against 4: double in six decks), and the bench plays that one.
  const table = basicStrategyTable('infinite');
  const ALL = ['hit', 'stand', 'double', 'split'];
  const TWO = ['hit', 'stand', 'double'];
  const MANY = ['hit', 'stand'];

  it('plays the chart: hard, soft and pair rows, double only where offered, split only where offered', () => {
    const cases: [number[], number, string[], string][] = [
      [[10, 6], 10, TWO, 'hit'],
      [[10, 2], 4, TWO, 'stand'],
      [[6, 5], 6, TWO, 'double'],
      [[2, 3, 6], 6, MANY, 'hit'], // 11 in three cards: no double, so hit
      [[1, 7], 3, TWO, 'double'],
      [[1, 5, 2], 3, MANY, 'stand'], // soft 18 in three cards: no double, so stand
      [[1, 6], 9, TWO, 'hit'],
      [[8, 8], 10, ALL, 'split'],
      [[8, 8], 10, TWO, 'hit'], // four hands already: no split offered
      [[1, 1], 10, ALL, 'split'],
      [[5, 5], 9, ALL, 'double'],
      [[9, 9], 7, ALL, 'stand'],
      [[10, 10], 6, ALL, 'stand'],
      [[10, 3, 4], 2, MANY, 'stand'],
      [[10, 5, 5], 10, MANY, 'stand'], // hard 20
    ];
    for (const [hand, up, legal, want] of cases) expect(basicStrategyAction(table, { hand, up }, legal), `${hand.join(',')} against ${up}`).toBe(want);
  });

  it('reads the hand being played and the up card from the observation, and plays rigged rounds through the engine', () => {
    const agent = new BasicStrategyAgent(game, table);
    /** A rigged round whose decisions the agent takes. */
    const byAgent = (cards: string[]): Round => {
      const moves: string[] = [];
      const state = game.newInitialState();
      let c = 0;
      while (!state.isTerminal()) {
        if (state.currentPlayer() === CHANCE) {
          state.applyAction(state.chanceOutcomes().find(([a]) => state.actionToString(CHANCE, a).startsWith(`${cards[c]} of `))![0]);
          c++;
        } else {
          const a = agent.actFast(state, 0);
          moves.push(state.actionToString(0, a));
          state.applyAction(a);
        }
      }
      return { state, menus: [moves], net: state.returns()[0] };
    };
    // 11 against a 6 (hole 8): double, draw a T: 21 against 14 + 4 = 18, wins 20.
    expect(byAgent(['6', '6', '5', '8', 'T', '4'])).toMatchObject({ menus: [['double']], net: 20 });
    // 8,8 against a T (hole 7): split; hand 1 gets a 3 (11 against a T: double, a 9: 20), hand 2 a K (18: stand); the dealer has 17.
    expect(byAgent(['8', 'T', '8', '7', '3', '9', 'K'])).toMatchObject({ menus: [['split', 'double', 'stand']], net: 20 + 10 });
  });

  it('is registered, and refuses a game that is not blackjack', async () => {
    expect(await AGENTS['basic-strategy']!.create(game, { deck: 'infinite' })).toBeInstanceOf(BasicStrategyAgent);
    const roulette = compileGame(compileSource(readFileSync('examples/roulette.gbg', 'utf8')).ir!);
    expect(() => basicStrategyAgentForGame(roulette)).toThrow(/laid out as examples\/blackjack.gbg/);
  });
});

describe('the rulebook states each rule', () => {
  const book = renderRulebook(compiled.ir!);
  it.each([
    ['the house', 'Dealer is the house: it makes no decisions'],
    ['the shoe and its cut card', 'when fewer than 78 cards remain (the cut card), a new shoe of all 312 cards is shuffled'],
    ['the base bet', 'Player pays 10 chips into the pot'],
    ['the peek under an ace or a ten', 'if the dealer contains at least one card of rank A, T, J, Q or K (public check)'],
    ['blackjack against blackjack', '"Both have blackjack: a push"'],
    ['a dealer blackjack', '"The dealer has blackjack"'],
    ['blackjack pays 3 to 2', 'Dealer pays 15 chips to Player'],
    [
      'the dealer stands on soft 17',
      'is at least 17, or (the dealer contains at least one card of rank A and the sum of the rank values of the cards in the dealer (0 while it is empty) is at least 7',
    ],
    ['the hole card turned over', 'Deal 1 card face up from Dealer’s hand to the dealer'],
    ['double for 10 chips', '**double** (costs 10 chips)'],
    ['split for 10 chips', '**split** (costs 10 chips)'],
    ['a split to the fourth hand', 'Deal 1 card face up from the hand3 to the hand4'],
    ['one card to split aces', '«aces split» is set to** 1'],
  ])('%s', (_rule, sentence) => expect(book.replace(/'/g, '’')).toContain(sentence.replace(/'/g, '’')));
});
