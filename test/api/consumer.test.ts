/**
 * The package as a consumer gets it: `npm pack`, unpack into a fresh project, then import `gbgc`
 * from an ES module and from TypeScript (`moduleResolution: nodenext`) and run the documented
 * example. The project sits inside this repository so that gbgc's own dependencies resolve from
 * the repository's node_modules (no network).
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt } from '../support/kill-resume.js';

const ROOT = resolve('.');
let dir = '';

beforeAll(() => {
  dir = mkdtempSync(join(ROOT, '.consumer-'));
  // The build `prepare` runs (tsc, then the bundle), under the lock the other test files that use
  // dist/ take; `npm pack` then packs it without rebuilding dist/ under a running test.
  ensureBuilt();
  const out = execFileSync('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', dir], {
    cwd: ROOT,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const [{ filename }] = JSON.parse(out.slice(out.indexOf('['))) as { filename: string }[];
  const pkg = join(dir, 'node_modules', 'gbgc');
  mkdirSync(pkg, { recursive: true });
  execFileSync('tar', ['xzf', join(dir, filename), '-C', pkg, '--strip-components=1']);
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
});

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('the packed package', () => {
  it('ships the entry, its declarations and no test files', () => {
    const manifest = JSON.parse(readFileSync(join(dir, 'node_modules/gbgc/package.json'), 'utf8'));
    expect(manifest.exports['.']).toEqual({ types: './dist/index.d.ts', import: './dist/index.js' });
    expect(readFileSync(join(dir, 'node_modules/gbgc/dist/index.d.ts'), 'utf8')).toContain('export declare function renderRulebook');
    expect(() => readFileSync(join(dir, 'node_modules/gbgc/test/api/consumer.test.ts'))).toThrow();
  });

  it('runs the documented example from an ES module', () => {
    copyFileSync(join(ROOT, 'examples/api/leduc-hand.mjs'), join(dir, 'leduc-hand.mjs'));
    const out = execFileSync(process.execPath, ['leduc-hand.mjs', join(ROOT, 'examples/leduc.gbg')], { cwd: dir, encoding: 'utf8' });
    expect(out).toContain("[ 'check', 'bet' ]");
    expect(out).toContain('bet is not legal here; legal: fold, call, raise');
    expect(out).toContain('true [ 3, -3 ]');
    expect(out).toContain('Alice wins the showdown.');
  });

  it('exports the agents, playMatch and simulate (promises), with clear errors for wrong arguments', () => {
    writeFileSync(
      join(dir, 'agents.mjs'),
      [
        "import { loadGame, playMatch, simulate, randomAgent, cfrAgent, heuristicAgent, l1Agent, createAgent, AGENT_KINDS } from 'gbgc';",
        'const game = loadGame(process.argv[2]);',
        'const m = playMatch(game, cfrAgent(game, { iterations: 300 }), randomAgent, { runs: 200, seed: 1 });',
        "const s = simulate(game, { episodes: 100, seed: 1, agents: ['random', heuristicAgent(game)] });",
        'const promises = [m instanceof Promise, s instanceof Promise];',
        'const [match, sim] = await Promise.all([m, s]);',
        "const l1 = await createAgent('l1', game);",
        'let wrong = null;',
        "try { await playMatch(game, 'rando', randomAgent, { runs: 1 }); } catch (e) { wrong = [e.name, e.message]; }",
        'let raw = null;',
        'try { await simulate(game, { episodes: 5, seed: 1, agents: [randomAgent, 42] }); } catch (e) { raw = [e.name, e.message]; }',
        'console.log(JSON.stringify({ promises, meanReturn: match.meanReturn, runs: match.results.length, ids: match.ids, zeroSum: sim.meanReturns[0] + sim.meanReturns[1], l1: l1.name, l1b: l1Agent(game).name, kinds: AGENT_KINDS, wrong, raw }));',
        '',
      ].join('\n'),
    );
    const r = JSON.parse(execFileSync(process.execPath, ['agents.mjs', join(ROOT, 'examples/kuhn.gbg')], { cwd: dir, encoding: 'utf8' }));
    expect(r.promises).toEqual([true, true]);
    expect(r.runs).toBe(200);
    expect(r.meanReturn).toBeGreaterThan(0); // CFR+ against L0 in Kuhn poker wins chips
    expect(r.ids).toEqual(['cfr', 'random']);
    expect(r.zeroSum).toBeCloseTo(0, 12);
    expect([r.l1, r.l1b]).toEqual(['l1', 'l1']);
    expect(r.kinds).toEqual(['random', 'l1', 'cfr', 'heuristic']);
    expect(r.wrong).toEqual([
      'TypeError',
      "playMatch: agent A: unknown agent kind the string 'rando'; pass an agent (randomAgent, l1Agent(game), cfrAgent(game), heuristicAgent(game)) or a kind name: random, l1, cfr, heuristic",
    ]);
    expect(r.raw[0]).toBe('TypeError');
    expect(r.raw[1]).toMatch(/^simulate: options.agents\[1\]: an agent must be a Player .* got a number \(42\)$/);
  });

  it('type-checks and runs from TypeScript with moduleResolution nodenext', () => {
    writeFileSync(
      join(dir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'ES2022',
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          strict: true,
          skipLibCheck: true,
          types: ['node'],
          rootDir: '.',
          outDir: 'out',
        },
        files: ['consumer.ts'],
      }),
    );
    writeFileSync(
      join(dir, 'consumer.ts'),
      [
        "import { loadGame, solve, GameLoadError, playMatch, randomAgent, heuristicAgent, simulate, type LabeledState, type Player, type Agent, type MatchResult, type SimulationReport } from 'gbgc';",
        'const game = loadGame(process.argv[2]);',
        'const state: LabeledState = game.newInitialState();',
        "state.applyAction(state.chanceOutcomeByLabel('K of hearts').action);",
        "state.applyAction(state.chanceOutcomeByLabel('Q of hearts').action);",
        "state.applyLabel('bet');",
        'const labels: string[] = state.legalActionLabels();',
        "const p: Player = { name: 'first', act: (s) => s.legalActions()[0] };",
        'const v: number = solve(game, { iterations: 200 }).value[0];',
        'const agents: Agent[] = [randomAgent, heuristicAgent(game, { raise: 0.9 })];',
        "const match: Promise<MatchResult> = playMatch(game, agents[1], 'random', { runs: 20 });",
        "const sim: Promise<SimulationReport> = simulate(game, { episodes: 20, seed: 1, agents: [p, 'random'] });",
        "let code = '';",
        "try { loadGame('game \"x\" {', { name: 'x.gbg' }); } catch (e) { if (e instanceof GameLoadError) code = e.diagnostics[0].code; }",
        'const [mr, sr] = await Promise.all([match, sim]);',
        'console.log(JSON.stringify({ labels, player: p.name, v: Math.round(v * 100) / 100, code, runs: mr.results.length, episodes: sr.episodes }));',
        '',
      ].join('\n'),
    );
    execFileSync(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', dir], { cwd: dir, encoding: 'utf8' });
    const out = execFileSync(process.execPath, ['out/consumer.js', join(ROOT, 'examples/kuhn.gbg')], { cwd: dir, encoding: 'utf8' });
    const r = JSON.parse(out);
    expect(r.labels).toEqual(['fold', 'call']);
    expect(r.player).toBe('first');
    expect(r.v).toBeCloseTo(-0.06, 2);
    expect(r.code).toMatch(/^E\d{4}$/);
    expect([r.runs, r.episodes]).toEqual([20, 20]);
  });
});
