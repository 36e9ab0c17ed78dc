/**
 * `select --plots`' distributions figure in headless Chromium: every axis's facet label is drawn
 * horizontally, whole, and overlaps neither another label nor any strip plot (rotated row labels
 * taller than a strip used to run into each other).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchChromium } from '../../support/chromium.js';
import { distributionsSpec } from '../../../src/eval/axes/figures.js';
import { toSvg } from '../../../src/eval/report/figures.js';
import { AXES_V2 } from '../../../src/eval/axes/index.js';
import { AXES_V1 } from '../../../src/eval/axes/v1.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}
const overlap = (a: Box, b: Box): boolean => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** Label boxes (with their text) and the strip plots' boxes of the figure for `axes`. */
async function measure(axes: readonly string[]): Promise<{ labels: (Box & { text: string })[]; strips: Box[] }> {
  let s = 7;
  const r = () => (s = (s * 16807) % 2147483647) / 2147483647;
  const points = Array.from({ length: 40 }, (_, i) => ({ values: Object.fromEntries(axes.map((a) => [a, 100 * r()])), chosen: i % 8 === 0 }));
  const svg = await toSvg(distributionsSpec(points, axes));
  const page = await browser.newPage();
  await page.setContent(`<!doctype html><body style="margin:0">${svg}</body>`);
  const labels = await page.$$eval('.role-row-header .role-title-text text, .role-scope.cell .role-title-text text', (ts) =>
    ts.map((t) => {
      const b = t.getBoundingClientRect();
      return { text: t.textContent ?? '', x: b.x, y: b.y, width: b.width, height: b.height };
    }),
  );
  // One item (a <g>) per facet cell, each drawn over its background path.
  const strips = await page.$$eval('.mark-group.role-scope.cell > g > path.background', (ps) =>
    ps.map((p) => {
      const b = p.getBoundingClientRect();
      return { x: b.x, y: b.y, width: b.width, height: b.height };
    }),
  );
  await page.close();
  return { labels, strips };
}

describe('select --plots: distributions.png facet labels', () => {
  for (const [name, axes] of [
    ['v2', AXES_V2],
    ['v1', AXES_V1],
  ] as const)
    it(`${name} axes: one horizontal label per axis, none overlapping another or a strip`, async () => {
      const { labels, strips } = await measure(axes);
      expect(labels.map((l) => l.text)).toEqual([...axes]);
      expect(strips.length).toBe(axes.length);
      for (const l of labels) expect(l.width, l.text).toBeGreaterThan(l.height); // horizontal, not rotated
      for (let i = 0; i < labels.length; i++) {
        for (let j = i + 1; j < labels.length; j++) expect(overlap(labels[i], labels[j]), `${labels[i].text} / ${labels[j].text}`).toBe(false);
        for (const st of strips) expect(overlap(labels[i], st), labels[i].text).toBe(false);
      }
    });
});
