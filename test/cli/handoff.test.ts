/**
 * The evaluation commands chained as a user chains them: `pool` → `axes` → `select --out` →
 * a tournament config whose `games: {selection: …}` names the selection file from another folder.
 */
import Database from 'better-sqlite3';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from './run-cli.js';

const tmp = mkdtempSync(join(tmpdir(), 'gbgc-handoff-'));

describe('pool → axes → select → tournament', () => {
  it('select --out is read by games: {selection} with files, seeds and complexities carried; --plots makes its folder', async () => {
    const pool = join(tmp, 'pool');
    expect((await runCli(['pool', '--count', '4', '--complexity', '0..0.2', '--seed', '3', '--out', pool, '--workers', '1'])).code).toBe(0);
    const axes = join(tmp, 'axes.jsonl');
    expect((await runCli(['axes', pool, '--out', axes, '--jobs', '1'])).code).toBe(0);
    mkdirSync(join(tmp, 'sel'));
    const selFile = join(tmp, 'sel', 'selection.json');
    const figs = join(tmp, 'figs', 'new');
    const s = await runCli(['select', '--pool', pool, '--axes', axes, '--n', '2', '--out', selFile, '--plots', figs]);
    expect(s.stderr).toBe('');
    expect(s.code).toBe(0);
    expect(existsSync(join(figs, 'scatter.svg'))).toBe(true);
    const sel = JSON.parse(readFileSync(selFile, 'utf8'));
    const index = readFileSync(join(pool, 'index.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(sel.games).toHaveLength(2);
    for (const g of sel.games) {
      // relative to the selection file's folder, and the pool's own record of the game
      expect(g.file.startsWith('../pool/')).toBe(true);
      const e = index.find((x) => x.slot === g.slot);
      expect(resolve(tmp, 'sel', g.file)).toBe(resolve(pool, e.file));
      expect([g.seed, g.complexity, g.rulesetHash]).toEqual([e.seed, e.complexity, e.rulesetHash]);
    }
    // The config lives in a third folder.
    mkdirSync(join(tmp, 'cfg'));
    const config = join(tmp, 'cfg', 't.yaml');
    writeFileSync(config, 'games: {selection: ../sel/selection.json}\nparticipants:\n  - kind: random\n  - kind: heuristic\nruns: 1\nstore: runs.db\n');
    const t = await runCli(['tournament', config, '--json']);
    expect(t.stderr).toBe('');
    expect(t.code).toBe(0);
    expect(JSON.parse(t.stdout).total).toBe(2 * 2);
    const db = new Database(join(tmp, 'cfg', 'runs.db'), { readonly: true });
    const games = db.prepare('SELECT ruleset_hash, path FROM games').all() as { ruleset_hash: string; path: string }[];
    const origins = JSON.parse((db.prepare("SELECT value FROM meta WHERE key = 'gameOrigins'").pluck().get() as string) ?? '{}');
    db.close();
    expect(games.map((g) => g.ruleset_hash).sort()).toEqual(sel.games.map((g: { rulesetHash: string }) => g.rulesetHash).sort());
    for (const g of sel.games) {
      expect(games.find((x) => x.ruleset_hash === g.rulesetHash)!.path).toBe(join('..', 'pool', g.file.slice('../pool/'.length)));
      expect(origins[g.rulesetHash]).toEqual({ seed: g.seed, complexity: g.complexity, slot: g.slot });
    }
  }, 60_000);

  it('a selection file of the older format gets a clear error naming the fix', async () => {
    const old = join(tmp, 'old.json');
    writeFileSync(old, JSON.stringify({ pool: 'pool', chosen: [{ slot: 0, seed: 1, file: 'game-0.gbg' }] }));
    const config = join(tmp, 'old.yaml');
    writeFileSync(config, 'games: {selection: old.json}\nparticipants: [{kind: random}, {kind: heuristic}]\n');
    const r = await runCli(['tournament', config]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/older gbgc select; run gbgc select --out again/);
  });
});
