/**
 * `gbgc report` end to end: files written, figures rendered (SVG and PNG), and the page opened in
 * headless Chromium (Debian's chromium through playwright-core) with every figure present, plus a
 * screenshot checked for content.
 */
import { mkdtempSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchChromium } from '../support/chromium.js';
import { Resvg } from '@resvg/resvg-js';
import { runCli } from '../cli/run-cli.js';
import { plantedTable } from '../../src/eval/stats/simulate.js';
import { writeSlotStore } from '../support/slot-store.js';
import { buildFigures, toSvg } from '../../src/eval/report/figures.js';
import { analyze } from '../../src/eval/stats/analyze.js';
import { ENGINE_VERSION } from '../../src/util/version.js';

const FIGURES = ['leaderboard', 'pairwise', 'per-game', 'profiles', 'jaggedness', 'axes'];

const tmp = mkdtempSync(join(tmpdir(), 'gbgc-report-'));
const t = plantedTable({
  alpha: [1.2, 0.6, 0, -0.6, -1.2],
  games: 12,
  runs: 4,
  pairsPerGame: 'all',
  axes: 3,
  jaggedness: [0.02, 0.04, 0.08, 0.12, 0.2],
  seed: 21,
});
const db = join(tmp, 'runs.db');
const commitment = '5e'.repeat(32);
writeSlotStore(db, t.rows, { commitment });
const axes = join(tmp, 'axes.jsonl');
writeFileSync(axes, t.axes.map((a) => JSON.stringify(a)).join('\n') + '\n');
const out = join(tmp, 'report');

let browser: Browser;
beforeAll(async () => {
  const r = await runCli(['report', db, '--axes', axes, '--out', out, '-B', '200', '--secondary', '60']);
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

describe('gbgc report', () => {
  it('writes the page, every figure as SVG and PNG, and the estimates', () => {
    expect(existsSync(join(out, 'index.html'))).toBe(true);
    expect(existsSync(join(out, 'estimates.json'))).toBe(true);
    for (const id of FIGURES) {
      expect(readFileSync(join(out, `${id}.svg`), 'utf8')).toMatch(/^<svg[^>]*width="\d+"/);
      const png = readFileSync(join(out, `${id}.png`));
      expect(png.subarray(1, 4).toString()).toBe('PNG');
    }
  });

  it('the PNG of the leaderboard is the rasterised SVG (same aspect ratio)', () => {
    const svg = readFileSync(join(out, 'leaderboard.svg'), 'utf8');
    const [, w, h] = svg.match(/width="(\d+)" height="(\d+)"/)!;
    const png = new Resvg(readFileSync(join(out, 'leaderboard.svg'), 'utf8')).render();
    expect(png.width / png.height).toBeCloseTo(Number(w) / Number(h), 2);
  });

  it('figures render without vega-lite or vega warnings', async () => {
    const e = analyze(t.rows, { axes: t.axes, B: 50, Bsecondary: 20 });
    const warnings: string[] = [];
    for (const f of buildFigures(e, t.axes)) await toSvg(f.spec, warnings);
    expect(warnings).toEqual([]);
  });

  it('opens in headless Chromium with the header, the leaderboard and every figure drawn', async () => {
    const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('requestfailed', (r) => errors.push(`request failed: ${r.url()}`));
    await page.goto(pathToFileURL(join(out, 'index.html')).href);
    expect(await page.textContent('#commitment')).toBe(commitment);
    expect(await page.textContent('#engine-version')).toMatch(new RegExp(`^${ENGINE_VERSION.replace(/[.+]/g, '\\$&')}`));
    const rows = await page.$$eval('#leaderboard-table tbody tr td:nth-child(2)', (tds) => tds.map((td) => td.textContent));
    expect(rows).toEqual(t.models);
    for (const id of FIGURES) {
      const box = await page.locator(`#${id} svg`).boundingBox();
      expect(box, id).not.toBeNull();
      expect(box!.width).toBeGreaterThan(100);
      expect(box!.height).toBeGreaterThan(50);
      // Each figure draws marks (vega's SVG groups them with class mark-*).
      expect(await page.locator(`#${id} svg [class^="mark-"]`).count()).toBeGreaterThan(0);
    }
    const shot = await page.screenshot({ fullPage: true });
    writeFileSync(join(out, 'screenshot.png'), shot);
    // The screenshot is a PNG of the full page, taller than the viewport (six figures), and not blank:
    // its compressed size far exceeds that of a uniform page of the same size.
    expect(shot.subarray(1, 4).toString()).toBe('PNG');
    const height = shot.readUInt32BE(20);
    expect(height).toBeGreaterThan(900);
    expect(shot.length).toBeGreaterThan(50_000);
    expect(errors).toEqual([]);
    await page.close();
  });
});
