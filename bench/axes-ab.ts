/**
 * CPU cost of the fast tier under two builds of gbgc, on the same games in one process: each
 * build's `dist/` (made by `npm run build` in its checkout) is loaded side by side, and per game
 * each build computes the fast tier part by part (compile, the L0 log, the four log axes, opponent
 * modelling, brittleness), the two builds alternating, `--reps` times each; a game's CPU seconds
 * per part are the fewest over its runs (user + system, `process.cpuUsage`), so the load of a
 * shared machine weighs alike on both. Every run's values are compared: the two builds must agree
 * on every axis of every game, bit for bit (exit 1 otherwise).
 * Run: `npx tsx bench/axes-ab.ts ROOT_BEFORE ROOT_AFTER GAME_DIR [--reps N]` (GAME_DIR: `.gbg` files).
 * Prints JSON: CPU seconds per part and per game for each build, their ratio, games identical.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const [rootA, rootB, dir] = process.argv.slice(2);
if (!rootA || !rootB || !dir) {
  console.error('usage: npx tsx bench/axes-ab.ts ROOT_BEFORE ROOT_AFTER GAME_DIR [--reps N]');
  process.exit(2);
}
const repsAt = process.argv.indexOf('--reps');
const REPS = repsAt >= 0 ? Number(process.argv[repsAt + 1]) : 2;

type Build = Record<string, (...args: any[]) => any> & { BUDGETS: { fast: unknown } };
async function load(root: string): Promise<Build> {
  const mod = async (path: string): Promise<any> => import(pathToFileURL(resolve(root, 'dist', path)).href);
  return {
    compileSource: (await mod('compiler/index.js')).compileSource,
    compileAnyGame: (await mod('interpreter/game.js')).compileAnyGame,
    BUDGETS: (await mod('eval/axes/budget.js')).BUDGETS,
    sampleL0Episodes: (await mod('eval/axes/episodes.js')).sampleL0Episodes,
    stateSpace: (await mod('eval/axes/state-space.js')).stateSpace,
    temporalDepth: (await mod('eval/axes/temporal-depth.js')).temporalDepth,
    infoSensitivity: (await mod('eval/axes/info-sensitivity.js')).infoSensitivity,
    risk: (await mod('eval/axes/risk.js')).risk,
    opponentModelling: (await mod('eval/axes/opponent-modelling.js')).opponentModelling,
    brittleness: (await mod('eval/axes/brittleness.js')).brittleness,
  } as Build;
}

const cpu = (from: NodeJS.CpuUsage): number => {
  const u = process.cpuUsage(from);
  return (u.user + u.system) / 1e6;
};
/** One fast-tier run of `b` on `source`: CPU seconds per part and the axis values. */
function run(b: Build, source: string): { t: Record<string, number>; v: Record<string, number> } {
  const t: Record<string, number> = {};
  const timed = <T>(part: string, f: () => T): T => {
    const c = process.cpuUsage();
    const x = f();
    t[part] = (t[part] ?? 0) + cpu(c);
    return x;
  };
  const game = timed('compile', () => b.compileAnyGame(b.compileSource(source).ir));
  const log = timed('l0_log', () => b.sampleL0Episodes(game, 1000, 1));
  const v: Record<string, number> = {};
  timed('log_axes', () => {
    v.state_space = b.stateSpace(log);
    v.temporal_depth = b.temporalDepth(log);
    v.info_sensitivity = b.infoSensitivity(log);
    v.risk = b.risk(log);
  });
  v.opponent_modelling = timed('opponent_modelling', () => b.opponentModelling(game, b.BUDGETS.fast, 1, log));
  v.brittleness = timed('brittleness', () => b.brittleness(game, b.BUDGETS.fast, 1, false, log));
  return { t, v };
}

const builds = [await load(rootA), await load(rootB)];
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.gbg'))
  .sort();
const totals: Record<string, number>[] = [{}, {}];
let identical = 0;
for (const f of files) {
  const source = readFileSync(resolve(dir, f), 'utf8');
  const best: { t: Record<string, number>; v: Record<string, number> }[] = [];
  for (let r = 0; r < REPS; r++)
    for (const k of r % 2 ? [1, 0] : [0, 1]) {
      const x = run(builds[k], source);
      if (!best[k]) best[k] = x;
      else for (const part in x.t) best[k].t[part] = Math.min(best[k].t[part], x.t[part]);
      if (JSON.stringify(best[k].v) !== JSON.stringify(x.v)) throw new Error(`${f}: a build gave two values on two runs`);
    }
  if (JSON.stringify(best[0].v) === JSON.stringify(best[1].v)) identical++;
  else {
    console.error(`${f}: the builds differ`, best[0].v, best[1].v);
    process.exitCode = 1;
  }
  for (const k of [0, 1]) for (const part in best[k].t) totals[k][part] = (totals[k][part] ?? 0) + best[k].t[part];
  process.stderr.write(`${f}\n`);
}
const sum = (o: Record<string, number>): number => Object.values(o).reduce((a, b) => a + b, 0);
const side = (k: number) => ({ cpuSecondsPerGame: sum(totals[k]) / files.length, cpuSecondsByPart: totals[k] });
console.log(
  JSON.stringify({ games: files.length, identical, reps: REPS, before: side(0), after: side(1), afterOverBefore: sum(totals[1]) / sum(totals[0]) }, null, 2),
);
