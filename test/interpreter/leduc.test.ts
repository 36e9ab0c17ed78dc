/**
 * Leduc hold'em through the interpreter: OpenSpiel `leduc_poker`'s tree sizes (936 information
 * states, suits distinguished), bet and raise sizes, the raise cap, the pair-with-board showdown,
 * and the exact value of uniform-random play against an independent enumeration.
 */
import { describe, expect, it } from 'vitest';
import { CHANCE, TERMINAL, compileGame } from '../../src/interpreter/index.js';
import { expectedReturns, treeStats, uniformPolicy } from '../../src/algorithms/index.js';
import { LEDUC_IR } from '../fixtures/ir.js';
import { applyAll } from './helpers.js';

const leduc = compileGame(LEDUC_IR);

/** Outcomes of one uniform-random fixed-limit round (cap 2 bets): probability, folder or -1, chips put in. */
function roundOutcomes(bet: number): { p: number; folder: number; put: [number, number] }[] {
  const out: { p: number; folder: number; put: [number, number] }[] = [];
  const go = (p: number, actor: number, put: [number, number], bets: number, acted: number): void => {
    const need = put[1 - actor] - put[actor];
    const options: string[] = [...(need > 0 ? ['fold'] : []), 'call', ...(bets < 2 ? ['raise'] : [])];
    for (const o of options) {
      const q = p / options.length;
      if (o === 'fold') {
        out.push({ p: q, folder: actor, put });
        continue;
      }
      const next: [number, number] = [...put];
      next[actor] += o === 'call' ? need : need + bet;
      const nowActed = acted | (1 << actor);
      if (o === 'call' && nowActed === 3) out.push({ p: q, folder: -1, put: next });
      else go(q, 1 - actor, next, bets + (o === 'raise' ? 1 : 0), nowActed);
    }
  };
  go(1, 0, [0, 0], 0, 0);
  return out;
}

/** Seat 0's expected chips under uniform-random play, enumerating deals and betting rounds directly. */
function independentLeducValue(): number {
  const first = roundOutcomes(2);
  const second = roundOutcomes(4);
  let total = 0;
  for (let c0 = 0; c0 < 6; c0++)
    for (let c1 = 0; c1 < 6; c1++)
      for (let b = 0; b < 6; b++) {
        if (c0 === c1 || b === c0 || b === c1) continue;
        const w = 1 / 120;
        const [r0, r1, rb] = [c0 >> 1, c1 >> 1, b >> 1];
        const winner = r0 === rb ? 0 : r1 === rb ? 1 : r0 > r1 ? 0 : r1 > r0 ? 1 : -1;
        for (const x of first) {
          const put0 = 1 + x.put[0];
          const put1 = 1 + x.put[1];
          if (x.folder === 0) total += w * x.p * -put0;
          else if (x.folder === 1) total += w * x.p * put1;
          else
            for (const y of second) {
              const p = w * x.p * y.p;
              const q0 = put0 + y.put[0];
              const q1 = put1 + y.put[1];
              if (y.folder === 0) total += p * -q0;
              else if (y.folder === 1) total += p * q1;
              else total += p * (winner === 0 ? q1 : winner === 1 ? -q0 : 0);
            }
        }
      }
  return total;
}

describe("Leduc hold'em", () => {
  it('has the tree of OpenSpiel leduc_poker: 9,457 histories and 936 information states (468 per seat)', () => {
    const stats = treeStats(leduc);
    expect(stats).toEqual({ histories: 9457, terminalHistories: 5520, chanceNodes: 157, decisionNodes: 3780, infoStates: [468, 468], maxDepth: 11 });
    expect(stats.infoStates[0] + stats.infoStates[1]).toBe(936);
  });

  it('bets 2 in the first round and 4 in the second, a raise matching then adding the bet, at most two per round', () => {
    const s = applyAll(leduc.newInitialState(), ['J of hearts', 'K of hearts']);
    expect(s.observation(0).decision?.menu).toEqual([
      { action: 1, label: 'check', cost: 0 },
      { action: 2, label: 'bet', cost: 2 },
    ]);
    s.applyAction(2);
    expect(s.chips()).toEqual({ stacks: [97, 99], pot: 4 });
    expect(s.observation(1).decision?.menu).toEqual([
      { action: 0, label: 'fold', cost: 0 },
      { action: 1, label: 'call', cost: 2 },
      { action: 2, label: 'raise', cost: 4 },
    ]);
    s.applyAction(2);
    expect(s.chips()).toEqual({ stacks: [97, 95], pot: 8 });
    expect(s.legalActions()).toEqual([0, 1]);
    s.applyAction(1);
    expect(s.currentPlayer()).toBe(CHANCE);
    expect(s.chanceOutcomes().map(([a, p]) => [s.actionToString(CHANCE, a), p])).toEqual([
      ['J of spades', 0.25],
      ['Q of hearts', 0.25],
      ['Q of spades', 0.25],
      ['K of spades', 0.25],
    ]);
    applyAll(s, ['Q of spades', 2]);
    expect(s.chips()).toEqual({ stacks: [91, 95], pot: 14 });
    expect(s.observation(1).decision?.menu.map((m) => m.cost)).toEqual([0, 4, 8]);
  });

  it('a pair with the board beats a higher card', () => {
    const s = applyAll(leduc.newInitialState(), ['J of hearts', 'K of hearts', 1, 1, 'J of spades', 1, 1]);
    expect(s.currentPlayer()).toBe(TERMINAL);
    expect(s.returns()).toEqual([1, -1]);
  });

  it('without a pair the higher card wins; equal ranks split the pot', () => {
    const high = applyAll(leduc.newInitialState(), ['Q of hearts', 'K of hearts', 2, 1, 'J of spades', 2, 1]);
    expect(high.returns()).toEqual([-7, 7]);
    const tie = applyAll(leduc.newInitialState(), ['Q of hearts', 'Q of spades', 2, 1, 'K of hearts', 1, 2, 1]);
    expect(tie.isTerminal()).toBe(true);
    expect(tie.returns()).toEqual([0, 0]);
    expect(tie.observation(0).log.find((e) => e.kind === 'result')?.text).toContain('tie');
  });

  it('a fold in the first round skips the flop and the second round', () => {
    const s = applyAll(leduc.newInitialState(), ['Q of hearts', 'K of hearts', 2, 0]);
    expect(s.returns()).toEqual([1, -1]);
    expect(s.phasesEntered()).toEqual([0, 1, 2]);
    expect(s.observation(1).publicPiles).toEqual({ board: [] });
  });

  it('distinguishes suits in information states and shows the board to both seats', () => {
    const a = applyAll(leduc.newInitialState(), ['J of hearts', 'K of hearts', 1, 1, 'Q of hearts']);
    const b = applyAll(leduc.newInitialState(), ['J of spades', 'K of hearts', 1, 1, 'Q of hearts']);
    expect(a.informationStateKey(0)).not.toBe(b.informationStateKey(0));
    expect(a.informationStateKey(1)).toBe(b.informationStateKey(1));
    expect(a.observation(0).publicPiles).toEqual({ board: ['Q of hearts'] });
    expect(a.observation(1).publicPiles).toEqual({ board: ['Q of hearts'] });
    expect(a.observation(1).deckSize).toBe(3);
  });

  it('computes the exact value of uniform-random play, equal to a direct enumeration', () => {
    const [v0, v1] = expectedReturns(leduc, uniformPolicy);
    const direct = independentLeducValue();
    expect(v0).toBeCloseTo(direct, 12);
    expect(v1).toBeCloseTo(-direct, 12);
    expect(v0).toBeCloseTo(-0.078125, 9);
  });
});
