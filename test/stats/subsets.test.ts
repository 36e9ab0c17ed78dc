/**
 * Refits on part of a tournament: `gbgc analyze --exclude-participant` gives exactly the estimates of
 * a store that never had the participant, and `--games` those of a store with only those games —
 * every store built by playing tournaments, as a user would.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../cli/run-cli.js';

const tmp = mkdtempSync(join(tmpdir(), 'gbgc-subsets-'));
const KUHN = resolve('examples/kuhn.gbg');
const LEDUC = resolve('examples/leduc.gbg');
const BASE = [{ kind: 'random' }, { kind: 'heuristic' }, { kind: 'l1' }];
const LOOSE = { kind: 'heuristic', name: 'loose', raise: 0.95, fold: 0.05, bluff: 0.4 };

async function play(name: string, games: string[], participants: object[]): Promise<string> {
  const cfg = join(tmp, `${name}.json`);
  writeFileSync(cfg, JSON.stringify({ games, participants, runs: 30, seed: 11, store: `${name}.db` }));
  const r = await runCli(['tournament', cfg, '--json']);
  expect(r.code).toBe(0);
  return join(tmp, `${name}.db`);
}

async function estimates(args: string[]) {
  const r = await runCli(['analyze', ...args, '--json', '-B', '300', '--secondary', '30']);
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  return JSON.parse(r.stdout);
}

const board = (e: { leaderboard: { participant: string; alpha: number; ci: { lo: number; hi: number }; slots: number }[] }) =>
  Object.fromEntries(e.leaderboard.map((r) => [r.participant, r]));

describe('analyze on part of a tournament', () => {
  it('--exclude-participant equals a tournament that never had the participant; --games one with only those games', async () => {
    const full = await play('full', [KUHN, LEDUC], [...BASE, LOOSE]);
    const without = await play('without', [KUHN, LEDUC], BASE);
    const kuhnOnly = await play('kuhn', [KUHN], BASE);

    const a = await estimates([full, '--exclude-participant', 'loose']);
    const b = await estimates([without]);
    expect(a.meta.filter.excludedParticipants).toHaveLength(1);
    expect(a.meta.filter.slotsKept).toBe(b.meta.slots);
    expect(a.meta.filter.slotsBefore).toBe(2 * 6 * 30 * 2);
    const ba = board(a);
    const bb = board(b);
    expect(Object.keys(ba).sort()).toEqual(Object.keys(bb).sort());
    for (const id of Object.keys(bb)) {
      expect(Math.abs(ba[id].alpha - bb[id].alpha)).toBeLessThan(1e-12);
      expect(ba[id].slots).toBe(bb[id].slots);
      // Same clusters in the same order: the same bootstrap, so the same intervals.
      expect(ba[id].ci.lo).toBeCloseTo(bb[id].ci.lo, 12);
      expect(ba[id].ci.hi).toBeCloseTo(bb[id].ci.hi, 12);
    }
    // The excluded participant changes the fit when kept.
    const kept = board(await estimates([full]));
    expect(Object.keys(kept)).toHaveLength(4);

    const c = await estimates([full, '--exclude-participant', 'loose', '--games', KUHN]);
    const d = await estimates([kuhnOnly]);
    expect(c.meta.games).toEqual(d.meta.games);
    for (const r of d.leaderboard) expect(Math.abs(board(c)[r.participant].alpha - r.alpha)).toBeLessThan(1e-12);

    // Bad input: unknown participant or a game the store does not hold.
    const bad = await runCli(['analyze', full, '--exclude-participant', 'nobody']);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/no participant of the store is named 'nobody'/);
    const other = join(tmp, 'other.gbg');
    writeFileSync(other, (await import('node:fs')).readFileSync(KUHN, 'utf8').replace('ante 1 each', 'ante 2 each'));
    const missing = await runCli(['analyze', full, '--games', other]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/has no finished slots/);
    expect((await runCli(['analyze', full, '--set', 'v3'])).code).toBe(2);
  }, 60_000);
});
