import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from './run-cli.js';

const tmp = mkdtempSync(join(tmpdir(), 'gbgc-axes-'));

describe('gbgc axes', () => {
  it('prints the exact Kuhn axes as JSON: 12 information states, temporal depth 1/120', async () => {
    const r = await runCli(['axes', 'examples/kuhn.gbg', '--exact', '--json']);
    expect(r.code).toBe(0);
    const [line] = JSON.parse(r.stdout);
    expect(line.axes.state_space).toBeCloseTo(Math.log10(12), 12);
    expect(line.axes.temporal_depth).toBeCloseTo(1 / 120, 12);
    expect(line.exact).toBe(true);
    expect(line.rulesetHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('scores a pool into axes.jsonl and resumes without recomputing', async () => {
    const pool = join(tmp, 'pool');
    const { mkdirSync } = await import('node:fs');
    mkdirSync(pool);
    copyFileSync('examples/kuhn.gbg', join(pool, 'g0.gbg'));
    copyFileSync('examples/kuhn.gbg', join(pool, 'g1.gbg'));
    const entry = (slot: number) =>
      JSON.stringify({ slot, file: `g${slot}.gbg`, seed: 10 + slot, complexity: 0.5, rulesetHash: 'x', tries: 1, acceptance: {} });
    writeFileSync(join(pool, 'index.jsonl'), `${entry(0)}\n${entry(1)}\n`);
    const out = join(tmp, 'axes.jsonl');
    const a = await runCli(['axes', pool, '--out', out, '--seed', '3', '--jobs', '1']);
    expect(a.code).toBe(0);
    const lines = readFileSync(out, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines.map((l) => l.slot)).toEqual([0, 1]);
    expect(lines[0].axes).toEqual(lines[1].axes); // same game, same seed
    // Tamper with the stored value: a rerun must keep it (not recompute), and append nothing.
    lines[1].axes.risk = 123;
    writeFileSync(out, lines.map((l) => JSON.stringify(l)).join('\n') + '\n');
    const b = await runCli(['axes', pool, '--out', out, '--seed', '3', '--json', '--jobs', '1']);
    expect(b.code).toBe(0);
    expect(JSON.parse(b.stdout).map((l: { axes: { risk: number } }) => l.axes.risk)[1]).toBe(123);
    expect(readFileSync(out, 'utf8').trim().split('\n')).toHaveLength(2);
    expect(lines[0].riskWeights).toBe('qualifying');
    // Other risk weights are another measurement: both games are measured again and appended.
    const d = await runCli(['axes', pool, '--out', out, '--seed', '3', '--risk-weights', 'all-visits', '--json', '--jobs', '1']);
    expect(d.code).toBe(0);
    expect(JSON.parse(d.stdout).map((l: { riskWeights: string }) => l.riskWeights)).toEqual(['all-visits', 'all-visits']);
    expect(readFileSync(out, 'utf8').trim().split('\n')).toHaveLength(4);
    // Worker threads give the same values as in-process.
    const c = await runCli(['axes', pool, '--seed', '3', '--jobs', '2', '--json']);
    expect(c.code).toBe(0);
    const viaWorkers = JSON.parse(c.stdout);
    expect(viaWorkers.map((l: { slot: number }) => l.slot)).toEqual([0, 1]);
    expect(viaWorkers[0].axes).toEqual(lines[0].axes);
    expect(viaWorkers[1].axes).toEqual(lines[0].axes);
  });

  it('rejects a bad tier (exit 2) and a missing file (exit 1)', async () => {
    expect((await runCli(['axes', 'examples/kuhn.gbg', '--tier', 'slow'])).code).toBe(2);
    const rw = await runCli(['axes', 'examples/kuhn.gbg', '--risk-weights', 'visits']);
    expect(rw.code).toBe(2);
    expect(rw.stderr).toContain("--risk-weights must be qualifying or all-visits, got 'visits'");
    expect((await runCli(['axes', join(tmp, 'nope.gbg')])).code).toBe(1);
    expect((await runCli(['axes', tmp])).code).toBe(1);
    // An --out in a missing folder is one line before any game is measured.
    const noDir = await runCli(['axes', 'examples/kuhn.gbg', '--out', join(tmp, 'absent', 'axes.jsonl')]);
    expect(noDir.code).toBe(1);
    expect(noDir.stderr).toBe(`gbgc: error: cannot write ${join(tmp, 'absent', 'axes.jsonl')}: the folder ${join(tmp, 'absent')} does not exist\n`);
    expect(noDir.stdout).toBe('');
  });
});

describe('gbgc select', () => {
  it('chooses by farthest-point sampling from a pool with an axes file and reports coverage, r and VIF', async () => {
    const pool = join(tmp, 'sel');
    const { mkdirSync } = await import('node:fs');
    mkdirSync(pool);
    const idx: string[] = [];
    const ax: string[] = [];
    for (let slot = 0; slot < 40; slot++) {
      idx.push(JSON.stringify({ slot, file: `g${slot}.gbg`, seed: 100 + slot, complexity: 0.5, rulesetHash: `h${slot}`, tries: 1, acceptance: {} }));
      const v = (k: number) => ((slot * (7 + 2 * k)) % 40) / 40;
      ax.push(
        JSON.stringify({
          file: `g${slot}.gbg`,
          slot,
          rulesetHash: `h${slot}`,
          set: 'v2',
          tier: 'fast',
          exact: false,
          axesSeed: 1,
          axes: { state_space: v(0), temporal_depth: v(1), info_sensitivity: v(2), opponent_modelling: v(3), risk: v(4), brittleness: v(5) - 2 },
        }),
      );
    }
    writeFileSync(join(pool, 'index.jsonl'), idx.join('\n') + '\n');
    writeFileSync(join(tmp, 'sel.jsonl'), ax.join('\n') + '\n');
    const out = join(tmp, 'selection.json');
    const r = await runCli(['select', '--pool', pool, '--axes', join(tmp, 'sel.jsonl'), '--n', '10', '--out', out]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('VIF');
    expect(r.stdout).toContain('Pearson r');
    const sel = JSON.parse(readFileSync(out, 'utf8'));
    expect(sel.chosen).toHaveLength(10);
    expect(new Set(sel.chosen.map((c: { seed: number }) => c.seed)).size).toBe(10);
    expect(sel.chosen.every((c: { seed: number; slot: number }) => c.seed === 100 + c.slot)).toBe(true);
    expect(sel.correlation).toHaveLength(6);
    expect((await runCli(['select', '--pool', pool, '--axes', join(tmp, 'sel.jsonl'), '--n', '41'])).code).toBe(2);
    expect((await runCli(['select', '--pool', pool, '--axes', join(tmp, 'sel.jsonl'), '--scatter', 'risk,nope'])).code).toBe(2);
    const plots = join(tmp, 'plots');
    mkdirSync(plots);
    const p = await runCli(['select', '--pool', pool, '--axes', join(tmp, 'sel.jsonl'), '--n', '10', '--plots', plots]);
    expect(p.code).toBe(0);
    const svg = readFileSync(join(plots, 'scatter.svg'), 'utf8');
    expect(svg).toContain('<svg');
    expect(svg).toContain('info_sensitivity');
    expect(readFileSync(join(plots, 'distributions.png')).subarray(1, 4).toString()).toBe('PNG');
    expect((await runCli(['select', '--pool', pool, '--axes', join(tmp, 'none.jsonl')])).code).toBe(1);
  });

  it('reads a v1 axes file: five axes, v1 scatter default; mixed sets are refused (exit 1)', async () => {
    const { mkdirSync } = await import('node:fs');
    const pool = join(tmp, 'sel1');
    mkdirSync(pool);
    const idx: string[] = [];
    const ax: string[] = [];
    for (let slot = 0; slot < 20; slot++) {
      idx.push(JSON.stringify({ slot, file: `g${slot}.gbg`, seed: 200 + slot, complexity: 0.5, rulesetHash: `k${slot}`, tries: 1, acceptance: {} }));
      const v = (k: number) => ((slot * (3 + 2 * k)) % 20) / 20;
      ax.push(
        JSON.stringify({
          file: `g${slot}.gbg`,
          slot,
          rulesetHash: `k${slot}`,
          set: 'v1',
          tier: 'fast',
          exact: false,
          axesSeed: 1,
          axes: { state_space: v(0), temporal: v(1), opponent_dependence: v(2), information: v(3), precision: v(4) },
        }),
      );
    }
    writeFileSync(join(pool, 'index.jsonl'), idx.join('\n') + '\n');
    writeFileSync(join(tmp, 'sel1.jsonl'), ax.join('\n') + '\n');
    const r = await runCli(['select', '--pool', pool, '--axes', join(tmp, 'sel1.jsonl'), '--n', '6', '--json']);
    expect(r.code).toBe(0);
    const sel = JSON.parse(r.stdout);
    expect(sel.axes).toEqual(['state_space', 'temporal', 'opponent_dependence', 'information', 'precision']);
    expect(sel.correlation).toHaveLength(5);
    expect(Object.keys(sel.vif)).toHaveLength(5);
    const plots = join(tmp, 'plots1');
    mkdirSync(plots);
    expect((await runCli(['select', '--pool', pool, '--axes', join(tmp, 'sel1.jsonl'), '--n', '6', '--plots', plots])).code).toBe(0);
    expect(readFileSync(join(plots, 'scatter.svg'), 'utf8')).toContain('opponent_dependence');
    const v2line = JSON.stringify({
      file: 'g0.gbg',
      slot: 0,
      rulesetHash: 'k0',
      set: 'v2',
      tier: 'fast',
      exact: false,
      axesSeed: 1,
      axes: { state_space: 1, temporal_depth: 0, info_sensitivity: 0, opponent_modelling: 0, risk: 0, brittleness: -2 },
    });
    writeFileSync(join(tmp, 'mixed.jsonl'), ax.join('\n') + '\n' + v2line + '\n');
    const m = await runCli(['select', '--pool', pool, '--axes', join(tmp, 'mixed.jsonl'), '--n', '6']);
    expect(m.code).toBe(1);
    expect(m.stderr).toContain('select from one set at a time');
  });
});

describe('gbgc axes --set v1', () => {
  it('measures the five v1 axes of Kuhn (12 information states) and refuses an unknown set (exit 2)', async () => {
    const r = await runCli(['axes', 'examples/kuhn.gbg', '--set', 'v1', '--json', '--jobs', '1']);
    expect(r.code).toBe(0);
    const [line] = JSON.parse(r.stdout);
    expect(line.set).toBe('v1');
    expect(Object.keys(line.axes)).toEqual(['state_space', 'temporal', 'opponent_dependence', 'information', 'precision']);
    expect(line.axes.state_space).toBeCloseTo(Math.log10(12), 12);
    const t = await runCli(['axes', 'examples/kuhn.gbg', '--set', 'v1']);
    expect(t.stdout).toContain('opponent_dependence');
    expect((await runCli(['axes', 'examples/kuhn.gbg', '--set', 'v3'])).code).toBe(2);
  });
});
