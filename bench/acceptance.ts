/**
 * Acceptance rate of raw candidates (GENSTRAT v2 §3: 2,000 accepted of 12,351 candidate seeds).
 * For each slot of a pool (`poolSlots`: seed S, c spread over [0, 1]) candidates drawn by a
 * builder are judged by the v2 filter (2,000 episodes) until one passes (at most `--max-tries`),
 * as `gbgc pool` does. Reported:
 * - `pool`: accepted slots over candidates judged — the paper's rate — with the rejections by check;
 * - `first`: the share of slots whose first candidate passes, and the distribution (median, 75th,
 *   90th, 97th percentile, largest) of each check's value over first candidates;
 * - both by third of the complexity range; CPU seconds of this process.
 * Run: `npx tsx bench/acceptance.ts [--n 120] [--builder graph|paper|coherent] [--pool-seed 7] [--max-tries 100]`.
 */
import { acceptance, candidateSeed, filterOptions, poolSlots, sampleIR } from '../src/sampler/index.js';
import { DEFAULT_BUILDER, type BuilderName } from '../src/sampler/dial.js';

const argv = process.argv.slice(2);
const opt = (name: string, dflt: string): string => {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1]! : dflt;
};
const N = Number(opt('--n', '120'));
const builder = opt('--builder', DEFAULT_BUILDER) as BuilderName;
const poolSeed = Number(opt('--pool-seed', '7'));
const maxTries = Number(opt('--max-tries', '100'));
const filter = filterOptions();
const rejectedBy: Record<string, number> = {};
const values: Record<string, number[]> = {};
// By third of the complexity range: [0, 1/3), [1/3, 2/3), [2/3, 1].
const thirds = [0, 1, 2].map(() => ({ slots: 0, firstAccepted: 0, accepted: 0, candidates: 0 }));
let firstAccepted = 0;
let accepted = 0;
let candidates = 0;
const t = process.cpuUsage();
for (const s of poolSlots(poolSeed, N, [0, 1])) {
  const third = thirds[Math.min(2, Math.floor(3 * s.complexity))]!;
  third.slots++;
  for (let k = 0; k < maxTries; k++) {
    const r = acceptance(sampleIR(candidateSeed(s.seed, k), s.complexity, { builder }), filter, []);
    candidates++;
    third.candidates++;
    if (k === 0) {
      for (const c of r.checks) (values[c.name] ??= []).push(c.value);
      if (r.accepted) (firstAccepted++, third.firstAccepted++);
    }
    if (r.accepted) {
      accepted++;
      third.accepted++;
      break;
    }
    for (const c of r.checks) if (!c.pass) rejectedBy[c.name] = (rejectedBy[c.name] ?? 0) + 1;
  }
}
const u = process.cpuUsage(t);
const q = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))];
console.log(
  JSON.stringify(
    {
      builder,
      poolSeed,
      slots: N,
      pool: { accepted, candidates, rate: accepted / candidates, rejectedBy },
      first: { accepted: firstAccepted, rate: firstAccepted / N },
      byComplexityThird: thirds.map((x) => ({ ...x, poolRate: x.accepted / x.candidates, firstRate: x.firstAccepted / x.slots })),
      firstCandidateQuantiles: Object.fromEntries(
        Object.entries(values).map(([k, xs]) => [k, { median: q(xs, 0.5), p75: q(xs, 0.75), p90: q(xs, 0.9), p97: q(xs, 0.97), max: Math.max(...xs) }]),
      ),
      cpuSeconds: (u.user + u.system) / 1e6,
    },
    null,
    2,
  ),
);
