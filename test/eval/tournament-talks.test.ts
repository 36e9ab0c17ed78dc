/**
 * A tournament that talks and plays every game: a line per agent preparation, cfr falling back to
 * MCCFR above its node budget (recorded in the slots' notes), cfr policies and l1 tables cached
 * next to the store, and SIGINT stopping at a slot boundary with "N of M slots stored".
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { RunStore } from '../../src/eval/store/store.js';
import { runCli } from '../cli/run-cli.js';
import { doneSlots, ensureBuilt } from '../support/kill-resume.js';

const tmp = mkdtempSync(join(tmpdir(), 'gbgc-talks-'));
const EX = join(import.meta.dirname, '..', '..', 'examples');
const ROOT = join(import.meta.dirname, '..', '..');

describe('tournament agents', () => {
  it('cfr plays a game above maxNodes by MCCFR, says so per preparation and in the notes; a rerun reads the caches', async () => {
    const config = join(tmp, 'fallback.yaml');
    // Leduc has 9,457 histories: above maxNodes 1,000 (refused from the estimate), exact for Kuhn.
    writeFileSync(
      config,
      `games: [${join(EX, 'kuhn.gbg')}, ${join(EX, 'leduc.gbg')}]\nparticipants:\n  - kind: random\n  - kind: l1\n  - kind: cfr\n    maxNodes: 1000\n    iterations: 50\n    mccfrIterations: 100\nruns: 1\nstore: fb.db\n`,
    );
    const r = await runCli(['tournament', config]);
    expect(r.code).toBe(0);
    const lines = r.stderr.trim().split('\n');
    expect(lines).toContain(`agents 3/6: cfr on ${join(EX, 'kuhn.gbg')}: CFR+, 50 iterations on the whole tree (at most 1,000 nodes)…`);
    expect(
      lines.find((l) => l.startsWith(`agents 6/6: cfr on ${join(EX, 'leduc.gbg')}: MCCFR (external sampling), 100 iterations: tree estimated at `)),
    ).toMatch(/histories, above maxNodes 1,000…$/);
    expect(lines.find((l) => l.startsWith('agents 6/6: cfr') && l.includes('done in'))).toMatch(
      /\(mccfr, 100 iterations, [\d,]+ information states, tree estimated at [\d,]+ histories, above maxNodes 1,000\)$/,
    );
    expect(lines.at(-1)).toMatch(/^agents ready: 6 \(4 computed in [\d.]+ s, 0 from the cache\)$/);
    const store = RunStore.openReadOnly(join(tmp, 'fb.db'));
    const games = Object.fromEntries(store.games().map((g) => [g.ruleset_hash, g.name]));
    const cfrId = store.participants().find((p) => p.name === 'cfr')!.id;
    const notes = new Map<string, unknown>();
    for (const s of store.slots()) {
      const n = JSON.parse(s.notes ?? '[null, null]') as unknown[];
      const seat = s.seat0 === cfrId ? 0 : s.seat1 === cfrId ? 1 : -1;
      if (seat >= 0) notes.set(games[s.game], n[seat]);
      expect(s.status).toBe('done');
    }
    store.close();
    expect(notes.get('Kuhn poker')).toMatchObject({ method: 'cfr+', iterations: 50, infoStates: 12 });
    expect(notes.get("Leduc hold'em")).toMatchObject({ method: 'mccfr', sampling: 'external', iterations: 100, unreached: 'uniform' });
    expect(readdirSync(join(tmp, '.gbgc-cache')).filter((f) => /^(cfr|l1)-[0-9a-f]{64}-[0-9a-f]{16}\.json\.gz$/.test(f))).toHaveLength(4);
    // A second store of the same participants reads every policy and table from the cache.
    const again = await runCli(['tournament', config, '--store', join(tmp, 'fb2.db')]);
    expect(again.code).toBe(0);
    expect(again.stderr).not.toMatch(/done in/);
    expect(again.stderr).toMatch(/agents 6\/6: cfr on .*leduc\.gbg: from the cache \(mccfr, 100 iterations/);
    expect(again.stderr.trim().split('\n').at(-1)).toBe('agents ready: 6 (0 computed in 0.0 s, 4 from the cache)');
    const rows = (db: string) => {
      const s = RunStore.openReadOnly(db);
      try {
        return s.slots().map((x) => [x.id, x.return0, x.notes]);
      } finally {
        s.close();
      }
    };
    expect(rows(join(tmp, 'fb2.db'))).toEqual(rows(join(tmp, 'fb.db')));
  }, 60_000);
});

describe('tournament agents without a cache', () => {
  it('a cache that cannot be written is a warning naming the agent; the tournament plays on', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gbgc-talks-nocache-'));
    writeFileSync(join(dir, '.gbgc-cache'), 'a file where the cache folder would be');
    const config = join(dir, 't.yaml');
    writeFileSync(config, `games: [${join(EX, 'kuhn.gbg')}]\nparticipants: [{kind: random}, {kind: cfr, iterations: 20}]\nruns: 1\n`);
    const r = await runCli(['tournament', config]);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(
      new RegExp(`^gbgc: warning: agents 2/2: cfr on .*kuhn\\.gbg: the policy could not be cached \\(.+\\); a rerun computes it again$`, 'm'),
    );
  });
});

describe('tournament interrupted', () => {
  beforeAll(() => ensureBuilt(), 300_000);

  it('SIGINT stops at a slot boundary: exit 130 and "N of M slots stored; rerun to resume" with the stored count', async () => {
    const config = join(tmp, 'long.yaml');
    writeFileSync(config, `games: [${join(EX, 'kuhn.gbg')}]\nparticipants: [{kind: random}, {kind: heuristic}]\nruns: 50000\nstore: long.db\n`);
    const db = join(tmp, 'long.db');
    const child = spawn(process.execPath, [join(ROOT, 'bin', 'gbgc.js'), 'tournament', config], { cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    const exited = new Promise<number | null>((res) => child.on('exit', (code) => res(code)));
    while (doneSlots(db) === 0) await new Promise((r) => setTimeout(r, 20));
    child.kill('SIGINT');
    expect(await exited).toBe(130);
    const m = stderr.match(/^gbgc: interrupted: ([\d,]+) of 100,000 slots stored; rerun to resume \(gbgc tournament .*long\.yaml\)$/m);
    expect(m).not.toBeNull();
    expect(Number(m![1].replace(/,/g, ''))).toBe(doneSlots(db));
    expect(doneSlots(db)).toBeLessThan(100_000);
  }, 120_000);
});
