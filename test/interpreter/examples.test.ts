/**
 * The examples (`examples/*.gbg`) through the interpreter: Duel Kuhn's tree and exact value
 * derived by hand, the seed game's rules at work, and for every example a simulation whose mean
 * agrees with the exact tree walk (when the tree is small enough to walk).
 */
import { describe, expect, it } from 'vitest';
import { CHANCE, compileGame } from '../../src/interpreter/index.js';
import { TreeTooLargeError, expectedReturns, simulate, treeStats, uniformPolicy } from '../../src/algorithms/index.js';
import { l0Player as randomAgent } from '../../src/algorithms/l0.js';
import { applyAll, example, exampleIRs, menu, texts } from './helpers.js';

describe('Duel Kuhn (examples/duel.gbg)', () => {
  const duel = example('duel.gbg');

  it('has the tree derived by hand: 6 deals × (1 + 2 picks + a Strike/Strike end + 3 × a 9-node Kuhn betting tree) + 4 chance nodes', () => {
    // Per deal: Alice's pick, Bob's 2 picks, 4 pairs: Strike/Strike ends (1 terminal), the other 3 lead
    // to Kuhn betting (4 decisions, 5 terminals). Alice's information states: 3 picks, and per
    // first/second betting decision 11 (Guard/Guard: 3 cards; Strike/Guard and Guard/Strike: 4 each,
    // because the private check's payment tells the Q which card the opponent holds). Bob: the same.
    expect(treeStats(duel)).toEqual({ histories: 190, terminalHistories: 96, chanceNodes: 4, decisionNodes: 90, infoStates: [25, 25], maxDepth: 7 });
  });

  it('is worth 3/32 chip to Alice under uniform play: 3/4 of Kuhn’s 1/8 (Strike/Strike is a draw; the duel payments cancel by symmetry)', () => {
    const [a, b] = expectedReturns(duel, uniformPolicy);
    expect(a).toBeCloseTo(3 / 32, 12);
    expect(b).toBeCloseTo(-3 / 32, 12);
  });

  it('a Strike against a Guard costs the striker a chip only when its card is lower, checked in private', () => {
    const s = applyAll(duel.newInitialState(), ['J of hearts', 'K of hearts', 0, 1]);
    expect(s.chips().stacks).toEqual([4, 6]);
    expect(texts(s, 1).slice(-4, -1)).toEqual(['Bob picks Guard in secret.', 'The picks are revealed: Alice Strike, Bob Guard.', 'Alice pays 1 chip to Bob.']);
    expect(texts(s, 0).join('\n')).not.toContain('Check');
    const draw = applyAll(duel.newInitialState(), ['J of hearts', 'K of hearts', 0, 0]);
    expect(draw.returns()).toEqual([0, 0]);
    expect(texts(draw, 0).at(-1)).toBe('The game ends: both struck: a draw.');
  });
});

describe('GENSTRAT seed 4643 (examples/genstrat-4643.gbg)', () => {
  const game = example('genstrat-4643.gbg');

  it('round 1 is variable betting: a wager of any amount up to the stack, matched all-in', () => {
    const s = applyAll(game.newInitialState(), ['K of hearts', 'J of hearts']);
    expect(menu(s)).toEqual(['bet', 'check']);
    s.applyAction(0);
    expect(menu(s)).toEqual(['bet 1', 'bet 2', 'bet 3', 'bet 4', 'bet 5', 'bet 6', 'bet 7', 'bet 8']);
    s.applyAction(8);
    expect(menu(s)).toEqual(['fold', 'call']);
    s.applyAction(1);
    // Both stacks are 0 ≤ 2: the loop stops before round 2; the pot is 20 > 2, so the post-betting
    // simultaneous round comes next.
    expect(s.variable('betRound')).toBe(1);
    expect(s.chips()).toEqual({ stacks: [0, 0], pot: 20 });
    expect(texts(s, 1)).toContain('The rounds stop after 1 («bet round» = 1).');
    expect(texts(s, 1)).toContain('Check: the pot is more than 2 — yes.');
    expect(menu(s)).toEqual(['Press', 'Retreat']);
  });

  it('the sealed-bid auction for a card fires when Alice holds the King', () => {
    // Alice K, Bob J; both check round 1; round 2: draw (deck has 1 card < 2: skipped), the
    // inter-round simultaneous round Parry/Parry, both check; pot 4 > 2 fires the post-betting
    // round (Retreat/Retreat: Bob draws the Q), then the auction.
    const s = applyAll(game.newInitialState(), ['K of hearts', 'J of hearts', 1, 1, 1, 1, 1, 1, 1, 1, 'Q of hearts']);
    expect(s.currentPlayer()).toBe(0);
    expect(menu(s)).toEqual(['bid 0', 'bid 1', 'bid 2', 'bid 3']);
    applyAll(s, [2, 1]);
    // Alice wins at 2, but the deck is empty: the auction is cancelled; K beats J Q at the showdown.
    expect(texts(s, 0)).toContain('Alice wins the auction, but its prize cannot be given: the auction is cancelled and nothing is paid.');
    expect(s.returns()).toEqual([2, -2]);
  });
});

/** Exact value when the tree has at most this many histories. */
const EXACT_BUDGET = 100_000;

describe.each(exampleIRs().map((e) => [e.file, e.ir] as const))('%s', (_file, ir) => {
  const game = compileGame(ir);

  it('simulates uniform play: zero-sum means that agree with the exact value when the tree is small', async () => {
    const r = await simulate(game, { episodes: 2000, seed: 3, agents: [randomAgent, randomAgent] });
    expect(r.meanReturns[0] + r.meanReturns[1]).toBeCloseTo(0, 10);
    expect(r.phaseFireRates[ir.phases[0].name]).toBe(1);
    let exact: number[] | null = null;
    try {
      treeStats(game, EXACT_BUDGET);
      exact = expectedReturns(game, uniformPolicy);
    } catch (e) {
      if (!(e instanceof TreeTooLargeError)) throw e;
    }
    if (exact) for (const s of [0, 1]) expect(Math.abs(r.meanReturns[s] - exact[s])).toBeLessThan(4 * r.stdErrors[s] + 1e-12);
  });

  it('every chance node lists outcomes whose probabilities sum to 1', () => {
    const s = game.newInitialState();
    for (let guard = 0; guard < 1000 && !s.isTerminal(); guard++) {
      if (s.currentPlayer() === CHANCE) {
        const outcomes = s.chanceOutcomes();
        expect(outcomes.reduce((a, [, p]) => a + p, 0)).toBeCloseTo(1, 12);
        expect(outcomes.map(([a]) => a)).toEqual(s.legalActions());
        s.applyAction(outcomes[outcomes.length - 1][0]);
      } else s.applyAction(s.legalActions()[0]);
    }
    expect(s.isTerminal()).toBe(true);
  });
});
