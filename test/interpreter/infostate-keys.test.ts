/**
 * Information-state keys treat the cards of one deal step as one unordered event (issue 10,
 * item 2): the seat's key is a function of the multiset of cards each pile received in the step,
 * not of the order the chance draws produced them; separate deal steps keep their order.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { compileSource } from '../../src/compiler/index.js';
import type { GameIR } from '../../src/ir/schema.js';
import { compileGame, type CompiledGame, type InterpreterState } from '../../src/interpreter/index.js';
import { treeStats } from '../../src/algorithms/index.js';
import { OP } from '../../src/interpreter/program.js';
import { R } from '../../src/interpreter/layout.js';
import { CHANCE } from '../../src/interpreter/api.js';
import { arbitraryProgram } from '../support/arbitrary-program.js';
import { exampleIRs } from './helpers.js';

const FOUR_CARDS = new URL('../fixtures/games/four-card-two-each.gbg', import.meta.url);

function irOf(text: string): GameIR {
  const r = compileSource(text);
  if (!r.ir) throw new Error(r.diagnostics.map((d) => d.message).join('; '));
  return r.ir;
}

/** A history step: the action, and for a card dealt by a deal step, the step's occurrence and destination pile. */
interface Step {
  action: number;
  deal: { group: number; pile: number } | null;
}

/** Play one episode from `choices` (index into the legal actions, cyclic), recording which deal step each dealt card belongs to. */
function record(game: CompiledGame, choices: readonly number[]): Step[] {
  const state = game.newInitialState() as InterpreterState;
  const out: Step[] = [];
  let group = -1;
  let lastPc = -1;
  for (let i = 0; !state.isTerminal() && i < 400; i++) {
    const legal = state.legalActions();
    const action = legal[choices[i % Math.max(1, choices.length)]! % legal.length]!;
    let deal: Step['deal'] = null;
    if (state.currentPlayer() === CHANCE && state.isCardChance() && state.op() === OP.DEAL) {
      if (state.r[R.STEP] === 0 || state.r[R.PC] !== lastPc) group++;
      lastPc = state.r[R.PC];
      deal = { group, pile: state.dealTarget() };
    }
    out.push({ action, deal });
    state.applyAction(action);
  }
  return out;
}

/** Keys of both seats at every node from index `from` of the history on. */
function keysAlong(game: CompiledGame, steps: readonly Step[], from: number): string[] {
  const state = game.newInitialState();
  const keys: string[] = [];
  steps.forEach((s, i) => {
    if (i >= from) keys.push(`${state.informationStateKey(0)} | ${state.informationStateKey(1)}`);
    state.applyAction(s.action);
  });
  keys.push(`${state.informationStateKey(0)} | ${state.informationStateKey(1)}`);
  return keys;
}

/** Reverse, then rotate by `shift`, the cards each pile received in deal step `group` (a permutation within one deal event). */
function permuteGroup(steps: readonly Step[], group: number, shift: number): Step[] {
  const out = steps.map((s) => ({ ...s }));
  const piles = new Set(steps.filter((s) => s.deal?.group === group).map((s) => s.deal!.pile));
  for (const pile of piles) {
    const idx = steps.flatMap((s, i) => (s.deal?.group === group && s.deal.pile === pile ? [i] : []));
    const cards = idx.map((i) => steps[i]!.action).reverse();
    idx.forEach((i, k) => (out[i]!.action = cards[(k + shift) % cards.length]!));
  }
  return out;
}

/** Check that every permutation tried within every deal event of the episode leaves all later keys unchanged. */
function checkEpisode(game: CompiledGame, choices: readonly number[], shift: number): void {
  const steps = record(game, choices);
  const groups = new Set(steps.flatMap((s) => (s.deal ? [s.deal.group] : [])));
  for (const g of groups) {
    const last = steps.reduce((m, s, i) => (s.deal?.group === g ? i : m), -1);
    const permuted = permuteGroup(steps, g, shift);
    expect(keysAlong(game, permuted, last + 1)).toEqual(keysAlong(game, steps, last + 1));
  }
}

describe('information-state keys of cards dealt together', () => {
  it('the 4-card game with 2 cards to each has 24 information states (6 hands × 2 nodes per seat)', () => {
    const stats = treeStats(compileGame(irOf(readFileSync(FOUR_CARDS, 'utf8'))));
    expect(stats.infoStates).toEqual([12, 12]);
  });

  it('Kuhn keeps 12 information states and Leduc 936', () => {
    const byFile = new Map(exampleIRs().map((e) => [e.file, e.ir]));
    expect(treeStats(compileGame(byFile.get('kuhn.gbg')!)).infoStates).toEqual([6, 6]);
    expect(treeStats(compileGame(byFile.get('leduc.gbg')!)).infoStates).toEqual([468, 468]);
  });

  it('every seat holding the same two cards has one key, whatever order they were drawn in', () => {
    const game = compileGame(irOf(readFileSync(FOUR_CARDS, 'utf8')));
    // Deal order: Alice, Bob, Alice, Bob. Alice gets {J, K} in both histories; Bob {Q, A}.
    const a = game.newInitialState();
    const b = game.newInitialState();
    for (const t of [0, 1, 2, 3]) a.applyAction(t);
    for (const t of [2, 3, 0, 1]) b.applyAction(t);
    expect(a.informationStateKey(0)).toBe(b.informationStateKey(0));
    expect(a.informationStateKey(1)).toBe(b.informationStateKey(1));
    expect(a.pileCards(1)).toEqual(b.pileCards(1));
  });

  it('separate deal steps keep their order (a card dealt first is not the same as a card dealt second)', () => {
    const src = readFileSync(FOUR_CARDS, 'utf8').replace('deal 2 to each face down', 'deal 1 to each face down\n    deal 1 to each face down');
    const game = compileGame(irOf(src));
    const a = game.newInitialState();
    const b = game.newInitialState();
    for (const t of [0, 1, 2, 3]) a.applyAction(t);
    for (const t of [2, 3, 0, 1]) b.applyAction(t);
    expect(a.informationStateKey(0)).not.toBe(b.informationStateKey(0));
    expect(treeStats(game).infoStates).toEqual([24, 24]);
  });

  it('property: permuting the cards within one deal event never changes any key (examples)', () => {
    const games = exampleIRs().map((e) => compileGame(e.ir));
    fc.assert(
      fc.property(fc.nat(games.length - 1), fc.array(fc.nat(1 << 16), { minLength: 1, maxLength: 60 }), fc.nat(5), (g, choices, shift) =>
        checkEpisode(games[g]!, choices, shift),
      ),
      { numRuns: 150, seed: 10 },
    );
  });

  it('property: permuting the cards within one deal event never changes any key (generated programs)', () => {
    fc.assert(
      fc.property(
        arbitraryProgram({ withComments: false }),
        fc.array(fc.nat(1 << 16), { minLength: 1, maxLength: 40 }),
        fc.nat(5),
        ({ source }, choices, shift) => {
          const game = compileGame(irOf(source));
          checkEpisode(game, choices, shift);
        },
      ),
      { numRuns: 60, seed: 10 },
    );
  });
});
