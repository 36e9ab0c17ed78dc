/**
 * Startup cost of the built CLI: CPU time (user + system, of the whole child process) of
 * `node bin/gbgc.js --version` and `node bin/gbgc.js check examples/kuhn.gbg`, against
 * `node -e 0` (Node's own start) measured in the same run. The three commands run interleaved,
 * ROUNDS times each (default 9), and each figure is the median. CPU time is read with
 * `/usr/bin/time -f "%U %S"` (wall-clock time when it is missing; the figure's note says which).
 * Needs the build (`npm run build`); `bench/run-all.ts` builds first.
 * Run: `npx tsx bench/startup.ts [ROUNDS]`.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { figure, median, report, round } from './lib/figures.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const rounds = Number(process.argv[2] ?? 9);
const TIME = '/usr/bin/time';
const haveTime = existsSync(TIME);
if (!existsSync(`${root}dist/cli/main.js`)) throw new Error('bench/startup.ts: build first (npm run build)');

/** CPU seconds (or wall seconds without /usr/bin/time) of one run of `node args…`. */
function cpuSeconds(args: string[]): number {
  if (!haveTime) {
    const t0 = performance.now();
    const r = spawnSync(process.execPath, args, { cwd: root, stdio: ['ignore', 'ignore', 'pipe'] });
    if (r.status !== 0) throw new Error(`node ${args.join(' ')} exited ${r.status}: ${r.stderr}`);
    return (performance.now() - t0) / 1000;
  }
  const r = spawnSync(TIME, ['-f', '@@%U %S', process.execPath, ...args], { cwd: root, stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`node ${args.join(' ')} exited ${r.status}: ${r.stderr}`);
  const m = /@@([\d.]+) ([\d.]+)\s*$/.exec(r.stderr);
  if (!m) throw new Error(`cannot read the CPU time from: ${r.stderr}`);
  return Number(m[1]) + Number(m[2]);
}

const commands = {
  node: ['-e', '0'],
  version: ['bin/gbgc.js', '--version'],
  check: ['bin/gbgc.js', 'check', 'examples/kuhn.gbg'],
};
const times: Record<keyof typeof commands, number[]> = { node: [], version: [], check: [] };
// One unmeasured round warms the file cache.
for (const args of Object.values(commands)) cpuSeconds(args);
for (let i = 0; i < rounds; i++) for (const [k, args] of Object.entries(commands)) times[k as keyof typeof commands].push(cpuSeconds(args));

const unit = haveTime ? 's CPU' : 's wall';
const ref = { name: 'node -e 0', value: round(median(times.node), 3), unit };
const note = `median of ${rounds} interleaved runs; ${haveTime ? 'user + system CPU time from /usr/bin/time' : 'wall-clock time (no /usr/bin/time)'}`;
report('startup', [
  figure({
    id: 'version',
    kind: 'time',
    name: 'gbgc --version',
    value: round(median(times.version), 3),
    unit,
    reference: ref,
    ratioMeaning: 'CPU time / node -e 0 CPU time',
    target: { max: 3 },
    note,
  }),
  figure({
    id: 'check-kuhn',
    kind: 'time',
    name: 'gbgc check examples/kuhn.gbg',
    value: round(median(times.check), 3),
    unit,
    reference: ref,
    ratioMeaning: 'CPU time / node -e 0 CPU time',
    target: { max: 5 },
    note,
  }),
]);
