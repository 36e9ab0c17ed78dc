/**
 * How far seed 4643's percentiles among the farthest-point 50 move with the measurement's own
 * random numbers (GENSTRAT v2 Appendix B gives 4643's percentiles, 90, 98, 32, 30, 94, 72, and
 * no raw values): for axes seeds 1, …, K, the risk and opponent-modelling axes (the two whose
 * gap to the paper docs/axes.md discusses) of 4643 (`examples/genstrat-4643.gbg`) and of each of
 * the 50 are measured afresh at the fast tier with that seed, and 4643's percentile among the 50
 * (share below plus half the ties, × 100, as in `axes-pool.ts`) is taken per seed.
 *
 * The 50 are those `bench/axes-pool.ts` and `gbgc select --n 50 --seed 1` choose from the axes
 * file (chosen once, on the file's values). Per axis it prints 4643's value and percentile at each
 * seed, their range and median, and at how many seeds the percentile is within 25 points of the
 * paper's. Seed 1 reproduces the axes file's values (the file is written with axes seed 1).
 * Figures go to `report('axes-seed4643-noise', …)` (bench/results-axes-seed4643.json, extra
 * `noise`, holds the recorded run).
 * Run: `npx tsx bench/axes-seed4643-noise.ts AXES.jsonl --pool DIR [--seeds K] [--n 50]`.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compileSource } from '../src/compiler/index.js';
import { compileGame } from '../src/interpreter/game.js';
import { AXES_V2 } from '../src/eval/axes/index.js';
import { BUDGETS } from '../src/eval/axes/budget.js';
import { sampleL0Episodes } from '../src/eval/axes/episodes.js';
import { opponentModelling } from '../src/eval/axes/opponent-modelling.js';
import { risk } from '../src/eval/axes/risk.js';
import { farthestPointSample } from '../src/eval/axes/select.js';
import { figure, median, report, round } from './lib/figures.js';
import { percentileRank, readAxesLines } from './lib/axes-lines.js';

const argv = process.argv.slice(2);
const opt = (name: string): string | undefined => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : undefined);
const file = argv[0]!;
const POOL = opt('--pool') ?? '.';
const K = Number(opt('--seeds') ?? 10);
const N = Number(opt('--n') ?? 50);
/** Appendix B's percentiles of 4643 on the two axes measured here. */
const PAPER = { opponent_modelling: 30, risk: 94 } as const;
type Axis = keyof typeof PAPER;

const lines = readAxesLines(file);
const rows = lines.map((l) => AXES_V2.map((a) => l.axes[a]!));
const pick = farthestPointSample(
  rows.map((values, id) => ({ id, values })),
  N,
  1,
);
const load = (f: string) => compileGame(compileSource(readFileSync(existsSync(f) ? f : join(POOL, f), 'utf8')).ir!);
const games = pick.map((i) => load(lines[i]!.file));
const g4643 = compileGame(compileSource(readFileSync(new URL('../examples/genstrat-4643.gbg', import.meta.url), 'utf8')).ir!);

const budget = BUDGETS.fast;
const measure = (g: ReturnType<typeof compileGame>, seed: number): Record<Axis, number> => {
  const log = sampleL0Episodes(g, budget.l0Episodes, seed);
  return { risk: risk(log), opponent_modelling: opponentModelling(g, budget, seed, log) };
};

const perSeed: { seed: number; v4643: Record<Axis, number>; median50: Record<Axis, number>; pct: Record<Axis, number> }[] = [];
const t0 = process.cpuUsage();
for (let seed = 1; seed <= K; seed++) {
  const v4643 = measure(g4643, seed);
  const fifty = games.map((g) => measure(g, seed));
  const pct = {} as Record<Axis, number>;
  const med = {} as Record<Axis, number>;
  for (const a of Object.keys(PAPER) as Axis[]) {
    const xs = fifty.map((v) => v[a]);
    pct[a] = percentileRank(xs, v4643[a]);
    med[a] = median(xs);
  }
  perSeed.push({ seed, v4643, median50: med, pct });
  console.log(
    `seed ${seed}: ${(Object.keys(PAPER) as Axis[]).map((a) => `${a} ${v4643[a].toFixed(3)} (median of the ${N} ${med[a].toFixed(3)}, percentile ${pct[a]})`).join('; ')}`,
  );
}
const cpu = (process.cpuUsage(t0).user + process.cpuUsage(t0).system) / 1e6;

const summary = (Object.keys(PAPER) as Axis[]).map((a) => {
  const ps = perSeed.map((s) => s.pct[a]);
  const vs = perSeed.map((s) => s.v4643[a]);
  return {
    axis: a,
    paper: PAPER[a],
    percentiles: ps,
    minPercentile: Math.min(...ps),
    medianPercentile: median(ps),
    maxPercentile: Math.max(...ps),
    seedsWithin25: ps.filter((p) => Math.abs(p - PAPER[a]) <= 25).length,
    values4643: vs.map((v) => round(v, 4)),
    medians50: perSeed.map((s) => round(s.median50[a], 4)),
  };
});
for (const s of summary)
  console.log(
    `${s.axis}: 4643's percentile over ${K} axes seeds ${s.minPercentile}–${s.maxPercentile} (median ${s.medianPercentile}); within 25 of the paper's ${s.paper} at ${s.seedsWithin25} of ${K}`,
  );
console.log(`cpu ${cpu.toFixed(1)} s`);

report(
  'axes-seed4643-noise',
  summary.map((s) =>
    figure({
      id: `${s.axis}-percentile-range`,
      kind: 'size',
      name: `seed 4643's ${s.axis} percentile among the ${N} over axes seeds 1–${K} (fast tier, the ${N} measured afresh at each seed): median`,
      value: s.medianPercentile,
      unit: '',
      reference: { name: 'the paper (v2 Appendix B)', value: s.paper, unit: '' },
      ratioMeaning: 'times the paper',
      note: `range ${s.minPercentile}–${s.maxPercentile}; within 25 points of the paper at ${s.seedsWithin25} of ${K} seeds; per seed ${s.percentiles.join(', ')}`,
    }),
  ),
  { seeds: K, n: N, cpuSeconds: round(cpu, 1), perSeed: summary },
);
