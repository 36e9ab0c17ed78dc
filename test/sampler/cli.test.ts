/**
 * `gbgc sample` and `gbgc pool`: output, JSON, files, bad usage, and a pool that resumes after an
 * interruption without duplicating anything.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../cli/run-cli.js';
import { compileSource } from '../../src/compiler/index.js';
import { candidateSeed, filterOptions, poolSlots, readIndex, sampleIR, acceptance, type PoolEntry } from '../../src/sampler/index.js';
import { parseComplexityRange } from '../../src/cli/commands/pool.js';
import { UsageError } from '../../src/cli/errors.js';

const dir = mkdtempSync(join(tmpdir(), 'gbgc-sampler-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('gbgc sample', () => {
  it('prints the source of the game and a note with the seed, the tries and the hash', async () => {
    const r = await runCli(['sample', '--complexity', '0', '--seed', '3', '--no-filter']);
    expect(r.code).toBe(0);
    const c = compileSource(r.stdout);
    expect(c.diagnostics).toEqual([]);
    expect(c.ir!.origin).toEqual({ generator: 'gbgc-sampler', builderVersion: '4', seed: 3, complexity: 0 });
    expect(r.stderr).toBe(`sampled seed 3 at complexity 0 (1 candidate tried, no filter), ruleset hash ${c.rulesetHash}\n`);
  });

  it('--json reports seed, complexity, hash, tries and each check of the acceptance report', async () => {
    const r = await runCli(['sample', '-c', '0.7', '-s', '42', '--json']);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out).toMatchObject({ requestedSeed: 42, complexity: 0.7, builderVersion: '4', output: null });
    expect(out.seed).toBe(candidateSeed(42, out.tries - 1));
    expect(compileSource(out.source).rulesetHash).toBe(out.rulesetHash);
    expect(out.acceptance.accepted).toBe(true);
    expect(out.acceptance.checks.map((x: { name: string }) => x.name)).toEqual(['moves', 'rare-phases', 'dead-branches', 'degenerate']);
    expect(out.acceptance).toEqual(JSON.parse(JSON.stringify(acceptance(sampleIR(out.seed, 0.7)))));
  });

  it('tries derived candidates until one passes, and reports how many', async () => {
    const v1 = filterOptions('v1');
    let seed = 0;
    // The paper builder (version 3): its candidates pass often enough that a few tries find one.
    const paper = { builder: 'paper' as const };
    while (acceptance(sampleIR(seed, 1, paper), v1).accepted) seed++;
    const r = await runCli(['sample', '-c', '1', '-s', String(seed), '--filter', 'v1', '--builder', 'paper', '--json']);
    const out = JSON.parse(r.stdout);
    expect(out.tries).toBeGreaterThanOrEqual(2);
    expect(out.seed).toBe(candidateSeed(seed, out.tries - 1));
    for (let k = 0; k < out.tries - 1; k++) expect(acceptance(sampleIR(candidateSeed(seed, k), 1, paper), v1).accepted).toBe(false);
    expect(out.acceptance.checks.map((x: { name: string }) => x.name)).toEqual([
      'moves',
      'seat-balance',
      'extreme-conditions',
      'rare-phases',
      'dead-branches',
      'degenerate',
    ]);
  });

  it('-o writes the file and prints the note with one line per check', async () => {
    const file = join(dir, 'game.gbg');
    const r = await runCli(['sample', '-c', '0.5', '-s', '7', '-o', file]);
    expect(r.code).toBe(0);
    expect(compileSource(readFileSync(file, 'utf8')).diagnostics).toEqual([]);
    expect(r.stdout).toMatch(/^sampled seed \d+ at complexity 0\.5 \(\d+ candidates? tried\), ruleset hash [0-9a-f]{64}\n  pass  moves /);
    expect(r.stdout).toContain('  pass  dead-branches');
    expect(r.stdout.endsWith(`wrote ${file}\n`)).toBe(true);
    expect((await runCli(['check', file])).code).toBe(0);
    expect((await runCli(['fmt', '--check', file])).code).toBe(0);
  });

  it('fails with exit 1 when no candidate passes, naming the failed checks', async () => {
    const r = await runCli(['sample', '-c', '0', '-s', '1', '--max-tries', '3', '--max-moves', '0.5']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('no candidate of seed 1 at complexity 0 passed the acceptance filter in 3 tries (failed checks: moves 3×)');
  });

  it.each([
    [['sample', '--complexity', '2'], "--complexity must be a number from 0 to 1, got '2'"],
    [['sample', '-c', '0.5', '--seed', '-1'], "--seed must be a whole number from 0 to 1000000000, got '-1'"],
    [['sample', '-c', '0.5', '--filter', 'v3'], "--filter must be v1 or v2, got 'v3'"],
    [['sample', '-c', '0.5', '--max-dead-branches', '2'], "--max-dead-branches must be a number from 0 to 1, got '2'"],
    [['sample'], "required option '-c, --complexity <c>' not specified"],
  ])('exits 2 on bad usage: %j', async (args, message) => {
    const r = await runCli(args);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(message);
  });
});

describe('gbgc pool: acceptance rate and rejections by check', () => {
  it("records each slot's rejected candidates by check and prints the whole pool's rate", async () => {
    const out = join(dir, 'pool-strict');
    // A strict move limit rejects most candidates of the paper builder at c = 1, so the counts are not all zero.
    const base = [
      'pool',
      '--count',
      '2',
      '--complexity',
      '1',
      '--seed',
      '3',
      '--out',
      out,
      '--workers',
      '1',
      '--max-moves',
      '3',
      '--episodes',
      '200',
      '--builder',
      'paper',
    ];
    const r = await runCli([...base, '--json']);
    expect(r.code).toBe(0);
    const s = JSON.parse(r.stdout) as {
      tries: number;
      acceptance: { accepted: number; candidates: number; rate: number; rejectedByCheck: Record<string, number> };
    };
    const entries = readIndex(join(out, 'index.jsonl'));
    const tries = entries.reduce((t, e) => t + e.tries, 0);
    expect(s.acceptance.accepted).toBe(2);
    expect(s.acceptance.candidates).toBe(tries);
    expect(s.acceptance.rate).toBeCloseTo(2 / tries, 12);
    // Every rejected candidate failed at least one check; the moves check is the one made strict.
    const rejections = entries.reduce((t, e) => t + Object.values(e.rejected ?? {}).reduce((a, b) => a + b, 0), 0);
    expect(rejections).toBeGreaterThanOrEqual(tries - 2);
    expect(s.acceptance.rejectedByCheck.moves ?? 0).toBeGreaterThan(0);
    for (const e of entries) expect(Object.values(e.rejected ?? {}).every((n) => n <= e.tries - 1)).toBe(true);
    // The text summary of a rerun (nothing to build) still reports the whole pool.
    const text = await runCli(base);
    expect(text.stdout).toContain(`whole pool      2 accepted of ${tries} candidates: acceptance rate ${((100 * 2) / tries).toFixed(1)}%`);
    expect(text.stdout).toMatch(/rejected by {5}moves \d+/);
  });
});

describe('gbgc pool', () => {
  const out = join(dir, 'pool');
  const args = ['pool', '--count', '3', '--complexity', '0..1', '--seed', '5', '--out', out, '--workers', '2', '--json'];
  const index = join(out, 'index.jsonl');
  let first: PoolEntry[] = [];

  it('builds one .gbg per game and an index line each, on worker threads', async () => {
    const r = await runCli(args);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ count: 3, resumed: 0, built: 3, failed: [] });
    first = readIndex(index).sort((a, b) => a.slot - b.slot);
    const slots = poolSlots(5, 3, [0, 1]);
    expect(first.map((e) => [e.slot, e.complexity, e.file])).toEqual([
      [0, 0, 'game-0.gbg'],
      [1, 0.5, 'game-1.gbg'],
      [2, 1, 'game-2.gbg'],
    ]);
    for (const e of first) {
      expect(e.seed).toBe(candidateSeed(slots[e.slot]!.seed, e.tries - 1));
      expect(compileSource(readFileSync(join(out, e.file), 'utf8')).rulesetHash).toBe(e.rulesetHash);
      expect(Object.keys(e.acceptance)).toEqual(['moves', 'rare-phases', 'dead-branches', 'degenerate']);
    }
    expect(readdirSync(out).sort()).toEqual(['game-0.gbg', 'game-1.gbg', 'game-2.gbg', 'index.jsonl', 'pool.json']);
  });

  it('does nothing more when rerun on a complete pool', async () => {
    const r = await runCli(args);
    expect(JSON.parse(r.stdout)).toMatchObject({ resumed: 3, built: 0, tries: 0 });
    expect(readFileSync(index, 'utf8').trim().split('\n')).toHaveLength(3);
  });

  it('resumes after an interruption: a partial index line and a missing game are rebuilt once', async () => {
    const lines = readFileSync(index, 'utf8').trim().split('\n');
    const lost = JSON.parse(lines[2]!) as PoolEntry;
    writeFileSync(index, `${lines.slice(0, 2).join('\n')}\n${lines[2]!.slice(0, 20)}`);
    rmSync(join(out, lost.file));
    const r = await runCli(args);
    expect(JSON.parse(r.stdout)).toMatchObject({ resumed: 2, built: 1 });
    const again = readIndex(index).sort((a, b) => a.slot - b.slot);
    expect(again).toEqual(first);
    expect(existsSync(join(out, lost.file))).toBe(true);
  });

  it('resume checks each index line against its game file: an emptied file, a wrong hash and a duplicated line are built again', async () => {
    const lines = readFileSync(index, 'utf8').trim().split('\n');
    const [a, b] = [JSON.parse(lines[0]!) as PoolEntry, JSON.parse(lines[1]!) as PoolEntry];
    writeFileSync(join(out, a.file), '');
    writeFileSync(index, `${lines[0]}\n${JSON.stringify({ ...b, rulesetHash: '0'.repeat(64) })}\n${lines[2]}\n${lines[2]}\n`);
    const r = await runCli(args);
    expect(JSON.parse(r.stdout)).toMatchObject({ resumed: 1, built: 2, redone: 3 });
    expect(readIndex(index).sort((x, y) => x.slot - y.slot)).toEqual(first);
    // axes DIR never follows an index line out of the pool.
    const outside = join(out, '..', 'outside.gbg');
    writeFileSync(outside, readFileSync(join(out, a.file)));
    const saved = readFileSync(index, 'utf8');
    writeFileSync(index, `${JSON.stringify({ ...a, file: '../outside.gbg' })}\n`);
    const ax = await runCli(['axes', out, '--jobs', '1']);
    expect(ax.code).toBe(1);
    expect(ax.stderr).toMatch(/names \.\.\/outside\.gbg, outside the pool/);
    writeFileSync(index, saved);
  });

  it('refuses to resume a pool with other settings (exit 1)', async () => {
    const r = await runCli(['pool', '--count', '4', '--complexity', '0..1', '--seed', '5', '--out', out]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('holds a pool built with other settings');
  });

  it('parses complexity ranges', () => {
    expect(parseComplexityRange('0.2..0.8')).toEqual([0.2, 0.8]);
    expect(parseComplexityRange('0.5')).toEqual([0.5, 0.5]);
    expect(() => parseComplexityRange('0.8..0.2')).toThrow(UsageError);
    expect(() => parseComplexityRange('0..2')).toThrow("--complexity must be a number from 0 to 1, got '2'");
    expect(() => parseComplexityRange('0..0.5..1')).toThrow(/A\.\.B/);
  });
});

describe('gbgc sample --no-repair and gbgc check --acceptance', () => {
  it('--no-repair judges the raw draw: at c = 0.7, seed 1 is rejected for a private step that hides nothing, and a later candidate is accepted', async () => {
    const r = await runCli(['sample', '-c', '0.7', '-s', '1', '--no-repair', '--episodes', '300', '--json']);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.tries).toBeGreaterThan(1);
    expect(out.source).toContain('--no-repair');
    const first = acceptance(sampleIR(1, 0.7, { repair: false }), filterOptions('v2', {}, 300));
    expect(first.accepted).toBe(false);
    expect(first.checks.find((c) => c.name === 'degenerate')!.detail.join(' ')).toContain('W0105');
    // With the repairs the same seed's game passes the static checks.
    expect(acceptance(sampleIR(1, 0.7), filterOptions('v2', {}, 300)).checks.find((c) => c.name === 'degenerate')!.pass).toBe(true);
  });

  it('check --acceptance v1 prints the per-check report in the sample format, with the seat share under random play', async () => {
    const r = await runCli(['check', '--acceptance', 'v1', '--episodes', '400', 'examples/kuhn.gbg']);
    expect(r.stdout).toContain('examples/kuhn.gbg: ok');
    expect(r.stdout).toMatch(/accepted by the v1 acceptance filter \(400 episodes\)/);
    const report = acceptance(compileSource(readFileSync('examples/kuhn.gbg', 'utf8')).ir!, filterOptions('v1', {}, 400));
    for (const c of report.checks) expect(r.stdout).toContain(`  ${c.pass ? 'pass' : 'FAIL'}  ${c.name.padEnd(19)} ${c.value.toFixed(3)}`);
    expect(r.stdout).toMatch(/seat-balance +0\.\d{3} ≤ 0\.65/);
    expect(r.code).toBe(0);
  });

  it('check --acceptance exits 1 when the filter rejects, and --json carries the report', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gbgc-acc-'));
    const file = join(dir, 'dead.gbg');
    writeFileSync(
      file,
      readFileSync('examples/kuhn.gbg', 'utf8').replace(
        '  showdown high-card',
        '  phase Never {\n    if pot > 100 public { pay 1 from Alice to Bob }\n  }\n  showdown high-card',
      ),
    );
    const r = await runCli(['check', '--acceptance', 'v2', '--episodes', '200', '--json', file]);
    expect(r.code).toBe(1);
    const [entry] = JSON.parse(r.stdout);
    expect(entry.ok).toBe(false);
    expect(entry.acceptance.checks.find((c: { name: string }) => c.name === 'dead-branches')).toMatchObject({ value: 1, pass: false });
    expect((await runCli(['check', '--acceptance', 'v3', file])).code).toBe(2);
  });
});
