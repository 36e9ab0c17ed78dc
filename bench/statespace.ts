/**
 * The complexity dial against the state-space measure of GENSTRAT v2 (Appendix C): the mean
 * log10 of the distinct information states visited in 3,000 uniform-random episodes (summed over
 * the seats) over 30 seeds at each c = 0, 0.1, …, 1, with Spearman's rank correlation between c
 * and the means. Expected: Spearman ≥ 0.9, the mean under 2 at c = 0 and at least 4 at c = 1
 * (exit 1 otherwise). Prints JSON and reports the three checks as figures against their bounds
 * (`npm run bench`). Run: `npx tsx bench/statespace.ts [--seeds N] [--episodes E]`.
 */
import { sampleIR, stateSpace } from '../src/sampler/index.js';
import { figure, report, round } from './lib/figures.js';

/** Spearman's rank correlation (average ranks for ties). */
function spearman(xs: number[], ys: number[]): number {
  const ranks = (v: number[]) => {
    const order = v.map((x, i) => [x, i] as const).sort((a, b) => a[0] - b[0]);
    const r = new Array<number>(v.length);
    for (let i = 0; i < order.length;) {
      let j = i;
      while (j + 1 < order.length && order[j + 1]![0] === order[i]![0]) j++;
      for (let k = i; k <= j; k++) r[order[k]![1]] = (i + j) / 2 + 1;
      i = j + 1;
    }
    return r;
  };
  const rx = ranks(xs);
  const ry = ranks(ys);
  const mean = (v: number[]) => v.reduce((a, b) => a + b, 0) / v.length;
  const mx = mean(rx);
  const my = mean(ry);
  let num = 0;
  let dx = 0;
  let dy = 0;
  for (let i = 0; i < rx.length; i++) {
    num += (rx[i]! - mx) * (ry[i]! - my);
    dx += (rx[i]! - mx) ** 2;
    dy += (ry[i]! - my) ** 2;
  }
  return num / Math.sqrt(dx * dy);
}

const argv = process.argv.slice(2);
const arg = (name: string, dflt: number) => {
  const i = argv.indexOf(name);
  return i >= 0 ? Number(argv[i + 1]) : dflt;
};
const SEEDS = arg('--seeds', 30);
const EPISODES = arg('--episodes', 3000);
const cs = Array.from({ length: 11 }, (_, i) => i / 10);
const means = cs.map((c) => {
  let sum = 0;
  for (let seed = 0; seed < SEEDS; seed++) sum += stateSpace(sampleIR(seed, c), EPISODES).log10;
  return sum / SEEDS;
});
const rho = spearman(cs, means);
const ok = rho >= 0.9 && means[0]! < 2 && means[10]! >= 4;
console.log(
  JSON.stringify(
    { seeds: SEEDS, episodes: EPISODES, meanLog10: Object.fromEntries(cs.map((c, i) => [String(c), Number(means[i]!.toFixed(3))])), spearman: rho, ok },
    null,
    2,
  ),
);
const note = `${SEEDS} seeds per c, ${EPISODES} uniform-random episodes each; counts, reproducible from the seeds`;
report('statespace', [
  figure({
    id: 'spearman',
    kind: 'size',
    name: 'Spearman rank correlation of c and the mean log10 state space (c = 0, 0.1, …, 1)',
    value: round(rho, 4),
    unit: '',
    reference: { name: 'bound (GENSTRAT v2 Appendix C)', value: 0.9, unit: '' },
    ratioMeaning: 'times the bound (at least 1: the dial orders the state space)',
    target: { min: 1 },
    note,
  }),
  figure({
    id: 'log10-at-c0',
    kind: 'size',
    name: 'mean log10 information states visited at c = 0',
    value: round(means[0]!, 3),
    unit: 'log10',
    reference: { name: 'bound', value: 2, unit: 'log10' },
    ratioMeaning: 'times the bound (below 1 required)',
    target: { max: 1 },
    note,
  }),
  figure({
    id: 'log10-at-c1',
    kind: 'size',
    name: 'mean log10 information states visited at c = 1',
    value: round(means[10]!, 3),
    unit: 'log10',
    reference: { name: 'bound', value: 4, unit: 'log10' },
    ratioMeaning: 'times the bound (at least 1 required)',
    target: { min: 1 },
    note,
  }),
]);
process.exitCode = ok ? 0 : 1;
