/**
 * Acceptance rate of raw candidates (GENSTRAT v2 §3): the first candidate of each slot of a pool
 * (`poolSlots`: seed S, c spread over [0, 1]) drawn by a builder and judged by the v2 filter
 * (2,000 episodes), with the rejections by check and the distribution (median, 75th, 90th, 97th
 * percentile, largest) of each check's measured value. CPU seconds of this process.
 * Run: `npx tsx bench/acceptance.ts [--n 120] [--builder paper|coherent] [--pool-seed 7]`.
 */
import { acceptance, filterOptions, poolSlots, sampleIR } from '../src/sampler/index.js';
import type { BuilderName } from '../src/sampler/dial.js';

const argv = process.argv.slice(2);
const opt = (name: string, dflt: string): string => {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1]! : dflt;
};
const N = Number(opt('--n', '120'));
const builder = opt('--builder', 'paper') as BuilderName;
const poolSeed = Number(opt('--pool-seed', '7'));
const rejectedBy: Record<string, number> = {};
const values: Record<string, number[]> = {};
let accepted = 0;
const t = process.cpuUsage();
for (const s of poolSlots(poolSeed, N, [0, 1])) {
  const r = acceptance(sampleIR(s.seed, s.complexity, { builder }), filterOptions(), []);
  if (r.accepted) accepted++;
  for (const c of r.checks) {
    (values[c.name] ??= []).push(c.value);
    if (!c.pass) rejectedBy[c.name] = (rejectedBy[c.name] ?? 0) + 1;
  }
}
const u = process.cpuUsage(t);
const q = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))];
console.log(
  JSON.stringify(
    {
      builder,
      poolSeed,
      candidates: N,
      accepted,
      rate: accepted / N,
      rejectedBy,
      quantiles: Object.fromEntries(
        Object.entries(values).map(([k, xs]) => [k, { median: q(xs, 0.5), p75: q(xs, 0.75), p90: q(xs, 0.9), p97: q(xs, 0.97), max: Math.max(...xs) }]),
      ),
      cpuSeconds: (u.user + u.system) / 1e6,
    },
    null,
    2,
  ),
);
