/**
 * L0 (move kind first, then amount): the distribution on variable betting, exact values by an
 * independent enumeration against the tree walk with the L0 policy, the sampler agreeing with the
 * distribution, and the v1 acceptance filter on the GENSTRAT seed game.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compileSource } from '../../src/compiler/index.js';
import { compileGame, CHANCE, type GameState } from '../../src/interpreter/index.js';
import { l0Distribution, l0Pick, l0PickFromKinds, legalActionKinds } from '../../src/algorithms/l0.js';
import { acceptance, filterOptions } from '../../src/sampler/index.js';
import { buildTree } from '../../src/algorithms/tree.js';
import { policyValue } from '../../src/algorithms/best-response.js';
import { l0TreePolicy } from '../../src/eval/agents/l1.js';

/** Kuhn with one variable betting round: bets of 1 to 3 chips, stacks of 5. */
const VARBET = `game "Variable Kuhn" {
  players Alice, Bob
  stack 5 each
  deck {
    ranks J = 11, Q = 12, K = 13
    suits hearts
    copies 1
  }
  phase Setup {
    shuffle deck
    deal 1 to each face down
  }
  phase Ante {
    ante 1 each
  }
  phase Betting {
    betting variable {
      first Alice
      max 3
      fallback bet 1
    }
  }
  showdown high-card
}
`;

function game(source: string) {
  const r = compileSource(source);
  if (!r.ir) throw new Error(JSON.stringify(r.diagnostics));
  return compileGame(r.ir);
}

/** To Alice's first decision, dealing the first card of each chance node. */
function firstDecision(s: GameState): GameState {
  while (s.currentPlayer() === CHANCE) s.applyAction(s.chanceOutcomes()[0][0]);
  return s;
}

/**
 * Expected returns of seat 0 under L0 by enumeration over the states, with the L0 probabilities
 * written from the rules by hand (not from l0.ts): not facing a bet, check 1/2 and each bet
 * amount 1/2 ÷ (number of amounts); facing a bet, fold and call 1/2 each.
 */
function enumerateL0(s: GameState): number {
  if (s.isTerminal()) return s.returns()[0];
  const p = s.currentPlayer();
  if (p === CHANCE) {
    let v = 0;
    for (const [a, q] of s.chanceOutcomes()) {
      const c = s.clone();
      c.applyAction(a);
      v += q * enumerateL0(c);
    }
    return v;
  }
  const legal = s.legalActions();
  const labels = legal.map((a) => s.actionToString(p, a));
  const bets = labels.filter((l) => /^bet \d+$/.test(l)).length;
  let v = 0;
  legal.forEach((a, i) => {
    const q = labels[i] === 'check' ? 0.5 : /^bet \d+$/.test(labels[i]) ? 0.5 / bets : 1 / legal.length;
    const c = s.clone();
    c.applyAction(a);
    v += q * enumerateL0(c);
  });
  return v;
}

describe('L0: move kind first, then amount', () => {
  it('checks half the time and splits the other half over the bet amounts', () => {
    const s = firstDecision(game(VARBET).newInitialState());
    const legal = s.legalActions();
    expect(legal.map((a) => s.actionToString(0, a))).toEqual(['check', 'bet 1', 'bet 2', 'bet 3']);
    expect(legalActionKinds(s)).toEqual([1, 2, 2, 2]);
    const d = l0Distribution(s);
    expect(d[0]).toBeCloseTo(1 / 2, 15);
    for (const q of d.slice(1)) expect(q).toBeCloseTo(1 / 6, 15);
    // Facing a bet: fold and call, 1/2 each.
    s.applyAction(legal[3]);
    expect(s.legalActions().map((a) => s.actionToString(1, a))).toEqual(['fold', 'call']);
    expect(l0Distribution(s)).toEqual([0.5, 0.5]);
  });

  it('the sampler picks each action with its L0 probability (a grid of u values)', () => {
    const s = firstDecision(game(VARBET).newInitialState());
    const legal = s.legalActions();
    const kinds = legalActionKinds(s);
    const n = 6000;
    const counts = new Map<number, number>();
    for (let i = 0; i < n; i++) {
      const u = (i + 0.5) / n;
      const a = l0Pick(s, u);
      expect(l0PickFromKinds(legal, kinds, u)).toBe(a);
      counts.set(a, (counts.get(a) ?? 0) + 1);
    }
    const d = l0Distribution(s);
    legal.forEach((a, i) => expect(counts.get(a)! / n).toBeCloseTo(d[i], 3));
  });

  it('exact L0 value: an independent enumeration equals the tree walk with the L0 policy', () => {
    const g = game(VARBET);
    const tree = buildTree(g);
    const viaTree = policyValue(tree, l0TreePolicy(g, tree));
    const viaEnumeration = enumerateL0(g.newInitialState());
    expect(viaTree).toBeCloseTo(viaEnumeration, 12);
    // Not the uniform-over-actions value: the kind-first rule changes it.
    const uniform = new Float64Array(tree.numSlots);
    for (let i = 0; i < tree.numInfosets; i++)
      for (let k = tree.slotStart[i]; k < tree.slotStart[i + 1]; k++) uniform[k] = 1 / (tree.slotStart[i + 1] - tree.slotStart[i]);
    expect(Math.abs(policyValue(tree, uniform) - viaTree)).toBeGreaterThan(1e-3);
  });

  it('examples/genstrat-4643-v1.gbg passes the v1 acceptance filter (seat balance under 65 %)', () => {
    const r = compileSource(readFileSync('examples/genstrat-4643-v1.gbg', 'utf8'));
    // The game's own diagnostics: its `// gbgc-allow` lines keep the seed's deliberate constructs.
    const report = acceptance(r.ir!, filterOptions('v1'), r.diagnostics);
    const balance = report.checks.find((c) => c.name === 'seat-balance')!;
    expect(balance.value).toBeLessThan(0.65);
    expect(balance.pass).toBe(true);
    expect(report.accepted).toBe(true);
  });
});
