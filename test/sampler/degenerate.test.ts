/**
 * No degenerate constructs (issue: GENSTRAT fidelity, item 3) and betting at the centre (item 2),
 * over 2,000 sampled games with complexities spread evenly over [0, 1] (game i: seed i,
 * c = i/1999 rounded to 3 decimals). `bench/generator-stats.ts` prints the same figures with
 * the raw draws' warnings by code and the redraw count.
 */
import { describe, expect, it } from 'vitest';
import { sampleIR } from '../../src/sampler/index.js';
import { bettingRounds } from '../../src/sampler/stats.js';
import { irDiagnostics } from '../../src/compiler/checks/index.js';
import { compileSource } from '../../src/compiler/index.js';
import { decompile } from '../../src/format/decompile.js';

const GAMES = 2000;
const complexityOf = (i: number) => Math.round((i / (GAMES - 1)) * 1000) / 1000;

describe('2,000 sampled games over c ∈ [0, 1]', () => {
  const games = Array.from({ length: GAMES }, (_, i) => ({ i, c: complexityOf(i), ir: sampleIR(i, complexityOf(i)) }));

  it('have zero compiler diagnostics (no degenerate-construct warning, no error)', () => {
    const flagged = games.flatMap((g) => irDiagnostics(g.ir).map((d) => `game ${g.i} (c = ${g.c}): ${d.code} ${d.message}`));
    expect(flagged).toEqual([]);
  });

  it('compile from their source with zero warnings (every 20th game)', () => {
    for (const g of games.filter((x) => x.i % 20 === 0)) expect(compileSource(decompile(g.ir)).diagnostics, `game ${g.i}`).toEqual([]);
  });

  it('at c ≥ 0.5, at least 40 % have two or more betting rounds; at c = 0, every game has one', () => {
    const high = games.filter((g) => g.c >= 0.5);
    const multi = high.filter((g) => bettingRounds(g.ir) >= 2).length;
    expect(multi / high.length).toBeGreaterThanOrEqual(0.4);
    expect(bettingRounds(games[0]!.ir)).toBe(1);
  });

  it('the checks are live: without repairs, the first draws of 200 games at c ≈ 0.5–0.6 are flagged for private steps that hide nothing (W0105)', () => {
    const codes = new Set(games.slice(1000, 1200).flatMap((g) => irDiagnostics(sampleIR(g.i, g.c, { repair: false })).map((d) => d.code)));
    expect([...codes]).toContain('W0105');
  });
});
