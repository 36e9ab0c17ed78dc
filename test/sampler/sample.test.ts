/**
 * The generator: purity and reproducibility, Kuhn-like games at c = 0, every construct at c = 1,
 * coherence (every game compiles with no diagnostics and round-trips), names, and bad input.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { compileSource } from '../../src/compiler/index.js';
import { decompile } from '../../src/format/decompile.js';
import { rulesetHash } from '../../src/ir/hash.js';
import type { StepKind } from '../../src/ir/schema.js';
import { BUILDER_VERSION, sample, sampleIR, streamSeed } from '../../src/sampler/index.js';
import { WORDS, isPlainName, RESERVED } from '../../src/sampler/names.js';
import { Dial } from '../../src/sampler/dial.js';
import { allNames, stepKinds } from './walk.js';

const SEEDS = Array.from({ length: 30 }, (_, i) => i);

describe('sampleIR', () => {
  it('is a pure function of (seed, complexity): the same pair gives the same IR, others differ', () => {
    expect(sampleIR(42, 0.7)).toEqual(sampleIR(42, 0.7));
    const hashes = new Set(SEEDS.map((s) => rulesetHash(sampleIR(s, 0.7))));
    expect(hashes.size).toBe(SEEDS.length);
    expect(rulesetHash(sampleIR(42, 0.7))).not.toBe(rulesetHash(sampleIR(42, 0.71)));
  });

  it('keeps the draws of the earlier builders under their names (paper: version 3, coherent: version 2)', () => {
    // Ruleset hashes (first 16 hex digits) of these draws as builder versions 3 and 2 made them before version 4 was added.
    const before = {
      paper: ['e88d3ab47b9b4a11', 'd9b1d2b317d37dfc', '3e1aef61a0e6840d', 'c9d147d6ccdfaffa'],
      coherent: ['4a202246e72c3575', '83beaa35df34df23', '137df6357ec6b15e', '29fbaea097ac4313'],
    };
    const pairs = [
      [1, 0.3],
      [7, 0.7],
      [42, 1],
      [5, 0.5],
    ] as const;
    for (const builder of ['paper', 'coherent'] as const)
      expect(pairs.map(([s, c]) => rulesetHash(sampleIR(s, c, { builder })).slice(0, 16))).toEqual(before[builder]);
    expect(streamSeed(42, 0.7, 'paper')).toBe('gbgc-sampler/3/42/0.7');
    expect(streamSeed(42, 0.7)).toBe('gbgc-sampler/4/42/0.7');
  });

  it('seeds its stream with the builder version, the seed and the complexity', () => {
    expect(streamSeed(42, 0.7)).toBe(`gbgc-sampler/${BUILDER_VERSION}/42/0.7`);
    expect(sampleIR(42, 0.7).origin).toEqual({ generator: 'gbgc-sampler', builderVersion: BUILDER_VERSION, seed: 42, complexity: 0.7 });
  });

  it('gives Kuhn-like games at c = 0: 3–4 ranks of one suit, one card each, an ante of 1, one fixed round with one bet', () => {
    const rankCounts = new Set<number>();
    for (const seed of SEEDS) {
      const ir = sampleIR(seed, 0);
      rankCounts.add(ir.deck.ranks.length);
      expect(ir.deck.suits).toHaveLength(1);
      expect(ir.deck.copies).toBe(1);
      expect(ir.phases.map((p) => p.steps.map((s) => s.kind))).toEqual([['shuffle', 'deal'], ['ante'], ['betting']]);
      expect(ir.phases[0]!.steps[1]).toEqual({ kind: 'deal', count: 1, from: { kind: 'deck' }, to: { kind: 'each' }, faceUp: false });
      expect(ir.phases[1]!.steps[0]).toEqual({ kind: 'ante', amount: 1, payers: [0, 1] });
      expect(ir.phases[2]!.steps[0]).toMatchObject({ kind: 'betting', betSize: 1, raiseCap: 1 });
      expect(ir.showdown).toEqual({ metric: 'high-card' });
      expect([ir.subphases, ir.piles, ir.variables, ir.positions]).toEqual([[], [], [], []]);
    }
    expect([...rankCounts].sort()).toEqual([3, 4]);
  });

  it('uses every step kind, showdown metric and condition kind across 200 games at c = 1 and 200 at c = 0.7 (the graph and paper builders alternately)', () => {
    const kinds = new Set<string>();
    const metrics = new Set<string>();
    for (let i = 0; i < 400; i++) {
      const ir = sampleIR(i % 200, i < 200 ? 1 : 0.7, { builder: i % 2 === 0 ? 'graph' : 'paper' });
      for (const k of stepKinds(ir)) kinds.add(k);
      metrics.add(ir.showdown.metric);
    }
    const every: StepKind[] = [
      'shuffle',
      'deal',
      'ante',
      'betting',
      'varbet',
      'call',
      'if',
      'triggers',
      'repeat',
      'end',
      'choice',
      'wager',
      'match',
      'simultaneous',
      'auction',
      'peek',
      'reveal',
      'swap',
      'steal',
      'discard',
      'pay',
      'sidebet',
      'score',
      'assign',
      'set',
    ];
    for (const k of every) expect(kinds, `step kind ${k}`).toContain(k);
    for (const k of [
      'cmp',
      'and',
      'or',
      'not',
      'has',
      'hasPair',
      'holds',
      'highest',
      'stack',
      'pot',
      'size',
      'handSize',
      'score',
      'var',
      'add',
      'sub',
      'any',
      'each',
    ])
      expect(kinds, `expression kind ${k}`).toContain(`expr:${k}`);
    expect([...metrics].sort()).toEqual(['high-card', 'pair-with-board', 'sum-of-ranks']);
  });

  it.each([0, 0.5, 1])('at c = %s, every game compiles from its source with no diagnostics and the same IR', (c) => {
    for (const seed of SEEDS) {
      const ir = sampleIR(seed, c);
      const r = compileSource(decompile(ir));
      expect(r.diagnostics, `seed ${seed}`).toEqual([]);
      expect(r.ir, `seed ${seed}`).toEqual(ir);
    }
  });

  it('names phases, sub-phases, piles, variables, positions and options with plain words, never keywords', () => {
    for (const list of Object.values(WORDS)) for (const w of list.flat()) expect(isPlainName(w), w).toBe(true);
    expect(RESERVED.has('deal')).toBe(true);
    expect(RESERVED.has('score')).toBe(true);
    for (const seed of SEEDS) for (const name of allNames(sampleIR(seed, 1))) expect(isPlainName(name) || name === 'bet' || name === 'call', name).toBe(true);
  });

  it('rejects a seed that is not a whole number in [0, 10^9] and a complexity outside [0, 1]', () => {
    expect(() => sampleIR(-1, 0.5)).toThrow(RangeError);
    expect(() => sampleIR(1.5, 0.5)).toThrow(/whole number/);
    expect(() => sampleIR(1e9 + 1, 0.5)).toThrow(RangeError);
    expect(sampleIR(1e9, 0.5).origin!.seed).toBe(1e9);
    expect(() => sampleIR(1, 1.01)).toThrow(/complexity/);
    expect(() => sampleIR(1, Number.NaN)).toThrow(/complexity/);
  });
});

describe('the complexity dial', () => {
  it('switches every complex feature off at c = 0 and raises it with c', () => {
    const at = (c: number) => new Dial(c);
    expect(at(0).blockChance).toBe(0);
    expect(at(0).rankRange).toEqual([3, 4]);
    for (const f of ['blockChance', 'extraSuit', 'extraCard', 'eventsBlock', 'variableBetting', 'privateCheck', 'compound'] as const) {
      expect(at(0)[f], f).toBe(0);
      expect(at(0.5)[f], f).toBeGreaterThan(0);
      expect(at(1)[f], f).toBeGreaterThan(at(0.5)[f]);
    }
    expect(at(1).rankRange[1]).toBe(8);
    expect(() => new Dial(1.5)).toThrow(RangeError);
  });
});

describe('sample (emission)', () => {
  it('emits formatted source with a header that recompiles to the same ruleset hash', async () => {
    const g = await sample(42, 0.7);
    expect(g.source.startsWith(`// Sampled by gbgc-sampler (builder version ${BUILDER_VERSION}): seed 42, complexity 0.7.\n`)).toBe(true);
    const r = compileSource(g.source);
    expect(r.ir!.origin).toEqual({ generator: 'gbgc-sampler', builderVersion: BUILDER_VERSION, seed: 42, complexity: 0.7 });
    expect(r.diagnostics).toEqual([]);
    expect(r.rulesetHash).toBe(g.rulesetHash);
    expect(g.rulesetHash).toBe(rulesetHash(sampleIR(42, 0.7)));
    expect({ seed: g.seed, complexity: g.complexity, builderVersion: g.builderVersion }).toEqual({
      seed: 42,
      complexity: 0.7,
      builderVersion: BUILDER_VERSION,
    });
  });

  it('gives byte-identical source in another process', async () => {
    const script = fileURLToPath(new URL('./print-sample.ts', import.meta.url));
    const run = spawnSync(process.execPath, ['--import', 'tsx', script, '42', '0.7'], { encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toBe((await sample(42, 0.7)).source);
  });
});
