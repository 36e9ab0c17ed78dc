/**
 * Issue 10, item 1: every menu entry of a turn prompt states the chips the action moves from the
 * acting seat as the rules move them (clamped amounts included), or a range containing them when
 * the amount depends on chance or on the other seat's simultaneous reply. The cost is parsed from
 * the printed prompt. Full size (200 episodes per game): `bench/menu-costs.ts`.
 */
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadGame } from '../../src/cli/load.js';
import { CHANCE, compileGame } from '../../src/interpreter/index.js';
import { sampleIR } from '../../src/sampler/index.js';
import { rngFromKeys } from '../../src/util/rng.js';
import { checkGame, checkPrintedCosts, EXPRESSION_FIXTURES, parseCost } from './menu-costs.js';
import { costWords } from '../../src/render/menu.js';
import { isTableExample } from '../support/table-examples.js';

const EXAMPLES = readdirSync('examples')
  .filter((f) => f.endsWith('.gbg') && !isTableExample(f))
  .sort();

describe('menu costs printed in the turn prompt', () => {
  it('parses every printed form', () => {
    expect(parseCost('- call (costs you 1 chip): reply `{"action": "call"}`')).toEqual({ lo: 1, hi: 1 });
    expect(parseCost('- fold (costs no chips): reply')).toEqual({ lo: 0, hi: 0 });
    expect(parseCost('- take (gives you 2 chips): reply')).toEqual({ lo: -2, hi: -2 });
    expect(parseCost('- x (costs you between 0 and 3 chips, depending on chance): reply')).toEqual({ lo: 0, hi: 3 });
    expect(parseCost('- x (changes your stack by between -3 and +1 chips, depending on chance): reply')).toEqual({ lo: -1, hi: 3 });
    expect(parseCost('- raise N, where N is any whole number from 4 to 20 (costs you N − 1 chips, as you have already put in 1 chip): reply')).toEqual({
      lo: 0,
      hi: 'N',
      less: 1,
    });
  });

  it('names what a cost range depends on, as the play-out found it', () => {
    const one = (costDependsOn?: ('chance' | 'opponent-choice' | 'opponent-cards' | 'unexplored')[]) => ({
      word: 'x',
      amounts: null,
      items: [{ action: 0, label: 'x', costRange: [0, 3] as [number, number], ...(costDependsOn ? { costDependsOn } : {}) }],
    });
    expect(costWords(one(['chance']))).toBe('costs you between 0 and 3 chips, depending on chance');
    expect(costWords(one(['opponent-choice']))).toBe('costs you between 0 and 3 chips, depending on your opponent’s simultaneous choice');
    expect(costWords(one(['chance', 'opponent-choice', 'opponent-cards']))).toBe(
      'costs you between 0 and 3 chips, depending on chance, your opponent’s simultaneous choice or your opponent’s cards',
    );
    expect(costWords(one([]))).toBe('costs you between 0 and 3 chips, depending on how play goes on');
    // Measured on the examples: a chance cost in a game without simultaneous steps; a sealed bid's reply.
    const kinds = new Map<string, Set<string>>();
    for (const f of EXAMPLES) {
      const game = compileGame(loadGame(`examples/${f}`).ir);
      const rng = rngFromKeys(5, 1);
      for (let e = 0; e < 30; e++) {
        const s = game.newInitialState();
        while (!s.isTerminal()) {
          const p = s.currentPlayer();
          if (p !== CHANCE)
            for (const m of s.observation(p).decision!.menu) for (const c of m.costDependsOn ?? []) (kinds.get(f) ?? kinds.set(f, new Set()).get(f)!).add(c);
          const options = p === CHANCE ? s.chanceOutcomes().map(([a]) => a) : s.legalActions();
          s.applyAction(options[Math.floor(rng() * options.length)]);
        }
      }
    }
    const all = new Set([...kinds.values()].flatMap((k) => [...k]));
    expect(all.has('chance')).toBe(true);
    expect(all.has('opponent-choice')).toBe(true);
    expect(kinds.get('kuhn.gbg')).toBeUndefined(); // every Kuhn cost is certain
  });

  it('an all-in call costs the call: the board dealt after it is followed once, not every runout', () => {
    const at = (file: string, actions: number[]) => {
      const s = compileGame(loadGame(file).ir).newInitialState();
      for (const a of actions) s.applyAction(a);
      return s.observation(s.currentPlayer()).decision!.menu.map((m) => [m.label, m.cost ?? m.costRange]);
    };
    // Alice faces Bob's all-in on the flop; the turn and the river come before the showdown.
    // With every runout searched, the 1,024-node limit widened the call to "between -34 and +6 chips".
    expect(at('examples/nlhe-short.gbg', [3, 39, 47, 15, 15, 1, 48, 8, 36, 7])).toEqual([
      ['fold', 0],
      ['call', 6],
    ]);
    // A preflop call ends the round; the flop follows.
    expect(at('examples/royal-holdem.gbg', [1, 15, 18, 6, 2])).toEqual([
      ['fold', 0],
      ['call', 2],
      ['raise', 4],
    ]);
  });

  it('names only the branches where the chips differ', () => {
    // sampleIR(2, 0.3) of the coherent builder: a simultaneous pick; a card dealt and a random reveal follow it, moving no
    // chips, so only Bob's pick is named (it once said "chance or your opponent’s simultaneous choice").
    const game = compileGame(sampleIR(2, 0.3, { builder: 'coherent' }));
    const s = game.newInitialState();
    for (const a of [0, 2]) s.applyAction(a);
    const menu = s.observation(s.currentPlayer()).decision!.menu;
    expect(menu.map((m) => [m.label, m.costRange, m.costDependsOn])).toEqual([
      ['Guard', [-1, 0], ['opponent-choice']],
      ['Strike', [-1, 0], ['opponent-choice']],
    ]);
  });

  it('words a raise to a total as N less the chips already in, and only a bet or raise', () => {
    const items = (word: string, costs: number[], from: number) => ({
      word,
      amounts: costs.map((_, i) => from + i),
      items: costs.map((cost, i) => ({ action: i, label: `${word} ${from + i}`, cost })),
    });
    expect(costWords(items('raise', [3, 4, 5], 4))).toBe('costs you N − 1 chips, as you have already put in 1 chip');
    expect(costWords(items('card', [0], 1))).toBe('costs no chips');
    expect(costWords(items('bet', [1, 2, 3], 1))).toBe('costs you N chips');
  });

  it('genstrat-4643: facing a 2-chip wager, call costs 2 chips (it said "puts no chips in")', () => {
    const game = compileGame(loadGame('examples/genstrat-4643.gbg').ir);
    // deal, antes; Alice's first variable round: bet 2; then Bob faces it
    const s = game.newInitialState();
    let found = false;
    const rng = rngFromKeys(10, 1);
    for (let tries = 0; tries < 200 && !found; tries++) {
      const t = game.newInitialState();
      while (!t.isTerminal() && !found) {
        const p = t.currentPlayer();
        if (p === 1) {
          const menu = t.observation(1).decision!.menu;
          const call = menu.find((m) => m.label === 'call');
          if (call && t.observation(1).log.some((e) => e.kind === 'wager' && e.amount === 2) && !t.observation(1).log.some((e) => e.kind === 'match')) {
            expect(call.cost).toBe(2);
            expect(checkPrintedCosts(t, rng)).toEqual([]);
            found = true;
          }
        }
        const options = p === CHANCE ? t.chanceOutcomes().map(([a]) => a) : t.legalActions();
        t.applyAction(options[Math.floor(rng() * options.length)]);
      }
    }
    expect(s.isTerminal()).toBe(false);
    expect(found).toBe(true);
  });

  for (const file of EXAMPLES) {
    it(`${file}: every entry's printed cost is what playing it moves (30 random episodes)`, () => {
      const game = compileGame(loadGame(`examples/${file}`).ir);
      const { decisions, mismatches } = checkGame(game, 30, rngFromKeys(10, file.length));
      expect(decisions).toBeGreaterThan(0);
      expect(mismatches.slice(0, 3)).toEqual([]);
    });
  }

  for (const file of EXPRESSION_FIXTURES) {
    it(`${file}: every entry's printed cost is what playing it moves (60 random episodes)`, () => {
      const game = compileGame(loadGame(file).ir);
      const { decisions, mismatches } = checkGame(game, 60, rngFromKeys(10, file.length));
      expect(decisions).toBeGreaterThan(100);
      expect(mismatches.slice(0, 3)).toEqual([]);
    });
  }

  for (const c of [0, 0.5, 1]) {
    it(`sampled games at complexity ${c}: 20 games, 5 episodes each`, () => {
      let decisions = 0;
      for (let seed = 0; seed < 20; seed++) {
        const game = compileGame(sampleIR(seed, c));
        const r = checkGame(game, 5, rngFromKeys(11, seed, c * 10));
        decisions += r.decisions;
        expect({ seed, mismatches: r.mismatches.slice(0, 3) }).toEqual({ seed, mismatches: [] });
      }
      expect(decisions).toBeGreaterThan(0);
    });
  }
});
