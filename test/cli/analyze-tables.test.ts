/**
 * The table section as a user chains the commands: a tournament of six-hand matches of short-stack
 * hold'em among the table bots, then `gbgc analyze` (text, --json validated by its schema, --out) and
 * `gbgc report` on its store: bb/100 per participant equal to the estimator on the store's own hands,
 * the hands, blocks and matches counted, the pairwise differences, and the expanded interval.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { runCli } from './run-cli.js';
import { TABLE_ESTIMATES_SCHEMA } from '../../src/eval/stats/schema.js';
import { readHands, readSlots } from '../../src/eval/store/index.js';
import { tableStats, type HandRow } from '../../src/eval/stats/table.js';

const tmp = mkdtempSync(join(tmpdir(), 'gbgc-analyze-tables-'));
const cfg = join(tmp, 't.json');
writeFileSync(
  cfg,
  JSON.stringify({
    games: [resolve('examples/nlhe-short.gbg')],
    participants: [{ kind: 'always-fold' }, { kind: 'check-fold' }, { kind: 'heuristic' }],
    runs: 4,
    seed: 3,
    hands_per_match: 6,
    stacks: 'reset',
    store: 't.db',
  }),
);
const db = join(tmp, 't.db');

describe('gbgc analyze and report on a store of six-hand matches', () => {
  it('prints and writes the table section: bb/100 with block intervals, hands, blocks, matches, pairwise differences', async () => {
    const played = await runCli(['tournament', cfg, '--json']);
    expect(played.code, played.stderr).toBe(0);
    // 3 pairs × 4 runs × 2 seat orders = 24 matches of 6 hands; a block is a (game, play seed): 4 runs.
    const out = join(tmp, 'est.json');
    const r = await runCli(['analyze', db, '-B', '300', '--json', '--out', out]);
    expect(r.code, r.stderr).toBe(0);
    const e = JSON.parse(readFileSync(out, 'utf8'));
    expect(JSON.parse(r.stdout)).toEqual(e);
    const validate = new Ajv({ allErrors: true }).compile(TABLE_ESTIMATES_SCHEMA);
    expect(validate(e), JSON.stringify(validate.errors)).toBe(true);
    expect(e.format).toBe('gbgc-table-estimates/1');
    expect(e.tables).toMatchObject({ records: 288, hands: 144, matches: 24, blocks: 4, seats: 2, B: 300, seed: 1, interval: 'percentile' });
    expect(e.tables.differences).toHaveLength(3);

    // The same numbers from the store's hands, read slot by slot, through the estimator.
    const stored = readSlots(db);
    const rows: HandRow[] = stored.slots.flatMap((s) =>
      readHands(db, s.id).flatMap((h) =>
        h.seats.map((participant, seat) => ({
          block: `${s.game}:${s.play_seed}`,
          match: s.id,
          hand: h.hand,
          participant,
          seat,
          chipsWon: h.returns[seat],
          bigBlind: 2,
        })),
      ),
    );
    const names = Object.fromEntries(stored.participants.map((p) => [p.id, p.name]));
    expect(e.tables).toEqual(JSON.parse(JSON.stringify(tableStats(rows, { B: 300, seed: 1, names }))));
    // always-fold never calls: its chips per hand are at least minus the big blind.
    const fold = e.tables.rows.find((x: { name: string }) => x.name === 'always-fold');
    expect(fold.chipsPerHand).toBeGreaterThanOrEqual(-2);
    expect(fold.hands).toBe(96);

    const text = await runCli(['analyze', db, '-B', '300']);
    expect(text.code).toBe(0);
    expect(text.stdout).toContain('24 matches, 3 participants, 1 game(s)');
    expect(text.stdout).toContain('tables     3 participants, 144 hands of 2 seats (288 seat-hands) in 24 matches, 4 blocks (the statistical unit)');
    expect(text.stdout).toMatch(/differences \d of 3 pairs have a 95 % interval of the bb\/100 difference excluding 0/);
    expect(text.stdout).toContain('warning: only 4 blocks');
    const signed = (x: number) => `${x >= 0 ? '+' : '-'}${Math.abs(x).toFixed(2)}`;
    for (const row of e.tables.rows) expect(text.stdout).toContain(`${row.name.padEnd(11)}  ${signed(row.bb100).padStart(9)}`);

    const wide = JSON.parse((await runCli(['analyze', db, '-B', '300', '--json', '--table-interval', 'expanded'])).stdout);
    expect(wide.tables.interval).toBe('expanded');
    expect(wide.tables.rows.map((x: { bb100: number }) => x.bb100)).toEqual(e.tables.rows.map((x: { bb100: number }) => x.bb100));
    const bad = await runCli(['analyze', db, '--table-interval', 'bca']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("--table-interval must be one of percentile, expanded, got 'bca'");

    const rep = join(tmp, 'report');
    const w = await runCli(['report', db, '--out', rep, '-B', '300']);
    expect(w.code, w.stderr).toBe(0);
    const html = readFileSync(join(rep, 'index.html'), 'utf8');
    expect(html).toContain('<section id="tables">');
    expect(html).toContain('144 hands of 2 seats (288 seat-hands) in 24 matches, 4 blocks');
    for (const row of e.tables.rows) expect(html).toContain(`<tr data-participant="${row.participant}"><td>${row.rank}</td>`);
    expect(JSON.parse(readFileSync(join(rep, 'estimates.json'), 'utf8'))).toEqual(e);
  });
});
