/**
 * The ladder table of `gbgc report`: (level, progress) per game from ratings, never a mean over
 * games (levels compare only within a game), and the section in the report page (`--ladder FILE`).
 */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../cli/run-cli.js';
import { plantedTable } from '../../src/eval/stats/simulate.js';
import { writeSlotStore } from '../support/slot-store.js';
import { ladderTable, ladderTableHtml, type GameRating } from '../../src/eval/ladder/index.js';

const rating = (game: string, name: string, level: number, progress: number, topped = false): GameRating => ({
  game,
  rulesetHash: game,
  participant: { name, kind: 'heuristic', id: `id-${name}` },
  seed: 1,
  runs: 10,
  rating: { level, progress, progressCI: [progress - 0.1, progress + 0.1], topped, duels: level + 1 },
  steps: [],
  slotsPlayed: 0,
  slotsReused: 0,
});
const ratings = [
  rating('kuhn', 'a', 1, 0.5),
  rating('leduc', 'a', 3, 0.9),
  rating('kuhn', 'b', 4, 1.2, true),
  rating('leduc', 'b', 2, 0.4),
  rating('kuhn', 'c', 0, 0.3),
];

describe('ladder table', () => {
  it('per game only, rows by name, no mean over games', () => {
    const t = ladderTable(ratings);
    expect(t.games).toEqual(['kuhn', 'leduc']);
    expect(t.rows.map((r) => r.name)).toEqual(['a', 'b', 'c']);
    expect(t.rows[0].perGame.leduc).toMatchObject({ level: 3, progress: 0.9 });
    expect(t.rows[2].perGame.leduc).toBeUndefined();
    expect(Object.keys(t.rows[0]).sort()).toEqual(['id', 'name', 'perGame']);
    const html = ladderTableHtml(t);
    expect(html).toContain('<td class="n" title="progress 95 % CI [110 %, 130 %]">Lv4 (topped, 120 %)</td>');
    expect(html).toContain('<td title="id-c">c</td><td class="n" title="progress 95 % CI [20 %, 40 %]">Lv0 (30 %)</td><td class="n">—</td></tr>');
    expect(html).not.toMatch(/mean level|mean progress/i);
  });
  it('a later rating of the same participant on a game replaces the earlier one', () => {
    const t = ladderTable([rating('kuhn', 'a', 1, 0.5), rating('kuhn', 'a', 2, 0.6)]);
    expect(t.rows).toHaveLength(1);
    expect(t.rows[0].perGame.kuhn.level).toBe(2);
  });
});

describe('gbgc report --ladder', () => {
  const tmp = mkdtempSync(join(tmpdir(), 'gbgc-ladder-report-'));
  const t = plantedTable({ alpha: [0.5, 0, -0.5], games: 4, runs: 2, pairsPerGame: 'all', axes: 2, jaggedness: [0.02, 0.05, 0.1], seed: 3 });
  const db = join(tmp, 'runs.db');
  writeSlotStore(db, t.rows, { commitment: 'ab'.repeat(32) });
  const file = join(tmp, 'ratings.json');
  writeFileSync(file, JSON.stringify(ratings));
  it('adds the ladder section to the page', async () => {
    const out = join(tmp, 'report');
    mkdirSync(out);
    const r = await runCli(['report', db, '--out', out, '-B', '50', '--secondary', '20', '--ladder', file]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const html = readFileSync(join(out, 'index.html'), 'utf8');
    expect(html).toContain('<section id="ladder-table">');
    expect(html).toContain('Lv4 (topped, 120 %)');
  });
  it('a file that is not ratings exits 1', async () => {
    const bad = join(tmp, 'bad.json');
    writeFileSync(bad, '[{"game": 3}]');
    const r = await runCli(['report', db, '--out', join(tmp, 'r2'), '--ladder', bad]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('not ladder ratings');
  });
});
