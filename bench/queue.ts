/**
 * Queued bot tournaments (bot slots in blocks, `src/eval/queue`) against the local run of the
 * same size, all through the built CLI with processes pinned to cores by `taskset`:
 *
 * - the reference: the local run (`gbgc tournament CONFIG`, no queue) on core 0;
 * - 1 worker (`gbgc worker`) on core 0, the coordinator (`gbgc tournament CONFIG --queue URL`) and
 *   a throwaway redis-server on the last core;
 * - 2 workers on cores 0 and 1, the coordinator and Redis on the last core (on a 2-core machine
 *   they share core 1 with the second worker);
 * - 3 workers on cores 0–2 when the machine has at least 4 cores (the coordinator and Redis on the
 *   last one).
 *
 * Every gbgc process runs in a session of its own (`setsid`): Linux's autogroup scheduler shares a
 * busy machine's CPUs between sessions, so a worker on core 0 competes for it exactly as the local
 * run does, whatever else the queued run keeps busy on the other core.
 *
 * Each figure is a rate (slots/s over the run's own `seconds`: the local run's play, the
 * coordinator's whole run from publishing to the last commit, pilot jobs and the worker's loading
 * of the tournament included); workers are started fresh for each run (their start-up is not
 * timed, their JIT warm-up is, as the local run's is). Every run plays the same config with its
 * own seed (so each queued run measures its own pilot). Runs alternate over ROUNDS rounds, their
 * order rotating; each figure is the best round.
 *
 * CPU time per slot of every process is measured too (the local run and the coordinator by
 * `/usr/bin/time`, less the CPU of the same command on its finished store, i.e. without start-up;
 * workers from `/proc/PID/stat`, Redis from `INFO cpu`), and from the 1-worker
 * run's CPU times the throughput N workers would reach on N idle cores with the coordinator and
 * Redis on cores of their own: min(N / worker, 1 / coordinator, 1 / Redis) slots per CPU-second,
 * an estimate (what a machine with that many cores would measure), not a measurement.
 *
 * Slots: random, a heuristic and a loose heuristic on Kuhn and Leduc, 12 slots per run.
 * Run: `npx tsx bench/queue.ts [runs per matchup] [rounds]` (defaults 5000, 2: 60,000 slots per run,
 * large enough that the fixed costs of a queued run, i.e. the worker loading the tournament, the
 * pilot jobs' round trip and the last job's commit, about 2 s on a loaded 2-core machine, weigh
 * little).
 * Needs redis-server, taskset and setsid (Linux).
 */
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { ensureBuilt } from '../test/support/kill-resume.js';
import { startRedis } from '../test/support/redis-server.js';
import { figure, report, round } from './lib/figures.js';

const RUNS = Number(process.argv[2] ?? 5000);
const ROUNDS = Number(process.argv[3] ?? 2);
const ROOT = resolve(import.meta.dirname, '..');
const BIN = join(ROOT, 'bin', 'gbgc.js');
const CORES = availableParallelism();
const LAST = CORES - 1;
const SLOTS = 12 * RUNS;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

if (spawnSync('taskset', ['-c', '0', 'true']).status !== 0 || spawnSync('setsid', ['true']).status !== 0)
  throw new Error('bench/queue.ts needs taskset and setsid (util-linux)');
ensureBuilt();
const redis = await startRedis();
const tmp = mkdtempSync(join(tmpdir(), 'gbgc-bench-queue-'));
const redisInfo = (section: string): string => execFileSync('redis-cli', ['-p', String(redis.port), 'info', section], { encoding: 'utf8' });
const redisPid = Number(/process_id:(\d+)/.exec(redisInfo('server'))![1]);
execFileSync('taskset', ['-pc', String(LAST), String(redisPid)], { stdio: 'ignore' });
const redisCpu = (): number => {
  const t = redisInfo('cpu');
  return Number(/used_cpu_user:([\d.]+)/.exec(t)![1]) + Number(/used_cpu_sys:([\d.]+)/.exec(t)![1]);
};
/** CPU seconds of a running process (user + system). */
const procCpu = (pid: number): number => {
  const f = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const x = f.slice(f.lastIndexOf(')') + 2).split(' ');
  return (Number(x[11]) + Number(x[12])) / 100;
};

const games = `games: [${JSON.stringify(resolve('examples/kuhn.gbg'))}, ${JSON.stringify(resolve('examples/leduc.gbg'))}]`;
const bots = ['participants:', '  - {kind: random}', '  - {kind: heuristic}', '  - {kind: heuristic, name: loose, raise: 0.5, fold: 0.2, bluff: 0.3}'];
let configs = 0;
function config(): string {
  const f = join(tmp, `c${++configs}.yaml`);
  writeFileSync(f, `${[games, ...bots, `runs: ${RUNS}`, `seed: ${1000 + configs}`, `store: s${configs}.db`].join('\n')}\n`);
  return f;
}
/**
 * CPU seconds of the same command run again on its finished store (nothing to play: start-up,
 * planning, opening the store, publishing), subtracted from each run's CPU, once per command kind.
 */
const baselines = new Map<string, number>();
async function baseline(kind: string, core: number, args: string[]): Promise<number> {
  let b = baselines.get(kind);
  if (b === undefined) {
    const r = await timed(core, args);
    if (r.out.played !== 0) throw new Error(`the baseline run of ${kind} played ${String(r.out.played)} slots`);
    baselines.set(kind, (b = r.cpu));
  }
  return b;
}

/** A CLI command on `core`, timed by /usr/bin/time: its JSON output and CPU seconds. */
async function timed(core: number, args: string[]): Promise<{ out: Record<string, unknown>; cpu: number }> {
  const timeFile = join(tmp, `time-${configs}-${core}.txt`);
  const child = spawn('/usr/bin/time', ['-f', '%U %S', '-o', timeFile, 'setsid', '-w', 'taskset', '-c', String(core), process.execPath, BIN, ...args], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (err += d));
  const code = await new Promise<number | null>((r) => child.once('exit', r));
  if (code !== 0) throw new Error(`gbgc ${args.join(' ')} exited ${code}: ${err}${out}`);
  const [u, s] = readFileSync(timeFile, 'utf8').trim().split(/\s+/).slice(-2).map(Number);
  return { out: JSON.parse(out.slice(out.indexOf('{'), out.lastIndexOf('}') + 1)) as Record<string, unknown>, cpu: u + s };
}

interface Worker {
  child: ChildProcess;
  exited: Promise<unknown>;
}
async function startWorkers(n: number): Promise<Worker[]> {
  const ws = Array.from({ length: n }, (_, i) => {
    const child = spawn('setsid', ['taskset', '-c', String(i % CORES), process.execPath, BIN, 'worker', '--queue', redis.url], {
      cwd: ROOT,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let err = '';
    child.stderr!.on('data', (d) => (err += d));
    return { child, exited: new Promise((r) => child.once('exit', r)), ready: () => err.includes('gbgc worker: engine') };
  });
  for (const w of ws) while (!w.ready()) await sleep(20);
  return ws;
}

/** One measured run: slots/s and CPU seconds per slot of each part. */
interface Run {
  setting: string;
  slots: number;
  seconds: number;
  rate: number;
  cpuPerSlotUs: { worker?: number; coordinator?: number; redis?: number; local?: number };
  jobs?: number;
  blockSlots?: Record<string, number>;
}

async function local(): Promise<Run> {
  const args = ['tournament', config(), '--json'];
  const r = await timed(0, args);
  const slots = r.out.played as number;
  const seconds = r.out.seconds as number;
  const cpu = r.cpu - (await baseline('local', 0, args));
  return { setting: 'local', slots, seconds, rate: slots / seconds, cpuPerSlotUs: { local: (1e6 * cpu) / slots } };
}

async function queued(n: number): Promise<Run> {
  const ws = await startWorkers(n);
  try {
    const w0 = ws.map((w) => procCpu(w.child.pid!));
    const r0 = redisCpu();
    const args = ['tournament', config(), '--queue', redis.url, '--json'];
    const r = await timed(LAST, args);
    const w1 = ws.map((w) => procCpu(w.child.pid!));
    const r1 = redisCpu();
    const coordinatorCpu = r.cpu - (await baseline('coordinator', LAST, args));
    const slots = r.out.played as number;
    const seconds = r.out.seconds as number;
    const workerCpu = w1.reduce((a, x, i) => a + x - w0[i], 0);
    return {
      setting: `${n} worker${n === 1 ? '' : 's'}`,
      slots,
      seconds,
      rate: slots / seconds,
      cpuPerSlotUs: { worker: (1e6 * workerCpu) / slots, coordinator: (1e6 * coordinatorCpu) / slots, redis: (1e6 * (r1 - r0)) / slots },
      jobs: r.out.jobs as number,
      blockSlots: r.out.blockSlots as Record<string, number>,
    };
  } finally {
    for (const w of ws) w.child.kill('SIGTERM');
    await Promise.all(ws.map((w) => w.exited));
  }
}

const load0 = loadavg().map((x) => round(x, 2));
const settings: [string, () => Promise<Run>][] = [
  ['local', local],
  ['1 worker', () => queued(1)],
  ['2 workers', () => queued(2)],
  ...(CORES >= 4 ? [['3 workers', () => queued(3)] as [string, () => Promise<Run>]] : []),
];
const runs: Run[] = [];
console.log(`# queued bot tournaments: ${SLOTS} slots per run, ${ROUNDS} rounds, ${CORES} cores, load average ${load0.join(' / ')}`);
for (let k = 0; k < ROUNDS; k++) {
  for (let i = 0; i < settings.length; i++) {
    const [name, run] = settings[(i + k) % settings.length];
    const r = await run();
    runs.push(r);
    console.log(
      `round ${k + 1} ${name}: ${r.slots} slots in ${r.seconds.toFixed(2)} s = ${r.rate.toFixed(0)} slots/s; CPU µs/slot ${JSON.stringify(
        Object.fromEntries(Object.entries(r.cpuPerSlotUs).map(([a, b]) => [a, round(b, 1)])),
      )}${r.jobs ? `; ${r.jobs} jobs, blocks ${JSON.stringify(r.blockSlots)}` : ''}`,
    );
  }
}
const load1 = loadavg().map((x) => round(x, 2));
const best = (setting: string): Run => runs.filter((r) => r.setting === setting).reduce((a, b) => (b.rate > a.rate ? b : a));
const loc = best('local');
const one = best('1 worker');
const two = best('2 workers');
const three = CORES >= 4 ? best('3 workers') : null;
// The CPU-time bound on N idle cores, from the 1-worker run (µs per slot → slots per s).
const c = one.cpuPerSlotUs;
const bound = (n: number): number => Math.min((n * 1e6) / c.worker!, 1e6 / c.coordinator!, 1e6 / c.redis!);
const setup = `${SLOTS} bot slots per run (random, heuristic, loose heuristic on Kuhn and Leduc); best of ${ROUNDS} rounds; ${CORES} cores (availableParallelism), load average ${load0.join(' / ')} at the start, ${load1.join(' / ')} at the end`;
const pin = `local run on core 0; workers on cores 0, 1, …; coordinator and Redis on core ${LAST}${CORES <= 2 ? ' (with 2 workers they share it with the second worker)' : ''}`;
const blocks = `${one.jobs} jobs with 1 worker, bot slots per job ${JSON.stringify(one.blockSlots)} (pilot-measured)`;
report(
  'queue',
  [
    figure({
      id: 'one-worker-vs-local',
      kind: 'speedup',
      name: 'queued bot tournament, 1 worker (taskset)',
      value: round(one.rate, 1),
      unit: 'slots/s',
      reference: { name: 'local run of the same size (taskset, one core)', value: round(loc.rate, 1), unit: 'slots/s' },
      ratioMeaning: "times the local run's throughput (wall clock)",
      target: { min: 0.8 },
      note: `${setup}; ${pin}; ${blocks}`,
    }),
    figure({
      id: 'one-worker-vs-local-cpu-bound',
      kind: 'speedup',
      name: 'queued bot tournament, 1 worker on an idle core, estimated from CPU time (coordinator and Redis on cores of their own)',
      value: round(bound(1), 1),
      unit: 'slots/s',
      reference: { name: 'the local run on an idle core, estimated from its CPU time', value: round(1e6 / loc.cpuPerSlotUs.local!, 1), unit: 'slots/s' },
      ratioMeaning:
        "times the local run's throughput: min(1 / worker, 1 / coordinator, 1 / Redis) against 1 / local, CPU-µs per slot; an estimate hardly moved by other load",
      note: `CPU µs per slot: local run ${round(loc.cpuPerSlotUs.local!, 1)}; 1 worker ${round(c.worker!, 1)}, coordinator ${round(c.coordinator!, 1)}, Redis ${round(c.redis!, 1)}; ${setup}`,
    }),
    figure({
      id: 'two-workers-vs-one',
      kind: 'speedup',
      name: 'queued bot tournament, 2 workers on 2 cores (taskset)',
      value: round(two.rate, 1),
      unit: 'slots/s',
      reference: { name: 'the same, 1 worker', value: round(one.rate, 1), unit: 'slots/s' },
      ratioMeaning: 'times faster than one worker (wall clock)',
      note: `${setup}; ${pin}`,
    }),
    figure({
      id: 'two-workers-cpu-bound-here',
      kind: 'speedup',
      name: `queued bot tournament, 2 workers on this machine's ${CORES} idle cores with the coordinator and Redis on them, estimated from CPU time`,
      value: round(Math.min((CORES * 1e6) / (c.worker! * 1 + c.coordinator! + c.redis!), (2 * 1e6) / c.worker!), 1),
      unit: 'slots/s',
      reference: { name: 'the estimate for 1 worker with the coordinator and Redis on cores of their own', value: round(bound(1), 1), unit: 'slots/s' },
      ratioMeaning: `the most 2 workers can gain here: min(${CORES} cores / all CPU per slot, 2 / worker) against min(1 / worker, 1 / coordinator, 1 / Redis)`,
      note: `CPU µs per slot in the best 1-worker run: worker ${round(c.worker!, 1)}, coordinator ${round(c.coordinator!, 1)}, Redis ${round(c.redis!, 1)}; ${setup}`,
    }),
    ...(three
      ? [
          figure({
            id: 'three-workers-vs-one',
            kind: 'speedup',
            name: 'queued bot tournament, 3 workers on 3 cores (taskset)',
            value: round(three.rate, 1),
            unit: 'slots/s',
            reference: { name: 'the same, 1 worker', value: round(one.rate, 1), unit: 'slots/s' },
            ratioMeaning: 'times faster than one worker (wall clock)',
            target: { min: 2.4 },
            note: `${setup}; ${pin}`,
          }),
        ]
      : []),
    figure({
      id: 'three-workers-cpu-bound',
      kind: 'speedup',
      name: 'queued bot tournament, 3 workers on 3 idle cores, estimated from CPU time (coordinator and Redis on cores of their own)',
      value: round(bound(3), 1),
      unit: 'slots/s',
      reference: { name: 'the same estimate, 1 worker', value: round(bound(1), 1), unit: 'slots/s' },
      ratioMeaning: 'times faster than one worker: min(N / worker, 1 / coordinator, 1 / Redis) CPU-µs per slot, an estimate, not a measurement on 3 cores',
      note: `CPU µs per slot in the best 1-worker run: worker ${round(c.worker!, 1)}, coordinator ${round(c.coordinator!, 1)}, Redis ${round(c.redis!, 1)}; ${setup}`,
    }),
    figure({
      id: 'cpu-per-slot',
      kind: 'time',
      name: 'CPU per slot through the queue, 1 worker (worker + coordinator + Redis)',
      value: round(c.worker! + c.coordinator! + c.redis!, 1),
      unit: 'µs CPU/slot',
      reference: { name: 'the local run', value: round(loc.cpuPerSlotUs.local!, 1), unit: 'µs CPU/slot' },
      ratioMeaning: 'times the CPU the local run spends per slot',
      note: `worker ${round(c.worker!, 1)}, coordinator ${round(c.coordinator!, 1)}, Redis ${round(c.redis!, 1)} µs; ${setup}`,
    }),
  ],
  { runs, slots: SLOTS, cores: CORES, pinning: pin, loadAverageStart: load0, loadAverageEnd: load1 },
);

await redis.stop();
rmSync(tmp, { recursive: true, force: true });
