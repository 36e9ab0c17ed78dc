/**
 * Figures of a selection (GENSTRAT v2 Figure 1, Figure 2 and Appendix E): pool against selection
 * in two axes, and the per-axis distribution of the selection with the pool's, as vega-lite specs
 * rendered to SVG and PNG by the report's renderer.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { svgToPng, toSvg, type VlSpec } from '../report/figures.js';

const SCHEMA = 'https://vega.github.io/schema/vega-lite/v6.json';

/** One game for the figures: its axis values and whether it was chosen. */
export interface FigurePoint {
  values: Record<string, number>;
  chosen: boolean;
}

/** Scatter of the pool (grey) and the selection (dark) in axes `x` and `y`. */
export function scatterSpec(points: readonly FigurePoint[], x: string, y: string): VlSpec {
  return {
    $schema: SCHEMA,
    width: 420,
    height: 360,
    title: `Pool vs selection: ${x} × ${y}`,
    data: { values: points.map((p) => ({ x: p.values[x], y: p.values[y], set: p.chosen ? 'selected' : 'pool' })) },
    mark: { type: 'point', filled: true },
    encoding: {
      x: { field: 'x', type: 'quantitative', title: x, scale: { zero: false } },
      y: { field: 'y', type: 'quantitative', title: y, scale: { zero: false } },
      color: { field: 'set', type: 'nominal', scale: { domain: ['pool', 'selected'], range: ['#c8c8c8', '#1f4e9c'] }, title: null },
      size: { condition: { test: "datum.set === 'selected'", value: 60 }, value: 14 },
      order: { condition: { test: "datum.set === 'selected'", value: 1 }, value: 0 },
    },
  };
}

/** Per-axis strip plots: every pool game (grey) and every chosen game (dark) on each axis. */
export function distributionsSpec(points: readonly FigurePoint[], axes: readonly string[]): VlSpec {
  const values = points.flatMap((p) => axes.map((a) => ({ axis: a, value: p.values[a], set: p.chosen ? 'selected' : 'pool' })));
  return {
    $schema: SCHEMA,
    title: 'Per-axis distributions: pool and selection',
    data: { values },
    // Each axis's name above its own strip, horizontal: rotated row labels at the left were taller
    // than a 40-pixel strip and ran into their neighbours.
    facet: {
      row: {
        field: 'axis',
        type: 'nominal',
        title: null,
        sort: [...axes],
        header: { labelAngle: 0, labelOrient: 'top', labelAnchor: 'start', labelAlign: 'left', labelFontSize: 12, labelFontWeight: 'bold', labelPadding: 4 },
      },
    },
    spacing: { row: 14 },
    spec: {
      width: 420,
      height: 40,
      mark: { type: 'tick', thickness: 1.5 },
      encoding: {
        x: { field: 'value', type: 'quantitative', title: null, scale: { zero: false } },
        y: { field: 'set', type: 'nominal', title: null, sort: ['pool', 'selected'] },
        color: { field: 'set', type: 'nominal', scale: { domain: ['pool', 'selected'], range: ['#b0b0b0', '#1f4e9c'] }, legend: null },
      },
    },
    resolve: { scale: { x: 'independent' } },
  };
}

/**
 * Write `scatter.svg/png` (axes `x`, `y`) and `distributions.svg/png` into `dir` (which must exist).
 * @returns the files written
 */
export async function writeSelectionFigures(dir: string, points: readonly FigurePoint[], axes: readonly string[], x: string, y: string): Promise<string[]> {
  const files: string[] = [];
  for (const [stem, spec] of [
    ['scatter', scatterSpec(points, x, y)],
    ['distributions', distributionsSpec(points, axes)],
  ] as const) {
    const svg = await toSvg(spec);
    writeFileSync(join(dir, `${stem}.svg`), svg);
    writeFileSync(join(dir, `${stem}.png`), svgToPng(svg));
    files.push(join(dir, `${stem}.svg`), join(dir, `${stem}.png`));
  }
  return files;
}
