/**
 * `gbgc analyze --set v1` and the added sections as the user reads them: the JSON validates, the
 * summary names the conventions and the difference intervals, and `gbgc report` shows the same
 * numbers as its estimates.json. A store of a tournament carries its rulebooks, so the rulebook-length
 * control runs on it.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Ajv } from 'ajv';
import { runCli } from './run-cli.js';
import { plantedTable } from '../../src/eval/stats/simulate.js';
import { writeSlotStore } from '../support/slot-store.js';
import { ESTIMATES_SCHEMA } from '../../src/eval/stats/schema.js';
import { compileSource } from '../../src/compiler/index.js';
import { renderRulebook } from '../../src/render/rulebook.js';

const tmp = mkdtempSync(join(tmpdir(), 'gbgc-analyze-sets-'));
const t = plantedTable({
  alpha: [1.2, 0.6, 0, -0.6, -1.2],
  games: 14,
  runs: 3,
  pairsPerGame: 'all',
  axes: 3,
  jaggedness: [0.05, 0.1, 0.05, 0.2, 0.1],
  seed: 12,
});
const db = join(tmp, 'runs.db');
writeSlotStore(db, t.rows);
const axes = join(tmp, 'axes.jsonl');
writeFileSync(axes, t.axes.map((a) => JSON.stringify(a)).join('\n') + '\n');
const validate = new Ajv({ strict: false }).compile(ESTIMATES_SCHEMA);

describe('analysis sets and conventions', () => {
  it("--set v1 adds v1's estimators and conventions; the JSON validates and the summary and report show them", async () => {
    const out = join(tmp, 'v1.json');
    const r = await runCli(['analyze', db, '--axes', axes, '--set', 'v1', '-B', '100', '--secondary', '30', '--out', out]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const e = JSON.parse(readFileSync(out, 'utf8'));
    expect(validate(e), JSON.stringify(validate.errors)).toBe(true);
    expect(e.meta.set).toBe('v1');
    expect(e.robustness.bradleyTerry.ties).toBe('drop');
    expect(e.robustness.pairwise.counting).toBe('unordered');
    expect(e.robustness.pairwise.entries).toBe(10);
    expect(e.v1.subsetRefits.map((s: { size: number }) => s.size)).toEqual([5, 8, 12]);
    expect(e.v1.jaggedness.J).toHaveLength(5);
    expect(e.v1.factorAnalysis.explained).toBeGreaterThan(0);
    expect(e.v1.composite.weights.reduce((s: number, w: number) => s + Math.abs(w), 0)).toBeCloseTo(1, 12);
    expect(e.checks.axisClusters.k).toBe(6);
    expect(e.checks.cmplx).toHaveLength(14);
    expect(e.checks.rulebookLength).toBeNull(); // a store without rulebooks
    expect(e.differences.pairs).toHaveLength(10);
    expect(e.leaderboard[0].clusters).toBe(14 * 4 * 3);
    expect(r.stdout).toMatch(/conventions \(v1\) Bradley–Terry ties dropped/);
    expect(r.stdout).toMatch(/differences \d+ of 10 pairs have a 95 % interval of α̂_i − α̂_j excluding 0/);
    expect(r.stdout).toMatch(/v1 subset refits: median Spearman ρ/);

    // The v2 default: ordered entries, ties to seat 1.
    const v2 = JSON.parse((await runCli(['analyze', db, '--json', '-B', '100', '--secondary', '20'])).stdout);
    expect(v2.meta.set).toBe('v2');
    expect(v2.robustness.pairwise.entries).toBe(20);
    expect(v2.robustness.bradleyTerry.ties).toBe('seat1');
    expect(v2.v1).toBeNull();
    const half = JSON.parse(
      (await runCli(['analyze', db, '--json', '-B', '100', '--secondary', '20', '--bt-ties', 'half', '--pair-counting', 'unordered'])).stdout,
    );
    expect([half.robustness.bradleyTerry.ties, half.robustness.pairwise.counting]).toEqual(['half', 'unordered']);
    // Same bootstrap: each unordered pair is two ordered entries.
    expect(v2.robustness.pairwise.significant).toBe(2 * half.robustness.pairwise.significant);
    expect(v2.robustness.pairwise.signReversals).toBe(2 * half.robustness.pairwise.signReversals);
    expect((await runCli(['analyze', db, '--bt-ties', 'coin'])).code).toBe(2);

    // The report shows the difference intervals of its estimates.json.
    const dir = join(tmp, 'report');
    const rep = await runCli(['report', db, '--axes', axes, '--set', 'v1', '-B', '200', '--secondary', '40', '--out', dir]);
    expect(rep.code).toBe(0);
    const html = readFileSync(join(dir, 'index.html'), 'utf8');
    const est = JSON.parse(readFileSync(join(dir, 'estimates.json'), 'utf8'));
    expect(html).toContain('Pairwise differences of strength');
    const top = est.differences.pairs[0];
    const sign = (x: number) => (x >= 0 ? '+' : '−') + Math.abs(x).toFixed(3);
    expect(html).toContain(`[${sign(top.ci.lo)}, ${sign(top.ci.hi)}]`);
    expect(html).toContain('GENSTRAT v1 analyses');
    expect(html).toContain('Axis-space cluster refits');
  }, 60_000);

  it('the rulebook-length control reads the rulebooks of a tournament store', async () => {
    const files = [1, 2, 3, 4].flatMap((ante) =>
      [1, 2].map((bet) => {
        let src = readFileSync(resolve('examples/kuhn.gbg'), 'utf8')
          .replace('game "Kuhn poker"', `game "Kuhn ${ante}/${bet}"`)
          .replace('ante 1 each', `ante ${ante} each`)
          .replace(/bet 1\n/, `bet ${bet}\n`);
        // Longer rulebooks for some games: a longer comment does not change the rulebook; a longer game name does.
        src = src.replace(`game "Kuhn ${ante}/${bet}"`, `game "Kuhn ${ante}/${bet}${' extended'.repeat(ante * bet * 20)}"`);
        const f = join(tmp, `k${ante}${bet}.gbg`);
        writeFileSync(f, src);
        return f;
      }),
    );
    const cfg = join(tmp, 'rb.json');
    writeFileSync(
      cfg,
      JSON.stringify({ games: files, participants: [{ kind: 'random' }, { kind: 'heuristic' }, { kind: 'l1' }], runs: 6, seed: 2, store: 'rb.db' }),
    );
    expect((await runCli(['tournament', cfg, '--json'])).code).toBe(0);
    const hashes = files.map((f) => compileSource(readFileSync(f, 'utf8')).rulesetHash!);
    const ax = join(tmp, 'rb-axes.jsonl');
    writeFileSync(ax, hashes.map((h, k) => JSON.stringify({ game: h, axes: { a: (k * 3) % 5, b: Math.cos(k) } })).join('\n'));
    const r = await runCli(['analyze', join(tmp, 'rb.db'), '--axes', ax, '--json', '-B', '100', '--secondary', '30']);
    expect(r.stderr).toBe('');
    const e = JSON.parse(r.stdout);
    const rl = e.checks.rulebookLength;
    expect(rl).not.toBeNull();
    const chars = e.meta.games.map((h: string) => renderRulebook(compileSource(readFileSync(files[hashes.indexOf(h)], 'utf8')).ir!, 'md').length);
    rl.log10Chars.forEach((v: number, g: number) => expect(v).toBeCloseTo(Math.log10(chars[g]), 12));
    expect(rl.lengthSlope).toHaveLength(3);
  }, 60_000);
});
