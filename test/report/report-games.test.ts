/**
 * The report read alone, as a researcher opens it after a real tournament (a written game and two
 * sampled ones): every game by name and file (seed and complexity of the sampled ones) in a table
 * mapping ruleset hashes, the participants' configurations, one leaderboard heading, the commitment
 * the tournament printed, numbers in the pairwise cells, no label made of a hash alone, and viewer
 * pages of a few slots per game linked from the games table. Opened in headless Chromium.
 */
import { copyFileSync, existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../support/chromium.js';
import { runCli } from '../cli/run-cli.js';
import { commitmentHtml } from '../../src/eval/report/sections.js';
import type { Estimates } from '../../src/eval/stats/analyze.js';

const tmp = mkdtempSync(join(tmpdir(), 'gbgc-report-games-'));
const out = join(tmp, 'report');
const GAMES = [
  { file: 'kuhn.gbg', name: 'Kuhn poker', seed: '—', complexity: '—' },
  { file: 'g1.gbg', name: 'Sampled game 1', seed: '1', complexity: '0.3' },
  { file: 'g2.gbg', name: 'Sampled game 2', seed: '2', complexity: '0.5' },
];
let commitment = '';
const hashes: string[] = [];
let browser: Browser;
let page: Page;

beforeAll(async () => {
  copyFileSync(join(import.meta.dirname, '../../examples/kuhn.gbg'), join(tmp, 'kuhn.gbg'));
  for (const [seed, c] of [
    ['1', '0.3'],
    ['2', '0.5'],
  ]) {
    const r = await runCli(['sample', '--seed', seed, '--complexity', c, '--builder', 'paper', '--json', '-o', join(tmp, `g${seed}.gbg`)]);
    expect(r.code, r.stderr).toBe(0);
  }
  writeFileSync(
    join(tmp, 't.yaml'),
    'games:\n  files: [kuhn.gbg, g1.gbg, g2.gbg]\nparticipants:\n  - kind: random\n  - kind: heuristic\n    name: tight\n    raise: 0.8\n    bluff: 0\n  - kind: heuristic\n    name: loose\n    raise: 0.3\n    fold: 0.1\nruns: 4\nseed: 1\nstore: runs.db\n',
  );
  const t = await runCli(['tournament', join(tmp, 't.yaml')]);
  expect(t.code, t.stderr).toBe(0);
  commitment = /commitment ([0-9a-f]{64})/.exec(t.stdout)![1];
  const s = await runCli(['records', 'summary', join(tmp, 'runs.db'), '--json']);
  const summary = JSON.parse(s.stdout) as { games: { rulesetHash: string }[]; commitment: string | null; planCommitment: string | null };
  for (const g of summary.games) hashes.push(g.rulesetHash);
  // The run stores the commitment it printed, as the plan's (no --commit was given).
  expect([summary.commitment, summary.planCommitment]).toEqual([null, commitment]);
  expect((await runCli(['records', 'summary', join(tmp, 'runs.db')])).stdout).toContain(
    `commitment ${commitment} (of the plan played; not recorded before play)`,
  );
  // A trailing slash, as users type folders: the printed path has no doubled separator.
  const r = await runCli(['report', join(tmp, 'runs.db'), '--out', `${out}/`, '-B', '100', '--secondary', '20']);
  expect(r.code, r.stderr).toBe(0);
  expect(r.stdout).toBe(`wrote ${join(out, 'index.html')}, 3 figures (SVG and PNG) and 9 slot viewer pages\n`);
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
  await page.goto(pathToFileURL(join(out, 'index.html')).href);
}, 120_000);
afterAll(async () => {
  await browser?.close();
});

/** The cells of a table's body, row by row. */
const cells = (sel: string): Promise<string[][]> =>
  page.$$eval(`${sel} tbody tr`, (trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent ?? '')));

describe('the report of a tournament, read alone', () => {
  it('lists every game by name and file, with seed and complexity of the sampled ones, and its ruleset hash', async () => {
    expect(hashes).toHaveLength(3);
    const rows = await cells('#games');
    expect(rows).toHaveLength(3);
    for (const g of GAMES) {
      const row = rows.find((r) => r[1] === g.file);
      expect(row, g.file).toBeDefined();
      expect(row!.slice(0, 4)).toEqual([g.name, g.file, g.seed, g.complexity]);
      expect(hashes).toContain(row![4]);
      expect(row![5]).toBe('24'); // 3 matchups × 4 runs × 2 slots
    }
  });

  it('tables the participants with their configurations', async () => {
    const rows = await cells('#participants');
    expect(rows.map((r) => [r[0], r[1]])).toEqual([
      ['loose', 'heuristic'],
      ['random', 'random'],
      ['tight', 'heuristic'],
    ]);
    expect(rows[2][2]).toContain('raise = 0.8');
    expect(rows[2][2]).toContain('bluff = 0');
    expect(rows[0][2]).toContain('fold = 0.1');
    for (const r of rows) expect(r[3]).toMatch(/^[0-9a-f]{64}$/);
  });

  it('has one leaderboard heading and prints the commitment the tournament printed', async () => {
    const headings = await page.$$eval('h1, h2, h3', (hs) => hs.map((h) => h.textContent ?? ''));
    expect(headings.filter((h) => /leaderboard/i.test(h))).toEqual(['Leaderboard']);
    expect(await page.textContent('#commitment')).toBe(commitment);
  });

  it('names games by their labels in the figures, and nowhere by a hash alone', async () => {
    const perGame = await page.$$eval('#per-game svg text', (ts) => ts.map((t) => t.textContent ?? ''));
    for (const g of GAMES) expect(perGame).toContain(g.name);
    // Everything visible, the hash columns of the two tables aside.
    const text = await page.$eval('body', (b) => {
      const body = b.cloneNode(true) as typeof b;
      for (const td of body.querySelectorAll('td.hash')) td.remove();
      return [(body as unknown as { innerText: string }).innerText, ...[...body.querySelectorAll('svg text')].map((t) => t.textContent ?? '')].join('\n');
    });
    const hexRuns = text.match(/[0-9a-f]{6,}/g) ?? [];
    const hashLike = hexRuns.filter((h) => hashes.some((x) => x.startsWith(h)));
    expect(hashLike).toEqual([]);
  });

  it('prints each pairwise mean in its cell', async () => {
    const texts = await page.$$eval('#pairwise svg .mark-text.role-mark text', (ts) => ts.map((t) => t.textContent ?? ''));
    expect(texts).toHaveLength(6); // 3 participants, off-diagonal
    for (const t of texts) expect(t).toMatch(/^[+−]\d+\.\d{2}\*?$/);
  });

  it('links each game to viewer pages of its slots, which replay in the browser', async () => {
    const links = await page.$$eval('#games td.views a', (as) => as.map((a) => a.getAttribute('href') ?? ''));
    expect(links).toHaveLength(9);
    for (const l of links) expect(existsSync(join(out, l))).toBe(true);
    const viewer = await browser.newPage();
    await viewer.goto(pathToFileURL(join(out, links[0])).href);
    expect(await viewer.title()).not.toBe('');
    expect(await viewer.locator('body').innerText()).toMatch(/Kuhn|Sampled game/);
    await viewer.close();
  });
});

describe('the commitment line', () => {
  const e = { meta: { commitment: null } } as unknown as Estimates;
  const ctx = (committed: string | null, played: string | null) => ({ games: [], participants: [], commitment: { committed, played } });
  it('says none only when no commitment is stored', () => {
    expect(commitmentHtml(e, ctx(null, null))).toBe('<span id="commitment">none stored</span>');
    expect(commitmentHtml(e, ctx(null, 'ab12'))).toMatch(/^<span id="commitment">ab12<\/span> .*not recorded before play/);
    expect(commitmentHtml(e, ctx('cd34', 'ab12'))).toMatch(/^<span id="commitment">cd34<\/span> .*recorded before play with/);
  });
});
