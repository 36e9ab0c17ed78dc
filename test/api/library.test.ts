/**
 * The library surface (src/index.ts): loading, playing by labels, typed errors, and the helpers.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  GameLoadError,
  IllegalActionError,
  IllegalLabelError,
  loadGame,
  renderRulebook,
  sample,
  solve,
  simulate,
  CHANCE,
  type Player,
} from '../../src/index.js';
import { AGENT_KINDS, createAgent, heuristicAgent, l1Agent, playMatch, randomAgent } from '../../src/index.js';
import { runCli } from '../cli/run-cli.js';

const KUHN = 'examples/kuhn.gbg';
const LEDUC = 'examples/leduc.gbg';

describe('loadGame', () => {
  it('loads a path and source text to the same rules', () => {
    const a = loadGame(KUHN);
    const b = loadGame(readFileSync(KUHN, 'utf8'));
    expect(a.rulesetHash).toMatch(/^[0-9a-f]{64}$/);
    expect(b.rulesetHash).toBe(a.rulesetHash);
    expect(a.seatNames).toEqual(['Alice', 'Bob']);
  });

  it('throws GameLoadError carrying the diagnostics when the source does not compile', () => {
    const bad = 'game "x" {\n  players Alice, Bob\n  stack 10 each\n  phase P { ante 1 eech }\n  showdown high-card\n}\n';
    let err: unknown;
    try {
      loadGame(bad, { name: 'bad.gbg' });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(GameLoadError);
    const e = err as GameLoadError;
    expect(e.diagnostics.length).toBeGreaterThan(0);
    expect(e.diagnostics[0].code).toMatch(/^E\d{4}$/);
    expect(e.message).toMatch(/^bad\.gbg:\d+:\d+: error\[E\d{4}\]/);
  });

  it('says which path it could not read', () => {
    expect(() => loadGame('no/such/file.gbg')).toThrow(/cannot read no\/such\/file\.gbg: no such file/);
  });
});

describe('playing by labels', () => {
  it('plays a Leduc hand: forced deal, bets, showdown', () => {
    const state = loadGame(LEDUC).newInitialState();
    expect(state.isChanceNode()).toBe(true);
    const deal = state.chanceOutcomeByLabel('K of hearts');
    expect(deal.probability).toBeCloseTo(1 / 6, 12);
    state.applyAction(deal.action);
    state.applyAction(state.chanceOutcomeByLabel('j OF SPADES').action);
    expect(state.currentPlayer()).toBe(0);
    expect(state.legalActionLabels()).toEqual(['check', 'bet']);
    state.applyLabel('bet');
    expect(state.legalActionLabels()).toEqual(['fold', 'call', 'raise']);
    state.applyLabel('Call');
    expect(state.currentPlayer()).toBe(CHANCE);
    // Five cards remain for the board.
    expect(state.chanceOutcomeByLabel('K of spades').probability).toBeCloseTo(1 / 4, 12);
    state.applyAction(state.chanceOutcomeByLabel('K of spades').action);
    state.applyLabel('check');
    state.applyLabel('check');
    expect(state.isTerminal()).toBe(true);
    // Ante 1 + bet 2 each: Alice's pair of kings takes Bob's 3 chips.
    expect(state.returns()).toEqual([3, -3]);
    expect(state.legalActionLabels()).toEqual([]);
  });

  it('names illegal actions by label', () => {
    const state = loadGame(LEDUC).newInitialState();
    state.applyAction(state.chanceOutcomeByLabel('K of hearts').action);
    state.applyAction(state.chanceOutcomeByLabel('Q of hearts').action);
    state.applyLabel('bet');
    expect(() => state.applyLabel('bet')).toThrow(new IllegalLabelError('bet', ['fold', 'call', 'raise'], []).message);
    expect(() => state.applyLabel('bet')).toThrow('bet is not legal here; legal: fold, call, raise');
    try {
      state.applyLabel('check');
    } catch (e) {
      expect(e).toBeInstanceOf(IllegalActionError);
      expect((e as IllegalLabelError).legalLabels).toEqual(['fold', 'call', 'raise']);
    }
    expect(() => state.chanceOutcomeByLabel('K of hearts')).toThrow(/K of hearts is not legal here; legal: fold, call, raise/);
    // The K of hearts is already dealt: it is no chance outcome once the flop comes.
    state.applyLabel('call');
    expect(() => state.chanceOutcomeByLabel('K of hearts')).toThrow(/K of hearts is not legal here; legal: J of hearts, J of spades, Q of spades, K of spades/);
  });

  it('clones independently and shows the turn prompt of the seat to move', () => {
    const state = loadGame(KUHN).newInitialState();
    state.applyAction(state.chanceOutcomeByLabel('K of hearts').action);
    state.applyAction(state.chanceOutcomeByLabel('J of hearts').action);
    const copy = state.clone();
    copy.applyLabel('bet');
    expect(state.legalActionLabels()).toEqual(['check', 'bet']);
    expect(copy.legalActionLabels()).toEqual(['fold', 'call']);
    const prompt = state.turnPrompt(0);
    expect(prompt).toContain('K of hearts');
    expect(prompt).not.toContain('J of hearts');
    expect(state.observation(0).hand).toEqual(['K of hearts']);
  });
});

describe('helpers', () => {
  it('renders the rulebook from a loaded game or its IR', () => {
    const g = loadGame(KUHN);
    const md = renderRulebook(g);
    expect(md).toContain('Kuhn poker');
    expect(renderRulebook(g.ir, 'txt')).toBe(renderRulebook(g, 'txt'));
  });

  it('solves Kuhn to its game value −1/18', () => {
    const r = solve(loadGame(KUHN), { iterations: 1000 });
    expect(r.value[0]).toBeCloseTo(-1 / 18, 3);
    expect(r.exploitability).toBeLessThan(1e-3);
  });

  it('samples a game that loads to the same ruleset hash', async () => {
    const s = await sample(7, 0.3);
    expect(loadGame(s.source).rulesetHash).toBe(s.rulesetHash);
  });

  it('simulates with a player written against the Player interface', async () => {
    const firstLegal: Player = { name: 'first', act: (state) => state.legalActions()[0] };
    const r = await simulate(loadGame(KUHN), { episodes: 200, seed: 1, agents: [firstLegal, firstLegal] });
    // Always check: every deal goes to showdown for the antes, ±1 chip.
    expect(r.showdownRate).toBe(1);
    expect(Math.abs(r.meanReturns[0])).toBeLessThanOrEqual(1);
    expect(r.meanReturns[0] + r.meanReturns[1]).toBeCloseTo(0, 12);
  });
});

describe('agents and duplicate matches', () => {
  it('playMatch by kind names gives the figures of gbgc match (same kinds, runs, seed)', async () => {
    const game = loadGame(KUHN);
    const r = await playMatch(game, 'cfr', 'random', { runs: 300, seed: 5 });
    const cli = JSON.parse((await runCli(['match', KUHN, '--agents', 'cfr,random', '--runs', '300', '--seed', '5', '--json'])).stdout);
    expect(r.meanReturn).toBe(cli.meanReturn);
    expect(r.pairedSE).toBe(cli.pairedSE);
    expect(r.ids).toEqual(cli.agents.map((a: { id: string }) => a.id));
    expect(r.results).toHaveLength(300);
    // Paired mean: A's two slots of each run, averaged over runs, is the mean of A's returns.
    expect(r.results.reduce((t, x) => t + x.a[0] + x.a[1], 0) / 600).toBeCloseTo(r.meanReturn, 12);
    // Kuhn poker: the first seat's value is −1/18; CFR+ against L0 wins chips.
    expect(r.meanReturn).toBeGreaterThan(0);
  });

  it('agent objects play a match and a simulation; an object and a kind name give the same figures', async () => {
    const game = loadGame(LEDUC);
    const h = heuristicAgent(game, { raise: 0.8 });
    const byObject = await playMatch(game, h, randomAgent, { runs: 40, seed: 2, ids: ['h', 'r'] });
    const again = await playMatch(game, heuristicAgent(game, { raise: 0.8 }), 'random', { runs: 40, seed: 2, ids: ['h', 'r'] });
    expect(again.meanReturn).toBe(byObject.meanReturn);
    const l1 = l1Agent(game);
    expect(l1.name).toBe('l1');
    expect((await createAgent('heuristic', game, { raise: 0.8 })).name).toBe('heuristic');
    const sim = await simulate(game, { episodes: 100, seed: 3, agents: [l1, 'random'] });
    expect(sim.episodes).toBe(100);
    expect(sim.meanReturns[0] + sim.meanReturns[1]).toBeCloseTo(0, 12);
    // 'random' by name is the L0 player: the same figures as the agent object.
    const a = await simulate(game, { episodes: 100, seed: 3, agents: ['random', 'random'] });
    const b = await simulate(game, { episodes: 100, seed: 3, agents: [randomAgent, randomAgent] });
    expect(a.meanReturns).toEqual(b.meanReturns);
    expect(AGENT_KINDS).toEqual(['random', 'l1', 'cfr', 'heuristic']);
  });

  it('wrong arguments are TypeErrors that name the argument and what it takes', async () => {
    const game = loadGame(KUHN);
    await expect(playMatch(game, 'rando' as 'random', 'random', { runs: 2 })).rejects.toThrow(
      new TypeError(
        "playMatch: agent A: unknown agent kind the string 'rando'; pass an agent (randomAgent, l1Agent(game), cfrAgent(game), heuristicAgent(game)) or a kind name: random, l1, cfr, heuristic",
      ),
    );
    await expect(playMatch(game, 'random', {} as never, { runs: 2 })).rejects.toThrow(
      /^playMatch: agent B: an agent must be an object \{ name, act\(view\) \} .* got an object without an act\(\) method$/,
    );
    await expect(playMatch(game, 'random', 'random', { runs: 0 })).rejects.toThrow(/^playMatch: options.runs must be a whole number ≥ 1, got a number \(0\)$/);
    await expect(playMatch('examples/kuhn.gbg' as never, 'random', 'random', { runs: 2 })).rejects.toThrow(
      /^playMatch: the game must be a loaded game \(loadGame\(path\)\), got the string 'examples\/kuhn.gbg'$/,
    );
    await expect(simulate(game, { episodes: 10, seed: 1, agents: ['random', 3 as never] })).rejects.toThrow(
      /^simulate: options.agents\[1\]: an agent must be a Player .* got a number \(3\)$/,
    );
    await expect(simulate(game, { episodes: 10, seed: 1, agents: ['human' as never, 'random'] })).rejects.toThrow(TypeError);
    await expect(createAgent('llm' as never, game)).rejects.toThrow(/^createAgent: unknown agent kind the string 'llm'; kinds: random, l1, cfr, heuristic$/);
    expect(() => l1Agent({} as never)).toThrow(/^l1Agent: the game must be a loaded game/);
    await expect(createAgent('heuristic', game, { rise: 0.8 })).rejects.toThrow(
      new TypeError("createAgent('heuristic'): unknown parameter 'rise'; heuristic takes raise, fold, bluff"),
    );
    await expect(createAgent('heuristic', game, { raise: 2 })).rejects.toThrow(
      new TypeError("createAgent('heuristic'): raise must be at most 1, got a number (2)"),
    );
    await expect(createAgent('l1', game, { method: 'fast' })).rejects.toThrow(
      new TypeError("createAgent('l1'): method must be one of auto, exact, sampled, got the string 'fast'"),
    );
    await expect(createAgent('cfr', game, { iterations: 1.5 })).rejects.toThrow(
      new TypeError("createAgent('cfr'): iterations must be a whole number, got a number (1.5)"),
    );
  });
});

describe('docs/api.md', () => {
  it('shows the example file verbatim', () => {
    const doc = readFileSync('docs/api.md', 'utf8');
    expect(doc).toContain(readFileSync('examples/api/leduc-hand.mjs', 'utf8').trim());
  });
});
