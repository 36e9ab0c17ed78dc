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
  poolFigures,
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

/** Planted figures: chips won = strength difference, paired SE 0.1, win rate 0.5 + 0.1 × difference ± 0.05 (over 1,000 decisive games). */
function planted(strength: number[]): (u: number, l: number) => DuelFigures {
  return (u, l) => {
    const d = strength[u] - strength[l];
    const w = Math.min(1, Math.max(0, 0.5 + 0.1 * d));
    return {
      runs: 100,
      meanReturn: d,
      pairedSE: 0.1,
      meanReturnCI: [d - 0.196, d + 0.196],
      wins: 1000 * w,
      losses: 1000 * (1 - w),
      draws: 0,
      winRate: w,
      winRateCI: [w - 0.05, w + 0.05],
    };
  };
}

describe('duel figures', () => {
  it('Wilson interval of 8/10 is [0.4902, 0.9433] and of 0/0 is [0, 1]', () => {
    const [lo, hi] = wilson(8, 10);
    expect(lo).toBeCloseTo(0.4902, 4);
    expect(hi).toBeCloseTo(0.9433, 4);
    expect(wilson(0, 0)).toEqual([0, 1]);
  });
  it('chips won, paired SE; wins, losses and draws counted per game (BotzoneBench §4.5), runs beside them', () => {
    const f = duelFigures([
      [1, 1],
      [2, -2],
      [-1, 0],
      [0, 0],
    ]);
    expect(f.meanReturn).toBeCloseTo(0.125, 12);
    expect(f.pairedSE).toBeCloseTo(Math.sqrt(1.1875 / 3) / 2, 12);
    // Games: +1 +1 +2 −2 −1 0 0 0 → 3 won, 2 lost, 3 drawn.
    expect([f.games, f.wins, f.losses, f.draws]).toEqual([8, 3, 2, 3]);
    expect(f.winRate).toBeCloseTo(0.6, 12);
    expect(f.winRateCI).toEqual(wilson(3, 5));
    // Runs: net +2, 0, −1, 0.
    expect([f.runWins, f.runLosses, f.runDraws, f.runWinRate]).toEqual([1, 1, 2, 0.5]);
    const m = mirror(f);
    expect(m.meanReturn).toBeCloseTo(-0.125, 12);
    expect(m.meanReturnCI[0]).toBeCloseTo(-f.meanReturnCI[1], 12);
    expect([m.wins, m.losses]).toEqual([2, 3]);
  });
  it('a run won on net can be a lost game and a won game: random against the default heuristic is counted by games', () => {
    // Two runs: A wins +3 and loses −1 (run won), then wins +1 and loses −2 (run lost), then loses −1 twice.
    const f = duelFigures([
      [3, -1],
      [1, -2],
      [-1, -1],
    ]);
    expect([f.wins, f.losses]).toEqual([2, 4]);
    expect(f.winRate).toBeCloseTo(1 / 3, 12);
    expect(f.runWinRate).toBeCloseTo(1 / 3, 12);
  });
  it('pooling two duels sums the games and weights chips by runs', () => {
    const a = duelFigures([
      [1, 1],
      [1, -1],
    ]);
    const b = duelFigures([
      [-1, -1],
      [-1, 1],
      [2, 0],
    ]);
    const p = poolFigures([a, b]);
    expect([p.runs, p.wins, p.losses, p.draws]).toEqual([5, a.wins + b.wins, a.losses + b.losses, a.draws + b.draws]);
    expect(p.winRate).toBeCloseTo((a.wins + b.wins) / (a.wins + b.wins + a.losses + b.losses), 12);
    expect(p.meanReturn).toBeCloseTo((2 * a.meanReturn + 3 * b.meanReturn) / 5, 12);
    expect(poolFigures([a])).toBe(a);
  });
  it('all draws give win rate 0.5 with the uninformative interval', () => {
    const f = duelFigures([
      [0, 0],
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
  it('prefers steps inside the 70–90 % band, then length, then the first candidates; names the steps outside', () => {
    // [0,2,3,1] has three steps of 60 %; [0,2,1] (60 %, 70 %), [0,3,1] and [0,4,1] one step in the band each.
    const c = calibrate(5, fig, 10);
    expect(c.chain).toEqual([0, 2, 1]);
    expect(c.inBandSteps).toBe(1);
    expect(c.outOfBand).toEqual([{ level: 1, winRate: expect.closeTo(0.6, 12) }]);
    expect(c.members).toEqual([[0], [2], [1]]);
    expect(c.dropped.get(3)).toMatch(/separates from Lv1 but not from Lv2/);
    expect(calibrate(5, fig, 0).chain).toEqual([0]);
  });
  it('takes bots of comparable strength onto a level, other methods first, up to the limit', () => {
    // strengths 0 | 1, 1.02, 1.01, 0.99 | 1.9 (no step reaches the band): level 1 takes the comparable ones; kinds prefer a new method.
    const f = planted([0, 1, 1.02, 1.01, 0.99, 1.9]);
    const kinds = ['random', 'heuristic', 'heuristic', 'l1', 'heuristic', 'cfr'];
    const c = calibrate(6, f, 5, { kinds, maxBots: 3 });
    expect(c.chain).toEqual([0, 1, 5]);
    expect(c.members).toEqual([[0], [1, 3, 2], [5]]);
    expect(c.dropped.get(4)).toMatch(/as strong as Lv1's first bot/);
    expect(calibrate(6, f, 5, { kinds, maxBots: 1 }).members).toEqual([[0], [1], [5]]);
  });
  it('adds a CFR+ rung on top when one separates, or says why not', () => {
    // Chain [0, 1] (one step in the band); CFR+ candidate 2 is stronger but the band prefers stopping; it is added on top.
    const up = calibrate(3, planted([0, 2, 3]), 5, { cfr: [2], names: ['random', 'h', 'cfr-100'] });
    expect(up.members.at(-1)).toEqual([2]);
    expect(up.cfrRung).toMatch(/Lv\d holds cfr-100|cfr-100 added as Lv2/);
    const none = calibrate(3, planted([0, 2, 1.5]), 5, { cfr: [2], names: ['random', 'h', 'cfr-100'], maxBots: 1 });
    expect(none.cfrRung).toMatch(/no CFR\+ candidate separates from the top level Lv1 \(best: cfr-100, win rate 45.0 %/);
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
  const at = (w: number): DuelFigures => ({
    runs: 100,
    meanReturn: 0,
    pairedSE: 0,
    meanReturnCI: [0, 0],
    wins: 0,
    losses: 0,
    draws: 0,
    winRate: w,
    winRateCI: [w - 0.1, w + 0.1],
  });
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
  it('a 50 % win rate advances (BotzoneBench §4.5: at least 50 %); just below does not', async () => {
    const { rating } = await climb(3, async (k) => at([0.9, 0.5, 0.3][k]));
    expect(rating).toMatchObject({ level: 2, topped: false });
    const below = await climb(3, async (k) => at([0.9, 0.4999, 0.9][k]));
    expect(below.rating).toMatchObject({ level: 1, topped: false });
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

  it('levels separate by chips and by per-game win rate; every step is in the 70–90 % band or listed', () => {
    expect(lg.levels[0].name).toBe('random');
    expect(lg.levels.length - 1).toBeGreaterThanOrEqual(1);
    for (const v of lg.levels.slice(1)) {
      expect(v.vsBelow!.meanReturnCI[0]).toBeGreaterThan(0);
      expect(v.vsBelow!.winRateCI[0]).toBeGreaterThan(0.5);
      // Per game: every game of every duel between the level's bots and the bots below is counted.
      const below = lg.levels[v.level - 1].bots.length;
      expect(v.vsBelow!.wins + v.vsBelow!.losses + v.vsBelow!.draws).toBe(2 * 400 * v.bots.length * below);
      expect(v.vsBelow!.winRate).toBeCloseTo(v.vsBelow!.wins / (v.vsBelow!.wins + v.vsBelow!.losses), 12);
      expect(v.inBand || lg.outOfBand.some((o) => o.level === v.level)).toBe(true);
      for (const b of v.bots) expect(b.vsBelow!.winRateCI[0]).toBeGreaterThan(0.5);
    }
    // exact facts of the levels: Lv0 exploitability is L0's in Kuhn (11/24 = NashConv 11/12 ÷ 2)
    expect(lg.levels[0].exploitability).toBeCloseTo(11 / 24, 10);
    const ids = new Set(lg.levels.flatMap((v) => v.bots.map((b) => b.participantId)));
    expect(ids.size).toBe(lg.levels.reduce((s, v) => s + v.bots.length, 0));
    expect(lg.cfrRung).not.toBeNull();
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
    await expect(
      rateOnGame(game, { ...lg, rulesetHash: '0'.repeat(64) }, levelParticipant({ kind: 'random', params: {} }, 'p'), { runs: 1, seed: 1 }),
    ).rejects.toThrow(/ruleset hash/);
    const tampered = { ...lg, levels: lg.levels.map((v, k) => (k === 1 ? { ...v, bots: v.bots.map((b) => ({ ...b, participantId: 'f'.repeat(64) })) } : v)) };
    await expect(rateOnGame(game, tampered, levelParticipant({ kind: 'random', params: {} }, 'p'), { runs: 1, seed: 1 })).rejects.toThrow(/participant id/);
  });
});

describe("a Leduc hold'em ladder and ratings per game", () => {
  it('counts win rates per game, names every step outside the band, and rates per game without a mean', async () => {
    const r = compileSource(readFileSync('examples/leduc.gbg', 'utf8'));
    const leduc = compileGame(r.ir!);
    const candidates: AgentConfig[] = [
      { kind: 'random', params: {} },
      { kind: 'heuristic', params: { raise: 0.9, fold: 0.1, bluff: 0.5 } },
      { kind: 'heuristic', params: { raise: 0.6, fold: 0.2, bluff: 0.3 } },
      { kind: 'l1', params: {} },
      { kind: 'cfr', params: { iterations: 30 } },
    ];
    const lg = await buildLadderGame(leduc, 'examples/leduc.gbg', { levels: 4, runs: 300, seed: 1, candidates });
    expect(lg.levels.length).toBeGreaterThanOrEqual(2);
    for (const v of lg.levels.slice(1)) {
      const below = lg.levels[v.level - 1].bots.length;
      expect(v.vsBelow!.games).toBe(2 * 300 * v.bots.length * below);
      expect(v.vsBelow!.wins + v.vsBelow!.losses + v.vsBelow!.draws).toBe(v.vsBelow!.games);
      expect(v.inBand).toBe(v.vsBelow!.winRate >= 0.7 && v.vsBelow!.winRate <= 0.9);
      if (!v.inBand) expect(lg.outOfBand.map((o) => o.level)).toContain(v.level);
    }
    expect(lg.outOfBand.every((o) => !lg.levels[o.level].inBand)).toBe(true);
    const { formatLadder, formatRatings } = await import('../../src/cli/commands/ladder.js');
    const text = formatLadder({ format: 'gbgc-ladder', version: 2, engineVersion: 'x', seed: 1, runs: 300, maxLevels: 4, games: [lg] });
    for (const o of lg.outOfBand) expect(text).toContain(`Lv${o.level - 1}→Lv${o.level} ${(100 * o.winRate).toFixed(1)} %`);
    expect(text).toContain('CFR+ rung: ');
    const who = levelParticipant({ kind: 'heuristic', params: { raise: 0.8, fold: 0.2, bluff: 0.2 } }, 'p');
    const a = await rateOnGame(leduc, lg, who, { runs: 100, seed: 4 });
    const step = a.steps[0];
    expect(step.wins + step.losses + step.draws).toBe(2 * 100);
    expect(a.rating.progress).toBeCloseTo(2 * a.steps.at(-1)!.winRate, 12);
    expect(a.rating.level).toBe(a.steps.findIndex((s) => s.winRate < 0.5) >= 0 ? a.steps.findIndex((s) => s.winRate < 0.5) : lg.levels.length - 1);
    const out = formatRatings([a, { ...a, game: 'Kuhn poker' }]);
    expect(out).not.toMatch(/mean/);
  }, 60_000);
});
