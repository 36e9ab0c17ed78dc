import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compileSource } from '../../src/compiler/index.js';
import { decompile, DecompileError } from '../../src/format/decompile.js';
import { KUHN_IR } from '../fixtures/ir.js';

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
