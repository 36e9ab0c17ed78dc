/**
 * `gbgc ladder build` and `gbgc ladder rate` through the CLI: the ladder file, the table, a rating
 * recorded in a run store and resumed from it, and the errors (exit 1 bad input, 2 bad usage).
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { runCli } from './run-cli.js';
import { readLadder, type GameRating } from '../../src/eval/ladder/index.js';
import { formatRatings } from '../../src/cli/commands/ladder.js';

const tmp = mkdtempSync(join(tmpdir(), 'gbgc-ladder-'));
const ladderPath = join(tmp, 'ladder.json');

describe('gbgc ladder', () => {
  it('build writes a ladder file and prints the calibration table', async () => {
    const r = await runCli(['ladder', 'build', 'examples/kuhn.gbg', '--levels', '3', '--runs', '150', '--seed', '4', '--out', ladderPath]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const l = readLadder(ladderPath);
    expect(l.games).toHaveLength(1);
    const g = l.games[0];
    expect(g.game).toBe('Kuhn poker');
    expect(g.levels[0].name).toBe('random');
    expect(g.levels.length).toBeGreaterThanOrEqual(2);
    expect(g.levels.length).toBeLessThanOrEqual(4);
    expect(g.candidates.length).toBe(13);
    expect(g.levels.reduce((s, v) => s + v.bots.length, 0) + g.dropped.length).toBe(g.candidates.length);
    expect(r.stdout).toMatch(/steps outside the 70–90 % band|every step is inside the 70–90 % band/);
    for (const v of g.levels) expect(r.stdout).toContain(`Lv${v.level}    ${v.name}`);
    expect(r.stdout).toContain(`wrote ${ladderPath}`);
    // the recorded path is relative to the ladder file
    expect(g.path.endsWith('examples/kuhn.gbg')).toBe(true);
  });

  it('rate places a participant, records its slots in a store and reuses them on a rerun', async () => {
    const db = join(tmp, 'runs.db');
    const a = await runCli(['ladder', 'rate', ladderPath, 'heuristic:raise=0.8,fold=0.2', '--runs', '50', '--seed', '2', '--store', db, '--json']);
    expect(a.stderr).toBe('');
    expect(a.code).toBe(0);
    const [ra] = JSON.parse(a.stdout);
    expect(ra.slotsPlayed).toBe(2 * 50 * ra.steps.reduce((t: number, st: { bots?: unknown[] }) => t + (st.bots?.length ?? 1), 0));
    expect(ra.slotsReused).toBe(0);
    expect(ra.rating.progress).toBeCloseTo(2 * ra.steps.at(-1).winRate, 12);
    const n = new Database(db, { readonly: true }).prepare('SELECT COUNT(*) FROM slots').pluck().get();
    expect(n).toBe(ra.slotsPlayed);
    const b = await runCli(['ladder', 'rate', ladderPath, 'heuristic:raise=0.8,fold=0.2', '--runs', '50', '--seed', '2', '--store', db, '--json']);
    const [rb] = JSON.parse(b.stdout);
    expect(rb.slotsPlayed).toBe(0);
    expect(rb.slotsReused).toBe(ra.slotsPlayed);
    expect(rb.rating).toEqual(ra.rating);
  });

  it("rate LvK places the ladder's own level and prints the rating", async () => {
    const r = await runCli(['ladder', 'rate', ladderPath, 'Lv1', '--runs', '60']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Kuhn poker: Lv1 \S+ Lv[012] \((topped, )?\d+ %\), progress 95 % CI \[\d+ %, \d+ %\]/);
  });

  it('the text report gives each game its own rating and no mean over games', () => {
    const r = (game: string, level: number, progress: number, topped: boolean): GameRating => ({
      game,
      rulesetHash: 'x',
      participant: { name: 'p', kind: 'random', id: 'i' },
      seed: 1,
      runs: 10,
      rating: { level, progress, progressCI: [progress - 0.2, progress + 0.2], topped, duels: level + 1 },
      steps: [],
      slotsPlayed: 0,
      slotsReused: 0,
    });
    const text = formatRatings([r('a', 1, 0.5, false), r('b', 4, 1.2, true)]);
    expect(text).toContain('a: p Lv1 (50 %), progress 95 % CI [30 %, 70 %]');
    expect(text).toContain('b: p Lv4 (topped, 120 %)');
    expect(text.trimEnd().split('\n')).toHaveLength(2);
    expect(text).not.toMatch(/mean/);
  });

  it('bad usage exits 2, bad input exits 1', async () => {
    expect((await runCli(['ladder', 'rate', ladderPath, 'wizard'])).code).toBe(2);
    expect((await runCli(['ladder', 'rate', ladderPath, 'heuristic:colour=3'])).code).toBe(2);
    expect((await runCli(['ladder', 'rate', ladderPath, 'heuristic:raise=2'])).code).toBe(2);
    expect((await runCli(['ladder', 'rate', ladderPath, 'Lv40'])).code).toBe(2);
    expect((await runCli(['ladder', 'build', 'examples/kuhn.gbg', '--levels', '0'])).code).toBe(2);
    const noDir = await runCli(['ladder', 'build', 'examples/kuhn.gbg', '--out', join(tmp, 'no', 'x.json')]);
    expect(noDir.code).toBe(1);
    expect(noDir.stderr).toContain('does not exist');
    const missing = await runCli(['ladder', 'rate', join(tmp, 'nope.json'), 'random']);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('no such file');
    const bad = join(tmp, 'bad.json');
    writeFileSync(bad, '{"format": "something else"}');
    const r = await runCli(['ladder', 'rate', bad, 'random']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('not a gbgc ladder file');
  });
});
