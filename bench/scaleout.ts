/**
 * Tournaments through Redis (BullMQ) with 1, 2 and 3 local `gbgc worker` processes (built CLI),
 * against a throwaway redis-server:
 *
 * 1. a fake LLM whose every reply takes 2 s (the local provider server of the LLM tests), playing
 *    Kuhn against random: slots/s per worker count (one slot at a time per worker);
 * 2. the acceptance run: a 5,004-slot bot tournament with 3 workers (blocks of 50 bot slots, so that
 *    jobs wait when a worker dies), two of them killed with SIGKILL at random points and restarted;
 *    its store must equal the local run's (same ids, returns and moves, no duplicates), else the
 *    script exits 1.
 *
 * Bot slots through the queue against the local run are measured by `bench/queue.ts`.
 *
 * Run: `npx tsx bench/scaleout.ts [--quick]` (`--quick`: smaller sizes, for a check that it works).
 * Needs redis-server (Debian: apt-get install redis-server).
 */
import Database from 'better-sqlite3';
import { Queue } from 'bullmq';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Redis } from 'ioredis';
import { QUEUE_NAME } from '../src/eval/queue/index.js';
import { rngFromKeys } from '../src/util/rng.js';
import { doneSlots, ensureBuilt } from '../test/support/kill-resume.js';
import { startRedis } from '../test/support/redis-server.js';
import { startFakeServer, type SeenRequest } from '../test/eval/llm/fake-server.js';

const QUICK = process.argv.includes('--quick');
const ROOT = resolve(import.meta.dirname, '..');
const BIN = join(ROOT, 'bin', 'gbgc.js');
const ACCEPT_RUNS = QUICK ? 50 : 417; // 5,004 slots
const LLM_RUNS = QUICK ? 3 : 12; // 2 slots per run
const LATENCY_MS = 2000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

ensureBuilt();
const redis = await startRedis();
const tmp = mkdtempSync(join(tmpdir(), 'gbgc-bench-scaleout-'));
const client = new Redis(redis.url, { maxRetriesPerRequest: null });
const env = { ...process.env, OPENAI_API_KEY: 'sk-bench-not-a-key' };

interface Proc {
  child: ChildProcess;
  exited: Promise<number | null>;
  out: () => string;
}
function cli(args: string[]): Proc {
  const child = spawn(process.execPath, [BIN, ...args], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  return { child, exited: new Promise((r) => child.once('exit', (c) => r(c))), out: () => out };
}
async function startWorkers(n: number, concurrency = 1): Promise<Proc[]> {
  const ws = Array.from({ length: n }, () =>
    cli(['worker', '--queue', redis.url, '--concurrency', String(concurrency), '--lock-duration', '5000', '--stalled-interval', '1000']),
  );
  for (const w of ws) while (!w.out().includes('gbgc worker: engine')) await sleep(20);
  return ws;
}
async function stopWorkers(ws: Proc[]): Promise<void> {
  for (const w of ws) w.child.kill('SIGTERM');
  await Promise.all(ws.map((w) => w.exited));
}
function json(p: Proc): Record<string, unknown> {
  const o = p.out();
  return JSON.parse(o.slice(o.indexOf('{'), o.lastIndexOf('}') + 1));
}
function config(name: string, lines: string[]): string {
  const f = join(tmp, `${name}.yaml`);
  writeFileSync(f, `${lines.join('\n')}\n`);
  return f;
}
const games = `games: [${JSON.stringify(resolve('examples/kuhn.gbg'))}, ${JSON.stringify(resolve('examples/leduc.gbg'))}]`;
const bots = ['participants:', '  - {kind: random}', '  - {kind: heuristic}', '  - {kind: heuristic, name: loose, raise: 0.5, fold: 0.2, bluff: 0.3}'];

/**
 * The coordinator's figures for `cfg` played by `workers` fresh worker processes; `warmup` (a config
 * of other slots) is played first, untimed, so that each worker has loaded what it needs.
 */
async function queued(cfg: string, store: string, workers: number, warmup?: string, concurrency = 1): Promise<{ slots: number; seconds: number }> {
  const ws = await startWorkers(workers, concurrency);
  try {
    if (warmup) {
      const w = cli(['tournament', warmup, '--queue', redis.url, '--store', `${store}.warmup.db`, '--json']);
      if ((await w.exited) !== 0) throw new Error(`warm-up exited: ${w.out()}`);
    }
    const c = cli(['tournament', cfg, '--queue', redis.url, '--store', store, '--json']);
    const code = await c.exited;
    if (code !== 0) throw new Error(`coordinator exited ${code}: ${c.out()}`);
    const r = json(c);
    return { slots: r.played as number, seconds: r.seconds as number };
  } finally {
    await stopWorkers(ws);
  }
}

const fmt = (x: number) => x.toFixed(2);
console.log('# gbgc scale-out benchmark (built CLI, local redis-server, workers on this machine)');

// 1. A fake LLM with 2 s per reply.
{
  const server = await startFakeServer(async (req: SeenRequest) => {
    await sleep(LATENCY_MS);
    const pick = [...req.messages[0].content.matchAll(/reply `(\{"action": [^`]+\})`/g)].map((m) => m[1])[0];
    return { reply: `Thinking... ${pick}` };
  });
  try {
    const lines: string[] = [];
    let one = 0;
    for (const n of [1, 2, 3]) {
      const cfg = config(`llm-${n}`, [
        `games: [${JSON.stringify(resolve('examples/kuhn.gbg'))}]`,
        'participants:',
        `  - {kind: llm, name: slow, model: openai/slow, base_url: ${JSON.stringify(server.openaiBase)}}`,
        '  - {kind: random}',
        `runs: ${LLM_RUNS}`,
        'seed: 200',
        'store: x.db',
      ]);
      const warm = config(`llm-warm-${n}`, [
        `games: [${JSON.stringify(resolve('examples/kuhn.gbg'))}]`,
        'participants:',
        `  - {kind: llm, name: slow, model: openai/slow, base_url: ${JSON.stringify(server.openaiBase)}}`,
        '  - {kind: random}',
        `runs: ${2 * n}`,
        'seed: 999',
        'store: x.db',
      ]);
      const r = await queued(cfg, join(tmp, `llm-${n}.db`), n, warm);
      const db = new Database(join(tmp, `llm-${n}.db`), { readonly: true });
      const decisions = db.prepare('SELECT COUNT(*) FROM moves WHERE extra IS NOT NULL').pluck().get() as number;
      db.close();
      const rate = r.slots / r.seconds;
      if (n === 1) one = rate;
      lines.push(`| ${n} | ${r.slots} | ${decisions} | ${fmt(r.seconds)} | ${rate.toFixed(3)} | ${fmt(rate / one)} |`);
    }
    console.log(
      `\n## fake LLM, ${LATENCY_MS / 1000} s per reply (Kuhn, llm vs random, ${2 * LLM_RUNS} slots per run, one slot at a time per worker; each worker warmed up first on other slots)\n`,
    );
    console.log('| workers | slots | LLM decisions | s | slots/s | × 1 worker |\n|---|---|---|---|---|---|');
    for (const x of lines) console.log(x);
  } finally {
    await server.close();
  }
}

// 2. Acceptance: 3 workers, two killed with SIGKILL and restarted; the store equals the local run's.
{
  const total = 12 * ACCEPT_RUNS;
  const cfg = config('accept', [games, ...bots, `runs: ${ACCEPT_RUNS}`, 'seed: 300', 'store: accept.db', 'queue_block_slots: 50']);
  const localDb = join(tmp, 'accept-local.db');
  const local = cli(['tournament', cfg, '--store', localDb, '--json']);
  if ((await local.exited) !== 0) throw new Error(local.out());
  const store = join(tmp, 'accept.db');
  const rng = rngFromKeys(5000);
  const ws = await startWorkers(3);
  const queue = new Queue(QUEUE_NAME, { connection: client });
  const t0 = performance.now();
  const coord = cli(['tournament', cfg, '--queue', redis.url, '--json']);
  const kills: number[] = [];
  for (const i of [0, 1]) {
    const at = Math.floor(total * (0.15 + 0.5 * i + 0.2 * rng()));
    while (doneSlots(store) < at && coord.child.exitCode === null) await sleep(20);
    if ((await queue.getRanges(['wait'], 0, -1)).length === 0) break;
    ws[i].child.kill('SIGKILL');
    await ws[i].exited;
    kills.push(doneSlots(store));
    ws[i] = (await startWorkers(1))[0];
  }
  const code = await coord.exited;
  const seconds = (performance.now() - t0) / 1000;
  await queue.close();
  await stopWorkers(ws);
  if (code !== 0) throw new Error(`coordinator exited ${code}: ${coord.out()}`);
  const cols = 'id, seq, game, run, slot, seat0, seat1, play_seed, status, return0, return1, moves0, moves1, fallbacks0, fallbacks1, error, notes';
  const read = (f: string) => {
    const db = new Database(f, { readonly: true });
    try {
      return {
        slots: JSON.stringify(db.prepare(`SELECT ${cols} FROM slots ORDER BY id`).all()),
        moves: JSON.stringify(db.prepare('SELECT slot, ply, seat, obs_digest, action, label, fallback, extra FROM moves ORDER BY slot, ply').all()),
        n: db.prepare('SELECT COUNT(*) FROM slots').pluck().get() as number,
        distinct: db.prepare('SELECT COUNT(DISTINCT id) FROM slots').pluck().get() as number,
      };
    } finally {
      db.close();
    }
  };
  const a = read(store);
  const b = read(localDb);
  const stalled = await client.scard(`gbgc:t:${json(coord).commitment}:stalled`);
  const same = a.n === total && a.distinct === total && a.slots === b.slots && a.moves === b.moves;
  console.log(`\n## acceptance: ${total} bot slots, 3 workers, ${kills.length} killed with SIGKILL (at ${kills.join(' and ')} recorded slots) and restarted\n`);
  console.log(
    `${(total / seconds).toFixed(0)} slots/s over ${fmt(seconds)} s; ${stalled} slot jobs taken over after a kill; store ${same ? 'EQUALS' : 'DIFFERS FROM'} the local run (${a.n} slots, ${a.distinct} distinct ids)`,
  );
  if (!same || kills.length < 2) process.exitCode = 1;
}

client.disconnect();
await redis.stop();
rmSync(tmp, { recursive: true, force: true });
