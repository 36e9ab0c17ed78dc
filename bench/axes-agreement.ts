/**
 * Agreement of the two tiers of the v2 axes on the games of a pool, from two axes JSONL files
 * written by `gbgc axes POOL --tier fast --out FAST.jsonl` and `gbgc axes POOL --tier precise --out
 * PRECISE.jsonl` (the same pool or a part of it; games matched by ruleset hash): per axis,
 * Spearman's ρ between the fast and the precise values over the games measured at both tiers
 * (issue 27: ≥ 0.9 on each axis, 100 accepted games per pool seed), with the number of games and
 * how many of them are 0 at each tier (brittleness: at its floor).
 * Figures go to `report('axes-agreement', …)` (GBGC_BENCH_FIGURES names the file).
 * Run: `npx tsx bench/axes-agreement.ts FAST.jsonl PRECISE.jsonl [--label TEXT]`.
 */
import { readFileSync } from 'node:fs';
import { AXES_V2 } from '../src/eval/axes/index.js';
import { spearman } from '../src/eval/stats/dist.js';
import { figure, report, round } from './lib/figures.js';

const argv = process.argv.slice(2);
const [fastFile, preciseFile] = argv;
if (!fastFile || !preciseFile) {
  console.error('usage: npx tsx bench/axes-agreement.ts FAST.jsonl PRECISE.jsonl [--label TEXT]');
  process.exit(2);
}
const label = argv.includes('--label') ? argv[argv.indexOf('--label') + 1]! : `${fastFile} / ${preciseFile}`;

interface Line {
  rulesetHash: string;
  slot?: number;
  set: string;
  tier: string;
  axes: Record<string, number>;
}
/** The v2 lines of `tier` in a file, by ruleset hash (a game measured twice: the last line counts). */
const read = (file: string, tier: string): Map<string, Line> =>
  new Map(
    readFileSync(file, 'utf8')
      .split('\n')
      .filter((l) => l.trim() !== '')
      .map((l) => JSON.parse(l) as Line)
      .filter((l) => l.set === 'v2' && l.tier === tier)
      .map((l) => [l.rulesetHash, l] as const),
  );
const fast = read(fastFile, 'fast');
const precise = read(preciseFile, 'precise');
const both = [...precise.keys()].filter((h) => fast.has(h)).sort((a, b) => (precise.get(a)!.slot ?? 0) - (precise.get(b)!.slot ?? 0));
const isZero = (a: string, v: number) => (a === 'brittleness' ? v <= -6 + 1e-9 : v === 0);
const rows = AXES_V2.map((a) => {
  const f = both.map((h) => fast.get(h)!.axes[a]!);
  const p = both.map((h) => precise.get(h)!.axes[a]!);
  return { axis: a, rho: spearman(f, p), zeroFast: f.filter((v) => isZero(a, v)).length, zeroPrecise: p.filter((v) => isZero(a, v)).length };
});
console.log(`${label}: ${both.length} games at both tiers`);
for (const r of rows) console.log(`  ${r.axis.padEnd(20)} rho ${r.rho.toFixed(3)}  zero fast ${r.zeroFast}, precise ${r.zeroPrecise}`);
report(
  'axes-agreement',
  rows.map((r) =>
    figure({
      id: `rho-${r.axis}`,
      kind: 'size',
      name: `Spearman rho between the fast and precise ${r.axis}`,
      value: round(r.rho, 4),
      unit: '',
      reference: { name: 'bound (issue 27)', value: 0.9, unit: '' },
      ratioMeaning: 'times the bound (at least 1)',
      target: { min: 1 },
      note: `${both.length} games (${label})`,
    }),
  ),
  { label, games: both.length, slots: both.map((h) => precise.get(h)!.slot ?? null), axes: rows.map((r) => ({ ...r, rho: round(r.rho, 4) })) },
);
