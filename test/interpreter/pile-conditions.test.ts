/**
 * Conditions on public piles (`highest(P)`, `lowest(P)`, `P has K`), end to end on
 * `test/fixtures/games/board-conditions.gbg`: the branch taken for chosen boards (exact pots and
 * first actors), the empty-pile value 0, the rulebook's wording, the formatter and the decompiler.
 * The property tests (chips, zero-sum, visibility, termination) run on the same game in
 * `properties.test.ts`.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compileSource } from '../../src/compiler/index.js';
import { decompile } from '../../src/format/decompile.js';
import { formatSource } from '../../src/format/index.js';
import { renderRulebook } from '../../src/render/rulebook.js';
import { compileGame, CHANCE } from '../../src/interpreter/index.js';
import { applyAll, tinyGame } from './helpers.js';

export const BOARD_SOURCE = readFileSync(new URL('../fixtures/games/board-conditions.gbg', import.meta.url), 'utf8');

function compiled() {
  const r = compileSource(BOARD_SOURCE);
  expect(r.diagnostics).toEqual([]);
  return { ir: r.ir!, hash: r.rulesetHash, game: compileGame(r.ir!) };
}

/** The state after the deal of the hands and the board (cards by name), up to the first decision or the end. */
function after(cards: string[]) {
  const { game } = compiled();
  const s = game.newInitialState();
  while (s.currentPlayer() === CHANCE && !s.actionsAreCards()) s.applyAction(s.legalActions()[0]!);
  applyAll(s, cards);
  return s;
}

describe('conditions on public piles', () => {
  it('highest(board) - lowest(board) >= 2 adds an ante; board has K gives Bob the bets of 2', () => {
    const s = after(['J of hearts', 'Q of hearts', 'J of spades', 'K of spades']);
    expect(s.chips().pot).toBe(4);
    expect(s.currentPlayer()).toBe(1);
  });

  it('a board of Q and K: no extra ante (3 - 2 < 2), Bob opens', () => {
    const s = after(['J of hearts', 'J of spades', 'Q of spades', 'K of hearts']);
    expect(s.chips().pot).toBe(2);
    expect(s.currentPlayer()).toBe(1);
  });

  it('a board of J and Q: no K, so the last branch: Alice opens with bets of 1', () => {
    const s = after(['K of hearts', 'K of spades', 'J of spades', 'Q of hearts']);
    expect(s.chips().pot).toBe(2);
    expect(s.currentPlayer()).toBe(0);
  });

  it('highest and lowest of an empty public pile are 0; a rank test on it is false', () => {
    const probe = compileSource(`game "Empty board" {
  players Alice, Bob
  stack 12 each
  deck { ranks J = 1, Q = 2, K = 3; suits hearts, spades }
  pile board public
  phase Setup {
    shuffle deck
    deal 1 to each face down
    if highest(board) == 0 and lowest(board) == 0 and not board has any of J, Q, K public { pay 3 from Alice to pot }
    betting fixed { bet 1; raises at most 1; first Alice }
  }
  showdown high-card
}
`);
    expect(probe.diagnostics).toEqual([]);
    const s = compileGame(probe.ir!).newInitialState();
    while (s.currentPlayer() === CHANCE && !s.actionsAreCards()) s.applyAction(s.legalActions()[0]!);
    applyAll(s, ['J of hearts', 'Q of hearts']);
    expect(s.currentPlayer()).toBe(0);
    expect(s.chips()).toEqual({ stacks: [9, 12], pot: 3 });
  });

  it('counts of cards in piles: size(board) and size(deck) in conditions follow the deals', () => {
    const probe = compileSource(`game "Board count" {
  players Alice, Bob
  stack 12 each
  deck { ranks J = 1, Q = 2, K = 3; suits hearts, spades }
  pile board public
  phase Setup {
    shuffle deck
    deal 1 to each face down
    deal 1 to board face up
    if size(board) == 1 and size(deck) == 3 public { pay 2 from Alice to pot }
    deal 1 to board face up
    if size(board) >= 2 and size(board) + size(deck) == 4 public { pay 3 from Bob to pot }
    if size(board) > 2 public { pay 5 from Bob to pot }
    betting fixed { bet 1; raises at most 1; first Alice }
  }
  showdown high-card
}
`);
    expect(probe.diagnostics).toEqual([]);
    const s = compileGame(probe.ir!).newInitialState();
    while (s.currentPlayer() === CHANCE && !s.actionsAreCards()) s.applyAction(s.legalActions()[0]!);
    applyAll(s, ['J of hearts', 'Q of hearts', 'K of hearts', 'K of spades']);
    expect(s.currentPlayer()).toBe(0);
    expect(s.chips()).toEqual({ stacks: [10, 9], pot: 5 });
  });

  it('the rulebook states each condition', () => {
    const text = renderRulebook(compiled().ir, 'txt');
    expect(text).toContain(
      'the rank value of the highest-ranked card in the board (0 while it is empty) minus the rank value of the lowest-ranked card in the board (0 while it is empty) is at least 2 (public check)',
    );
    expect(text).toContain('the board contains at least one card of rank K (public check)');
    expect(text).toContain('the board contains no card of rank J or Q (public check)');
  });

  it('formatting is a fixed point and keeps the IR; the decompiled source has the same ruleset hash', async () => {
    const { ir, hash } = compiled();
    const out = await formatSource(BOARD_SOURCE);
    expect(await formatSource(out)).toBe(out);
    expect(compileSource(out).ir).toEqual(ir);
    const back = compileSource(decompile(ir));
    expect(back.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(back.rulesetHash).toBe(hash);
  });

  it('the IR kinds evaluate on a hand-built game (pileHighest, pileLowest, pileHas)', () => {
    const game = tinyGame(
      [
        { kind: 'shuffle', pile: { kind: 'deck' } },
        { kind: 'deal', count: 2, from: { kind: 'deck' }, to: { kind: 'pile', name: 'board' }, faceUp: true },
        {
          kind: 'if',
          branches: [
            {
              cond: {
                kind: 'and',
                args: [
                  { kind: 'cmp', op: '==', left: { kind: 'pileHighest', pile: 'board' }, right: { kind: 'int', value: 13 } },
                  { kind: 'cmp', op: '==', left: { kind: 'pileLowest', pile: 'board' }, right: { kind: 'int', value: 11 } },
                  { kind: 'pileHas', pile: 'board', ranks: [2] },
                ],
              },
              check: 'public',
              steps: [{ kind: 'pay', amount: 1, from: { kind: 'seat', seat: 0 }, to: { kind: 'pot' } }],
            },
          ],
          otherwise: [],
        },
        { kind: 'betting', mode: 'fixed', betSize: 1, raiseCap: 1, firstSeat: 0 },
      ],
      { piles: [{ name: 'board', visibility: 'public' }] },
    );
    const names = game.newInitialState().program.cardNames;
    const deal = (a: string, b: string) => {
      const s = game.newInitialState();
      while (s.currentPlayer() === CHANCE && !s.actionsAreCards()) s.applyAction(s.legalActions()[0]!);
      applyAll(s, [a, b]);
      expect(s.currentPlayer()).toBe(0);
      return s.chips().pot;
    };
    const [j, , k] = names;
    expect(deal(k!, j!)).toBe(1);
    expect(deal(names[1]!, k!)).toBe(0);
  });
});
