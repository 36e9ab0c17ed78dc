/**
 * The report's figures as vega-lite specs built from an estimates object, rendered to SVG by vega
 * (`View.toSVG()` with renderer 'none', no browser) and to PNG by @resvg/resvg-js.
 */
import * as vl from 'vega-lite';
import * as vega from 'vega';
import { Resvg } from '@resvg/resvg-js';
import type { Estimates } from '../stats/analyze.js';
import type { AxisRow } from '../stats/slots.js';
import { formatSigned } from '../../util/format.js';

/** A vega-lite spec (top-level unit or layer). */
export type VlSpec = Record<string, unknown>;

export interface Figure {
  /** File stem and HTML anchor. */
  id: string;
  title: string;
  /** What the figure shows, one sentence. */
  caption: string;
  spec: VlSpec;
}

const SCHEMA = 'https://vega.github.io/schema/vega-lite/v6.json';
const shortHash = (s: string): string => (s.length > 14 ? `${s.slice(0, 12)}…` : s);

/**
 * Every figure the data supports (profile, jaggedness and scatter figures need axes).
 * @param gameLabel a game's label by ruleset hash (default: the hash's first 12 digits)
 */
export function buildFigures(e: Estimates, axes?: readonly AxisRow[], gameLabel: (hash: string) => string = shortHash): Figure[] {
  const short = gameLabel;
  const label = (id: string): string => e.meta.names[id] ?? id;
  const models = e.meta.participants.map(label);
  const order = e.leaderboard.map((r) => r.name);
  const figs: Figure[] = [];
  figs.push({
    id: 'leaderboard',
    title: 'Strength α̂ per participant',
    caption: `α̂ per participant (chips/game) with 95 % paired-cluster bootstrap intervals (B = ${e.meta.B}).`,
    spec: {
      $schema: SCHEMA,
      width: 420,
      height: { step: 22 },
      data: { values: e.leaderboard.map((r) => ({ participant: r.name, alpha: r.alpha, lo: r.ci.lo, hi: r.ci.hi })) },
      encoding: { y: { field: 'participant', type: 'nominal', sort: order, title: null } },
      layer: [
        { mark: { type: 'rule', color: '#888' }, encoding: { x: { field: 'lo', type: 'quantitative', title: 'α̂ (chips/game)' }, x2: { field: 'hi' } } },
        { mark: { type: 'point', filled: true, size: 60, color: '#1f77b4' }, encoding: { x: { field: 'alpha', type: 'quantitative' } } },
      ],
    },
  });
  const pw: Record<string, unknown>[] = [];
  models.forEach((a, i) =>
    models.forEach((b, j) => {
      const v = e.robustness.pairwise.mean[i][j];
      const c = e.robustness.pairwise.ci[i][j];
      if (v !== null) {
        const sig = c && c.lo !== null && c.hi !== null && (c.lo > 0 || c.hi < 0) ? '*' : '';
        pw.push({ row: a, col: b, margin: v, label: `${formatSigned(v, Math.abs(v) >= 10 ? 1 : 2)}${sig}` });
      }
    }),
  );
  figs.push({
    id: 'pairwise',
    title: 'Pairwise margins',
    caption:
      'Each cell: the mean margin of the row participant over the column participant across their slots, in chips/game (the row’s chips minus the column’s, twice the chips the row wins per game); * marks a 95 % interval excluding 0.',
    spec: {
      $schema: SCHEMA,
      data: { values: pw },
      width: { step: 58 },
      height: { step: 26 },
      encoding: {
        x: { field: 'col', type: 'nominal', sort: order, title: 'column', axis: { labelAngle: -40, labelExpr: 'slice(datum.label, 0, 14)' } },
        y: { field: 'row', type: 'nominal', sort: order, title: 'row' },
      },
      layer: [
        {
          mark: 'rect',
          encoding: { color: { field: 'margin', type: 'quantitative', scale: { scheme: 'redblue', domainMid: 0 }, title: 'margin, chips/game' } },
        },
        // White numbers on the darkest cells (beyond 60 % of the largest |margin|), black elsewhere.
        {
          mark: { type: 'text', fontSize: 11 },
          encoding: {
            text: { field: 'label' },
            color: {
              condition: { test: `abs(datum.margin) > ${0.6 * Math.max(1e-12, ...pw.map((c) => Math.abs(c.margin as number)))}`, value: 'white' },
              value: 'black',
            },
          },
        },
      ],
    },
  });
  const cells: Record<string, unknown>[] = [];
  models.forEach((m, i) =>
    e.meta.games.forEach((g, k) => e.perGame.alpha[i][k] !== null && cells.push({ participant: m, game: short(g), alpha: e.perGame.alpha[i][k] })),
  );
  const gameOrder = e.robustness.composite
    ? e.meta.games
        .map((g, k) => [short(g), e.robustness.composite!.score[k] ?? 0] as const)
        .sort((a, b) => a[1] - b[1])
        .map((x) => x[0])
    : e.meta.games.map(short);
  figs.push({
    id: 'per-game',
    title: 'Per-game strength',
    caption: `α̂_{m,g} (chips/game, sum-to-zero over the participants on each game)${e.robustness.composite ? ', games sorted by composite complexity' : ''}.`,
    spec: {
      $schema: SCHEMA,
      data: { values: cells },
      width: { step: Math.max(6, Math.min(16, Math.floor(900 / Math.max(1, e.meta.games.length)))) },
      height: { step: 20 },
      mark: 'rect',
      encoding: {
        x: { field: 'game', type: 'nominal', sort: gameOrder, axis: e.meta.games.length > 40 ? { labels: false, ticks: false } : { labelAngle: -60 } },
        y: { field: 'participant', type: 'nominal', sort: order, title: null },
        color: { field: 'alpha', type: 'quantitative', scale: { scheme: 'redblue', domainMid: 0 }, title: 'α̂_{m,g}' },
      },
    },
  });
  if (e.profiles) {
    const p = e.profiles;
    figs.push({
      id: 'profiles',
      title: 'Capability profiles',
      caption: `OLS slope of α̂_{m,g} on each z-scored axis (chips/game per SD) with 95 % bootstrap intervals (B = ${p.B}); filled bars clear Benjamini–Hochberg at q < ${p.fdrLevel}. Conditional on the games played: the intervals resample runs within these games, not the games.`,
      spec: {
        $schema: SCHEMA,
        data: {
          values: p.table.map((t) => ({
            ...t,
            model: label(t.model),
            lo: t.ci.lo,
            hi: t.ci.hi,
            sig: t.q !== null && t.q < p.fdrLevel ? 'BH significant' : 'not significant',
          })),
        },
        facet: { column: { field: 'model', type: 'nominal', sort: order, title: null, header: { labelExpr: 'slice(datum.label, 0, 16)' } } },
        spec: {
          width: 110,
          height: { step: 16 },
          encoding: { y: { field: 'axis', type: 'nominal', title: null } },
          layer: [
            {
              mark: 'bar',
              encoding: {
                x: { field: 'slope', type: 'quantitative', title: 'slope' },
                color: { field: 'sig', type: 'nominal', scale: { domain: ['BH significant', 'not significant'], range: ['#3b6ea5', '#c6d4e6'] }, title: null },
              },
            },
            { mark: { type: 'rule', color: '#333' }, encoding: { x: { field: 'lo', type: 'quantitative' }, x2: { field: 'hi' } } },
          ],
        },
      },
    });
  }
  if (e.jaggedness) {
    const j = e.jaggedness;
    figs.push({
      id: 'jaggedness',
      title: 'Local jaggedness',
      caption:
        `Bars: ${j.labels.J} (K = ${j.K}, σ_g-studentised; each cell's sampling variance subtracted before the neighbourhood SD), with 95 % intervals (the 97.5 % percentile interval of noise-corrected bootstrap replicates, B = ${j.B}, calibrated to cover at 95 % on planted truths; extended to 0 when the noise null is not rejected)` +
        `${j.ciJ.some((c) => c === null) ? '; no whisker: too few slots per cell for a trustworthy interval' : ''}. Ticks: ${j.labels.Jv2}, the paper's J_m. ` +
        `Jagged beyond sampling noise (noise null, BH q < 0.05): ${models.filter((_, i) => j.noiseNull.q[i] !== null && j.noiseNull.q[i] < 0.05).join(', ') || 'none'}. Conditional on the games played.`,
      spec: {
        $schema: SCHEMA,
        width: 420,
        height: { step: 22 },
        data: { values: models.map((m, i) => ({ participant: m, J: j.J[i], Jv2: j.Jv2[i], lo: j.ciJ[i]?.lo ?? null, hi: j.ciJ[i]?.hi ?? null })) },
        encoding: {
          y: {
            field: 'participant',
            type: 'nominal',
            sort: models
              .map((m, i) => [m, j.J[i] ?? -Infinity] as const)
              .sort((a, b) => b[1] - a[1])
              .map((x) => x[0]),
            title: null,
          },
        },
        layer: [
          { mark: { type: 'bar', color: '#9ecae1' }, encoding: { x: { field: 'J', type: 'quantitative', title: j.labels.J } } },
          {
            transform: [{ filter: 'isValid(datum.lo)' }],
            mark: { type: 'rule', color: '#333' },
            encoding: { x: { field: 'lo', type: 'quantitative' }, x2: { field: 'hi' } },
          },
          { mark: { type: 'tick', color: '#d95f02', thickness: 2 }, encoding: { x: { field: 'Jv2', type: 'quantitative' } } },
        ],
      },
    });
  }
  if (axes && e.axes && e.axes.names.length >= 2) {
    const [ax, ay] = e.axes.names;
    const byGame = new Map(axes.map((r) => [r.game, r]));
    const q = new Map(e.rankStability.perGame.map((r) => [r.game, r.qCalibrated]));
    figs.push({
      id: 'axes',
      title: 'Games in axis space',
      caption: `Each game on ${ax} and ${ay}, coloured by its rank-stability q-value (excess reversals against the calibrated noise null; conditional on the games played).`,
      spec: {
        $schema: SCHEMA,
        width: 420,
        height: 320,
        data: {
          values: e.meta.games.map((g) => ({
            game: short(g),
            x: byGame.get(g)?.axes[ax] ?? null,
            y: byGame.get(g)?.axes[ay] ?? null,
            q: q.get(g) ?? null,
            band: (q.get(g) ?? 1) < 0.05 ? 'q < 0.05' : (q.get(g) ?? 1) < 0.1 ? 'q < 0.10' : 'q ≥ 0.10',
          })),
        },
        mark: { type: 'point', filled: true, size: 70 },
        encoding: {
          x: { field: 'x', type: 'quantitative', title: ax, scale: { zero: false } },
          y: { field: 'y', type: 'quantitative', title: ay, scale: { zero: false } },
          color: { field: 'q', type: 'quantitative', scale: { scheme: 'viridis' }, title: 'BH q' },
          shape: { field: 'band', type: 'nominal', title: null },
        },
      },
    });
  }
  return figs;
}

/**
 * Render a vega-lite spec to SVG text (no browser: vega's headless 'none' renderer). Compiler and
 * runtime warnings are collected into `warnings` instead of being printed.
 */
export async function toSvg(spec: VlSpec, warnings: string[] = []): Promise<string> {
  const logger = vega.logger(vega.Warn);
  logger.warn = (...args: unknown[]) => (warnings.push(args.map(String).join(' ')), logger);
  const compiled = vl.compile(spec as unknown as vl.TopLevelSpec, { logger }).spec;
  const view = new vega.View(vega.parse(compiled), { renderer: 'none', logger });
  try {
    return await view.toSVG();
  } finally {
    view.finalize();
  }
}

/** Rasterise SVG text to PNG bytes at `scale` (resvg, system fonts). */
export function svgToPng(svg: string, scale = 2): Buffer {
  const r = new Resvg(svg, { fitTo: { mode: 'zoom', value: scale }, font: { loadSystemFonts: true, defaultFontFamily: 'DejaVu Sans' }, background: 'white' });
  return r.render().asPng();
}
