import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compileSource } from '../../src/compiler/index.js';
import { decompile, DecompileError } from '../../src/format/decompile.js';
import fc from 'fast-check';
import { KUHN_IR } from '../fixtures/ir.js';
import { arbitraryProgram } from '../support/arbitrary-program.js';

const dir = new URL('../../examples/', import.meta.url);

describe('decompile (IR → source)', () => {
  for (const f of readdirSync(dir).filter((x) => x.endsWith('.gbg')))
    it(`${f}: recompiling the decompiled source gives the same ruleset hash`, () => {
      const r = compileSource(readFileSync(new URL(f, dir), 'utf8'));
      const again = compileSource(decompile(r.ir!));
      // Warnings (W0xxx) may apply to these programs (and decompiling drops `// gbgc-allow` comments): errors only.
      expect(again.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
      expect(again.rulesetHash).toBe(r.rulesetHash);
    });

  for (const f of ['expr-amounts.gbg', 'expr-costs.gbg'])
    it(`fixture ${f} (amounts from expressions): the decompiled source compiles to the same ruleset hash`, () => {
      const r = compileSource(readFileSync(new URL(`../fixtures/games/${f}`, import.meta.url), 'utf8'));
      expect(compileSource(decompile(r.ir!)).rulesetHash).toBe(r.rulesetHash);
    });

  it('property: every generated valid program (expression amounts and costs included) decompiles to a source with the same ruleset hash', () => {
    let expressions = 0;
    fc.assert(
      fc.property(arbitraryProgram({ withComments: false }), ({ source }) => {
        const r = compileSource(source);
        const back = decompile(r.ir!);
        if (/ cost [^\d{]|\.\.(?!stack)[^\d]/.test(back)) expressions++;
        const again = compileSource(back);
        expect(again.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
        expect(again.rulesetHash).toBe(r.rulesetHash);
      }),
      { numRuns: 150, seed: 21 },
    );
    // Some programs hold an option cost or a largest wager written as an expression.
    expect(expressions).toBeGreaterThan(5);
  });

  it('writes the generator record and unequal stacks', () => {
    const ir = { ...KUHN_IR, stacks: [10, 12] as [number, number], origin: { generator: 'gbgc-sampler', builderVersion: '1', seed: 42, complexity: 0.7 } };
    const src = decompile(ir);
    expect(src).toContain('generated { generator "gbgc-sampler" builder "1" seed 42 complexity 0.7 }');
    expect(src).toContain('stack Alice 10, Bob 12');
    expect(compileSource(src).ir).toEqual(ir);
  });

  it('refuses what the language cannot state', () => {
    const bad = structuredClone(KUHN_IR);
    bad.phases[1]!.steps = [{ kind: 'ante', amount: 1, payers: [1, 0] }];
    expect(() => decompile(bad)).toThrow(DecompileError);
  });
});
