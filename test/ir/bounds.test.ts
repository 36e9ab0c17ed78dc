/**
 * Compile-time intervals of integer expressions (`src/ir/bounds.ts`): the facts of a game (chips,
 * cards, rank values, loop counters) and interval arithmetic checked against evaluation at every
 * point of small boxes (a value inside the operands' intervals stays inside the result's).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { compileSource } from '../../src/compiler/index.js';
import { boundsContext, intInterval, type BoundsContext } from '../../src/ir/bounds.js';
import type { IntExpr } from '../../src/ir/schema.js';

const IR = compileSource(readFileSync(new URL('../fixtures/games/expr-amounts.gbg', import.meta.url), 'utf8')).ir!;

describe('intervals of integer expressions', () => {
  it('reads the facts of the game: 40 chips, 6 cards, ranks 1..3, the counter round in 0..3, stake (set) unbounded', () => {
    const ctx = boundsContext(IR);
    expect([ctx.chips, ctx.cards, ctx.minRank, ctx.maxRank]).toEqual([40, 6, 0, 3]);
    expect([...ctx.counters]).toEqual([['round', [0, 3]]]);
    const v = (name: string): IntExpr => ({ kind: 'var', name });
    expect(intInterval(v('round'), ctx)).toEqual([0, 3]);
    expect(intInterval(v('stake'), ctx)).toEqual([-Infinity, Infinity]);
    expect(intInterval({ kind: 'mul', left: { kind: 'int', value: 2 }, right: v('round') }, ctx)).toEqual([0, 6]);
    expect(intInterval({ kind: 'sub', left: { kind: 'int', value: 0 }, right: { kind: 'pot' } }, ctx)).toEqual([-40, 0]);
    // 0 × ∞ is 0: a factor that is exactly 0 makes the product 0.
    expect(intInterval({ kind: 'mul', left: { kind: 'int', value: 0 }, right: v('stake') }, ctx)).toEqual([0, 0]);
  });

  it('property: every value of a random expression over values inside the leaves’ intervals lies inside its interval', () => {
    // Leaves: literals and two counters with known ranges; evaluate at every assignment.
    const ctx: BoundsContext = {
      chips: 10,
      cards: 6,
      minRank: 0,
      maxRank: 3,
      counters: new Map([
        ['a', [0, 3] as const],
        ['b', [-2, 2] as const],
      ]),
    };
    const leaf = fc.oneof(
      fc.integer({ min: -5, max: 5 }).map((value): IntExpr => ({ kind: 'int', value })),
      fc.constantFrom<IntExpr>({ kind: 'var', name: 'a' }, { kind: 'var', name: 'b' }),
    );
    const expr = fc.letrec<{ e: IntExpr }>((tie) => ({
      e: fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        leaf,
        fc.record({ kind: fc.constantFrom('add' as const, 'sub' as const, 'mul' as const), left: tie('e'), right: tie('e') }) as fc.Arbitrary<IntExpr>,
      ),
    })).e;
    const evaluate = (e: IntExpr, env: Record<string, number>): number => {
      switch (e.kind) {
        case 'int':
          return e.value;
        case 'var':
          return env[e.name]!;
        case 'add':
          return evaluate(e.left, env) + evaluate(e.right, env);
        case 'sub':
          return evaluate(e.left, env) - evaluate(e.right, env);
        case 'mul':
          return evaluate(e.left, env) * evaluate(e.right, env);
        default:
          throw new Error(e.kind);
      }
    };
    fc.assert(
      fc.property(expr, (e) => {
        const [lo, hi] = intInterval(e, ctx);
        for (let a = 0; a <= 3; a++)
          for (let b = -2; b <= 2; b++) {
            const v = evaluate(e, { a, b });
            if (v < lo || v > hi) return false;
          }
        return true;
      }),
      { numRuns: 300, seed: 21 },
    );
  });
});
