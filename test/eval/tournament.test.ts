/**
 * Tournaments: configs and their errors, deterministic slots, resumption, refusal of changed
 * configs and of other engines' stores, commitment, coverage schedules, records export and summary.
 */
import Database from 'better-sqlite3';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../cli/run-cli.js';
import { buildPlan, makeAgents, openStoreFor, readConfig, runTournament, scheduleMatchups } from '../../src/eval/tournament/index.js';
import { RunStore } from '../../src/eval/store/index.js';

const tmp = mkdtempSync(join(tmpdir(), 'gbgc-tournament-'));
const EX = resolve('examples');

/** Write a config into the temp folder; returns its path. */
function config(name: string, body: Record<string, unknown>): string {
  const path = join(tmp, name);
  writeFileSync(path, name.endsWith('.json') ? JSON.stringify(body) : toYaml(body));
  return path;
}
const toYaml = (o: Record<string, unknown>): string => JSON.stringify(o, null, 2); // JSON is YAML

const BASE = {
  games: { files: [join(EX, 'kuhn.gbg'), join(EX, 'leduc.gbg')] },
  participants: [{ kind: 'random' }, { kind: 'heuristic' }, { kind: 'l1' }],
  runs: 4,
  seed: 7,
};

const rowsOf = (db: string) => {
  const s = RunStore.openReadOnly(db);
  try {
    return s.slots().map((r) => [r.id, r.seq, r.status, r.return0, r.return1, r.moves0, r.moves1]);
  } finally {
    s.close();
  }
};

describe('gbgc tournament', () => {
  it('plays every slot once, resumes after an interruption with exactly the same slots, and exports them', async () => {
    const cfg = config('t1.yaml', { ...BASE, store: 'full.db' });
    const r = await runCli(['tournament', cfg, '--json']);
    // stderr holds only the agents' preparation lines (l1 computes its table)
    expect(r.stderr.split('\n').filter((l) => l !== '' && !/^agents /.test(l))).toEqual([]);
    expect(r.code).toBe(0);
    const rep = JSON.parse(r.stdout);
    // 2 games × 3 matchups × 4 runs × 2 slots.
    expect(rep.total).toBe(48);
    expect(rep.played).toBe(48);
    const again = JSON.parse((await runCli(['tournament', cfg, '--json'])).stdout);
    expect(again.played).toBe(0);
    expect(again.alreadyDone).toBe(48);
    // Interrupted in-process (a partial call), then resumed: the same rows as the uninterrupted run.
    const plan = buildPlan(cfg, readConfig(cfg), join(tmp, 'parts.db'));
    const agents = await makeAgents(plan);
    for (const limit of [5, 17, undefined]) {
      const store = openStoreFor(plan);
      await runTournament(plan, store, agents, { limit });
      store.close();
    }
    expect(rowsOf(join(tmp, 'parts.db'))).toEqual(rowsOf(join(tmp, 'full.db')));
    // Each run's two slots share the play seed and swap the seats.
    const s = RunStore.openReadOnly(join(tmp, 'full.db'));
    const slots = s.slots();
    for (let i = 0; i < slots.length; i += 2) {
      expect(slots[i + 1].play_seed).toBe(slots[i].play_seed);
      expect([slots[i + 1].seat0, slots[i + 1].seat1]).toEqual([slots[i].seat1, slots[i].seat0]);
      expect(slots[i].return0! + slots[i].return1!).toBe(0);
    }
    const moves = s.db.prepare('SELECT COUNT(*) FROM moves').pluck().get() as number;
    expect(moves).toBe(slots.reduce((t, x) => t + x.moves0! + x.moves1!, 0));
    s.close();
    // Export: a header and one line per slot; JSON Lines of the moves.
    const csv = await runCli(['records', 'export', join(tmp, 'full.db'), '--csv']);
    expect(csv.code).toBe(0);
    const lines = csv.stdout.trimEnd().split('\n');
    expect(lines[0]).toBe(
      'id,seq,game,run,slot,seat0,seat1,play_seed,status,return0,return1,moves0,moves1,fallbacks0,fallbacks1,wall_ms,error,notes,finished_at,seats,hands',
    );
    expect(lines).toHaveLength(49);
    const jsonl = await runCli(['records', 'export', join(tmp, 'full.db'), '--jsonl', '--table', 'moves']);
    expect(jsonl.stdout.trimEnd().split('\n')).toHaveLength(moves);
    expect(JSON.parse(jsonl.stdout.split('\n')[0])).toHaveProperty('obs_digest');
    const sum = await runCli(['records', 'summary', join(tmp, 'full.db'), '--json']);
    const summary = JSON.parse(sum.stdout);
    expect(summary.done).toBe(48);
    expect(summary.planned).toBe(48);
    // Zero-sum: the participants' slot-weighted mean returns add up to 0.
    const total = summary.participants.reduce((t: number, p: { slots: number; meanReturns: number }) => t + p.slots * p.meanReturns, 0);
    expect(Math.abs(total)).toBeLessThan(1e-9);
    expect(summary.participants.find((p: { kind: string }) => p.kind === 'random').slots).toBe(32);
  });

  it('refuses a changed config that would change finished slots, naming what changed; more runs are fine', async () => {
    const cfg = config('t2.yaml', { ...BASE, store: 'change.db' });
    expect((await runCli(['tournament', cfg])).code).toBe(0);
    const before = rowsOf(join(tmp, 'change.db'));
    const seed = await runCli(['tournament', config('t2.yaml', { ...BASE, seed: 8, store: 'change.db' })]);
    expect(seed.code).toBe(1);
    expect(seed.stderr).toMatch(/holds 48 finished slots this config would not play \(changed: seed 7 → 8\)/);
    const param = await runCli([
      'tournament',
      config('t2.yaml', { ...BASE, participants: [{ kind: 'random' }, { kind: 'heuristic', raise: 0.8 }, { kind: 'l1' }], store: 'change.db' }),
    ]);
    expect(param.code).toBe(1);
    expect(param.stderr).toMatch(/participant 'heuristic' changed: params.raise 0.7 → 0.8/);
    expect(param.stderr.trim().split('\n')).toHaveLength(1);
    expect(rowsOf(join(tmp, 'change.db'))).toEqual(before);
    const more = await runCli(['tournament', config('t2.yaml', { ...BASE, runs: 6, store: 'change.db' }), '--json']);
    expect(more.code).toBe(0);
    expect(JSON.parse(more.stdout)).toMatchObject({ total: 72, alreadyDone: 48, played: 24 });
  });

  it('--commit stores and prints the commitment; a different config is then refused', async () => {
    const cfg = config('t3.yaml', { ...BASE, store: 'commit.db' });
    const c = await runCli(['tournament', cfg, '--commit', '--json']);
    expect(c.code).toBe(0);
    const { commitment, slots } = JSON.parse(c.stdout);
    expect(commitment).toMatch(/^[0-9a-f]{64}$/);
    expect(slots).toBe(48);
    expect(rowsOf(join(tmp, 'commit.db'))).toEqual([]);
    // The same config gives the same commitment (deterministic) and then plays.
    expect(JSON.parse((await runCli(['tournament', cfg, '--commit', '--json'])).stdout).commitment).toBe(commitment);
    const other = await runCli(['tournament', config('t3.yaml', { ...BASE, runs: 5, store: 'commit.db' })]);
    expect(other.code).toBe(1);
    expect(other.stderr).toMatch(/committed to another tournament/);
    expect((await runCli(['tournament', config('t3.yaml', { ...BASE, store: 'commit.db' })])).code).toBe(0);
    expect((await runCli(['records', 'summary', join(tmp, 'commit.db')])).stdout).toContain(`commitment ${commitment}`);
  });

  it('bad input: one line naming the file and the key, exit 1, nothing written', async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ ...BASE, participants: [{ kind: 'random' }, { kind: 'wizard' }] }, /bad\.yaml: participants\[1\]\.kind: unknown agent kind 'wizard'/],
      [
        { ...BASE, participants: [{ kind: 'random' }, { kind: 'cfr', policy: 'absent.json' }] },
        /bad\.yaml: participants\[1\]\.policy: cannot read .*absent\.json: no such file/,
      ],
      [{ ...BASE, participants: [{ kind: 'random' }, { kind: 'heuristic', raise: 2 }] }, /bad\.yaml: participants\[1\]\.raise: must be <= 1/],
      [{ ...BASE, participants: [{ kind: 'random' }, { kind: 'heuristic', rase: 0.5 }] }, /bad\.yaml: participants\[1\]\.rase: unknown key/],
      [{ ...BASE, runs: 0 }, /bad\.yaml: runs: must be >= 1/],
      [{ ...BASE, sead: 3 }, /bad\.yaml: sead: unknown key/],
      [{ ...BASE, games: { files: [join(tmp, 'broken.gbg')] } }, /bad\.yaml: games\.files\[0\]: .*broken\.gbg does not compile: .*error/],
      [{ ...BASE, games: { files: [join(tmp, 'absent.gbg')] } }, /bad\.yaml: games\.files\[0\]: cannot read .*no such file/],
      [{ ...BASE, participants: [{ kind: 'random' }, { kind: 'random', name: 'r2' }] }, /participants\[1\]: the same configuration as participants\[0\]/],
      [{ ...BASE, schedule: { type: 'coverage' } }, /bad\.yaml: schedule/],
    ];
    writeFileSync(join(tmp, 'broken.gbg'), 'game "x" { players A, B\n phase P { nonsense } }\n');
    for (const [body, message] of cases) {
      const r = await runCli(['tournament', config('bad.yaml', { ...body, store: 'bad.db' })]);
      expect(r.code, String(message)).toBe(1);
      expect(r.stderr, String(message)).toMatch(message);
      expect(r.stderr.trim().split('\n'), r.stderr).toHaveLength(1);
      expect(existsSync(join(tmp, 'bad.db'))).toBe(false);
    }
    writeFileSync(join(tmp, 'notyaml.yaml'), 'games: [\n');
    const y = await runCli(['tournament', join(tmp, 'notyaml.yaml')]);
    expect(y.code).toBe(1);
    expect(y.stderr).toMatch(/notyaml\.yaml: not valid YAML/);
  });

  it('refuses a store written by another engine version', async () => {
    const cfg = config('t4.yaml', { ...BASE, runs: 1, store: 'engine.db' });
    expect((await runCli(['tournament', cfg])).code).toBe(0);
    const db = new Database(join(tmp, 'engine.db'));
    db.prepare("UPDATE meta SET value = 'gbgc-0.0.9' WHERE key = 'engineVersion'").run();
    db.close();
    const r = await runCli(['tournament', config('t4.yaml', { ...BASE, runs: 2, store: 'engine.db' })]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^\S*engine\.db: error\[store-engine\]: the store was written by engine gbgc-0\.0\.9, this is /);
    // Resuming is refused whatever a reader may be allowed: the message says why and to start a new store.
    expect(r.stderr).toContain("a tournament is not resumed or extended under another engine (its slots would mix two engines' play in one run");
    expect(r.stderr).toContain('play it into a new store (another store path), or finish it with the gbgc of that engine');
    expect(r.stderr).not.toContain('--allow-engine-mismatch');
    expect(rowsOf(join(tmp, 'engine.db'))).toHaveLength(12);
  });

  it('coverage: each participant meets at least k opponents per game; the slot list is deterministic', () => {
    for (const [n, k] of [
      [5, 2],
      [7, 2],
      [7, 3],
      [9, 4],
      [4, 3],
      [6, 1],
    ]) {
      const m = scheduleMatchups(n, { type: 'coverage', k }, 3, 'ab'.repeat(32));
      const opponents = Array.from({ length: n }, () => new Set<number>());
      for (const [a, b] of m) {
        expect(a).toBeLessThan(b);
        opponents[a].add(b);
        opponents[b].add(a);
      }
      for (const o of opponents) expect(o.size).toBeGreaterThanOrEqual(Math.min(k, n - 1));
      expect(m.length).toBeLessThanOrEqual((n * (n - 1)) / 2);
      expect(scheduleMatchups(n, { type: 'coverage', k }, 3, 'ab'.repeat(32))).toEqual(m);
    }
    expect(scheduleMatchups(7, { type: 'coverage', k: 2 }, 3, 'ab'.repeat(32)).length).toBeLessThan(21);
    const cfg = config('t5.json', { ...BASE, schedule: { type: 'coverage', k: 1 } });
    const a = buildPlan(cfg, readConfig(cfg));
    const b = buildPlan(cfg, readConfig(cfg));
    expect(a.slots.map((s) => s.id)).toEqual(b.slots.map((s) => s.id));
    expect(new Set(a.slots.map((s) => s.id)).size).toBe(a.slots.length);
    expect(a.commitment).toBe(b.commitment);
  });

  it('reads the example config', () => {
    const plan = buildPlan('examples/tournament.yaml', readConfig('examples/tournament.yaml'));
    expect(plan.games.map((g) => g.name)).toEqual(['Kuhn poker', "Leduc hold'em", 'GENSTRAT seed 4643']);
    expect(plan.slots).toHaveLength(3 * 6 * 20 * 2);
    expect(readFileSync('examples/tournament.yaml', 'utf8')).toMatch(/coverage/);
  });
});

describe('async agents and concurrency', () => {
  it('an agent that answers through act(view) after a delay gives the same slots at concurrency 1 and 4', async () => {
    const { AGENTS } = await import('../../src/eval/agents/index.js');
    const { l0PickFromKinds } = await import('../../src/algorithms/l0.js');
    // A test kind: L0 through the view, answering asynchronously, reading the prompt (as an LLM would).
    AGENTS['test-async'] = {
      description: 'test only',
      params: { properties: {} },
      create: () => ({
        name: 'test-async',
        async act(view) {
          expect(view.prompt).toContain('"action"');
          await new Promise((r) => setTimeout(r, (view.ply % 3) + 1));
          return { action: l0PickFromKinds(view.legal, view.kinds, view.rng()), fallback: view.ply === 0 ? 'test fallback' : null, extra: { ply: view.ply } };
        },
      }),
    };
    try {
      const results: unknown[] = [];
      for (const concurrency of [1, 4]) {
        const cfg = config(`async${concurrency}.yaml`, {
          games: [join(EX, 'kuhn.gbg')],
          participants: [{ kind: 'test-async' }, { kind: 'heuristic' }],
          runs: 6,
          seed: 3,
          concurrency,
          store: `async${concurrency}.db`,
        });
        const r = await runCli(['tournament', cfg]);
        expect(r.code, r.stderr).toBe(0);
        results.push(rowsOf(join(tmp, `async${concurrency}.db`)));
      }
      expect(results[1]).toEqual(results[0]);
      const s = RunStore.openReadOnly(join(tmp, 'async4.db'));
      const fb = s.db.prepare('SELECT SUM(fallbacks0 + fallbacks1) FROM slots').pluck().get();
      // Ply 0 is the first seat's: the async agent sits first in one slot of each of the 6 runs.
      expect(fb).toBe(6);
      const extra = s.db.prepare('SELECT extra, fallback FROM moves WHERE ply = 0 AND fallback IS NOT NULL LIMIT 1').get() as {
        extra: string;
        fallback: string;
      };
      expect(JSON.parse(extra.extra)).toEqual({ ply: 0 });
      expect(extra.fallback).toBe('test fallback');
      s.close();
    } finally {
      delete AGENTS['test-async'];
    }
  });
});
