/**
 * Simulation: sampled means agree with the exact tree-walk values within 4 standard errors;
 * moves, phase firing and showdown rates agree with hand-derived probabilities; same seed, same
 * report. Agents: the random agent and the registry.
 */
import { describe, expect, it } from 'vitest';
import { compileGame, episodeRng } from '../../src/interpreter/index.js';
import { expectedReturns, playEpisode, simulate, uniformPolicy, type SimulationReport } from '../../src/algorithms/index.js';
import { l0Player as randomAgent } from '../../src/algorithms/l0.js';
import { AGENTS, UnknownAgentError, agentNames, createAgent } from '../../src/eval/agents/index.js';
import { KUHN_IR, LEDUC_IR } from '../fixtures/ir.js';

const kuhn = compileGame(KUHN_IR);
const leduc = compileGame(LEDUC_IR);
const random = [randomAgent, randomAgent] as const;
const N = 20_000;

/** Within 4 standard errors of a proportion's true value `p` over `n` trials. */
function expectRate(observed: number, p: number, n: number): void {
  expect(Math.abs(observed - p)).toBeLessThan(4 * Math.sqrt((p * (1 - p)) / n));
}

function withoutTiming(r: SimulationReport): Omit<SimulationReport, 'episodesPerSecond'> {
  const { episodesPerSecond: _, ...rest } = r;
  return rest;
}

describe('simulate', () => {
  it('Kuhn: the mean lies within 4 standard errors of the exact value; rates match hand-derived probabilities', async () => {
    const exact = expectedReturns(kuhn, uniformPolicy);
    const r = await simulate(kuhn, { episodes: N, seed: 1, agents: random });
    expect(r.episodes).toBe(N);
    for (const s of [0, 1]) {
      expect(r.stdErrors[s]).toBeGreaterThan(0);
      expect(Math.abs(r.meanReturns[s] - exact[s])).toBeLessThan(4 * r.stdErrors[s]);
    }
    expect(r.meanReturns[0] + r.meanReturns[1]).toBeCloseTo(0, 12);
    // Seat 0 acts again only after check, bet (probability 1/4); seat 1 always acts once.
    expectRate(r.movesPerPlayer[0] - 1, 0.25, N);
    expect(r.movesPerPlayer[1]).toBe(1);
    expect(r.phaseFireRates).toEqual({ Setup: 1, Ante: 1, Betting: 1 });
    // Showdown after check-check (1/4), check-bet-call (1/8), bet-call (1/4).
    expectRate(r.showdownRate, 5 / 8, N);
  });

  it('Leduc: the mean lies within 4 standard errors of the exact value; the flop fires with probability 5/8', async () => {
    const exact = expectedReturns(leduc, uniformPolicy);
    const r = await simulate(leduc, { episodes: N, seed: 2, agents: random });
    for (const s of [0, 1]) expect(Math.abs(r.meanReturns[s] - exact[s])).toBeLessThan(4 * r.stdErrors[s]);
    expect(r.phaseFireRates.Setup).toBe(1);
    expect(r.phaseFireRates.FirstRound).toBe(1);
    expect(r.phaseFireRates.Flop).toBe(r.phaseFireRates.SecondRound);
    // First round without a fold: after a check 3/4, after a bet 1/2 (uniform over the legal actions).
    expectRate(r.phaseFireRates.Flop, 5 / 8, N);
    expect(r.movesPerPlayer[0]).toBeGreaterThan(1);
  });

  it('gives the same report for the same seed, and a different one for another seed', async () => {
    const a = await simulate(leduc, { episodes: 500, seed: 9, agents: random });
    const b = await simulate(leduc, { episodes: 500, seed: 9, agents: random });
    const c = await simulate(leduc, { episodes: 500, seed: 10, agents: random });
    expect(withoutTiming(a)).toEqual(withoutTiming(b));
    expect(a.meanReturns).not.toEqual(c.meanReturns);
    expect(a.episodesPerSecond).toBeGreaterThan(0);
  });

  it('reports progress and rejects a non-positive episode count', async () => {
    const seen: number[] = [];
    await simulate(kuhn, { episodes: 250, seed: 1, agents: random, progressEvery: 100, onProgress: (d) => seen.push(d) });
    expect(seen).toEqual([100, 200]);
    await expect(simulate(kuhn, { episodes: 0, seed: 1, agents: random })).rejects.toThrow(RangeError);
  });
});

describe('agents', () => {
  it('the random agent picks each legal action about equally often', () => {
    const s = kuhn.newInitialState();
    s.applyAction(0);
    s.applyAction(1);
    let u = 0;
    const counts = new Map<number, number>();
    for (let i = 0; i < 1000; i++) {
      const a = randomAgent.act(s, 0, () => (u = (u + 0.618034) % 1)) as number;
      counts.set(a, (counts.get(a) ?? 0) + 1);
    }
    expect([...counts.keys()].sort()).toEqual([1, 2]);
    expect(Math.abs((counts.get(1) ?? 0) - 500)).toBeLessThan(20);
  });

  it('the registry creates agents by name and names the known ones on a miss', async () => {
    expect(agentNames()).toContain('random');
    expect(AGENTS.random.description).toMatch(/uniform/);
    expect((await createAgent('random', kuhn)).name).toBe('random');
    await expect(createAgent('nobody', kuhn)).rejects.toThrow(UnknownAgentError);
    await expect(createAgent('toString', kuhn)).rejects.toThrow(/known agents: .*random/);
  });
});

describe('simulate: the reusing, synchronous fast path plays exactly the episodes of playEpisode', () => {
  /** The report computed the plain way: a fresh state and `episodeRng(seed, i)` per episode. */
  async function reference(game: typeof leduc, n: number, seed: number) {
    const sum = [0, 0];
    const moves = [0, 0];
    const fired: Record<string, number> = Object.fromEntries(game.ir.phases.map((p) => [p.name, 0]));
    let showdowns = 0;
    for (let i = 0; i < n; i++) {
      const end = await playEpisode(game, random, episodeRng(seed, i));
      const ret = end.returns();
      for (const s of [0, 1]) {
        sum[s] += ret[s];
        moves[s] += end.moves(s);
      }
      for (const p of new Set(end.phasesEntered())) fired[game.ir.phases[p]!.name]++;
      if (end.reachedShowdown()) showdowns++;
    }
    return {
      meanReturns: sum.map((x) => x / n),
      movesPerPlayer: moves.map((x) => x / n),
      phaseFireRates: Object.fromEntries(Object.entries(fired).map(([k, v]) => [k, v / n])),
      showdownRate: showdowns / n,
    };
  }

  it.each([
    ['Kuhn', kuhn],
    ['Leduc', leduc],
  ] as const)('%s: the same returns, moves, phase and showdown rates, episode by episode, and the stream version sfc32-v1', async (_name, game) => {
    const r = await simulate(game, { episodes: 3000, seed: 11, agents: random });
    const ref = await reference(game, 3000, 11);
    expect(r.meanReturns[0]).toBeCloseTo(ref.meanReturns[0]!, 12);
    expect(r.meanReturns[1]).toBeCloseTo(ref.meanReturns[1]!, 12);
    expect(r.movesPerPlayer).toEqual(ref.movesPerPlayer);
    expect(r.phaseFireRates).toEqual(ref.phaseFireRates);
    expect(r.showdownRate).toBe(ref.showdownRate);
    expect(r.rngStream).toBe('sfc32-v1');
  });

  it('an agent answering with promises gets the same report as the same agent answering synchronously', async () => {
    const asyncRandom = {
      name: 'random',
      act: (s: Parameters<typeof randomAgent.act>[0], seat: number, rng: () => number) => Promise.resolve(randomAgent.act(s, seat, rng)),
    };
    const sync = await simulate(leduc, { episodes: 500, seed: 4, agents: random });
    const viaPromises = await simulate(leduc, { episodes: 500, seed: 4, agents: [asyncRandom, randomAgent] });
    expect(withoutTiming(viaPromises)).toEqual(withoutTiming(sync));
  });

  it('states an agent cloned during an episode stay intact while later episodes reuse the simulation state', async () => {
    const kept: { state: ReturnType<typeof leduc.newInitialState>; rows: number[][]; returns: number[] }[] = [];
    const cloning = {
      name: 'cloning-random',
      act(s: Parameters<typeof randomAgent.act>[0], seat: number, rng: () => number) {
        if (kept.length < 200) {
          const c = s.clone() as ReturnType<typeof leduc.newInitialState>;
          kept.push({ state: c, rows: c.log.rows(), returns: c.returns() });
        }
        return randomAgent.act(s, seat, rng);
      },
    };
    await simulate(leduc, { episodes: 300, seed: 2, agents: [cloning, cloning] });
    expect(kept.length).toBe(200);
    for (const k of kept) {
      expect(k.state.log.rows()).toEqual(k.rows);
      expect(k.state.returns()).toEqual(k.returns);
    }
  });
});
