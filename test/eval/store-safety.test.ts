/**
 * The run store under conditions users cause: two writers at once (the second stops naming the
 * first, the slots are played once), a writer lease left by a killed process (taken over with a
 * notice), an empty file where the store should be, and a full disk (a 1 MB tmpfs), a read-only
 * store and a damaged page for tournament, records, analyze, report and view: exit 1 with one line
 * naming the cause, never 70. The 50 kill -9s of creation and play are in store-kill.test.ts.
 */
import Database from 'better-sqlite3';
import { spawnSync } from 'node:child_process';
import { closeSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, writeFileSync, writeSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { botConfig, referenceRows, sleep, slotRows, startTournament } from '../support/store-runs.js';
import { RunStore } from '../../src/eval/store/index.js';
import { ensureBuilt, doneSlots } from '../support/kill-resume.js';
import { runCli } from '../cli/run-cli.js';

const tmp = mkdtempSync(join(tmpdir(), 'gbgc-store-safety-'));
const config = (name: string, runs: number): string => botConfig(tmp, name, runs);
const start = startTournament;
const rows = slotRows;
const reference = referenceRows;

beforeAll(() => ensureBuilt());

describe('one writer per store', () => {
  it('two tournaments on one store: the second exits 1 naming the first; every slot is played once', async () => {
    const cfg = config('two', 500);
    const db = join(tmp, 'two.db');
    const a = start([cfg, '--store', db, '--json']);
    while (doneSlots(db) === 0) await sleep(10);
    // The first writer is paused (alive, holding the store) while the second starts.
    a.child.kill('SIGSTOP');
    const b = start([cfg, '--store', db]);
    const rb = await b.done;
    a.child.kill('SIGCONT');
    const ra = await a.done;
    expect(rb.code, rb.stderr).toBe(1);
    expect(rb.stderr).toMatch(new RegExp(`another gbgc is writing this store \\(pid ${a.child.pid} on ${hostname()}`));
    expect(rb.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(ra.code, ra.stderr).toBe(0);
    const report = JSON.parse(ra.stdout) as { total: number; played: number; alreadyDone: number };
    // The first played the whole plan, the second none of it.
    expect(report).toMatchObject({ total: 2000, played: 2000, alreadyDone: 0 });
    expect(rows(db)).toHaveLength(2000);
    // The lease is released when the writer ends.
    const d = new Database(db, { readonly: true });
    expect(d.prepare("SELECT value FROM meta WHERE key = 'writer'").get()).toBeUndefined();
    d.close();
  });

  it('a lease left by a process that no longer runs, or by another host without a heartbeat for 60 s, is taken over with a notice; a live one is refused', async () => {
    const cfg = config('stale', 5);
    const db = join(tmp, 'stale.db');
    const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
    const deadPid = Number(dead.stdout);
    RunStore.open(db).close();
    const d = new Database(db);
    d.prepare("INSERT OR REPLACE INTO meta (key, value) VALUES ('writer', ?)").run(
      JSON.stringify({ pid: deadPid, host: hostname(), since: '2026-01-01T00:00:00.000Z', heartbeat: 0 }),
    );
    d.close();
    const r = await runCli(['tournament', cfg, '--store', db]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain(`took over the writer lease of pid ${deadPid} on ${hostname()}, since 2026-01-01T00:00:00.000Z (that process no longer runs)`);
    // Another host's lease with a fresh heartbeat is live; with an old one it is stale.
    const e = new Database(db);
    e.prepare("INSERT OR REPLACE INTO meta (key, value) VALUES ('writer', ?)").run(
      JSON.stringify({ pid: 1, host: 'elsewhere', since: 'x', heartbeat: Date.now() }),
    );
    e.close();
    const live = await runCli(['tournament', cfg, '--store', db]);
    expect(live.code).toBe(1);
    expect(live.stderr).toContain('another gbgc is writing this store (pid 1 on elsewhere, since x)');
    const f = new Database(db);
    f.prepare("INSERT OR REPLACE INTO meta (key, value) VALUES ('writer', ?)").run(
      JSON.stringify({ pid: 1, host: 'elsewhere', since: 'x', heartbeat: Date.now() - 120_000 }),
    );
    f.close();
    const old = await runCli(['tournament', cfg, '--store', db]);
    expect(old.code, old.stderr).toBe(0);
    expect(old.stderr).toMatch(/took over the writer lease of pid 1 on elsewhere, since x \(its last heartbeat was 12\d s ago\)/);
  });

  it('an empty (0-byte) file where the store should be is created afresh; readers say it is empty (exit 1)', async () => {
    const cfg = config('empty', 5);
    const db = join(tmp, 'empty.db');
    writeFileSync(db, '');
    for (const args of [
      ['records', 'summary', db],
      ['analyze', db],
      ['view', db, '--slot', '0'],
    ]) {
      const r = await runCli(args);
      expect(r.code, args.join(' ')).toBe(1);
    }
    expect((await runCli(['records', 'summary', db])).stderr).toContain('an empty file (0 bytes), not a run store yet');
    const r = await runCli(['tournament', cfg, '--store', db]);
    expect(r.code, r.stderr).toBe(0);
    expect(rows(db)).toHaveLength(20);
  });
});

/** Whether this process may mount file systems (root on Linux): the full-disk and read-only cases need a mount. */
const canMount = process.platform === 'linux' && process.getuid?.() === 0;

describe.runIf(canMount)('full disk, read-only store and damaged page', () => {
  const full = join(tmp, 'full');
  const ro = join(tmp, 'ro');
  const mounted: string[] = [];
  let store = '';
  afterAll(() => {
    for (const m of mounted.reverse()) spawnSync('umount', [m]);
  });
  beforeAll(async () => {
    store = join(tmp, 'good.db');
    await reference(config('good', 50), store);
    mkdirSync(full);
    mkdirSync(ro);
    expect(spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', full]).status).toBe(0);
    mounted.push(full);
    copyFileSync(store, join(ro, 'ro.db'));
    expect(spawnSync('mount', ['--bind', ro, ro]).status).toBe(0);
    mounted.push(ro);
    expect(spawnSync('mount', ['-o', 'remount,bind,ro', ro]).status).toBe(0);
  });

  /** One line, exit 1, and the cause named. */
  const refused = (r: { code: number; stderr: string }, cause: RegExp, what: string): void => {
    expect(r.code, `${what}: ${r.stderr}`).toBe(1);
    expect(r.stderr.trimEnd().split('\n'), what).toHaveLength(1);
    expect(r.stderr, what).toMatch(cause);
  };

  it('a tournament whose store fills the disk stops with exit 1, keeps its slots, and resumes elsewhere', async () => {
    const cfg = config('fill', 1200);
    const db = join(full, 'fill.db');
    const r = await runCli(['tournament', cfg, '--store', db]);
    refused(r, /fill\.db: the disk is full .*rerun the same command to resume/, 'tournament');
    const kept = doneSlots(db);
    expect(kept).toBeLessThan(4800);
    // Readers of the full store still work.
    expect((await runCli(['records', 'summary', db])).code).toBe(0);
    // Outputs onto the full disk: one line each, no partial report.
    // The store moved to a disk with room (with its write-ahead log) resumes there.
    const big = join(tmp, 'fill-copy.db');
    copyFileSync(db, big);
    if (existsSync(`${db}-wal`)) copyFileSync(`${db}-wal`, `${big}-wal`);
    // Fill what is left of the disk.
    const filler = openSync(join(full, 'filler'), 'w');
    try {
      for (;;) writeSync(filler, Buffer.alloc(4096));
    } catch {
      // full
    } finally {
      closeSync(filler);
    }
    refused(await runCli(['records', 'export', store, '--csv', '-o', join(full, 'x.csv')]), /no space left/, 'records export');
    refused(await runCli(['analyze', store, '-B', '20', '--secondary', '10', '--out', join(full, 'e.json')]), /no space left/, 'analyze');
    refused(await runCli(['report', store, '-B', '20', '--secondary', '10', '--out', join(full, 'report')]), /no space left|disk is full/, 'report');
    expect(existsSync(join(full, 'report'))).toBe(false);
    const slot = (rows(store)[0] as { id: string }).id;
    refused(await runCli(['view', store, '--slot', slot, '-o', join(full, 'v.html')]), /no space left/, 'view');
    // A game played with --record onto the full disk is kept in the temporary folder.
    const played = await runCli(['play', 'examples/kuhn.gbg', '--seed', '3', '--record', join(full, 'hand.json')], 'bet\ncall\n');
    refused(
      played,
      /cannot write .*hand\.json: no space left on the device; the record of this game is kept: it was written to .*gbgc-record-.*\.json instead/,
      'play --record',
    );
    const spare = /written to (\S+\.json) instead/.exec(played.stderr)![1];
    expect(JSON.parse(readFileSync(spare, 'utf8')).history.length).toBeGreaterThan(0);
    const done = await runCli(['tournament', cfg, '--store', big]);
    expect(done.code, done.stderr).toBe(0);
    expect(done.stdout).toContain(`${kept} already in the store`);
    expect(rows(big)).toHaveLength(4800);
  });

  it('a read-only store: exit 1 naming it, for tournament, records, analyze, report and view', async () => {
    const db = join(ro, 'ro.db');
    const slot = (rows(store)[0] as { id: string }).id;
    refused(await runCli(['tournament', config('good', 50), '--store', db]), /ro\.db: .*read-only/, 'tournament');
    for (const args of [
      ['records', 'summary', db],
      ['records', 'export', db, '--csv'],
      ['analyze', db],
      ['report', db, '--out', join(tmp, 'ro-report')],
      ['view', db, '--slot', slot],
    ]) {
      refused(await runCli(args), /ro\.db: .*read-only/, args.join(' '));
    }
  });

  it('a damaged page: exit 1 suggesting PRAGMA integrity_check and the recovery, for tournament, records, analyze, report and view', async () => {
    const db = join(tmp, 'damaged.db');
    copyFileSync(store, db);
    const fd = openSync(db, 'r+');
    for (let page = 1; page < 12; page++) writeSync(fd, Buffer.alloc(200, 0x17), 0, 200, 16384 * page + 8);
    closeSync(fd);
    const slot = (rows(store)[0] as { id: string }).id;
    for (const args of [
      ['tournament', config('good', 50), '--store', db],
      ['records', 'summary', db],
      ['records', 'export', db, '--jsonl', '--table', 'moves'],
      ['analyze', db],
      ['report', db, '--out', join(tmp, 'damaged-report')],
      ['view', db, '--slot', slot],
    ]) {
      refused(await runCli(args), /damaged\.db: the store is damaged .*PRAGMA integrity_check.*\.recover/, args.join(' '));
    }
  });
});
