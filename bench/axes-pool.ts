/**
 * Diagnostics of a pool's axes against GENSTRAT v2 §3.1, §4 and Appendices B and D, from the axes
 * JSONL file `gbgc axes POOL --tier fast --out AXES.jsonl` wrote:
 * - for the games with at least 10^3.5 information states, the share on which each axis is 0
 *   (brittleness: at its floor, −6);
 * - the farthest-point 50 (seed 1, the choice `gbgc select --n 50 --seed 1` makes): the full Pearson
 *   matrix, the VIFs, the largest |r|, the signs of the three correlations the paper reports and
 *   r(state space, risk); r(state space, risk) over the whole pool;
 * - the percentiles of seed 4643 (`examples/genstrat-4643.gbg`, axes seed 1) among the 50 beside
 *   the paper's (Appendix B: 90, 98, 32, 30, 94, 72), at the fast tier, and with `--precise-log FILE`
 *   also at the precise tier (the paper re-scores its 50 at the precise tier and uses those values:
 *   Appendix C), the 50 and 4643 measured here, one JSON line each appended to FILE as soon as it is
 *   measured (a rerun reads them back), and the Pearson matrix and VIFs of the 50's precise values
 *   (the paper's matrix: its 50 chosen on fast values and used at their precise values);
 * - with `--pool DIR`, the pool's acceptance rate (accepted games over candidates judged) and its
 *   rejections by check, from its `index.jsonl`.
 * Figures go to `report('axes-pool', …)` (the file GBGC_BENCH_FIGURES names; the recorded run is
 * bench/results-axes-pool.json, kept apart from bench/results.json since its pool is built by hand).
 * Run: `npx tsx bench/axes-pool.ts AXES.jsonl [--pool DIR] [--precise-log FILE] [--n 50] [--seed 1]
 * [--risk-weights qualifying|all-visits]` (seed 4643's and the precise tier's risk weights; default:
 * those the file's lines record, `all-visits` for a file written before the option existed).
 */
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compileSource } from '../src/compiler/index.js';
import { compileGame } from '../src/interpreter/game.js';
import { computeAxesV2, AXES_V2 } from '../src/eval/axes/index.js';
import type { RiskWeights } from '../src/eval/axes/risk.js';
import { correlationMatrix, farthestPointSample, varianceInflationFactors } from '../src/eval/axes/select.js';
import { readIndex } from '../src/sampler/index.js';
import { poolAcceptance } from '../src/sampler/pool.js';
import { figure, report, round } from './lib/figures.js';
import { percentileRank, readAxesLines } from './lib/axes-lines.js';

const argv = process.argv.slice(2);
const opt = (name: string): string | undefined => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : undefined);
const file = argv[0]!;
const N = Number(opt('--n') ?? 50);
const SEED = Number(opt('--seed') ?? 1);
const POOL = opt('--pool');
const PRECISE_LOG = opt('--precise-log');
/** Risk's weights for seed 4643 and the precise tier: `--risk-weights`, else those of the file's first line. */
let RISK_WEIGHTS = opt('--risk-weights') as RiskWeights | undefined;
/** Appendix B's percentiles of seed 4643 among the paper's 50, in AXES_V2 order. */
const PAPER_4643 = [90, 98, 32, 30, 94, 72];
/** The three correlations v2 §3.1 reports (state × information, state × temporal, information × opponent). */
const PAPER_R: [number, number, number][] = [
  [0, 2, 0.65],
  [0, 1, 0.57],
  [2, 3, 0.5],
];
const BIG = 3.5;

const lines = readAxesLines(file);
// A file written before the option existed was measured with shares of all visits.
RISK_WEIGHTS ??= lines[0]?.riskWeights ?? 'all-visits';
const rows = lines.map((l) => AXES_V2.map((a) => l.axes[a]!));
const big = rows.filter((r) => r[0]! >= BIG);
const isZero = (a: string, v: number) => (a === 'brittleness' ? v <= -6 + 1e-9 : v === 0);
const zeroShare = Object.fromEntries(AXES_V2.slice(1).map((a) => [a, big.filter((r) => isZero(a, r[AXES_V2.indexOf(a)]!)).length / big.length]));

const pick = farthestPointSample(
  rows.map((values, id) => ({ id, values })),
  N,
  SEED,
);
const chosen = pick.map((i) => rows[i]!);
const r = correlationMatrix(chosen);
const vif = varianceInflationFactors(chosen);
let maxR = 0;
for (let i = 0; i < 6; i++) for (let j = i + 1; j < 6; j++) maxR = Math.max(maxR, Math.abs(r[i]![j]!));
const poolR = correlationMatrix(rows);

const g4643 = compileGame(compileSource(readFileSync(new URL('../examples/genstrat-4643.gbg', import.meta.url), 'utf8')).ir!);
const fast4643 = computeAxesV2(g4643, { tier: 'fast', seed: 1, riskWeights: RISK_WEIGHTS }) as unknown as Record<string, number>;
const pctFast = AXES_V2.map((a, j) =>
  percentileRank(
    chosen.map((c) => c[j]!),
    fast4643[a]!,
  ),
);

/** Precise-tier values of the 50 and of 4643 (key: file, or 'genstrat-4643'), resumable through PRECISE_LOG. */
let precise: { values: number[][]; v4643: Record<string, number>; pct: number[] } | null = null;
if (PRECISE_LOG) {
  const done = new Map<string, Record<string, number>>();
  if (existsSync(PRECISE_LOG))
    for (const l of readFileSync(PRECISE_LOG, 'utf8').split('\n')) {
      try {
        const x = JSON.parse(l) as { key: string; axes: Record<string, number> };
        done.set(x.key, x.axes);
      } catch {
        // an empty or partial line: measured again
      }
    }
  const poolDir = POOL ?? '.';
  const measure = (key: string, load: () => ReturnType<typeof compileGame>) => {
    let v = done.get(key);
    if (!v) {
      v = computeAxesV2(load(), { tier: 'precise', seed: 1, riskWeights: RISK_WEIGHTS }) as unknown as Record<string, number>;
      appendFileSync(PRECISE_LOG, `${JSON.stringify({ key, axes: v })}\n`);
      done.set(key, v);
    }
    process.stderr.write(`precise ${done.size}/${pick.length + 1}\n`);
    return v;
  };
  const v4643 = measure('genstrat-4643', () => g4643);
  const values = pick.map((i) => {
    const f = lines[i]!.file;
    return AXES_V2.map((a) => measure(f, () => compileGame(compileSource(readFileSync(existsSync(f) ? f : join(poolDir, f), 'utf8')).ir!))[a]!);
  });
  precise = {
    values,
    v4643,
    pct: AXES_V2.map((a, j) =>
      percentileRank(
        values.map((c) => c[j]!),
        v4643[a]!,
      ),
    ),
  };
}

const acceptance = POOL ? poolAcceptance(readIndex(join(POOL, 'index.jsonl'))) : null;

const fmt = (x: number) => (x >= 0 ? '+' : '') + x.toFixed(2);
console.log(`pool games ${rows.length}; with >= 10^${BIG} states ${big.length}`);
for (const [a, s] of Object.entries(zeroShare)) console.log(`  ${a}: 0 on ${(100 * s).toFixed(1)} %`);
console.log(`Pearson r over the FPS-${N} (seed ${SEED})`);
AXES_V2.forEach((a, i) => console.log(a.padEnd(20), r[i]!.map(fmt).join(' ')));
console.log('VIF', AXES_V2.map((a, j) => `${a} ${vif[j]!.toFixed(2)}`).join(', '));
console.log(`max |r| ${maxR.toFixed(3)}; pool r(state, risk) ${poolR[0]![4]!.toFixed(3)}`);
console.log(`paper's three: ${PAPER_R.map(([i, j, p]) => `${AXES_V2[i]}×${AXES_V2[j]} ${fmt(r[i]![j]!)} (paper +${p})`).join(', ')}`);
console.log('4643 fast', AXES_V2.map((a) => `${a} ${fast4643[a]!.toFixed(3)}`).join(', '));
console.log('4643 percentiles among the 50, fast:', pctFast.join(', '), '; paper', PAPER_4643.join(', '));
if (precise) {
  console.log('4643 precise', AXES_V2.map((a) => `${a} ${precise!.v4643[a]!.toFixed(3)}`).join(', '));
  console.log('4643 percentiles among the 50, precise:', precise.pct.join(', '));
}
/** The paper's procedure for its matrix: the 50 chosen on fast values, correlated on their precise values (v2 Appendix C: "the precise values are the ones used throughout"). */
const preciseMatrix = precise ? { r: correlationMatrix(precise.values), vif: varianceInflationFactors(precise.values) } : null;
if (preciseMatrix) {
  console.log(`Pearson r over the FPS-${N}, their precise values`);
  AXES_V2.forEach((a, i) => console.log(a.padEnd(20), preciseMatrix.r[i]!.map(fmt).join(' ')));
  console.log('VIF (precise)', AXES_V2.map((a, j) => `${a} ${preciseMatrix.vif[j]!.toFixed(2)}`).join(', '));
}
const range = (vals: number[][]) =>
  AXES_V2.map((a, j) => {
    const s = vals.map((c) => c[j]!).sort((x, y) => x - y);
    return { axis: a, min: s[0]!, median: (s[(s.length - 1) >> 1]! + s[s.length >> 1]!) / 2, max: s[s.length - 1]! };
  });
if (acceptance) console.log('acceptance', JSON.stringify(acceptance));

const note = `${file}: ${rows.length} games, FPS-${N} seed ${SEED}`;
/** A figure held to an upper bound: the ratio value / bound must be at most 1. */
const bounded = (id: string, name: string, value: number, ref: string, bound: number, figNote = note) =>
  figure({
    id,
    kind: 'size',
    name,
    value: round(value, 4),
    unit: '',
    reference: { name: ref, value: bound, unit: '' },
    ratioMeaning: 'times the bound (at most 1)',
    target: { max: 1 },
    note: figNote,
  });
report(
  'axes-pool',
  [
    ...Object.entries(zeroShare).map(([a, s]) =>
      bounded(`zero-${a}`, `share of the games with >= 10^${BIG} states on which ${a} is 0`, s, 'bound (issue 27)', 0.2, `${big.length} of ${note}`),
    ),
    bounded('max-abs-r', `largest |Pearson r| over the FPS-${N}`, maxR, 'bound (v2 Appendix D)', 0.7),
    bounded('max-vif', `largest VIF over the FPS-${N}`, Math.max(...vif.filter((v) => Number.isFinite(v))), 'bound (v2 Appendix D)', 5),
    bounded('abs-r-state-risk', `|r(state space, risk)| over the FPS-${N}`, Math.abs(r[0]![4]!), 'bound (issue 27; the paper: 0.34)', 0.4),
    ...(acceptance
      ? [
          figure({
            id: 'acceptance-rate',
            kind: 'size',
            name: 'accepted games over candidates judged',
            value: round(acceptance.rate, 4),
            unit: '',
            reference: { name: 'the paper: 2,000 of 12,351', value: 2000 / 12351, unit: '' },
            ratioMeaning: 'times the paper',
            note: `${acceptance.accepted} games, ${acceptance.candidates} candidates (${POOL})`,
          }),
        ]
      : []),
  ],
  {
    axes: AXES_V2,
    pearsonFps: r.map((row) => row.map((x) => round(x, 4))),
    vifFps: vif.map((x) => round(x, 4)),
    paperCorrelations: PAPER_R.map(([i, j, p]) => ({ pair: [AXES_V2[i], AXES_V2[j]], paper: p, gbgc: round(r[i]![j]!, 4) })),
    poolRStateRisk: round(poolR[0]![4]!, 4),
    pearsonPool: poolR.map((row) => row.map((x) => round(x, 4))),
    zeroShare,
    riskWeights: RISK_WEIGHTS,
    bigGames: big.length,
    poolGames: rows.length,
    fpsRanges: range(chosen),
    chosenFiles: pick.map((i) => lines[i]!.file),
    seed4643: {
      paper: PAPER_4643,
      fast: { values: fast4643, percentiles: pctFast },
      ...(precise ? { precise: { values: precise.v4643, percentiles: precise.pct, ranges: range(precise.values) } } : {}),
    },
    ...(preciseMatrix
      ? { pearsonFpsPrecise: preciseMatrix.r.map((row) => row.map((x) => round(x, 4))), vifFpsPrecise: preciseMatrix.vif.map((x) => round(x, 4)) }
      : {}),
    ...(acceptance ? { acceptance } : {}),
  },
);
