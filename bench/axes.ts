/**
 * Cost and stability of the complexity axes (GENSTRAT v2 Appendix C) on generated games at c = 0.5:
 * CPU seconds per game (user + system of this process, `process.cpuUsage`, so a shared machine's
 * load does not inflate them) at the fast and precise tiers, as ratios against the fast tier on
 * examples/kuhn.gbg measured in the same run (median of 3 after a warm-up); the fast tier's CPU
 * minutes for a 2,000-game pool; and Spearman's rank correlation between the fast and precise values
 * of each axis over the games (the target is ≥ 0.9 per axis over 100 games).
 * Spearman's ρ gives tied values their average rank (simple-statistics' rank correlation), which
 * matters here: several axes are 0 on many games.
 * Prints JSON. Run: `npx tsx bench/axes.ts [--games N] [--c C] [--from SEED] [--pool-seed S]`
 * (`--from 100` gives a second set of games, disjoint from the default seeds 0…N − 1).
 * `--accepted` takes the games `gbgc sample --complexity C --seed SEED` gives (the first candidate
 * of each seed the v2 acceptance filter accepts) instead of the unfiltered draws `sampleIR`.
 * `--pool-seed S` takes instead the N accepted games of `gbgc pool --count N --complexity 0..1
 * --seed S` (the population `gbgc select` ranks: the v2 acceptance filter, c spread over [0, 1]).
 * `--pool DIR` takes the first N games (slot order) of a pool already built with `gbgc pool`;
 * `--stride K` with it takes every K-th game (slots 0, K, 2K, …), so that N games span the pool's
 * whole complexity range when N is less than the pool.
 * `--log FILE` appends one JSON line per game (its values and CPU seconds at each tier) as soon as it
 * is measured, and a rerun with the same FILE takes the games already there from it (resumable:
 * long precise-tier runs survive an interruption; the CPU figures then sum the logged seconds).
 * `--per-axis` (with `--fast-only`) times the fast tier's parts one by one on each game (the L0 log,
 * then each axis on it, as `computeAxesV2` computes them) and reports each part's share of the CPU
 * seconds (`fastCpuSecondsByPart`, `fastCpuSharesByPart`); the values are the same.
 * The `fast-floor-*` figures (`--no-floor` leaves them out) put the fast tier beside what stepping
 * its episodes alone costs: the actions it applies per game, applied in bare L0 episodes through
 * the game contract, with each decision's I_p built, and through the machine kernel.
 */
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { compileSource } from '../src/compiler/index.js';
import { compileGame } from '../src/interpreter/game.js';
import { computeAxesV2, AXES_V2, BUDGETS, l0Log, type AxesV2 } from '../src/eval/axes/index.js';
import { stateSpace } from '../src/eval/axes/state-space.js';
import { temporalDepth } from '../src/eval/axes/temporal-depth.js';
import { infoSensitivity } from '../src/eval/axes/info-sensitivity.js';
import { opponentModelling } from '../src/eval/axes/opponent-modelling.js';
import { risk } from '../src/eval/axes/risk.js';
import { brittleness } from '../src/eval/axes/brittleness.js';
import { CHANCE, type Game } from '../src/interpreter/api.js';
import { InterpreterState, type CompiledGame } from '../src/interpreter/index.js';
import { sampleChanceOutcome } from '../src/interpreter/chance.js';
import { l0Pick } from '../src/algorithms/l0.js';
import { axisInfoKey } from '../src/eval/axes/infostate.js';
import { episodeStates } from '../src/eval/axes/policies.js';
import { KeyedStream, rngFromKeys } from '../src/util/rng.js';
import { filterOptions, poolSlots, sampleAccepted, sampleIR } from '../src/sampler/index.js';
import type { GameIR } from '../src/ir/schema.js';
import { spearman } from '../src/eval/stats/dist.js';
import { axesTargets } from '../src/eval/axes/measure.js';
import { figure, median, report } from './lib/figures.js';

const argv = process.argv.slice(2);
const arg = (name: string, dflt: number) => {
  const i = argv.indexOf(name);
  return i >= 0 ? Number(argv[i + 1]) : dflt;
};
const GAMES = arg('--games', 100);
const C = arg('--c', 0.5);
/** The first sampleIR seed: games are seeds FROM … FROM + GAMES − 1 (a second, disjoint set: --from 100). */
const FROM = arg('--from', 0);
/** With `--pool-seed S`: the accepted games of the pool (seed S, c over [0, 1]) instead of sampleIR draws. */
const POOL_SEED = argv.includes('--pool-seed') ? arg('--pool-seed', 1) : null;
/** With `--accepted`: the games of `gbgc sample` (accepted by the v2 filter) instead of unfiltered draws. */
const ACCEPTED = argv.includes('--accepted');
/** With `--fast-only`: the fast tier only (its CPU cost), no precise tier and no Spearman. */
const FAST_ONLY = argv.includes('--fast-only');
/** With `--pool DIR`: the first N games of a pool built by `gbgc pool`. */
const POOL_DIR = argv.includes('--pool') ? argv[argv.indexOf('--pool') + 1]! : null;
/** With `--log FILE`: one JSON line per measured game, read back on a rerun. */
const LOG = argv.includes('--log') ? argv[argv.indexOf('--log') + 1]! : null;
/** With `--pool DIR --stride K`: every K-th game of the pool. */
const STRIDE = arg('--stride', 1);
/** With `--per-axis` (fast tier only): CPU seconds of the L0 log and of each axis, per part. */
const PER_AXIS = FAST_ONLY && argv.includes('--per-axis');
const population = POOL_DIR
  ? `accepted pool ${POOL_DIR}`
  : POOL_SEED !== null
    ? `accepted pool seed ${POOL_SEED}, c over [0, 1]`
    : ACCEPTED
      ? `accepted games, c = ${C}`
      : `c = ${C}`;
/** The games measured, as IR, with their position in the pool (`--pool`) or in the list. */
async function games(): Promise<{ ir: GameIR; index: number }[]> {
  if (POOL_DIR !== null)
    return axesTargets(POOL_DIR)
      .map((t, index) => ({ t, index }))
      .filter(({ index }) => index % STRIDE === 0)
      .slice(0, GAMES)
      .map(({ t, index }) => ({ ir: compileSource(readFileSync(t.file, 'utf8')).ir!, index }));
  return (await gameIRs()).map((ir, index) => ({ ir, index }));
}
async function gameIRs(): Promise<GameIR[]> {
  if (POOL_SEED === null && ACCEPTED) {
    const out: GameIR[] = [];
    for (let i = 0; i < GAMES; i++) out.push((await sampleAccepted(FROM + i, C, { filter: filterOptions(), maxTries: 100 })).game.ir);
    return out;
  }
  if (POOL_SEED === null) return Array.from({ length: GAMES }, (_, i) => sampleIR(FROM + i, C));
  const out: GameIR[] = [];
  for (const s of poolSlots(POOL_SEED, GAMES, [0, 1]))
    out.push((await sampleAccepted(s.seed, s.complexity, { filter: filterOptions(), maxTries: 100 })).game.ir);
  return out;
}

const kuhnIR = compileSource(readFileSync(new URL('../examples/kuhn.gbg', import.meta.url), 'utf8')).ir!;
const kuhn = compileGame(kuhnIR);
computeAxesV2(kuhn, { tier: 'fast', seed: 1 }); // warm-up (JIT)
/** CPU seconds (user + system) since `from`. */
const cpu = (from: NodeJS.CpuUsage): number => {
  const u = process.cpuUsage(from);
  return (u.user + u.system) / 1e6;
};
let t = process.cpuUsage();
const kuhnFast = median(
  [1, 2, 3].map((s) => {
    t = process.cpuUsage();
    computeAxesV2(kuhn, { tier: 'fast', seed: s });
    return cpu(t);
  }),
);

/** CPU seconds of each part of the fast tier, summed over the games (`--per-axis`). */
const byPart: Record<string, number> = {};
/** The fast tier's axes of `game` part by part, as `computeAxesV2` computes them, each part timed into `byPart`. */
function fastByPart(game: Game): AxesV2 {
  const budget = BUDGETS.fast;
  const timed = <T>(part: string, f: () => T): T => {
    const t0 = process.cpuUsage();
    const v = f();
    byPart[part] = (byPart[part] ?? 0) + cpu(t0);
    return v;
  };
  const log = timed('l0_log', () => l0Log(game, budget, 1, false));
  return {
    state_space: timed('state_space', () => stateSpace(log)),
    temporal_depth: timed('temporal_depth', () => temporalDepth(log)),
    info_sensitivity: timed('info_sensitivity', () => infoSensitivity(log)),
    opponent_modelling: timed('opponent_modelling', () => opponentModelling(game, budget, 1, log)),
    risk: timed('risk', () => risk(log)),
    brittleness: timed('brittleness', () => brittleness(game, budget, 1, false, log)),
  };
}

const fast: AxesV2[] = [];
const precise: AxesV2[] = [];
let fastSec = 0;
let preciseSec = 0;
const list = await games();
const irs = list.map((g) => g.ir);
/** One line of `--log`: a game's values and CPU seconds per tier. */
interface LogLine {
  index: number;
  seed?: number;
  fast: AxesV2;
  fastCpu: number;
  precise: AxesV2 | null;
  preciseCpu: number | null;
}
const logged = new Map<number, LogLine>();
if (LOG && existsSync(LOG))
  for (const l of readFileSync(LOG, 'utf8').split('\n')) {
    if (!l.trim()) continue;
    try {
      const x = JSON.parse(l) as LogLine;
      if (FAST_ONLY || x.precise) logged.set(x.index, x);
    } catch {
      // A partial last line left by an interruption: measured again.
    }
  }
for (const [i, { ir, index }] of list.entries()) {
  let line = logged.get(index);
  if (line && line.seed !== ir.origin?.seed) line = undefined;
  if (!line) {
    const game = compileGame(ir);
    t = process.cpuUsage();
    const f = PER_AXIS ? fastByPart(game) : computeAxesV2(game, { tier: 'fast', seed: 1 });
    const fastCpu = cpu(t);
    let p: AxesV2 | null = null;
    let preciseCpu: number | null = null;
    if (!FAST_ONLY) {
      t = process.cpuUsage();
      p = computeAxesV2(game, { tier: 'precise', seed: 1 });
      preciseCpu = cpu(t);
    }
    line = { index, seed: ir.origin?.seed, fast: f, fastCpu, precise: p, preciseCpu };
    if (LOG) appendFileSync(LOG, `${JSON.stringify(line)}\n`);
  }
  fast.push(line.fast);
  fastSec += line.fastCpu;
  if (!FAST_ONLY) {
    precise.push(line.precise!);
    preciseSec += line.preciseCpu!;
  }
  process.stderr.write(`game ${i + 1}/${irs.length}\n`);
}
const fastPerGame = fastSec / irs.length;

/**
 * What the fast tier's stepping alone costs on these games (`--no-floor` skips it): the actions
 * the tier applies per game (counted on an untimed run), then the CPU of applying that many
 * actions in bare L0 episodes through the game contract (no policy, no key), the same with each
 * decision's I_p built (`axisInfoKey`), and the same episodes through the machine kernel (whole
 * episodes, no contract). Also how many of the L0 log's I_p keys are distinct, and their length.
 */
function floorFigures(): { figures: ReturnType<typeof figure>[]; extra: Record<string, unknown> } {
  const games = irs.map((ir) => compileGame(ir));
  const proto = InterpreterState.prototype;
  const apply = proto.applyAction;
  let applied = 0;
  proto.applyAction = function (this: InterpreterState, a: number): void {
    applied++;
    apply.call(this, a);
  };
  for (const g of games) computeAxesV2(g, { tier: 'fast', seed: 1 });
  proto.applyAction = apply;
  const perGame = applied / games.length;
  const EPISODES = 3000;
  let actions = 0;
  let decisions = 0;
  /** CPU seconds of EPISODES L0 episodes of each game through the contract (with each decision's I_p when `keys`). */
  const contract = (keys: boolean): number => {
    actions = 0;
    decisions = 0;
    const t0 = process.cpuUsage();
    for (const g of games) {
      const initial = episodeStates(g);
      for (let e = 0; e < EPISODES; e++) {
        const rng = rngFromKeys(1, e);
        const s = initial();
        while (!s.isTerminal()) {
          const p = s.currentPlayer();
          actions++;
          if (p === CHANCE) {
            s.applyAction(sampleChanceOutcome(s, rng));
            continue;
          }
          const legal = s.legalActions();
          if (keys) axisInfoKey(s, p, legal);
          decisions++;
          s.applyAction(l0Pick(s, rng(), legal));
        }
      }
    }
    return cpu(t0);
  };
  const kernel = (): number => {
    const t0 = process.cpuUsage();
    for (const g of games) {
      const k = (g as CompiledGame).newMachineKernel();
      const stream = new KeyedStream();
      for (let e = 0; e < EPISODES; e++) {
        stream.restart(1, e);
        k.play(stream.next);
      }
    }
    return cpu(t0);
  };
  contract(true); // warm-up
  const bare = median([contract(false), contract(false), contract(false)]);
  const keyed = median([contract(true), contract(true), contract(true)]);
  const kern = median([kernel(), kernel(), kernel()]);
  const perEpisode = actions / (games.length * EPISODES);
  const episodesPerGame = perGame / perEpisode;
  // Per game: CPU of the tier's actions in bare episodes.
  const scale = episodesPerGame / (games.length * EPISODES);
  let keysSeen = 0;
  let keyChars = 0;
  let distinct = 0;
  for (const g of games) {
    const seen = new Set<string>();
    for (const e of l0Log(g, BUDGETS.fast, 1, false).episodes)
      for (const d of e.decisions) {
        keysSeen++;
        keyChars += d.info.length;
        seen.add(d.info);
      }
    distinct += seen.size;
  }
  const ref = { name: 'the fast tier, same games', value: fastPerGame, unit: 'CPU s/game' };
  const note = `${Math.round(episodesPerGame)} L0-episode equivalents per game (${Math.round(perGame)} actions applied by the tier, ${perEpisode.toFixed(2)} per bare L0 episode), ${EPISODES} bare episodes per game timed, median of 3`;
  return {
    figures: (
      [
        ['fast-floor-contract', "the tier's actions in bare L0 episodes through the contract (no policy, no key)", bare],
        ['fast-floor-keys', "the same with each decision's I_p built", keyed],
        ['fast-floor-kernel', 'the same episodes through the machine kernel (whole episodes, no contract)', kern],
      ] as const
    ).map(([id, name, cpuSeconds]) =>
      figure({ id, name, value: cpuSeconds * scale, unit: 'CPU s/game', reference: ref, kind: 'time', ratioMeaning: 'floor / fast tier', note }),
    ),
    extra: {
      fastTierActionsPerGame: perGame,
      fastTierEpisodeEquivalentsPerGame: episodesPerGame,
      decisionsPerL0Episode: decisions / (games.length * EPISODES),
      l0LogDistinctKeyShare: distinct / keysSeen,
      l0LogMeanKeyLength: keyChars / keysSeen,
    },
  };
}
const floor = argv.includes('--no-floor') ? { figures: [], extra: {} } : floorFigures();
/** `--per-axis`: CPU seconds per part (summed over the games measured now) and each part's share of their sum. */
function partFigures(): Record<string, unknown> {
  if (!PER_AXIS) return {};
  const total = Object.values(byPart).reduce((a, b) => a + b, 0);
  return { fastCpuSecondsByPart: byPart, fastCpuSharesByPart: Object.fromEntries(Object.entries(byPart).map(([k, v]) => [k, v / total])) };
}
const spearmanFastVsPrecise = FAST_ONLY
  ? null
  : Object.fromEntries(
      AXES_V2.map((a) => [
        a,
        spearman(
          fast.map((x) => x[a]),
          precise.map((x) => x[a]),
        ),
      ]),
    );
report(
  'axes',
  [
    figure({
      id: 'fast-per-game',
      name: `fast tier, ${population}`,
      value: fastPerGame,
      unit: 'CPU s/game',
      reference: { name: 'fast tier on kuhn.gbg', value: kuhnFast, unit: 'CPU s/game' },
      kind: 'time',
      ratioMeaning: 'seconds per generated game / seconds on Kuhn',
      note:
        POOL_DIR !== null
          ? `${irs.length} games of the pool ${POOL_DIR} (every ${STRIDE}. from slot 0)`
          : POOL_SEED !== null
            ? `${GAMES} accepted games of pool seed ${POOL_SEED}`
            : `${GAMES} games (${ACCEPTED ? 'gbgc sample' : 'sampleIR'} seeds ${FROM}…${FROM + GAMES - 1})`,
    }),
    ...(FAST_ONLY
      ? []
      : [
          figure({
            id: 'precise-per-game',
            name: `precise tier, ${population}`,
            value: preciseSec / irs.length,
            unit: 'CPU s/game',
            reference: { name: 'fast tier, same games', value: fastPerGame, unit: 'CPU s/game' },
            kind: 'time',
            ratioMeaning: 'precise / fast CPU seconds per game',
          }),
        ]),
    ...floor.figures,
  ],
  { fastTier2000GamesCpuMinutes: (fastPerGame * 2000) / 60, spearmanFastVsPrecise, ...partFigures(), ...floor.extra },
);
console.log(
  JSON.stringify(
    {
      games: irs.length,
      ...(POOL_DIR !== null ? { pool: POOL_DIR } : POOL_SEED === null ? { firstSeed: FROM, c: C, accepted: ACCEPTED } : { poolSeed: POOL_SEED, c: [0, 1] }),
      kuhnFastCpuSeconds: kuhnFast,
      fastCpuSecondsPerGame: fastPerGame,
      preciseCpuSecondsPerGame: FAST_ONLY ? null : preciseSec / irs.length,
      fastOverKuhn: fastPerGame / kuhnFast,
      preciseOverFast: FAST_ONLY ? null : preciseSec / fastSec,
      fastTier2000GamesCpuMinutes: (fastPerGame * 2000) / 60,
      spearmanFastVsPrecise,
      ...partFigures(),
      axes: irs.map((ir, i) => ({ seed: ir.origin?.seed, fast: fast[i], precise: precise[i] ?? null })),
    },
    null,
    2,
  ),
);
