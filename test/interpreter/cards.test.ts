/**
 * Card effects on a four-card game (2, 3, 4, 5 of clubs; unshuffled, so Alice holds the 2 and
 * the 4, Bob the 3 and the 5): peeks (random or chosen, private or occurrence-public, at an
 * empty hand), reveals, swaps, steals, discards (chosen or random, face up or down) — their
 * chance nodes with exact probabilities and who sees what.
 */
import { describe, expect, it } from 'vitest';
import type { GameIR, Step } from '../../src/ir/schema.js';
import { CHANCE } from '../../src/interpreter/index.js';
import { applyAll, menu, texts, tinyGame } from './helpers.js';

const FOUR: Partial<GameIR> = {
  deck: { ranks: [2, 3, 4, 5].map((v) => ({ name: String(v), value: v })), suits: ['clubs'], copies: 1 },
  piles: [{ name: 'discards', visibility: 'public' }],
};
/** Card types: the 2, 3, 4, 5 of clubs are 0, 1, 2, 3. */
const [C2, C3, C4, C5] = [0, 1, 2, 3];
const deal2: Step = { kind: 'deal', count: 2, from: { kind: 'deck' }, to: { kind: 'each' }, faceUp: false };
/** A public choice of Bob's with one option: stops play so the state can be inspected. */
const pause: Step = { kind: 'choice', seat: 1, announce: 'public', options: [{ name: 'go', cost: 0, costChance: 1, steps: [] }] };
const game = (...steps: Step[]) => tinyGame([deal2, ...steps, pause], FOUR);
const seat = (s: 0 | 1) => ({ kind: 'seat' as const, seat: s });

describe('peek', () => {
  it('random and private: a chance node over the target hand; only the peeker learns of it', () => {
    const s = game({ kind: 'peek', seat: seat(1), target: 0, pick: 'random', visibility: 'private' }).newInitialState();
    expect(s.currentPlayer()).toBe(CHANCE);
    expect(s.chanceOutcomes()).toEqual([
      [C2, 0.5],
      [C4, 0.5],
    ]);
    const before = s.informationStateKey(0);
    const other = s.clone();
    s.applyAction(C4);
    other.applyAction(C2);
    expect(texts(s, 1)).toContain("Bob peeks at a random card in Alice's hand: 4 of clubs.");
    expect(s.observation(0)).toEqual(other.observation(0));
    expect(s.informationStateKey(0)).toBe(before);
    expect(s.informationStateKey(1)).not.toBe(other.informationStateKey(1));
    expect(s.pileCards(1)).toEqual([C2, C4]);
  });

  it('chosen, occurrence public: the peeker picks a position (arrival order); the target learns only that a peek happened', () => {
    const g = game({ kind: 'peek', seat: seat(1), target: 0, pick: 'chosen', visibility: 'occurrence' });
    const s = g.newInitialState();
    expect(s.currentPlayer()).toBe(1);
    expect(menu(s)).toEqual(['card 1', 'card 2']);
    const second = applyAll(g.newInitialState(), [1]);
    const first = applyAll(g.newInitialState(), [0]);
    expect(texts(second, 1)).toContain("Bob peeks at card 2 of Alice's hand: 4 of clubs.");
    expect(texts(second, 0)).toContain("Bob peeks at a card in Alice's hand.");
    expect(second.informationStateKey(0)).toBe(first.informationStateKey(0));
    expect(JSON.stringify(second.observation(0))).not.toMatch(/3 of clubs|5 of clubs/);
  });

  it('an empty hand is reported to the peeker', () => {
    const s = tinyGame([{ kind: 'peek', seat: seat(0), target: 1, pick: 'random', visibility: 'private' }, pause], FOUR).newInitialState();
    expect(s.currentPlayer()).toBe(1);
    expect(texts(s, 0)).toContain("Alice looks into Bob's hand: it is empty.");
    expect(texts(s, 1)).toEqual(['Phase Main begins.']);
  });
});

describe('reveal', () => {
  it('a whole hand is shown to both seats', () => {
    const s = game({ kind: 'reveal', seat: 1, what: 'hand' }).newInitialState();
    expect(texts(s, 0).slice(-2)).toEqual(['Bob reveals 3 of clubs.', 'Bob reveals 5 of clubs.']);
  });

  it('a random card is drawn by a chance node and shown to both', () => {
    const s = game({ kind: 'reveal', seat: 1, what: 'random' }).newInitialState();
    expect(s.chanceOutcomes()).toEqual([
      [C3, 0.5],
      [C5, 0.5],
    ]);
    s.applyAction(C5);
    expect(s.observation(0).log.at(-1)).toEqual({ kind: 'show', seat: 1, cards: ['5 of clubs'], text: 'Bob reveals 5 of clubs.' });
  });
});

describe('swap', () => {
  it('exchanges a random card of each hand (two chance nodes); each seat sees what it gave and got', () => {
    const s = game({ kind: 'swap', first: 0, second: 1, visibility: 'public' }).newInitialState();
    expect(s.chanceOutcomes()).toEqual([
      [C2, 0.5],
      [C4, 0.5],
    ]);
    s.applyAction(C4);
    expect(s.chanceOutcomes()).toEqual([
      [C3, 0.5],
      [C5, 0.5],
    ]);
    s.applyAction(C3);
    expect(s.observation(0).hand).toEqual(['2 of clubs', '3 of clubs']);
    expect(s.observation(1).hand).toEqual(['5 of clubs', '4 of clubs']);
    for (const seatNo of [0, 1]) expect(texts(s, seatNo).slice(-2)).toEqual(['Swap: Alice gives 4 of clubs to Bob.', 'Swap: Bob gives 3 of clubs to Alice.']);
    expect(s.observation(0).handSizes).toEqual([2, 2]);
  });

  it('is skipped when a hand is empty', () => {
    const s = tinyGame(
      [
        { kind: 'deal', count: 1, from: { kind: 'deck' }, to: { kind: 'hand', seat: 0 }, faceUp: false },
        { kind: 'swap', first: 0, second: 1, visibility: 'private' },
        pause,
      ],
      FOUR,
    ).newInitialState();
    expect(s.currentPlayer()).toBe(1);
    expect(texts(s, 1)).toContain('A hand is empty: no swap.');
  });
});

describe('steal', () => {
  it('moves a random card of the victim to the thief; the victim is told which card it lost', () => {
    const s = game({ kind: 'steal', seat: seat(1), from: 0, visibility: 'private' }).newInitialState();
    expect(s.chanceOutcomes()).toEqual([
      [C2, 0.5],
      [C4, 0.5],
    ]);
    s.applyAction(C2);
    expect(s.observation(0).hand).toEqual(['4 of clubs']);
    expect(s.observation(1).hand).toEqual(['3 of clubs', '5 of clubs', '2 of clubs']);
    expect(texts(s, 0).at(-1)).toBe('Bob steals 2 of clubs from Alice.');
    expect(s.observation(0).handSizes).toEqual([1, 3]);
  });

  it('is skipped on an empty hand', () => {
    const s = tinyGame([{ kind: 'steal', seat: seat(0), from: 1, visibility: 'public' }, pause], FOUR).newInitialState();
    expect(texts(s, 1)).toContain('Nothing to steal: no card moves.');
  });
});

describe('discard', () => {
  it('chosen, face up, to a public pile: the seat picks a card type; both see it', () => {
    const s = game({ kind: 'discard', seat: 0, count: 1, pick: 'chosen', to: { kind: 'pile', name: 'discards' }, faceUp: true }).newInitialState();
    expect(s.currentPlayer()).toBe(0);
    expect(s.legalActions()).toEqual([C2, C4]);
    expect(menu(s)).toEqual(['2 of clubs', '4 of clubs']);
    s.applyAction(C4);
    expect(texts(s, 1).at(-1)).toBe('Alice discards 4 of clubs to the discards.');
    expect(s.observation(1).publicPiles).toEqual({ discards: ['4 of clubs'] });
    expect(s.observation(0).hand).toEqual(['2 of clubs']);
  });

  it('random, face down, out of the game: chance nodes over the hand; a short hand discards what it has', () => {
    const s = game({ kind: 'discard', seat: 1, count: 3, pick: 'random', to: null, faceUp: false }).newInitialState();
    expect(s.chanceOutcomes()).toEqual([
      [C3, 0.5],
      [C5, 0.5],
    ]);
    s.applyAction(C5);
    expect(s.chanceOutcomes()).toEqual([[C3, 1]]);
    s.applyAction(C3);
    expect(s.currentPlayer()).toBe(1);
    expect(texts(s, 0).slice(-2)).toEqual(['Bob discards a card face down out of the game.', 'Bob discards a card face down out of the game.']);
    expect(texts(s, 1).slice(-2)).toEqual(['Bob discards 5 of clubs out of the game.', 'Bob discards 3 of clubs out of the game.']);
    expect(s.observation(0).handSizes).toEqual([2, 0]);
    expect(s.observation(0).log.at(-1)?.hiddenCount).toBe(1);
  });
});
