import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compileSource } from '../../src/compiler/index.js';
import { canonicalJson, rulesetHash } from '../../src/ir/hash.js';
import { validateIR } from '../../src/ir/validate.js';
import { KUHN_IR, LEDUC_IR } from '../fixtures/ir.js';

const read = (name: string) => readFileSync(new URL(`../../examples/${name}`, import.meta.url), 'utf8');

describe('the reference examples', () => {
  it('kuhn.gbg compiles to the hand-written Kuhn IR', () => {
    const r = compileSource(read('kuhn.gbg'));
    expect(r.diagnostics).toEqual([]);
    expect(r.ir).toEqual(KUHN_IR);
    expect(r.rulesetHash).toBe(rulesetHash(KUHN_IR));
  });

  it('leduc.gbg compiles to the hand-written Leduc IR', () => {
    const r = compileSource(read('leduc.gbg'));
    expect(r.diagnostics).toEqual([]);
    expect(r.ir).toEqual(LEDUC_IR);
  });

  it('both IRs validate against the JSON Schema', () => {
    expect(validateIR(KUHN_IR)).toEqual([]);
    expect(validateIR(LEDUC_IR)).toEqual([]);
  });
});

describe('ruleset hash', () => {
  it('is 64 hex digits, stable across runs, and ignores key order and layout', () => {
    const h = rulesetHash(KUHN_IR);
    expect(h).toMatch(/^[0-9a-f]{64}$/);
    const reordered = JSON.parse(JSON.stringify({ ...KUHN_IR, seats: KUHN_IR.seats })) as typeof KUHN_IR;
    const shuffledKeys = Object.fromEntries(Object.entries(reordered).reverse()) as typeof KUHN_IR;
    expect(rulesetHash(shuffledKeys)).toBe(h);
    const spaced = read('kuhn.gbg').replace(/\n/g, '\n\n').replace(/ each/g, '   each');
    expect(compileSource(spaced).rulesetHash).toBe(h);
  });

  it('changes when any rule changes', () => {
    const base = read('leduc.gbg');
    const h = compileSource(base).rulesetHash;
    const variants = [
      base.replace('stack 100 each', 'stack 99 each'),
      base.replace('bet 4', 'bet 3'),
      base.replace('raises at most 2\n      first Alice\n    }\n  }\n\n  showdown', 'raises at most 3\n      first Alice\n    }\n  }\n\n  showdown'),
      base.replace('K = 13', 'K = 14'),
      base.replace('suits hearts, spades', 'suits spades, hearts'),
      base.replace('ante 1 each', 'ante 2 each'),
      base.replace('deal 1 to each face down', 'deal 1 to each face up'),
      base.replace('game "Leduc hold\'em"', 'game "Leduc"'),
    ];
    const hashes = variants.map((v) => {
      expect(v).not.toBe(base);
      const r = compileSource(v);
      // The face-up variant hides nothing at any decision: a warning (W0106), not an error.
      expect(r.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
      return r.rulesetHash;
    });
    expect(new Set([h, ...hashes]).size).toBe(variants.length + 1);
  });

  it('canonical JSON sorts keys and drops undefined members', () => {
    expect(canonicalJson({ b: 1, a: [true, null, 'x'], c: undefined })).toBe('{"a":[true,null,"x"],"b":1}');
    expect(() => canonicalJson({ x: Number.NaN })).toThrow(TypeError);
  });
});

describe('JSON Schema validation', () => {
  it('rejects a hand-broken IR with the path of the bad field', () => {
    const broken = structuredClone(LEDUC_IR) as unknown as { phases: { steps: { count?: number }[] }[] };
    broken.phases[0]!.steps[1]!.count = 0;
    const errors = validateIR(broken);
    expect(errors.map((e) => e.path)).toContain('/phases/0/steps/1/count');
  });

  it('rejects unknown step kinds, extra fields and a seventh seat', () => {
    const a = structuredClone(KUHN_IR) as unknown as Record<string, unknown>;
    a['extra'] = 1;
    expect(validateIR(a).length).toBeGreaterThan(0);
    const b = structuredClone(KUHN_IR) as unknown as { seats: string[] };
    b.seats.push('Carol', 'Dan', 'Erin', 'Frank', 'Grace');
    expect(validateIR(b).some((e) => e.path === '/seats')).toBe(true);
    const c = structuredClone(KUHN_IR) as unknown as { phases: { steps: { kind: string }[] }[] };
    c.phases[0]!.steps[0]!.kind = 'teleport';
    expect(validateIR(c).some((e) => e.path.startsWith('/phases/0/steps/0'))).toBe(true);
  });
});
