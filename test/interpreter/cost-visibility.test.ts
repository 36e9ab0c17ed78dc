/**
 * What a menu says an action costs (its cost, or its range and what the range depends on) is a
 * function of the acting seat's information state: exchanging two cards the seat cannot see
 * leaves its menu unchanged (when play keeps its shape; see `replayWithCardsSwapped`). Generated
 * games assign positions by the highest or lowest card and test them later (`holds`), which once
 * let a cost probe read the other seat's card through the position.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compileSource } from '../../src/compiler/index.js';
import { CHANCE, compileGame, type CompiledGame } from '../../src/interpreter/index.js';
import { sampleIR } from '../../src/sampler/index.js';
import { rngFromKeys } from '../../src/util/rng.js';
import { replayWithCardsSwapped, unseenCards, type Move } from './helpers.js';

/** A fixture game of `test/fixtures/games/`, its source passed through `edit`, compiled. */
function fixture(name: string, edit = (source: string) => source): CompiledGame {
  return compileGame(compileSource(edit(readFileSync(new URL(`../fixtures/games/${name}`, import.meta.url), 'utf8'))).ir!);
}

/** The first decision of `game` after dealing Alice then Bob the named cards (every other chance node takes its first outcome). */
function dealt(game: CompiledGame, alice: string, bob: string) {
  const names = game.newInitialState().program.cardNames;
  const s = game.newInitialState();
  const wanted = [names.indexOf(alice), names.indexOf(bob)];
  while (s.currentPlayer() === CHANCE) {
    const outcomes = s.chanceOutcomes().map(([a]) => a);
    s.applyAction(s.actionsAreCards() && outcomes.includes(wanted[0]!) ? wanted.shift()! : outcomes[0]!);
  }
  return s;
}

describe('menu costs reveal nothing the seat cannot see', () => {
  it('sampleIR(6, 0.3) of the coherent builder: Alice (J) facing a raise; her call cost is the same whether Bob holds Q or 10', () => {
    const game = compileGame(sampleIR(6, 0.3, { builder: 'coherent' }));
    const s = game.newInitialState();
    const history: Move[] = [];
    for (const a of [2, 3, 2]) {
      history.push({ action: a, card: s.actionsAreCards() });
      s.applyAction(a);
    }
    expect(s.currentPlayer()).toBe(0);
    expect(s.observation(0).hand).toEqual(['J of suns']);
    const names = s.program.cardNames;
    const [q, ten] = [names.indexOf('Q of suns'), names.indexOf('10 of suns')];
    const other = replayWithCardsSwapped(game, s, history, q, ten);
    expect(other).not.toBeNull();
    const menu = s.observation(0).decision!.menu;
    // Before the fix: "costs you 2 chips" against Q, "costs you 1 chip" against 10.
    expect(other!.observation(0).decision!.menu).toEqual(menu);
    expect(menu.find((m) => m.label === 'call')).toMatchObject({ costDependsOn: ['opponent-cards'] });
  });

  it('a hidden position Alice does not hold: whether Bob holds it (a tie leaves it to nobody) is not in her menu', () => {
    const game = fixture('hidden-holder.gbg');
    const tie = dealt(game, 'Q of hearts', 'Q of spades'); // nobody holds Sharp
    const bobHolds = dealt(game, 'Q of hearts', 'K of hearts');
    expect(tie.positionHolder('Sharp')).toBe(-1);
    expect(bobHolds.positionHolder('Sharp')).toBe(1);
    expect(tie.informationStateKey(0)).toBe(bobHolds.informationStateKey(0));
    // Before the fix: go "costs no chips" against the tie and "costs you 2 chips" against the king.
    expect(bobHolds.observation(0).decision!.menu).toEqual(tie.observation(0).decision!.menu);
    // Holding it herself, she knows Bob does not: go is free.
    const aliceHolds = dealt(game, 'K of hearts', 'Q of hearts');
    expect(aliceHolds.observation(0).decision!.menu.find((m) => m.label === 'go')).toMatchObject({ cost: 0 });
  });

  it("a draw from the deck: Alice's menu on J is the same whether Bob holds Q (the deck K, A) or A (the deck Q, K)", () => {
    // Drawing pays Bob the board card's value (J 1, Q 2, K 3, A 4). The probe once drew only the
    // deck's cards: "between 3 and 4 chips" against Q, "between 2 and 3" against A, though Alice
    // cannot tell the two apart. The draw may bring any card she cannot see: Q, K or A.
    const game = fixture('unseen-draw.gbg');
    const names = game.newInitialState().program.cardNames;
    const queen = dealt(game, 'J of hearts', 'Q of hearts');
    expect(queen.pileCards(0).map((t) => names[t])).toEqual(['K of hearts', 'A of hearts']);
    // Bob's Q and the deck's A exchanged: Bob holds A, the deck Q and K.
    const ace = dealt(game, 'J of hearts', 'A of hearts');
    expect(ace.pileCards(0).map((t) => names[t])).toEqual(['Q of hearts', 'K of hearts']);
    expect(ace.informationStateKey(0)).toBe(queen.informationStateKey(0));
    const menu = queen.observation(0).decision!.menu;
    expect(menu).toEqual([
      { action: 0, label: 'draw', costRange: [2, 4], costDependsOn: ['chance'] },
      { action: 1, label: 'stay', cost: 0 },
    ]);
    expect(ace.observation(0).decision!.menu).toEqual(menu);
    expect(dealt(game, 'J of hearts', 'K of hearts').observation(0).decision!.menu).toEqual(menu);
    // Dealt face up, Bob's card is not where a draw comes from: against his A, the draw brings Q or K.
    const open = dealt(
      fixture('unseen-draw.gbg', (source) => source.replace('deal 1 to each face down', 'deal 1 to each face up')),
      'J of hearts',
      'A of hearts',
    );
    expect(open.observation(0).decision!.menu.find((m) => m.label === 'draw')).toEqual({
      action: 0,
      label: 'draw',
      costRange: [2, 3],
      costDependsOn: ['chance'],
    });
  });

  it("blackjack: the player's menu on 2♠ 3♣ against the dealer's A♣ is the same whether the hole card is 2♥ or 6♣", () => {
    // Standing turns the hole card up and the dealer draws to 17 reading it: the probe once followed
    // the real hole card, completing the search under a 6 (stand costs 0) and running out of budget
    // under a 2 (a range "depending on how play goes on").
    const ir = compileSource(readFileSync(new URL('../../examples/blackjack.gbg', import.meta.url), 'utf8')).ir!;
    const game = compileGame(ir);
    const names = game.newInitialState().program.cardNames;
    const card = (name: string) => names.indexOf(name);
    /** The first decision after dealing 2♠, A♣ (up), 3♣ and the given hole card. */
    const dealt = (hole: string) => {
      const s = game.newInitialState();
      const history: Move[] = [];
      for (const a of [card('2 of spades'), card('A of clubs'), card('3 of clubs'), card(hole)]) {
        history.push({ action: a, card: true });
        s.applyAction(a);
      }
      expect(s.currentPlayer()).toBe(0);
      return { s, history };
    };
    const { s: low, history } = dealt('2 of hearts');
    const six = replayWithCardsSwapped(game, low, history, card('2 of hearts'), card('6 of clubs'));
    expect(six).not.toBeNull();
    expect(dealt('6 of clubs').s.informationStateKey(0)).toBe(low.informationStateKey(0));
    const menu = low.observation(0).decision!.menu;
    expect(six!.observation(0).decision!.menu).toEqual(menu);
    expect(dealt('6 of clubs').s.observation(0).decision!.menu).toEqual(menu);
    // Hitting moves no chips before the next decision; standing turns up the hole card, which the
    // dealer's draws read, so its cost is the widest chips allow: at most the player's 990 behind,
    // at best the pot (10) and the bank's 10^9.
    expect(menu.find((m) => m.label === 'hit')).toMatchObject({ cost: 0 });
    expect(menu.find((m) => m.label === 'stand')).toMatchObject({ costRange: [-1_000_000_010, 990], costDependsOn: ['opponent-cards'] });
  });

  it('over generated games, swapping two unseen cards changes no menu', () => {
    let compared = 0;
    let withPositions = 0;
    for (let seed = 1; seed <= 40; seed++)
      for (const c of [0.3, 0.6, 0.9]) {
        const ir = sampleIR(seed, c);
        const game = compileGame(ir);
        if (ir.positions.length > 0) withPositions++;
        for (let e = 0; e < 3; e++) {
          const rng = rngFromKeys(seed * 10 + e, Math.round(c * 10));
          const s = game.newInitialState();
          const history: Move[] = [];
          while (!s.isTerminal()) {
            const p = s.currentPlayer();
            if (p !== CHANCE) {
              const unseen = unseenCards(s, p);
              if (unseen.length >= 2) {
                const x = unseen[Math.floor(rng() * unseen.length)]!;
                const y = unseen[Math.floor(rng() * unseen.length)]!;
                const other = x === y ? null : replayWithCardsSwapped(game, s, history, x, y);
                if (other) {
                  compared++;
                  expect(other.observation(p).decision!.menu, `sampleIR(${seed}, ${c}), swap ${s.program.cardNames[x]} and ${s.program.cardNames[y]}`).toEqual(
                    s.observation(p).decision!.menu,
                  );
                }
              }
            }
            const options = p === CHANCE ? s.chanceOutcomes().map(([a]) => a) : s.legalActions();
            const a = options[Math.floor(rng() * options.length)]!;
            history.push({ action: a, card: s.actionsAreCards() });
            s.applyAction(a);
          }
        }
      }
    expect(withPositions).toBeGreaterThan(10);
    expect(compared).toBeGreaterThan(500);
  });
});
