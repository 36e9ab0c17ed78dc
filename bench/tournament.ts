/**
 * Bot tournaments: a 10,008-slot tournament (random, heuristic, l1, cfr on kuhn, leduc and
 * genstrat-4643; 278 runs per matchup) measured in the same process and run:
 *
 * 1. the reference, a bare loop of the same episodes: each slot's `playSlotNow` with the same agents
 *    and play seeds, computing the per-move information the store must hold (the seat's
 *    information-state key and its 64-bit digest, the action label, the agent's latency) but no
 *    slot rows, no store and no scheduling;
 * 2. the same loop without the per-move information (`recordMoves: false`), for context;
 * 3. the orchestrated tournament (`runTournament`: scheduling, slot and move rows, batched SQLite
 *    transactions in a fresh store) → slots/s and the orchestration overhead per slot, i.e. the
 *    store and the scheduling, against 1 (goal ≤ 20 %).
 *    1, 2 and 3 alternate ROUNDS times after a warm-up (their order rotating, each starting from a
 *    collected heap); each figure is the best over the rounds of the process CPU time (user +
 *    system, all threads), which a busy machine disturbs far less than the wall clock; the
 *    wall-clock rates are reported beside it;
 * 4. the built CLI (`node bin/gbgc.js tournament`) killed with SIGKILL at 5 random points (each
 *    a random moment up to 100 ms after a start's first commit, so inside a batch that is being
 *    played and not yet committed) and resumed: its store must hold exactly the slots of 3 (same
 *    ids, returns, no duplicates).
 *
 * Also the duplicate-play check of the issue at full size: 1,000 runs of every example, the two
 * slots of each run drawing the same chance outcomes for the same seats.
 * Run: `npx tsx bench/tournament.ts [runs per matchup] [rounds] [duplicate-play runs] [kills]`
 * (defaults 278, 3, 1000, 5; kills 0 skips part 4).
 */
import Database from 'better-sqlite3';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { join, resolve } from 'node:path';
import { compileSource } from '../src/compiler/index.js';
import { compileGame } from '../src/interpreter/game.js';
import { createParticipantAgent, makeParticipant } from '../src/eval/agents/index.js';
import { playMatch, playSlotNow, type SlotOutcome } from '../src/eval/match/index.js';
import { buildPlan, makeAgents, openStoreFor, readConfig, runTournament } from '../src/eval/tournament/index.js';
import { ensureBuilt, killAndResume } from '../test/support/kill-resume.js';
import { compareChance } from '../test/support/duplicate-check.js';
import { figure, report, round } from './lib/figures.js';

const RUNS = Number(process.argv[2] ?? 278);
const ROUNDS = Number(process.argv[3] ?? 3);
const DUPLICATE_RUNS = Number(process.argv[4] ?? 1000);
const KILLS = Number(process.argv[5] ?? 5);
const GOAL = 0.2;
// Each timed phase starts from a collected heap, so that none pays for the garbage of the one before.
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
const tmp = mkdtempSync(join(tmpdir(), 'gbgc-bench-tournament-'));
process.on('exit', () => rmSync(tmp, { recursive: true, force: true }));
const cfg = join(tmp, 'bench.yaml');
writeFileSync(
  cfg,
  JSON.stringify({
    games: ['kuhn', 'leduc', 'genstrat-4643'].map((g) => resolve(`examples/${g}.gbg`)),
    participants: [{ kind: 'random' }, { kind: 'heuristic' }, { kind: 'l1' }, { kind: 'cfr' }],
    runs: RUNS,
    seed: 1,
    store: 'bench.db',
  }),
);

const plan = buildPlan(cfg, readConfig(cfg), join(tmp, 'orchestrated.db'));
let t = performance.now();
const agents = await makeAgents(plan);
console.log(`${plan.slots.length} slots; agents made (solving and best responses) in ${((performance.now() - t) / 1000).toFixed(1)} s`);

/** Process CPU seconds (user + system, every thread). */
const cpu = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};
interface Timing {
  cpu: number;
  wall: number;
}
const bareLoop = async (recordMoves: boolean, slots = plan.slots): Promise<Timing & { checksum: number }> => {
  gc();
  const w0 = performance.now();
  const c0 = cpu();
  let checksum = 0;
  for (const s of slots) {
    const g = plan.games[s.game];
    // playSlotNow: bots' slots without a promise, as the tournament plays them.
    const r = playSlotNow(g.game, [agents.get(`${s.seats[0]}:${s.game}`)!, agents.get(`${s.seats[1]}:${s.game}`)!], s.playSeed, s.slot, {
      recordMoves,
      slotId: s.id,
    });
    const out = r instanceof Promise ? await r : r;
    checksum += out.returns[0] + out.records.length;
  }
  return { cpu: cpu() - c0, wall: (performance.now() - w0) / 1000, checksum };
};
const orchestratedRun = async (db: string): Promise<Timing & { report: Awaited<ReturnType<typeof runTournament>> }> => {
  const p = { ...plan, storePath: db };
  const store = openStoreFor(p);
  gc();
  const w0 = performance.now();
  const c0 = cpu();
  const report = await runTournament(p, store, agents);
  store.close();
  return { cpu: cpu() - c0, wall: (performance.now() - w0) / 1000, report };
};
await bareLoop(true, plan.slots.slice(0, 2000));
await bareLoop(false, plan.slots.slice(0, 2000));
await orchestratedRun(join(tmp, 'warmup.db'));
rmSync(join(tmp, 'warmup.db'), { force: true });
const bare: Timing[] = [];
const episodesOnly: Timing[] = [];
const orchestrated: Timing[] = [];
let report_!: Awaited<ReturnType<typeof runTournament>>;
for (let k = 0; k < ROUNDS; k++) {
  // The order rotates each round, so that no phase always follows the same other one.
  const phases = [
    async () => bare.push(await bareLoop(true)),
    async () => episodesOnly.push(await bareLoop(false)),
    async () => {
      const db = join(tmp, k === 0 ? 'orchestrated.db' : `orchestrated${k}.db`);
      const o = await orchestratedRun(db);
      orchestrated.push(o);
      report_ = o.report;
      if (k > 0) rmSync(db, { force: true });
    },
  ];
  for (let i = 0; i < phases.length; i++) await phases[(i + k) % phases.length]();
  console.log(
    `round ${k + 1}: CPU s bare loop ${bare[k].cpu.toFixed(3)}, without move records ${episodesOnly[k].cpu.toFixed(3)}, tournament ${orchestrated[k].cpu.toFixed(3)}`,
  );
}
const N = plan.slots.length;
// Best of the rounds: other processes only ever add time (and CPU time, through shared caches).
const msPerSlot = (ts: Timing[], key: 'cpu' | 'wall') => (1000 * Math.min(...ts.map((x) => x[key]))) / N;
const [bareMs, episodesMs, orchMs] = [msPerSlot(bare, 'cpu'), msPerSlot(episodesOnly, 'cpu'), msPerSlot(orchestrated, 'cpu')];
const overhead = orchMs / bareMs - 1;
const rate = (ts: Timing[]) => N / Math.min(...ts.map((x) => x.wall));
console.log(`bare loop       ${rate(bare).toFixed(0)} slots/s wall, ${(1000 * bareMs).toFixed(1)} µs CPU/slot`);
console.log(
  `tournament      ${rate(orchestrated).toFixed(0)} slots/s wall, ${(1000 * orchMs).toFixed(1)} µs CPU/slot (${report_.played} played, ${report_.errors} errors)`,
);
console.log(
  `overhead/slot   ${(100 * overhead).toFixed(1)} % of the bare loop (${(1000 * (orchMs - bareMs)).toFixed(1)} µs CPU/slot)  goal ≤ ${100 * GOAL} %  ${overhead <= GOAL ? 'ok' : 'OVER'}`,
);

// 4. kill -9 at 5 random points through the built CLI, then resumed.
let killed = { kills: 0, atKill: [] as number[] };
let same = true;
if (KILLS > 0) {
  ensureBuilt();
  // Each kill falls at a random moment up to 100 ms after a start's first commit: slots are
  // committed up to 1,024 at a time, so the kill lands while a batch is being played and staged.
  killed = await killAndResume(cfg, join(tmp, 'killed.db'), KILLS, 2026, 100);
}
const query = <T>(db: string, sql: string): T => {
  const d = new Database(db, { readonly: true });
  try {
    return d.prepare(sql).all() as T;
  } finally {
    d.close();
  }
};
const rows = (db: string) => JSON.stringify(query(db, 'SELECT id, seq, status, return0, return1, moves0, moves1 FROM slots ORDER BY seq'));
// Every slot holds exactly its moves (no move lost or written twice).
const movesOk = (db: string) =>
  query<unknown[]>(
    db,
    "SELECT s.id FROM slots s LEFT JOIN (SELECT slot, COUNT(*) AS n FROM moves GROUP BY slot) m ON m.slot = s.id WHERE s.status = 'done' AND s.moves0 + s.moves1 != COALESCE(m.n, 0)",
  ).length === 0;
if (KILLS > 0) {
  same = rows(join(tmp, 'killed.db')) === rows(join(tmp, 'orchestrated.db')) && movesOk(join(tmp, 'killed.db'));
  console.log(
    `kill -9         ${killed.kills} kills (at ${killed.atKill.join(', ')} slots), resumed: ${same ? 'identical to the uninterrupted run' : 'DIFFERENT'}`,
  );
}

// Duplicate play: DUPLICATE_RUNS (1,000) runs of every example.
let compared = 0;
const EXAMPLES = readdirSync('examples')
  .filter((f) => f.endsWith('.gbg'))
  .map((f) => f.slice(0, -4))
  .sort();
for (const name of EXAMPLES) {
  const game = compileGame(compileSource(readFileSync(`examples/${name}.gbg`, 'utf8')).ir!);
  const [pa, pb] = [makeParticipant({ kind: 'random' }, 'a'), makeParticipant({ kind: 'heuristic' }, 'b')];
  const [a, b] = await Promise.all([createParticipantAgent(pa, game), createParticipantAgent(pb, game)]);
  const slots: SlotOutcome[][] = [];
  await playMatch(game, a, b, { runs: DUPLICATE_RUNS, seed: 3, ids: [pa.id, pb.id], recordChance: true, onSlot: (r, k, o) => ((slots[r] ??= [])[k] = o) });
  for (const [s0, s1] of slots) compared += compareChance(s0.chance!, s1.chance!);
}
console.log(`duplicate play  ${EXAMPLES.length} examples × ${DUPLICATE_RUNS} runs: ${compared} chance events compared, all identical per seat`);

const note = `${N} slots (random, heuristic, l1, cfr on kuhn, leduc, genstrat-4643; ${RUNS} runs per matchup), concurrency 1; best of ${ROUNDS} interleaved rounds (order rotated) of process CPU time`;
report(
  'tournament',
  [
    figure({
      id: 'orchestration-overhead',
      name: 'bot tournament per slot (runTournament: scheduling, slot and move rows, SQLite store)',
      value: round(1000 * orchMs, 2),
      unit: 'µs CPU/slot',
      reference: {
        name: 'bare loop of the same slots with the per-move information the store holds (information-state digest, label, latency)',
        value: round(1000 * bareMs, 2),
        unit: 'µs CPU/slot',
      },
      ratioMeaning: 'times the bare loop (1.2 = 20 % orchestration overhead)',
      target: { max: 1 + GOAL },
      note,
      kind: 'time',
    }),
    figure({
      id: 'overhead-vs-episodes',
      name: 'bot tournament per slot',
      value: round(1000 * orchMs, 2),
      unit: 'µs CPU/slot',
      reference: {
        name: 'bare loop of the same slots without per-move information (recordMoves: false)',
        value: round(1000 * episodesMs, 2),
        unit: 'µs CPU/slot',
      },
      ratioMeaning: 'times the episodes alone (move records, store and scheduling together)',
      note,
      kind: 'time',
    }),
    figure({
      id: 'slots-per-second',
      name: 'bot tournament throughput (wall clock)',
      value: Math.round(rate(orchestrated)),
      unit: 'slots/s',
      reference: { name: 'bare loop of the same slots (wall clock)', value: Math.round(rate(bare)), unit: 'slots/s' },
      ratioMeaning: 'times slower than the bare loop (wall clock; disturbed by a busy machine)',
      note: `${note.replace('process CPU time', 'wall-clock time')}; one process`,
      kind: 'rate',
    }),
  ],
  {
    killResume: { kills: killed.kills, atSlots: killed.atKill, identical: same },
    duplicatePlay: { examples: EXAMPLES.length, runs: DUPLICATE_RUNS, chanceEventsCompared: compared },
  },
);
process.exitCode = same && killed.kills === KILLS ? 0 : 1;
