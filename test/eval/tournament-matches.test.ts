/**
 * Tournaments of matches of many hands, through the CLI as a user chains it: the config keys and
 * their errors, a tournament of six-hand matches played, its store read back hand by hand (the
 * hands summing to each slot), resumed, and summarised; one hand a slot keeps today's slots; a
 * schema-2 store is read and, when resumed, upgraded in place; the panel schedule.
 */
import Database from 'better-sqlite3';
import { copyFileSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../cli/run-cli.js';
import { buildPlan, makeAgents, openStoreFor, readConfig, runTournament } from '../../src/eval/tournament/index.js';
import { handsOf, readHands, readSlots, RunStore, SCHEMA_VERSION, slotSeats } from '../../src/eval/store/index.js';
import { playSlot, slotId } from '../../src/eval/match/index.js';
import { createParticipantAgent } from '../../src/eval/agents/index.js';
import { ensureBuilt, killAndResume } from '../support/kill-resume.js';

const tmp = mkdtempSync(join(tmpdir(), 'gbgc-matches-'));
const EX = resolve('examples');

function config(name: string, body: Record<string, unknown>): string {
  const path = join(tmp, name);
  writeFileSync(path, JSON.stringify(body, null, 2));
  return path;
}

const PARTICIPANTS = [{ kind: 'random' }, { kind: 'heuristic' }, { kind: 'heuristic', name: 'bold', raise: 0.9, bluff: 0.3 }];
const KUHN6 = { games: [join(EX, 'kuhn.gbg')], participants: PARTICIPANTS, runs: 3, seed: 5, hands_per_match: 6, stacks: 'reset' };

/** The replay data of a viewer page: one replay, or one per hand of a match. */
function viewerData(
  html: string,
): { hand?: { index: number; count: number }; participants: string[]; snapshots: { terminal: boolean; returns: number[] | null; stacks: number[] }[] }[] {
  const m = /<script id="replay-data" type="application\/json">(.*?)<\/script>/s.exec(html);
  if (!m) throw new Error('no replay data in the page');
  const data = JSON.parse(m[1]) as unknown;
  return (Array.isArray(data) ? data : [data]) as ReturnType<typeof viewerData>;
}

const rowsOf = (db: string) =>
  readSlots(db).slots.map((r) => [r.id, r.seq, r.status, r.return0, r.return1, r.moves0, r.moves1, JSON.stringify(r.hands ?? null)]);

describe('tournament config: hands_per_match and stacks', () => {
  it('refuses bad values naming the key', async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ hands_per_match: 0 }, /hands_per_match: must be >= 1/],
      [{ hands_per_match: 2.5 }, /hands_per_match: must be integer/],
      [{ stacks: 'keep' }, /stacks: must be one of "reset", "carry"/],
      [{ stacks: 'carry' }, /stacks: carry takes the stacks from one hand to the next, and a match of one hand has no next/],
      [{ schedule: { type: 'panel', panel: ['nobody'] } }, /schedule\.panel\[0\]: no participant is named 'nobody'/],
      [{ schedule: { type: 'panel', panel: ['random', 'heuristic', 'bold'] } }, /every participant is on the panel/],
    ];
    for (const [extra, want] of cases) {
      const r = await runCli([
        'tournament',
        config('bad.json', { ...KUHN6, hands_per_match: undefined, stacks: undefined, store: 'bad.db', ...extra }),
        '--json',
      ]);
      expect(r.code, r.stderr).toBe(1);
      expect(r.stderr).toMatch(want);
    }
  });
});

describe('a tournament of six-hand matches (Kuhn, stacks reset)', () => {
  it('plays, reads back each slot hand by hand (the hands sum to the slot), resumes to the same rows, and summarises', async () => {
    const cfg = config('k6.json', { ...KUHN6, store: 'k6.db' });
    const r = await runCli(['tournament', cfg, '--json']);
    expect(r.code, r.stderr).toBe(0);
    // 3 matchups × 3 runs × 2 slots.
    expect(JSON.parse(r.stdout)).toMatchObject({ total: 18, played: 18 });
    const db = join(tmp, 'k6.db');
    const stored = readSlots(db);
    const names = new Map(stored.participants.map((p) => [p.id, p.name]));
    for (const slot of stored.slots) {
      expect(slot.status).toBe('done');
      const hands = readHands(db, slot.id);
      expect(hands.map((h) => h.hand)).toEqual([0, 1, 2, 3, 4, 5]);
      const seats = slotSeats(slot);
      const won = new Map(seats.map((s) => [s.participant, 0]));
      const moved = new Map(seats.map((s) => [s.participant, 0]));
      for (const h of hands) {
        // Kuhn has no button: the participants change seats every hand.
        expect(h.seats).toEqual(h.hand % 2 === 0 ? [slot.seat0, slot.seat1] : [slot.seat1, slot.seat0]);
        expect(h.button).toBeNull();
        expect(h.stacks).toEqual([10, 10]); // Kuhn's declared stacks
        expect(h.returns[0] + h.returns[1]).toBe(0);
        h.seats.forEach((p, k) => won.set(p, won.get(p)! + h.returns[k]));
        for (const m of h.moves) moved.set(h.seats[m.seat], moved.get(h.seats[m.seat])! + 1);
        expect(h.moves.map((m) => m.ply)).toEqual(h.moves.map((_, k) => h.firstPly + k));
      }
      for (const s of seats) {
        expect(won.get(s.participant), `slot ${slot.id}: ${names.get(s.participant)}`).toBe(s.return);
        expect(moved.get(s.participant)).toBe(s.moves);
      }
    }
    // gbgc view steps through the hands of a slot: one replay per hand, each ending in the stored returns.
    const first = stored.slots[1];
    const page = await runCli(['view', db, '--slot', first.id.slice(0, 10)]);
    expect(page.code, page.stderr).toBe(0);
    const shown = viewerData(page.stdout);
    const stHands = readHands(db, first.id);
    expect(shown.map((h) => h.hand)).toEqual(stHands.map((h) => ({ index: h.hand, count: 6 })));
    shown.forEach((h, k) => {
      expect(h.participants).toEqual(stHands[k].seats.map((id) => names.get(id)));
      expect(h.snapshots.at(-1)).toMatchObject({ terminal: true, returns: stHands[k].returns });
    });
    expect(page.stdout).toContain('<option value="5">hand 6 of 6:');
    const one = await runCli(['view', db, '--slot', first.id, '--hand', '4']);
    expect(one.code, one.stderr).toBe(0);
    expect(viewerData(one.stdout).map((h) => h.hand)).toEqual([{ index: 3, count: 6 }]);
    expect(one.stdout).not.toContain('<select id="hand-select"');
    const beyond = await runCli(['view', db, '--slot', first.id, '--hand', '7']);
    expect([beyond.code, beyond.stderr]).toEqual([1, `gbgc: error: ${db}: --hand 7: the match has 6 hands (slot ${first.id})\n`]);
    expect((await runCli(['view', db, '--slot', first.id, '--hand', '0'])).code).toBe(2);
    // The two slots of a run share the play seed, so hand h deals the same cards in both.
    for (let i = 0; i < stored.slots.length; i += 2) expect(stored.slots[i + 1].play_seed).toBe(stored.slots[i].play_seed);

    // Resumed after partial calls: the rows of the uninterrupted run.
    const plan = buildPlan(cfg, readConfig(cfg), join(tmp, 'k6-parts.db'));
    const agents = await makeAgents(plan);
    for (const limit of [4, 7, undefined]) {
      const store = openStoreFor(plan);
      await runTournament(plan, store, agents, { limit });
      store.close();
    }
    expect(rowsOf(join(tmp, 'k6-parts.db'))).toEqual(rowsOf(db));
    // More runs add slots and keep the finished ones.
    const more = await runCli(['tournament', config('k6-more.json', { ...KUHN6, runs: 4, store: 'k6.db' }), '--json']);
    expect(more.code, more.stderr).toBe(0);
    expect(JSON.parse(more.stdout)).toMatchObject({ total: 24, alreadyDone: 18, played: 6 });
    // Another number of hands is another tournament: refused, naming the change.
    const other = await runCli(['tournament', config('k6-other.json', { ...KUHN6, hands_per_match: 5, store: 'k6.db' }), '--json']);
    expect(other.code).toBe(1);
    expect(other.stderr).toMatch(/hands_per_match 6 → 5/);
    // records summary: chips won per slot (a slot is a six-hand match).
    const sum = await runCli(['records', 'summary', db, '--json']);
    expect(sum.code, sum.stderr).toBe(0);
    const summary = JSON.parse(sum.stdout) as { done: number; participants: { name: string; slots: number; meanReturns: number }[] };
    expect(summary.done).toBe(24);
    const all = readSlots(db).slots;
    for (const p of summary.participants) {
      const id = stored.participants.find((x) => x.name === p.name)!.id;
      const mine = all.flatMap((s) => slotSeats(s).filter((x) => x.participant === id));
      expect(p.slots).toBe(mine.length);
      expect(p.meanReturns).toBeCloseTo(mine.reduce((t, x) => t + x.return!, 0) / mine.length, 12);
    }
  });

  it('one hand a slot (the default) keeps the slots of before: the same ids, returns and moves, no hands', async () => {
    const cfg = config('k1.json', { ...KUHN6, hands_per_match: undefined, stacks: undefined, store: 'k1.db' });
    const r = await runCli(['tournament', cfg, '--json']);
    expect(r.code, r.stderr).toBe(0);
    const plan = buildPlan(cfg, readConfig(cfg));
    const g = plan.games[0];
    const agents = await Promise.all(plan.participants.map((p) => createParticipantAgent(p, g.game)));
    const stored = readSlots(join(tmp, 'k1.db')).slots;
    expect(stored).toHaveLength(18);
    for (const [k, s] of plan.slots.entries()) {
      const row = stored[k];
      expect(row.id).toBe(slotId(5, g.rulesetHash, s.run, plan.participants[s.seats[0]].id, plan.participants[s.seats[1]].id, 2));
      expect(row.hands).toBeNull();
      expect(row.seats).toBeNull();
      const again = await playSlot(
        g.game,
        s.seats.map((p) => agents[p]),
        s.playSeed,
        s.slot,
      );
      expect([row.return0, row.return1, row.moves0, row.moves1]).toEqual([...again.returns, ...again.moves]);
    }
  });
});

describe('a tournament of six-hand matches with stacks carried (nlhe-short.gbg)', () => {
  beforeAll(() => ensureBuilt());

  it('each hand starts from the stacks the last ended with, a broke seat ends the match, the hands sum to the slot; killed and resumed: the same slots', async () => {
    const cfg = config('carry.json', {
      games: [join(EX, 'nlhe-short.gbg')],
      participants: [{ kind: 'random' }, { kind: 'heuristic' }, { kind: 'always-fold' }],
      runs: 40,
      seed: 9,
      hands_per_match: 6,
      stacks: 'carry',
      store: 'carry.db',
    });
    // The built CLI killed with SIGKILL at up to two random points, then resumed to the end.
    const killed = await killAndResume(cfg, join(tmp, 'carry-killed.db'), 2, 31, 30);
    expect(killed.kills).toBeGreaterThanOrEqual(1);
    const r = await runCli(['tournament', cfg, '--json']);
    expect(r.code, r.stderr).toBe(0);
    // 3 matchups × 40 runs × 2 slots.
    expect(JSON.parse(r.stdout)).toMatchObject({ total: 240, played: 240, errors: 0 });
    const db = join(tmp, 'carry.db');
    expect(rowsOf(join(tmp, 'carry-killed.db'))).toEqual(rowsOf(db));
    const stored = readSlots(db);
    let early = 0;
    let full = 0;
    const store = RunStore.openReadOnly(db, { engine: true });
    for (const slot of stored.slots) {
      const hands = handsOf(store, slot.id);
      const bankroll = new Map<string, number>([
        [slot.seat0, 20],
        [slot.seat1, 20],
      ]);
      for (const h of hands) {
        // nlhe-short declares no button: the two participants swap seats every hand.
        expect(h.seats).toEqual(h.hand % 2 === 0 ? [slot.seat0, slot.seat1] : [slot.seat1, slot.seat0]);
        expect(h.stacks).toEqual(h.seats.map((p) => bankroll.get(p)));
        h.seats.forEach((p, k) => bankroll.set(p, bankroll.get(p)! + h.returns[k]));
      }
      const broke = [...bankroll.values()].some((x) => x === 0);
      // Six hands, or fewer exactly when a seat went broke in the last one.
      if (hands.length < 6) {
        expect(broke).toBe(true);
        early++;
      } else full++;
      for (const h of hands.slice(0, -1)) expect(h.stacks!.every((x) => x > 0)).toBe(true);
      expect(bankroll.get(slot.seat0)! - 20).toBe(slot.return0);
      expect(bankroll.get(slot.seat1)! - 20).toBe(slot.return1);
      expect(slot.return0! + slot.return1!).toBe(0);
    }
    store.close();
    // The viewer replays a match whose stacks were carried: each hand from its stored stacks.
    const short = stored.slots.find((x) => x.hands!.length < 6 && x.hands!.length > 2)!;
    const page = await runCli(['view', db, '--slot', short.id]);
    expect(page.code, page.stderr).toBe(0);
    const shown = viewerData(page.stdout);
    // The last step's stacks are the hand's starting stacks plus its returns.
    expect(shown.map((h) => h.snapshots.at(-1)!.stacks)).toEqual(short.hands!.map((h) => h.stacks!.map((x, i) => x + h.returns[i])));
    expect(shown.map((h) => h.snapshots.at(-1)!.returns)).toEqual(short.hands!.map((h) => h.returns));
    // Both endings occur: 10-big-blind stacks go broke within six hands often, not always.
    expect(early).toBeGreaterThan(10);
    expect(full).toBeGreaterThan(10);
  });
});

describe('a store of schema 2', () => {
  it('is read as two-seat slots of one hand, and upgraded in place when a tournament resumes it', async () => {
    const cfg = config('s2.json', { ...KUHN6, hands_per_match: undefined, stacks: undefined, runs: 2, store: 's2.db' });
    expect((await runCli(['tournament', cfg])).code).toBe(0);
    const db = join(tmp, 's2.db');
    const before = rowsOf(db);
    // Make it a schema-2 store: the layout before the seats and hands columns.
    const d = new Database(db);
    d.exec("ALTER TABLE slots DROP COLUMN seats; ALTER TABLE slots DROP COLUMN hands; UPDATE meta SET value = '2' WHERE key = 'schemaVersion'");
    d.close();
    copyFileSync(db, join(tmp, 's2-copy.db'));
    expect(rowsOf(db)).toEqual(before);
    expect(readHands(db, before[0][0] as string)).toHaveLength(1);
    const sum = await runCli(['records', 'summary', join(tmp, 's2-copy.db'), '--json']);
    expect(sum.code, sum.stderr).toBe(0);
    // Resumed with more runs: the store becomes this gbgc's schema and its earlier slots stay as they were.
    const r = await runCli([
      'tournament',
      config('s2-more.json', { ...KUHN6, hands_per_match: undefined, stacks: undefined, runs: 3, store: 's2.db' }),
      '--json',
    ]);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ alreadyDone: 12, played: 6 });
    const s = RunStore.openReadOnly(db);
    expect(s.meta('schemaVersion')).toBe(String(SCHEMA_VERSION));
    s.close();
    const after = new Map(rowsOf(db).map((row) => [row[0], row]));
    // The same slots, ids, returns and moves (the seq of a slot moves when runs are added).
    expect(before.map((row) => [row[0], ...row.slice(2)])).toEqual(before.map((row) => [row[0], ...after.get(row[0])!.slice(2)]));
  });
});

describe("a three-seat tournament on the league's table (league-holdem.gbg): blocks of six permutations, a panel", () => {
  it('plays each block as the six seat permutations of one play seed, the button moving a seat a hand; the store reads back every seat', async () => {
    const cfg = config('league.json', {
      games: [join(EX, 'league-holdem.gbg')],
      participants: [{ kind: 'random' }, { kind: 'check-fold' }, { kind: 'always-fold' }],
      schedule: { type: 'panel', panel: ['check-fold', 'always-fold'] },
      runs: 3,
      seed: 4,
      hands_per_match: 6,
      store: 'league.db',
    });
    const r = await runCli(['tournament', cfg, '--json']);
    expect(r.code, r.stderr).toBe(0);
    // One table (random with the two panel members) × 3 blocks × 6 permutations.
    expect(JSON.parse(r.stdout)).toMatchObject({ total: 18, played: 18, errors: 0 });
    const db = join(tmp, 'league.db');
    const { slots, participants } = readSlots(db);
    const ids = participants.map((p) => p.id).sort();
    for (let b = 0; b < 3; b++) {
      const block = slots.slice(6 * b, 6 * b + 6);
      expect(new Set(block.map((x) => x.play_seed)).size).toBe(1);
      expect(
        new Set(
          block.map((x) =>
            slotSeats(x)
              .map((z) => z.participant)
              .join(),
          ),
        ).size,
      ).toBe(6);
      for (const slot of block) {
        const seats = slotSeats(slot);
        expect(seats.map((z) => z.participant).sort()).toEqual(ids);
        expect(seats.reduce((t, z) => t + z.return!, 0)).toBe(0);
        const hands = readHands(db, slot.id);
        expect(hands.map((h) => h.button)).toEqual([0, 1, 2, 0, 1, 2]);
        const won = seats.map(() => 0);
        for (const h of hands) {
          expect(h.seats).toEqual(seats.map((z) => z.participant));
          expect(h.stacks).toEqual([10000, 10000, 10000]);
          h.returns.forEach((x, k) => (won[k] += x));
        }
        expect(won).toEqual(seats.map((z) => z.return));
      }
    }
    const sum = await runCli(['records', 'summary', db, '--json']);
    expect(sum.code, sum.stderr).toBe(0);
    for (const p of (JSON.parse(sum.stdout) as { participants: { slots: number }[] }).participants) expect(p.slots).toBe(18);
    // The viewer replays the table slot hand by hand, each hand ending in its stored returns (test/report/table-viewer.test.ts has more).
    const view = await runCli(['view', db, '--slot', slots[0].id]);
    expect(view.code, view.stderr).toBe(0);
    const shown = viewerData(view.stdout);
    const stored = readHands(db, slots[0].id);
    expect(shown.map((h) => h.snapshots.at(-1)!.returns)).toEqual(stored.map((h) => h.returns));
  });
});

describe('the panel schedule', () => {
  it('two seats: every participant off the panel meets every panel member, and panel members never meet', () => {
    const cfg = config('panel.json', {
      games: [join(EX, 'kuhn.gbg')],
      participants: [...PARTICIPANTS, { kind: 'l1' }],
      schedule: { type: 'panel', panel: ['random', 'bold'] },
      runs: 2,
      store: 'panel.db',
    });
    const plan = buildPlan(cfg, readConfig(cfg));
    // heuristic (1) and l1 (3) against random (0) and bold (2).
    expect(plan.matchups[0]).toEqual([
      [0, 1],
      [0, 3],
      [1, 2],
      [2, 3],
    ]);
    expect(plan.slots).toHaveLength(4 * 2 * 2);
  });
});
