/**
 * `npm run bench`: builds gbgc, runs every registered bench in its own process (so one cannot warm
 * up or slow down another) and writes `bench/results.json`: the machine (CPU model, cores, Node
 * version, load average at the start and the end, date, commit) and every bench's figures, each a
 * measurement with its reference measured in the same run and their ratio (`bench/lib/figures.ts`).
 *
 * Usage: `npm run bench [-- [--out FILE | --merge] [--no-build] [--quick] [NAME…]]`. Names pick
 * some benches; such a partial run (or a `--quick` one) never replaces the full `bench/results.json`:
 * it needs `--out FILE`, or `--merge`, which replaces only the named benches' entries in
 * `bench/results.json` (each such entry records its own run: date, commit, load average) and keeps
 * every other entry. `--quick` passes each bench its short arguments (a smoke run, not for
 * publication, so never merged).
 *
 * To add a bench: write `bench/<name>.ts` that measures a figure against a reference in the same
 * run and calls `report(name, figures)`, then add an entry to {@link BENCHES}.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeFileAtomic } from '../src/util/fs.js';
import { targetText, type Figure } from './lib/figures.js';

/** One registered bench: its file in bench/, its arguments, and short arguments for `--quick`. */
export interface BenchEntry {
  name: string;
  file: string;
  args: string[];
  quickArgs: string[];
  /** What it measures, one line (docs/performance.md describes each figure). */
  about: string;
}

/** Every bench `npm run bench` runs, in order. */
export const BENCHES: BenchEntry[] = [
  { name: 'startup', file: 'startup.ts', args: ['9'], quickArgs: ['3'], about: 'CPU time of gbgc --version and gbgc check against node -e 0' },
  {
    name: 'playout',
    file: 'playout.ts',
    args: ['0.5', '5'],
    quickArgs: ['0.2', '2'],
    about: 'uniform playouts through simulate() against hand-written simulators',
  },
  {
    name: 'sampler',
    file: 'sampler.ts',
    args: [],
    quickArgs: ['--candidates', '6', '--pool', '16', '--rounds', '1'],
    about:
      "acceptance check per candidate; pool throughput on 2 workers against 1 (a 960-game pool, so that each worker's start-up is amortised), its CPU split by thread and its CPU-bound speed-up",
  },
  {
    name: 'compiled',
    file: 'compiled.ts',
    args: ['0.5', '5', '500'],
    quickArgs: ['0.2', '2', '60'],
    about:
      'the compiling backend: differential check against the interpreter on every example and 500 generated games; playouts and the acceptance filter against the interpreter and the hand-written simulators',
  },
  { name: 'parse', file: 'parse.ts', args: [], quickArgs: [], about: 'compileSource and formatSource of a 2,000-line game against a tokenizer pass' },
  { name: 'expressions', file: 'expressions.ts', args: ['1'], quickArgs: ['0.2'], about: 'compiled conditions against hand-written ones' },
  { name: 'render', file: 'render.ts', args: [], quickArgs: [], about: 'rulebooks through the templates against a hand-written renderer' },
  {
    name: 'cfr-leduc',
    file: 'cfr-leduc.ts',
    args: ['1000', '3'],
    quickArgs: ['100', '1'],
    about: 'CFR+ on examples/leduc.gbg against a hand-written Leduc CFR+',
  },
  {
    name: 'tournament',
    file: 'tournament.ts',
    args: ['278', '3', '1000', '5'],
    quickArgs: ['100', '2', '20', '2'],
    about: '10,008-slot bot tournament: orchestration overhead per slot against a bare loop of the same slots; kill -9 and resume; duplicate play',
  },
  {
    name: 'tree',
    file: 'tree.ts',
    args: ['3'],
    quickArgs: ['1'],
    about: 'tree building per node against a CFR+ iteration; bytes per node; tree --stats on sampled games',
  },
  {
    name: 'statespace',
    file: 'statespace.ts',
    args: [],
    quickArgs: ['--seeds', '10'],
    about: 'the complexity dial against the state-space measure of GENSTRAT v2 (counts, not speed)',
  },
  {
    name: 'mccfr',
    file: 'mccfr.ts',
    args: ['60', '10'],
    quickArgs: ['5', '10'],
    about: 'external-sampling MCCFR on Leduc against the exact CFR+ value; exploitability estimate on a sampled game',
  },
  {
    name: 'stats-coverage',
    file: 'stats-coverage.ts',
    args: ['--scale', '0.4'],
    quickArgs: ['--quick'],
    about:
      'planted-truth coverage of α̂ and profile-slope intervals against 95 %, J_m ranking against ρ 0.9, BH FDR against 0.05; analyze and report time against 60 s',
  },
  {
    name: 'holdem3',
    file: 'holdem3.ts',
    args: ['1', '3'],
    quickArgs: ['0.2', '1'],
    about: "three-seat no-limit hold'em playouts on league-holdem.gbg against a hand-written three-seat simulator",
  },
  {
    name: 'roulette-sessions',
    file: 'roulette-sessions.ts',
    args: ['100000', '1'],
    quickArgs: ['2000', '1'],
    about: 'the random bettor on roulette.gbg: net per chip staked over sessions of 50 spins against the exact −2/38 (within 3 standard errors)',
  },
  {
    name: 'blackjack-sessions',
    file: 'blackjack-sessions.ts',
    args: ['10000', '1'],
    quickArgs: ['100', '1'],
    about:
      "the basic-strategy agent on blackjack.gbg: net per initial bet over 10^6 rounds (sessions of 100 from a carried shoe) against the reference's expected value (within 3 standard errors)",
  },
  {
    name: 'table-coverage',
    file: 'table-coverage.ts',
    args: [],
    quickArgs: ['--quick'],
    about: 'planted-truth coverage of the table statistics (bb/100 and pairwise differences, block bootstrap) against 95 %, by number of blocks',
  },
  {
    name: 'generator-stats',
    file: 'generator-stats.ts',
    args: [],
    quickArgs: ['--rounds', '40', '--games', '200', '--candidates', '10', '--episodes', '500'],
    about: 'betting rounds per complexity, degenerate first draws and redraws, v2 acceptance with and without repairs (counts, not speed)',
  },
  {
    name: 'mutants',
    file: 'mutants.ts',
    args: ['10000', '1'],
    quickArgs: ['1000', '1'],
    about: 'one-token mutants of the examples and generated games: one error per mistake, on the changed line (failures, target 0)',
  },
  {
    name: 'menu-costs',
    file: 'menu-costs.ts',
    args: ['100', '60'],
    quickArgs: ['10', '20'],
    about: 'turn-prompt menu costs against the stack changes of play (mismatches, target 0)',
  },
  {
    name: 'ladder',
    file: 'ladder.ts',
    args: ['--runs', '1000', '--rate-runs', '500'],
    quickArgs: ['--runs', '200', '--rate-runs', '100'],
    about: 'graded ladders of kuhn, leduc, genstrat-4643: levels, separating steps, self-placement, agreement of two seeds',
  },
  {
    name: 'queue',
    file: 'queue.ts',
    args: ['5000', '2'],
    quickArgs: ['200', '1'],
    about:
      'queued bot tournament (blocks of bot slots) through 1 and 2 workers pinned with taskset, against the local run; CPU per slot of worker, coordinator and Redis (needs redis-server)',
  },
  {
    name: 'axes',
    file: 'axes.ts',
    args: ['--games', '20'],
    quickArgs: ['--games', '2'],
    about: 'complexity axes per generated game (fast, precise tiers) against the fast tier on Kuhn; fast vs precise rank correlation',
  },
];

/** One bench's outcome in results.json. */
export interface BenchResult {
  name: string;
  file: string;
  args: string[];
  ok: boolean;
  exitCode: number | null;
  seconds: number;
  figures: Figure[];
  extra?: Record<string, unknown>;
  /** Present on an entry merged in by `--merge`: the run it came from, when not the file's own. */
  run?: { date: string; commit: string | null; loadAverageStart: number[]; loadAverageEnd: number[] };
}

/** The shape of bench/results.json. */
export interface BenchResults {
  machine: {
    cpuModel: string;
    cores: number;
    availableParallelism: number;
    node: string;
    platform: string;
    loadAverageStart: number[];
    loadAverageEnd: number[];
  };
  date: string;
  commit: string | null;
  quick: boolean;
  benches: BenchResult[];
}

const root = fileURLToPath(new URL('..', import.meta.url));

function git(args: string[]): string | null {
  const r = spawnSync('git', args, { cwd: root, encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() : null;
}

/**
 * Why a run's options would lose measurements, or undefined when they are fine: a run of some
 * benches (`names`) or a `--quick` run must not replace the full results file, so it names `--out`
 * or (not quick) `--merge`; `--merge` with `--out` is ambiguous.
 */
export function partialRunError(o: { names: string[]; quick: boolean; merge: boolean; out: string | undefined }): string | undefined {
  if (o.merge && o.out !== undefined) return '--merge replaces entries in bench/results.json; it does not take --out';
  if (o.merge && o.quick) return '--quick figures are a smoke run and are never merged into bench/results.json; use --out FILE';
  if (o.merge && o.names.length === 0) return '--merge needs the names of the benches to replace';
  if (o.out === undefined && !o.merge && (o.names.length > 0 || o.quick))
    return `a ${o.quick ? '--quick' : 'partial'} run would replace the full bench/results.json; name --out FILE, or --merge to replace only the named benches' entries`;
  return undefined;
}

/**
 * `base` with the benches of `run` replaced (registry order kept): each replaced entry records the
 * run it came from (date, commit, load averages); the file's machine, date and commit stay.
 */
export function mergeResults(base: BenchResults, run: BenchResults): BenchResults {
  const fresh = new Map(
    run.benches.map((b) => [
      b.name,
      { ...b, run: { date: run.date, commit: run.commit, loadAverageStart: run.machine.loadAverageStart, loadAverageEnd: run.machine.loadAverageEnd } },
    ]),
  );
  const kept = new Map(base.benches.map((b) => [b.name, b]));
  const benches = BENCHES.flatMap((b) => {
    const e = fresh.get(b.name) ?? kept.get(b.name);
    return e ? [e] : [];
  });
  return { ...base, benches };
}

function main(argv: string[]): number {
  const opt = (name: string): string | undefined => {
    const i = argv.indexOf(name);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const full = join(root, 'bench/results.json');
  const out = opt('--out') ?? full;
  const quick = argv.includes('--quick');
  const merge = argv.includes('--merge');
  const names = argv.filter((a, i) => !a.startsWith('--') && argv[i - 1] !== '--out');
  const unknown = names.filter((n) => !BENCHES.some((b) => b.name === n));
  if (unknown.length > 0) {
    console.error(`bench: unknown bench ${unknown.join(', ')}; known: ${BENCHES.map((b) => b.name).join(', ')}`);
    return 2;
  }
  const usageError = partialRunError({ names, quick, merge, out: opt('--out') });
  if (usageError) {
    console.error(`bench: ${usageError}`);
    return 2;
  }
  let base: BenchResults | undefined;
  if (merge) {
    try {
      base = JSON.parse(readFileSync(full, 'utf8')) as BenchResults;
    } catch (e) {
      console.error(`bench: --merge reads ${full}, which cannot be read as results: ${(e as Error).message}`);
      return 1;
    }
  }
  const selected = BENCHES.filter((b) => names.length === 0 || names.includes(b.name));
  if (!argv.includes('--no-build')) {
    console.log('=== build (npm run build) ===');
    const r = spawnSync('npm', ['run', '--silent', 'build'], { cwd: root, stdio: 'inherit' });
    if (r.status !== 0) return 1;
  }
  const commit = git(['rev-parse', 'HEAD']);
  const dirty = (git(['status', '--porcelain', '--untracked-files=no']) ?? '') !== '';
  const results: BenchResults = {
    machine: {
      cpuModel: cpus()[0]?.model ?? 'unknown',
      cores: cpus().length,
      availableParallelism: availableParallelism(),
      node: process.version,
      platform: `${process.platform} ${process.arch}`,
      loadAverageStart: loadavg().map((x) => Math.round(x * 100) / 100),
      loadAverageEnd: [],
    },
    date: new Date().toISOString(),
    commit: commit && dirty ? `${commit} (with uncommitted changes)` : commit,
    quick,
    benches: [],
  };
  const tmp = mkdtempSync(join(tmpdir(), 'gbgc-bench-'));
  try {
    for (const b of selected) {
      const args = quick ? b.quickArgs : b.args;
      console.log(`\n=== bench/${b.file} ${args.join(' ')} — ${b.about} ===`);
      const figuresFile = join(tmp, `${b.name}.json`);
      const t0 = performance.now();
      const r = spawnSync(process.execPath, ['--import', 'tsx', join(root, 'bench', b.file), ...args], {
        cwd: root,
        stdio: 'inherit',
        env: { ...process.env, GBGC_BENCH_FIGURES: figuresFile },
      });
      let reported: { figures?: Figure[] } & Record<string, unknown> = {};
      try {
        reported = JSON.parse(readFileSync(figuresFile, 'utf8')) as typeof reported;
      } catch {
        // No figures: the bench failed before reporting (its exit code says so).
      }
      const { figures = [], bench: _bench, ...extra } = reported;
      results.benches.push({
        name: b.name,
        file: `bench/${b.file}`,
        args,
        ok: r.status === 0 && figures.length > 0,
        exitCode: r.status,
        seconds: Math.round((performance.now() - t0) / 100) / 10,
        figures,
        ...(Object.keys(extra).length ? { extra } : {}),
      });
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
  results.machine.loadAverageEnd = loadavg().map((x) => Math.round(x * 100) / 100);
  const written = base ? mergeResults(base, results) : results;
  writeFileAtomic(out, `${JSON.stringify(written, null, 2)}\n`);
  console.log(`\nwrote ${out}`);
  const summary = results.benches.flatMap((b) =>
    b.figures.map((f) => `  ${b.name}/${f.id}: ratio ${f.ratio}${f.target ? ` (target ${targetText(f.target)}: ${f.pass ? 'met' : 'missed'})` : ''}`),
  );
  console.log(summary.join('\n'));
  const failed = results.benches.filter((b) => !b.ok).map((b) => b.name);
  if (failed.length > 0) console.error(`bench: failed: ${failed.join(', ')}`);
  return failed.length > 0 ? 1 : 0;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) process.exitCode = main(process.argv.slice(2));
