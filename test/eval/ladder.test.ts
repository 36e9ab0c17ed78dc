/**
 * Graded ladders (BotzoneBench §4.4–4.5): the duel figures and the Wilson interval against known
 * values, calibration and the climb on planted figures, and on Kuhn poker a real ladder: at least
 * three levels whose chips won separate (re-checked with fresh deals), each level placed as a
 * participant recovering its own level within one, and ratings deterministic for a seed.
 */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { compileSource } from '../../src/compiler/index.js';
import { compileGame } from '../../src/interpreter/game.js';
import { createParticipantAgent } from '../../src/eval/agents/index.js';
import {
  buildLadderGame,
  calibrate,
  climb,
  duelFigures,
  levelParticipant,
  mirror,
  playDuel,
  rateOnGame,
  wilson,
  type AgentConfig,
  type DuelFigures,
  type LadderGame,
} from '../../src/eval/ladder/index.js';

function kuhn() {
  const r = compileSource(readFileSync('examples/kuhn.gbg', 'utf8'));
  if (!r.ir) throw new Error('kuhn does not compile');
  return compileGame(r.ir);
}

/** Planted figures: chips won = strength difference, paired SE 0.1, win rate 0.5 + 0.1 × difference ± 0.05. */
function planted(strength: number[]): (u: number, l: number) => DuelFigures {
  return (u, l) => {
    const d = strength[u] - strength[l];
    const w = Math.min(1, Math.max(0, 0.5 + 0.1 * d));
    return { runs: 100, meanReturn: d, pairedSE: 0.1, meanReturnCI: [d - 0.196, d + 0.196], wins: 0, losses: 0, draws: 0, winRate: w, winRateCI: [w - 0.05, w + 0.05] };
  };
}

describe('duel figures', () => {
  it('Wilson interval of 8/10 is [0.4902, 0.9433] and of 0/0 is [0, 1]', () => {
    const [lo, hi] = wilson(8, 10);
    expect(lo).toBeCloseTo(0.4902, 4);
    expect(hi).toBeCloseTo(0.9433, 4);
    expect(wilson(0, 0)).toEqual([0, 1]);
  });
  it('chips won, paired SE, wins, losses and draws of planted runs', () => {
    const f = duelFigures([
      [1, 1],
      [2, -2],
      [-1, 0],
      [0, 0],
    ]);
    expect(f.meanReturn).toBeCloseTo(0.125, 12);
    expect(f.pairedSE).toBeCloseTo(Math.sqrt(1.1875 / 3) / 2, 12);
    expect([f.wins, f.losses, f.draws]).toEqual([1, 1, 2]);
    expect(f.winRate).toBe(0.5);
    const m = mirror(f);
    expect(m.meanReturn).toBeCloseTo(-0.125, 12);
    expect(m.meanReturnCI[0]).toBeCloseTo(-f.meanReturnCI[1], 12);
    expect([m.wins, m.losses]).toEqual([1, 1]);
  });
  it('all draws give win rate 0.5 with the uninformative interval', () => {
    const f = duelFigures([
      [1, -1],
      [0, 0],
    ]);
    expect(f.winRate).toBe(0.5);
    expect(f.winRateCI).toEqual([0, 1]);
    expect(f.pairedSE).toBe(0);
  });
});

describe('calibration on planted figures', () => {
  // strengths: 0 (Lv0), 3, 1, 2, 2.05 (does not separate from 2)
  const fig = planted([0, 3, 1, 2, 2.05]);
  it('keeps the longest separating chain, lexicographically first on ties', () => {
    const c = calibrate(5, fig, 10);
    expect(c.chain).toEqual([0, 2, 3, 1]);
    expect(c.dropped.has(4)).toBe(true);
    // it separates from Lv1 (strength 1) but Lv2 (strength 2) does not separate from it
    expect(c.dropped.get(4)).toMatch(/separates from Lv1 but not from Lv2: its chips won against Lv2 are 0.050 ± 0.196 chips\/game, win rate 50.5 %/);
  });
  it('with a level limit prefers steps inside the 70–90 % band', () => {
    // two-level chains: [0,2,1], [0,3,1], [0,4,1] each have one in-band step; [0,2,3] has none
    expect(calibrate(5, fig, 2).chain).toEqual([0, 2, 1]);
    expect(calibrate(5, fig, 0).chain).toEqual([0]);
  });
  it('a candidate that beats the level below but loses to a lower one is not stacked on it', () => {
    // 2 beats 1 and 1 beats 0, but 2 loses to 0 (non-transitive)
    const f = (u: number, l: number): DuelFigures => {
      const table: Record<string, number> = { '1,0': 1, '2,1': 1, '2,0': -1 };
      const d = table[`${u},${l}`] ?? -(table[`${l},${u}`] ?? 0);
      return planted([0, d])(1, 0);
    };
    expect(calibrate(3, f, 5).chain).toEqual([0, 1]);
  });
});

describe('the climb', () => {
  const at = (w: number): DuelFigures => ({ runs: 100, meanReturn: 0, pairedSE: 0, meanReturnCI: [0, 0], wins: 0, losses: 0, draws: 0, winRate: w, winRateCI: [w - 0.1, w + 0.1] });
  it('stops at the first level not beaten; progress = 2 × win rate there', async () => {
    const played: number[] = [];
    const { rating } = await climb(4, async (k) => (played.push(k), at([0.8, 0.6, 0.3, 0.1][k])));
    expect(rating.level).toBe(2);
    expect(rating.progress).toBeCloseTo(0.6, 12);
    expect(rating.progressCI[0]).toBeCloseTo(0.4, 12);
    expect(rating.topped).toBe(false);
    expect(played).toEqual([0, 1, 2]);
  });
  it('a participant beating every level is topped at the top level', async () => {
    const { rating } = await climb(3, async () => at(0.7));
    expect(rating).toMatchObject({ level: 2, topped: true, duels: 3 });
    expect(rating.progress).toBeCloseTo(1.4, 12);
  });
  it('a 50 % win rate does not advance (progress 100 %)', async () => {
    const { rating } = await climb(3, async (k) => at([0.9, 0.5, 0.9][k]));
    expect(rating).toMatchObject({ level: 1, progress: 1, topped: false });
  });
});

describe('a Kuhn poker ladder', () => {
  const game = kuhn();
  const candidates: AgentConfig[] = [
    { kind: 'random', params: {} },
    { kind: 'heuristic', params: { raise: 0.9, fold: 0.1, bluff: 0.5 } },
    { kind: 'heuristic', params: { raise: 0.7, fold: 0.3, bluff: 0.1 } },
    { kind: 'l1', params: {} },
    { kind: 'cfr', params: { iterations: 1000 } },
  ];
  let lg: LadderGame;
  beforeAll(async () => {
    lg = await buildLadderGame(game, 'examples/kuhn.gbg', { levels: 6, runs: 400, seed: 1, candidates });
  });

  it('has at least three levels above random, each separating from the one below', () => {
    expect(lg.levels[0].name).toBe('random');
    expect(lg.levels.length - 1).toBeGreaterThanOrEqual(3);
    for (const v of lg.levels.slice(1)) {
      expect(v.vsBelow!.meanReturnCI[0]).toBeGreaterThan(0);
      expect(v.vsBelow!.winRateCI[0]).toBeGreaterThan(0.5);
    }
    // exact facts of the levels: Lv0 exploitability is L0's in Kuhn (11/24 = NashConv 11/12 ÷ 2)
    expect(lg.levels[0].exploitability).toBeCloseTo(11 / 24, 10);
    const ids = new Set(lg.levels.map((v) => v.participantId));
    expect(ids.size).toBe(lg.levels.length);
  });

  it('every step separates again on fresh deals (another seed)', async () => {
    for (let k = 1; k < lg.levels.length; k++) {
      const [up, down] = await Promise.all([lg.levels[k], lg.levels[k - 1]].map((v) => createParticipantAgent(levelParticipant(v.agent, 'x'), game)));
      const f = duelFigures(await playDuel(game, up, down, { runs: 400, seed: 99 }));
      expect(f.meanReturn, `Lv${k} over Lv${k - 1}`).toBeGreaterThan(0);
      expect(f.winRate).toBeGreaterThan(0.5);
    }
  });

  it('each level placed as a participant recovers its own level within one', async () => {
    for (const v of lg.levels) {
      const r = await rateOnGame(game, lg, levelParticipant(v.agent, 'p'), { runs: 300, seed: 2 });
      expect(Math.abs(r.rating.level - v.level), `Lv${v.level} rated ${r.rating.level}`).toBeLessThanOrEqual(1);
      expect(r.rating.duels).toBe(r.rating.level + 1);
    }
  });

  it('ratings are deterministic for a seed', async () => {
    const who = levelParticipant({ kind: 'heuristic', params: { raise: 0.8, fold: 0.2, bluff: 0.2 } }, 'p');
    const a = await rateOnGame(game, lg, who, { runs: 200, seed: 5 });
    const b = await rateOnGame(game, lg, who, { runs: 200, seed: 5 });
    expect(b).toEqual(a);
    const c = await rateOnGame(game, lg, who, { runs: 200, seed: 6 });
    expect(c.steps[0].meanReturn).not.toBe(a.steps[0].meanReturn);
  });

  it('the build is deterministic for a seed', async () => {
    const opts = { levels: 3, runs: 100, seed: 3, candidates: candidates.slice(0, 3) };
    expect(await buildLadderGame(game, 'k', opts)).toEqual(await buildLadderGame(game, 'k', opts));
  });

  it('refuses a ladder built for other rules', async () => {
    await expect(rateOnGame(game, { ...lg, rulesetHash: '0'.repeat(64) }, levelParticipant({ kind: 'random', params: {} }, 'p'), { runs: 1, seed: 1 })).rejects.toThrow(/ruleset hash/);
    const tampered = { ...lg, levels: lg.levels.map((v, k) => (k === 1 ? { ...v, participantId: 'f'.repeat(64) } : v)) };
    await expect(rateOnGame(game, tampered, levelParticipant({ kind: 'random', params: {} }, 'p'), { runs: 1, seed: 1 })).rejects.toThrow(/participant id/);
  });
});
