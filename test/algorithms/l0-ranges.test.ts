/**
 * L0 on no-limit decisions told as ranges (`BetRangeState`): on the league's three-seat table and
 * on heads-up no-limit hold'em, the range equals the listed legal actions at every decision of
 * seeded hands, and the ranged pick equals the pick from the listed actions and their kinds
 * (`l0PickFromKinds`) on a grid of uniform numbers; facing a bet with raises on offer, L0 folds,
 * calls and raises a third of the time each (the kind first, GENSTRAT's L0).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compileSource } from '../../src/compiler/index.js';
import { CHANCE, compileAnyGame, hasBetRanges, sampleChanceOutcome, type GameState } from '../../src/interpreter/index.js';
import { l0Distribution, l0Pick, l0PickFromKinds, l0Sample, legalActionKinds } from '../../src/algorithms/l0.js';
import { rngFromKeys } from '../../src/util/rng.js';

function example(file: string) {
  const r = compileSource(readFileSync(`examples/${file}`, 'utf8'));
  if (!r.ir) throw new Error(r.diagnostics.map((d) => d.message).join('\n'));
  return compileAnyGame(r.ir);
}

const league = example('league-holdem.gbg');

/** The legal actions as the range tells them: `betFirst()` … 1, then `betLow()` … `betHigh()`. */
function fromRange(s: GameState): number[] {
  if (!hasBetRanges(s)) throw new Error('no ranges');
  const out: number[] = [];
  for (let a = s.betFirst(); a <= 1; a++) out.push(a);
  for (let a = s.betLow(); a <= s.betHigh(); a++) out.push(a);
  return out;
}

describe('variable betting as ranges', () => {
  it('the range lists the legal actions at every decision of 60 seeded league hands', () => {
    let decisions = 0;
    let facingWithRaises = 0;
    for (let h = 0; h < 60; h++) {
      const rng = rngFromKeys(11, h);
      const s = league.newInitialState({ button: h % 3 });
      expect(hasBetRanges(s)).toBe(true);
      while (!s.isTerminal()) {
        if (s.currentPlayer() === CHANCE) {
          s.applyAction(sampleChanceOutcome(s, rng));
          continue;
        }
        const legal = s.legalActions();
        expect(fromRange(s)).toEqual(legal);
        if (legal[0] === 0 && legal.length > 2) facingWithRaises++;
        decisions++;
        s.applyAction(l0Sample(s, rng));
      }
    }
    expect(decisions).toBeGreaterThan(200);
    expect(facingWithRaises).toBeGreaterThan(20);
  });

  it('the ranged L0 pick equals the pick from the listed actions and their kinds', () => {
    const rng = rngFromKeys(12);
    for (let h = 0; h < 8; h++) {
      const s = league.newInitialState({ button: h % 3 });
      while (!s.isTerminal()) {
        if (s.currentPlayer() === CHANCE) {
          s.applyAction(sampleChanceOutcome(s, rng));
          continue;
        }
        const legal = s.legalActions();
        const kinds = legalActionKinds(s, legal);
        for (let i = 0; i < 60; i++) {
          const u = (i + 0.5) / 60;
          const a = l0Pick(s, u);
          expect(a).toBe(l0PickFromKinds(legal, kinds, u));
          expect(l0Pick(s, u, legal)).toBe(a);
        }
        s.applyAction(l0Sample(s, rng));
      }
    }
  });

  it('facing the big blind, L0 folds, calls and raises a third of the time each; each raise-to total 1/3 ÷ their number', () => {
    const s = league.newInitialState({ button: 0 });
    // Deal the six hole cards: the button (seat 0) then faces the big blind of 100.
    while (s.currentPlayer() === CHANCE) s.applyAction(s.sampleChance(0));
    expect(s.currentPlayer()).toBe(0);
    expect(hasBetRanges(s) && [s.betFirst(), s.betLow(), s.betHigh()]).toEqual([0, 1 + 200, 1 + 10_000]);
    const d = l0Distribution(s);
    expect(d.slice(0, 2)).toEqual([1 / 3, 1 / 3]);
    expect(d[2]).toBeCloseTo(1 / 3 / 9801, 15);
    const n = 30_000;
    const counts = [0, 0, 0];
    for (let i = 0; i < n; i++) {
      const a = l0Pick(s, (i + 0.5) / n);
      counts[Math.min(a, 2)]++;
    }
    expect(counts).toEqual([10_000, 10_000, 10_000]);
  });

  it('heads-up no-limit hold\u2019em (two seats, no button) keeps its listed path', () => {
    const g = example('nlhe-short.gbg');
    const s = g.newInitialState();
    expect(hasBetRanges(s)).toBe(false);
  });
});
