/**
 * Why seed 4643 (`examples/genstrat-4643.gbg`) sits where it does among the farthest-point 50 on
 * opponent modelling and risk (docs/axes.md, "Seed 4643"), from the axes JSONL file `gbgc axes
 * POOL --tier fast --out AXES.jsonl` wrote (the 50: `farthestPointSample`, as `bench/axes-pool.ts`
 * and `gbgc select --n 50 --seed 1` choose them). Every game, 4643 included, is measured on its
 * fast-tier L0 log (1,000 episodes, axes seed 1); the axes' own definitions are not changed, the
 * readings below are measured beside them:
 * - opponent modelling, per focal seat and decision type dt: w_dt, the actions seen, the modal
 *   share over the 64 Sobol opponents (the fast tier's global pass, recomputed here and checked
 *   equal to the axis) and dt's part w_dt (1 − modal share); amount decisions (every legal action
 *   one L0 move kind: a wager size, a bid) marked; the score without them (w_dt renormalised over
 *   the other dts); and a noise reference: the same formula when all 64 "opponents" are one
 *   opponent (the first Sobol point) and only the playouts' random streams differ, so any
 *   disagreement between them is Monte Carlo noise of the 32-playout argmax;
 * - risk: the axis, its `all-visits` option, and readings of choices the paper leaves open: the
 *   10 % quantile by linear interpolation (type 7) instead of the lower empirical one; a_safe ties
 *   to the lowest action id instead of the higher EV; amount decisions left out; the chip bin of
 *   the coarsened key dropped, or in quarters or halves instead of eighths; the full information
 *   state instead of the coarsened key; plus what the value is
 *   made of: the share of visits in qualifying states, the share of qualifying visits whose state
 *   has an EV-vs-floor gap, and the mean gap there (in σ_U);
 * - each figure's percentile for 4643 among the 50 (share below plus half the ties, × 100), and
 *   4643's percentiles among the smallest games of the file, as many as put its state space at the
 *   paper's 90th percentile among them (a set sized like the paper's 50 relative to 4643);
 *   with `--precise-log FILE` (written by `bench/axes-pool.ts --precise-log`) also the precise
 *   tier's percentiles of 4643 among the 50 measured at the precise tier;
 * - with `--playouts P`: 4643's opponent modelling with P playouts per opponent (the same 64
 *   opponents) and its noise reference at P; with `--playouts-fifty` also the 50's at P and
 *   4643's percentile among them.
 * Figures go to `report('axes-seed4643', …)` (GBGC_BENCH_FIGURES; the recorded run is
 * bench/results-axes-seed4643.json). Run from the folder the file's paths are relative to (or give
 * `--pool DIR`): `npx tsx bench/axes-seed4643.ts AXES.jsonl [--pool DIR] [--precise-log FILE]
 * [--playouts P [--playouts-fifty]] [--n 50] [--seed 1]`.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compileSource } from '../src/compiler/index.js';
import { compileGame } from '../src/interpreter/game.js';
import type { Game } from '../src/interpreter/api.js';
import { AXES_V2 } from '../src/eval/axes/index.js';
import { BUDGETS } from '../src/eval/axes/budget.js';
import { sampleL0Episodes, type DecisionRecord, type EpisodeLog } from '../src/eval/axes/episodes.js';
import { cellArgmaxes, focalCells, focalDts, opponentModelling, opponentPolicy, opponentStates, toSimplex } from '../src/eval/axes/opponent-modelling.js';
import { risk, RISK_EPISODES, RISK_FLOOR, RISK_MIN_ACTION_VISITS, RISK_MIN_VISITS, RISK_QUANTILE, weightedQuantile } from '../src/eval/axes/risk.js';
import { TIE_TOLERANCE } from '../src/eval/axes/info-sensitivity.js';
import { farthestPointSample, pearson } from '../src/eval/axes/select.js';
import { Sobol } from '../src/eval/axes/sobol.js';
import { stateSpace } from '../src/eval/axes/state-space.js';
import { rngFromKeys } from '../src/util/rng.js';
import { figure, median, report, round } from './lib/figures.js';
import { percentileRank, readAxesLines } from './lib/axes-lines.js';

const argv = process.argv.slice(2);
const opt = (name: string): string | undefined => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : undefined);
const file = argv[0]!;
const N = Number(opt('--n') ?? 50);
const SEED = Number(opt('--seed') ?? 1);
const POOL = opt('--pool') ?? '.';
const PRECISE_LOG = opt('--precise-log');
const PLAYOUTS = opt('--playouts') ? Number(opt('--playouts')) : undefined;
/** The axes seed of every measurement here (that of the pool's fast run). */
const AXES_SEED = 1;
/** The paper's percentiles of 4643 (v2 Appendix B), AXES_V2 order. */
const PAPER_4643 = [90, 98, 32, 30, 94, 72];

/** A decision whose legal actions are all one L0 move kind: a chosen amount (a wager size, a bid). */
const isAmount = (d: DecisionRecord): boolean => d.kinds === 1 && d.legal.length > 1;

/** Readings of risk measured beside the axis (defaults: the axis, risk.ts). */
interface RiskReading {
  quantile?: 'lower' | 'type7';
  /** a_safe ties (equal 10 % quantiles) to the lowest action id instead of the higher EV. */
  safeTieLowestId?: boolean;
  dropAmounts?: boolean;
  /** Chip bin of the coarsened key in `bins` parts of the chips in play instead of eighths (0: no chip bin). */
  bins?: number;
  /** The full information state I_p instead of its coarsening. */
  full?: boolean;
}

/** The 10 % quantile of the values by linear interpolation between order statistics (type 7). */
function quantileType7(pairs: [number, number][], q: number): number {
  const v = pairs.map((p) => p[0]).sort((a, b) => a - b);
  const h = (v.length - 1) * q;
  const lo = Math.floor(h);
  return v[lo]! + (h - lo) * (v[Math.min(lo + 1, v.length - 1)]! - v[lo]!);
}

/** The coarsened key `seat|dt|hand|path|own/pot` with the chip bin in `bins` parts (0: dropped). */
function rebin(key: string, bins: number): string {
  const i = key.lastIndexOf('|');
  if (bins === 0) return key.slice(0, i);
  const [own, pot] = key
    .slice(i + 1)
    .split('/')
    .map(Number);
  return `${key.slice(0, i)}|${Math.floor((own! * bins) / 8)}/${Math.floor((pot! * bins) / 8)}`;
}

/**
 * Risk of one focal seat under a reading, with what it is made of: the share of the seat's visits
 * in qualifying states (`covered`), the share of the qualifying visits in states with a gap
 * (`withGap`) and the visit-weighted mean gap there, in σ_U (`gap`); risk = withGap × gap.
 * With the default reading `value` is risk.ts's `riskForSeat` (checked by the caller).
 */
function riskParts(log: EpisodeLog, seat: number, r: RiskReading, byDt?: RiskByDt): { value: number; covered: number; withGap: number; gap: number } {
  let w = 0;
  let s = 0;
  let s2 = 0;
  const byState = new Map<string, Map<number, [number, number][]>>();
  for (const e of log.episodes) {
    const u = e.returns[seat]!;
    w += e.weight;
    s += e.weight * u;
    s2 += e.weight * u * u;
    for (const d of e.decisions) {
      if (d.seat !== seat || (r.dropAmounts && isAmount(d))) continue;
      const key = r.full ? d.info : r.bins === undefined ? d.riskInfo : rebin(d.riskInfo, r.bins);
      let m = byState.get(key);
      if (!m) byState.set(key, (m = new Map()));
      let l = m.get(d.action);
      if (!l) m.set(d.action, (l = []));
      l.push([u, e.weight]);
    }
  }
  const sd = Math.sqrt(Math.max(0, s2 / w - (s / w) ** 2));
  const none = { value: 0, covered: 0, withGap: 0, gap: 0 };
  if (!(sd > 0)) return none;
  const scale = RISK_EPISODES / w;
  const quantile = r.quantile === 'type7' ? quantileType7 : weightedQuantile;
  const tol = (x: number) => TIE_TOLERANCE * Math.max(1, Math.abs(x));
  let all = 0;
  let qualifying = 0;
  let gapped = 0;
  let sum = 0;
  for (const [key, m] of byState) {
    let visits = 0;
    const eligible: { a: number; ev: number; q: number }[] = [];
    for (const [a, l] of m) {
      const wa = l.reduce((t, p) => t + p[1], 0);
      visits += wa;
      if (wa * scale >= RISK_MIN_ACTION_VISITS - 1e-9) eligible.push({ a, ev: l.reduce((t, p) => t + p[0] * p[1], 0) / wa, q: quantile(l, RISK_QUANTILE) });
    }
    all += visits;
    if (visits * scale < RISK_MIN_VISITS - 1e-9 || eligible.length < 2) continue;
    qualifying += visits;
    eligible.sort((x, y) => x.a - y.a);
    let best = eligible[0]!;
    let safe = eligible[0]!;
    for (const c of eligible.slice(1)) {
      if (c.ev > best.ev + tol(best.ev)) best = c;
      if (c.q > safe.q + tol(safe.q) || (!r.safeTieLowestId && Math.abs(c.q - safe.q) <= tol(safe.q) && c.ev > safe.ev + tol(safe.ev))) safe = c;
    }
    const gap = (best.ev - safe.ev) / sd;
    sum += visits * gap;
    if (gap > 0) gapped += visits;
    if (byDt) {
      const dt = `${seat} ${key.split('|')[1]}`;
      const x = byDt.get(dt) ?? { visits: 0, gapVisits: 0, sum: 0 };
      byDt.set(dt, { visits: x.visits + visits, gapVisits: x.gapVisits + (gap > 0 ? visits : 0), sum: x.sum + visits * gap });
    }
  }
  if (qualifying === 0) return none;
  return { value: sum / qualifying, covered: qualifying / all, withGap: gapped / qualifying, gap: gapped > 0 ? sum / gapped : 0 };
}

/** A risk reading for the game: the mean over the two seats, 0 below the floor (as the axis). */
function riskReading(log: EpisodeLog, r: RiskReading): number {
  const v = (riskParts(log, 0, r).value + riskParts(log, 1, r).value) / 2;
  return v < RISK_FLOOR ? 0 : v;
}

const RISK_READINGS: Record<string, RiskReading> = {
  'quantile type 7': { quantile: 'type7' },
  'a_safe ties to the lowest id': { safeTieLowestId: true },
  'amount decisions left out': { dropAmounts: true },
  'no chip bin': { bins: 0 },
  'chip bin in quarters': { bins: 4 },
  'chip bin in halves': { bins: 2 },
  'full information state': { full: true },
};

/** One decision type's part in opponent modelling for one focal seat. */
interface DtPart {
  seat: number;
  dt: string;
  share: number;
  actions: number;
  amount: boolean;
  modal: number;
  part: number;
  /** The modal share when the 64 opponents are one opponent and only the playout streams differ. */
  noiseModal: number;
}

/** Modal share of the argmaxes at dt index `d` over `results` (opponents without an argmax there left out). */
function modalShare(results: readonly Int32Array[], d: number): number {
  const counts = new Map<number, number>();
  let n = 0;
  for (const r of results) {
    if (r[d]! < 0) continue;
    counts.set(r[d]!, (counts.get(r[d]!) ?? 0) + 1);
    n++;
  }
  return n > 0 ? Math.max(...counts.values()) / n : 1;
}

/**
 * Opponent modelling of `focal` at the fast tier, per decision type: the 64 Sobol opponents of the
 * global pass (the points and shift of `opponent-modelling.ts`, recomputed), `playouts` playouts
 * each; and the noise reference (opponent 0 played 64 times on independent playout streams).
 */
function omParts(game: Game, log: EpisodeLog, focal: number, playouts: number, withNoise = true): DtPart[] {
  const foc = focalDts(log, focal);
  if (!foc) return [];
  const states = opponentStates(log, focal);
  const shiftRng = rngFromKeys(AXES_SEED, 0x50b01, focal);
  const shift = Array.from({ length: states.dims }, () => shiftRng());
  const sobol = new Sobol(Math.max(1, states.dims));
  const mass = new Float64Array(states.massLength);
  const setMass = (pt: readonly number[]) => {
    let j = 0;
    for (let i = 0; i < states.sobolStates; i++) {
      const k = states.kinds[i]!;
      mass.set(toSimplex(pt.slice(j, j + k - 1)), states.massOffset[i]!);
      j += k - 1;
    }
  };
  const results: Int32Array[] = [];
  let first: number[] = [];
  for (let i = 0; i < BUDGETS.fast.sobolGlobal; i++) {
    const x = sobol.next();
    const pt = shift.map((c, j) => (x[j]! + c) % 1);
    if (i === 0) first = pt;
    setMass(pt);
    results.push(cellArgmaxes(focalCells(game, opponentPolicy(states, mass, AXES_SEED, focal, { n: i }), focal, AXES_SEED, false, playouts), foc.dts));
  }
  setMass(first);
  const one = opponentPolicy(states, mass, AXES_SEED, focal, { n: 0 });
  // Independent playout streams: the stream seed differs per replicate (the opponent's own coordinates stay those of axes seed 1).
  const noise = Array.from({ length: withNoise ? BUDGETS.fast.sobolGlobal : 0 }, (_, i) =>
    cellArgmaxes(focalCells(game, one, focal, 1_000_003 + i, false, playouts), foc.dts),
  );
  const actions = new Map<string, Set<number>>();
  const amount = new Map<string, boolean>();
  for (const e of log.episodes)
    for (const d of e.decisions)
      if (d.seat === focal) {
        let a = actions.get(d.dt);
        if (!a) actions.set(d.dt, (a = new Set()));
        a.add(d.action);
        amount.set(d.dt, (amount.get(d.dt) ?? true) && isAmount(d));
      }
  return foc.dts.map((dt, d) => {
    const modal = modalShare(results, d);
    return {
      seat: focal,
      dt,
      share: foc.dtShare[d]!,
      actions: actions.get(dt)!.size,
      amount: amount.get(dt)!,
      modal,
      part: foc.dtShare[d]! * (1 - modal),
      noiseModal: withNoise ? modalShare(noise, d) : NaN,
    };
  });
}

/** Opponent modelling from the per-dt parts: the axis (mean over seats), without amount decisions, and the noise reference. */
function omSummary(parts: readonly DtPart[]): { value: number; noAmounts: number; noise: number; amountPart: number } {
  const bySeat = [0, 1].map((s) => parts.filter((p) => p.seat === s));
  const mean = (f: (ps: DtPart[]) => number) => (f(bySeat[0]!) + f(bySeat[1]!)) / 2;
  const sum = (ps: DtPart[], g: (p: DtPart) => number) => ps.reduce((t, p) => t + g(p), 0);
  return {
    value: mean((ps) => sum(ps, (p) => p.part)),
    noAmounts: mean((ps) => {
      const rest = ps.filter((p) => !p.amount);
      const w = sum(rest, (p) => p.share);
      return w > 0 ? sum(rest, (p) => p.part) / w : 0;
    }),
    noise: mean((ps) => sum(ps, (p) => p.share * (1 - p.noiseModal))),
    amountPart: mean((ps) =>
      sum(
        ps.filter((p) => p.amount),
        (p) => p.part,
      ),
    ),
  };
}

/** Risk per focal seat and decision type: qualifying visits, those in states with a gap, Σ visits × gap. */
type RiskByDt = Map<string, { visits: number; gapVisits: number; sum: number }>;

interface Row {
  key: string;
  values: Record<string, number>;
  om: DtPart[];
  riskDt: RiskByDt;
  stateSpace: number;
}

/** Measure one game: risk's readings and parts, opponent modelling's parts (checked against the axes). */
function measure(key: string, game: Game): Row {
  const log = sampleL0Episodes(game, BUDGETS.fast.l0Episodes, AXES_SEED);
  const values: Record<string, number> = { risk: risk(log), 'risk all-visits': risk(log, 'all-visits') };
  const riskDt: RiskByDt = new Map();
  const parts = [0, 1].map((s) => riskParts(log, s, {}, riskDt));
  const check = riskReading(log, {});
  if (Math.abs(check - values['risk']!) > 1e-12) throw new Error(`${key}: risk recomputed ${check} differs from the axis ${values['risk']}`);
  for (const [k, s] of [
    ['covered', 'covered'],
    ['with gap', 'withGap'],
    ['gap where one', 'gap'],
  ] as const)
    values[`risk: ${k}`] = (parts[0]![s] + parts[1]![s]) / 2;
  for (const [name, r] of Object.entries(RISK_READINGS)) values[`risk, ${name}`] = riskReading(log, r);
  const om = [0, 1].flatMap((s) => omParts(game, log, s, 32));
  const sm = omSummary(om);
  const axis = opponentModelling(game, BUDGETS.fast, AXES_SEED, log);
  if (Math.abs(axis - sm.value) > 1e-12) throw new Error(`${key}: opponent modelling recomputed ${sm.value} differs from the axis ${axis}`);
  Object.assign(values, {
    'opponent modelling': sm.value,
    'opponent modelling, amount decisions left out': sm.noAmounts,
    'opponent modelling: amount decisions part': sm.amountPart,
    'opponent modelling: noise reference': sm.noise,
  });
  return { key, values, om, riskDt, stateSpace: stateSpace(log) };
}

const lines = readAxesLines(file);
const pick = farthestPointSample(
  lines.map((l, id) => ({ id, values: AXES_V2.map((a) => l.axes[a]!) })),
  N,
  SEED,
);
const load = (f: string) => compileGame(compileSource(readFileSync(f, 'utf8')).ir!);
const t0 = process.cpuUsage();
const g4643 = load(new URL('../examples/genstrat-4643.gbg', import.meta.url).pathname);
const r4643 = measure('genstrat-4643', g4643);
const chosen = pick.map((i, n) => {
  const f = lines[i]!.file;
  process.stderr.write(`${n + 1}/${pick.length} ${f}\n`);
  return measure(f, load(existsSync(f) ? f : join(POOL, f)));
});

const table = Object.keys(r4643.values).map((k) => {
  const xs = chosen.map((c) => c.values[k]!);
  return { reading: k, value4643: round(r4643.values[k]!, 4), median50: round(median(xs), 4), percentile4643: percentileRank(xs, r4643.values[k]!) };
});
const col = (k: string) => chosen.map((c) => c.values[k]!);

/**
 * A set of pool games sized like the paper's 50 relative to 4643: the m smallest games of the
 * file (by state space), m such that 4643's state space sits at the paper's 90th percentile among
 * them (k games below it, m = round(k / 0.9)); 4643's fast percentiles among them on every axis.
 */
const fast4643: Record<string, number> = { opponent_modelling: r4643.values['opponent modelling']!, risk: r4643.values['risk']! };
const ss4643 = r4643.stateSpace;
const bySize = lines.slice().sort((a, b) => a.axes['state_space']! - b.axes['state_space']!);
const below = bySize.filter((l) => l.axes['state_space']! < ss4643).length;
const small = bySize.slice(0, Math.round(below / (PAPER_4643[0]! / 100)));
const smallPct = Object.fromEntries(
  Object.entries({ state_space: ss4643, ...fast4643 }).map(([a, v]) => [
    a,
    percentileRank(
      small.map((l) => l.axes[a]!),
      v,
    ),
  ]),
);
const rOmNoise = pearson(col('opponent modelling'), col('opponent modelling: noise reference'));

let precise: { values: Record<string, number>; percentiles: number[]; medians: number[] } | undefined;
if (PRECISE_LOG) {
  const done = new Map<string, Record<string, number>>();
  for (const l of readFileSync(PRECISE_LOG, 'utf8').split('\n'))
    if (l.trim()) {
      const x = JSON.parse(l) as { key: string; axes: Record<string, number> };
      done.set(x.key, x.axes);
    }
  const v = done.get('genstrat-4643');
  const fifty = pick.map((i) => done.get(lines[i]!.file));
  if (v && fifty.every((x) => x))
    precise = {
      values: v,
      percentiles: AXES_V2.map((a) =>
        percentileRank(
          fifty.map((x) => x![a]!),
          v[a]!,
        ),
      ),
      medians: AXES_V2.map((a) => round(median(fifty.map((x) => x![a]!)), 4)),
    };
  else
    process.stderr.write(
      `--precise-log: ${fifty.filter((x) => x).length} of the ${pick.length} and ${v ? '' : 'not '}4643 measured; precise percentiles left out\n`,
    );
}

let playouts: { playouts: number; value: number; noise: number } | undefined;
if (PLAYOUTS) {
  const log = sampleL0Episodes(g4643, BUDGETS.fast.l0Episodes, AXES_SEED);
  const sm = omSummary([0, 1].flatMap((s) => omParts(g4643, log, s, PLAYOUTS)));
  playouts = { playouts: PLAYOUTS, value: sm.value, noise: sm.noise };
}
/** With `--playouts-fifty`: the 50's opponent modelling at P playouts too (no noise reference), and 4643's percentile among them. */
let playoutsFifty: { values: number[]; median: number; percentile4643: number } | undefined;
if (playouts && argv.includes('--playouts-fifty')) {
  const values = pick.map((i, n) => {
    const f = lines[i]!.file;
    process.stderr.write(`${PLAYOUTS} playouts: ${n + 1}/${pick.length} ${f}\n`);
    const g = load(existsSync(f) ? f : join(POOL, f));
    const log = sampleL0Episodes(g, BUDGETS.fast.l0Episodes, AXES_SEED);
    return omSummary([0, 1].flatMap((s) => omParts(g, log, s, playouts!.playouts, false))).value;
  });
  playoutsFifty = { values: values.map((v) => round(v, 4)), median: round(median(values), 4), percentile4643: percentileRank(values, playouts.value) };
}
const cpu = process.cpuUsage(t0);

console.log('seed 4643, opponent modelling per focal seat and decision type (fast tier, 64 opponents, 32 playouts):');
for (const p of r4643.om)
  console.log(
    `  seat ${p.seat} ${p.dt.padEnd(12)} w ${p.share.toFixed(3)} actions ${String(p.actions).padStart(2)}${p.amount ? ' (amount)' : '         '} modal ${p.modal.toFixed(3)} part ${p.part.toFixed(3)} noise modal ${p.noiseModal.toFixed(3)}`,
  );
console.log("seed 4643, risk per focal seat and decision type (qualifying visits, share of them with a gap, the dt's part of the seat's risk):");
const qualifyingBySeat = [0, 1].map((s) => [...r4643.riskDt].filter(([k]) => k.startsWith(`${s} `)).reduce((t, [, x]) => t + x.visits, 0));
const risk4643Dt = [...r4643.riskDt].map(([k, x]) => ({
  dt: k,
  visits: x.visits,
  withGap: round(x.gapVisits / x.visits, 4),
  part: round(x.sum / qualifyingBySeat[Number(k[0])]!, 4),
}));
for (const x of risk4643Dt)
  console.log(`  seat ${x.dt.padEnd(12)} visits ${String(x.visits).padStart(5)} with gap ${x.withGap.toFixed(3)} part ${x.part.toFixed(3)}`);
console.log(`reading${' '.repeat(50)} 4643   median of the ${pick.length}  percentile`);
for (const t of table)
  console.log(`  ${t.reading.padEnd(55)} ${t.value4643.toFixed(3).padStart(6)} ${t.median50.toFixed(3).padStart(8)} ${String(t.percentile4643).padStart(6)}`);
console.log(
  `the ${small.length} smallest games of the file (4643 at the 90th percentile of state space among them; up to 10^${small[small.length - 1]!.axes['state_space']!.toFixed(2)}): 4643's percentiles ${JSON.stringify(smallPct)}`,
);
console.log(`r(opponent modelling, its noise reference) over the ${pick.length}: ${rOmNoise.toFixed(3)}`);
if (precise) {
  console.log('precise tier, 4643 among the 50 at the precise tier:', precise.percentiles.join(', '), '; paper', PAPER_4643.join(', '));
  console.log('precise tier, medians of the 50:', precise.medians.join(', '));
}
if (playouts)
  console.log(`4643 at ${playouts.playouts} playouts: opponent modelling ${playouts.value.toFixed(3)}, noise reference ${playouts.noise.toFixed(3)}`);
if (playoutsFifty)
  console.log(
    `the ${pick.length} at ${playouts!.playouts} playouts: median ${playoutsFifty.median.toFixed(3)}; 4643 at the ${playoutsFifty.percentile4643}th percentile`,
  );
console.log(`CPU ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s`);

const pctFigure = (reading: string, paper: number) => {
  const t = table.find((x) => x.reading === reading)!;
  return figure({
    id: `pct-${reading.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}`,
    kind: 'size',
    name: `percentile of seed 4643 among the FPS-${pick.length}: ${reading}`,
    value: t.percentile4643,
    unit: '',
    reference: { name: 'the paper (v2 Appendix B)', value: paper, unit: '' },
    ratioMeaning: 'times the paper',
    note: `4643 ${t.value4643}, median of the ${pick.length} ${t.median50}; ${file}`,
  });
};
report('axes-seed4643', [pctFigure('opponent modelling', PAPER_4643[3]!), pctFigure('risk', PAPER_4643[4]!)], {
  args: argv,
  chosenFiles: pick.map((i) => lines[i]!.file),
  table,
  risk4643: risk4643Dt,
  om4643: r4643.om.map((p) => ({ ...p, share: round(p.share, 4), modal: round(p.modal, 4), part: round(p.part, 4), noiseModal: round(p.noiseModal, 4) })),
  rOmNoise: round(rOmNoise, 4),
  smallestGames: { count: small.length, maxStateSpace: round(small[small.length - 1]!.axes['state_space']!, 3), percentiles4643: smallPct },
  ...(precise ? { precise: { values4643: precise.values, percentiles4643: precise.percentiles, medians50: precise.medians, paper: PAPER_4643 } } : {}),
  ...(playouts ? { playouts4643: { ...playouts, value: round(playouts.value, 4), noise: round(playouts.noise, 4) } } : {}),
  ...(playoutsFifty ? { playoutsFifty } : {}),
  cpuSeconds: round((cpu.user + cpu.system) / 1e6, 1),
});
