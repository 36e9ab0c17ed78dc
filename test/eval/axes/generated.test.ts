import { describe, expect, it } from 'vitest';
import { compileGame } from '../../../src/interpreter/game.js';
import { sampleIR } from '../../../src/sampler/index.js';
import { AXES_V2, computeAxesV2 } from '../../../src/eval/axes/index.js';
import { exactL0Episodes, sampleL0Episodes, sampleL0KeyedEpisodes } from '../../../src/eval/axes/episodes.js';
import { L1_STREAM } from '../../../src/eval/axes/brittleness.js';

describe('v2 axes on generated games', () => {
  it('are finite and within their ranges on games of low to high complexity', () => {
    for (const [seed, c] of [
      [1, 0],
      [3, 0.7],
      [4, 1],
    ] as const) {
      const a = computeAxesV2(compileGame(sampleIR(seed, c)), { tier: 'fast', seed: 1 });
      for (const k of AXES_V2) expect(Number.isFinite(a[k]), `${k} on seed ${seed}`).toBe(true);
      expect(a.state_space).toBeGreaterThan(0);
      expect(a.temporal_depth).toBeGreaterThanOrEqual(0);
      for (const v of [a.info_sensitivity, a.opponent_modelling]) {
        expect(v).toBeGreaterThanOrEqual(0);
        expect(v).toBeLessThanOrEqual(1);
      }
      expect(a.risk === 0 || a.risk >= 0.01).toBe(true);
      expect(a.brittleness).toBeGreaterThanOrEqual(-6);
    }
  });

  it("L1's own episodes, kept lean, are the full log's episodes: the same seats, I_p, actions and returns", () => {
    for (const [seed, c] of [
      [2, 0.3],
      [6, 0.5],
      [8, 0.9],
    ] as const) {
      const game = compileGame(sampleIR(seed, c));
      const full = sampleL0Episodes(game, 300, 5, L1_STREAM);
      const lean = sampleL0KeyedEpisodes(game, 300, 5, L1_STREAM);
      expect(lean.episodes.map((e) => [e.returns, e.decisions])).toEqual(
        full.episodes.map((e) => [e.returns, e.decisions.map((d) => ({ seat: d.seat, info: d.info, action: d.action }))]),
      );
      expect(lean.episodes.reduce((t, e) => t + e.decisions.length, 0)).toBeGreaterThan(600);
    }
  });

  it('a sampled log never visits more information states than the exact log holds (c = 0 game)', () => {
    const game = compileGame(sampleIR(5, 0));
    let exact;
    try {
      exact = exactL0Episodes(game, 1000, 50_000);
    } catch {
      return expect.fail('the c = 0 game should fit the exact walk');
    }
    const all = new Set(exact.episodes.flatMap((e) => e.decisions.map((d) => d.info)));
    const sampled = sampleL0Episodes(game, 500, 1);
    for (const e of sampled.episodes) for (const d of e.decisions) expect(all.has(d.info)).toBe(true);
    expect(exact.episodes.reduce((s, e) => s + e.weight, 0)).toBeCloseTo(1, 9);
  });
});
