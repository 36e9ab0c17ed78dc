/**
 * Bot tournaments: a 10,008-slot tournament (random, heuristic, l1, cfr on kuhn, leduc and
 * genstrat-4643; 278 runs per matchup) measured three ways in the same run:
 *
 * 1. a bare loop of the same episodes (each slot's `playSlot`, no move records, no store);
 * 2. the orchestrated tournament in this process (`runTournament`: scheduling, move records,
 *    batched SQLite transactions) → slots/s and the orchestration overhead per slot against 1
 *    (goal ≤ 20 %); 1 and 2 alternate twice after a warm-up, best of two each;
 * 3. the built CLI (`node bin/gbgc.js tournament`) killed with SIGKILL at 5 random points and
 *    resumed: its store must hold exactly the slots of 2 (same ids, returns, no duplicates).
 *
 * Also the duplicate-play check of the issue at full size: 1,000 runs of every example, the two
 * slots of each run drawing the same chance outcomes for the same seats.
 * Run: `npx tsx bench/tournament.ts [runs per matchup]`.
 */
import Database from 'better-sqlite3';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { compileSource } from '../src/compiler/index.js';
import { compileGame } from '../src/interpreter/game.js';
import { createParticipantAgent, makeParticipant } from '../src/eval/agents/index.js';
import { playMatch, playSlot, type SlotOutcome } from '../src/eval/match/index.js';
import { buildPlan, makeAgents, openStoreFor, readConfig, runTournament } from '../src/eval/tournament/index.js';
import { ensureBuilt, killAndResume } from '../test/support/kill-resume.js';
import { compareChance } from '../test/support/duplicate-check.js';

const RUNS = Number(process.argv[2] ?? 278);
const GOAL = 0.2;
const tmp = mkdtempSync(join(tmpdir(), 'gbgc-bench-tournament-'));
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

// 1 and 2, alternated twice after a warm-up (best of two each), so that neither profits from the
// other's JIT warm-up or from a quieter moment.
const bareLoop = async (slots = plan.slots): Promise<[number, number]> => {
  const t0 = performance.now();
  let checksum = 0;
  for (const s of slots) {
    const g = plan.games[s.game];
    const out = await playSlot(g.game, [agents.get(`${s.seats[0]}:${s.game}`)!, agents.get(`${s.seats[1]}:${s.game}`)!], s.playSeed, s.slot, { recordMoves: false });
    checksum += out.returns[0];
  }
  return [(performance.now() - t0) / 1000, checksum];
};
const orchestratedRun = async (db: string): Promise<[number, Awaited<ReturnType<typeof runTournament>>]> => {
  const p = { ...plan, storePath: db };
  const store = openStoreFor(p);
  const t0 = performance.now();
  const report = await runTournament(p, store, agents);
  const seconds = (performance.now() - t0) / 1000;
  store.close();
  return [seconds, report];
};
await bareLoop(plan.slots.slice(0, 2000));
await orchestratedRun(join(tmp, 'warmup.db'));
let bare = Infinity;
let orchestrated = Infinity;
let checksum = 0;
let report!: Awaited<ReturnType<typeof runTournament>>;
for (let k = 0; k < 2; k++) {
  const [b, c] = await bareLoop();
  bare = Math.min(bare, b);
  checksum = c;
  const [o, r] = await orchestratedRun(join(tmp, k === 0 ? 'orchestrated.db' : 'orchestrated2.db'));
  orchestrated = Math.min(orchestrated, o);
  report = r;
}
const overhead = orchestrated / bare - 1;
console.log(`bare loop       ${(plan.slots.length / bare).toFixed(0)} slots/s  (${bare.toFixed(2)} s, checksum ${checksum})`);
console.log(`tournament      ${(plan.slots.length / orchestrated).toFixed(0)} slots/s  (${orchestrated.toFixed(2)} s, ${report.played} played, ${report.errors} errors)`);
console.log(`overhead/slot   ${(100 * overhead).toFixed(1)} % of the bare loop (${((1000 * (orchestrated - bare)) / plan.slots.length).toFixed(3)} ms/slot)  goal ≤ ${100 * GOAL} %  ${overhead <= GOAL ? 'ok' : 'OVER'}`);

// 3. kill -9 at 5 random points through the built CLI, then resumed.
ensureBuilt();
const killed = await killAndResume(cfg, join(tmp, 'killed.db'), 5, 2026, 2000);
const rows = (db: string) => JSON.stringify(new Database(db, { readonly: true }).prepare('SELECT id, seq, status, return0, return1, moves0, moves1 FROM slots ORDER BY seq').all());
const movesOk = (db: string) => new Database(db, { readonly: true }).prepare('SELECT COUNT(*) FROM slots s WHERE s.moves0 + s.moves1 != (SELECT COUNT(*) FROM moves m WHERE m.slot = s.id)').pluck().get() === 0;
const same = rows(join(tmp, 'killed.db')) === rows(join(tmp, 'orchestrated.db'));
console.log(`kill -9         ${killed.kills} kills (at ${killed.atKill.join(', ')} slots), resumed: ${same && movesOk(join(tmp, 'killed.db')) ? 'identical to the uninterrupted run' : 'DIFFERENT'}`);

// 4. Duplicate play: 1,000 runs of every example.
let compared = 0;
for (const name of ['kuhn', 'leduc', 'duel', 'genstrat-4643', 'genstrat-4643-v1', 'oracle', 'rounds', 'thieves']) {
  const game = compileGame(compileSource(readFileSync(`examples/${name}.gbg`, 'utf8')).ir!);
  const [pa, pb] = [makeParticipant({ kind: 'random' }, 'a'), makeParticipant({ kind: 'heuristic' }, 'b')];
  const [a, b] = await Promise.all([createParticipantAgent(pa, game), createParticipantAgent(pb, game)]);
  const slots: SlotOutcome[][] = [];
  await playMatch(game, a, b, { runs: 1000, seed: 3, ids: [pa.id, pb.id], recordChance: true, onSlot: (r, k, o) => ((slots[r] ??= [])[k] = o) });
  for (const [s0, s1] of slots) compared += compareChance(s0.chance!, s1.chance!);
}
console.log(`duplicate play  8 examples × 1,000 runs: ${compared} chance events compared, all identical per seat`);
process.exitCode = overhead <= GOAL && same && killed.kills === 5 ? 0 : 1;
