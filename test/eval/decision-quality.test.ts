/**
 * Decision quality in `gbgc analyze`: EV loss and agreement per participant against the CFR+
 * reference of a two-seat game, beside the results. A Kuhn store written by hand holds decisions
 * whose values are known without a solver (facing a bet of 1 after an ante of 1: the jack calls for
 * −2 and folds for −1, the king calls for +2 and folds for −1), one decision whose information state
 * the reference does not know (missing, never zero), and a game over the node budget (no reference:
 * every decision uncovered). Then a real tournament chained into analyze.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { runCli } from '../cli/run-cli.js';
import { compileSource } from '../../src/compiler/index.js';
import { RunStore, type MoveRecord, type SlotRecord } from '../../src/eval/store/store.js';
import { obsDigest } from '../../src/eval/match/play.js';
import { ESTIMATES_SCHEMA } from '../../src/eval/stats/schema.js';

const tmp = mkdtempSync(join(tmpdir(), 'gbgc-dq-'));
const source = readFileSync('examples/kuhn.gbg', 'utf8');
const hash = compileSource(source).rulesetHash!;
// Information-state keys of Kuhn (J = card 0, Q = 1, K = 2): seat 0 opening, seat 1 facing a bet.
const opening = (card: number) => `0/P0/S0/D0>1:${card}/D0>2/P1/4.0.1/4.1.1/P2`;
const facingBet = (card: number) => `1/P0/S0/D0>1/D0>2:${card}/P1/4.0.1/4.1.1/P2/8.0.1`;

function move(ply: number, seat: number, key: string | null, label: string): MoveRecord {
  return { ply, seat, obsDigest: key === null ? '0123456789abcdef' : obsDigest(key), action: 0, label, fallback: null, latencyMs: 1, extra: null };
}

function slot(id: string, seq: number, seed: number, seat0: string, seat1: string, returns: [number, number]): SlotRecord {
  return {
    id,
    seq,
    game: hash,
    run: seq,
    slot: 0,
    seat0,
    seat1,
    play_seed: seed,
    status: 'done',
    return0: returns[0],
    return1: returns[1],
    moves0: 1,
    moves1: 1,
    fallbacks0: 0,
    fallbacks1: 0,
    wall_ms: 1,
    error: null,
    notes: null,
    finished_at: '2026-01-01T00:00:00.000Z',
  };
}

const db = join(tmp, 'hand.db');
{
  const store = RunStore.open(db);
  store.putGame({ ruleset_hash: hash, name: 'Kuhn poker', path: 'kuhn.gbg', source });
  store.putParticipant({ id: 'a'.repeat(16), name: 'caller', kind: 'random', config: '{}' });
  store.putParticipant({ id: 'b'.repeat(16), name: 'better', kind: 'random', config: '{}' });
  const A = 'a'.repeat(16);
  const B = 'b'.repeat(16);
  // Block 11: B opens with the queen and bets, A holds the jack and calls (loss (−1) − (−2) = 1).
  store.recordSlot(slot('s1', 0, 11, B, A, [2, -2]), [move(0, 0, opening(1), 'bet'), move(1, 1, facingBet(0), 'call')]);
  // Block 12: B bets the queen, A holds the king and calls (the best action: loss 0).
  store.recordSlot(slot('s2', 1, 12, B, A, [-2, 2]), [move(0, 0, opening(1), 'bet'), move(1, 1, facingBet(2), 'call')]);
  // Block 13: A's decision at a state the reference does not know: missing, not zero.
  store.recordSlot(slot('s3', 2, 13, B, A, [1, -1]), [move(0, 0, opening(1), 'bet'), move(1, 1, null, 'fold')]);
  store.close();
}

describe('decision quality in gbgc analyze', () => {
  it('hand-computed EV loss and agreement, covered / total decisions and blocks, beside the results', async () => {
    const r = await runCli(['analyze', db, '-B', '400', '--secondary', '50', '--json']);
    expect(r.code, r.stderr).toBe(0);
    const e = JSON.parse(r.stdout);
    const validate = new Ajv({ strict: false }).compile(ESTIMATES_SCHEMA);
    expect(validate(e), JSON.stringify(validate.errors)).toBe(true);
    const dq = e.decisionQuality;
    expect(dq.references).toEqual([expect.objectContaining({ game: hash, reference: 'CFR+ 1000 iterations, average profile', reason: null })]);
    const caller = dq.rows.find((x: { name: string }) => x.name === 'caller');
    // Losses 1 and 0 over two covered decisions of three; one best action of two.
    expect(caller).toMatchObject({ decisions: 3, covered: 2, agreement: 0.5, blocks: 2 });
    expect(caller.meanLoss).toBeCloseTo(0.5, 9);
    // Two blocks (loss 1, loss 0): a resample draws mean 0, 0.5 or 1.
    expect(caller.meanLossCi.lo).toBeCloseTo(0, 9);
    expect(caller.meanLossCi.hi).toBeCloseTo(1, 9);
    const better = dq.rows.find((x: { name: string }) => x.name === 'better');
    expect(better).toMatchObject({ decisions: 3, covered: 3, blocks: 3 });

    const text = await runCli(['analyze', db, '-B', '400', '--secondary', '50']);
    expect(text.code, text.stderr).toBe(0);
    const lines = text.stdout.split('\n');
    const head = lines.findIndex((l) => l.startsWith('decision quality'));
    expect(head).toBeGreaterThan(lines.findIndex((l) => l.includes('α̂')));
    expect(text.stdout).toContain('no combined score');
    expect(lines.find((l) => l.startsWith('caller'))).toMatch(/^caller\s+0\.5000\s+\[0\.0000, 1\.0000\]\s+50\.0%\s+\[0\.0%, 100\.0%\]\s+2 \/ 3\s+2$/);
  });

  it('a game over the node budget has no reference: every decision uncovered, the loss missing (null), never 0', async () => {
    const r = await runCli(['analyze', db, '-B', '100', '--secondary', '20', '--json', '--reference-nodes', '10']);
    expect(r.code, r.stderr).toBe(0);
    const dq = JSON.parse(r.stdout).decisionQuality;
    expect(dq.references[0]).toMatchObject({ reference: null, reason: expect.stringMatching(/node budget of 10/) });
    for (const row of dq.rows) expect(row).toMatchObject({ covered: 0, meanLoss: null, agreement: null, blocks: 0, meanLossCi: null });
    const off = await runCli(['analyze', db, '-B', '100', '--secondary', '20', '--json', '--no-decision-quality']);
    expect(JSON.parse(off.stdout).decisionQuality).toBeUndefined();
    const bad = await runCli(['analyze', db, '--reference-iterations', '0']);
    expect(bad.code).toBe(2);
  });

  it('tournament → analyze: the cfr participant agrees with its own reference, the random one loses chips per decision', async () => {
    const cfg = join(tmp, 'kuhn.json');
    writeFileSync(
      cfg,
      JSON.stringify({
        games: [resolve('examples/kuhn.gbg')],
        participants: [{ kind: 'random' }, { kind: 'cfr', iterations: 1000 }],
        runs: 20,
        seed: 5,
        store: 'kuhn.db',
      }),
    );
    const t = await runCli(['tournament', cfg, '--json']);
    expect(t.code, t.stderr).toBe(0);
    const r = await runCli(['analyze', join(tmp, 'kuhn.db'), '-B', '200', '--secondary', '20', '--json']);
    expect(r.code, r.stderr).toBe(0);
    const e = JSON.parse(r.stdout);
    const rows = e.decisionQuality.rows as { name: string; decisions: number; covered: number; meanLoss: number; blocks: number }[];
    expect(rows).toHaveLength(2);
    const cfr = rows.find((x) => x.name.startsWith('cfr'))!;
    const random = rows.find((x) => x.name.startsWith('random'))!;
    for (const x of rows) {
      expect(x.covered).toBe(x.decisions);
      expect(x.blocks).toBe(20);
    }
    expect(cfr.meanLoss).toBeLessThan(0.01);
    expect(random.meanLoss).toBeGreaterThan(0.1);
  });
});
