/**
 * How well the risk axis's fast tier can agree with its precise tier (GENSTRAT v2 Appendix C: the
 * fast tier's 1,000 L0 episodes against the precise tier's 3,000), on the games of an accepted
 * pool, by Spearman's ρ over the games:
 * - fast against precise for axes seeds 1, 2 and 3 (the fast tier's 1,000 episodes are the first
 *   1,000 of the precise tier's 3,000, as in `computeAxesV2`), the criterion's comparison;
 * - test–retest: precise against precise and fast against fast across the three seeds
 *   (independent episodes), the rank reliability of each tier on its own;
 * - the fast tier at other visit thresholds than the paper's counts scaled to 1,000 episodes
 *   (20/3 visits, 5/3 per action), seed 1, against the precise tier at 20 and 5: whether another
 *   scaling of the thresholds agrees better;
 * and how many games are 0 at each. Classical test theory bounds the correlation of two noisy
 * measurements of one quantity by √(reliability₁ · reliability₂), so the retest figures say what
 * agreement the two budgets can reach.
 * Input: a pool directory and a stride (slots 0, k, 2k, …) or a file listing game paths, one per line.
 * Resumable: each game's values are appended to `--out FILE` as measured and read back on a rerun.
 * Run: `npx tsx bench/risk-tiers.ts (--pool DIR [--stride K] | --list FILE) --out FILE.jsonl`.
 */
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compileSource } from '../src/compiler/index.js';
import { compileGame } from '../src/interpreter/game.js';
import { sampleL0Episodes } from '../src/eval/axes/episodes.js';
import { risk, type RiskThresholds } from '../src/eval/axes/risk.js';
import { readIndex } from '../src/sampler/index.js';
import { spearman } from '../src/eval/stats/dist.js';
import { figure, report, round } from './lib/figures.js';

const argv = process.argv.slice(2);
const opt = (name: string): string | undefined => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : undefined);
const POOL = opt('--pool');
const LIST = opt('--list');
const STRIDE = Number(opt('--stride') ?? 1);
const OUT = opt('--out');
if ((!POOL && !LIST) || !OUT) {
  console.error('usage: npx tsx bench/risk-tiers.ts (--pool DIR [--stride K] | --list FILE) --out FILE.jsonl');
  process.exit(2);
}

/** The fast tier's alternative thresholds, counts in its own 1,000 episodes (the first is the paper's scaled). */
const GRID: [string, RiskThresholds][] = [
  ['20/3, 5/3 (default)', { visits: 20 / 3, actionVisits: 5 / 3 }],
  ['7, 3', { visits: 7, actionVisits: 3 }],
  ['10, 2', { visits: 10, actionVisits: 2 }],
  ['10, 3', { visits: 10, actionVisits: 3 }],
  ['12, 3', { visits: 12, actionVisits: 3 }],
  ['14, 4', { visits: 14, actionVisits: 4 }],
  ['20, 3', { visits: 20, actionVisits: 3 }],
  ['20, 5 (unscaled)', { visits: 20, actionVisits: 5 }],
];
const SEEDS = [1, 2, 3];

const files = LIST
  ? readFileSync(LIST, 'utf8').trim().split('\n')
  : readIndex(join(POOL!, 'index.jsonl'))
      .filter((e) => e.slot % STRIDE === 0)
      .sort((a, b) => a.slot - b.slot)
      .map((e) => join(POOL!, e.file));

interface Row {
  file: string;
  /** Precise and fast risk per seed (keys `p1`, `f1`, …). */
  tiers: Record<string, number>;
  /** Seed 1's fast risk at each threshold of the grid. */
  grid: Record<string, number>;
}
const rows = new Map<string, Row>();
if (existsSync(OUT))
  for (const l of readFileSync(OUT, 'utf8').split('\n'))
    try {
      const r = JSON.parse(l) as Row;
      rows.set(r.file, r);
    } catch {
      // an empty or partial line: measured again
    }
const t0 = process.cpuUsage();
for (const f of files) {
  if (rows.has(f)) continue;
  const g = compileGame(compileSource(readFileSync(f, 'utf8')).ir!);
  const r: Row = { file: f, tiers: {}, grid: {} };
  for (const seed of SEEDS) {
    const log = sampleL0Episodes(g, 3000, seed);
    const fast = { ...log, episodes: log.episodes.slice(0, 1000), nominal: 1000 };
    r.tiers[`p${seed}`] = risk(log);
    r.tiers[`f${seed}`] = risk(fast);
    if (seed === 1) for (const [name, t] of GRID) r.grid[name] = risk(fast, 'qualifying', t);
  }
  rows.set(f, r);
  appendFileSync(OUT, `${JSON.stringify(r)}\n`);
  process.stderr.write(`risk-tiers ${rows.size}/${files.length}\n`);
}
const cpu = (process.cpuUsage(t0).user + process.cpuUsage(t0).system) / 1e6;

const measured = files.filter((f) => rows.has(f)).map((f) => rows.get(f)!);
const col = (k: string) => measured.map((r) => r.tiers[k]!);
const zeros = (xs: number[]) => xs.filter((x) => x === 0).length;
const rho = (a: number[], b: number[]) => round(spearman(a, b), 3);
const pairs = {
  fastVsPrecise: SEEDS.map((s) => ({ seed: s, rho: rho(col(`f${s}`), col(`p${s}`)) })),
  preciseRetest: [
    [1, 2],
    [1, 3],
    [2, 3],
  ].map(([a, b]) => ({ seeds: [a, b], rho: rho(col(`p${a}`), col(`p${b}`)) })),
  fastRetest: [
    [1, 2],
    [1, 3],
    [2, 3],
  ].map(([a, b]) => ({ seeds: [a, b], rho: rho(col(`f${a}`), col(`f${b}`)) })),
  grid: GRID.map(([name]) => {
    const f = measured.map((r) => r.grid[name]!);
    return { thresholds: name, rho: rho(f, col('p1')), zerosFast: zeros(f), zerosPrecise: zeros(col('p1')) };
  }),
};
const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
const relP = mean(pairs.preciseRetest.map((p) => p.rho));
const relF = mean(pairs.fastRetest.map((p) => p.rho));
console.log(`games ${measured.length} of ${files.length}; cpu ${cpu.toFixed(1)} s this run`);
console.log('fast vs precise (nested):', pairs.fastVsPrecise.map((p) => `seed ${p.seed} ${p.rho}`).join(', '));
console.log('precise retest:', pairs.preciseRetest.map((p) => `${p.seeds.join('/')} ${p.rho}`).join(', '), `(mean ${relP.toFixed(3)})`);
console.log('fast retest:', pairs.fastRetest.map((p) => `${p.seeds.join('/')} ${p.rho}`).join(', '), `(mean ${relF.toFixed(3)})`);
console.log(`bound √(fast · precise reliability) ${Math.sqrt(relF * relP).toFixed(3)}`);
for (const g of pairs.grid) console.log(`  fast at ${g.thresholds.padEnd(20)} ρ ${g.rho}  zeros fast ${g.zerosFast} precise ${g.zerosPrecise}`);

report(
  'risk-tiers',
  [
    figure({
      id: 'fast-vs-precise',
      kind: 'size',
      name: `Spearman ρ of risk, fast against precise tier, axes seed 1, ${measured.length} games`,
      value: pairs.fastVsPrecise[0]!.rho,
      unit: '',
      reference: { name: 'mean test–retest ρ of the precise tier (axes seeds 1, 2, 3)', value: round(relP, 3), unit: '' },
      ratioMeaning: 'times the precise tier’s own rank reliability',
      note: `seeds 2, 3: ${pairs.fastVsPrecise
        .slice(1)
        .map((p) => p.rho)
        .join(', ')}; fast test–retest mean ${relF.toFixed(3)}; best threshold of the grid ${Math.max(...pairs.grid.map((g) => g.rho))}`,
    }),
  ],
  { games: measured.length, source: LIST ?? `${POOL} every ${STRIDE}`, ...pairs },
);
